/*
 * agents/mcts.c - Monte Carlo tree search with UCT (upper confidence bounds
 * applied to trees): a tree grown by playing the game out from its leaves,
 * walking towards the moves whose playouts went best and those tried least.
 *
 * It needs no evaluation, only the rules: every game plays. A fixed number
 * of iterations per move replays exactly from the seed; otherwise it
 * iterates until just before the move's deadline. With the solver, wins,
 * losses and draws proven in the tree are backed up as such (MCTS-Solver),
 * and a proven root ends the search.
 *
 * This file holds the parameters, create and the iteration loop with its
 * clock; mcts/tree.c holds the tree and mcts/rollout.c the playouts.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/agent.h>

#include "common/search.h"
#include "mcts/mcts.h"

enum mcts_param {
    MCTS_ITERATIONS,
    MCTS_EXPLORATION,
    MCTS_ROLLOUT,
    MCTS_SOLVER,
    MCTS_TREE_MB,
    MCTS_TIE_BREAK,
    MCTS_PARAM_COUNT,
};

/* In the order of enum mcts_rollout. */
static const char *const rollout_choices[] = {"random", "knowledge", NULL};

/* The most iterations a move may take: visit counts stay in 32 bits, and a
 * node's half-points (two per visit) too. */
#define MCTS_MAX_ITERATIONS 1000000000
/* Iterations when neither a count nor a deadline is given. */
#define MCTS_UNTIMED_ITERATIONS 10000
#define MCTS_TREE_MB_MAX 4096
#define MCTS_EXPLORATION_MAX 100000

/* The clock is read about this often: the iterations between two reads are
 * worked out from the average iteration so far, which varies from a
 * microsecond (a small board) to a millisecond (a long random game). */
#define MCTS_CLOCK_EVERY_NS UINT64_C(50000)
#define MCTS_CLOCK_MAX_STRIDE 1024

static const struct tourney_param_info mcts_params[MCTS_PARAM_COUNT] = {
    [MCTS_ITERATIONS] =
        {
            .name = "iterations",
            .type = TOURNEY_PARAM_INT,
            .default_value = "0",
            .min = 0,
            .max = MCTS_MAX_ITERATIONS,
            .help =
                "playouts per move, ignoring the clock; 0 iterates until the move's time is spent",
        },
    [MCTS_EXPLORATION] =
        {
            .name = "exploration",
            .type = TOURNEY_PARAM_INT,
            .default_value = "1000",
            .min = 0,
            .max = MCTS_EXPLORATION_MAX,
            .help = "the UCT exploration constant in thousandths (1414 is sqrt 2); 0: greedy",
        },
    [MCTS_ROLLOUT] =
        {
            .name = "rollout",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "knowledge",
            .choices = rollout_choices,
            .help =
                "playouts of random moves, or winning and safe moves first (the game's knowledge)",
        },
    [MCTS_SOLVER] =
        {
            .name = "solver",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help =
                "back proven wins, losses and draws up the tree; a proven root ends the search",
        },
    [MCTS_TREE_MB] =
        {
            .name = "tree_mb",
            .type = TOURNEY_PARAM_INT,
            .default_value = "64",
            .min = 1,
            .max = MCTS_TREE_MB_MAX,
            .help =
                "the tree's memory in MiB, allocated once; when full, playouts start at leaves",
        },
    [MCTS_TIE_BREAK] = SEARCH_TIE_BREAK_PARAM,
};

static int32_t mcts_param_info(const struct tourney_agent_api *api, uint32_t index,
                               struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(mcts_params, MCTS_PARAM_COUNT, index, info);
}

static void mcts_destroy(void *agent)
{
    struct mcts *m = agent;

    if (m == NULL) {
        return;
    }
    root_choice_finish(&m->choice);
    free(m->path);
    free(m->scratch);
    free(m->root_state);
    free(m->nodes);
    search_finish(&m->s);
    free(m);
}

/* Allocates the arena of tree_mb MiB and the buffers of one iteration. */
static int mcts_allocate(struct mcts *m)
{
    struct search *s = &m->s;
    uint64_t count = ((uint64_t)m->tree_mb << 20) / sizeof(struct mcts_node);

    if (count > UINT32_MAX) {
        count = UINT32_MAX;
    }
    /* The root and its children must fit, so that there is always a move. */
    if (count < (uint64_t)s->info.move_limit + 1) {
        search_log(s, TOURNEY_LOG_ERROR, "tree_mb = %lld holds %llu nodes, too few for %d moves",
                   (long long)m->tree_mb, (unsigned long long)count, s->info.move_limit);
        return TOURNEY_ERR_INVALID;
    }
    if (s->info.max_plies > INT32_MAX - 2) {
        search_log(s, TOURNEY_LOG_ERROR, "the game is too long to search");
        return TOURNEY_ERR_INVALID;
    }
    m->capacity = (uint32_t)count;
    m->path_levels = s->info.max_plies + 2;
    m->nodes = malloc((size_t)count * sizeof(struct mcts_node));
    m->root_state = malloc(s->info.state_size);
    m->scratch = malloc((size_t)s->info.move_limit * sizeof(tourney_move));
    m->path = malloc((size_t)m->path_levels * sizeof(uint32_t));
    if (m->nodes == NULL || m->root_state == NULL || m->scratch == NULL || m->path == NULL ||
        root_choice_init(&m->choice, s) != TOURNEY_OK) {
        search_log(s, TOURNEY_LOG_ERROR, "out of memory for a tree of %lld MiB",
                   (long long)m->tree_mb);
        return TOURNEY_ERR_NOMEM;
    }
    return TOURNEY_OK;
}

