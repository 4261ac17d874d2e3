/*
 * End to end: `tourney solve` on the real binary. The 4x4 position of the
 * negamax articles is won at once by o at d2 (move 7), the empty 3x3 board
 * is a draw, and every way to ask wrongly gets a clear message and exit
 * status 2. A game named by a path is loaded from it.
 */
#include "test.h"

#include "binary.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#define POSITION_4X4 "x x x . / o o o . / x . . . / . . . ."
#define EMPTY_3X3 ". . . / . . . / . . ."

/* Positions the solver visits on tests/data/connect4/L3_R1_end_easy.txt. */
#define L3_R1_NODES 20133

/* Runs `tourney solve ARGS...` and returns its stdout (free it); the exit
 * status is in RUN->status and stderr in RUN->err. */
static char *solve(struct run *run, const char *const *args)
{
    const char *argv[24] = {"solve"};
    size_t n = 1;

    memset(run, 0, sizeof(*run));
    while (args[n - 1] != NULL && n < 23) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    run_tourney(run, argv);
    return slurp(run->out);
}

static json_t *solve_json(const char *const *args)
{
    struct run run;
    char *out = solve(&run, args);
    json_error_t error;
    json_t *result = json_loads(out, 0, &error);

    if (run.status != 0 || result == NULL) {
        char *err = slurp(run.err);
        print_error("status %d, stdout:\n%s\nstderr:\n%s\n", run.status, out, err);
        free(err);
        fail();
    }
    free(out);
    remove_tree(run.dir);
    return result;
}

static const char *get_string(json_t *object, const char *key)
{
    json_t *value = json_object_get(object, key);

    assert_true(json_is_string(value));
    return json_string_value(value);
}

static void test_4x4_position(void **state)
{
    const char *args[] = {"mnk", POSITION_4X4, "rows=4", "cols=4", "k=4", NULL};
    const char *json_args[] = {"mnk", POSITION_4X4, "rows=4", "cols=4", "k=4", "--json", NULL};
    struct run run;
    char *out;
    json_t *result;

    (void)state;
    out = solve(&run, args);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(out, "game:      mnk (rows = 4, cols = 4, k = 4)\n"));
    assert_non_null(strstr(out, "to move:   the second player\n"));
    assert_non_null(strstr(out, "value:     win for the second player in 1 ply\n"));
    assert_non_null(strstr(out, "best move: d2\n"));
    assert_non_null(strstr(out, "score:     999999\n"));
    /* The board, as the game draws it. */
    assert_non_null(strstr(out, "x x x .\no o o .\nx . . .\n. . . .\n"));
    free(out);
    remove_tree(run.dir);

    result = solve_json(json_args);
    assert_string_equal(get_string(result, "game"), "mnk");
    assert_string_equal(get_string(result, "game_params"), "rows = 4, cols = 4, k = 4");
    assert_string_equal(get_string(result, "result"), "win");
    assert_int_equal(get_int(result, "plies"), 1);
    assert_int_equal(get_int(result, "score"), 999999);
    assert_int_equal(get_int(result, "to_move"), 1);
    assert_int_equal(get_int(result, "best_move"), 7);
    assert_string_equal(get_string(result, "best_move_text"), "d2");
    assert_true(json_is_true(json_object_get(result, "proven")));
    assert_true(get_int(result, "nodes") >= 1);
    assert_true(json_is_real(json_object_get(result, "seconds")));
    json_decref(result);
}

static void test_empty_3x3_is_a_draw(void **state)
{
    const char *args[] = {"mnk", EMPTY_3X3, "--json", NULL};
    /* Every speed-up off: the same value, the same move. */
    const char *plain[] = {"mnk",
                           EMPTY_3X3,
                           "--json",
                           "--agent-param",
                           "ordering=false",
                           "--agent-param=tt_mb=0",
                           "--agent-param",
                           "window=full",
                           "--agent-param",
                           "knowledge=false",
                           NULL};
    /* The solver's own speed-ups off: the search before them, node for node. */
    const char *before[] = {"mnk",
                            EMPTY_3X3,
                            "--json",
                            "--agent-param",
                            "root=moves",
                            "--agent-param",
                            "length_bounds=false",
                            "--agent-param",
                            "table=wide",
                            "--agent-param",
                            "symmetry=false",
                            NULL};
    const struct {
        const char *const *args;
        int depth; /* the deepest ply reached */
        int nodes; /* 0: not checked */
    } cases[] = {
        /* No win or loss can come after the board is full, so the bounds of
         * the game's length settle the last two plies unvisited. */
        {args, 7, 267},
        {plain, 9, 0},
        {before, 9, 647},
    };
    const char *text[] = {"mnk", EMPTY_3X3, NULL};
    struct run run;
    json_t *result;
    char *out;

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        result = solve_json(cases[i].args);
        assert_string_equal(get_string(result, "result"), "draw");
        assert_int_equal(get_int(result, "score"), 0);
        assert_int_equal(get_int(result, "plies"), 0);
        assert_int_equal(get_int(result, "to_move"), 0);
        assert_int_equal(get_int(result, "best_move"), 0);
        assert_string_equal(get_string(result, "best_move_text"), "a1");
        assert_int_equal(get_int(result, "depth"), cases[i].depth);
        if (cases[i].nodes != 0) {
            assert_int_equal(get_int(result, "nodes"), cases[i].nodes);
        }
        json_decref(result);
    }
    out = solve(&run, text);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(out, "value:     draw\n"));
    assert_non_null(strstr(out, "best move: a1\n"));
    free(out);
    remove_tree(run.dir);
}

