/*
 * tests/agents/test_perfect.c - the perfect agent plays a move of the exact value
 * (the soonest win, the latest loss) in every position: on 3x3 and on 4x4
 * with k = 3, at every position reachable from the start, checked against a
 * plain negamax over the whole game written here; on Connect Four, at
 * positions of tests/data/connect4, checked against the files' scores and
 * the test's own exhaustive solver (connect4_solver.h). And when a position
 * is not solved in time, it plays a guess and says so in its log.
 *
 * Set TOURNEY_TEST_QUICK in the environment to check fewer positions (for
 * valgrind).
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "connect4_solver.h"
#include "pons_format.h"
#include "search_harness.h"

#define ERROR_SIZE 512
#define MAX_MOVES 256
#define MAX_STATE 1024

static struct {
    void *mnk_handle;
    void *connect4_handle;
    void *perfect_handle;
    const struct tourney_game_api *mnk;
    const struct tourney_game_api *connect4;
    const struct tourney_agent_api *perfect;
} plugins;

static bool quick(void)
{
    return getenv("TOURNEY_TEST_QUICK") != NULL;
}

static int load_plugins(void **state)
{
    char error[ERROR_SIZE];

    (void)state;
    plugins.mnk =
        harness_load_game(TOURNEY_TEST_GAME_DIR, "mnk", &plugins.mnk_handle, error, sizeof(error));
    plugins.connect4 = harness_load_game(TOURNEY_TEST_GAME_DIR, "connect4",
                                         &plugins.connect4_handle, error, sizeof(error));
    plugins.perfect = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "perfect",
                                         &plugins.perfect_handle, error, sizeof(error));
    if (plugins.mnk == NULL || plugins.connect4 == NULL || plugins.perfect == NULL) {
        fprintf(stderr, "%s\n", error);
        return -1;
    }
    return 0;
}

static int unload_plugins(void **state)
{
    (void)state;
    harness_unload(plugins.perfect_handle);
    harness_unload(plugins.connect4_handle);
    harness_unload(plugins.mnk_handle);
    return 0;
}

/* ------------------------------------------------------------------------
 * The brute force: negamax over every line of the game, each position's
 * value remembered under its bytes (which tell every two positions apart).
 * A value is the agents' score for the player to move: TOURNEY_SCORE_WIN
 * less the plies to a win, its negation for a loss, 0 for a draw. The turn
 * passes after every move in the games checked here.
 * --------------------------------------------------------------------- */

struct memo_entry {
    unsigned char *state; /* NULL for a free slot */
    int32_t value;
    int32_t ply; /* moves from the start */
};

struct brute {
    const struct harness_game *game;
    struct memo_entry *slots;
    size_t capacity; /* a power of two */
    size_t count;
};

static uint64_t state_hash(const unsigned char *state, size_t size)
{
    uint64_t h = UINT64_C(1469598103934665603);

    for (size_t i = 0; i < size; i++) {
        h = (h ^ state[i]) * UINT64_C(1099511628211);
    }
    return h;
}

static struct memo_entry *memo_slot(struct brute *b, const unsigned char *state)
{
    size_t size = b->game->info.state_size;
    size_t i = (size_t)state_hash(state, size) & (b->capacity - 1);

    while (b->slots[i].state != NULL && memcmp(b->slots[i].state, state, size) != 0) {
        i = (i + 1) & (b->capacity - 1);
    }
    return &b->slots[i];
}

static void memo_grow(struct brute *b)
{
    struct memo_entry *old = b->slots;
    size_t old_capacity = b->capacity;

    b->capacity = old_capacity == 0 ? 1024 : old_capacity * 2;
    b->slots = calloc(b->capacity, sizeof(*b->slots));
    assert_non_null(b->slots);
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].state != NULL) {
            *memo_slot(b, old[i].state) = old[i];
        }
    }
    free(old);
}

/* The value for the player to move of an ongoing STATE, PLY moves from the
 * start (changed and restored). */
