/*
 * executor.h - plays one scheduled game between two agents and records it.
 *
 * The executor is the referee: it holds the only authoritative state, asks
 * each seat for a move in turn, checks the move is legal and applies it. An
 * agent that fails, answers with an illegal move or (in its own process)
 * crashes, hangs or misbehaves loses that game; the tournament goes on.
 */
#ifndef TOURNEY_RUNNER_EXECUTOR_H
#define TOURNEY_RUNNER_EXECUTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "error.h"
#include "record.h"
#include "schedule.h"
#include "seat.h"

/* Plays SCHEDULED with SEATS[0] moving first, from scheduled->start when
 * it is set (which the record keeps as its opening), and fills RECORD
 * (initialised by the caller). Returns 0 when the game was played to an end, whoever was
 * at fault, or -1 when the runner itself failed, with ERR saying why. An
 * agent process stopped by a signal from outside the tournament (a job's
 * end, a stop of the whole cgroup), as far as it or its death says, ends
 * the game: the signal is returned (> 0), and RECORD is that agent's loss,
 * which counts only if nothing stops the runner (game_player.h). */
int tourney_play_game(const struct match_rules *rules, const struct seat seats[2],
                      const struct scheduled_game *scheduled, struct game_record *record,
                      struct error *err);

/* One move of a game under way: asks SEAT, the agent of player TO_MOVE, for
 * its move in STATE, PLY plies into the game, with the clocks CLOCK (charged;
 * unused without a clock), and judges it against the COUNT moves of LEGAL.
 * Sets *MOVED and *MOVE when the move is legal (kept in RECORD, not
 * applied); else the game is over. Returns what tourney_play_game does: 0
 * when the move was made or the agent lost by a fault (RECORD says how),
 * -1 when the runner failed (ERR says why), a signal when the agent's
 * process was stopped from outside (RECORD is then its loss). */
int tourney_executor_ask(const struct match_rules *rules, const struct seat *seat, int to_move,
                         const void *state, int32_t ply, uint64_t clock[2],
                         const tourney_move *legal, int count, struct game_record *record,
                         tourney_move *move, bool *moved, struct error *err);

#endif /* TOURNEY_RUNNER_EXECUTOR_H */
