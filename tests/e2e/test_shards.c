/*
 * Shards of one tournament, merged: N shards (1, 2, 4, 7) merge to exactly
 * the log and reports of the unsharded run, timings aside, and merging
 * twice gives the same bytes; so do shards run at once by GNU parallel; a
 * shard cut short (as a kill leaves it) and resumed; a missing shard is
 * named, with its games, and `run --resume` on the merge plays them; a shard
 * of another tournament and a game played two ways are refused; the same
 * shard twice is taken once.
 */
#include "test.h"

#include "binary.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Plays shard K of N of CONFIG into BASE/sK-of-N. */
static void play_shard(const struct run *base, const char *config, int k, int n)
{
    struct run run;
    memset(&run, 0, sizeof(run));
    snprintf(run.dir, sizeof(run.dir), "%s", base->dir);
    char shard[32];
    char output[160];
    snprintf(shard, sizeof(shard), "%d/%d", k, n);
    snprintf(output, sizeof(output), "%s/s%d-of-%d", base->dir, k, n);
    const char *args[] = {"run",     config, "--quiet",  "--jobs", "1",
                          "--shard", shard,  "--output", output,   NULL};
    run_tourney_ok(&run, args);
}

/* Runs `tourney merge BASE/reports DIRS...` (DIRS under BASE) into MERGED,
 * whose dir is BASE's; returns the exit status. */
static int merge(struct run *merged, const char *const *dirs, size_t count)
{
    char paths[16][160];
    const char *args[20] = {"merge"};
    char output[160];
    snprintf(output, sizeof(output), "%s/reports", merged->dir);
    args[1] = output;
    assert_true(count <= 16);
    for (size_t i = 0; i < count; i++) {
        snprintf(paths[i], sizeof(paths[i]), "%s/%s", merged->dir, dirs[i]);
        args[2 + i] = paths[i];
    }
    args[2 + count] = NULL;
    run_tourney(merged, args);
    return merged->status;
}

static char *file_in(const struct run *run, const char *name)
{
    char path[192];
    snprintf(path, sizeof(path), "%s/reports/%s", run->dir, name);
    return slurp(path);
}

static void test_merged_shards_equal_the_whole_run(void **state)
{
    const struct run *reference = *state;
    static const int counts[] = {1, 2, 4, 7};
    for (size_t c = 0; c < 4; c++) {
        int n = counts[c];
        struct run run;
        make_run_dir(&run, "shards");
        char names[7][32];
        const char *dirs[7];
        json_int_t total = 0;
        for (int k = 0; k < n; k++) {
            play_shard(&run, RESUME_CONFIG, k, n);
            snprintf(names[k], sizeof(names[k]), "s%d-of-%d", k, n);
            dirs[k] = names[k];
            /* A shard's reports cover its own games. */
            char summary_path[192];
            snprintf(summary_path, sizeof(summary_path), "%s/%s/summary.json", run.dir, names[k]);
            json_t *summary = json_load_file(summary_path, 0, NULL);
            assert_non_null(summary);
            json_t *tournament = json_object_get(summary, "tournament");
            char expected[32];
            snprintf(expected, sizeof(expected), "%d/%d", k, n);
            assert_string_equal(json_string_value(json_object_get(tournament, "shard")), expected);
            json_int_t played = get_int(tournament, "games_played");
            assert_int_equal(get_int(tournament, "games_scheduled"), played);
            total += played;
            json_decref(summary);
        }
        assert_int_equal(total, 600);
        assert_int_equal(merge(&run, dirs, (size_t)n), 0);
        assert_same_results(&run, reference);
        /* Merged again, in another order: the same bytes. */
        char *games = file_in(&run, "games.jsonl");
        char *report = file_in(&run, "report.md");
        const char *reversed[7];
        for (int k = 0; k < n; k++) {
            reversed[k] = dirs[n - 1 - k];
        }
        assert_int_equal(merge(&run, reversed, (size_t)n), 0);
        char *again = file_in(&run, "games.jsonl");
        char *report_again = file_in(&run, "report.md");
        assert_string_equal(again, games);
        assert_string_equal(report_again, report);
        free(games);
        free(report);
        free(again);
        free(report_again);
        remove_tree(run.dir);
    }
}

