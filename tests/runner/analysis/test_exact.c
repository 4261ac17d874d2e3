/*
 * tests/runner/analysis/test_exact.c - the exact values of positions and the grades of
 * moves (runner/analysis/exact_value.c, exact_solver.c): positions of 3x3
 * tic-tac-toe and Connect Four whose values are checked by hand, solved by
 * negamax-ab-ids in this process as the analysis solves them, and the
 * moves from them graded best, slower or blunder.
 */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "exact_solver.h"
#include "exact_value.h"
#include "game_adapter.h"
#include "params.h"
#include "plugin.h"

static struct exact_value win(int32_t plies)
{
    return (struct exact_value){.result = EXACT_WIN, .plies = plies};
}

static struct exact_value loss(int32_t plies)
{
    return (struct exact_value){.result = EXACT_LOSS, .plies = plies};
}

static const struct exact_value draw = {.result = EXACT_DRAW, .plies = 0};
static const struct exact_value unknown = {.result = EXACT_UNKNOWN, .plies = 0};

static void assert_value(struct exact_value got, struct exact_value want)
{
    char a[32];
    char b[32];
    tourney_exact_text(got, a, sizeof(a));
    tourney_exact_text(want, b, sizeof(b));
    assert_string_equal(a, b);
}

static void test_from_score(void **state)
{
    (void)state;
    assert_value(tourney_exact_from_score(TOURNEY_SCORE_WIN - 3, true), win(3));
    assert_value(tourney_exact_from_score(-(TOURNEY_SCORE_WIN - 4), true), loss(4));
    assert_value(tourney_exact_from_score(0, true), draw);
    assert_value(tourney_exact_from_score(TOURNEY_SCORE_WIN - 3, false), unknown);
    assert_value(tourney_exact_at_end(TOURNEY_WIN_FIRST, 0), win(0));
    assert_value(tourney_exact_at_end(TOURNEY_WIN_FIRST, 1), loss(0));
    assert_value(tourney_exact_at_end(TOURNEY_WIN_SECOND, 1), win(0));
    assert_value(tourney_exact_at_end(TOURNEY_DRAW, 1), draw);
    assert_value(tourney_exact_other(win(5)), loss(5));
    assert_value(tourney_exact_other(loss(2)), win(2));
    assert_value(tourney_exact_other(draw), draw);
    assert_value(tourney_exact_other(unknown), unknown);
    assert_value(tourney_exact_one_ply_up(loss(4)), loss(5));
    assert_value(tourney_exact_one_ply_up(win(0)), win(1));
    assert_value(tourney_exact_one_ply_up(draw), draw);
}

static void test_grades(void **state)
{
    (void)state;
    assert_int_equal(tourney_exact_grade(win(3), win(3)), GRADE_BEST);
    assert_int_equal(tourney_exact_grade(win(3), win(5)), GRADE_SLOWER);
    assert_int_equal(tourney_exact_grade(win(3), draw), GRADE_BLUNDER);
    assert_int_equal(tourney_exact_grade(win(3), loss(2)), GRADE_BLUNDER);
    assert_int_equal(tourney_exact_grade(draw, draw), GRADE_BEST);
    assert_int_equal(tourney_exact_grade(draw, loss(8)), GRADE_BLUNDER);
    assert_int_equal(tourney_exact_grade(loss(6), loss(6)), GRADE_BEST);
    assert_int_equal(tourney_exact_grade(loss(6), loss(4)), GRADE_SLOWER);
    assert_int_equal(tourney_exact_grade(unknown, win(1)), GRADE_UNKNOWN);
    assert_int_equal(tourney_exact_grade(draw, unknown), GRADE_UNKNOWN);
    assert_string_equal(tourney_grade_name(GRADE_BEST), "best");
    assert_string_equal(tourney_grade_name(GRADE_SLOWER), "slower");
    assert_string_equal(tourney_grade_name(GRADE_BLUNDER), "blunder");
    assert_string_equal(tourney_grade_name(GRADE_UNKNOWN), "unknown");
}

static void test_text(void **state)
{
    const char *good[] = {"win 1", "loss 12", "draw", "unknown"};
    const char *bad[] = {"win", "win -1", "win +3", "loss x", "drawn", "", "win 3 ", "Win 3"};
    struct exact_value v;

    (void)state;
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        char text[32];
        assert_true(tourney_exact_parse(good[i], &v));
        tourney_exact_text(v, text, sizeof(text));
        assert_string_equal(text, good[i]);
    }
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_false(tourney_exact_parse(bad[i], &v));
    }
}

/* A game plugin made with its default parameters, the solver on it. */
struct solving {
    struct plugin plugin;
    struct game_adapter game;
    struct tourney_param_value values[8];
    struct exact_plan plan;
    struct exact_solver solver;
    unsigned char *state;
};

static struct solving *solving_new(const char *game, uint64_t budget)
{
    struct solving *s = test_calloc(1, sizeof(*s));
    struct error err;
    char path[512];
    size_t count = 0;

    snprintf(path, sizeof(path), "%s/%s.so", TOURNEY_TEST_GAME_DIR, game);
    assert_int_equal(tourney_plugin_open(&s->plugin, path, TOURNEY_KIND_GAME, &err), 0);
    const struct tourney_param_info *params = tourney_plugin_params(&s->plugin, &count);
    assert_true(count <= 8);
    for (size_t i = 0; i < count; i++) {
        assert_true(tourney_params_parse(&params[i], params[i].default_value, &s->values[i]));
    }
    if (tourney_game_adapter_init(&s->game, &s->plugin, s->values, &err) != 0) {
        fail_msg("%s", err.text);
    }
    if (tourney_exact_plan_open(&s->plan, &s->game, "tie_break=any tt_mb=16", budget,
                                TOURNEY_TEST_AGENT_DIR, NULL, NULL, &err) != 0 ||
        tourney_exact_solver_create(&s->solver, &s->plan, &err) != 0) {
        fail_msg("%s", err.text);
    }
    s->state = tourney_game_adapter_new_state(&s->game);
    assert_non_null(s->state);
    return s;
}

