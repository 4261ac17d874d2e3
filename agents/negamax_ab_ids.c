/*
 * agents/negamax_ab_ids.c - negamax with alpha-beta pruning, deepened one ply
 * at a time (iterative deepening) so that it always has a move ready when
 * the time for the move runs out.
 *
 * Iterations stop at max_depth, when the budget is spent (the unfinished
 * iteration is thrown away), when a win or a loss is proven, or when an
 * iteration reached the end of every line it looked at: a deeper one would
 * search the same tree again.
 *
 * Moves are searched in the order the game lists them, at every depth, so
 * that a search to depth d visits exactly the positions of the textbook
 * alpha-beta (the tests count them) and ties at the root are broken the same
 * way as by the unpruned agents.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/search.h"

enum ab_ids_param {
    AB_IDS_MAX_DEPTH,
    AB_IDS_TIE_BREAK,
    AB_IDS_ITERATIVE,
    AB_IDS_USE_TIME_BUDGET,
    AB_IDS_PARAM_COUNT,
};

static const struct tourney_param_desc ab_ids_params[AB_IDS_PARAM_COUNT] = {
    [AB_IDS_MAX_DEPTH] = {
        .name = "max_depth",
        .type = TOURNEY_PARAM_INT,
        .default_value = "0",
        .min = 0,
        .max = SEARCH_MAX_DEPTH,
        .help = "deepest iteration in plies; 0 deepens up to the longest possible game",
    },
    [AB_IDS_TIE_BREAK] = SEARCH_TIE_BREAK_PARAM,
    [AB_IDS_ITERATIVE] = {
        .name = "iterative",
        .type = TOURNEY_PARAM_BOOL,
        .default_value = "true",
        .help = "deepen one ply at a time; false searches once at max_depth, ignoring the clock",
    },
    [AB_IDS_USE_TIME_BUDGET] = {
        .name = "use_time_budget",
        .type = TOURNEY_PARAM_BOOL,
        .default_value = "true",
        .help = "stop deepening when the move's time budget is spent",
    },
};

struct ab_ids {
    struct search s;
    /* The root moves of the iteration under way and of the deepest finished
     * one, swapped when an iteration finishes. */
    struct root_choice current;
    struct root_choice finished;
    int32_t max_depth; /* INT32_MAX for up to the game's max_plies */
    int tie_break;
    bool iterative;
    bool use_time_budget;
};

/* Alpha-beta negamax, fail-soft: the value of the working position for
 * `player`, the player to move before it, exact when it lies strictly inside
 * (alpha, beta), else a bound on the side it failed. The window is in
 * `player`'s terms and is turned around with the value whenever the turn
 * passes. Returns 0 once the search is abandoned; the caller must check. */
static int32_t alphabeta(struct ab_ids *a, int player, int32_t ply, int32_t depth_left,
                         int32_t alpha, int32_t beta)
{
    struct search *s = &a->s;
    tourney_move *moves;
    int32_t best = -SEARCH_INF;
    int32_t lo;
    int32_t hi;
    int status;
    int mover;
    int n;

    search_visit(s, ply);
    if (s->aborted) {
        return 0;
    }
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, player, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, player);
    }
    mover = s->api->to_move(s->game, s->state);
    lo = mover == player ? alpha : -beta;
    hi = mover == player ? beta : -alpha;
    moves = search_moves(s, ply);
    n = s->api->legal_moves(s->game, s->state, moves);
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = alphabeta(a, mover, ply + 1, depth_left - 1, lo, hi);
        s->api->undo(s->game, s->state, moves[i]);
        if (s->aborted) {
            return 0;
        }
        if (value > best) {
            best = value;
            if (best > lo) {
                lo = best;
            }
            if (lo >= hi) {
                break; /* the player before will not let the game come here */
            }
        }
    }
    return mover == player ? best : -best;
}

/* One iteration: searches the root's `n` moves to `depth` plies and gathers
 * them in a->current. Returns false when the deadline abandoned it.
 *
 * The root window decides which ties can be seen. For "lowest" the window
 * is (best, +inf): a later move that only equals the best fails low and is
 * rightly passed over, since the first one found is the lowest. For
 * "random" every move that ties must be known exactly, so each is searched
 * with (best - 1, +inf): scores are integers, so a value equal to the best
 * lies inside that window and comes back exact, while a worse one fails low
 * and is dropped. That costs some pruning, only at the root's children. */
