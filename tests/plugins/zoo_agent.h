/*
 * zoo_agent.h - the shell of the test agents that misbehave in ways only a
 * process of their own survives. Each zoo_*.c file defines ZOO_NAME and
 *
 *     static int misbehave(tourney_move *move);
 *
 * then includes this file. The agent plays the lowest legal move before
 * ply 2 and then calls misbehave, so the fault comes in the middle of a
 * game; if misbehave returns, its status (and *move, preset to the lowest
 * legal move) are the answer. A file may also define ZOO_ON_CREATE(init),
 * called as the agent is created, and ZOO_ON_MOVE(state), called with the
 * position before misbehave.
 */
#ifndef TOURNEY_TESTS_ZOO_AGENT_H
#define TOURNEY_TESTS_ZOO_AGENT_H

#include <stdlib.h>

#include <tourney/tourney.h>

static int misbehave(tourney_move *move);

/* The request being answered, while misbehave runs. */
static const struct tourney_move_request *zoo_request;

struct zoo_agent {
    const struct tourney_game_api *game_api;
    const void *game;
    tourney_move *moves;
};

static int zoo_create(const struct tourney_agent_init *init, void **out)
{
    struct zoo_agent *agent = calloc(1, sizeof(*agent));
    if (agent == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    agent->moves = calloc((size_t)init->game_info->move_limit, sizeof(*agent->moves));
    if (agent->moves == NULL) {
        free(agent);
        return TOURNEY_ERR_NOMEM;
    }
    agent->game_api = init->game_api;
    agent->game = init->game;
#ifdef ZOO_ON_CREATE
    ZOO_ON_CREATE(init);
#endif
    *out = agent;
    return TOURNEY_OK;
}

static void zoo_destroy(void *instance)
{
    struct zoo_agent *agent = instance;
    if (agent != NULL) {
        free(agent->moves);
        free(agent);
    }
}

static int zoo_choose_move(void *instance, const void *state,
                           const struct tourney_move_request *request,
                           struct tourney_move_report *report, tourney_move *move)
{
    struct zoo_agent *agent = instance;
    (void)report;
    zoo_request = request;
    if (agent->game_api->legal_moves(agent->game, state, agent->moves) <= 0) {
        return TOURNEY_ERR_INVALID;
    }
    *move = agent->moves[0];
#ifdef ZOO_ON_MOVE
    if (request->ply >= 2) {
        ZOO_ON_MOVE(state);
    }
#endif
    return request->ply < 2 ? TOURNEY_OK : misbehave(move);
}

static const struct tourney_agent_api zoo_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = ZOO_NAME,
#ifdef ZOO_DESCRIPTION
    .description = ZOO_DESCRIPTION,
#else
    .description = "misbehaves on purpose, for the isolation tests",
#endif
    .create = zoo_create,
    .destroy = zoo_destroy,
    .choose_move = zoo_choose_move,
#ifdef ZOO_ID
    .id = ZOO_ID,
#else
    .id = "org.tourney.test.zoo-" ZOO_NAME,
#endif
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(zoo_api)

#endif /* TOURNEY_TESTS_ZOO_AGENT_H */
