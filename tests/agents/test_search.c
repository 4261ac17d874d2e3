/*
 * tests/agents/test_search.c - the agent plugins as built, driven through the ABI
 * with a fake host: exact node counts and values of the searches, their
 * agreement with each other, tie-breaking, the time budget, and whole games
 * of tic-tac-toe.
 *
 * Set TOURNEY_TEST_QUICK in the environment to skip the long tests (for
 * valgrind).
 */
#include "test.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/fake_host.h>
#include <tourney/tourney.h>

#include "search_harness.h"

/* An hour: a budget that never runs out in a test. */
#define NO_HURRY_NS (UINT64_C(3600) * UINT64_C(1000000000))

/* The full game tree of tic-tac-toe, the empty board included. */
#define TTT_TREE_NODES UINT64_C(549946)

/* The 4x4, k = 4 position of the negamax articles: o to move wins at 7. */
#define POSITION_4X4 "x x x . / o o o . / x . . . / . . . ."
#define POSITION_4X4_NEGAMAX_NODES UINT64_C(348149)
#define POSITION_4X4_ALPHABETA_NODES UINT64_C(562)

/* negamax-ab-ids with every speed-up off: the textbook alpha-beta, whose
 * node counts are exact. tests/agents/test_search_speedups.c tests the speed-ups. */
#define AB_PLAIN "ordering=false tt_mb=0 window=full knowledge=false"

enum agent_index {
    FIRST_OPEN,
    RANDOM,
    MINIMAX,
    NEGAMAX,
    AB_IDS,
    AGENT_COUNT,
};

static const char *const agent_names[AGENT_COUNT] = {
    [FIRST_OPEN] = "first-open", [RANDOM] = "random",         [MINIMAX] = "minimax",
    [NEGAMAX] = "negamax",       [AB_IDS] = "negamax-ab-ids",
};

/* The plugins, loaded once for the whole group. */
static struct {
    void *game_handle;
    const struct tourney_game_api *game_api;
    void *agent_handles[AGENT_COUNT];
    const struct tourney_agent_api *agents[AGENT_COUNT];
} plugins;

/* A created game with a scratch state. */
struct game {
    const struct tourney_game_api *api;
    void *instance;
    struct tourney_game_info info;
};

/* A created agent with everything its init points to, kept in one heap
 * block so that the pointers stay valid while it lives. */
struct agent {
    struct tourney_fake_agent fake;
    struct tourney_param_value values[HARNESS_MAX_PARAMS];
};

static bool quick(void)
{
    return getenv("TOURNEY_TEST_QUICK") != NULL;
}

static void *load(const char *dir, const char *name, const char *symbol)
{
    char path[1024];
    void *handle;

    snprintf(path, sizeof(path), "%s/%s.so", dir, name);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    if (dlsym(handle, symbol) == NULL) {
        fprintf(stderr, "%s has no %s: %s\n", path, symbol, dlerror());
        dlclose(handle);
        return NULL;
    }
    return handle;
}

static int group_setup(void **state)
{
    tourney_game_entry_fn game_entry;

    (void)state;
    plugins.game_handle = load(TOURNEY_TEST_GAME_DIR, "mnk", TOURNEY_GAME_ENTRY_SYMBOL);
    if (plugins.game_handle == NULL) {
        return -1;
    }
    /* POSIX allows this conversion of dlsym's result. */
    *(void **)&game_entry = dlsym(plugins.game_handle, TOURNEY_GAME_ENTRY_SYMBOL);
    plugins.game_api = game_entry();
    for (int i = 0; i < AGENT_COUNT; i++) {
        tourney_agent_entry_fn entry;

        plugins.agent_handles[i] =
            load(TOURNEY_TEST_AGENT_DIR, agent_names[i], TOURNEY_AGENT_ENTRY_SYMBOL);
        if (plugins.agent_handles[i] == NULL) {
            return -1;
        }
        *(void **)&entry = dlsym(plugins.agent_handles[i], TOURNEY_AGENT_ENTRY_SYMBOL);
        plugins.agents[i] = entry();
    }
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    for (int i = 0; i < AGENT_COUNT; i++) {
        if (plugins.agent_handles[i] != NULL) {
            dlclose(plugins.agent_handles[i]);
        }
    }
    if (plugins.game_handle != NULL) {
        dlclose(plugins.game_handle);
    }
    return 0;
}

/* ---- games ---------------------------------------------------------------- */

static struct game *game_new(int rows, int cols, int k)
{
    struct game *g = test_calloc(1, sizeof(*g));
    struct tourney_param_value values[3] = {{rows}, {cols}, {k}};
    char error[256] = "";