static bool ab_ids_iteration(struct ab_ids *a, int me, const tourney_move *moves, int n,
                             int32_t depth)
{
    struct search *s = &a->s;
    struct root_choice *choice = &a->current;

    search_visit(s, 0);
    root_choice_reset(choice);
    for (int i = 0; i < n; i++) {
        int32_t alpha = a->tie_break == TIE_BREAK_RANDOM ? choice->best - 1 : choice->best;
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = alphabeta(a, me, 1, depth - 1, alpha, SEARCH_INF);
        s->api->undo(s->game, s->state, moves[i]);
        if (s->aborted) {
            return false;
        }
        if (value > alpha) {
            root_choice_offer(choice, moves[i], value);
        }
    }
    return true;
}

static void ab_ids_destroy(void *agent)
{
    struct ab_ids *a = agent;

    if (a == NULL) {
        return;
    }
    root_choice_finish(&a->finished);
    root_choice_finish(&a->current);
    search_finish(&a->s);
    free(a);
}

static int ab_ids_create(const struct tourney_agent_init *init, void **out)
{
    struct ab_ids *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "negamax-ab-ids: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&a->s, init, "negamax-ab-ids", true);
    if (err != TOURNEY_OK) {
        goto err_free;
    }
    err = search_check_params(&a->s, init, ab_ids_params, AB_IDS_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_search;
    }
    err = root_choice_init(&a->current, &a->s);
    if (err == TOURNEY_OK) {
        err = root_choice_init(&a->finished, &a->s);
    }
    if (err != TOURNEY_OK) {
        search_log(&a->s, TOURNEY_LOG_ERROR, "out of memory");
        goto err_choice;
    }
    a->max_depth = search_depth_limit(init->params[AB_IDS_MAX_DEPTH].i);
    a->tie_break = (int)init->params[AB_IDS_TIE_BREAK].i;
    a->iterative = init->params[AB_IDS_ITERATIVE].i != 0;
    a->use_time_budget = init->params[AB_IDS_USE_TIME_BUDGET].i != 0;
    *out = a;
    return TOURNEY_OK;

err_choice:
    root_choice_finish(&a->finished);
    root_choice_finish(&a->current);
err_search:
    search_finish(&a->s);
err_free:
    free(a);
    return err;
}

static int ab_ids_choose_move(void *agent, const void *state,
                              const struct tourney_move_request *request,
                              struct tourney_move_report *report, tourney_move *move)
{
    struct ab_ids *a = agent;
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    struct root_choice swap;
    int32_t finished_depth = 0;
    int32_t limit;
    int32_t first;
    bool timed;
    int me;
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    me = s->api->to_move(s->game, s->state);

    /* No game outlasts max_plies, so no search needs to look further. */
    limit = a->max_depth;
    if (limit == INT32_MAX) {
        limit = s->info.max_plies > 0 ? s->info.max_plies : 1;
    }
    first = a->iterative ? 1 : limit;
    /* Only iterative deepening has a finished iteration to fall back on. A
     * deadline of 0 is taken as no time limit. */
    timed = a->iterative && a->use_time_budget && request->deadline_ns != 0;

    for (int32_t depth = first; depth <= limit; depth++) {
        if (depth > first) {
            /* The first iteration always finishes, so there is a move. */
            if (timed && s->host->now_ns(s->host_context) >= s->deadline_ns) {
                break;
            }
            s->timed = timed;
        }
        s->max_ply = 0;
        s->horizon_hit = false;
        if (!ab_ids_iteration(a, me, moves, n, depth)) {
            break;
        }
        swap = a->finished;
        a->finished = a->current;
        a->current = swap;
        finished_depth = s->max_ply;
        /* A proven result cannot change with depth, and neither can a
         * search that reached the end of every line. */
        if (abs(a->finished.best) >= TOURNEY_SCORE_PROVEN || !s->horizon_hit) {
            break;
        }
    }

    *move = root_choice_pick(&a->finished, a->tie_break, s);
    /* Nodes count every iteration, the abandoned one too: they were visited. */
    search_report(s, report, a->finished.best);
    report->depth = finished_depth;
    return TOURNEY_OK;
}

static const struct tourney_agent_api ab_ids_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "negamax-ab-ids",
    .description = "Negamax with alpha-beta pruning, deepening iteratively within the time budget",
    .params = ab_ids_params,
    .param_count = AB_IDS_PARAM_COUNT,
    .create = ab_ids_create,
    .destroy = ab_ids_destroy,
    .choose_move = ab_ids_choose_move,
};

TOURNEY_AGENT_ENTRY(ab_ids_api)
