/*
 * tests/agents/test_mcts.c - the mcts agent plugin as built, driven through the ABI
 * with the fake host: wins at once are played, forced losses seen, threats
 * blocked, whole games against random never lost on 3x3, the same seed
 * replaying the same games, iteration counts and the selective depth
 * reported exactly, the clock obeyed, and a full tree still playing.
 *
 * Set TOURNEY_TEST_QUICK in the environment to play fewer whole games (for
 * valgrind).
 */
#include "test.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "search_harness.h"

#define ERROR_SIZE 512
#define MAX_PLIES 64
#define MAX_MOVES 256

static struct {
    void *mnk_handle;
    void *connect4_handle;
    void *mcts_handle;
    void *random_handle;
    void *ab_handle;
    const struct tourney_game_api *mnk;
    const struct tourney_game_api *connect4;
    const struct tourney_agent_api *mcts;
    const struct tourney_agent_api *random;
    const struct tourney_agent_api *ab;
} plugins;

static bool quick(void)
{
    return getenv("TOURNEY_TEST_QUICK") != NULL;
}

static int group_setup(void **state)
{
    char error[ERROR_SIZE] = "";

    (void)state;
    plugins.mnk =
        harness_load_game(TOURNEY_TEST_GAME_DIR, "mnk", &plugins.mnk_handle, error, sizeof(error));
    if (plugins.mnk != NULL) {
        plugins.connect4 = harness_load_game(TOURNEY_TEST_GAME_DIR, "connect4",
                                             &plugins.connect4_handle, error, sizeof(error));
    }
    if (plugins.connect4 != NULL) {
        plugins.mcts = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "mcts", &plugins.mcts_handle,
                                          error, sizeof(error));
    }
    if (plugins.mcts != NULL) {
        plugins.random = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "random",
                                            &plugins.random_handle, error, sizeof(error));
    }
    if (plugins.random != NULL) {
        plugins.ab = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "negamax-ab-ids",
                                        &plugins.ab_handle, error, sizeof(error));
    }
    if (plugins.ab == NULL) {
        fprintf(stderr, "%s\n", error);
        return -1;
    }
    return 0;
}

static int group_teardown(void **state)
{
    void *handles[] = {plugins.ab_handle, plugins.random_handle, plugins.mcts_handle,
                       plugins.connect4_handle, plugins.mnk_handle};

    (void)state;
    for (size_t i = 0; i < sizeof(handles) / sizeof(handles[0]); i++) {
        harness_unload(handles[i]);
    }
    return 0;
}

/* ---- helpers -------------------------------------------------------------- */

static struct harness_game *game_new(const struct tourney_game_api *api, const char *params)
{
    struct harness_game *g = test_malloc(sizeof(*g));
    char error[ERROR_SIZE] = "";

