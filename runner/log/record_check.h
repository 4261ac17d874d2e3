/*
 * record_check.h - whether a game's end follows from its moves: a log's
 * check is a digest anyone can compute, so a result swapped against the
 * moves (and the log sealed again) is caught only by playing them. Every
 * reader of a log that shows or counts a game's end (`replay`, `report`,
 * `export`, `merge`) asks this first.
 */
#ifndef TOURNEY_RUNNER_RECORD_CHECK_H
#define TOURNEY_RUNNER_RECORD_CHECK_H

#include <stdint.h>

#include "error.h"
#include "game_adapter.h"
#include "log_header.h"
#include "record.h"

/* Plays RECORD's moves through GAME (the game HEADER's log was played
 * with) from the position the game started at: its opening's plies where
 * the log has them (each legal), else its opening position as GAME reads
 * it, else the initial position. As the referee (executor.c) did: every
 * move legal and made by the seat to move, while the game goes on. Then a
 * normal end must be the status of the last position, with its result;
 * any other end a position where the game goes on, lost by the seat at
 * fault, which was the seat to move (before any move, either seat: an
 * agent that failed to be made). Returns 0, or -1 with ERR naming the game
 * and its agents ("game 4 (a against b): ...") and what does not follow. */
int tourney_record_check(struct game_adapter *game, const struct log_header *header,
                         const struct game_record *record, struct error *err);

/* Puts the position RECORD started at into STATE (which holds the initial
 * position) and its ply into *FIRST_PLY: from its opening's plies where
 * they are known (each legal), else from its opening position as GAME reads
 * it (ply 0: the plies that led there are not known), as the run started it
 * (executor.c). Returns 0, or -1 with ERR saying why. */
int tourney_record_start(struct game_adapter *game, const struct game_record *record, void *state,
                         int32_t *first_ply, struct error *err);

/* Sets ERR to say that COUNT games of the log at PATH are left out of WHAT
 * ("the reports"), their ends not following from their moves; returns
 * -1. */
int tourney_record_check_left_out(struct error *err, uint64_t count, const char *path,
                                  const char *what);

#endif /* TOURNEY_RUNNER_RECORD_CHECK_H */
