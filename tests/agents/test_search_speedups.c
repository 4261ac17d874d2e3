/*
 * tests/agents/test_search_speedups.c - the speed-ups of negamax-ab-ids change how
 * much it searches, never what it finds: on fixed and random positions,
 * every combination of ordering, transposition table, window, knowledge and
 * iterative deepening finds the value plain negamax finds and picks the
 * lowest-numbered optimal move. The knowledge comes from a stand-in that
 * adds it to the m,n,k game by trying every move (knowledge_game.h), and
 * from the connect4 game.
 *
 * Set TOURNEY_TEST_QUICK in the environment to check fewer positions (for
 * valgrind).
 */
#include "test.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "knowledge_game.h"
#include "pons_format.h"
#include "search_harness.h"

#define POSITION_4X4 "x x x . / o o o . / x . . . / . . . ."

/* negamax-ab-ids with every speed-up off: the textbook alpha-beta; and with
 * one of them on, in one search. */
#define AB_PLAIN "ordering=false tt_mb=0 window=full knowledge=false"
#define AB_KNOWLEDGE "iterative=false ordering=false tt_mb=0 window=full knowledge=true"
#define AB_NULL "iterative=false ordering=false tt_mb=0 window=null knowledge=false"

/* Positions visited by those searches. With knowledge, the 4x4 position's
 * win at once is seen at the root and every other move fails low at once:
 * the root and its nine moves. */
#define NODES_3X3_PLAIN UINT64_C(20866)
#define NODES_3X3_KNOWLEDGE UINT64_C(2561)
#define NODES_3X3_NULL UINT64_C(18111)
#define NODES_4X4_KNOWLEDGE UINT64_C(10)
#define NODES_4X4_NULL UINT64_C(612)

#define MAX_STATE 1024
#define MAX_MOVES 256
#define ERROR_SIZE 512

/* Below every score. */
#define NO_VALUE (-(TOURNEY_SCORE_WIN + 1))

static struct {
    void *mnk_handle;
    void *connect4_handle;
    void *negamax_handle;
    void *ab_handle;
    const struct tourney_game_api *mnk;
    const struct tourney_game_api *connect4;
    const struct tourney_agent_api *negamax;
    const struct tourney_agent_api *ab;
} plugins;

static bool quick(void)
{
    return getenv("TOURNEY_TEST_QUICK") != NULL;
}

static int group_setup(void **state)
{
    char error[ERROR_SIZE];

    (void)state;
    plugins.mnk =
        harness_load_game(TOURNEY_TEST_GAME_DIR, "mnk", &plugins.mnk_handle, error, sizeof(error));
    plugins.negamax = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "negamax",
                                         &plugins.negamax_handle, error, sizeof(error));
    plugins.ab = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "negamax-ab-ids", &plugins.ab_handle,
                                    error, sizeof(error));
    if (plugins.mnk == NULL || plugins.negamax == NULL || plugins.ab == NULL) {
        fprintf(stderr, "%s\n", error);
        return -1;
    }
    /* Connect Four is always built: without it the group fails. */
    plugins.connect4 = harness_load_game(TOURNEY_TEST_GAME_DIR, "connect4",
                                         &plugins.connect4_handle, error, sizeof(error));
    if (plugins.connect4 == NULL) {
        fprintf(stderr, "%s\n", error);
        return -1;
    }
    return 0;
}

static int group_teardown(void **state)
{
    void *handles[] = {plugins.ab_handle, plugins.negamax_handle, plugins.connect4_handle,
                       plugins.mnk_handle};

    (void)state;
    for (size_t i = 0; i < sizeof(handles) / sizeof(handles[0]); i++) {
        if (handles[i] != NULL) {
            dlclose(handles[i]);
        }
    }
    return 0;
}

/* ---- positions and their reference values -------------------------------- */

/* A game as an agent sees it: functions and instance, perhaps the stand-in;
 * and the moves played before the positions asked about (the request's ply,
 * which bounds how long the game can still last). */
struct game_view {
    const struct tourney_game_api *api;
    const void *game;
    const struct tourney_game_info *info;
    int32_t ply;
};

/* A position with every root move's value for the player to move, found by
 * a reference agent. */
struct reference {
    int32_t value;       /* the best of them */
    tourney_move lowest; /* the lowest-numbered move with that value */
    int n;
    tourney_move moves[MAX_MOVES];
    int32_t values[MAX_MOVES];
};

/* A score found in the position after a move, for the player to move there,
 * turned into one for the player to move before it: one ply further from
 * the win or loss, and negated when the turn passed. */
static int32_t one_ply_up(int32_t score, bool turn_passed)
{
    if (score >= TOURNEY_SCORE_PROVEN) {
        score -= 1;
    } else if (score <= -TOURNEY_SCORE_PROVEN) {
        score += 1;
    }
    return turn_passed ? -score : score;
}

