/*
 * tests/support/connect4_testdata.h - how the solved Connect Four positions in
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

/*
 * The levels of Pascal Pons's benchmark (his test sets Test_L3_R1 to
 * Test_L1_R2), as he defines them: by the moves played (end: more than 28,
 * middle: 15 to 28, beginning: at most 14) and the moves that remain when
 * both sides play perfectly (easy: fewer than 14, medium: 14 to 27). Our own
 * positions: one random stream of candidates per stage of the game
 * (`stage`, shared by its levels), each sorted into the level its solved
 * value puts it in (connect4_testgen.c).
 */
struct c4_level {
    const char *file;
    int stage;     /* 0, 1, 2: the levels that share a stream of candidates */
    int min_moves; /* of the candidates */
    int max_moves;
    int min_remaining; /* of the level */
    int max_remaining;
    int count;
};

#define C4_LEVEL_COUNT 5
extern const struct c4_level c4_levels[C4_LEVEL_COUNT];
/* The seeds of the stages' streams. */
extern const uint64_t c4_stage_seeds[3];

/* The moves left in a game whose position, `stones` stones in, has the
 * score `score` (see connect4_solver.h): to the winning stone, or to the
 * full board for a draw. */
int c4_remaining(int stones, int score);

/* A move string of a position: up to one digit a cell and a terminator. */
typedef char c4_moves[C4_CELLS + 1];

/* xorshift64: the random stream of the positions, the same everywhere. */
uint64_t c4_next_random(uint64_t *x);

/* Plays one game from the empty board to `stones` stones, both players
 * moving at random among their quiet moves (see below), into `moves`.
 * Returns 0, or -1 when a player ran out of quiet moves first. */
int c4_play_quiet_game(uint64_t *rng, int stones, c4_moves moves);

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
