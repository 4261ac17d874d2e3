/*
 * record_check.h - whether a game's end follows from its moves: a log's
 * check is a digest anyone can compute, so a result swapped against the
 * moves (and the log sealed again) is caught only by playing them.
 */
#ifndef TOURNEY_RUNNER_RECORD_CHECK_H
#define TOURNEY_RUNNER_RECORD_CHECK_H

#include <stdint.h>

#include "error.h"
#include "game_adapter.h"
#include "record.h"

/* Plays RECORD's moves through GAME from STATE (its start, FIRST_PLY plies
 * into the game; changed), as the referee (executor.c) did: every move
 * legal and made by the seat to move, while the game goes on. Then a
 * normal end must be the status of the last position, with its result; any
 * other end a position where the game goes on, lost by the seat at fault,
 * which was the seat to move (before any move, either seat: an agent that
 * failed to be made). Returns 0, or -1 with ERR naming the game and what
 * does not follow. */
int tourney_record_check(const struct game_adapter *game, void *state, int32_t first_ply,
                         const struct game_record *record, struct error *err);

#endif /* TOURNEY_RUNNER_RECORD_CHECK_H */
