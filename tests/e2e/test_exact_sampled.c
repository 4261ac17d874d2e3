/*
 * End to end: the exact win rate against random beside the sampled one
 * (exact_vs_random = yes). first-open against random on 3x3
 * (tests/configs/exact-vs-random.ini), 500 games in each seat: the run's
 * exact figures are first-open's (300/384 as first player, 416/945 as
 * second, as unit.exact_vs_random pins them against an enumeration), the
 * console, report.md and summary.json show the same figures, and the
 * sampled win rates' 99% Wilson intervals hold them (the config's seed is
 * fixed; scripts/exact-vs-random-coverage.py counts over 100 seeds how
 * often they do). `tourney report` rebuilds the reports byte for byte. A
 * link or a file of other games in place of exact-vs-random.json is left
 * out, and the reports are those without it; an agent that breaks ties at
 * random, and a game over the budget, are left out with the reason. A
 * match that a sequential test stops early has the figure over the games
 * it played.
 */
#include "test.h"

#include "binary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#define CONFIG TEST_CONFIG_DIR "/exact-vs-random.ini"
#define LEFT_OUT_CONFIG TEST_CONFIG_DIR "/exact-vs-random-left-out.ini"
#define Z99 2.5758293035489004

/* The 99% Wilson interval of WINS in GAMES, as docs/reports.md defines it. */
static void wilson99(json_int_t wins, json_int_t games, double *low, double *high)
{
    double n = (double)games;
    double p = (double)wins / n;
    double denominator = 1 + Z99 * Z99 / n;
    double centre = (p + Z99 * Z99 / (2 * n)) / denominator;
    double half = Z99 * sqrt(p * (1 - p) / n + Z99 * Z99 / (4 * n * n)) / denominator;
    *low = fmax(0, centre - half);
    *high = fmin(1, centre + half);
}

static double real_of(json_t *object, const char *key)
{
    json_t *value = json_object_get(object, key);
    if (!json_is_number(value)) {
        fail_msg("no number %s", key);
    }
    return json_number_value(value);
}

static void assert_near(double value, double expected, double tolerance, const char *what)
{
    if (!(fabs(value - expected) <= tolerance)) {
        fail_msg("%s: %.17g, not %.17g", what, value, expected);
    }
}

/* Runs CONFIG with EXTRA (an --set, or NULL) into RUN->dir/reports, every
 * column on the console. */
static void run_config(struct run *run, const char *prefix, const char *config, const char *extra)
{
    make_run_dir(run, prefix);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    const char *args[] = {"run", config, "--output", output, "--wide", "--set", extra, NULL};
    if (extra == NULL) {
        args[5] = NULL;
    }
    run_tourney_ok(run, args);
}

static char *report_file(const struct run *run, const char *name)
{
    char path[192];
    snprintf(path, sizeof(path), "%s/reports/%s", run->dir, name);
    return slurp(path);
}

/* The sampled figure's cells as the tables write them: "60.7 | [56.7,
 * 64.6]" with SEPARATOR between them. Checks the interval against the
 * docs' formula and that it holds EXACT. */
static void sampled_cells(json_t *sampled, double exact, json_int_t games, const char *separator,
                          char *text, size_t size)
{
    assert_int_equal(get_int(sampled, "games"), games);
    json_int_t wins = get_int(sampled, "wins");
    double low;
    double high;
    wilson99(wins, games, &low, &high);
    assert_near(real_of(sampled, "win_rate"), (double)wins / (double)games, 1e-9, "win_rate");
    assert_near(real_of(sampled, "win_rate_low99"), low, 1e-9, "the interval's low end");
    assert_near(real_of(sampled, "win_rate_high99"), high, 1e-9, "the interval's high end");
    assert_near(real_of(sampled, "exact"), exact, 1e-9, "the exact figure beside it");
    if (!(low <= exact && exact <= high)) {
        fail_msg("the exact %.6f is not in the sampled [%.6f, %.6f]", exact, low, high);
    }
    assert_true(json_is_true(json_object_get(sampled, "held")));
    snprintf(text, size, "%.1f%s[%.1f, %.1f]", 100.0 * (double)wins / (double)games, separator,
             100.0 * low, 100.0 * high);
}