/* A position lost in two plies: x threatens a2 and c1 at once. */
static void test_lost_position(void **state)
{
    const char *args[] = {"mnk", "x x . / x o . / . . o", "--json", NULL};
    json_t *result;

    (void)state;
    result = solve_json(args);
    assert_string_equal(get_string(result, "result"), "loss");
    assert_int_equal(get_int(result, "plies"), 2);
    assert_int_equal(get_int(result, "score"), -(1000000 - 2));
    json_decref(result);
}

/* Runs a solve that must fail with status 2 and a message on stderr
 * holding EXPECTED. */
static void check_refused(const char *const *args, const char *expected)
{
    struct run run;
    char *out = solve(&run, args);
    char *err = slurp(run.err);

    if (run.status != 2 || strstr(err, expected) == NULL || out[0] != '\0') {
        print_error("status %d, stdout:\n%s\nstderr:\n%s\nexpected: %s\n", run.status, out, err,
                    expected);
        fail();
    }
    free(err);
    free(out);
    remove_tree(run.dir);
}

static void test_bad_requests(void **state)
{
    static const struct {
        const char *args[8];
        const char *expected;
    } cases[] = {
        {{"mnk", "x x", NULL}, "game 'mnk' cannot read the position 'x x'"},
        {{"mnk", "x x x / o o . / . . .", NULL},
         "the game is over in the position 'x x x / o o . / . . .': the first player won"},
        {{"mnk", "x o x / x o o / o x x", NULL}, "it is a draw"},
        {{"mnk", "x x x . / o o o . / x . . . / . . . .", NULL},
         "game 'mnk' cannot read the position"},
        {{"no-such-game", EMPTY_3X3, NULL}, "no game plugin 'no-such-game' in "},
        {{TOURNEY_TEST_NIM, "3", NULL}, "game 'nim' cannot read positions: it has no parse_state"},
        {{"mnk", EMPTY_3X3, "rows=99", NULL},
         "bad value '99' for rows of game 'mnk': expected a whole number from 1 to 16"},
        {{"mnk", EMPTY_3X3, "depth=3", NULL},
         "game 'mnk' has no parameter 'depth'; it has: rows, cols, k"},
        {{"mnk", EMPTY_3X3, "k=5", NULL},
         "game 'mnk' refused its parameters: k = 5 cannot fit on a 3x3 board"},
        {{"mnk", EMPTY_3X3, "--agent-param", "tt_mb=-1", NULL},
         "bad value '-1' for tt_mb of agent 'negamax-ab-ids'"},
        {{"mnk", EMPTY_3X3, "--agent-param", "speed", NULL},
         "expected KEY=VALUE for agent 'negamax-ab-ids', got 'speed'"},
        {{"mnk", EMPTY_3X3, "--agent-param", NULL}, "--agent-param needs KEY=VALUE"},
        {{"mnk", NULL}, "expected a GAME and a POSITION"},
        {{"mnk", EMPTY_3X3, "--fast", NULL}, "unknown option '--fast'"},
        {{"mnk", "x", ".", NULL}, "quote a position that has spaces"},
    };

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        check_refused(cases[i].args, cases[i].expected);
    }
}

static void test_help_mentions_solve(void **state)
{
    const char *help[] = {"--help", NULL};
    struct run run;
    char *out;

    (void)state;
    memset(&run, 0, sizeof(run));
    run_tourney(&run, help);
    out = slurp(run.out);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(out, "solve GAME POSITION [PARAM=VALUE...]"));
    assert_non_null(strstr(out, "--agent-param KEY=VALUE"));
    free(out);
    remove_tree(run.dir);
}

/* ---- the file mode ----------------------------------------------------------- */

/* Runs `tourney solve GAME --file FILE ARGS...` on a file holding TEXT in a
 * new directory; returns stdout (free it); RUN holds the rest, the file is
 * RUN->dir/positions.txt. */
