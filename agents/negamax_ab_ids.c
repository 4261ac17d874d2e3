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
 * Four speed-ups, each a parameter, make it a solver (docs/agents.md): move
 * ordering, a transposition table, null or aspiration windows, and the
 * game's knowledge of immediate wins and losses. Four more, off by default
 * and on in tourney solve, make it a fast one: the root's value bisected with
 * null windows, bounds from the game's length, a compact table, and one
 * table entry for symmetric positions. None changes the value it finds or,
 * with tie_break = lowest, the move it picks. With the first four off it
 * searches moves in the order the game lists them, visiting exactly the
 * positions of the textbook alpha-beta (the tests count them).
 *
 * This file holds the parameters and create; ab/deepen.c the deepening
 * loop (shared with the perfect agent, agents/perfect.c); ab/root.c
 * searches the root move by move, ab/bisect.c by bisection, ab/node.c
 * everything below it; ab/knowledge.c takes the game's optional functions.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <tourney/agent.h>

#include "ab/ab.h"
#include "common/search.h"

enum ab_ids_param {
    AB_IDS_MAX_DEPTH,
    AB_IDS_TIE_BREAK,
    AB_IDS_ITERATIVE,
    AB_IDS_USE_TIME_BUDGET,
    AB_IDS_ORDERING,
    AB_IDS_TT_MB,
    AB_IDS_WINDOW,
    AB_IDS_KNOWLEDGE,
    AB_IDS_ROOT,
    AB_IDS_LENGTH_BOUNDS,
    AB_IDS_TABLE,
    AB_IDS_SYMMETRY,
    AB_IDS_MAX_NODES,
    AB_IDS_PARAM_COUNT,
};

/* In the order of enum tie_break, then AB_TIE_BREAK_ANY. */
static const char *const tie_break_choices[] = {"lowest", "random", "any", NULL};

/* In the order of enum ab_window. */
static const char *const window_choices[] = {"full", "aspiration", "null", NULL};

/* In the order of enum ab_root. */
static const char *const root_choices[] = {"moves", "bisect", NULL};

/* In the order of enum ab_table. */
static const char *const table_choices[] = {"wide", "compact", NULL};

/* The largest node budget: far beyond any search that ends. */
#define AB_IDS_MAX_NODES_MAX INT64_C(1000000000000000)

/* The largest transposition table, in mebibytes. */
#define AB_IDS_TT_MB_MAX 4096

static const struct tourney_param_info ab_ids_params[AB_IDS_PARAM_COUNT] = {
    [AB_IDS_MAX_DEPTH] =
        {
            .name = "max_depth",
            .type = TOURNEY_PARAM_INT,
            .default_value = "0",
            .min = 0,
            .max = SEARCH_MAX_DEPTH,
            .help = "deepest iteration in plies; 0 deepens up to the longest possible game",
        },
    /* The common tie_break with one more choice: any best move, the first
     * the search proves, which saves looking for the others. */
    [AB_IDS_TIE_BREAK] =
        {
            .name = "tie_break",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "lowest",
            .choices = tie_break_choices,
            .help = "among equally good moves: the lowest-numbered, one at random, or the first "
                    "proved",
        },
    [AB_IDS_ITERATIVE] =
        {
            .name = "iterative",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help =
                "deepen one ply at a time; false searches once at max_depth, ignoring the clock",
        },
    [AB_IDS_USE_TIME_BUDGET] =
        {
            .name = "use_time_budget",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help = "stop deepening when the move's time budget is spent",
        },
    [AB_IDS_ORDERING] =
        {
            .name = "ordering",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help = "likely best moves first: the game's order, the table's, the last iteration's",
        },
    [AB_IDS_TT_MB] =
        {
            .name = "tt_mb",
            .type = TOURNEY_PARAM_INT,
            .default_value = "16",
            .min = 0,
            .max = AB_IDS_TT_MB_MAX,
            .help =
                "transposition table in MiB, kept between moves (needs the game's hash); 0: none",
        },
    [AB_IDS_WINDOW] =
        {
            .name = "window",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "null",
            .choices = window_choices,
            .help =
                "full alpha-beta, null windows (principal variation search), or also aspiration",
        },
    [AB_IDS_KNOWLEDGE] =
        {
            .name = "knowledge",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help = "use the game's winning_move and safe_moves to settle wins and losses at once",
        },
    [AB_IDS_ROOT] =
        {
            .name = "root",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "moves",
            .choices = root_choices,
            .help =
                "each root move against the best so far, or bisect the value with null windows",
        },
    [AB_IDS_LENGTH_BOUNDS] =
        {
            .name = "length_bounds",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "false",
            .help = "with knowledge: no win or loss after the game's last ply (max_plies)",
        },
    [AB_IDS_TABLE] =
        {
            .name = "table",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "wide",
            .choices = table_choices,
            .help = "16-byte entries with depths and moves, or 8-byte ones for solving to the end",
        },
    [AB_IDS_SYMMETRY] =
        {
            .name = "symmetry",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "false",
            .help =
                "one table entry for a position and its mirror images (the game's symmetric hash)",
        },
    [AB_IDS_MAX_NODES] =
        {
            .name = "max_nodes",
            .type = TOURNEY_PARAM_INT,
            .default_value = "0",
            .min = 0,
            .max = AB_IDS_MAX_NODES_MAX,
            .help = "stop a move's search after this many positions (no score when no iteration "
                    "finished); 0: no limit",
        },
};