/* first-open's row of the table as it must read, cells joined by SEPARATOR. */
static void expected_row(json_t *entry, const char *separator, char *row, size_t size)
{
    double first = real_of(json_object_get(entry, "first"), "win");
    double second = real_of(json_object_get(entry, "second"), "win");
    double rate = real_of(entry, "win_rate");
    char all[64];
    char seat[2][64];
    sampled_cells(json_object_get(entry, "sampled"), rate, 1000, separator, all, sizeof(all));
    sampled_cells(json_object_get(entry, "sampled_first"), first, 500, separator, seat[0],
                  sizeof(seat[0]));
    sampled_cells(json_object_get(entry, "sampled_second"), second, 500, separator, seat[1],
                  sizeof(seat[1]));
    snprintf(row, size, "first-open%s1000%s%s%s%.3f%syes%s%s%s%.3f%s%s%s%.3f", separator,
             separator, all, separator, 100.0 * rate, separator, separator, seat[0], separator,
             100.0 * first, separator, seat[1], separator, 100.0 * second);
}

/* TEXT's first line that, its runs of blanks made one, begins with
 * BEGINNING: into LINE, so made. */
static void line_of(const char *text, const char *beginning, char *line, size_t size)
{
    for (const char *at = text; *at != '\0';) {
        size_t n = 0;
        for (; *at != '\0' && *at != '\n'; at++) {
            if (n + 1 < size && (*at != ' ' || (n > 0 && line[n - 1] != ' '))) {
                line[n++] = *at;
            }
        }
        line[n] = '\0';
        if (strncmp(line, beginning, strlen(beginning)) == 0) {
            return;
        }
        at += *at == '\n';
    }
    fail_msg("no line '%s...' in:\n%s", beginning, text);
}

static void test_reports_agree_and_hold_it(void **state)
{
    (void)state;
    struct run run = {0};
    run_config(&run, "exact-sampled", CONFIG, NULL);
    char *console = slurp(run.out);
    char *markdown = report_file(&run, "report.md");
    char *summary_text = report_file(&run, "summary.json");
    json_t *summary = load_summary(&run);
    json_t *exact = json_object_get(summary, "exact_vs_random");
    assert_true(json_is_object(exact));
    assert_string_equal(json_string_value(json_object_get(exact, "file")), "exact-vs-random.json");
    assert_int_equal(get_int(exact, "budget"), 1000000);
    assert_near(real_of(exact, "z"), Z99, 1e-9, "z");
    json_t *agents = json_object_get(exact, "agents");
    assert_int_equal(json_array_size(agents), 1);
    json_t *entry = json_array_get(agents, 0);
    assert_string_equal(json_string_value(json_object_get(entry, "agent")), "first-open");
    assert_true(json_is_null(json_object_get(entry, "left_out")));
    /* first-open's figures, pinned: the enumeration of unit.exact_vs_random. */
    assert_near(real_of(json_object_get(entry, "first"), "win"), 300.0 / 384.0, 1e-9, "first");
    assert_near(real_of(json_object_get(entry, "second"), "win"), 416.0 / 945.0, 1e-9, "second");
    assert_near(real_of(entry, "win_rate"), (300.0 / 384.0 + 416.0 / 945.0) / 2, 1e-9,
                "the win rate");
    assert_int_equal(get_int(entry, "positions"), 534);
    assert_int_equal(get_int(entry, "asked"), 232);

    /* The console and report.md say what summary.json says. */
    char row[512];
    char line[512];
    expected_row(entry, " ", row, sizeof(row));
    line_of(console, "first-open 1000 ", line, sizeof(line));
    if (strstr(console, "Exact win rate against random (exact-vs-random.json") == NULL) {
        fail_msg("no exact figure on the console:\n%s", console);
    }
    assert_string_equal(line, row);
    char md_row[600];
    expected_row(entry, " | ", row, sizeof(row));
    snprintf(md_row, sizeof(md_row), "| %s |", row);
    line_of(markdown, "| first-open | 1000 |", line, sizeof(line));
    assert_string_equal(line, md_row);
    assert_non_null(strstr(markdown, "\n## Exact win rate against random\n"));

    /* Rebuilt from the log and the file: byte for byte. */
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", run.dir);
    const char *report_args[] = {"report", dir, NULL};
    struct run rebuilt = {0};
    strcpy(rebuilt.dir, run.dir);
    run_tourney_ok(&rebuilt, report_args);
    char *markdown_again = report_file(&run, "report.md");
    char *summary_again = report_file(&run, "summary.json");
    assert_string_equal(markdown_again, markdown);
    assert_string_equal(summary_again, summary_text);
    free(markdown_again);
    free(summary_again);
    json_decref(summary);
    free(summary_text);
    free(markdown);
    free(console);
    remove_tree(run.dir);
}