static void solving_free(struct solving *s)
{
    free(s->state);
    tourney_exact_solver_destroy(&s->solver);
    tourney_exact_plan_close(&s->plan);
    tourney_game_adapter_finish(&s->game);
    tourney_plugin_close(&s->plugin);
    test_free(s);
}

/* Plays MOVES (the game's move names) from the start. */
static int play(struct solving *s, const char *moves)
{
    const char *stop = NULL;
    int ply = tourney_game_adapter_read_moves(&s->game, moves, s->state, NULL, 0, &stop);
    assert_null(stop);
    return ply;
}

/* The value of the position after MOVES for the player to move there. */
static struct exact_value value_after(struct solving *s, const char *moves)
{
    struct exact_value v;
    struct error err;
    uint64_t nodes = 0;
    int ply = play(s, moves);

    assert_int_equal(tourney_game_adapter_status(&s->game, s->state), TOURNEY_ONGOING);
    if (tourney_exact_solve(&s->solver, s->state, ply, &v, &nodes, &err) != 0) {
        fail_msg("%s", err.text);
    }
    assert_true(nodes >= 1);
    return v;
}

/* The grade of the move MOVE from the position after MOVES. */
static enum move_grade grade_of(struct solving *s, const char *moves, const char *move)
{
    char after[256];
    struct exact_value before = value_after(s, moves);
    struct exact_value reached;

    snprintf(after, sizeof(after), "%s%s", moves, move);
    play(s, after);
    int status = tourney_game_adapter_status(&s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        /* The mover is the player to move before the move. */
        play(s, moves);
        reached = tourney_exact_at_end(status, tourney_game_adapter_to_move(&s->game, s->state));
    } else {
        reached = tourney_exact_other(value_after(s, after));
    }
    return tourney_exact_grade(before, tourney_exact_one_ply_up(reached));
}

/* 3x3, cells a1 b1 c1 / a2 b2 c2 / a3 b3 c3 (moves named as the game
 * names them). */
static void test_3x3(void **state)
{
    struct solving *s = solving_new("mnk", 0);

    (void)state;
    /* The empty board is a draw; x in the centre keeps it, o on an edge
     * after it loses (x b2, o b1: x a1 threatens c3; o c3, x a3 makes two
     * threats, c1 and a2), o in a corner keeps the draw. */
    assert_value(value_after(s, ""), draw);
    assert_int_equal(grade_of(s, "", "b2"), GRADE_BEST);
    assert_value(value_after(s, "b2"), draw);
    assert_int_equal(grade_of(s, "b2", "a1"), GRADE_BEST);
    assert_int_equal(grade_of(s, "b2", "b1"), GRADE_BLUNDER);
    assert_value(value_after(s, "b2b1"), win(5));
    /* x a1 b1, o a2 b2: x to move wins at c1 at once; a3 lets o win at
     * c2: from a win in 1 to a loss in 2. */
    assert_value(value_after(s, "a1a2b1b2"), win(1));
    assert_int_equal(grade_of(s, "a1a2b1b2", "c1"), GRADE_BEST);
    assert_int_equal(grade_of(s, "a1a2b1b2", "a3"), GRADE_BLUNDER);
    /* x a1 b2, o b1 c1: x wins at c3 at once (the diagonal); a2 makes
     * two threats instead (a3 and c2, with c3 still open): o blocks one,
     * x wins in 3. */
    assert_value(value_after(s, "a1b1b2c1"), win(1));
    assert_int_equal(grade_of(s, "a1b1b2c1", "c3"), GRADE_BEST);
    assert_int_equal(grade_of(s, "a1b1b2c1", "a2"), GRADE_SLOWER);
    solving_free(s);
}

/* Connect Four, columns 1 to 7, moves from the empty board. */
static void test_connect4(void **state)
{
    struct solving *s = solving_new("connect4", 0);

    (void)state;
    /* x 1 2 3 and o 1 2 3 on the two bottom rows, x to move: 4 wins at
     * once, 7 lets o win at 4: a blunder, from a win in 1 to a loss in 2. */
    assert_value(value_after(s, "112233"), win(1));
    assert_int_equal(grade_of(s, "112233", "4"), GRADE_BEST);
    assert_int_equal(grade_of(s, "112233", "7"), GRADE_BLUNDER);
    /* x 2 3 4 on the bottom row with 1 and 5 open, o 7 7 6: 1 (or 5)
     * wins at once; 7 leaves both threats, o blocks one and x wins with
     * the other: a win in 3, slower. */
    assert_value(value_after(s, "273746"), win(1));
    assert_int_equal(grade_of(s, "273746", "1"), GRADE_BEST);
    assert_int_equal(grade_of(s, "273746", "7"), GRADE_SLOWER);
    solving_free(s);
}

/* A budget too small for a position leaves its value unknown; the next
 * position is still solved by the same solver. */
static void test_budget(void **state)
{
    struct solving *s = solving_new("connect4", 1000);

    (void)state;
    assert_value(value_after(s, ""), unknown);
    assert_value(value_after(s, "112233"), win(1));
    solving_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_from_score), cmocka_unit_test(test_grades),
        cmocka_unit_test(test_text),       cmocka_unit_test(test_3x3),
        cmocka_unit_test(test_connect4),   cmocka_unit_test(test_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