    if (harness_game_create(g, api, params, error, sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    return g;
}

static void game_free(struct harness_game *g)
{
    harness_game_destroy(g);
    test_free(g);
}

/* The start when `text` is NULL, else the position it reads. */
static unsigned char *state_new(const struct harness_game *g, const char *text)
{
    unsigned char *state = test_malloc(g->info.state_size);

    assert_int_equal(harness_state(g, text, state), 0);
    return state;
}

static struct harness_agent *agent_new(const struct tourney_agent_api *api,
                                       const struct harness_game *g, const char *params,
                                       uint64_t seed)
{
    struct harness_agent *a = test_malloc(sizeof(*a));
    char error[ERROR_SIZE] = "";

    if (harness_agent_create(a, api, g->api, g->instance, &g->info, params, seed, error,
                             sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    return a;
}

static void agent_free(struct harness_agent *a)
{
    harness_agent_destroy(a);
    test_free(a);
}

static bool is_legal(const struct harness_game *g, const void *state, tourney_move move)
{
    tourney_move moves[MAX_MOVES];
    int n = g->api->legal_moves(g->instance, state, moves);

    for (int i = 0; i < n; i++) {
        if (moves[i] == move) {
            return true;
        }
    }
    return false;
}

/* Asks A for a move in STATE within BUDGET_NS (0: no clock), checks that
 * it is legal and returns it. */
static tourney_move choose_within(struct harness_agent *a, const struct harness_game *g,
                                  const void *state, uint64_t budget_ns,
                                  struct tourney_move_report *report)
{
    tourney_move move;

    assert_int_equal(harness_choose(a, state, budget_ns, report, &move), TOURNEY_OK);
    assert_true(is_legal(g, state, move));
    return move;
}

/* One move of a fresh mcts agent with PARAMS and SEED in the position TEXT. */
static tourney_move search_once(const struct harness_game *g, const char *text, const char *params,
                                uint64_t seed, struct tourney_move_report *report)
{
    unsigned char *state = state_new(g, text);
    struct harness_agent *a = agent_new(plugins.mcts, g, params, seed);
    tourney_move move = choose_within(a, g, state, 0, report);

    agent_free(a);
    test_free(state);
    return move;
}

/* A game between two agents, refereed here; the moves go into MOVES (room
 * for MAX_PLIES). Returns the final status. */
static int play(const struct harness_game *g, struct harness_agent *const seats[2],
                tourney_move *moves, int *plies)
{
    unsigned char *board = state_new(g, NULL);
    int status;

    *plies = 0;
    while ((status = g->api->status(g->instance, board)) == TOURNEY_ONGOING) {
        struct tourney_move_report report;
        int seat = g->api->to_move(g->instance, board);
        tourney_move move = choose_within(seats[seat], g, board, 0, &report);

        assert_true(*plies < MAX_PLIES && *plies < g->info.max_plies);
        moves[(*plies)++] = move;
        g->api->apply(g->instance, board, move);
    }
    test_free(board);
    return status;
}

/* A game of mcts (PARAMS, in seat MCTS_SEAT) against OPPONENT, each agent
 * with its own stream derived from SEED. */
static int play_mcts(const struct harness_game *g, const char *params, int mcts_seat,
                     const struct tourney_agent_api *opponent, const char *opponent_params,
                     uint64_t seed, tourney_move *moves, int *plies)
{
    struct harness_agent *seats[2];
    int status;

    seats[mcts_seat] = agent_new(plugins.mcts, g, params, seed * 2 + (uint64_t)mcts_seat);
    seats[1 - mcts_seat] =
        agent_new(opponent, g, opponent_params, seed * 2 + (uint64_t)(1 - mcts_seat));
    status = play(g, seats, moves, plies);
    agent_free(seats[1]);
    agent_free(seats[0]);
    return status;
}

/* ---- the descriptor ------------------------------------------------------- */

static void test_descriptor(void **state)
{
    static const char *const names[] = {"iterations", "exploration", "rollout",
                                        "solver",     "tree_mb",     "tie_break"};
    const struct tourney_agent_api *api = plugins.mcts;
    struct tourney_param_value values[HARNESS_MAX_PARAMS];
    char error[ERROR_SIZE] = "";

    (void)state;
    assert_int_equal(api->header.abi_major, TOURNEY_ABI_MAJOR);
    assert_int_equal(api->header.struct_size, sizeof(*api));
    assert_int_equal(api->header.kind, TOURNEY_KIND_AGENT);
    assert_string_equal(api->name, "mcts");
    assert_int_equal(api->param_count, 6);
    struct tourney_param_info descs[HARNESS_MAX_PARAMS];
    assert_int_equal(harness_agent_params(api, descs, error, sizeof(error)), 6);
    for (size_t i = 0; i < api->param_count; i++) {
        assert_string_equal(descs[i].name, names[i]);
        assert_non_null(descs[i].help);
    }
    assert_string_equal(api->id, "org.tourney.mcts");
    /* Every default is a value the parameter takes. */
    assert_int_equal(harness_params(descs, api->param_count, values, NULL, error, sizeof(error)),
                     0);
    assert_int_equal(values[0].i, 0);    /* by the clock */
    assert_int_equal(values[1].i, 1000); /* c = 1 */
    assert_int_equal(values[2].i, 1);    /* knowledge */
    assert_int_equal(values[3].i, 1);    /* solver */
    assert_int_equal(values[4].i, 64);
    assert_int_equal(values[5].i, 0); /* lowest */
    api->destroy(NULL);
}

static void test_bad_params_are_refused(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    struct harness_agent a;
    char error[ERROR_SIZE] = "";

    (void)state;
    /* The runner checks ranges first; the agent checks them again. */
    assert_int_equal(harness_agent_create(&a, plugins.mcts, g->api, g->instance, &g->info, NULL, 1,
                                          error, sizeof(error)),
                     0);
    harness_agent_destroy(&a);
    struct tourney_param_info descs[HARNESS_MAX_PARAMS];
    assert_int_equal(harness_agent_params(plugins.mcts, descs, error, sizeof(error)), 6);
    assert_int_equal(harness_params(descs, 6, a.values, NULL, error, sizeof(error)), 0);
    a.values[4].i = 0; /* tree_mb */
    assert_int_equal(tourney_fake_agent_create(&a.fake, plugins.mcts, g->api, g->instance,
                                               &g->info, a.values, 0, 1),
                     TOURNEY_ERR_INVALID);
    assert_string_equal(a.fake.host.last_message, "mcts: tree_mb = 0 is out of range");
    a.values[4].i = 1;
    a.values[2].i = 2; /* rollout has two choices */
    assert_int_equal(a.fake.api->create(&a.fake.init, &a.fake.instance), TOURNEY_ERR_INVALID);
    assert_string_equal(a.fake.host.last_message, "mcts: rollout = 2 is out of range");
    game_free(g);
}

/* A request or report too small, and a finished game, are refused with a
 * reason. */
static void test_bad_requests_are_refused(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    unsigned char *over = state_new(g, "x x x / o o . / . . .");
    unsigned char *empty = state_new(g, NULL);
    struct harness_agent *a = agent_new(plugins.mcts, g, "iterations=10", 1);
    struct tourney_move_request request = {.struct_size = sizeof(request)};
    struct tourney_move_report report = {.struct_size = sizeof(report)};
    tourney_move move = -1;

    (void)state;
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, over, &request, &report, &move),
                     TOURNEY_ERR_INVALID);
    assert_string_equal(a->fake.host.last_message, "mcts: asked to move in a finished game");
    request.struct_size = 4;
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, empty, &request, &report, &move),
                     TOURNEY_ERR_INVALID);
    assert_string_equal(a->fake.host.last_message, "mcts: choose_move without a state, or with a "
                                                   "request or report too small");
    /* Still fine after both. */
    request.struct_size = sizeof(request);
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, empty, &request, &report, &move),
                     TOURNEY_OK);
    assert_int_equal(report.nodes, 10);
    agent_free(a);
    test_free(empty);
    test_free(over);
    game_free(g);
}