/* report.md rebuilt in RUN with exact-vs-random.json as it now is: the one
 * of the same log without the figure (WITHOUT), and stderr says WHY. */
static void assert_left_out_whole(struct run *run, const char *without, const char *why)
{
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", run->dir);
    const char *report_args[] = {"report", dir, NULL};
    run_tourney_ok(run, report_args);
    char *markdown = report_file(run, "report.md");
    assert_string_equal(markdown, without);
    free(markdown);
    assert_file_has(run->err, "the reports leave the exact win rates against random out");
    assert_file_has(run->err, why);
}

static void test_link_or_other_games_left_out(void **state)
{
    (void)state;
    struct run run = {0};
    run_config(&run, "exact-link", CONFIG, NULL);
    char path[192];
    char moved[192];
    snprintf(path, sizeof(path), "%s/reports/exact-vs-random.json", run.dir);
    snprintf(moved, sizeof(moved), "%s/elsewhere.json", run.dir);
    char *with = report_file(&run, "report.md");
    char *file = slurp(path);

    /* The same log without the file: the reports of a run without it. */
    assert_int_equal(rename(path, moved), 0);
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", run.dir);
    const char *report_args[] = {"report", dir, NULL};
    run_tourney_ok(&run, report_args);
    char *without = report_file(&run, "report.md");
    assert_null(strstr(without, "Exact win rate"));
    /* The figure's section is added at the end, nothing else changes. */
    assert_true(strlen(with) > strlen(without));
    assert_memory_equal(with, without, strlen(without));
    assert_file_is(run.err, "");

    /* A link in its place is not followed. */
    assert_int_equal(symlink(moved, path), 0);
    assert_left_out_whole(&run, without, "exact-vs-random.json");
    assert_int_equal(unlink(path), 0);

    /* A file of another number of games, or of other seats (MOVED holds the
     * run's file). */
    copy_edited(moved, path, "\"games\":1000,", "\"games\":1002,");
    assert_left_out_whole(&run, without, "computed for 1002 games and the log has 1000");
    copy_edited(moved, path, "\"first_games\":500", "\"first_games\":499");
    assert_left_out_whole(&run, without, "its games against random are not the log's");
    /* And one of another tournament: its digest's first digit changed. */
    const char *digest = strstr(file, "\"settings_digest\":\"");
    assert_non_null(digest);
    char find[32];
    char replace[32];
    snprintf(find, sizeof(find), "\"settings_digest\":\"%c", digest[19]);
    snprintf(replace, sizeof(replace), "\"settings_digest\":\"%c", digest[19] == '0' ? '1' : '0');
    copy_edited(moved, path, find, replace);
    assert_left_out_whole(&run, without, "of another tournament");
    free(file);
    free(without);
    free(with);
    remove_tree(run.dir);
}

/* The entry of agent NAME in summary.json's exact_vs_random. */
static json_t *entry_of(json_t *summary, const char *name)
{
    size_t i;
    json_t *entry;
    json_array_foreach(json_object_get(json_object_get(summary, "exact_vs_random"), "agents"), i,
                       entry)
    {
        if (strcmp(json_string_value(json_object_get(entry, "agent")), name) == 0) {
            return entry;
        }
    }
    fail_msg("no exact_vs_random entry of %s", name);
    return NULL;
}

