/*
 * Any byte an agent sends is data, through the real binary: a program that
 * sends bytes that are not UTF-8 in each line of the protocol (and UTF-8
 * that the runner's quoting would cut in half), plugins whose constructors
 * forge the host's answer to LOAD, and a plugin whose name is not UTF-8.
 * Each once stopped the run ("out of memory for the record of game 0") or
 * made its log unreadable; now that agent loses its own games at worst, the
 * bytes are kept with the escape of docs/reports.md, and report, replay,
 * export and --resume read the log.
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <xxhash.h>

#include "binary.h"

#define HOSTILE TOURNEY_TEST_SOURCE_DIR "/tests/e2e/hostile_bytes_agent.py"

/* The build's Python, or the system's where this user cannot run it (the
 * build's may live in root's home). */
static const char *python(void)
{
    return access(TOURNEY_TEST_PYTHON, X_OK) == 0 ? TOURNEY_TEST_PYTHON : "/usr/bin/python3";
}

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* A run of CONFIG's text in a new directory DIR (removed by the caller),
 * whose log every reader then reads: report, replay of game 0, export and
 * a --resume that has nothing left to play. */
static void play_and_read(struct run *run, char *dir, size_t size, const char *text)
{
    make_temp_dir(dir, size, "bytes");
    char config[128];
    snprintf(config, sizeof(config), "%s/bytes.ini", dir);
    write_file(config, "%s", text);
    play(run, config);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    struct run reader;
    memcpy(&reader, run, sizeof(reader));
    const char *report[] = {"report", output, NULL};
    run_tourney_ok(&reader, report);
    const char *replay[] = {"replay", output, "0", NULL};
    run_tourney_ok(&reader, replay);
    const char *exported[] = {"export", output, NULL};
    run_tourney_ok(&reader, exported);
    const char *csv[] = {"export", output, "--format", "csv", NULL};
    run_tourney_ok(&reader, csv);
    resume_ok(&reader, config, NULL);
}

/* The hostile program of MODE against first-open, 2 games. */
static void play_hostile(struct run *run, char *dir, size_t size, const char *mode)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = bytes\nseed = 7\ngames_per_pair = 2\n"
             "time_per_move_ms = 1000\n"
             "[game]\nplugin = mnk\n"
             "[agent bad]\ncommand = %s %s %s\n"
             "[agent first-open]\nplugin = first-open\n",
             python(), HOSTILE, mode);
    play_and_read(run, dir, size, text);
}

/* The hostile program's mode, its termination, and the reason of the game
 * it moves first in, then second in (as JSON decodes them: a backslash of
 * the escape is one character here). */
struct hostile {
    const char *mode;
    const char *termination;
    const char *reasons[2];
    const char *output; /* its output excerpt in the first game */
};

static const struct hostile hostiles[] = {
    {"error",
     "agent_error",
     {"it gave up at ply 2: \\xff\\xfe gave up", "it gave up at ply 3: \\xff\\xfe gave up"},
     "before \\xff\\x00\x1b[2J after\n"},
    {"move-text",
     "illegal_move",
     {"'move-text \\xff' names no legal move at ply 2 (7 legal moves)",
      "'move-text \\xff' names no legal move at ply 3 (6 legal moves)"},
     ""},
    {"info",
     "protocol_error",
     {"broke the protocol at ply 2: it sent \"info nodes \\xff\" ('info nodes' takes a whole "
      "number from 0, not '\\xff')",
      "broke the protocol at ply 3: it sent \"info nodes \\xff\" ('info nodes' takes a whole "
      "number from 0, not '\\xff')"},
     ""},
    {"ready",
     "protocol_error",
     {"broke the protocol while it was told of a new game: it sent \"ready \\xc3\" ('ready' "
      "takes no more words, not '\\xc3')",
      "broke the protocol while it was told of a new game: it sent \"ready \\xc3\" ('ready' "
      "takes no more words, not '\\xc3')"},
     ""},
    {"log",
     "protocol_error",
     {"broke the protocol at ply 2: it sent \"log \\xff\x1b[31mred\" ('log' takes a level "
      "(error, warning, info or debug), not '\\xff\x1b[31mred')",
      "broke the protocol at ply 3: it sent \"log \\xff\x1b[31mred\" ('log' takes a level "
      "(error, warning, info or debug), not '\\xff\x1b[31mred')"},
     ""},
    /* 180 bytes of the line end inside the second 'é': the reason stops
     * after the first, whole. */
    {"cut",
     "agent_error",
     {"it gave up at ply 2: "
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      "\xc3\xa9",
      "it gave up at ply 3: "
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      "\xc3\xa9"},
     ""},
};

