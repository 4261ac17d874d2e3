/*
 * tests/support/pons_format.h - Pascal Pons's Connect Four test sets: one position a
 * line, "MOVES SCORE", MOVES the columns played from the empty board (1 to
 * 7) and SCORE the position's value for the player to move in his terms:
 * 0 for a draw, positive when the player to move wins, the more the sooner
 * (the number of stones he has left to play after his winning one, plus one:
 * (W*H + 1 - stones on the board before the winning move) / 2, by integer
 * division, as his solver computes it), negative in the same way when the
 * opponent wins.
 */
#ifndef TOURNEY_TESTS_PONS_FORMAT_H
#define TOURNEY_TESTS_PONS_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads one line into MOVES (NUL-terminated) and *score. Returns 0, 1 for a
 * blank line, or -1 for a line not in the format. */
int pons_parse_line(const char *line, char *moves, size_t moves_size, int *score);

/* The score Pons gives a position with STONES stones on a board of CELLS
 * cells whose proven value for the player to move is SCORE, in the agents'
 * terms (TOURNEY_SCORE_WIN minus the plies to the win, its negation for a
 * loss, 0 for a draw). False when SCORE is not a proven result or a draw. */
bool pons_score(int32_t score, int stones, int cells, int *pons);

#endif /* TOURNEY_TESTS_PONS_FORMAT_H */