/* ---- wins, losses and threats --------------------------------------------- */

/* x to move on 3x3 wins at once in cell 2; o threatens cell 5. */
#define WIN_3X3 "x x . / o o . / . . ."
/* The 4x4, k = 4 position of the negamax articles: o to move wins at 7. */
#define WIN_4X4 "x x x . / o o o . / x . . . / . . . ."
/* Connect Four: x to move wins at once in column 1 (move 0), o
 * threatens column 2. */
#define WIN_CONNECT4 "121212"
/* Connect Four: x wins at once across the bottom row in column 1 or 5
 * (move 0 or 4). */
#define WIN_CONNECT4_ROW "223344"

/* A win at once is played, and scored as a win in one ply, whatever the
 * solver, the rollouts, the seed, and however few iterations. */
static void test_win_in_one(void **state)
{
    static const char *const variants[] = {
        "iterations=100",
        "iterations=100 solver=false",
        "iterations=100 rollout=random",
        "iterations=1000 solver=false rollout=random exploration=0",
        "iterations=1000 tie_break=random",
    };
    struct harness_game *g3 = game_new(plugins.mnk, NULL);
    struct harness_game *g4 = game_new(plugins.mnk, "rows=4 cols=4 k=4");
    struct harness_game *c4 = game_new(plugins.connect4, NULL);
    struct tourney_move_report report;
    tourney_move move;
    int random_picks = 0;

    (void)state;
    for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++) {
        for (uint64_t seed = 1; seed <= 5; seed++) {
            assert_int_equal(search_once(g3, WIN_3X3, variants[v], seed, &report), 2);
            assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
            assert_int_equal(report.has_score, 1);
            assert_int_equal(search_once(g4, WIN_4X4, variants[v], seed, &report), 7);
            assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
            assert_int_equal(search_once(c4, WIN_CONNECT4, variants[v], seed, &report), 0);
            assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
            /* Two winning columns: lowest picks the lower, random either. */
            move = search_once(c4, WIN_CONNECT4_ROW, variants[v], seed, &report);
            if (strstr(variants[v], "tie_break=random") == NULL) {
                assert_int_equal(move, 0);
            } else {
                assert_true(move == 0 || move == 4);
                random_picks |= move == 0 ? 1 : 2;
            }
            assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
        }
    }
    assert_int_equal(random_picks, 3);

    /* The solver stops once the root is proven and every root move has
     * been tried once: here after one iteration per move. Without it every
     * iteration runs. */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        search_once(g3, WIN_3X3, "iterations=1000", seed, &report);
        assert_int_equal(report.nodes, 5);
        assert_int_equal(report.depth, 1);
        search_once(g3, WIN_3X3, "iterations=1000 solver=false", seed, &report);
        assert_int_equal(report.nodes, 1000);
    }
    game_free(c4);
    game_free(g4);
    game_free(g3);
}