static void test_not_deterministic_left_out(void **state)
{
    (void)state;
    struct run run = {0};
    run_config(&run, "exact-random-ties", LEFT_OUT_CONFIG, NULL);
    json_t *summary = load_summary(&run);
    const char *why =
        json_string_value(json_object_get(entry_of(summary, "negamax-random"), "left_out"));
    assert_non_null(why);
    const char *expected = "it is not deterministic: asked twice at ply ";
    if (strncmp(why, expected, strlen(expected)) != 0 || strstr(why, " with two random streams, "
                                                                     "it chose ") == NULL) {
        fail_msg("the reason: %s", why);
    }
    /* first-open's figure is there, from the initial position. */
    json_t *first_open = entry_of(summary, "first-open");
    assert_true(json_is_null(json_object_get(first_open, "left_out")));
    assert_near(real_of(json_object_get(first_open, "first"), "win"), 300.0 / 384.0, 1e-12,
                "first");
    char *markdown = report_file(&run, "report.md");
    char line[512];
    snprintf(line, sizeof(line), "- Left out: `negamax-random`: %s\n", why);
    assert_non_null(strstr(markdown, line));
    snprintf(line, sizeof(line), "Left out: negamax-random: %s.", why);
    char *console = slurp(run.out);
    assert_non_null(strstr(console, line));
    free(console);
    free(markdown);
    json_decref(summary);
    remove_tree(run.dir);
}

static void test_game_too_large_left_out(void **state)
{
    (void)state;
    struct run run = {0};
    run_config(&run, "exact-too-large", LEFT_OUT_CONFIG, "tournament.exact_vs_random_budget=100");
    json_t *summary = load_summary(&run);
    const char *why = "the game is too large: its positions from the starts of the games "
                      "against random, any moves of both players, are more than 100 "
                      "(exact_vs_random_budget)";
    for (int i = 0; i < 2; i++) {
        const char *name = i == 0 ? "first-open" : "negamax-random";
        json_t *entry = entry_of(summary, name);
        assert_string_equal(json_string_value(json_object_get(entry, "left_out")), why);
        assert_null(json_object_get(entry, "first"));
    }
    char *markdown = report_file(&run, "report.md");
    assert_non_null(strstr(markdown, "\n## Exact win rate against random\n"));
    /* No table without a figure: the reasons alone. */
    assert_null(strstr(markdown, "| agent | games | win% | 99% CI | exact win%"));
    char line[512];
    snprintf(line, sizeof(line), "- Left out: `first-open`: %s\n", why);
    assert_non_null(strstr(markdown, line));
    free(markdown);
    json_decref(summary);
    remove_tree(run.dir);
}

/* A sequential test that stops the match early: the figure is over the
 * games the log holds, not the schedule's. */
static void test_over_the_games_played(void **state)
{
    (void)state;
    struct run run = {0};
    run_config(&run, "exact-sprt", CONFIG, "tournament.sprt=0, 50, 0.05, 0.05");
    json_t *summary = load_summary(&run);
    json_int_t played = get_int(json_object_get(summary, "tournament"), "games_played");
    assert_true(played > 0 && played < 1000);
    json_t *entry = entry_of(summary, "first-open");
    assert_true(json_is_null(json_object_get(entry, "left_out")));
    json_t *sampled = json_object_get(entry, "sampled");
    assert_int_equal(get_int(sampled, "games"), played);
    assert_int_equal(get_int(json_object_get(entry, "sampled_first"), "games") +
                         get_int(json_object_get(entry, "sampled_second"), "games"),
                     played);
    assert_near(real_of(json_object_get(entry, "first"), "win"), 300.0 / 384.0, 1e-9, "first");
    assert_near(real_of(json_object_get(entry, "second"), "win"), 416.0 / 945.0, 1e-9, "second");
    char *err = slurp(run.err);
    assert_null(strstr(err, "leave the exact"));
    free(err);
    json_decref(summary);
    remove_tree(run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reports_agree_and_hold_it),
        cmocka_unit_test(test_link_or_other_games_left_out),
        cmocka_unit_test(test_not_deterministic_left_out),
        cmocka_unit_test(test_game_too_large_left_out),
        cmocka_unit_test(test_over_the_games_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
