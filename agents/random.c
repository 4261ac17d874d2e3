/*
 * agents/random.c - plays a legal move chosen uniformly at random from the
 * host's seeded stream, so that games replay exactly.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/search.h"

struct random_agent {
    struct search s;
};

static void random_destroy(void *agent)
{
    struct random_agent *a = agent;

    if (a == NULL) {
        return;
    }
    search_finish(&a->s);
    free(a);
}

static int random_create(const struct tourney_agent_init *init, void **out)
{
    struct random_agent *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "random: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&a->s, init, "random", false);
    if (err != TOURNEY_OK) {
        free(a);
        return err;
    }
    *out = a;
    return TOURNEY_OK;
}

static int random_choose_move(void *agent, const void *state,
                              const struct tourney_move_request *request,
                              struct tourney_move_report *report, tourney_move *move)
{
    struct random_agent *a = agent;
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    *move = moves[search_random_below(s, (uint64_t)n)];
    report->nodes = 1;
    report->depth = 0;
    report->has_score = 0;
    return TOURNEY_OK;
}

static const struct tourney_agent_api random_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "random",
    .description = "Plays a legal move chosen uniformly at random",
    .params = NULL,
    .param_count = 0,
    .create = random_create,
    .destroy = random_destroy,
    .choose_move = random_choose_move,
};

TOURNEY_AGENT_ENTRY(random_api)