/* Against the clock the root's moves are all tried once before the first
 * look at it, so even a budget spent before the search starts finds a win
 * at once. */
static void test_win_in_one_against_the_clock(void **state)
{
    struct harness_game *g = game_new(plugins.connect4, NULL);
    unsigned char *win = state_new(g, WIN_CONNECT4);
    struct harness_agent *a = agent_new(plugins.mcts, g, "solver=false", 3);
    struct tourney_move_report report;

    (void)state;
    assert_int_equal(choose_within(a, g, win, 1, &report), 0);
    assert_int_equal(report.nodes, 7);
    assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
    agent_free(a);
    test_free(win);
    game_free(g);
}

/* o to move on 3x3: x threatens both 2 and 6, so every move loses in two
 * plies; the solver proves it, scores it and plays the lowest-numbered of
 * the equally slow losses. */
static void test_forced_loss(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    struct tourney_move_report report;

    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        assert_int_equal(search_once(g, "x x . / x . o / . o .", "iterations=2000", seed, &report),
                         2);
        assert_int_equal(report.score, -(TOURNEY_SCORE_WIN - 2));
        assert_true(report.nodes < 2000);
    }
    game_free(g);
}

/* Where the opponent threatens to win, every other move is proven lost,
 * and the block is played. */
static void test_blocks(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    struct harness_game *c4 = game_new(plugins.connect4, NULL);
    struct tourney_move_report report;

    (void)state;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        /* o must take 2. */
        assert_int_equal(search_once(g, "x x . / . o . / . . .", "iterations=3000", seed, &report),
                         2);
        assert_int_equal(search_once(g, "x x . / . o . / . . .", "iterations=3000 rollout=random",
                                     seed, &report),
                         2);
        /* o must cover column 1 (move 0), where x has three. */
        assert_int_equal(search_once(c4, "12121", "iterations=3000", seed, &report), 0);
        assert_int_equal(search_once(c4, "12121", "iterations=3000 rollout=random", seed, &report),
                         0);
    }
    game_free(c4);
    game_free(g);
}

/* The solver proves the empty 3x3 board a draw long before the iterations
 * run out, and says so; with o to move after x took the centre, it proves
 * the draw too and plays one of the corners, the only moves that do not
 * lose. */
