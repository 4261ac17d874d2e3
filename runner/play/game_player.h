/*
 * game_player.h - plays the game of a given index: its seats from the seat
 * pool, the referee, and the game's line for the results log. The runner
 * plays with one when it plays game after game itself (jobs = 1), and every
 * worker process has its own (job_pool.h).
 */
#ifndef TOURNEY_RUNNER_GAME_PLAYER_H
#define TOURNEY_RUNNER_GAME_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "record.h"
#include "schedule.h"
#include "seat.h"
#include "seat_pool.h"
#include "tournament.h"

/* How long after an agent process was stopped from outside, as far as it
 * or its death says, the runner's own request to stop may come: a job's
 * end signals every process of it in turn, microseconds apart; a busy
 * machine may hold the sender back for a while between two of them. What
 * a hostile agent that claims such a stop costs the tournament, per game. */
#define TOURNEY_OUTSIDE_STOP_WINDOW_NS UINT64_C(2000000000)

struct game_player {
    const struct tournament *tournament;
    const struct schedule *schedule;
    struct match_rules rules;
    struct seat_pool seats;
    struct opening_draw draw; /* where opening_plies draws a game's opening */
};

/* Returns 0, or -1 when out of memory. No agent process is started yet. */
int tourney_game_player_init(struct game_player *player, const struct tournament *tournament,
                             const struct schedule *schedule);

/* Plays game INDEX into RECORD (initialised by the caller) and makes its log
 * line, to free, in *LINE. Returns 0 when the game was played, whoever was at
 * fault, or -1 when the runner itself failed, with ERR saying why; or the
 * signal that stopped an agent process, it seems, from outside the
 * tournament (> 0), with ERR saying which (executor.h). The game is then
 * no result if the runner itself is asked to stop too, within
 * TOURNEY_OUTSIDE_STOP_WINDOW_NS (a job's end reaches every process); else
 * RECORD and *LINE, also made then, are the game lost by that agent. */
int tourney_game_player_play(struct game_player *player, uint64_t index,
                             struct game_record *record, char **line, struct error *err);

/* Stops the agent processes it left running between requests, before it
 * waits for something else (tourney_seat_pool_rest). */
void tourney_game_player_rest(struct game_player *player);

/* Stops every agent process it started. */
void tourney_game_player_finish(struct game_player *player);

#endif /* TOURNEY_RUNNER_GAME_PLAYER_H */
