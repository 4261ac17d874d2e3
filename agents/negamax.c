/*
 * agents/negamax.c - plain negamax: every position is valued for the player
 * to move, who takes the largest value among the moves, and a value changes
 * sign when the turn passes to the other player. No pruning: it visits the
 * same positions as minimax and is the reference the pruned search is
 * measured against.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/search.h"

enum negamax_param {
    NEGAMAX_DEPTH,
    NEGAMAX_TIE_BREAK,
    NEGAMAX_PARAM_COUNT,
};

static const struct tourney_param_desc negamax_params[NEGAMAX_PARAM_COUNT] = {
    [NEGAMAX_DEPTH] = {
        .name = "depth",
        .type = TOURNEY_PARAM_INT,
        .default_value = "0",
        .min = 0,
        .max = SEARCH_MAX_DEPTH,
        .help = "plies to look ahead before using the game's evaluation; 0 searches to the end",
    },
    [NEGAMAX_TIE_BREAK] = {
        .name = "tie_break",
        .type = TOURNEY_PARAM_CHOICE,
        .default_value = "lowest",
        .choices = search_tie_break_choices,
        .help = "among equally good moves: the lowest-numbered, or one at random",
    },
};

struct negamax {
    struct search s;
    struct root_choice choice;
    int32_t depth;  /* the search depth, INT32_MAX for no limit */
    int tie_break;
};

/* The value of the working position for `player`, the player to move in
 * the position before it. A finished game has nobody to move, so the value
 * is asked for the player who moved into it; the sign flips only when the
 * turn really passes, which keeps games where a side moves twice right. */
static int32_t negamax(struct negamax *a, int player, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves;
    int32_t best = -SEARCH_INF;
    int status;
    int mover;
    int n;

    search_visit(s, ply);
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, player, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, player);
    }
    mover = s->api->to_move(s->game, s->state);
    moves = search_moves(s, ply);
    n = s->api->legal_moves(s->game, s->state, moves);
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = negamax(a, mover, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value > best) {
            best = value;
        }
    }
    return mover == player ? best : -best;
}

static void negamax_destroy(void *agent)
{
    struct negamax *a = agent;

    if (a == NULL) {
        return;
    }
    root_choice_finish(&a->choice);
    search_finish(&a->s);
    free(a);
}

static int negamax_create(const struct tourney_agent_init *init, void **out)
{
    struct negamax *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "negamax: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&a->s, init, "negamax", true);
    if (err != TOURNEY_OK) {
        goto err_free;
    }
    err = search_check_params(&a->s, init, negamax_params, NEGAMAX_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_search;
    }
    err = root_choice_init(&a->choice, &a->s);
    if (err != TOURNEY_OK) {
        search_log(&a->s, TOURNEY_LOG_ERROR, "out of memory");
        goto err_search;
    }
    a->depth = search_depth_limit(init->params[NEGAMAX_DEPTH].i);
    a->tie_break = (int)init->params[NEGAMAX_TIE_BREAK].i;
    *out = a;
    return TOURNEY_OK;

err_search:
    search_finish(&a->s);
err_free:
    free(a);
    return err;
}

static int negamax_choose_move(void *agent, const void *state,
                               const struct tourney_move_request *request,
                               struct tourney_move_report *report, tourney_move *move)
{
    struct negamax *a = agent;
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    int me;
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    search_visit(s, 0);
    me = s->api->to_move(s->game, s->state);
    /* The root's loop is the one above, remembering which moves reach the
     * best value. */
    root_choice_reset(&a->choice);
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = negamax(a, me, 1, a->depth - 1);
        s->api->undo(s->game, s->state, moves[i]);
        root_choice_offer(&a->choice, moves[i], value);
    }
    *move = root_choice_pick(&a->choice, a->tie_break, s);
    search_report(s, report, a->choice.best);
    return TOURNEY_OK;
}

static const struct tourney_agent_api negamax_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "negamax",
    .description = "Plain negamax to a depth limit or the end of the game, no pruning",
    .params = negamax_params,
    .param_count = NEGAMAX_PARAM_COUNT,
    .create = negamax_create,
    .destroy = negamax_destroy,
    .choose_move = negamax_choose_move,
};

TOURNEY_AGENT_ENTRY(negamax_api)