    assert_int_equal(plugins.game_api->param_count, 3);
    g->api = plugins.game_api;
    assert_int_equal(g->api->create(values, &g->instance, &g->info, error, sizeof(error)),
                     TOURNEY_OK);
    return g;
}

static void game_free(struct game *g)
{
    g->api->destroy(g->instance);
    test_free(g);
}

/* A new state: the start when `text` is NULL, else the position it reads. */
static unsigned char *state_new(const struct game *g, const char *text)
{
    unsigned char *state = test_malloc(g->info.state_size);

    if (text == NULL) {
        g->api->initial_state(g->instance, state);
    } else {
        assert_int_equal(g->api->parse_state(g->instance, text, state), TOURNEY_OK);
    }
    return state;
}

static bool is_legal(const struct game *g, const void *state, tourney_move move)
{
    tourney_move *moves = test_malloc((size_t)g->info.move_limit * sizeof(*moves));
    int n = g->api->legal_moves(g->instance, state, moves);
    bool found = false;

    for (int i = 0; i < n; i++) {
        found = found || moves[i] == move;
    }
    test_free(moves);
    return found;
}

/* ---- agents --------------------------------------------------------------- */

/* The parameter descriptions of API, read through its get_param_info. */
static int describe_params(const struct tourney_agent_api *api, struct tourney_param_info *descs)
{
    char error[256];
    int count = harness_agent_params(api, descs, error, sizeof(error));

    if (count < 0) {
        fail_msg("%s: %s", api->name, error);
    }
    return count;
}

/* Fills parameter values from the defaults, then from `overrides`, a string
 * of key=value words such as "depth=3 tie_break=random". */
static void set_params(const struct tourney_agent_api *api, struct tourney_param_value *values,
                       const char *overrides)
{
    struct tourney_param_info descs[HARNESS_MAX_PARAMS];
    int count = describe_params(api, descs);
    char error[256];

    if (harness_params(descs, (size_t)count, values, overrides, error, sizeof(error)) != 0) {
        fail_msg("%s: %s", api->name, error);
    }
}

/* Creates agent `which` for game `g`; returns the create status in *status
 * when `status` is not NULL, else insists on success. */
static struct agent *agent_try(enum agent_index which, const struct game *g, const char *params,
                               uint64_t seed, int seat, int *status)
{
    struct agent *a = test_calloc(1, sizeof(*a));
    int err;

    set_params(plugins.agents[which], a->values, params);
    err = tourney_fake_agent_create(&a->fake, plugins.agents[which], g->api, g->instance, &g->info,
                                    a->values, seat, seed);
    if (status != NULL) {
        *status = err;
    } else {
        assert_int_equal(err, TOURNEY_OK);
    }
    return a;
}

static struct agent *agent_new(enum agent_index which, const struct game *g, const char *params,
                               uint64_t seed)
{
    return agent_try(which, g, params, seed, 0, NULL);
}

static void agent_free(struct agent *a)
{
    a->fake.api->destroy(a->fake.instance);
    test_free(a);
}

/* Asks for a move of `budget_ns` of which `left_ns` are left, checks that
 * it is legal and that the agent left the position alone, and returns it
 * with the report. */
static tourney_move choose_late(struct agent *a, const struct game *g, const void *state,
                                uint64_t budget_ns, uint64_t left_ns,
                                struct tourney_move_report *report)
{
    struct tourney_move_request request = {
        .struct_size = sizeof(request),
        .budget_ns = budget_ns,
        .deadline_ns = tourney_fake_now_ns() + left_ns,
    };
    unsigned char *before = test_malloc(g->info.state_size);
    tourney_move move = -1;

    memcpy(before, state, g->info.state_size);
    memset(report, 0, sizeof(*report));
    report->struct_size = sizeof(*report);
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, state, &request, report, &move),
                     TOURNEY_OK);
    assert_memory_equal(before, state, g->info.state_size);
    assert_true(is_legal(g, state, move));
    assert_true(report->nodes >= 1);
    test_free(before);
    return move;
}

/* Asks for a move within `budget_ns`, all of it left. */
static tourney_move choose_within(struct agent *a, const struct game *g, const void *state,
                                  uint64_t budget_ns, struct tourney_move_report *report)
{
    return choose_late(a, g, state, budget_ns, budget_ns, report);
}

static tourney_move choose(struct agent *a, const struct game *g, const void *state,
                           struct tourney_move_report *report)
{
    return choose_within(a, g, state, NO_HURRY_NS, report);
}

/* One search from a position by a freshly created agent. */
struct outcome {
    tourney_move move;
    struct tourney_move_report report;
};

static struct outcome search_once(enum agent_index which, const struct game *g,
                                  const char *position, const char *params, uint64_t seed)
{
    struct outcome out;
    unsigned char *state = state_new(g, position);
    struct agent *a = agent_new(which, g, params, seed);

    out.move = choose(a, g, state, &out.report);
    agent_free(a);
    test_free(state);
    return out;
}