static void test_solver_proves_the_draw(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    struct tourney_move_report report;

    (void)state;
    for (uint64_t seed = 1; seed <= (quick() ? 1 : 5); seed++) {
        tourney_move move;

        search_once(g, NULL, "iterations=1000000", seed, &report);
        assert_true(report.nodes < 1000000);
        assert_int_equal(report.score, 0);
        assert_int_equal(report.depth, 9);

        move = search_once(g, ". . . / . x . / . . .", "iterations=1000000", seed, &report);
        assert_true(move == 0 || move == 2 || move == 6 || move == 8);
        assert_true(report.nodes < 1000000);
        assert_int_equal(report.score, 0);
        assert_int_equal(report.depth, 8);
    }
    game_free(g);
}

/* A win the solver proves is a real one: from a position where x wins in
 * three, mcts beats negamax-ab-ids, which defends perfectly. */
static void test_proven_win_is_won(void **state)
{
    /* x to move wins in three plies, with 4 or 8, each making two
     * threats; nothing wins sooner. */
    static const char *const fork = "x o x / o . . / . . .";
    struct harness_game *g = game_new(plugins.mnk, NULL);

    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        unsigned char *board = state_new(g, fork);
        struct harness_agent *seats[2];
        struct tourney_move_report report;

        seats[0] = agent_new(plugins.mcts, g, "iterations=5000", seed);
        seats[1] = agent_new(plugins.ab, g, NULL, seed);
        choose_within(seats[0], g, board, 0, &report);
        /* A win in an odd number of plies, three at the soonest. */
        assert_true(report.score >= TOURNEY_SCORE_PROVEN);
        assert_true(TOURNEY_SCORE_WIN - report.score >= 3);
        assert_int_equal((TOURNEY_SCORE_WIN - report.score) % 2, 1);
        while (g->api->status(g->instance, board) == TOURNEY_ONGOING) {
            int seat = g->api->to_move(g->instance, board);

            g->api->apply(g->instance, board, choose_within(seats[seat], g, board, 0, &report));
        }
        assert_int_equal(g->api->status(g->instance, board), TOURNEY_WIN_FIRST);
        agent_free(seats[1]);
        agent_free(seats[0]);
        test_free(board);
    }
    game_free(g);
}

/* ---- whole games ---------------------------------------------------------- */

/* With a thousand iterations a move, mcts never loses tic-tac-toe to
 * random, moving first or second: 100 games (8 under valgrind). */
static void test_never_loses_to_random(void **state)
{
    struct harness_game *g = game_new(plugins.mnk, NULL);
    const int games = quick() ? 8 : 100;
    int wins = 0;

    (void)state;
    for (int i = 0; i < games; i++) {
        tourney_move moves[MAX_PLIES];
        int seat = i % 2;
        int plies;
        int status = play_mcts(g, "iterations=1000", seat, plugins.random, NULL, (uint64_t)i + 1,
                               moves, &plies);

        assert_int_not_equal(status, seat == 0 ? TOURNEY_WIN_SECOND : TOURNEY_WIN_FIRST);
        wins += status == (seat == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND);
    }
    /* Random lets most games be won. */
    assert_true(wins > games / 2);
    game_free(g);
}

/* The same seed gives the same game move for move; another seed another
 * game: on Connect Four between two mcts agents, and on 3x3 against random
 * with random tie-breaks. */
static void test_same_seed_same_game(void **state)
{
    static const char *const params = "iterations=400 tie_break=random";
    struct harness_game *c4 = game_new(plugins.connect4, NULL);
    struct harness_game *g3 = game_new(plugins.mnk, NULL);
    tourney_move first[MAX_PLIES];
    tourney_move again[MAX_PLIES];
    tourney_move other[MAX_PLIES];
    int first_plies;
    int again_plies;
    int other_plies;
    int status;

    (void)state;
    status = play_mcts(c4, params, 0, plugins.mcts, params, 7, first, &first_plies);
    assert_int_equal(play_mcts(c4, params, 0, plugins.mcts, params, 7, again, &again_plies),
                     status);
    assert_int_equal(again_plies, first_plies);
    assert_memory_equal(again, first, (size_t)first_plies * sizeof(first[0]));
    play_mcts(c4, params, 0, plugins.mcts, params, 8, other, &other_plies);
    assert_true(other_plies != first_plies ||
                memcmp(other, first, (size_t)first_plies * sizeof(first[0])) != 0);

    status = play_mcts(g3, params, 1, plugins.random, NULL, 3, first, &first_plies);
    assert_int_equal(play_mcts(g3, params, 1, plugins.random, NULL, 3, again, &again_plies),
                     status);
    assert_int_equal(again_plies, first_plies);
    assert_memory_equal(again, first, (size_t)first_plies * sizeof(first[0]));
    game_free(g3);
    game_free(c4);
}