static int32_t brute_value(struct brute *b, unsigned char *state, int32_t ply)
{
    const struct tourney_game_api *api = b->game->api;
    const void *game = b->game->instance;
    struct memo_entry *e = memo_slot(b, state);
    tourney_move moves[MAX_MOVES];
    int32_t best = -(TOURNEY_SCORE_WIN + 1);
    int n;

    if (e->state != NULL) {
        return e->value;
    }
    n = api->legal_moves(game, state, moves);
    assert_true(n > 0 && n <= MAX_MOVES);
    for (int i = 0; i < n; i++) {
        int32_t value;
        int status;

        api->apply(game, state, moves[i]);
        status = api->status(game, state);
        if (status == TOURNEY_ONGOING) {
            int32_t child = brute_value(b, state, ply + 1);
            /* One ply further from the end, for the other player. */
            value = child > 0 ? -(child - 1) : child < 0 ? -child - 1 : 0;
        } else {
            value = status == TOURNEY_DRAW ? 0 : TOURNEY_SCORE_WIN - 1;
        }
        api->undo(game, state, moves[i]);
        if (value > best) {
            best = value;
        }
    }
    if (2 * (b->count + 1) > b->capacity) {
        memo_grow(b);
    }
    e = memo_slot(b, state);
    e->state = malloc(b->game->info.state_size);
    assert_non_null(e->state);
    memcpy(e->state, state, b->game->info.state_size);
    e->value = best;
    e->ply = ply;
    b->count++;
    return best;
}

static void brute_finish(struct brute *b)
{
    for (size_t i = 0; i < b->capacity; i++) {
        free(b->slots[i].state);
    }
    free(b->slots);
}

/* The value, for the player who made it, of MOVE in the ongoing STATE. */
static int32_t brute_move_value(struct brute *b, unsigned char *state, int32_t ply,
                                tourney_move move)
{
    const struct tourney_game_api *api = b->game->api;
    int32_t value;
    int status;

    api->apply(b->game->instance, state, move);
    status = api->status(b->game->instance, state);
    if (status == TOURNEY_ONGOING) {
        int32_t child = brute_value(b, state, ply + 1);
        value = child > 0 ? -(child - 1) : child < 0 ? -child - 1 : 0;
    } else {
        value = status == TOURNEY_DRAW ? 0 : TOURNEY_SCORE_WIN - 1;
    }
    api->undo(b->game->instance, state, move);
    return value;
}

/* ------------------------------------------------------------------------
 * The agent
 * --------------------------------------------------------------------- */

static void perfect_create(struct harness_agent *agent, const struct harness_game *g,
                           const char *params, uint64_t seed)
{
    char error[ERROR_SIZE];

    if (harness_agent_create(agent, plugins.perfect, g->api, g->instance, &g->info, params, seed,
                             error, sizeof(error)) != 0) {
        fail_msg("perfect: %s", error);
    }
}

static void game_create(struct harness_game *g, const struct tourney_game_api *api,
                        const char *params)
{
    char error[ERROR_SIZE];

    if (harness_game_create(g, api, params, error, sizeof(error)) != 0) {
        fail_msg("%s: %s", params != NULL ? params : "game", error);
    }
    assert_true(g->info.state_size <= MAX_STATE);
    assert_true(g->info.move_limit <= MAX_MOVES);
}

/* Asks AGENT, without a time limit, for a move in STATE at PLY. */
static tourney_move ask(struct harness_agent *agent, const void *state, int32_t ply,
                        struct tourney_move_report *report)
{
    tourney_move move = -1;

    agent->ply = ply;
    assert_int_equal(harness_choose(agent, state, 0, report, &move), TOURNEY_OK);
    return move;
}

/* Every ongoing position reachable from START (NULL: the start of the game),
 * START_PLY moves into the m,n,k game PARAMS: their number must be POSITIONS
 * and START's value START_VALUE, and at every one perfect, one instance for
 * all of them so that its table is kept as between moves, reports the exact
 * value and plays a move that keeps it. */
static void check_every_position(const char *params, const char *start, int32_t start_ply,
                                 size_t positions, int32_t start_value)
{
    struct harness_game g;
    struct harness_agent agent;
    struct brute b = {0};
    unsigned char state[MAX_STATE];
    size_t checked = 0;

    game_create(&g, plugins.mnk, params);
    b.game = &g;
    memo_grow(&b);
    assert_int_equal(harness_state(&g, start, state), 0);
    assert_int_equal(brute_value(&b, state, start_ply), start_value);
    assert_int_equal(b.count, positions);

    perfect_create(&agent, &g, NULL, 7);
    for (size_t i = 0; i < b.capacity; i++) {
        struct tourney_move_report report;
        tourney_move move;
        int32_t value;
        int32_t ply;

        if (b.slots[i].state == NULL) {
            continue;
        }
        memcpy(state, b.slots[i].state, g.info.state_size);
        value = b.slots[i].value;
        ply = b.slots[i].ply;
        move = ask(&agent, state, ply, &report);
        if (report.has_score != 1 || report.score != value ||
            brute_move_value(&b, state, ply, move) != value) {
            char text[256] = "";
            g.api->format_state(g.instance, state, text, sizeof(text));
            fail_msg("%s, ply %d:\n%s\nvalue %d, perfect played %d (worth %d), reported %d",
                     params, (int)ply, text, (int)value, (int)move,
                     (int)brute_move_value(&b, state, ply, move), (int)report.score);
        }
        checked++;
    }
    harness_agent_destroy(&agent);
    assert_int_equal(checked, positions);
    brute_finish(&b);
    harness_game_destroy(&g);
}