/* ---- descriptors and lifecycle -------------------------------------------- */

static void test_descriptors(void **state)
{
    (void)state;
    for (int i = 0; i < AGENT_COUNT; i++) {
        const struct tourney_agent_api *api = plugins.agents[i];

        assert_int_equal(api->header.abi_major, TOURNEY_ABI_MAJOR);
        assert_int_equal(api->header.abi_minor, TOURNEY_ABI_MINOR);
        assert_int_equal(api->header.struct_size, sizeof(*api));
        assert_int_equal(api->header.kind, TOURNEY_KIND_AGENT);
        assert_string_equal(api->name, agent_names[i]);
        assert_non_null(api->description);
        assert_non_null(api->create);
        assert_non_null(api->destroy);
        assert_non_null(api->choose_move);
        char id[64];
        snprintf(id, sizeof(id), "org.tourney.%s", agent_names[i]);
        assert_string_equal(api->id, id);
        assert_string_equal(api->version, "1.0.0");
        assert_null(api->legacy_params);

        struct tourney_param_info descs[HARNESS_MAX_PARAMS];
        struct tourney_param_value values[HARNESS_MAX_PARAMS];
        int count = describe_params(api, descs);
        char error[256];
        for (int p = 0; p < count; p++) {
            assert_non_null(descs[p].name);
            assert_non_null(descs[p].help);
            assert_non_null(descs[p].default_value);
        }
        /* Every default is one of the values the parameter allows. */
        assert_int_equal(harness_params(descs, (size_t)count, values, NULL, error, sizeof(error)),
                         0);
        /* Past the last parameter there is nothing to describe. */
        descs[0].struct_size = sizeof(descs[0]);
        assert_int_equal(api->get_param_info == NULL
                             ? TOURNEY_ERR_INVALID
                             : api->get_param_info(api, (uint32_t)count, &descs[0]),
                         TOURNEY_ERR_INVALID);
        api->destroy(NULL);
    }
    assert_int_equal(plugins.agents[FIRST_OPEN]->param_count, 0);
    assert_int_equal(plugins.agents[RANDOM]->param_count, 0);
}

static void test_bad_params_are_refused(void **state)
{
    struct game *g = game_new(3, 3, 3);
    static const struct {
        enum agent_index agent;
        const char *param;
        int64_t value;
    } cases[] = {
        {MINIMAX, "depth", -1},    {NEGAMAX, "depth", 1000000}, {NEGAMAX, "tie_break", 2},
        {AB_IDS, "max_depth", -3}, {AB_IDS, "iterative", 2},    {AB_IDS, "tie_break", -1},
        {AB_IDS, "ordering", 2},   {AB_IDS, "tt_mb", -1},       {AB_IDS, "tt_mb", 4097},
        {AB_IDS, "window", 3},     {AB_IDS, "knowledge", -1},
    };

    (void)state;
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        struct agent *a = test_calloc(1, sizeof(*a));
        const struct tourney_agent_api *api = plugins.agents[cases[c].agent];

        struct tourney_param_info descs[HARNESS_MAX_PARAMS];
        int count = describe_params(api, descs);

        set_params(api, a->values, NULL);
        for (int i = 0; i < count; i++) {
            if (strcmp(descs[i].name, cases[c].param) == 0) {
                a->values[i].i = cases[c].value;
            }
        }
        assert_int_equal(tourney_fake_agent_create(&a->fake, api, g->api, g->instance, &g->info,
                                                   a->values, 0, 1),
                         TOURNEY_ERR_INVALID);
        assert_null(a->fake.instance);
        assert_int_equal(a->fake.host.log_count, 1);
        assert_int_equal(a->fake.host.last_level, TOURNEY_LOG_ERROR);
        assert_non_null(strstr(a->fake.host.last_message, cases[c].param));
        test_free(a);
    }
    game_free(g);
}

static void test_bad_structs_are_refused(void **state)
{
    struct game *g = game_new(3, 3, 3);
    unsigned char *board = state_new(g, NULL);

    (void)state;
    for (int i = 0; i < AGENT_COUNT; i++) {
        struct agent *a = agent_new((enum agent_index)i, g, NULL, 1);
        struct tourney_move_request request = {
            .struct_size = sizeof(request),
            .budget_ns = NO_HURRY_NS,
            .deadline_ns = tourney_fake_now_ns() + NO_HURRY_NS,
        };
        struct tourney_move_report report;
        tourney_move move = -1;
        int err;

        /* A runner that forgot the report's size must hear about it. */
        memset(&report, 0, sizeof(report));
        assert_int_equal(
            a->fake.api->choose_move(a->fake.instance, board, &request, &report, &move),
            TOURNEY_ERR_INVALID);
        assert_int_equal(a->fake.host.log_count, 1);
        agent_free(a);

        /* An init struct from an unknown, smaller ABI. */
        a = agent_try((enum agent_index)i, g, NULL, 1, 0, &err);
        a->fake.api->destroy(a->fake.instance);
        a->fake.init.struct_size = 8;
        a->fake.instance = NULL;
        assert_int_equal(a->fake.api->create(&a->fake.init, &a->fake.instance),
                         TOURNEY_ERR_INVALID);
        assert_null(a->fake.instance);
        test_free(a);
    }
    test_free(board);
    game_free(g);
}

