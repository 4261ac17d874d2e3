/*
 * agents/first_open.c - plays the lowest-numbered legal move. A baseline that
 * any searching agent must beat or draw, and the opponent of the articles.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/search.h"

struct first_open {
    struct search s;
};

static void first_open_destroy(void *agent)
{
    struct first_open *a = agent;

    if (a == NULL) {
        return;
    }
    search_finish(&a->s);
    free(a);
}

static int first_open_create(const struct tourney_agent_init *init, void **out)
{
    struct first_open *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "first-open: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&a->s, init, "first-open", false);
    if (err != TOURNEY_OK) {
        free(a);
        return err;
    }
    *out = a;
    return TOURNEY_OK;
}

static int first_open_choose_move(void *agent, const void *state,
                                  const struct tourney_move_request *request,
                                  struct tourney_move_report *report, tourney_move *move)
{
    struct first_open *a = agent;
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    /* legal_moves lists moves in ascending order. */
    *move = moves[0];
    /* Only the root is looked at, and there is no opinion of its value. */
    report->nodes = 1;
    report->depth = 0;
    report->has_score = 0;
    return TOURNEY_OK;
}

static const struct tourney_agent_api first_open_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "first-open",
    .description = "Plays the lowest-numbered legal move",
    .params = NULL,
    .param_count = 0,
    .create = first_open_create,
    .destroy = first_open_destroy,
    .choose_move = first_open_choose_move,
};

TOURNEY_AGENT_ENTRY(first_open_api)