static int32_t ab_ids_param_info(const struct tourney_agent_api *api, uint32_t index,
                                 struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(ab_ids_params, AB_IDS_PARAM_COUNT, index, info);
}

static void ab_ids_destroy(void *agent)
{
    struct ab_ids *a = agent;

    if (a == NULL) {
        return;
    }
    ab_close(a);
    free(a);
}

static int32_t ab_ids_create(const struct tourney_agent_init *init, void **out)
{
    struct ab_ids *a = calloc(1, sizeof(*a));
    int err;

    if (a == NULL) {
        search_log_init(init, "negamax-ab-ids: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = ab_open(a, init, "negamax-ab-ids", ab_ids_params, AB_IDS_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_instance;
    }
    a->max_depth = search_depth_limit(init->params[AB_IDS_MAX_DEPTH].i);
    a->tie_break = (int)init->params[AB_IDS_TIE_BREAK].i;
    a->iterative = init->params[AB_IDS_ITERATIVE].i != 0;
    a->use_time_budget = init->params[AB_IDS_USE_TIME_BUDGET].i != 0;
    a->ordering = init->params[AB_IDS_ORDERING].i != 0;
    a->null_window = init->params[AB_IDS_WINDOW].i != AB_WINDOW_FULL;
    a->aspiration = init->params[AB_IDS_WINDOW].i == AB_WINDOW_ASPIRATION;
    a->bisect = init->params[AB_IDS_ROOT].i == AB_ROOT_BISECT;
    a->length_bounds = init->params[AB_IDS_LENGTH_BOUNDS].i != 0;
    if (init->params[AB_IDS_MAX_NODES].i > 0) {
        a->s.node_limit = (uint64_t)init->params[AB_IDS_MAX_NODES].i;
    }
    err = ab_take_game(a, init->game_api, init->params[AB_IDS_KNOWLEDGE].i != 0,
                       init->params[AB_IDS_SYMMETRY].i != 0, init->params[AB_IDS_TT_MB].i,
                       init->params[AB_IDS_TABLE].i == AB_TABLE_COMPACT);
    if (err != TOURNEY_OK) {
        goto err_instance;
    }
    *out = a;
    return TOURNEY_OK;

err_instance:
    ab_close(a);
    free(a);
    return err;
}

static int32_t ab_ids_choose_move(void *agent, const void *state,
                                  const struct tourney_move_request *request,
                                  struct tourney_move_report *report, tourney_move *move)
{
    struct ab_ids *a = agent;
    struct search *s = &a->s;
    struct search_time time;
    struct ab_deepening plan;
    struct ab_deepened done;
    int n;

    n = ab_move_begin(a, state, request, report);
    if (n < 0) {
        return n;
    }
    time = search_time_for(request, s->info.max_plies);
    plan.limit = ab_depth_limit(a);
    plan.first = a->iterative ? 1 : plan.limit;
    /* Only iterative deepening has a finished iteration to fall back on. A
     * deadline of 0 is taken as no time limit. The search stops a margin
     * before the move's time is up (search_time_for). */
    plan.timed = a->iterative && a->use_time_budget && time.stop_ns != 0;
    plan.first_timed = false;
    plan.stop_ns = time.stop_ns;
    plan.last_new_ns = time.last_new_ns;
    /* A table on the clock doubles only when there is time for it (tt.h). */
    tt_growth_new_move(a->compact ? &a->ttc.growth : &a->tt.growth, s,
                       plan.timed ? time.stop_ns : 0);
    done = ab_deepen(a, s->api->to_move(s->game, s->state), n, &plan);

    if (!done.finished) {
        /* The node budget stopped the first iteration: no value was found,
         * so the move is the lowest legal one and the report has no score. */
        s->api->legal_moves(s->game, s->state, search_moves(s, 0));
        *move = search_moves(s, 0)[0];
        search_report(s, report, 0);
        report->has_score = 0;
        report->depth = 0;
        search_report_seldepth(report, done.seldepth);
        return TOURNEY_OK;
    }
    /* "any" takes the first best move offered, the one the search proved. */
    *move = a->tie_break == AB_TIE_BREAK_ANY ? a->finished.ties[0]
                                             : root_choice_pick(&a->finished, a->tie_break, s);
    /* Nodes count every iteration, the abandoned one too: they were visited. */
    search_report(s, report, a->finished.best);
    report->depth = done.depth;
    search_report_seldepth(report, done.seldepth);
    return TOURNEY_OK;
}

static const struct tourney_agent_api ab_ids_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "negamax-ab-ids",
    .description = "Negamax with alpha-beta pruning, deepening iteratively within the time budget",
    .param_count = AB_IDS_PARAM_COUNT,
    .create = ab_ids_create,
    .destroy = ab_ids_destroy,
    .choose_move = ab_ids_choose_move,
    .get_param_info = ab_ids_param_info,
    .id = "org.tourney.negamax-ab-ids",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(ab_ids_api)