/* ---- the two simple agents ------------------------------------------------ */

static void test_first_open(void **state)
{
    struct game *g = game_new(4, 4, 4);
    struct outcome out;

    (void)state;
    out = search_once(FIRST_OPEN, g, NULL, NULL, 1);
    assert_int_equal(out.move, 0);
    assert_int_equal(out.report.nodes, 1);
    assert_int_equal(out.report.depth, 0);
    assert_int_equal(out.report.has_score, 0);
    out = search_once(FIRST_OPEN, g, POSITION_4X4, NULL, 1);
    assert_int_equal(out.move, 3);
    game_free(g);
}

static void test_random(void **state)
{
    struct game *g = game_new(3, 3, 3);
    unsigned char *board = state_new(g, NULL);
    struct agent *a = agent_new(RANDOM, g, NULL, 42);
    struct agent *b = agent_new(RANDOM, g, NULL, 42);
    int counts[9] = {0};
    struct tourney_move_report report;
    const int draws = 9000;

    (void)state;
    for (int i = 0; i < draws; i++) {
        tourney_move move = choose(a, g, board, &report);

        /* The same seed replays the same choices. */
        assert_int_equal(choose(b, g, board, &report), move);
        counts[move]++;
    }
    assert_true(a->fake.host.random_calls >= (uint64_t)draws);
    /* 1000 expected each; the standard deviation is about 30. */
    for (int m = 0; m < 9; m++) {
        assert_in_range(counts[m], 850, 1150);
    }
    assert_int_equal(report.nodes, 1);
    assert_int_equal(report.has_score, 0);
    agent_free(b);
    agent_free(a);
    test_free(board);
    game_free(g);
}

/* ---- exact figures -------------------------------------------------------- */

static void test_full_tree_3x3(void **state)
{
    struct game *g = game_new(3, 3, 3);
    static const enum agent_index agents[] = {MINIMAX, NEGAMAX};

    (void)state;
    for (size_t i = 0; i < sizeof(agents) / sizeof(agents[0]); i++) {
        struct outcome out = search_once(agents[i], g, NULL, NULL, 1);

        assert_int_equal(out.report.nodes, TTT_TREE_NODES);
        assert_int_equal(out.report.score, 0);
        assert_int_equal(out.report.has_score, 1);
        assert_int_equal(out.report.depth, 9);
        /* Every first move draws; "lowest" takes the first. */
        assert_int_equal(out.move, 0);
    }
    game_free(g);
}

static void test_4x4_negamax(void **state)
{
    struct game *g = game_new(4, 4, 4);
    struct outcome out;

    (void)state;
    out = search_once(NEGAMAX, g, POSITION_4X4, NULL, 1);
    assert_int_equal(out.move, 7);
    assert_int_equal(out.report.nodes, POSITION_4X4_NEGAMAX_NODES);
    assert_int_equal(out.report.score, TOURNEY_SCORE_WIN - 1);
    assert_int_equal(out.report.depth, 9);
    out = search_once(MINIMAX, g, POSITION_4X4, NULL, 1);
    assert_int_equal(out.move, 7);
    assert_int_equal(out.report.nodes, POSITION_4X4_NEGAMAX_NODES);
    assert_int_equal(out.report.score, TOURNEY_SCORE_WIN - 1);
    game_free(g);
}

static void test_4x4_alphabeta(void **state)
{
    struct game *g = game_new(4, 4, 4);
    struct outcome out;

    (void)state;
    out = search_once(AB_IDS, g, POSITION_4X4, "iterative=false " AB_PLAIN, 1);
    assert_int_equal(out.move, 7);
    assert_int_equal(out.report.nodes, POSITION_4X4_ALPHABETA_NODES);
    assert_int_equal(out.report.score, TOURNEY_SCORE_WIN - 1);
    /* The same search, asked for the depth explicitly. */
    out = search_once(AB_IDS, g, POSITION_4X4, "iterative=false max_depth=16 " AB_PLAIN, 1);
    assert_int_equal(out.report.nodes, POSITION_4X4_ALPHABETA_NODES);
    game_free(g);
}

