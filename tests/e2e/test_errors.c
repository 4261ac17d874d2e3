/*
 * What each command that reads a results log, or solves, says when it fails
 * and when it goes on past something, through the real binary: its whole
 * stderr, once, "tourney: why" or, for the commands that name themselves,
 * "tourney COMMAND: why", and its exit status. The reasons are made below
 * main and returned; main prints them (and the warnings handed up as they
 * come), so these pin the text users have always seen. Run as root and as
 * an unprivileged user (errors-unprivileged): a log the user cannot read is
 * refused by name, where root reads it.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binary.h"

/* Four games of 3x3 between two agents, dealt to two shards by pairs of
 * games. */
static const char *const config_text = "[tournament]\n"
                                       "name = errors\n"
                                       "seed = 5\n"
                                       "games_per_pair = 4\n"
                                       "\n"
                                       "[game]\n"
                                       "plugin = mnk\n"
                                       "\n"
                                       "[agent first-open]\n"
                                       "plugin = first-open\n"
                                       "\n"
                                       "[agent random]\n"
                                       "plugin = random\n";

/* A directory holding the config, its whole run in DIR/out and the run of
 * shard 0/2 in DIR/shard. */
struct played {
    struct run run;
    char config[128];
    char out[128];
    char shard[128];
};

static int play_once(void **state)
{
    struct played *p = calloc(1, sizeof(*p));
    assert_non_null(p);
    make_run_dir(&p->run, "errors");
    snprintf(p->config, sizeof(p->config), "%s/errors.ini", p->run.dir);
    snprintf(p->out, sizeof(p->out), "%s/out", p->run.dir);
    snprintf(p->shard, sizeof(p->shard), "%s/shard", p->run.dir);
    write_file(p->config, "%s", config_text);
    const char *whole[] = {"run", p->config, "--quiet", "--output", p->out, NULL};
    run_tourney_ok(&p->run, whole);
    const char *shard[] = {"run", p->config,  "--quiet", "--shard",
                           "0/2", "--output", p->shard,  NULL};
    run_tourney_ok(&p->run, shard);
    *state = p;
    return 0;
}

static int remove_played(void **state)
{
    struct played *p = *state;
    remove_tree(p->run.dir);
    free(p);
    return 0;
}

/* Runs tourney ARGS and asserts its exit status and its whole stderr. */
static void expect(struct played *p, const char *const *args, int status, const char *stderr_text)
{
    run_tourney(&p->run, args);
    if (p->run.status != status) {
        char *err = slurp(p->run.err);
        fail_msg("exit status %d, expected %d; stderr:\n%s", p->run.status, status, err);
    }
    assert_file_is(p->run.err, stderr_text);
}

/* A directory NAME of P's holding an empty results log; its path in DIR. */
static void empty_log(const struct played *p, const char *name, char *dir, size_t size)
{
    snprintf(dir, size, "%s/%s", p->run.dir, name);
    mkdir(dir, 0700);
    char log[256];
    snprintf(log, sizeof(log), "%s/games.jsonl", dir);
    write_file(log, "%s", "");
}

/* An analysis.jsonl in P's output that is no analysis; removed by the
 * caller. */
static void stale_analysis(const struct played *p, char *path, size_t size)
{
    snprintf(path, size, "%s/analysis.jsonl", p->out);
    write_file(path, "%s", "{\"x\":1}\n");
}

static void test_report(void **state)
{
    struct played *p = *state;
    char expected[1024];
    char missing[160];
    snprintf(missing, sizeof(missing), "%s/none", p->run.dir);
    const char *none[] = {"report", missing, NULL};
    snprintf(expected, sizeof(expected),
             "tourney: cannot open directory %s: No such file or directory\n", missing);
    expect(p, none, 1, expected);

    char empty[160];
    empty_log(p, "report-empty", empty, sizeof(empty));
    const char *nothing[] = {"report", empty, NULL};
    snprintf(expected, sizeof(expected),
             "tourney: %s/games.jsonl: no tournament header: the log is empty\n", empty);
    expect(p, nothing, 1, expected);

    /* An analysis of nothing beside the log: the reports are written
     * without it, and the user is told once. */
    char analysis[160];
    stale_analysis(p, analysis, sizeof(analysis));
    const char *report[] = {"report", p->out, NULL};
    snprintf(expected, sizeof(expected),
             "tourney: the reports leave the analysis out: %s, line 1: not an exact analysis's "
             "header\n",
             analysis);
    expect(p, report, 0, expected);
    unlink(analysis);
    expect(p, report, 0, "");
}

