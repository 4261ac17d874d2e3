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
 * signal that stopped an agent process from outside the tournament (> 0),
 * with ERR saying which: the game is no result (executor.h). */
int tourney_game_player_play(struct game_player *player, uint64_t index,
                             struct game_record *record, char **line, struct error *err);

/* Stops the agent processes it left running between requests, before it
 * waits for something else (tourney_seat_pool_rest). */
void tourney_game_player_rest(struct game_player *player);

/* Stops every agent process it started. */
void tourney_game_player_finish(struct game_player *player);

#endif /* TOURNEY_RUNNER_GAME_PLAYER_H */