static int32_t search_value(const struct game_view *v, const struct tourney_agent_api *agent,
                            const char *params, const void *state, tourney_move *move)
{
    struct harness_agent *a = test_malloc(sizeof(*a));
    struct tourney_move_report report;
    char error[ERROR_SIZE];
    tourney_move chosen;

    if (harness_agent_create(a, agent, v->api, v->game, v->info, params, 1, error,
                             sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    a->ply = v->ply;
    assert_int_equal(harness_choose(a, state, 0, &report, &chosen), TOURNEY_OK);
    assert_int_equal(report.has_score, 1);
    harness_agent_destroy(a);
    test_free(a);
    if (move != NULL) {
        *move = chosen;
    }
    return report.score;
}

/* Values every root move of STATE by searching the position after it with
 * AGENT (PARAMS) to the end of the game. */
static void reference_of(const struct game_view *v, const void *state,
                         const struct tourney_agent_api *agent, const char *params,
                         struct reference *ref)
{
    unsigned char work[MAX_STATE];
    int me = v->api->to_move(v->game, state);

    assert_true(v->info->state_size <= sizeof(work));
    memcpy(work, state, v->info->state_size);
    ref->n = v->api->legal_moves(v->game, work, ref->moves);
    assert_true(ref->n > 0);
    ref->value = NO_VALUE;
    for (int i = 0; i < ref->n; i++) {
        int status;
        int32_t value;

        v->api->apply(v->game, work, ref->moves[i]);
        status = v->api->status(v->game, work);
        if (status == TOURNEY_DRAW) {
            value = 0;
        } else if (status != TOURNEY_ONGOING) {
            value = (status == TOURNEY_WIN_FIRST) == (me == 0) ? TOURNEY_SCORE_WIN - 1
                                                               : -(TOURNEY_SCORE_WIN - 1);
        } else {
            struct game_view after = *v;

            after.ply++;
            value = one_ply_up(search_value(&after, agent, params, work, NULL),
                               v->api->to_move(v->game, work) != me);
        }
        v->api->undo(v->game, work, ref->moves[i]);
        ref->values[i] = value;
        if (value > ref->value) {
            ref->value = value;
            ref->lowest = ref->moves[i];
        }
    }
}

static bool is_optimal(const struct reference *ref, tourney_move move)
{
    for (int i = 0; i < ref->n; i++) {
        if (ref->moves[i] == move) {
            return ref->values[i] == ref->value;
        }
    }
    return false;
}

/* ---- every combination of the switches ------------------------------------ */

static const char *const orderings[] = {"ordering=false", "ordering=true"};
/* A small table: quick to clear for every agent, and full enough on the
 * larger positions that entries are replaced. */
static const char *const tables[] = {"tt_mb=0", "tt_mb=1"};
static const char *const windows[] = {"window=full", "window=aspiration", "window=null"};
static const char *const knowledges[] = {"knowledge=false", "knowledge=true"};
static const char *const deepenings[] = {"iterative=false",
                                         "iterative=true use_time_budget=false"};

/* The solver's speed-ups, all on as tourney solve has them. */
#define SOLVER "root=bisect length_bounds=true table=compact symmetry=true"

/* The solver's speed-ups each alone and all together, on top of the others
 * all on. */
static const char *const solvers[] = {
    "root=bisect", "length_bounds=true", "table=compact", "symmetry=true", SOLVER,
};

#define COUNT(A) (sizeof(A) / sizeof((A)[0]))

/* Searches STATE with PARAMS and checks the value and the move against REF. */
static void check_search(const struct game_view *v, const void *state, const struct reference *ref,
                         const char *label, const char *params)
{
    tourney_move move;
    int32_t value = search_value(v, plugins.ab, params, state, &move);

    if (value != ref->value || move != ref->lowest) {
        fail_msg("%s, %s: value %d move %d, expected value %d move %d", label, params, (int)value,
                 (int)move, (int)ref->value, (int)ref->lowest);
    }
}

/* Searches STATE with every combination and checks the value and the move
 * against REF; returns how many searches it made. */
static int check_every_combination(const struct game_view *v, const void *state,
                                   const struct reference *ref, const char *label)
{
    int searches = 0;

    for (size_t o = 0; o < COUNT(orderings); o++) {
        for (size_t t = 0; t < COUNT(tables); t++) {
            for (size_t w = 0; w < COUNT(windows); w++) {
                for (size_t k = 0; k < COUNT(knowledges); k++) {
                    for (size_t d = 0; d < COUNT(deepenings); d++) {
                        char params[256];

                        snprintf(params, sizeof(params), "%s %s %s %s %s", orderings[o], tables[t],
                                 windows[w], knowledges[k], deepenings[d]);
                        check_search(v, state, ref, label, params);
                        searches++;
                    }
                }
            }
        }
    }
    for (size_t x = 0; x < COUNT(solvers); x++) {
        for (size_t k = 0; k < COUNT(knowledges); k++) {
            for (size_t d = 0; d < COUNT(deepenings); d++) {
                char params[256];

                snprintf(params, sizeof(params), "tt_mb=1 %s %s %s", solvers[x], knowledges[k],
                         deepenings[d]);
                check_search(v, state, ref, label, params);
                searches++;
            }
        }
    }
    /* Random tie-breaking picks among the optimal moves, whatever the order
     * and however the root is searched; "any" picks one of them too. */
    static const char *const pickers[] = {
        "tie_break=random",
        "tie_break=random",
        "tie_break=random",
        "tie_break=random root=bisect",
        "tie_break=random " SOLVER,
        "tie_break=random root=bisect iterative=false",
        "tie_break=any",
        "tie_break=any " SOLVER,
        "tie_break=any " SOLVER " iterative=false",
    };
    for (uint64_t seed = 1; seed <= COUNT(pickers); seed++) {
        struct harness_agent *a = test_malloc(sizeof(*a));
        struct tourney_move_report report;
        char error[ERROR_SIZE];
        tourney_move move;

        if (harness_agent_create(a, plugins.ab, v->api, v->game, v->info, pickers[seed - 1], seed,
                                 error, sizeof(error)) != 0) {
            fail_msg("%s", error);
        }
        a->ply = v->ply;
        assert_int_equal(harness_choose(a, state, 0, &report, &move), TOURNEY_OK);
        assert_int_equal(report.score, ref->value);
        assert_true(is_optimal(ref, move));
        harness_agent_destroy(a);
        test_free(a);
    }
    return searches;
}

/* The m,n,k game of the given size, plain and with the stand-in knowledge. */
struct mnk_pair {
    struct harness_game game;
    struct knowledge_game known;
    struct game_view plain_view;
    struct game_view known_view;
};

static struct mnk_pair *mnk_pair_new(const char *params)
{
    struct mnk_pair *p = test_calloc(1, sizeof(*p));
    char error[ERROR_SIZE];

    if (harness_game_create(&p->game, plugins.mnk, params, error, sizeof(error)) != 0) {
        fail_msg("mnk %s: %s", params, error);
    }
    p->plain_view = (struct game_view){p->game.api, p->game.instance, &p->game.info, 0};
    assert_true(knowledge_game_init(&p->known, p->game.api, p->game.instance, &p->game.info,
                                    KNOWLEDGE_ALL));
    p->known_view = (struct game_view){&p->known.api, &p->known, &p->game.info, 0};
    return p;
}

static void mnk_pair_free(struct mnk_pair *p)
{
    harness_game_destroy(&p->game);
    test_free(p);
}

/* Checks a position of the pair, `ply` moves from the start, against plain
 * negamax's values, without and with the knowledge. */
static void check_mnk_position(struct mnk_pair *p, const void *state, int32_t ply,
                               const char *label)
{
    struct reference *ref = test_malloc(sizeof(*ref));

    p->plain_view.ply = ply;
    p->known_view.ply = ply;
    reference_of(&p->plain_view, state, plugins.negamax, NULL, ref);
    check_every_combination(&p->plain_view, state, ref, label);
    check_every_combination(&p->known_view, state, ref, label);
    /* The stand-in was asked: the knowledge was in play. */
    assert_true(p->known.calls > 0);
    test_free(ref);
}

static void parse(const struct game_view *v, const char *text, unsigned char *state)
{
    assert_int_equal(v->api->parse_state(v->game, text, state), TOURNEY_OK);
}

static void test_3x3_empty(void **state)
{
    struct mnk_pair *p = mnk_pair_new("rows=3 cols=3 k=3");
    unsigned char board[MAX_STATE];

    (void)state;
    p->plain_view.api->initial_state(p->plain_view.game, board);
    check_mnk_position(p, board, 0, "3x3 empty");
    mnk_pair_free(p);
}

static void test_4x4_seed_position(void **state)
{
    struct mnk_pair *p = mnk_pair_new("rows=4 cols=4 k=4");
    unsigned char board[MAX_STATE];
    struct reference ref;

    (void)state;
    parse(&p->plain_view, POSITION_4X4, board);
    /* o wins at once with 7, and only with 7. */
    reference_of(&p->plain_view, board, plugins.negamax, NULL, &ref);
    assert_int_equal(ref.value, TOURNEY_SCORE_WIN - 1);
    assert_int_equal(ref.lowest, 7);
    check_mnk_position(p, board, 7, POSITION_4X4);
    mnk_pair_free(p);
}

/* splitmix64, for positions that are random but the same in every run. */
static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* A position reached by `plies` random moves from the start that is still
 * going on. */
static void random_position(const struct game_view *v, int plies, uint64_t *seed,
                            unsigned char *state)
{
    for (;;) {
        int ply = 0;

        v->api->initial_state(v->game, state);
        while (ply < plies && v->api->status(v->game, state) == TOURNEY_ONGOING) {
            tourney_move moves[MAX_MOVES];
            int n = v->api->legal_moves(v->game, state, moves);

            v->api->apply(v->game, state, moves[next_random(seed) % (uint64_t)n]);
            ply++;
        }
        if (v->api->status(v->game, state) == TOURNEY_ONGOING) {
            return;
        }
    }
}

static void check_random_mnk(const char *params, int count, int min_plies, int max_plies,
                             uint64_t seed)
{
    struct mnk_pair *p = mnk_pair_new(params);

    for (int i = 0; i < count; i++) {
        unsigned char board[MAX_STATE];
        char label[64];
        int plies = min_plies + (int)(next_random(&seed) % (uint64_t)(max_plies - min_plies + 1));

        random_position(&p->plain_view, plies, &seed, board);
        snprintf(label, sizeof(label), "%s, random position %d", params, i);
        check_mnk_position(p, board, plies, label);
    }
    mnk_pair_free(p);
}

static void test_4x4_random_positions(void **state)
{
    (void)state;
    check_random_mnk("rows=4 cols=4 k=4", quick() ? 2 : 30, 7, 11, 1);
}

/* k = 3 on 4x4 is won by the first player: decisive values, won and lost at
 * many distances, which the table must carry right from ply to ply. */
static void test_4x4_k3_random_positions(void **state)
{
    (void)state;
    check_random_mnk("rows=4 cols=4 k=3", quick() ? 2 : 12, 6, 10, 2);
}

/* The speed-ups keep the value of a depth-limited search too, heuristic
 * values at the horizon included: the knowledge is used only where the
 * plain search would see the same win or loss within its depth, and in the
 * m,n,k game a position lies at one depth below the root only, so the table
 * answers each with results of its own depth. */
static void test_depth_limited_values(void **state)
{
    static const struct {
        const char *game;
        const char *position; /* NULL for the start */
        int max_depth;
    } cases[] = {
        {"rows=3 cols=3 k=3", NULL, 6},
        {"rows=3 cols=3 k=3", "x . . / . o . / . . .", 5},
        {"rows=4 cols=4 k=4", POSITION_4X4, 5},
        {"rows=4 cols=4 k=4", NULL, 4},
        {"rows=4 cols=4 k=3", "x . . . / . o . . / . . . . / . . . .", 5},
    };

    (void)state;
    for (size_t c = 0; c < COUNT(cases); c++) {
        struct mnk_pair *p = mnk_pair_new(cases[c].game);
        unsigned char board[MAX_STATE];
        int max_depth = quick() ? 3 : cases[c].max_depth;

        if (cases[c].position == NULL) {
            p->plain_view.api->initial_state(p->plain_view.game, board);
        } else {
            parse(&p->plain_view, cases[c].position, board);
        }
        for (int depth = 1; depth <= max_depth; depth++) {
            char params[256];
            tourney_move expected_move;
            int32_t expected;

            snprintf(params, sizeof(params), "depth=%d", depth);
            expected =
                search_value(&p->plain_view, plugins.negamax, params, board, &expected_move);
            for (size_t w = 0; w < COUNT(windows); w++) {
                for (size_t d = 0; d < COUNT(deepenings); d++) {
                    tourney_move move;
                    int32_t value;

                    snprintf(params, sizeof(params), "max_depth=%d tt_mb=1 %s %s", depth,
                             windows[w], deepenings[d]);
                    value = search_value(&p->known_view, plugins.ab, params, board, &move);
                    if (value != expected || move != expected_move) {
                        fail_msg("%s depth %d, %s: value %d move %d, expected %d move %d",
                                 cases[c].game, depth, params, (int)value, (int)move,
                                 (int)expected, (int)expected_move);
                    }
                }
            }
        }
        mnk_pair_free(p);
    }
}

/* The empty 4x4 board with k = 4 is a draw; only the table makes solving it
 * quick (fewer than ten million positions exist). */
static void test_4x4_empty_is_a_draw(void **state)
{
    struct mnk_pair *p;
    unsigned char board[MAX_STATE];
    tourney_move move;

    (void)state;
    if (quick()) {
        skip();
    }
    p = mnk_pair_new("rows=4 cols=4 k=4");
    p->plain_view.api->initial_state(p->plain_view.game, board);
    assert_int_equal(
        search_value(&p->plain_view, plugins.ab, "iterative=false tt_mb=64", board, &move), 0);
    /* Every first move draws: the lowest is taken. */
    assert_int_equal(move, 0);
    assert_int_equal(
        search_value(&p->known_view, plugins.ab, "iterative=false tt_mb=64", board, &move), 0);
    assert_int_equal(move, 0);
    mnk_pair_free(p);
}

/* The table is kept from move to move, with scores stored from the position
 * itself: an agent that searches every position of a game, the table full of
 * what it found at the earlier ones (where the same positions lay more plies
 * from the root), finds what a fresh agent finds in each. k = 3 gives won and
 * lost positions at every distance. */
static void check_games_with_one_table(const char *params, bool known, int games, uint64_t seed)
{
    struct mnk_pair *p = mnk_pair_new("rows=4 cols=4 k=3");
    struct harness_agent *a = test_malloc(sizeof(*a));
    struct reference *ref = test_malloc(sizeof(*ref));
    const struct game_view *v = known ? &p->known_view : &p->plain_view;
    char error[ERROR_SIZE];

    if (harness_agent_create(a, plugins.ab, v->api, v->game, v->info, params, 1, error,
                             sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    for (int game = 0; game < games; game++) {
        unsigned char board[MAX_STATE];

        random_position(&p->plain_view, 5, &seed, board);
        while (p->game.api->status(p->game.instance, board) == TOURNEY_ONGOING) {
            struct tourney_move_report report;
            tourney_move moves[MAX_MOVES];
            tourney_move move;
            int n;

            reference_of(&p->plain_view, board, plugins.ab, "iterative=false " AB_PLAIN, ref);
            assert_int_equal(harness_choose(a, board, 0, &report, &move), TOURNEY_OK);
            if (report.score != ref->value || move != ref->lowest) {
                fail_msg("%s, game %d: value %d move %d, expected value %d move %d", params, game,
                         (int)report.score, (int)move, (int)ref->value, (int)ref->lowest);
            }
            /* The agent's move or, every other time, a random one. */
            n = p->game.api->legal_moves(p->game.instance, board, moves);
            if (next_random(&seed) % 2 == 0) {
                move = moves[next_random(&seed) % (uint64_t)n];
            }
            p->game.api->apply(p->game.instance, board, move);
        }
    }
    harness_agent_destroy(a);
    test_free(ref);
    test_free(a);
    mnk_pair_free(p);
}

static void test_table_kept_between_moves(void **state)
{
    int games = quick() ? 1 : 8;

    (void)state;
    for (int known = 0; known <= 1; known++) {
        check_games_with_one_table("tt_mb=1", known, games, 7);
        check_games_with_one_table("tt_mb=1 iterative=false", known, games, 8);
    }
}

/* A game built against ABI 1.0 has no knowledge fields; whatever lies past
 * its descriptor's size must not be read. */
static void test_abi_1_0_game_is_searched_without_knowledge(void **state)
{
    struct mnk_pair *p = mnk_pair_new("rows=3 cols=3 k=3");
    struct knowledge_game old;
    struct game_view old_view;
    unsigned char board[MAX_STATE];
    tourney_move move;

    (void)state;
    assert_true(knowledge_game_init(&old, p->game.api, p->game.instance, &p->game.info,
                                    KNOWLEDGE_ALL | KNOWLEDGE_ABI_1_0));
    old_view = (struct game_view){&old.api, &old, &p->game.info, 0};
    parse(&old_view, "x . . / . o . / . . .", board);
    assert_int_equal(search_value(&old_view, plugins.ab, NULL, board, &move), 0);
    assert_int_equal(old.calls, 0);
    /* The same descriptor at its full size is asked. */
    assert_int_equal(search_value(&p->known_view, plugins.ab, NULL, board, &move), 0);
    assert_true(p->known.calls > 0);
    mnk_pair_free(p);
}

/* The report of one search of STATE by negamax-ab-ids with PARAMS. */
static struct tourney_move_report report_of(const struct game_view *v, const char *params,
                                            const void *state, tourney_move *move)
{
    struct harness_agent *a = test_malloc(sizeof(*a));
    struct tourney_move_report report;
    char error[ERROR_SIZE];

    if (harness_agent_create(a, plugins.ab, v->api, v->game, v->info, params, 1, error,
                             sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    assert_int_equal(harness_choose(a, state, 0, &report, move), TOURNEY_OK);
    harness_agent_destroy(a);
    test_free(a);
    return report;
}

/* A game built against ABI 1.1 offers its knowledge in the flat fields of
 * its descriptor, not in an extension: the agent finds it there, and
 * searches exactly as it does through the extension, node for node. */
static void test_abi_1_1_game_knowledge_is_found(void **state)
{
    struct mnk_pair *p = mnk_pair_new("rows=4 cols=4 k=3");
    struct knowledge_game old;
    struct game_view old_view;
    unsigned char board[MAX_STATE];
    tourney_move old_move;
    tourney_move new_move;

    (void)state;
    assert_true(knowledge_game_init(&old, p->game.api, p->game.instance, &p->game.info,
                                    KNOWLEDGE_ALL | KNOWLEDGE_ABI_1_1));
    assert_null(old.api.get_extension);
    old_view = (struct game_view){&old.api, &old, &p->game.info, 0};
    parse(&old_view, "x . . . / . o . . / . . . . / . . . .", board);
    struct tourney_move_report by_fields = report_of(&old_view, "tt_mb=0", board, &old_move);
    struct tourney_move_report by_extension =
        report_of(&p->known_view, "tt_mb=0", board, &new_move);
    /* 593 calls: winning_move is not asked below a move that only played
     * safe, where the mover cannot have a win at once. */
    assert_int_equal(old.calls, 593);
    assert_int_equal(p->known.calls, 593);
    assert_int_equal(by_fields.nodes, 655);
    assert_int_equal(by_extension.nodes, 655);
    /* x wins, at its fifth move from here. */
    assert_int_equal(by_fields.score, TOURNEY_SCORE_WIN - 9);
    assert_int_equal(by_extension.score, TOURNEY_SCORE_WIN - 9);
    assert_int_equal(old_move, 1);
    assert_int_equal(new_move, 1);
    /* The knowledge counted: without it, and without ordering, the same
     * search visits 175,984 positions. */
    struct tourney_move_report without = report_of(&p->plain_view,
                                                   "tt_mb=0 knowledge=false "
                                                   "ordering=false",
                                                   board, &new_move);
    assert_int_equal(without.nodes, 175984);
    mnk_pair_free(p);
}

/* Without the game's hash there is no table: the agent says so once, at
 * create, and searches on without it. */
static void test_no_hash_means_no_table(void **state)
{
    struct mnk_pair *p = mnk_pair_new("rows=3 cols=3 k=3");
    struct knowledge_game unhashed;
    struct harness_agent *a = test_malloc(sizeof(*a));
    struct tourney_move_report report;
    unsigned char board[MAX_STATE];
    char error[ERROR_SIZE];
    tourney_move move;

    (void)state;
    assert_true(knowledge_game_init(&unhashed, p->game.api, p->game.instance, &p->game.info,
                                    KNOWLEDGE_NO_HASH));
    assert_null(unhashed.api.hash);
    unhashed.api.initial_state(&unhashed, board);
    if (harness_agent_create(a, plugins.ab, &unhashed.api, &unhashed, &p->game.info, "tt_mb=16", 1,
                             error, sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    assert_int_equal(a->fake.host.log_count, 1);
    assert_int_equal(a->fake.host.last_level, TOURNEY_LOG_INFO);
    assert_non_null(strstr(a->fake.host.last_message, "hash"));
    assert_int_equal(harness_choose(a, board, 0, &report, &move), TOURNEY_OK);
    assert_int_equal(report.score, 0);
    assert_int_equal(move, 0);
    harness_agent_destroy(a);

    /* Asked for no table, it has nothing to say. */
    if (harness_agent_create(a, plugins.ab, &unhashed.api, &unhashed, &p->game.info, "tt_mb=0", 1,
                             error, sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    assert_int_equal(a->fake.host.log_count, 0);
    harness_agent_destroy(a);
    test_free(a);
    mnk_pair_free(p);
}

/* ---- exact node counts ------------------------------------------------------ */

/* Knowledge alone, and null windows alone, in one search with the moves in
 * the game's order: counts that depend on the rules only (which moves are
 * legal, which win), so they are checked exactly. The textbook alpha-beta
 * visits 20,866 positions on the empty 3x3 board and 562 on the 4x4 position
 * (tests/agents/test_search.c). */
static void test_node_counts(void **state)
{
    static const struct {
        const char *game;
        const char *position; /* NULL for the start */
        const char *params;
        uint64_t nodes;
        int32_t value;
    } cases[] = {
        {"rows=3 cols=3 k=3", NULL, "iterative=false " AB_PLAIN, NODES_3X3_PLAIN, 0},
        {"rows=3 cols=3 k=3", NULL, AB_KNOWLEDGE, NODES_3X3_KNOWLEDGE, 0},
        {"rows=3 cols=3 k=3", NULL, AB_NULL, NODES_3X3_NULL, 0},
        {"rows=4 cols=4 k=4", POSITION_4X4, "iterative=false " AB_PLAIN, 562,
         TOURNEY_SCORE_WIN - 1},
        {"rows=4 cols=4 k=4", POSITION_4X4, AB_KNOWLEDGE, NODES_4X4_KNOWLEDGE,
         TOURNEY_SCORE_WIN - 1},
        {"rows=4 cols=4 k=4", POSITION_4X4, AB_NULL, NODES_4X4_NULL, TOURNEY_SCORE_WIN - 1},
    };
    int wrong = 0;

    (void)state;
    for (size_t c = 0; c < COUNT(cases); c++) {
        struct mnk_pair *p = mnk_pair_new(cases[c].game);
        struct harness_agent *a = test_malloc(sizeof(*a));
        struct tourney_move_report report;
        unsigned char board[MAX_STATE];
        char error[ERROR_SIZE];
        tourney_move move;

        if (cases[c].position == NULL) {
            p->known_view.api->initial_state(p->known_view.game, board);
        } else {
            parse(&p->known_view, cases[c].position, board);
        }
        if (harness_agent_create(a, plugins.ab, p->known_view.api, p->known_view.game,
                                 p->known_view.info, cases[c].params, 1, error,
                                 sizeof(error)) != 0) {
            fail_msg("%s", error);
        }
        assert_int_equal(harness_choose(a, board, 0, &report, &move), TOURNEY_OK);
        if (report.nodes != cases[c].nodes || report.score != cases[c].value) {
            print_error("%s %s: %llu nodes, value %d\n", cases[c].game, cases[c].params,
                        (unsigned long long)report.nodes, (int)report.score);
            wrong++;
        }
        harness_agent_destroy(a);
        test_free(a);
        mnk_pair_free(p);
    }
    assert_int_equal(wrong, 0);
}

/* ---- Connect Four ------------------------------------------------------------ */

static void test_connect4_random_positions(void **state)
{
    struct harness_game g;
    struct game_view view;
    struct reference *ref;
    char error[ERROR_SIZE];
    uint64_t seed = 3;
    int count = quick() ? 2 : 12;

    (void)state;
    assert_non_null(plugins.connect4);
    if (harness_game_create(&g, plugins.connect4, NULL, error, sizeof(error)) != 0) {
        fail_msg("connect4: %s", error);
    }
    view = (struct game_view){g.api, g.instance, &g.info, 0};
    ref = test_malloc(sizeof(*ref));
    for (int i = 0; i < count; i++) {
        unsigned char board[MAX_STATE];
        char label[64];

        /* Late enough in the game for plain alpha-beta to be the reference. */
        view.ply = g.info.max_plies - 10 + i % 6;
        random_position(&view, view.ply, &seed, board);
        reference_of(&view, board, plugins.ab, AB_PLAIN " iterative=false", ref);
        snprintf(label, sizeof(label), "connect4, random position %d", i);
        check_every_combination(&view, board, ref, label);
    }
    test_free(ref);
    harness_game_destroy(&g);
}

/* Checks the positions of one of Pons's test sets that are far enough into
 * the game to be solved quickly. Returns how many it checked. */
static int check_pons_file(const struct game_view *v, const char *path, int limit)
{
    FILE *file = fopen(path, "r");
    struct harness_agent *a = test_malloc(sizeof(*a));
    char line[256];
    int checked = 0;

    assert_non_null(file);
    while (checked < limit && fgets(line, sizeof(line), file) != NULL) {
        char moves[128];
        char error[ERROR_SIZE];
        unsigned char board[MAX_STATE];
        struct tourney_move_report report;
        tourney_move move;
        int expected;
        int pons;

        assert_int_not_equal(pons_parse_line(line, moves, sizeof(moves), &expected), -1);
        if (strlen(moves) < (size_t)v->info->max_plies - 16) {
            continue;
        }
        parse(v, moves, board);
        /* The default search, and the solver's, which knows the ply. */
        for (int solver = 0; solver < 2; solver++) {
            if (harness_agent_create(a, plugins.ab, v->api, v->game, v->info,
                                     solver ? "iterative=false tt_mb=16 " SOLVER
                                            : "iterative=false tt_mb=16",
                                     1, error, sizeof(error)) != 0) {
                fail_msg("%s", error);
            }
            a->ply = solver ? (int32_t)strlen(moves) : 0;
            assert_int_equal(harness_choose(a, board, 0, &report, &move), TOURNEY_OK);
            assert_true(pons_score(report.score, (int)strlen(moves), v->info->max_plies, &pons));
            if (pons != expected) {
                fail_msg("%s: %s: score %d is Pons's %d, expected %d (%s)", path, moves,
                         (int)report.score, pons, expected, solver ? SOLVER : "default");
            }
            harness_agent_destroy(a);
        }
        checked++;
    }
    fclose(file);
    test_free(a);
    return checked;
}

/* Every test set shipped in tests/data/connect4, whatever its name: the
 * positions of each late enough in the game to be solved quickly. */
static void test_connect4_pons_positions(void **state)
{
    const char *dir_path = TOURNEY_TEST_SOURCE_DIR "/tests/data/connect4";
    struct harness_game g;
    struct game_view view;
    struct dirent *entry;
    char error[ERROR_SIZE];
    int checked = 0;
    DIR *dir;

    (void)state;
    assert_non_null(plugins.connect4);
    dir = opendir(dir_path);
    if (dir == NULL) {
        fail_msg("cannot open %s", dir_path);
    }
    if (harness_game_create(&g, plugins.connect4, NULL, error, sizeof(error)) != 0) {
        fail_msg("connect4: %s", error);
    }
    view = (struct game_view){g.api, g.instance, &g.info, 0};
    while ((entry = readdir(dir)) != NULL) {
        size_t length = strlen(entry->d_name);
        char path[1024];

        if (length > 4 && strcmp(entry->d_name + length - 4, ".txt") == 0) {
            snprintf(path, sizeof(path), "%s/%s", dir_path, entry->d_name);
            checked += check_pons_file(&view, path, quick() ? 5 : 100);
        }
    }
    closedir(dir);
    harness_game_destroy(&g);
    /* The test sets hold positions late enough: none checked is a fault. */
    if (checked == 0) {
        fail_msg("no position of %s was checked", dir_path);
    }
}

/* ---- Pons's format ------------------------------------------------------------ */

static void test_pons_format(void **state)
{
    char moves[64];
    int score = 0;
    int pons = 0;

    (void)state;
    assert_int_equal(pons_parse_line("2252576253462244111563365343671351441 -1\n", moves,
                                     sizeof(moves), &score),
                     0);
    assert_string_equal(moves, "2252576253462244111563365343671351441");
    assert_int_equal(score, -1);
    assert_int_equal(pons_parse_line("4453 18\r\n", moves, sizeof(moves), &score), 0);
    assert_string_equal(moves, "4453");
    assert_int_equal(score, 18);
    assert_int_equal(pons_parse_line("\n", moves, sizeof(moves), &score), 1);
    assert_int_equal(pons_parse_line("44a3 1\n", moves, sizeof(moves), &score), -1);
    assert_int_equal(pons_parse_line("4453\n", moves, sizeof(moves), &score), -1);
    assert_int_equal(pons_parse_line("4453 1 2\n", moves, sizeof(moves), &score), -1);
    assert_int_equal(pons_parse_line("44534453 1\n", moves, 4, &score), -1);

    /* Pons's own examples: in "4455" the player to move wins with his 4th
     * stone, three plies on: 18; in "44455554221" the opponent wins with his
     * 7th stone, two plies on: -15. */
    assert_true(pons_score(TOURNEY_SCORE_WIN - 3, 4, 42, &pons));
    assert_int_equal(pons, 18);
    assert_true(pons_score(-(TOURNEY_SCORE_WIN - 2), 11, 42, &pons));
    assert_int_equal(pons, -15);
    /* The empty board: the first player wins with his last stone, the 41st
     * of the game, 41 plies on: 1. */
    assert_true(pons_score(TOURNEY_SCORE_WIN - 41, 0, 42, &pons));
    assert_int_equal(pons, 1);
    /* The first player winning with his fourth stone: 22 - 4 = 18. */
    assert_true(pons_score(TOURNEY_SCORE_WIN - 1, 6, 42, &pons));
    assert_int_equal(pons, 18);
    /* The second player winning with his first stone: 21; with his fourth: 18. */
    assert_true(pons_score(TOURNEY_SCORE_WIN - 1, 1, 42, &pons));
    assert_int_equal(pons, 21);
    assert_true(pons_score(TOURNEY_SCORE_WIN - 1, 7, 42, &pons));
    assert_int_equal(pons, 18);
    /* Lost: the opponent wins with his last stone, four plies after the
     * 37th: -1. */
    assert_true(pons_score(-(TOURNEY_SCORE_WIN - 4), 37, 42, &pons));
    assert_int_equal(pons, -1);
    assert_true(pons_score(0, 20, 42, &pons));
    assert_int_equal(pons, 0);
    /* A heuristic value is no result. */
    assert_false(pons_score(35, 20, 42, &pons));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pons_format),
        cmocka_unit_test(test_node_counts),
        cmocka_unit_test(test_3x3_empty),
        cmocka_unit_test(test_4x4_seed_position),
        cmocka_unit_test(test_4x4_random_positions),
        cmocka_unit_test(test_4x4_k3_random_positions),
        cmocka_unit_test(test_depth_limited_values),
        cmocka_unit_test(test_4x4_empty_is_a_draw),
        cmocka_unit_test(test_table_kept_between_moves),
        cmocka_unit_test(test_abi_1_0_game_is_searched_without_knowledge),
        cmocka_unit_test(test_abi_1_1_game_knowledge_is_found),
        cmocka_unit_test(test_no_hash_means_no_table),
        cmocka_unit_test(test_connect4_random_positions),
        cmocka_unit_test(test_connect4_pons_positions),
    };

    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
