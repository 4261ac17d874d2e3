/*
 * agents/first_open.c - plays the lowest-numbered legal move. A baseline that
 * any searching agent must beat or draw, and the opponent of the articles.
 */
#include <tourney/agent.h>

#include "common/search.h"

static int32_t first_open_create(const struct tourney_agent_init *init, void **out)
{
    return search_root_only_create(init, "first-open", out);
}

static int32_t first_open_choose_move(void *agent, const void *state,
                                      const struct tourney_move_request *request,
                                      struct tourney_move_report *report, tourney_move *move)
{
    tourney_move *moves;
    int n = search_root_only_begin(agent, state, request, report, &moves);

    if (n < 0) {
        return n;
    }
    /* legal_moves lists moves in ascending order. */
    *move = moves[0];
    return TOURNEY_OK;
}

static const struct tourney_agent_api first_open_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "first-open",
    .description = "Plays the lowest-numbered legal move",
    .param_count = 0,
    .create = first_open_create,
    .destroy = search_root_only_destroy,
    .choose_move = first_open_choose_move,
    .id = "org.tourney.first-open",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(first_open_api)