static void test_shards_run_by_gnu_parallel(void **state)
{
    const struct run *reference = *state;
    if (system("parallel --version >/dev/null 2>&1") != 0) {
        print_message("GNU parallel is not installed (Debian package parallel): skipped\n");
        skip();
    }
    struct run run;
    make_run_dir(&run, "shards");
    /* As on a cluster, with the local host as the only "remote" one: two
     * shards at a time, numbered 0 to 3 by seq. */
    char command[1024];
    snprintf(command, sizeof(command),
             "cd '%s' && seq 0 3 | TOURNEY_PLUGIN_PATH='%s' parallel --will-cite -S 2/: "
             "'%s' run '%s' --quiet --jobs 1 --shard {}/4 --output '%s'/s{}-of-4 "
             ">parallel.out 2>&1",
             run.dir, TOURNEY_TEST_PLUGIN_DIR, TOURNEY_TEST_EXE, RESUME_CONFIG, run.dir);
    int status = system(command);
    if (status != 0) {
        char path[160];
        snprintf(path, sizeof(path), "%s/parallel.out", run.dir);
        char *out = slurp(path);
        print_error("%s\n%s\n", command, out);
        free(out);
    }
    assert_int_equal(status, 0);
    const char *dirs[] = {"s0-of-4", "s1-of-4", "s2-of-4", "s3-of-4"};
    assert_int_equal(merge(&run, dirs, 4), 0);
    assert_same_results(&run, reference);
    remove_tree(run.dir);
}

/* A shard cut short as a SIGKILL leaves it: its log played in full, then cut
 * after a few games and in the middle of the next record. */
static void test_cut_shard_resumes(void **state)
{
    const struct run *reference = *state;
    struct run run;
    make_run_dir(&run, "shards");
    for (int k = 0; k < 4; k++) {
        play_shard(&run, RESUME_CONFIG, k, 4);
    }
    char output[160];
    char log[192];
    snprintf(output, sizeof(output), "%s/s1-of-4", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    assert_int_equal(count_lines(log), 151);
    /* Cut 20 bytes before the end of line 5: the header, 3 whole games and
     * the beginning of the 4th. */
    cut_in_line(log, 5, 20);
    size_t kept = count_lines(log);
    assert_int_equal(kept, 4);
    char *cut = slurp(log);

    /* Resumed as another shard: refused, and the log left alone. */
    const char *wrong[] = {"run", RESUME_CONFIG, "--quiet", "--resume", "--shard",
                           "2/4", "--output",    output,    NULL};
    run_tourney(&run, wrong);
    assert_int_equal(run.status, 1);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney: %s is another part of this tournament: the log holds shard 1/4 and this "
             "run is shard 2/4 (resume it with --shard 1/4)\n",
             log);
    assert_file_is(run.err, expected);
    assert_file_is(log, cut);
    free(cut);

    const char *again[] = {"run",     RESUME_CONFIG, "--quiet",  "--resume", "-j", "2",
                           "--shard", "1/4",         "--output", output,     NULL};
    run_tourney(&run, again);
    assert_int_equal(run.status, 0);
    assert_int_equal(count_lines(log), 151);
    const char *dirs[] = {"s0-of-4", "s1-of-4", "s2-of-4", "s3-of-4"};
    assert_int_equal(merge(&run, dirs, 4), 0);
    assert_same_results(&run, reference);
    remove_tree(run.dir);
}

