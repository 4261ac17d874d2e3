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
             test_python(), HOSTILE, mode);
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

/* Game INDEX's line of the log at LOG changed by EDIT and sealed again
 * with the digest anyone can compute (its check, log_line.h). */
static void edit_game(const char *log, size_t index, void (*edit)(json_t *game))
{
    char *text = slurp(log);
    char *start = text;
    for (size_t i = 0; i <= index; i++) {
        start = strchr(start, '\n') + 1;
    }
    char *end = strchr(start, '\n') + 1;
    char *line = strndup(start, (size_t)(end - start - 1));
    json_t *game = json_loads(line, 0, NULL);
    assert_non_null(game);
    edit(game);
    json_object_del(game, "check");
    char *body = json_dumps(game, JSON_COMPACT);
    XXH128_hash_t hash = XXH3_128bits(body, strlen(body));
    char check[33];
    snprintf(check, sizeof(check), "%016llx%016llx", (unsigned long long)hash.high64,
             (unsigned long long)hash.low64);
    json_object_set_new(game, "check", json_string(check));
    char *sealed = json_dumps(game, JSON_COMPACT);
    write_file(log, "%.*s%s\n%s", (int)(start - text), text, sealed, end);
    free(sealed);
    free(body);
    json_decref(game);
    free(line);
    free(text);
}

/* The other side's win; a draw stays a draw. */
static const char *swapped_result(const char *result)
{
    return strcmp(result, "1-0") == 0 ? "0-1" : strcmp(result, "0-1") == 0 ? "1-0" : result;
}

static void swap_result(json_t *game)
{
    const char *swapped = swapped_result(text_of(game, "result"));
    json_object_set_new(game, "result", json_string(swapped));
    json_object_set(game, "winner",
                    json_object_get(game, strcmp(swapped, "1-0") == 0 ? "first" : "second"));
}

/* The game one ply shorter: its last move gone from every column. */
static void drop_last_move(json_t *game)
{
    static const char *const columns[] = {"moves", "nodes", "depth", "score", "time_ns", "cpu_ns"};
    for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++) {
        json_t *column = json_object_get(game, columns[i]);
        json_array_remove(column, json_array_size(column) - 1);
    }
    const char *seats = text_of(game, "seats");
    json_object_set_new(game, "seats", json_stringn(seats, strlen(seats) - 1));
}

/* What `replay` and the others say of a game whose normal end RESULT does
 * not follow from its moves, after which AFTER. */
static void not_following(char *text, size_t size, unsigned index, const char *agents,
                          const char *result, const char *after)
{
    snprintf(text, size,
             "game %u (%s): its result %s (normal) does not follow from its moves, after "
             "which %s",
             index, agents, result, after);
}

/* A log edited and sealed again (its check is a digest anyone can
 * compute): game 0's result swapped against its moves, then game 1 cut
 * one ply short. replay refuses such a game, naming it, where it once
 * showed the swapped result under the board its moves make; report and
 * export leave it out, naming it, and exit with 1, where they once counted
 * and wrote it; merge refuses to merge it, where it once merged it. */