/* The 4,520 positions of tic-tac-toe that are not over (of the 5,478 that
 * can occur): a draw from the start. */
static void test_3x3_every_position(void **state)
{
    (void)state;
    check_every_position("rows=3 cols=3 k=3", NULL, 0, 4520, 0);
}

/* 4x4 with k = 3: the first player wins, with the fifth ply (its third
 * stone), in 3,463,541 positions that are not over; from two corners
 * against two stones beside them, with the seventh, in 41,789. Under
 * valgrind only the second. */
static void test_4x4_k3_every_position(void **state)
{
    (void)state;
    check_every_position("rows=4 cols=4 k=3", "x o . . / . . . . / . . o . / . . . x", 4, 41789,
                         TOURNEY_SCORE_WIN - 7);
    if (!quick()) {
        check_every_position("rows=4 cols=4 k=3", NULL, 0, 3463541, TOURNEY_SCORE_WIN - 5);
    }
}

/* Hand-checked positions, with tie_break = lowest: the move and the value
 * do not depend on how many positions the search visits. */
static void test_pinned_moves(void **state)
{
    static const struct {
        const char *params;
        const char *position;
        int32_t ply;
        tourney_move move;
        int32_t score;
    } pins[] = {
        /* Every first move of tic-tac-toe draws: the lowest, a1. */
        {"rows=3 cols=3 k=3", ". . . / . . . / . . .", 0, 0, 0},
        /* x wins at once at c1 (2), though the centre wins too, later. */
        {"rows=3 cols=3 k=3", "x x . / o o . / . . .", 4, 2, TOURNEY_SCORE_WIN - 1},
        /* x must block o at c2 (5), and the game is drawn. */
        {"rows=3 cols=3 k=3", "x . . / o o . / x . .", 4, 5, 0},
        /* o cannot stop both of x's lines: it loses, as late as it can. */
        {"rows=3 cols=3 k=3", "x . x / . o . / x . o", 5, 1, -(TOURNEY_SCORE_WIN - 2)},
    };
    (void)state;

    for (size_t i = 0; i < sizeof(pins) / sizeof(pins[0]); i++) {
        struct harness_game g;
        struct harness_agent agent;
        struct tourney_move_report report;
        unsigned char position[MAX_STATE];

        game_create(&g, plugins.mnk, pins[i].params);
        assert_int_equal(harness_state(&g, pins[i].position, position), 0);
        perfect_create(&agent, &g, "tie_break=lowest", 1);
        assert_int_equal(ask(&agent, position, pins[i].ply, &report), pins[i].move);
        assert_int_equal(report.score, pins[i].score);
        assert_int_equal(agent.fake.host.log_count, 0);
        harness_agent_destroy(&agent);
        harness_game_destroy(&g);
    }
}

/* The position of MOVES on both boards: the plugin's and the test's. */
static void connect4_position(const struct harness_game *g, const char *moves,
                              unsigned char *state, struct c4_board *board)
{
    assert_int_equal(harness_state(g, NULL, state), 0);
    assert_int_equal(c4_board_read(board, moves), 0);
    for (const char *c = moves; *c != '\0'; c++) {
        g->api->apply(g->instance, state, (tourney_move)(*c - '1'));
    }
}

/* At the first LIMIT positions of the file NAME in tests/data/connect4,
 * perfect reports the file's score and plays a move after which the
 * opponent's score, by the test's solver, is its negation. */
