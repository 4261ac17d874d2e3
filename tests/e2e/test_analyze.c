/*
 * End to end: `tourney analyze` on the real binary, after a real
 * tournament of 3x3 (tests/configs/docs-example.ini: 120 games of
 * negamax-ab-ids, minimax at depth 2, first-open and random from two-ply
 * openings). Every position of 3x3 is solved, so every move is graded;
 * negamax-ab-ids searches to the end and never blunders, first-open does.
 * With `analysis = exact` the run's report.html, read strictly, marks every
 * move of the games its viewer lists with the grade and values
 * analysis.jsonl gives it, and so after an analysis with a budget that
 * leaves moves unknown. The value file makes the next analysis find every
 * position; one written through a link, or an analysis file planted as a
 * link, is refused; every way to ask wrongly gets exit status 2. Run as
 * root and as nobody.
 */
#include "test.h"

#include "binary.h"
#include "html_summary.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#define EXAMPLE_CONFIG TEST_CONFIG_DIR "/docs-example.ini"

/* The played tournament, shared by the tests of the group. */
static int play_example(void **state)
{
    struct run *run = calloc(1, sizeof(*run));
    if (run == NULL) {
        return -1;
    }
    play(run, EXAMPLE_CONFIG);
    *state = run;
    return 0;
}

static int remove_example(void **state)
{
    struct run *run = *state;
    remove_tree(run->dir);
    free(run);
    return 0;
}

/* Runs `tourney analyze ARGS...` with RUN's directory; returns stdout. */
static char *analyze(struct run *run, const char *const *args)
{
    const char *argv[16] = {"analyze"};
    size_t n = 1;
    while (args[n - 1] != NULL && n < 15) {
        argv[n] = args[n - 1];
        n++;
    }
    argv[n] = NULL;
    run_tourney(run, argv);
    return slurp(run->out);
}

static void expect_status(struct run *run, int status, const char *message)
{
    char *err = slurp(run->err);
    if (run->status != status || (message != NULL && strstr(err, message) == NULL)) {
        print_error("expected status %d and '%s'; got %d:\n%s\n", status,
                    message != NULL ? message : "", run->status, err);
        free(err);
        fail();
    }
    free(err);
}

/* The lines of analysis.jsonl; checks every move is graded and counts the
 * grades of AGENT's moves. */
static size_t read_analysis(const char *path, const char *agent, size_t *best, size_t *blunders)
{
    FILE *in = fopen(path, "r");
    char line[65536];
    size_t lines = 0;

    assert_non_null(in);
    *best = 0;
    *blunders = 0;
    while (fgets(line, sizeof(line), in) != NULL) {
        json_error_t error;
        json_t *o = json_loads(line, 0, &error);
        assert_non_null(o);
        if (lines++ == 0) {
            assert_string_equal(json_string_value(json_object_get(o, "analysis")), "exact");
            assert_string_equal(json_string_value(json_object_get(o, "game")), "mnk");
            json_decref(o);
            continue;
        }
        json_t *players = json_object_get(o, "players");
        json_t *moves = json_object_get(o, "moves");
        size_t i;
        json_t *m;
        json_array_foreach(moves, i, m)
        {
            const char *grade = json_string_value(json_object_get(m, "grade"));
            json_int_t seat = json_integer_value(json_object_get(m, "seat"));
            assert_string_not_equal(grade, "unknown");
            if (strcmp(json_string_value(json_array_get(players, (size_t)seat)), agent) == 0) {
                *best += strcmp(grade, "best") == 0;
                *blunders += strcmp(grade, "blunder") == 0;
            }
        }
        json_decref(o);
    }
    fclose(in);
    return lines;
}

/* One agent's grades as analysis.jsonl says, added up in the test. */
struct expected_grades {
    char name[64];
    long games, moves, graded, best, slower, blunders, perfect;
    long blundered_games, first_blunder_plies;
};

/* Adds up the grades of every agent of DIR/analysis.jsonl into WANT (at
 * most MAX agents); returns how many. */
