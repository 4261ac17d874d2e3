/*
 * executor.h - plays one scheduled game between two agents and records it.
 *
 * The executor is the referee: it holds the only authoritative state, asks
 * each agent for a move in turn, checks the move is legal and applies it. An
 * agent that fails or answers with an illegal move loses that game; the
 * tournament goes on.
 */
#ifndef TOURNEY_RUNNER_EXECUTOR_H
#define TOURNEY_RUNNER_EXECUTOR_H

#include <stdint.h>

#include <tourney/agent.h>
#include <tourney/game.h>

#include "record.h"
#include "schedule.h"

struct match_rules {
    const struct tourney_game_api *api;
    const void *game;
    const struct tourney_game_info *info;
    uint64_t budget_ns; /* thinking time each move is given */
};

struct seat_player {
    const struct tourney_agent_api *api;
    const struct tourney_param_value *params;
};

/* Plays SCHEDULED with PLAYERS[0] moving first and fills RECORD (initialised
 * by the caller). Returns 0 when the game was played to an end, whoever was
 * at fault, or -1 when the runner itself failed (out of memory). */
int tourney_play_game(const struct match_rules *rules, const struct seat_player players[2],
                      const struct scheduled_game *scheduled, struct game_record *record);

/* Nanoseconds on the monotonic clock agents are given. */
uint64_t tourney_now_ns(void);

#endif /* TOURNEY_RUNNER_EXECUTOR_H */