static void test_replay(void **state)
{
    struct played *p = *state;
    char expected[1024];
    const char *no_game[] = {"replay", p->out, "7", NULL};
    snprintf(expected, sizeof(expected),
             "tourney: %s/games.jsonl has no game 7 (it holds 4 games, numbered 0 to 3)\n",
             p->out);
    expect(p, no_game, 1, expected);

    char empty[160];
    empty_log(p, "replay-empty", empty, sizeof(empty));
    const char *nothing[] = {"replay", empty, "0", NULL};
    expect(p, nothing, 1, "tourney: the results log holds no complete line\n");

    /* The header alone: a run killed before its first game ended. */
    char header_only[160];
    empty_log(p, "header-only", header_only, sizeof(header_only));
    char from[160];
    char to[192];
    snprintf(from, sizeof(from), "%s/games.jsonl", p->out);
    snprintf(to, sizeof(to), "%s/games.jsonl", header_only);
    char *log = slurp(from);
    *(strchr(log, '\n') + 1) = '\0';
    write_file(to, "%s", log);
    free(log);
    const char *no_games[] = {"replay", header_only, "0", NULL};
    snprintf(expected, sizeof(expected), "tourney: %s holds no games yet\n", to);
    expect(p, no_games, 1, expected);

    /* A log this user cannot read: refused by name, where root reads it. */
    assert_int_equal(chmod(from, 0), 0);
    const char *unreadable[] = {"replay", p->out, "0", NULL};
    if (geteuid() != 0) {
        snprintf(expected, sizeof(expected), "tourney: cannot open %s: Permission denied\n", from);
        expect(p, unreadable, 1, expected);
    } else {
        expect(p, unreadable, 0, "");
    }
    assert_int_equal(chmod(from, 0644), 0);
}

static void test_export(void **state)
{
    struct played *p = *state;
    char expected[1024];
    char empty[160];
    empty_log(p, "export-empty", empty, sizeof(empty));
    const char *nothing[] = {"export", empty, NULL};
    expect(p, nothing, 1, "tourney: the results log holds no complete line\n");

    char nowhere[160];
    snprintf(nowhere, sizeof(nowhere), "%s/none/games.txt", p->run.dir);
    const char *to_nowhere[] = {"export", p->out, "-o", nowhere, NULL};
    snprintf(expected, sizeof(expected),
             "tourney: cannot open directory %s/none: No such file or directory\n", p->run.dir);
    expect(p, to_nowhere, 1, expected);

    char analysis[160];
    stale_analysis(p, analysis, sizeof(analysis));
    const char *exported[] = {"export", p->out, NULL};
    snprintf(expected, sizeof(expected),
             "tourney: the export leaves the analysis out: %s, line 1: not an exact analysis's "
             "header\n",
             analysis);
    expect(p, exported, 0, expected);
    unlink(analysis);
}

static void test_merge(void **state)
{
    struct played *p = *state;
    char expected[2048];
    char merged[160];
    snprintf(merged, sizeof(merged), "%s/merged", p->run.dir);
    /* Shard 0 of 2 alone: merged, with what is missing named, status 3. */
    const char *half[] = {"merge", merged, p->shard, NULL};
    snprintf(expected, sizeof(expected),
             "tourney merge: 2 of 4 games are missing: games 2-3\n"
             "tourney merge: no directory given holds shard 1/2\n"
             "tourney merge: shard 1 of 2 has games missing\n"
             "tourney merge: play the missing games with: tourney run CONFIG --resume --output "
             "%s (or merge again with the missing shards)\n",
             merged);
    expect(p, half, 3, expected);

    /* An empty log is left out, said once; nothing else to merge fails. */
    char empty[160];
    empty_log(p, "merge-empty", empty, sizeof(empty));
    char elsewhere[160];
    snprintf(elsewhere, sizeof(elsewhere), "%s/merged-empty", p->run.dir);
    const char *nothing[] = {"merge", elsewhere, empty, NULL};
    snprintf(expected, sizeof(expected),
             "tourney merge: %s/games.jsonl is empty (its run was killed before it wrote the "
             "header): no games\n"
             "tourney merge: no directory given holds a results log with games\n",
             empty);
    expect(p, nothing, 1, expected);
    assert_int_not_equal(access(elsewhere, F_OK), 0);
}