static void check_hostile(const struct hostile *h)
{
    print_message("%s\n", h->mode);
    struct run run;
    char dir[64];
    play_hostile(&run, dir, sizeof(dir), h->mode);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 2);
    for (size_t i = 0; i < 2; i++) {
        json_t *game = json_array_get(games, i);
        if (strcmp(text_of(game, "termination"), h->termination) != 0 ||
            strcmp(text_of(game, "reason"), h->reasons[i]) != 0) {
            print_error("%s, game %zu: %s '%s', expected %s '%s'\n", h->mode, i,
                        text_of(game, "termination"), text_of(game, "reason"), h->termination,
                        h->reasons[i]);
            fail();
        }
        assert_string_equal(text_of(game, "fault"), "bad");
        assert_string_equal(text_of(game, "winner"), "first-open");
    }
    assert_string_equal(text_of(json_object_get(json_array_get(games, 0), "output"), "bad"),
                        h->output);
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

static void test_programs_that_send_any_bytes(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(hostiles) / sizeof(hostiles[0]); i++) {
        check_hostile(&hostiles[i]);
    }
}

/* The zoo plugin NAME against first-open, 2 games; RUN's log read back. */
static json_t *play_zoo(struct run *run, char *dir, size_t size, const char *name)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = bytes\nseed = 7\ngames_per_pair = 2\n"
             "[game]\nplugin = mnk\n"
             "[agent bad]\nplugin = " TOURNEY_TEST_PLUGIN_DIR "/%s.so\n"
             "[agent first-open]\nplugin = first-open\n",
             name);
    play_and_read(run, dir, size, text);
    json_t *games = load_games(run);
    assert_int_equal(json_array_size(games), 2);
    return games;
}

/* Both games lost by the plugin, with TERMINATION and REASON. */
static void assert_lost(json_t *games, const char *termination, const char *reason)
{
    for (size_t i = 0; i < 2; i++) {
        json_t *game = json_array_get(games, i);
        assert_string_equal(text_of(game, "termination"), termination);
        assert_string_equal(text_of(game, "reason"), reason);
        assert_string_equal(text_of(game, "fault"), "bad");
        assert_string_equal(text_of(game, "winner"), "first-open");
    }
}

/* Fails unless the file at PATH holds no control character but line
 * breaks (and no byte that is not UTF-8 comes with one): nothing written
 * for a terminal or a Markdown or CSV reader can move the cursor. */
static void assert_no_controls(const char *path)
{
    char *text = slurp(path);
    for (const char *p = text; *p != '\0'; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && c != '\n') || c == 0x7f) {
            print_error("%s holds byte 0x%02x at %zu:\n%s\n", path, c, (size_t)(p - text), text);
            fail();
        }
    }
    free(text);
}

/* A constructor's LOAD_FAILED, with a byte that is not UTF-8: the agent
 * loses its games, the message kept; replay and export show it escaped. */