/* max_nodes: the search that needs 562 positions finishes within 562, and
 * within 561 is abandoned after exactly 561 with no score and the lowest
 * legal move (3), not the winning one (7). */
static void test_node_budget(void **state)
{
    struct game *g = game_new(4, 4, 4);
    struct outcome out;

    (void)state;
    out = search_once(AB_IDS, g, POSITION_4X4, "iterative=false max_nodes=562 " AB_PLAIN, 1);
    assert_int_equal(out.move, 7);
    assert_int_equal(out.report.nodes, POSITION_4X4_ALPHABETA_NODES);
    assert_int_equal(out.report.has_score, 1);
    assert_int_equal(out.report.score, TOURNEY_SCORE_WIN - 1);
    out = search_once(AB_IDS, g, POSITION_4X4, "iterative=false max_nodes=561 " AB_PLAIN, 1);
    assert_int_equal(out.move, 3);
    assert_int_equal(out.report.nodes, POSITION_4X4_ALPHABETA_NODES - 1);
    assert_int_equal(out.report.has_score, 0);
    assert_int_equal(out.report.depth, 0);
    out = search_once(AB_IDS, g, POSITION_4X4, "iterative=false max_nodes=1 " AB_PLAIN, 1);
    assert_int_equal(out.move, 3);
    assert_int_equal(out.report.nodes, 1);
    assert_int_equal(out.report.has_score, 0);
    game_free(g);
}

static void test_4x4_ids_stops_at_proven_win(void **state)
{
    struct game *g = game_new(4, 4, 4);
    struct outcome out;

    (void)state;
    out = search_once(AB_IDS, g, POSITION_4X4, NULL, 1);
    assert_int_equal(out.move, 7);
    assert_true(out.report.score >= TOURNEY_SCORE_PROVEN);
    assert_int_equal(out.report.score, TOURNEY_SCORE_WIN - 1);
    /* The win in one is found by the first iteration, which stops it: the
     * root and its nine moves. */
    assert_int_equal(out.report.depth, 1);
    assert_int_equal(out.report.nodes, 10);
    game_free(g);
}

static void test_ids_stops_at_proven_loss(void **state)
{
    struct game *g = game_new(3, 3, 3);
    /* x threatens 2 and 6 at once; o cannot win first. */
    const char *lost = "x x . / x o . / . . o";
    struct outcome ids;
    struct outcome full;

    (void)state;
    ids = search_once(AB_IDS, g, lost, "knowledge=false", 1);
    full = search_once(NEGAMAX, g, lost, NULL, 1);
    assert_int_equal(ids.report.score, -(TOURNEY_SCORE_WIN - 2));
    assert_int_equal(full.report.score, ids.report.score);
    assert_int_equal(ids.move, full.move);
    assert_int_equal(ids.report.depth, 2);
    /* With the game's safe_moves, the first iteration already sees that
     * every move lets x win at once. */
    struct outcome knowing = search_once(AB_IDS, g, lost, NULL, 1);
    assert_int_equal(knowing.report.score, -(TOURNEY_SCORE_WIN - 2));
    assert_int_equal(knowing.move, full.move);
    assert_int_equal(knowing.report.depth, 1);
    game_free(g);
}

static void test_ids_stops_when_nothing_is_cut_off(void **state)
{
    struct game *g = game_new(3, 3, 3);
    struct outcome nine;
    struct outcome twenty;

    (void)state;
    nine = search_once(AB_IDS, g, NULL, "max_depth=9 use_time_budget=false", 1);
    twenty = search_once(AB_IDS, g, NULL, "max_depth=20 use_time_budget=false", 1);
    /* Iteration 9 reaches the end of every line; a tenth would repeat it. */
    assert_int_equal(nine.report.depth, 9);
    assert_int_equal(twenty.report.depth, 9);
    assert_int_equal(twenty.report.nodes, nine.report.nodes);
    assert_int_equal(twenty.report.score, 0);
    assert_int_equal(twenty.move, 0);
    /* Each iteration looks at the root again, and all nine add up. */
    assert_true(nine.report.nodes > 9);
    game_free(g);
}

/* seldepth, the deepest ply any iteration reached: on the empty 3x3 board,
 * with the textbook alpha-beta and a node budget that runs out 10 positions
 * into iteration 5, the last finished iteration is 4 plies deep and the
 * abandoned one reached ply 5 on its first line. A search that finishes
 * reaches no deeper than its depth; one abandoned at the root reached ply 0.
 * A runner whose report ends before the field gets nothing written there. */