static void test_missing_shard_is_named_and_resumed(void **state)
{
    const struct run *reference = *state;
    struct run run;
    make_run_dir(&run, "shards");
    for (int k = 0; k < 4; k++) {
        if (k != 2) {
            play_shard(&run, RESUME_CONFIG, k, 4);
        }
    }
    const char *dirs[] = {"s0-of-4", "s1-of-4", "s3-of-4"};
    assert_int_equal(merge(&run, dirs, 3), 3);
    /* Shard 2 of 4: the mini-matches p * 30 + r = 2 mod 4 (pair p, round
     * r): in round 0 the odd pairs' (games 2-3, 6-7, ...), in round 2 the
     * even pairs', in round 4 the odd pairs' again, ... */
    char expected[2048];
    snprintf(expected, sizeof(expected),
             "tourney merge: 150 of 600 games are missing: games 2-3, 6-7, 10-11, 14-15, "
             "18-19, 40-41, 44-45, 48-49, 52-53, 56-57, 82-83, 86-87, 90-91, 94-95, 98-99, "
             "120-121, 124-125, 128-129, 132-133, 136-137 and 110 more games\n"
             "tourney merge: no directory given holds shard 2/4\n"
             "tourney merge: shard 2 of 4 has games missing\n"
             "tourney merge: play the missing games with: tourney run CONFIG --resume "
             "--output %s/reports (or merge again with the missing shards)\n",
             run.dir);
    assert_file_is(run.err, expected);
    json_t *summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 450);
    json_decref(summary);

    /* The merged directory resumes like any other: the missing games are
     * played and appended. */
    char output[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *resume[] = {"run", RESUME_CONFIG, "--quiet", "--resume", "-j",
                            "2",   "--output",    output,    NULL};
    run_tourney(&run, resume);
    assert_int_equal(run.status, 0);
    snprintf(expected, sizeof(expected), "tourney: resuming %s: 450 of 600 games already played\n",
             output);
    assert_file_is(run.err, expected);
    summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 600);
    json_decref(summary);

    /* Merged into a directory of its own, its games are in order again:
     * the whole run's. */
    struct run sorted;
    make_run_dir(&sorted, "shards");
    char from[160];
    snprintf(from, sizeof(from), "%s/reports", run.dir);
    char into[160];
    snprintf(into, sizeof(into), "%s/reports", sorted.dir);
    const char *args[] = {"merge", into, from, NULL};
    run_tourney(&sorted, args);
    assert_int_equal(sorted.status, 0);
    assert_same_results(&sorted, reference);
    remove_tree(sorted.dir);
    remove_tree(run.dir);
}

static void test_foreign_and_conflicting_logs_are_refused(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "shards");
    /* The same tournament but for the seed. */
    char config[160];
    snprintf(config, sizeof(config), "%s/other.ini", run.dir);
    copy_edited(RESUME_CONFIG, config, "seed = 99", "seed = 98");
    play_shard(&run, RESUME_CONFIG, 0, 2);
    play_shard(&run, config, 1, 2);
    const char *dirs[] = {"s0-of-2", "s1-of-2"};
    assert_int_equal(merge(&run, dirs, 2), 1);
    char expected[1024];
    snprintf(expected, sizeof(expected),
             "tourney merge: %s/s1-of-2/games.jsonl belongs to another tournament than "
             "%s/s0-of-2/games.jsonl: it has seed 98 where the first has 99; refusing to merge\n",
             run.dir, run.dir);
    assert_file_is(run.err, expected);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    assert_int_not_equal(access(log, F_OK), 0);

    /* The same game played two ways by an agent that depends on more than
     * its seed: refused, naming the game and both logs. */
    snprintf(config, sizeof(config), "%s/moody.ini", run.dir);
    write_file(
        config,
        "[tournament]\nname = moody\nseed = 1\ngames_per_pair = 4\n[game]\nplugin = mnk\n"
        "[agent moody]\nplugin = %s/zoo_moody.so\n[agent first-open]\nplugin = first-open\n",
        TOURNEY_TEST_PLUGIN_DIR);
    const char *calm[] = {"run", config, "-q", "--shard", "0/2", "-o", NULL, NULL};
    char output[160];
    snprintf(output, sizeof(output), "%s/calm", run.dir);
    calm[6] = output;
    run_tourney(&run, calm);
    assert_int_equal(run.status, 0);
    snprintf(output, sizeof(output), "%s/moody", run.dir);
    setenv("TOURNEY_TEST_MOODY", "1", 1);
    run_tourney(&run, calm);
    unsetenv("TOURNEY_TEST_MOODY");
    assert_int_equal(run.status, 0);
    const char *both[] = {"calm", "moody"};
    assert_int_equal(merge(&run, both, 2), 1);
    snprintf(expected, sizeof(expected),
             "tourney merge: game 0 differs between %s/calm/games.jsonl and "
             "%s/moody/games.jsonl (its moves); refusing to merge\n",
             run.dir, run.dir);
    assert_file_is(run.err, expected);
    assert_int_not_equal(access(log, F_OK), 0);
    remove_tree(run.dir);
}

