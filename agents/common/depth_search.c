#include "depth_search.h"

#include <stdio.h>
#include <stdlib.h>

static const struct tourney_param_info depth_search_params[DEPTH_SEARCH_PARAM_COUNT] = {
    [DEPTH_SEARCH_DEPTH] =
        {
            .name = "depth",
            .type = TOURNEY_PARAM_INT,
            .default_value = "0",
            .min = 0,
            .max = SEARCH_MAX_DEPTH,
            .help =
                "plies to look ahead before using the game's evaluation; 0 searches to the end",
        },
    [DEPTH_SEARCH_TIE_BREAK] = SEARCH_TIE_BREAK_PARAM,
};

int32_t depth_search_param_info(const struct tourney_agent_api *api, uint32_t index,
                                struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(depth_search_params, DEPTH_SEARCH_PARAM_COUNT, index, info);
}

void depth_search_destroy(void *agent)
{
    struct depth_search *d = agent;

    if (d == NULL) {
        return;
    }
    root_choice_finish(&d->choice);
    search_finish(&d->s);
    free(d);
}

int depth_search_create(const struct tourney_agent_init *init, const char *name, void **out)
{
    struct depth_search *d = calloc(1, sizeof(*d));
    int err;

    if (d == NULL) {
        char message[64];
        snprintf(message, sizeof(message), "%s: out of memory", name);
        search_log_init(init, message);
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&d->s, init, name, true);
    if (err != TOURNEY_OK) {
        goto err_free;
    }
    err = search_check_params(&d->s, init, depth_search_params, DEPTH_SEARCH_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_search;
    }
    err = root_choice_init(&d->choice, &d->s);
    if (err != TOURNEY_OK) {
        search_log(&d->s, TOURNEY_LOG_ERROR, "out of memory");
        goto err_search;
    }
    d->depth = search_depth_limit(init->params[DEPTH_SEARCH_DEPTH].i);
    d->tie_break = (int)init->params[DEPTH_SEARCH_TIE_BREAK].i;
    *out = d;
    return TOURNEY_OK;

err_search:
    search_finish(&d->s);
err_free:
    free(d);
    return err;
}

int depth_search_choose(struct depth_search *d, const void *state,
                        const struct tourney_move_request *request,
                        struct tourney_move_report *report, tourney_move *move,
                        depth_search_value_fn value)
{
    struct search *s = &d->s;
    tourney_move *moves = search_moves(s, 0);
    int n = search_begin(s, state, request, report);

    if (n < 0) {
        return n;
    }
    search_visit(s, 0);
    d->me = s->api->to_move(s->game, s->state);
    /* The root remembers which moves reach its value, so ties can be broken
     * as the parameter says; below it only values matter. */
    root_choice_reset(&d->choice);
    for (int i = 0; i < n; i++) {
        s->api->apply(s->game, s->state, moves[i]);
        int32_t v = value(d, 1, d->depth - 1);
        s->api->undo(s->game, s->state, moves[i]);
        root_choice_offer(&d->choice, moves[i], v);
    }
    *move = root_choice_pick(&d->choice, d->tie_break, s);
    search_report(s, report, d->choice.best);
    return TOURNEY_OK;
}
