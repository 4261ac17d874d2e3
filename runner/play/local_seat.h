/*
 * local_seat.h - an agent that runs in the runner's own process
 * (isolation = none): for trusted agents and benchmarks. An agent that
 * crashes or hangs here takes the tournament with it.
 *
 * What the runner hands the agent is the agent's own copy where that is
 * cheap: the game's info and the parameter values (per game), the move
 * request and the position (per move). A position the agent changed,
 * though it is const, is found by comparing it with the referee's, and the
 * agent loses the game with agent_error. Nothing else is protected: the
 * game's instance and descriptor, and the rest of the runner's memory, are
 * within reach of code in the same process.
 */
#ifndef TOURNEY_RUNNER_LOCAL_SEAT_H
#define TOURNEY_RUNNER_LOCAL_SEAT_H

#include <tourney/agent.h>

#include "rng.h"
#include "seat.h"

struct local_seat {
    const struct tourney_agent_api *api;
    const struct tourney_param_value *params;
    void *agent; /* this game's instance */
    /* The agent's copies, for one game. */
    struct tourney_game_info info;
    struct tourney_param_value *agent_params;
    void *position;
    size_t state_size;
    struct rng rng;
    struct game_record *record;
    int seat;
};

/* A seat for the loaded agent API with checked parameter values PARAMS. */
struct seat tourney_local_seat(struct local_seat *local, const struct tourney_agent_api *api,
                               const struct tourney_param_value *params);

#endif /* TOURNEY_RUNNER_LOCAL_SEAT_H */