static void test_a_log_edited_against_its_moves(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_t *games = play_zoo(&run, dir, sizeof(dir), "good_agent");
    char was[2][16];
    for (size_t i = 0; i < 2; i++) {
        assert_string_equal(text_of(json_array_get(games, i), "termination"), "normal");
        snprintf(was[i], sizeof(was[i]), "%s", text_of(json_array_get(games, i), "result"));
        assert_string_not_equal(was[i], "1/2-1/2");
    }
    json_decref(games);
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    edit_game(log, 0, swap_result);
    char first[512];
    not_following(first, sizeof(first), 0, "bad against first-open", swapped_result(was[0]),
                  was[0]);
    char expected[2048];

    const char *replay[] = {"replay", output, "0", NULL};
    run_tourney(&run, replay);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected), "tourney: %s\n", first);
    assert_file_is(run.err, expected);

    const char *report[] = {"report", output, NULL};
    run_tourney(&run, report);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected),
             "tourney: %s\ntourney: left out of the reports: 1 game of %s whose end does not "
             "follow from its moves\n",
             first, log);
    assert_file_is(run.err, expected);
    snprintf(expected, sizeof(expected), "\nReports rebuilt from %s: 1 of 2 games\n", log);
    assert_file_has(run.out, expected);
    json_t *summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 1);
    json_decref(summary);

    const char *exported[] = {"export", output, NULL};
    run_tourney(&run, exported);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected),
             "tourney: %s\ntourney: left out of the export: 1 game of %s whose end does not "
             "follow from its moves\n",
             first, log);
    assert_file_is(run.err, expected);
    char *text = slurp(run.out);
    assert_null(strstr(text, "[Game \"0\"]"));
    assert_non_null(strstr(text, "[Game \"1\"]"));
    free(text);
    const char *csv[] = {"export", output, "--format", "csv", NULL};
    run_tourney(&run, csv);
    assert_int_equal(run.status, 1);
    text = slurp(run.out);
    assert_null(strstr(text, "\n0,"));
    assert_non_null(strstr(text, "\n1,first-open,bad,"));
    free(text);

    char merged[128];
    char merged_log[160];
    snprintf(merged, sizeof(merged), "%s/merged", run.dir);
    snprintf(merged_log, sizeof(merged_log), "%s/games.jsonl", merged);
    const char *merge[] = {"merge", merged, output, NULL};
    run_tourney(&run, merge);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected),
             "tourney merge: %s: %s; refusing to merge (take its line out of the log to merge "
             "the other games)\n",
             log, first);
    assert_file_is(run.err, expected);
    assert_int_not_equal(access(merged_log, F_OK), 0);

    /* Game 1 one ply short: its last move, which ended it, gone. */
    edit_game(log, 1, drop_last_move);
    char second[512];
    not_following(second, sizeof(second), 1, "first-open against bad", was[1], "the game goes on");
    const char *replay_second[] = {"replay", output, "1", NULL};
    run_tourney(&run, replay_second);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected), "tourney: %s\n", second);
    assert_file_is(run.err, expected);
    run_tourney(&run, report);
    assert_int_equal(run.status, 1);
    snprintf(expected, sizeof(expected),
             "tourney: %s\ntourney: %s\ntourney: left out of the reports: 2 games of %s whose "
             "ends do not follow from their moves\n",
             first, second, log);
    assert_file_is(run.err, expected);
    snprintf(expected, sizeof(expected), "\nReports rebuilt from %s: 0 of 2 games\n", log);
    assert_file_has(run.out, expected);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* An edited line's result: a word no reader knows, with the bytes that
 * clear a terminal. */
static void hostile_result(json_t *game)
{
    json_object_set_new(game, "result", json_string("1-0\x1b[2J"));
}

/* Text from an edited log reaches the terminal escaped: an error that
 * quotes a line's unknown result, from every reader. */
static void test_hostile_text_in_a_log(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    json_decref(play_zoo(&run, dir, sizeof(dir), "good_agent"));
    char output[128];
    char log[160];
    char saved[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    snprintf(saved, sizeof(saved), "%s/games.saved", run.dir);
    char *original = slurp(log);
    write_file(saved, "%s", original);
    edit_game(log, 0, hostile_result);
    char merged[128];
    snprintf(merged, sizeof(merged), "%s/merged", run.dir);
    const char *replay[] = {"replay", output, "0", NULL};
    const char *report[] = {"report", output, NULL};
    const char *exported[] = {"export", output, NULL};
    const char *merge[] = {"merge", merged, output, NULL};
    const char *const *readers[] = {replay, report, exported, merge};
    for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
        run_tourney(&run, readers[i]);
        assert_int_equal(run.status, 1);
        assert_no_controls(run.err);
        assert_file_has(run.err, "game 0: unknown result '1-0\\x1b[2J'");
    }

    free(original);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A file of openings named with the bytes that colour a terminal and with
 * Markdown's own syntax: `validate` shows its name escaped, report.md's
 * line of settings too, as Markdown that reads as the name. */
static void test_hostile_text_in_a_setting(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "bytes");
    char openings[128];
    snprintf(openings, sizeof(openings), "%s/op\x1b[31m|*x*", dir);
    write_file(openings, "x . . / . . . / . . .\n");
    char config[128];
    snprintf(config, sizeof(config), "%s/bytes.ini", dir);
    write_file(config,
               "[tournament]\nname = bytes\nseed = 7\ngames_per_pair = 2\n"
               "isolation = none\nopenings = op\x1b[31m|*x*\n"
               "[game]\nplugin = mnk\n"
               "[agent random]\nplugin = random\n[agent first-open]\nplugin = first-open\n");
    struct run run;
    memset(&run, 0, sizeof(run));
    const char *validate[] = {"validate", config, NULL};
    run_tourney_ok(&run, validate);
    assert_no_controls(run.out);
    char shown[256];
    snprintf(shown, sizeof(shown),
             "  openings: 1 positions from %s/op\\x1b[31m|*x*, in the file's order\n", dir);
    assert_file_has(run.out, shown);
    play(&run, config);
    char markdown[160];
    snprintf(markdown, sizeof(markdown), "%s/reports/report.md", run.dir);
    assert_no_controls(markdown);
    assert_file_has(markdown, "\n- Openings: op\\x1b\\[31m\\|\\*x\\* (contents ");
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
        cmocka_unit_test(test_a_log_edited_against_its_moves),
        cmocka_unit_test(test_hostile_text_in_a_log),
        cmocka_unit_test(test_hostile_text_in_a_setting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