static size_t add_up_analysis(const char *dir, struct expected_grades *want, size_t max)
{
    char path[256];
    snprintf(path, sizeof(path), "%s/analysis.jsonl", dir);
    FILE *in = fopen(path, "r");
    char line[65536];
    size_t count = 0;

    assert_non_null(in);
    assert_non_null(fgets(line, sizeof(line), in));
    while (fgets(line, sizeof(line), in) != NULL) {
        json_error_t error;
        json_t *o = json_loads(line, 0, &error);
        assert_non_null(o);
        json_t *moves = json_object_get(o, "moves");
        for (size_t seat = 0; seat < 2; seat++) {
            const char *name =
                json_string_value(json_array_get(json_object_get(o, "players"), seat));
            size_t k = 0;
            while (k < count && strcmp(want[k].name, name) != 0) {
                k++;
            }
            if (k == count) {
                assert_true(count < max);
                memset(&want[count], 0, sizeof(want[count]));
                snprintf(want[count].name, sizeof(want[count].name), "%s", name);
                count++;
            }
            struct expected_grades *g = &want[k];
            long made = 0;
            long best = 0;
            long first = 0;
            size_t i;
            json_t *m;
            g->games++;
            json_array_foreach(moves, i, m)
            {
                if ((size_t)json_integer_value(json_object_get(m, "seat")) != seat) {
                    continue;
                }
                const char *grade = json_string_value(json_object_get(m, "grade"));
                made++;
                g->moves++;
                g->graded += strcmp(grade, "unknown") != 0;
                best += strcmp(grade, "best") == 0;
                g->slower += strcmp(grade, "slower") == 0;
                if (strcmp(grade, "blunder") == 0) {
                    g->blunders++;
                    if (first == 0) {
                        first = (long)json_integer_value(json_object_get(m, "ply"));
                    }
                }
            }
            g->best += best;
            g->perfect += made > 0 && best == made;
            g->blundered_games += first > 0;
            g->first_blunder_plies += first;
        }
        json_decref(o);
    }
    fclose(in);
    return count;
}

/* "0.750000" of PART / WHOLE, "" when WHOLE is 0: results.csv's rates. */
static void csv_rate(char *buf, size_t size, long part, long whole, int decimals)
{
    if (whole == 0) {
        buf[0] = '\0';
    } else {
        snprintf(buf, size, "%.*f", decimals, (double)part / (double)whole);
    }
}

/* DIR's results.csv and summary.json show, for every agent, the figures
 * that its analysis.jsonl adds up to. */
