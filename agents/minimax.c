/*
 * agents/minimax.c - naive minimax: a max function for the positions where
 * the agent's own side is to move and a min function for the opponent's,
 * every value taken from the agent's point of view, no pruning.
 *
 * Kept separate from negamax on purpose: the two must agree move for move,
 * node for node, which the tests check, and minimax is the form most people
 * learn first.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/search.h"

enum minimax_param {
    MINIMAX_DEPTH,
    MINIMAX_TIE_BREAK,
    MINIMAX_PARAM_COUNT,
};

static const struct tourney_param_desc minimax_params[MINIMAX_PARAM_COUNT] = {
    [MINIMAX_DEPTH] = {
        .name = "depth",
        .type = TOURNEY_PARAM_INT,
        .default_value = "0",
        .min = 0,
        .max = SEARCH_MAX_DEPTH,
        .help = "plies to look ahead before using the game's evaluation; 0 searches to the end",
    },
    [MINIMAX_TIE_BREAK] = {
        .name = "tie_break",
        .type = TOURNEY_PARAM_CHOICE,
        .default_value = "lowest",
        .choices = search_tie_break_choices,
        .help = "among equally good moves: the lowest-numbered, or one at random",
    },
};

struct minimax {
    struct search s;
    struct root_choice choice;
    int32_t depth;  /* the search depth, INT32_MAX for no limit */
    int tie_break;
    int me;         /* the player to move at the root */
};

static int32_t minimax_value(struct minimax *a, int32_t ply, int32_t depth_left);

/* The agent is to move: the most it can force. */
static int32_t max_value(struct minimax *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, ply);
    int n = s->api->legal_moves(s->game, s->state, moves);
    int32_t best = -SEARCH_INF;

    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = minimax_value(a, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value > best) {
            best = value;
        }
    }
    return best;
}

/* The opponent is to move: the least it can hold the agent to. */
static int32_t min_value(struct minimax *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, ply);
    int n = s->api->legal_moves(s->game, s->state, moves);
    int32_t best = SEARCH_INF;

    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = minimax_value(a, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value < best) {
            best = value;
        }
    }
    return best;
}

/* Visits the working position: scores an end or the horizon, else hands it
 * to max or min by whose turn it is. Asking to_move rather than alternating
 * keeps games where a side moves twice in a row right. */
static int32_t minimax_value(struct minimax *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    int status;

    search_visit(s, ply);
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, a->me, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, a->me);
    }
    if (s->api->to_move(s->game, s->state) == a->me) {
        return max_value(a, ply, depth_left);
    }
    return min_value(a, ply, depth_left);
}

static void minimax_destroy(void *agent)
{
    struct minimax *a = agent;

    if (a == NULL) {
        return;
    }
    root_choice_finish(&a->choice);
    search_finish(&a->s);
    free(a);
}

static int minimax_create(const struct tourney_agent_init *init, void **out)
{
    struct minimax *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "minimax: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&a->s, init, "minimax", true);
    if (err != TOURNEY_OK) {
        goto err_free;
    }
    err = search_check_params(&a->s, init, minimax_params, MINIMAX_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_search;
    }
    err = root_choice_init(&a->choice, &a->s);
    if (err != TOURNEY_OK) {
        search_log(&a->s, TOURNEY_LOG_ERROR, "out of memory");
        goto err_search;
    }
    a->depth = search_depth_limit(init->params[MINIMAX_DEPTH].i);
    a->tie_break = (int)init->params[MINIMAX_TIE_BREAK].i;
    *out = a;
    return TOURNEY_OK;

err_search:
    search_finish(&a->s);
err_free:
    free(a);
    return err;
}

static int minimax_choose_move(void *agent, const void *state,
                               const struct tourney_move_request *request,
                               struct tourney_move_report *report, tourney_move *move)
{
    struct minimax *a = agent;
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    search_visit(s, 0);
    a->me = s->api->to_move(s->game, s->state);
    /* The root is a max position that remembers which moves reach its value. */
    root_choice_reset(&a->choice);
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = minimax_value(a, 1, a->depth - 1);
        s->api->undo(s->game, s->state, moves[i]);
        root_choice_offer(&a->choice, moves[i], value);
    }
    *move = root_choice_pick(&a->choice, a->tie_break, s);
    search_report(s, report, a->choice.best);
    return TOURNEY_OK;
}

static const struct tourney_agent_api minimax_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "minimax",
    .description = "Naive minimax with separate max and min functions, no pruning",
    .params = minimax_params,
    .param_count = MINIMAX_PARAM_COUNT,
    .create = minimax_create,
    .destroy = minimax_destroy,
    .choose_move = minimax_choose_move,
};

TOURNEY_AGENT_ENTRY(minimax_api)