static void check_connect4_file(const char *name, int limit)
{
    char path[1024];
    char line[256];
    int checked = 0;
    struct harness_game g;
    struct harness_agent agent;
    FILE *in;

    snprintf(path, sizeof(path), "%s/tests/data/connect4/%s", TOURNEY_TEST_SOURCE_DIR, name);
    in = fopen(path, "r");
    assert_non_null(in);
    game_create(&g, plugins.connect4, NULL);
    perfect_create(&agent, &g, NULL, 3);
    while (checked < limit && fgets(line, sizeof(line), in) != NULL) {
        char moves[128];
        int expected;
        int pons;
        int after;
        unsigned char state[MAX_STATE];
        struct c4_board board;
        struct c4_solver solver;
        struct tourney_move_report report;
        tourney_move move;
        int stones;

        if (pons_parse_line(line, moves, sizeof(moves), &expected) != 0) {
            continue;
        }
        stones = (int)strlen(moves);
        connect4_position(&g, moves, state, &board);
        move = ask(&agent, state, stones, &report);
        assert_true(pons_score(report.score, stones, C4_CELLS, &pons));
        assert_int_equal(pons, expected);
        assert_true(c4_board_can_play(&board, move));
        c4_board_play(&board, move);
        if (board.last_move_won) {
            after = -((C4_CELLS + 1 - stones) / 2); /* the opponent lost now */
        } else if (board.ply == C4_CELLS) {
            after = 0;
        } else {
            assert_int_equal(c4_solver_init(&solver), 0);
            assert_int_equal(c4_solve(&solver, &board, &after), 0);
            c4_solver_finish(&solver);
        }
        if (after != -expected) {
            fail_msg("%s: '%s' scores %d, and after perfect's move %d the opponent scores %d",
                     name, moves, expected, (int)move + 1, after);
        }
        checked++;
    }
    fclose(in);
    assert_int_equal(checked, limit);
    assert_int_equal(agent.fake.host.log_count, 0);
    harness_agent_destroy(&agent);
    harness_game_destroy(&g);
}

static void test_connect4_end_positions(void **state)
{
    (void)state;
    check_connect4_file("L3_R1_end_easy.txt", quick() ? 5 : 100);
    check_connect4_file("end_easy.txt", quick() ? 5 : 50);
}

/* The empty Connect Four board takes minutes to solve: in 2 ms perfect
 * plays negamax-ab-ids' guess, and says so. A position solved in no time
 * afterwards is perfect again, and not counted. */
static void test_fallback_is_counted(void **state)
{
    struct harness_game g;
    struct harness_agent agent;
    struct tourney_move_report report;
    unsigned char position[MAX_STATE];
    struct c4_board board;
    tourney_move move = -1;
    (void)state;

    game_create(&g, plugins.connect4, NULL);
    perfect_create(&agent, &g, NULL, 5);
    assert_int_equal(harness_state(&g, NULL, position), 0);
    assert_int_equal(harness_choose(&agent, position, UINT64_C(2000000), &report, &move),
                     TOURNEY_OK);
    assert_true(move >= 0 && move < 7);
    assert_true(report.score > -TOURNEY_SCORE_PROVEN && report.score < TOURNEY_SCORE_PROVEN);
    assert_int_equal(agent.fake.host.log_count, 1);
    assert_int_equal(agent.fake.host.last_level, TOURNEY_LOG_INFO);
    if (strstr(agent.fake.host.last_message, "perfect: ply 0 not solved in time: "
                                             "negamax-ab-ids' best guess at depth ") == NULL ||
        strstr(agent.fake.host.last_message, " (1 of 1 moves not perfect)") == NULL) {
        fail_msg("logged '%s'", agent.fake.host.last_message);
    }
    /* x wins at once in column 1 ("1212121" less its last move). */
    connect4_position(&g, "121212", position, &board);
    agent.ply = 6;
    assert_int_equal(harness_choose(&agent, position, UINT64_C(1000000000), &report, &move),
                     TOURNEY_OK);
    assert_int_equal(move, 0);
    assert_int_equal(report.score, TOURNEY_SCORE_WIN - 1);
    assert_int_equal(agent.fake.host.log_count, 1);
    harness_agent_destroy(&agent);
    harness_game_destroy(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pinned_moves),
        cmocka_unit_test(test_3x3_every_position),
        cmocka_unit_test(test_4x4_k3_every_position),
        cmocka_unit_test(test_connect4_end_positions),
        cmocka_unit_test(test_fallback_is_counted),
    };
    return cmocka_run_group_tests(tests, load_plugins, unload_plugins);
}