static void expect_reports_show(const char *dir)
{
    struct expected_grades want[8];
    size_t agents = add_up_analysis(dir, want, 8);
    char path[256];

    assert_int_equal(agents, 4);
    snprintf(path, sizeof(path), "%s/summary.json", dir);
    json_error_t error;
    json_t *summary = json_load_file(path, 0, &error);
    assert_non_null(summary);
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    char *csv = slurp(path);
    assert_non_null(strstr(csv, ",graded_moves,graded_share,accuracy,best_moves,slower_moves,"
                                "slower_share,blunders,blunders_per_game,first_blunder_ply,"
                                "perfect_games\n"));
    for (size_t k = 0; k < agents; k++) {
        const struct expected_grades *g = &want[k];
        json_t *entry = NULL;
        size_t i;
        json_t *agent;
        json_array_foreach(json_object_get(summary, "agents"), i, agent)
        {
            if (strcmp(json_string_value(json_object_get(agent, "name")), g->name) == 0) {
                entry = json_object_get(agent, "analysis");
            }
        }
        assert_non_null(entry);
        assert_int_equal(get_int(entry, "moves"), g->moves);
        assert_int_equal(get_int(entry, "graded_moves"), g->graded);
        assert_int_equal(get_int(entry, "best_moves"), g->best);
        assert_int_equal(get_int(entry, "slower_moves"), g->slower);
        assert_int_equal(get_int(entry, "blunders"), g->blunders);
        assert_int_equal(get_int(entry, "perfect_games"), g->perfect);
        /* summary.json's reals have 10 significant digits. */
        assert_true(fabs(json_real_value(json_object_get(entry, "accuracy")) -
                         (double)(g->best + g->slower) / (double)g->graded) < 1e-9);
        /* The row of results.csv ends with the analysis's columns. */
        char graded[32];
        char accuracy[32];
        char slower[32];
        char per_game[32];
        char first[32];
        char row[512];
        csv_rate(graded, sizeof(graded), g->graded, g->moves, 6);
        csv_rate(accuracy, sizeof(accuracy), g->best + g->slower, g->graded, 6);
        csv_rate(slower, sizeof(slower), g->slower, g->graded, 6);
        csv_rate(per_game, sizeof(per_game), g->blunders, g->games, 6);
        csv_rate(first, sizeof(first), g->first_blunder_plies, g->blundered_games, 4);
        snprintf(row, sizeof(row), ",%ld,%s,%s,%ld,%ld,%s,%ld,%s,%s,%ld\n", g->graded, graded,
                 accuracy, g->best, g->slower, slower, g->blunders, per_game, first, g->perfect);
        /* RANK,NAME,PLUGIN,...: the agents' names are the plugins'. */
        char named[2 * sizeof(g->name) + 4];
        snprintf(named, sizeof(named), ",%.63s,%.63s,", g->name, g->name);
        char *line = strstr(csv, named);
        assert_non_null(line);
        char *end = strchr(line, '\n');
        assert_non_null(end);
        if (strncmp(end + 1 - strlen(row), row, strlen(row)) != 0) {
            fail_msg("the row of %s in %s does not end with %s", g->name, path, row);
        }
    }
    free(csv);
    json_decref(summary);
}

/* A value of analysis.jsonl ("win 5", "loss 2", "draw", "unknown") as the
 * viewer's data shortens it ("w5", "l2", "d", "u"). */
static void short_value(const char *value, char *buf, size_t size)
{
    if (strncmp(value, "win ", 4) == 0 || strncmp(value, "loss ", 5) == 0) {
        snprintf(buf, size, "%c%s", value[0], strchr(value, ' ') + 1);
    } else {
        snprintf(buf, size, "%c", value[0]);
    }
}

/* The marks of report.html's game viewer, by grade: the letter of the
 * viewer's data and the symbol analysis.js draws for it. */
static const struct {
    const char *grade;
    char letter;
    const char *symbol; /* as analysis.js writes it */
} viewer_marks[] = {
    {"best", 'b', "b: { name: 'best', symbol: '\\u2713' }"},
    {"slower", 's', "s: { name: 'slower', symbol: '?!' }"},
    {"blunder", 'x',
     "x: { name: 'blunder', symbol: '?"
     "?' }"},
    {"unknown", 'u', "u: { name: 'unknown', symbol: '\\u2013' }"},
};
#define VIEWER_MARKS (sizeof(viewer_marks) / sizeof(viewer_marks[0]))

/* DIR's report.html, read strictly: every game its viewer lists has each
 * move marked with the grade, and the values, that DIR/analysis.jsonl gives
 * that move of that game; MARKS counts the moves of each grade (in
 * viewer_marks' order). */