static int32_t mcts_create(const struct tourney_agent_init *init, void **out)
{
    struct mcts *m = calloc(1, sizeof(*m));
    int err;

    if (m == NULL) {
        search_log_init(init, "mcts: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(&m->s, init, "mcts", false);
    if (err != TOURNEY_OK) {
        free(m);
        return err;
    }
    err = search_check_params(&m->s, init, mcts_params, MCTS_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_destroy;
    }
    m->iterations = init->params[MCTS_ITERATIONS].i;
    m->exploration = (double)init->params[MCTS_EXPLORATION].i / 1000.0;
    m->solver = init->params[MCTS_SOLVER].i != 0;
    m->tree_mb = init->params[MCTS_TREE_MB].i;
    m->tie_break = (int)init->params[MCTS_TIE_BREAK].i;
    if (init->params[MCTS_ROLLOUT].i == MCTS_ROLLOUT_KNOWLEDGE) {
        mcts_take_knowledge(m, init->game_api);
        if (m->winning_move == NULL) {
            search_log(&m->s, TOURNEY_LOG_INFO,
                       "the game has no winning_move, so the playouts are random");
        }
    }
    err = mcts_allocate(m);
    if (err != TOURNEY_OK) {
        goto err_destroy;
    }
    *out = m;
    return TOURNEY_OK;

err_destroy:
    mcts_destroy(m);
    return err;
}

/* Iterations to run before the next look at the clock, after `done` of
 * them took `elapsed_ns`. */
static int64_t clock_stride(int64_t done, uint64_t elapsed_ns)
{
    uint64_t per_iteration = elapsed_ns / (uint64_t)done;
    uint64_t stride;

    if (per_iteration == 0) {
        return MCTS_CLOCK_MAX_STRIDE;
    }
    stride = MCTS_CLOCK_EVERY_NS / per_iteration;
    if (stride < 1) {
        return 1;
    }
    return stride > MCTS_CLOCK_MAX_STRIDE ? MCTS_CLOCK_MAX_STRIDE : (int64_t)stride;
}

static int32_t mcts_choose_move(void *agent, const void *state,
                                const struct tourney_move_request *request,
                                struct tourney_move_report *report, tourney_move *move)
{
    struct mcts *m = agent;
    struct search *s = &m->s;
    bool timed;
    int64_t limit = m->iterations;
    int64_t next_check;
    int64_t done;
    uint64_t start = 0;
    uint64_t stop = 0;
    int32_t score;
    int me;
    int n;

    n = search_begin(s, state, request, report);
    if (n < 0) {
        return n;
    }
    /* When to stop is the time rule every agent shares (search.h); a
     * deadline of 0 is no deadline. */
    stop = search_time_for(request, s->info.max_plies).stop_ns;
    timed = m->iterations == 0 && stop != 0;
    memcpy(m->root_state, s->state, s->info.state_size);
    me = s->api->to_move(s->game, s->state);
    if (!mcts_tree_reset(m, search_moves(s, 0), n)) {
        search_log(s, TOURNEY_LOG_ERROR, "no room in the tree for the root's moves");
        return TOURNEY_ERR_INTERNAL;
    }
    if (limit == 0) {
        limit = timed ? MCTS_MAX_ITERATIONS : MCTS_UNTIMED_ITERATIONS;
    }
    if (timed) {
        start = s->host->now_ns(s->host_context);
    }
    /* Against the clock, every root move is tried once before the first
     * look at it, so that a win at once is always seen. */
    next_check = n;
    for (done = 0; done < limit && !mcts_settled(m); done++) {
        if (timed && done >= next_check) {
            uint64_t now = s->host->now_ns(s->host_context);

            if (now >= stop) {
                break;
            }
            next_check = done + clock_stride(done, now - start);
        }
        mcts_iterate(m);
    }

    *move = mcts_choose_root_move(m, me, &score);
    /* Nodes are iterations: one playout, or one exact result, each. */
    s->nodes = (uint64_t)done;
    search_report(s, report, score);
    /* The selective depth is the deepest selection path of the move's
     * iterations: the most plies from the root down to the node where an
     * iteration's walk stopped (where its playout started, or where the
     * game was over or proven), playouts not counted; 1 when every
     * iteration stopped at a root move. It is the depth mcts reports too
     * (mcts_iterate keeps it in max_ply): a tree search that deepens
     * where its iterations go has no nominal depth below it. */
    search_report_seldepth(report, s->max_ply);
    return TOURNEY_OK;
}

static const struct tourney_agent_api mcts_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "mcts",
    .description = "Monte Carlo tree search (UCT) with playouts, within the time budget",
    .param_count = MCTS_PARAM_COUNT,
    .create = mcts_create,
    .destroy = mcts_destroy,
    .choose_move = mcts_choose_move,
    .get_param_info = mcts_param_info,
    .id = "org.tourney.mcts",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(mcts_api)