static void test_a_forged_load_failure(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_t *games = play_zoo(&run, dir, sizeof(dir), "zoo_forged_load_failed");
    assert_lost(games, "agent_error", "its plugin failed to load: no \\xff\x1b]0;owned\x07 here");
    json_decref(games);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *replay[] = {"replay", output, "0", NULL};
    run_tourney_ok(&run, replay);
    assert_no_controls(run.out);
    assert_file_has(run.out, "Result: 0-1, first-open wins (agent_error): its plugin failed to "
                             "load: no \\xff\\x1b]0;owned\\x07 here\n");
    const char *exported[] = {"export", output, NULL};
    run_tourney_ok(&run, exported);
    assert_no_controls(run.out);
    assert_file_has(run.out, "[Reason \"its plugin failed to load: no \\\\xff\\\\x1b]0;owned"
                             "\\\\x07 here\"]\n");
    const char *csv[] = {"export", output, "--format", "csv", NULL};
    run_tourney_ok(&run, csv);
    assert_no_controls(run.out);
    assert_file_has(run.out, ",agent_error,bad,its plugin failed to load: no "
                             "\\xff\\x1b]0;owned\\x07 here,");
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A constructor's LOADED, describing another game: the agent is at fault,
 * not the game, and the run goes on. */
static void test_a_forged_description_of_the_game(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_t *games = play_zoo(&run, dir, sizeof(dir), "zoo_forged_loaded");
    assert_lost(games, "protocol_error",
                "broke the protocol while loading its plugin: its process described another "
                "game than the runner's");
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A plugin named with a byte that is not UTF-8, described with escape
 * sequences and line breaks, plays; its log's header keeps the name
 * escaped; `validate`, `agents`, report.md and results.csv show both
 * escaped, without a forged line. */
static void test_a_name_that_is_not_utf8(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_t *games = play_zoo(&run, dir, sizeof(dir), "zoo_bad_name");
    for (size_t i = 0; i < 2; i++) {
        assert_string_equal(text_of(json_array_get(games, i), "termination"), "normal");
    }
    json_decref(games);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    char *header = first_line(log);
    assert_non_null(strstr(header, "{\"name\":\"bad\",\"plugin\":\"bad-\\\\xff-name\","));
    free(header);
    char report[160];
    snprintf(report, sizeof(report), "%s/reports/report.md", run.dir);
    assert_no_controls(report);
    assert_file_has(report, "\n- `bad`: plugin `bad-\\xff-name` "
                            "(`org.tourney.test.zoo-bad-name 1.0.0`)\n");
    snprintf(report, sizeof(report), "%s/reports/results.csv", run.dir);
    assert_no_controls(report);
    assert_file_has(report, ",bad,bad-\\xff-name,,2,");
    char config[128];
    snprintf(config, sizeof(config), "%s/bytes.ini", dir);
    const char *validate[] = {"validate", config, NULL};
    run_tourney_ok(&run, validate);
    assert_no_controls(run.out);
    assert_file_has(run.out, "\n  bad                  bad-\\xff-name (");
    setenv("TOURNEY_PLUGIN_PATH", TOURNEY_TEST_PLUGIN_DIR, 1);
    const char *agents[] = {"agents", NULL};
    run_tourney_ok(&run, agents);
    unsetenv("TOURNEY_PLUGIN_PATH");
    assert_no_controls(run.out);
    assert_file_has(run.out, "\nbad-\\xff-name\n  \\x1b[2J\\x1b]0;owned\\x07cleared\\x0aforged "
                             "line\\x0d|\n  org.tourney.test.zoo-bad-name 1.0.0\n");
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A log edited and sealed again (its check is a digest anyone can
 * compute) with game 0's result swapped against its moves: replay refuses
 * it, naming the game, where it once showed the swapped result under the
 * board its moves make. */
static void test_a_result_swapped_against_its_moves(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_t *games = play_zoo(&run, dir, sizeof(dir), "good_agent");
    json_decref(games);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    char *text = slurp(log);
    char *second = strchr(text, '\n') + 1;
    char *third = strchr(second, '\n') + 1;
    char *line = strndup(second, (size_t)(third - second - 1));
    json_t *game = json_loads(line, 0, NULL);
    assert_non_null(game);
    const char *was = text_of(game, "result");
    const char *swapped = strcmp(was, "1-0") == 0 ? "0-1" : "1-0";
    char expected[256];
    snprintf(expected, sizeof(expected),
             "tourney: game 0: its result %s (normal) does not follow from its moves, after "
             "which %s\n",
             swapped, strcmp(was, "1/2-1/2") == 0 ? "1/2-1/2" : was);
    assert_string_equal(text_of(game, "termination"), "normal");
    json_object_set_new(game, "result", json_string(swapped));
    json_object_set(game, "winner",
                    json_object_get(game, strcmp(swapped, "1-0") == 0 ? "first" : "second"));
    json_object_del(game, "check");
    char *body = json_dumps(game, JSON_COMPACT);
    XXH128_hash_t hash = XXH3_128bits(body, strlen(body));
    char check[33];
    snprintf(check, sizeof(check), "%016llx%016llx", (unsigned long long)hash.high64,
             (unsigned long long)hash.low64);
    json_object_set_new(game, "check", json_string(check));
    char *sealed = json_dumps(game, JSON_COMPACT);
    write_file(log, "%.*s%s\n%s", (int)(second - text), text, sealed, third);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *replay[] = {"replay", output, "0", NULL};
    run_tourney(&run, replay);
    assert_int_equal(run.status, 1);
    assert_file_is(run.err, expected);
    free(sealed);
    free(body);
    json_decref(game);
    free(line);
    free(text);
    remove_tree(run.dir);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_programs_that_send_any_bytes),
        cmocka_unit_test(test_a_forged_load_failure),
        cmocka_unit_test(test_a_forged_description_of_the_game),
        cmocka_unit_test(test_a_name_that_is_not_utf8),
        cmocka_unit_test(test_a_result_swapped_against_its_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