static void expect_viewer_marks(const char *dir, size_t marks[VIEWER_MARKS])
{
    char path[256];
    snprintf(path, sizeof(path), "%s/analysis.jsonl", dir);
    size_t lines = count_lines(path);
    json_t **analysed = calloc(lines, sizeof(*analysed));
    assert_non_null(analysed);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char line[65536];
    assert_non_null(fgets(line, sizeof(line), in));
    while (fgets(line, sizeof(line), in) != NULL) {
        json_error_t error;
        json_t *o = json_loads(line, 0, &error);
        assert_non_null(o);
        json_int_t n = get_int(o, "game");
        assert_true(n >= 0 && (size_t)n < lines && analysed[n] == NULL);
        analysed[n] = o;
    }
    fclose(in);

    snprintf(path, sizeof(path), "%s/report.html", dir);
    char *page = slurp(path);
    struct html_node *root = html_parse_or_fail(page);
    /* The marks the page's script draws, and the legend that names them. */
    for (size_t k = 0; k < VIEWER_MARKS; k++) {
        marks[k] = 0;
        assert_non_null(strstr(page, viewer_marks[k].symbol));
    }
    assert_non_null(strstr(page, " Each move the exact analysis (analysis.jsonl) graded is "
                                 "marked: &#10003; best, ?! slower (the same result, later or "
                                 "sooner), ?? a blunder (a worse result), &#8211; unknown "));
    const struct html_node *script = html_find(root, "id", "replay-data");
    assert_non_null(script);
    json_error_t error;
    json_t *data = json_loads(script->text, 0, &error);
    assert_non_null(data);
    json_t *games = json_object_get(data, "games");
    assert_true(json_array_size(games) > 0);
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        json_int_t n = get_int(game, "n");
        assert_true(n >= 0 && (size_t)n < lines && analysed[n] != NULL);
        json_t *moves = json_object_get(analysed[n], "moves");
        const char *grades = json_string_value(json_object_get(game, "g"));
        json_t *values = json_object_get(game, "v");
        assert_non_null(grades);
        assert_int_equal(strlen(grades), json_array_size(moves));
        assert_int_equal(json_array_size(json_object_get(game, "m")), json_array_size(moves));
        assert_int_equal(json_array_size(values), json_array_size(moves));
        size_t ply;
        json_t *m;
        json_array_foreach(moves, ply, m)
        {
            const char *grade = json_string_value(json_object_get(m, "grade"));
            size_t k = 0;
            while (k < VIEWER_MARKS && strcmp(viewer_marks[k].grade, grade) != 0) {
                k++;
            }
            assert_true(k < VIEWER_MARKS);
            if (grades[ply] != viewer_marks[k].letter) {
                fail_msg("game %d, move %zu: marked '%c', analysis.jsonl says %s", (int)n, ply + 1,
                         grades[ply], grade);
            }
            marks[k]++;
            assert_string_equal(json_string_value(json_array_get(json_object_get(game, "m"), ply)),
                                json_string_value(json_object_get(m, "move")));
            for (size_t side = 0; side < 2; side++) {
                char want[32];
                short_value(json_string_value(json_object_get(m, side ? "after" : "before")), want,
                            sizeof(want));
                assert_string_equal(
                    json_string_value(json_array_get(json_array_get(values, ply), side)), want);
            }
        }
    }
    json_decref(data);
    html_free(root);
    free(page);
    for (size_t n = 0; n < lines; n++) {
        json_decref(analysed[n]);
    }
    free(analysed);
}

static void test_analysis(void **state)
{
    struct run *played = *state;
    struct run run = *played;
    char dir[128];
    char path[192];
    size_t best = 0;
    size_t blunders = 0;

    snprintf(dir, sizeof(dir), "%s/reports", played->dir);
    snprintf(path, sizeof(path), "%s/analysis.jsonl", dir);
    const char *args[] = {dir, NULL};
    char summary[192];
    snprintf(summary, sizeof(summary), "%s/summary.json", dir);
    char *before = slurp(summary);
    assert_null(strstr(before, "\"accuracy\""));
    free(before);
    char *out = analyze(&run, args);
    expect_status(&run, 0, NULL);
    /* The reports are written again, and show it. */
    assert_non_null(strstr(out, "Reports rewritten with the analysis in "));
    expect_reports_show(dir);
    assert_non_null(strstr(out, "agent "));
    assert_non_null(strstr(out, " accuracy "));
    assert_non_null(strstr(out, "graded (100.0%)\n"));
    assert_non_null(strstr(out, " 0 of them beyond the budget of 20000000 nodes\n"));
    free(out);
    /* The header and a line per game. */
    assert_int_equal(read_analysis(path, "negamax-ab-ids", &best, &blunders), 121);
    assert_true(best > 0);
    assert_int_equal(blunders, 0);
    read_analysis(path, "first-open", &best, &blunders);
    assert_true(blunders > 0);

    /* Two solvers at once find the same values. */
    char *one = slurp(path);
    const char *jobs[] = {dir, "--jobs", "2", NULL};
    free(analyze(&run, jobs));
    expect_status(&run, 0, NULL);
    assert_file_is(path, one);
    free(one);
}