/* ---- counts, the clock and the tree's memory ------------------------------ */

/* `iterations` runs exactly that many on a position nothing settles, and
 * the depth is the tree's: the root's seven children are each tried once
 * before any of them is expanded. */
static void test_iterations_are_exact(void **state)
{
    static const struct {
        const char *params;
        uint64_t nodes;
        int32_t depth;
    } cases[] = {
        {"iterations=1", 1, 1},
        {"iterations=7", 7, 1},
        {"iterations=8", 8, 2},
        {"iterations=1000", 1000, -1},
        {"iterations=1000 solver=false rollout=random", 1000, -1},
    };
    struct harness_game *g = game_new(plugins.connect4, NULL);
    struct tourney_move_report report;

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        search_once(g, NULL, cases[i].params, 1, &report);
        assert_int_equal(report.nodes, cases[i].nodes);
        if (cases[i].depth >= 0) {
            assert_int_equal(report.depth, cases[i].depth);
        } else {
            assert_in_range(report.depth, 3, 42);
        }
        /* An open position: the mean playout result, not a proof. */
        assert_int_equal(report.has_score, 1);
        assert_in_range(report.score + TOURNEY_EVAL_LIMIT, 0, 2 * TOURNEY_EVAL_LIMIT);
    }
    /* Neither a count nor a deadline: ten thousand. */
    search_once(g, NULL, NULL, 1, &report);
    assert_int_equal(report.nodes, 10000);
    game_free(g);
}

/* seldepth, the deepest selection path of the move's iterations (the plies
 * from the root to the node where a walk stopped), for seed 1: on the empty
 * Connect Four board the seven root moves are each tried once before any
 * is expanded (1 ply), the eighth iteration goes one deeper, and the tree
 * deepens with the iterations, with the solver or without it; where a win
 * in two is proven after 32 iterations, the search stops at 2 plies. It is
 * the depth mcts reports. A runner whose report ends before the field gets
 * nothing written there. */
static void test_reports_seldepth(void **state)
{
    static const struct {
        const char *position;
        const char *params;
        uint64_t nodes;
        int32_t seldepth;
    } cases[] = {
        {NULL, "iterations=1", 1, 1},
        {NULL, "iterations=7", 7, 1},
        {NULL, "iterations=8", 8, 2},
        {NULL, "iterations=100", 100, 3},
        {NULL, "iterations=1000", 1000, 5},
        {NULL, "iterations=1000 solver=false rollout=random", 1000, 5},
        {NULL, "iterations=20000", 20000, 9},
        {"4444332", "iterations=3000", 32, 2},
        {"4444332", "iterations=3000 solver=false rollout=random", 3000, 5},
    };
    struct harness_game *g = game_new(plugins.connect4, NULL);
    struct tourney_move_report report;

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        search_once(g, cases[i].position, cases[i].params, 1, &report);
        assert_int_equal(report.nodes, cases[i].nodes);
        assert_int_equal(report.has_seldepth, 1);
        assert_int_equal(report.seldepth, cases[i].seldepth);
        assert_int_equal(report.depth, cases[i].seldepth);
    }

    unsigned char *empty = state_new(g, NULL);
    struct harness_agent *a = agent_new(plugins.mcts, g, "iterations=8", 1);
    struct tourney_move_request request = {.struct_size = sizeof(request)};
    struct tourney_move_report older;
    tourney_move move = -1;
    memset(&older, 0x5a, sizeof(older));
    older.struct_size = (uint32_t)offsetof(struct tourney_move_report, seldepth);
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, empty, &request, &older, &move),
                     TOURNEY_OK);
    assert_int_equal(older.nodes, 8);
    assert_int_equal(older.depth, 2);
    assert_int_equal(older.seldepth, 0x5a5a5a5a);
    assert_int_equal(older.has_seldepth, 0x5a5a5a5a);
    agent_free(a);
    test_free(empty);
    game_free(g);
}

