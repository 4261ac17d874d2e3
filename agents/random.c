/*
 * agents/random.c - plays a legal move chosen uniformly at random from the
 * host's seeded stream, so that games replay exactly.
 */
#include <tourney/agent.h>

#include "common/search.h"

static int32_t random_create(const struct tourney_agent_init *init, void **out)
{
    return search_root_only_create(init, "random", out);
}

static int32_t random_choose_move(void *agent, const void *state,
                                  const struct tourney_move_request *request,
                                  struct tourney_move_report *report, tourney_move *move)
{
    struct search *s = agent;
    tourney_move *moves;
    int n = search_root_only_begin(s, state, request, report, &moves);

    if (n < 0) {
        return n;
    }
    *move = moves[search_random_below(s, (uint64_t)n)];
    return TOURNEY_OK;
}

static const struct tourney_agent_api random_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "random",
    .description = "Plays a legal move chosen uniformly at random",
    .param_count = 0,
    .create = random_create,
    .destroy = search_root_only_destroy,
    .choose_move = random_choose_move,
    .id = "org.tourney.random",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(random_api)