static void test_cache_file(void **state)
{
    struct run *played = *state;
    struct run run = *played;
    char dir[128];
    char cache[192];
    char link[192];

    snprintf(dir, sizeof(dir), "%s/reports", played->dir);
    snprintf(cache, sizeof(cache), "%s/values", played->dir);
    snprintf(link, sizeof(link), "%s/values-link", played->dir);
    const char *args[] = {dir, "--cache", cache, NULL};
    free(analyze(&run, args));
    expect_status(&run, 0, NULL);
    char *out = analyze(&run, args);
    expect_status(&run, 0, NULL);
    assert_non_null(strstr(out, " found in the cache (100.0%), 0 solved,"));
    free(out);

    /* Through a link: refused, the link and its file left as they are. */
    char *before = slurp(cache);
    assert_int_equal(symlink(cache, link), 0);
    const char *linked[] = {dir, "--cache", link, NULL};
    free(analyze(&run, linked));
    expect_status(&run, 1, "is a symbolic link");
    struct stat info;
    assert_int_equal(lstat(link, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    assert_file_is(cache, before);
    free(before);
    unlink(link);

    /* Garbage in its place: refused by name and line, not replaced. */
    write_file(cache, "%s", "#!/bin/sh\nrm -rf /\n");
    free(analyze(&run, args));
    expect_status(&run, 1, ":1: not a file of tourney's values");
    assert_file_is(cache, "#!/bin/sh\nrm -rf /\n");
}

/* An analysis file planted as a link is not written through. */
static void test_planted_link(void **state)
{
    struct run *played = *state;
    struct run run = *played;
    char dir[128];
    char path[192];
    char target[192];

    snprintf(dir, sizeof(dir), "%s/reports", played->dir);
    snprintf(path, sizeof(path), "%s/analysis.jsonl", dir);
    snprintf(target, sizeof(target), "%s/elsewhere", played->dir);
    write_file(target, "%s", "someone else's\n");
    unlink(path);
    assert_int_equal(symlink(target, path), 0);
    const char *args[] = {dir, NULL};
    free(analyze(&run, args));
    expect_status(&run, 1, "analysis.jsonl");
    assert_file_is(target, "someone else's\n");
    unlink(path);
}

/* analysis = exact: the run writes the same analysis.jsonl that `tourney
 * analyze` writes of its log, and shows the table; a bad value is refused
 * before anything is played. */
static void test_run_setting(void **state)
{
    struct run *played = *state;
    struct run run;
    char output[160];
    char path[192];

    (void)played;
    make_run_dir(&run, "analysis-run");
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(path, sizeof(path), "%s/analysis.jsonl", output);
    const char *args[] = {
        "run", EXAMPLE_CONFIG, "--output", output, "-j", "1", "--set", "tournament.analysis=exact",
        NULL};
    run_tourney_ok(&run, args);
    char *out = slurp(run.out);
    assert_non_null(strstr(out, "Exact analysis (analysis = exact), written to "));
    assert_non_null(strstr(out, "Moves: "));
    free(out);
    char *by_run = slurp(path);
    assert_int_equal(count_lines(path), 121);
    /* The game viewer marks every move of the games it lists as the file
     * grades it: all of them graded on 3x3, first-open's blunders among
     * them. */
    size_t marks[VIEWER_MARKS];
    expect_viewer_marks(output, marks);
    assert_true(marks[0] > 0 && marks[1] > 0 && marks[2] > 0);
    assert_int_equal(marks[3], 0);
    /* Its reports show the analysis; `tourney report` keeps the file as it
     * is and shows it again. */
    expect_reports_show(output);
    const char *report[] = {"report", output, NULL};
    run_tourney_ok(&run, report);
    out = slurp(run.out);
    assert_non_null(strstr(out, "Exact analysis (analysis.jsonl): "));
    free(out);
    assert_file_is(path, by_run);
    expect_reports_show(output);

    const char *again[] = {output, NULL};
    free(analyze(&run, again));
    expect_status(&run, 0, NULL);
    assert_file_is(path, by_run);
    /* With a budget too small for the first positions, the moves it leaves
     * unknown are marked so, beside the graded ones; then the whole
     * analysis again. */
    const char *budget[] = {output, "--budget", "30", NULL};
    free(analyze(&run, budget));
    expect_status(&run, 0, NULL);
    expect_viewer_marks(output, marks);
    printf("viewer marks: %zu best, %zu slower, %zu blunders, %zu unknown\n", marks[0], marks[1],
           marks[2], marks[3]);
    assert_true(marks[0] > 0 && marks[3] > 0);
    free(analyze(&run, again));
    expect_status(&run, 0, NULL);
    assert_file_is(path, by_run);

    /* Another tournament started over in the folder: its reports leave the
     * old analysis out, saying so once, and the file stays as it was. */
    const char *other[] = {"run",     EXAMPLE_CONFIG, "--output",          output, "-j", "1",
                           "--fresh", "--set",        "tournament.seed=9", NULL};
    run_tourney_ok(&run, other);
    char *err = slurp(run.err);
    const char *warning = "analysis.jsonl, line 1: the analysis of another tournament (its "
                          "settings_digest or game is not the log's)\n";
    const char *at = strstr(err, warning);
    if (at == NULL || strstr(at + 1, warning) != NULL) {
        fail_msg("expected the warning once; got:\n%s", err);
    }
    free(err);
    char summary[192];
    snprintf(summary, sizeof(summary), "%s/summary.json", output);
    char *plain = slurp(summary);
    assert_null(strstr(plain, "\"analysis\""));
    free(plain);
    assert_file_is(path, by_run);
    free(by_run);

    const char *bad[] = {
        "run", EXAMPLE_CONFIG, "--output", output, "--set", "tournament.analysis=deep", NULL};
    run_tourney(&run, bad);
    expect_status(&run, 2, "bad value 'deep' for 'analysis'");
    remove_tree(run.dir);
}

static void test_usage(void **state)
{
    struct run *played = *state;
    struct run run = *played;
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", played->dir);
    const char *none[] = {NULL};
    const char *zero_jobs[] = {dir, "--jobs", "0", NULL};
    const char *bad_budget[] = {dir, "--budget", "lots", NULL};
    const char *unknown[] = {dir, "--fast", NULL};
    const char *two[] = {dir, dir, NULL};
    const char *no_cache[] = {dir, "--cache", NULL};

    free(analyze(&run, none));
    expect_status(&run, 2, "expected a DIR holding games.jsonl");
    free(analyze(&run, zero_jobs));
    expect_status(&run, 2, "bad value '0' for --jobs");
    free(analyze(&run, bad_budget));
    expect_status(&run, 2, "bad value 'lots' for --budget");
    free(analyze(&run, unknown));
    expect_status(&run, 2, "--fast");
    free(analyze(&run, two));
    expect_status(&run, 2, "expected one DIR");
    free(analyze(&run, no_cache));
    expect_status(&run, 2, "--cache needs a FILE");
    /* A folder without a log: named. */
    const char *empty[] = {played->dir, NULL};
    free(analyze(&run, empty));
    expect_status(&run, 1, "games.jsonl");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_analysis),     cmocka_unit_test(test_cache_file),
        cmocka_unit_test(test_planted_link), cmocka_unit_test(test_run_setting),
        cmocka_unit_test(test_usage),
    };
    return cmocka_run_group_tests(tests, play_example, remove_example);
}
