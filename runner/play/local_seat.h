/*
 * local_seat.h - an agent that runs in the runner's own process
 * (isolation = none): for trusted agents and benchmarks. An agent that
 * crashes or hangs here takes the tournament with it.
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
    struct rng rng;
    struct game_record *record;
    int seat;
};

/* A seat for the loaded agent API with checked parameter values PARAMS. */
struct seat tourney_local_seat(struct local_seat *local, const struct tourney_agent_api *api,
                               const struct tourney_param_value *params);

#endif /* TOURNEY_RUNNER_LOCAL_SEAT_H */
