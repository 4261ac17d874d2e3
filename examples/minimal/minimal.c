/* A minimal tourney agent: it plays a uniformly random legal move. */
#include <stdlib.h>

#include <tourney/tourney.h>

struct minimal {
    struct tourney_agent_init init; /* the game and the host, as create was given them */
    tourney_move moves[];           /* room for every legal move */
};

static int32_t minimal_create(const struct tourney_agent_init *init, void **out)
{
    struct minimal *m = malloc(sizeof(*m) + init->game_info->move_limit * sizeof(tourney_move));
    if (m == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    m->init = *init;
    *out = m;
    return TOURNEY_OK;
}

static int32_t minimal_choose_move(void *agent, const void *state,
                                   const struct tourney_move_request *request,
                                   struct tourney_move_report *report, tourney_move *move)
{
    struct minimal *m = agent;
    (void)request; /* no search: the time budget does not matter */
    int32_t count = m->init.game_api->legal_moves(m->init.game, state, m->moves);
    *move = m->moves[m->init.host->random_u64(m->init.host_context) % (uint64_t)count];
    report->nodes = 1; /* it looked at the position it was given, nothing more */
    return TOURNEY_OK;
}

static const struct tourney_agent_api minimal_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "minimal",
    .description = "A uniformly random legal move",
    .create = minimal_create,
    .destroy = free, /* the instance is one block; free(NULL) does nothing */
    .choose_move = minimal_choose_move,
};

TOURNEY_AGENT_ENTRY(minimal_api)