static void test_ids_reports_seldepth(void **state)
{
    struct game *g = game_new(3, 3, 3);
    struct outcome four;
    struct outcome cut;
    struct outcome nine;
    char params[128];

    (void)state;
    four = search_once(AB_IDS, g, NULL, "max_depth=4 " AB_PLAIN, 1);
    assert_int_equal(four.report.depth, 4);
    assert_int_equal(four.report.has_seldepth, 1);
    assert_int_equal(four.report.seldepth, 4);
    assert_int_equal(four.report.nodes, 848);
    snprintf(params, sizeof(params), "max_nodes=%llu " AB_PLAIN,
             (unsigned long long)four.report.nodes + 10);
    cut = search_once(AB_IDS, g, NULL, params, 1);
    assert_int_equal(cut.report.nodes, four.report.nodes + 10);
    assert_int_equal(cut.report.depth, 4);
    assert_int_equal(cut.report.has_seldepth, 1);
    assert_int_equal(cut.report.seldepth, 5);
    nine = search_once(AB_IDS, g, NULL, "max_depth=9 use_time_budget=false", 1);
    assert_int_equal(nine.report.depth, 9);
    assert_int_equal(nine.report.seldepth, 9);
    cut = search_once(AB_IDS, g, NULL, "iterative=false max_nodes=1 " AB_PLAIN, 1);
    assert_int_equal(cut.report.has_score, 0);
    assert_int_equal(cut.report.has_seldepth, 1);
    assert_int_equal(cut.report.seldepth, 0);

    unsigned char *board = state_new(g, NULL);
    struct agent *a = agent_new(AB_IDS, g, "max_depth=4 " AB_PLAIN, 1);
    struct tourney_move_request request = {
        .struct_size = sizeof(request),
        .budget_ns = NO_HURRY_NS,
        .deadline_ns = tourney_fake_now_ns() + NO_HURRY_NS,
    };
    struct tourney_move_report older;
    tourney_move move = -1;
    memset(&older, 0x5a, sizeof(older));
    older.struct_size = (uint32_t)offsetof(struct tourney_move_report, seldepth);
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, board, &request, &older, &move),
                     TOURNEY_OK);
    assert_int_equal(older.depth, 4);
    assert_int_equal(older.seldepth, 0x5a5a5a5a);
    assert_int_equal(older.has_seldepth, 0x5a5a5a5a);
    agent_free(a);
    test_free(board);
    game_free(g);
}

static void test_negamax_depth_reported(void **state)
{
    struct game *g = game_new(3, 3, 3);
    struct outcome out;

    (void)state;
    for (int depth = 1; depth <= 9; depth++) {
        char params[32];

        snprintf(params, sizeof(params), "depth=%d", depth);
        out = search_once(NEGAMAX, g, NULL, params, 1);
        assert_int_equal(out.report.depth, depth);
    }
    game_free(g);
}

/* ---- agreement at every depth --------------------------------------------- */

static void test_depths_agree(void **state)
{
    static const struct {
        int rows, cols, k;
        const char *position; /* NULL for the start */
        int max_depth;
    } cases[] = {
        {3, 3, 3, NULL, 9},
        {3, 3, 3, "x . . / . o . / . . .", 7},
        {3, 3, 3, "x o x / . o . / . . .", 5},
        {3, 3, 3, "x x . / o . . / . . .", 6},
        {3, 3, 3, "x x . / x o . / . . o", 4},
        {4, 4, 4, POSITION_4X4, 9},
        {4, 4, 3, "x . . . / . o . . / . . . . / . . . .", 5},
        {4, 4, 4, NULL, 4},
    };

    (void)state;
    if (quick()) {
        skip();
    }
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        struct game *g = game_new(cases[c].rows, cases[c].cols, cases[c].k);

        for (int depth = 1; depth <= cases[c].max_depth; depth++) {
            char params[160];
            struct outcome mm;
            struct outcome nm;
            struct outcome ab;
            struct outcome plain;
            struct outcome ids;

            snprintf(params, sizeof(params), "depth=%d", depth);
            mm = search_once(MINIMAX, g, cases[c].position, params, 1);
            nm = search_once(NEGAMAX, g, cases[c].position, params, 1);
            snprintf(params, sizeof(params), "max_depth=%d iterative=false", depth);
            ab = search_once(AB_IDS, g, cases[c].position, params, 1);
            snprintf(params, sizeof(params), "max_depth=%d iterative=false " AB_PLAIN, depth);
            plain = search_once(AB_IDS, g, cases[c].position, params, 1);
            snprintf(params, sizeof(params), "max_depth=%d use_time_budget=false", depth);
            ids = search_once(AB_IDS, g, cases[c].position, params, 1);

            assert_int_equal(mm.move, nm.move);
            assert_int_equal(mm.report.score, nm.report.score);
            assert_int_equal(mm.report.nodes, nm.report.nodes);
            assert_int_equal(mm.report.depth, nm.report.depth);
            assert_int_equal(ab.report.score, nm.report.score);
            assert_int_equal(ab.move, nm.move);
            /* Plain alpha-beta never visits more than negamax; with the
             * speed-ups on, a null-window re-search may, on tiny trees (52
             * nodes against 50 at depth 2 after "x . . / . o ."). */
            assert_int_equal(plain.report.score, nm.report.score);
            assert_int_equal(plain.move, nm.move);
            assert_true(plain.report.nodes <= nm.report.nodes);
            assert_int_equal(ids.report.score, nm.report.score);
            assert_int_equal(ids.move, nm.move);
        }
        game_free(g);
    }
}

