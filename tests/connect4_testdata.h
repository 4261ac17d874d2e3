/*
 * tests/connect4_testdata.h - how the solved Connect Four positions in
 * tests/data/connect4/ are chosen, so that the program that writes them
 * (connect4_testgen.c) and the test that checks them (test_connect4_data.c)
 * choose the same ones.
 */
#ifndef TOURNEY_TESTS_CONNECT4_TESTDATA_H
#define TOURNEY_TESTS_CONNECT4_TESTDATA_H

#include <stdint.h>

#include "connect4_solver.h"

/* One data file: positions with min_stones to max_stones stones. */
struct c4_difficulty {
    const char *file; /* under tests/data/connect4/ */
    int min_stones;
    int max_stones;
    int count;
    uint64_t seed;
};

#define C4_DIFFICULTY_COUNT 2
extern const struct c4_difficulty c4_difficulties[C4_DIFFICULTY_COUNT];

/* A move string of a position: up to one digit a cell and a terminator. */
typedef char c4_moves[C4_CELLS + 1];

/*
 * Chooses the positions of `d`, the same ones on every run and machine, into
 * moves[0 .. d->count - 1]. Each comes from a game played from the empty
 * board in which both players move at random among their quiet moves
 * (moves that neither win at once nor let the opponent win at once),
 * stopped at a number of stones drawn from the difficulty's range; a game
 * that runs out of quiet moves first is dropped. So no position is over and
 * in none can the player to move win at once. Positions are all different.
 */
void c4_choose_positions(const struct c4_difficulty *d, c4_moves *moves);

#endif /* TOURNEY_TESTS_CONNECT4_TESTDATA_H */
