/* Writes into the position it is given, which is const, from ply 2 on: on
 * m,n,k it marks the game drawn (the status byte of games/mnk/mnk.h). In a
 * process of its own it writes into its own copy and the game goes on as
 * the rules say; in the runner's process (isolation = none) the referee
 * finds its position changed and charges the agent with agent_error. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <tourney/tourney.h>

#include "../../games/mnk/mnk.h"

struct scribble {
    const struct tourney_game_api *game_api;
    const void *game;
    size_t state_size;
    tourney_move *moves;
};

static int scribble_create(const struct tourney_agent_init *init, void **out)
{
    struct scribble *agent = calloc(1, sizeof(*agent));
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
    agent->state_size = init->game_info->state_size;
    *out = agent;
    return TOURNEY_OK;
}

static void scribble_destroy(void *instance)
{
    struct scribble *agent = instance;
    if (agent != NULL) {
        free(agent->moves);
        free(agent);
    }
}

static int scribble_choose_move(void *instance, const void *state,
                                const struct tourney_move_request *request,
                                struct tourney_move_report *report, tourney_move *move)
{
    struct scribble *agent = instance;
    (void)report;
    if (agent->game_api->legal_moves(agent->game, state, agent->moves) <= 0) {
        return TOURNEY_ERR_INVALID;
    }
    *move = agent->moves[0];
    if (request->ply >= 2 && agent->state_size > offsetof(struct mnk_state, status)) {
        /* What a const pointer does not prevent. */
        unsigned char *bytes = (unsigned char *)(uintptr_t)state;
        bytes[offsetof(struct mnk_state, status)] = TOURNEY_DRAW;
    }
    return TOURNEY_OK;
}

static const struct tourney_agent_api scribble_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "const-state",
    .description = "writes into the const position it is given, for the isolation tests",
    .create = scribble_create,
    .destroy = scribble_destroy,
    .choose_move = scribble_choose_move,
    .id = "org.tourney.test.zoo-const-state",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(scribble_api)