/* A budget already spent leaves one iteration per root move; a real one
 * is used and not overrun by much. */
static void test_time_budget(void **state)
{
    struct harness_game *g = game_new(plugins.connect4, NULL);
    unsigned char *empty = state_new(g, NULL);
    struct harness_agent *a = agent_new(plugins.mcts, g, NULL, 1);
    struct tourney_move_report report;

    (void)state;
    choose_within(a, g, empty, 1, &report);
    assert_int_equal(report.nodes, 7);
    assert_int_equal(report.depth, 1);
    choose_within(a, g, empty, UINT64_C(20000000), &report);
    assert_true(report.nodes > 7);
    /* The time rule every agent shares (search_time_for) stops 5 ms before
     * the end of a 100 ms move: with 4 ms left, only the root's moves are
     * tried, however quick the machine (with a margin of its own, 1 ms,
     * mcts iterated for 3 ms more). */
    struct tourney_move_request late = {
        .struct_size = sizeof(late),
        .budget_ns = UINT64_C(100000000),
        .deadline_ns = tourney_fake_now_ns() + UINT64_C(4000000),
    };
    tourney_move move = -1;
    memset(&report, 0, sizeof(report));
    report.struct_size = sizeof(report);
    assert_int_equal(a->fake.api->choose_move(a->fake.instance, empty, &late, &report, &move),
                     TOURNEY_OK);
    assert_true(is_legal(g, empty, move));
    assert_int_equal(report.nodes, 7);
    assert_int_equal(report.depth, 1);
    /* `iterations` ignores the clock. */
    agent_free(a);
    a = agent_new(plugins.mcts, g, "iterations=300", 1);
    choose_within(a, g, empty, 1, &report);
    assert_int_equal(report.nodes, 300);
    agent_free(a);
    test_free(empty);
    game_free(g);
}

/* A tree of 1 MiB holds 43,690 nodes; far more iterations than that fill
 * it, say so once, and every iteration still runs and a legal move comes
 * back, move after move. */
static void test_full_tree_still_plays(void **state)
{
    struct harness_game *g = game_new(plugins.connect4, NULL);
    unsigned char *board = state_new(g, NULL);
    struct harness_agent *a = agent_new(plugins.mcts, g, "iterations=30000 tree_mb=1", 5);
    struct tourney_move_report report;
    unsigned used = 0;
    int end = 0;

    (void)state;
    for (int ply = 0; ply < 4; ply++) {
        tourney_move move = choose_within(a, g, board, 0, &report);

        assert_int_equal(report.nodes, 30000);
        g->api->apply(g->instance, board, move);
    }
    /* Said once, with the nodes in use: within one block of seven of the
     * 43,690 the arena holds. */
    assert_int_equal(a->fake.host.log_count, 1);
    assert_int_equal(a->fake.host.last_level, TOURNEY_LOG_INFO);
    assert_int_equal(sscanf(a->fake.host.last_message,
                            "mcts: the tree's 1 MiB are full (%u nodes)%n", &used, &end),
                     1);
    assert_in_range(used, 43690 - 6, 43690);
    assert_string_equal(a->fake.host.last_message + end,
                        ": iterations now play out from its leaves");
    agent_free(a);
    test_free(board);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptor),
        cmocka_unit_test(test_bad_params_are_refused),
        cmocka_unit_test(test_bad_requests_are_refused),
        cmocka_unit_test(test_win_in_one),
        cmocka_unit_test(test_win_in_one_against_the_clock),
        cmocka_unit_test(test_forced_loss),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_solver_proves_the_draw),
        cmocka_unit_test(test_proven_win_is_won),
        cmocka_unit_test(test_never_loses_to_random),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_iterations_are_exact),
        cmocka_unit_test(test_reports_seldepth),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_full_tree_still_plays),
    };

    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
