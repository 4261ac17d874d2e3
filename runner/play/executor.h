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

#endif /* TOURNEY_RUNNER_EXECUTOR_H */