static char *solve_text_file(struct run *run, const char *game, const char *text,
                             const char *const *args)
{
    const char *argv[16] = {"solve", game, "--file"};
    char path[256];
    size_t n = 4;
    FILE *file;

    memset(run, 0, sizeof(*run));
    make_run_dir(run, "solve-file");
    snprintf(path, sizeof(path), "%s/positions.txt", run->dir);
    file = fopen(path, "w");
    assert_non_null(file);
    assert_true(fputs(text, file) >= 0);
    assert_int_equal(fclose(file), 0);
    argv[3] = path;
    for (size_t i = 0; args != NULL && args[i] != NULL && n < 15; i++) {
        argv[n++] = args[i];
    }
    argv[n] = NULL;
    run_tourney(run, argv);
    return slurp(run->out);
}

/* Tic-tac-toe positions by their moves, with and without commas, in either
 * case, and the empty board as "-". Scored as in Pons's test sets: 0 for a
 * draw; "a1,b1" (x a1, o b1) is won by x in 5 plies, with the 7th move
 * ((9 + 1 - 6) / 2 = 2). Plain alpha-beta (tourney solve "x o . / . . . /
 * . . ." with every speed-up off) gives the same values. */
#define TTT_FILE "- 0\n# a comment\n\na1,b1 2\nb2 0\nb2a1 0\nB2,A1,a2 0\nc3\n"

static void test_file_of_positions(void **state)
{
    const char *json[] = {"--json", NULL};
    struct run run;
    json_error_t error;
    json_t *result;
    char *out;

    (void)state;
    out = solve_text_file(&run, "mnk", TTT_FILE, NULL);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(out, "positions:  6, 5 with a score, every score right\n"));
    assert_non_null(strstr(out, "mean nodes: "));
    free(out);
    remove_tree(run.dir);

    out = solve_text_file(&run, "mnk", TTT_FILE, json);
    result = json_loads(out, 0, &error);
    assert_non_null(result);
    assert_int_equal(run.status, 0);
    assert_int_equal(get_int(result, "positions"), 6);
    assert_int_equal(get_int(result, "checked"), 5);
    assert_int_equal(get_int(result, "wrong"), 0);
    assert_true(get_int(result, "nodes") > 0);
    /* The file mode shows no move, so any best move will do. */
    assert_non_null(strstr(get_string(result, "agent_params"), "tie_break = any"));
    json_decref(result);
    free(out);
    remove_tree(run.dir);
}

/* A score that differs, a line that is not "MOVES [SCORE]", a move that is
 * not legal, a game over: each named by file and line. */
static void test_file_mistakes(void **state)
{
    static const struct {
        const char *text;
        int status;
        const char *expected; /* after "positions.txt:" */
    } cases[] = {
        {"- 0\na1,b1 3\n", 1, "2: 'a1,b1' scored 2 (agent score 999995), the file says 3"},
        {"- 0\n\nb2 0 1\n", 2, "3: expected 'MOVES [SCORE]' (SCORE a whole number)"},
        {"b2 zero\n", 2, "1: expected 'MOVES [SCORE]'"},
        {"b2b2 0\n", 2, "1: move 2 of 'b2b2' (at 'b2') is not a legal move there"},
        {"a1a2b1b2c1c2 0\n", 2, "1: move 6 of 'a1a2b1b2c1c2' (at 'c2') is after the end"},
        {"a1a2b1b2c1 0\n", 2, "1: the game is over after 'a1a2b1b2c1': the first player won"},
    };

    (void)state;
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        struct run run;
        char *out = solve_text_file(&run, "mnk", cases[c].text, NULL);
        char *err = slurp(run.err);
        char expected[256];

        snprintf(expected, sizeof(expected), "positions.txt:%s", cases[c].expected);
        if (run.status != cases[c].status || strstr(err, expected) == NULL) {
            print_error("status %d, stderr:\n%s\nexpected %d and: %s\n", run.status, err,
                        cases[c].status, expected);
            fail();
        }
        free(err);
        free(out);
        remove_tree(run.dir);
    }
}

/* Pons's end-game level, our own positions (tests/data/connect4): every
 * score right, and the solver's nodes, which are exact. */
static void test_file_connect4(void **state)
{
    const char *args[] = {"connect4", "--file",
                          TOURNEY_TEST_SOURCE_DIR "/tests/data/connect4/L3_R1_end_easy.txt",
                          "--json", NULL};
    json_t *result;

    (void)state;
    result = solve_json(args);
    assert_int_equal(get_int(result, "positions"), 300);
    assert_int_equal(get_int(result, "checked"), 300);
    assert_int_equal(get_int(result, "wrong"), 0);
    assert_int_equal(get_int(result, "nodes"), L3_R1_NODES);
    json_decref(result);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_4x4_position),        cmocka_unit_test(test_empty_3x3_is_a_draw),
        cmocka_unit_test(test_lost_position),       cmocka_unit_test(test_bad_requests),
        cmocka_unit_test(test_help_mentions_solve), cmocka_unit_test(test_file_of_positions),
        cmocka_unit_test(test_file_mistakes),       cmocka_unit_test(test_file_connect4),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