/* ---- tie-breaking --------------------------------------------------------- */

/* Every first move of tic-tac-toe draws: with tie_break=random the searching
 * agents spread over them, each seed replaying its own choice. */
static void test_tie_break_random_full_depth(void **state)
{
    static const enum agent_index agents[] = {MINIMAX, NEGAMAX, AB_IDS};
    struct game *g;

    (void)state;
    if (quick()) {
        skip();
    }
    g = game_new(3, 3, 3);
    for (size_t i = 0; i < sizeof(agents) / sizeof(agents[0]); i++) {
        bool seen[9] = {false};
        int distinct = 0;

        for (uint64_t seed = 1; seed <= 8; seed++) {
            struct outcome first = search_once(agents[i], g, NULL, "tie_break=random", seed);
            struct outcome again = search_once(agents[i], g, NULL, "tie_break=random", seed);

            assert_int_equal(first.move, again.move);
            assert_int_equal(first.report.score, 0);
            if (!seen[first.move]) {
                seen[first.move] = true;
                distinct++;
            }
        }
        assert_true(distinct > 1);
    }
    game_free(g);
}

/* After x takes the centre the corners are alike, and so are the edges: at
 * depth 1 the best moves are a whole class of them. */
static void test_tie_break_depth_one(void **state)
{
    static const enum agent_index agents[] = {MINIMAX, NEGAMAX, AB_IDS};
    static const char *const depth_one[] = {"depth=1", "depth=1", "max_depth=1"};
    const char *centre = ". . . / . x . / . . .";
    struct game *g = game_new(3, 3, 3);

    (void)state;
    for (size_t i = 0; i < sizeof(agents) / sizeof(agents[0]); i++) {
        char params[64];
        struct outcome lowest = search_once(agents[i], g, centre, depth_one[i], 1);
        bool corner = lowest.move == 0;
        int distinct = 0;
        bool seen[9] = {false};

        /* "lowest" takes the first of its class: 0 or 1. */
        assert_true(lowest.move == 0 || lowest.move == 1);
        snprintf(params, sizeof(params), "%s tie_break=random", depth_one[i]);
        for (uint64_t seed = 1; seed <= 16; seed++) {
            struct outcome out = search_once(agents[i], g, centre, params, seed);

            assert_int_equal(out.report.score, lowest.report.score);
            /* Corners are even cells, edges odd ones. */
            assert_int_equal(out.move % 2 == 0, corner);
            if (!seen[out.move]) {
                seen[out.move] = true;
                distinct++;
            }
        }
        assert_true(distinct > 1);
    }
    game_free(g);
}

/* ---- the time budget ------------------------------------------------------ */

static void test_ids_time_budget(void **state)
{
    struct game *g3 = game_new(3, 3, 3);
    struct game *g4 = game_new(4, 4, 4);
    unsigned char *empty3 = state_new(g3, NULL);
    unsigned char *empty4 = state_new(g4, NULL);
    struct tourney_move_report full;
    struct tourney_move_report hurried;
    struct tourney_move_report report;
    struct agent *a;

    (void)state;
    a = agent_new(AB_IDS, g3, NULL, 1);
    choose(a, g3, empty3, &full);
    /* A budget spent before the search starts leaves the first iteration,
     * which always finishes: the root and its nine moves. */
    choose_within(a, g3, empty3, 1, &hurried);
    assert_int_equal(hurried.depth, 1);
    assert_int_equal(hurried.nodes, 10);
    assert_true(hurried.nodes < full.nodes);
    assert_true(full.depth == 9);
    agent_free(a);

    /* Told to ignore the clock, it searches as if it had all the time. */
    a = agent_new(AB_IDS, g3, "use_time_budget=false", 1);
    choose_within(a, g3, empty3, 1, &report);
    assert_int_equal(report.nodes, full.nodes);
    assert_int_equal(report.depth, 9);
    agent_free(a);

    /* The time rule (search_time_for) stops 5 ms before the end of a
     * 100 ms move: with 4 ms left, no iteration begins after the first,
     * which is the root and its sixteen moves, however quick the machine. */
    a = agent_new(AB_IDS, g4, NULL, 1);
    choose_late(a, g4, empty4, UINT64_C(100000000), UINT64_C(4000000), &report);
    assert_int_equal(report.depth, 1);
    assert_int_equal(report.nodes, 17);
    agent_free(a);

    /* On the empty 4x4 board a full search takes far longer than 20 ms: the
     * clock must stop it inside an iteration, leaving a finished one. */
    a = agent_new(AB_IDS, g4, NULL, 1);
    choose_within(a, g4, empty4, UINT64_C(20000000), &report);
    assert_true(report.depth >= 1);
    assert_true(report.depth < 16);
    assert_int_equal(report.has_score, 1);
    agent_free(a);

    test_free(empty4);
    test_free(empty3);
    game_free(g4);
    game_free(g3);
}