static void test_solve(void **state)
{
    struct played *p = *state;
    const char *position[] = {"solve", "mnk", "x x", NULL};
    expect(p, position, 2, "tourney solve: game 'mnk' cannot read the position 'x x'\n");
    const char *param[] = {"solve", "mnk", ". . . / . . . / . . .", "depth=3", NULL};
    expect(p, param, 2,
           "tourney solve: game 'mnk' has no parameter 'depth'; it has: rows, cols, k\n");
    const char *game[] = {"solve", "mnk", ". . . / . . . / . . .", "--agent-param", "speed", NULL};
    expect(p, game, 2,
           "tourney solve: expected KEY=VALUE for agent 'negamax-ab-ids', got 'speed'\n");

    char file[160];
    snprintf(file, sizeof(file), "%s/positions.txt", p->run.dir);
    char expected[512];
    /* A score that differs is said and the file goes on; the status says
     * so. A line that cannot be read stops it. */
    write_file(file, "%s", "a1 3\nb2 0\n");
    const char *wrong[] = {"solve", "mnk", "--file", file, "--quiet", NULL};
    snprintf(expected, sizeof(expected),
             "tourney solve: %s:1: 'a1' scored 0 (agent score 0), the file says 3\n", file);
    run_tourney(&p->run, wrong);
    assert_int_equal(p->run.status, 1);
    assert_file_is(p->run.err, expected);
    write_file(file, "%s", "b2 0\nzz\n");
    snprintf(expected, sizeof(expected),
             "tourney solve: %s:2: move 1 of 'zz' (at 'zz') is not a legal move there\n", file);
    expect(p, wrong, 2, expected);
}

static void test_analyze(void **state)
{
    struct played *p = *state;
    char missing[160];
    snprintf(missing, sizeof(missing), "%s/none", p->run.dir);
    const char *none[] = {"analyze", missing, NULL};
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney analyze: cannot open directory %s: No such file or directory\n", missing);
    expect(p, none, 1, expected);
}

static void test_exact_vs_random(void **state)
{
    struct played *p = *state;
    const char *unknown[] = {"exact-vs-random", p->config, "firstopen", NULL};
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney exact-vs-random: %s has no agent 'firstopen'; its agents are: first-open "
             "random; did you mean 'first-open'?\n",
             p->config);
    expect(p, unknown, 2, expected);
}

/* tourney agents names each plugin of the path it cannot list, and why, as
 * a warning main prints, and lists the others. */
static void test_agents(void **state)
{
    struct played *p = *state;
    const char *agents[] = {"agents", NULL};
    run_tourney(&p->run, agents);
    assert_int_equal(p->run.status, 0);
    char *err = slurp(p->run.err);
    /* A line of its own, wherever the directory's order puts it. */
    char expected[512];
    snprintf(expected, sizeof(expected),
             "\ntourney: skipping %s/wrong_abi.so: built for tourney ABI 2.0, but this runner "
             "speaks ABI 1.2; rebuild the plugin against this version's headers\n",
             TOURNEY_TEST_PLUGIN_DIR);
    if (strncmp(err, expected + 1, strlen(expected + 1)) != 0 && strstr(err, expected) == NULL) {
        fail_msg("no line '%s' in:\n%s", expected + 1, err);
    }
    free(err);
    char *out = slurp(p->run.out);
    assert_non_null(strstr(out, "\nfirst-open\n"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_report),          cmocka_unit_test(test_replay),
        cmocka_unit_test(test_export),          cmocka_unit_test(test_merge),
        cmocka_unit_test(test_solve),           cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_exact_vs_random), cmocka_unit_test(test_agents),
    };
    return cmocka_run_group_tests(tests, play_once, remove_played);
}
