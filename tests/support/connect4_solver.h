/*
 * tests/support/connect4_solver.h - an exhaustive Connect Four solver for the
 * standard 7x6 board, written to be obviously right rather than fast: plain
 * negamax over the whole game tree, every position's exact score remembered
 * under a key that tells all positions apart. It knows nothing of the
 * plugin, which it checks. Good for positions near the end of a game, where
 * the tree that remains is small.
 *
 * Scores are those of Pascal Pons's test sets, for the player to move, with
 * perfect play that wins as soon and loses as late as it can:
 *   0 for a draw;
 *   (42 + 1 - n) / 2 when the player to move wins with its stone number
 *     n + 1 of the game (n stones on the board before it), rounded down:
 *     1 for a win with one's last stone, 2 with the one before, ...;
 *   the opposite, negative, when the opponent wins.
 */
#ifndef TOURNEY_TESTS_CONNECT4_SOLVER_H
#define TOURNEY_TESTS_CONNECT4_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#define C4_WIDTH 7
#define C4_HEIGHT 6
#define C4_CELLS (C4_WIDTH * C4_HEIGHT)

/* A position on an array: who is where, and whether the last move made four. */
struct c4_board {
    int ply; /* stones on the board; x (1) moves at even plies, o (2) at odd */
    int last_move_won;
    uint8_t height[C4_WIDTH];
    uint8_t cell[C4_WIDTH][C4_HEIGHT]; /* 0 empty, 1 x, 2 o; row 0 at the bottom */
};

/* The exact scores found so far, by position key. */
struct c4_solver {
    uint64_t *keys; /* key + 1 per slot, 0 for a free one */
    int8_t *scores;
    size_t capacity;
    size_t count;
    uint64_t nodes; /* positions visited, for the curious */
};

void c4_board_init(struct c4_board *b);

/* Whether column c (0-based) has room and the game is still on. */
int c4_board_can_play(const struct c4_board *b, int c);

void c4_board_play(struct c4_board *b, int c);
void c4_board_unplay(struct c4_board *b, int c);

/* Plays a move string ("4453": columns from 1, one digit each) from the
 * empty board. Returns 0, or -1 for a bad digit, a full column or a move
 * after the game was won. */
int c4_board_read(struct c4_board *b, const char *moves);

/* A number that differs for every two different positions: each column's
 * height and colours, 9 bits a column. */
uint64_t c4_board_key(const struct c4_board *b);

/* Returns 0, or -1 when out of memory. */
int c4_solver_init(struct c4_solver *s);
void c4_solver_finish(struct c4_solver *s);

/* The score of `b`, which must not be over. Returns 0 and stores it in
 * *score, or -1 when out of memory. */
int c4_solve(struct c4_solver *s, struct c4_board *b, int *score);

/* The same, looking only `depth` plies ahead: a position not won or lost by
 * then counts as a draw. A score other than 0 is then exact (a forced win
 * or loss within the depth is seen, and one seen is real), and 0 says the
 * game is not decided within `depth` plies. Positions are remembered by key
 * alone, which is right because in one search from one position every
 * position lies at one depth: give each position a fresh solver. */
int c4_solve_within(struct c4_solver *s, struct c4_board *b, int depth, int *score);

#endif /* TOURNEY_TESTS_CONNECT4_SOLVER_H */