static void test_the_same_shard_twice_counts_once(void **state)
{
    const struct run *reference = *state;
    struct run run;
    make_run_dir(&run, "shards");
    for (int k = 0; k < 2; k++) {
        play_shard(&run, RESUME_CONFIG, k, 2);
    }
    /* Shard 0 again, played anew into another directory: its times differ,
     * its games do not. */
    char output[160];
    snprintf(output, sizeof(output), "%s/again", run.dir);
    const char *args[] = {"run",     RESUME_CONFIG, "-q", "-j",   "2",
                          "--shard", "0/2",         "-o", output, NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 0);
    const char *dirs[] = {"s0-of-2", "again", "s1-of-2", "s1-of-2"};
    assert_int_equal(merge(&run, dirs, 4), 0);
    assert_same_results(&run, reference);
    assert_file_is(run.err, "");
    remove_tree(run.dir);
}

static void test_bad_shards(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "shards");
    const char *args[] = {"run", RESUME_CONFIG, "--shard", "4/4", NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 2);
    assert_file_is(run.err, "tourney run: bad shard '4/4': shards are numbered from 0, so K must "
                            "be from 0 to 3\n");
    args[3] = "1:4";
    run_tourney(&run, args);
    assert_int_equal(run.status, 2);
    assert_file_is(run.err, "tourney run: bad shard '1:4': expected K/N, shard K of N shards, "
                            "with N from 1 to 1000000 and K from 0 to N - 1 (shards are "
                            "numbered from 0)\n");
    const char *merge_args[] = {"merge", "only-one", NULL};
    run_tourney(&run, merge_args);
    assert_int_equal(run.status, 2);
    assert_file_is(run.err, "tourney merge: expected OUT_DIR and at least one SHARD_DIR holding "
                            "games.jsonl\n");

    /* Without --output, a shard's reports go into the config's output_dir,
     * in a folder of the shard's own. */
    char config[160];
    snprintf(config, sizeof(config), "%s/small.ini", run.dir);
    write_file(
        config,
        "[tournament]\nname = small\ngames_per_pair = 2\noutput_dir = %s/out\n"
        "[game]\nplugin = mnk\n[agent a]\nplugin = first-open\n[agent b]\nplugin = random\n",
        run.dir);
    const char *small[] = {"run", config, "-q", "--shard", "1/3", NULL};
    run_tourney(&run, small);
    assert_int_equal(run.status, 0);
    char log[192];
    snprintf(log, sizeof(log), "%s/out/shard-1-of-3/games.jsonl", run.dir);
    /* Two games, one mini-match: it is shard 0's; shard 1 has none. */
    assert_int_equal(count_lines(log), 1);
    remove_tree(run.dir);
}

int main(void)
{
    /* What these tests read of stderr must not depend on the machine's load
     * (a warning of more jobs than free processors): every one is free. */
    setenv("TOURNEY_FREE_PROCESSORS", "256", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merged_shards_equal_the_whole_run),
        cmocka_unit_test(test_shards_run_by_gnu_parallel),
        cmocka_unit_test(test_cut_shard_resumes),
        cmocka_unit_test(test_missing_shard_is_named_and_resumed),
        cmocka_unit_test(test_foreign_and_conflicting_logs_are_refused),
        cmocka_unit_test(test_the_same_shard_twice_counts_once),
        cmocka_unit_test(test_bad_shards),
    };
    return cmocka_run_group_tests_name("shards", tests, play_reference, remove_reference);
}