/* ---- whole games ---------------------------------------------------------- */

struct player {
    enum agent_index agent;
    const char *params;
};

/* Plays one game between two agents, each created for its seat with its own
 * random stream; returns the final status. */
static int play(const struct game *g, const struct player *seats, uint64_t seed)
{
    unsigned char *board = state_new(g, NULL);
    struct agent *agents[2];
    int plies = 0;
    int status;

    for (int seat = 0; seat < 2; seat++) {
        int err;

        agents[seat] = agent_try(seats[seat].agent, g, seats[seat].params,
                                 seed * 2 + (uint64_t)seat, seat, &err);
        assert_int_equal(err, TOURNEY_OK);
    }
    while ((status = g->api->status(g->instance, board)) == TOURNEY_ONGOING) {
        int seat = g->api->to_move(g->instance, board);
        struct tourney_move_report report;
        tourney_move move = choose(agents[seat], g, board, &report);

        g->api->apply(g->instance, board, move);
        plies++;
        assert_true(plies <= g->info.max_plies);
    }
    agent_free(agents[1]);
    agent_free(agents[0]);
    test_free(board);
    return status;
}

static const struct player searchers[] = {
    {MINIMAX, "tie_break=random"},
    {NEGAMAX, "tie_break=random"},
    {AB_IDS, "tie_break=random"},
    {AB_IDS, NULL},
};

static void test_searchers_never_lose(void **state)
{
    static const struct player weak[] = {{FIRST_OPEN, NULL}, {RANDOM, NULL}};
    struct game *g;
    const int games = 20;

    (void)state;
    if (quick()) {
        skip();
    }
    g = game_new(3, 3, 3);
    for (size_t s = 0; s < sizeof(searchers) / sizeof(searchers[0]); s++) {
        for (size_t w = 0; w < sizeof(weak) / sizeof(weak[0]); w++) {
            for (int seat = 0; seat < 2; seat++) {
                int lost = seat == 0 ? TOURNEY_WIN_SECOND : TOURNEY_WIN_FIRST;

                for (int i = 0; i < games; i++) {
                    struct player seats[2];
                    int status;

                    seats[seat] = searchers[s];
                    seats[1 - seat] = weak[w];
                    status = play(g, seats, (uint64_t)i + 1);
                    assert_int_not_equal(status, lost);
                }
            }
        }
    }
    game_free(g);
}

static void test_searchers_draw_each_other(void **state)
{
    struct game *g;
    const size_t count = sizeof(searchers) / sizeof(searchers[0]);

    (void)state;
    if (quick()) {
        skip();
    }
    g = game_new(3, 3, 3);
    for (size_t a = 0; a < count; a++) {
        for (size_t b = 0; b < count; b++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                struct player seats[2] = {searchers[a], searchers[b]};

                assert_int_equal(play(g, seats, seed), TOURNEY_DRAW);
            }
        }
    }
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptors),
        cmocka_unit_test(test_bad_params_are_refused),
        cmocka_unit_test(test_bad_structs_are_refused),
        cmocka_unit_test(test_first_open),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_full_tree_3x3),
        cmocka_unit_test(test_4x4_negamax),
        cmocka_unit_test(test_4x4_alphabeta),
        cmocka_unit_test(test_node_budget),
        cmocka_unit_test(test_ids_reports_seldepth),
        cmocka_unit_test(test_4x4_ids_stops_at_proven_win),
        cmocka_unit_test(test_ids_stops_at_proven_loss),
        cmocka_unit_test(test_ids_stops_when_nothing_is_cut_off),
        cmocka_unit_test(test_negamax_depth_reported),
        cmocka_unit_test(test_depths_agree),
        cmocka_unit_test(test_tie_break_random_full_depth),
        cmocka_unit_test(test_tie_break_depth_one),
        cmocka_unit_test(test_ids_time_budget),
        cmocka_unit_test(test_searchers_never_lose),
        cmocka_unit_test(test_searchers_draw_each_other),
    };

    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
