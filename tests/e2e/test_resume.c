/*
 * Results are never lost: a tournament killed at any point and resumed, or
 * resumed from a log cut in the middle of a record, ends with exactly the
 * games and reports of an uninterrupted run; a corrupted or foreign log is
 * refused; reports can be rebuilt from the log alone; Ctrl-C stops cleanly.
 */
#include "test.h"

#include "binary.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Makes RUN a new directory holding a copy of REFERENCE's results log, in
 * reports/, whose path is LOG. */
static void copy_log(struct run *run, const struct run *reference, char *log, size_t size)
{
    make_run_dir(run, "resume");
    char command[512];
    snprintf(command, sizeof(command),
             "mkdir -p '%s/reports' && cp '%s/reports/games.jsonl' '%s/reports/'", run->dir,
             reference->dir, run->dir);
    assert_int_equal(system(command), 0);
    snprintf(log, size, "%s/reports/games.jsonl", run->dir);
}

static void test_killed_runs_resume_to_the_same_result(void **state)
{
    const struct run *reference = *state;
    struct run run;
    make_run_dir(&run, "resume");
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    /* Kill points are random but seeded, so a failure can be replayed:
     * TOURNEY_TEST_SEED=N plays the kill points of seed N again. */
    const char *replay = getenv("TOURNEY_TEST_SEED");
    replay = replay != NULL && *replay != '\0' ? replay : NULL;
    unsigned seed = replay != NULL ? (unsigned)strtoul(replay, NULL, 10) : (unsigned)time(NULL);
    print_message("kill points seeded with %u\n", seed);
    srand(seed);
    for (int attempt = 0; attempt < 5; attempt++) {
        const char *args[] = {"run",      RESUME_CONFIG, "--quiet",
                              "--output", output,        attempt > 0 ? "--resume" : NULL,
                              NULL};
        pid_t pid = start_tourney(&run, args);
        struct timespec pause = {0, (long)(rand() % 250 + 1) * 1000000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        wait_tourney(&run, pid);
        print_message("kill %d after %ld ms: %zu lines in the log\n", attempt,
                      pause.tv_nsec / 1000000, count_lines(log));
    }
    resume_ok(&run, RESUME_CONFIG, NULL);
    assert_same_results(&run, reference);
    remove_tree(run.dir);
}

static void test_log_cut_mid_record_resumes(void **state)
{
    const struct run *reference = *state;
    struct run run;
    char log[160];
    copy_log(&run, reference, log, sizeof(log));
    /* Cut 20 bytes before the end of line 101: the header, 99 whole games
     * and the beginning of the 100th. */
    cut_in_line(log, 101, 20);
    resume_ok(&run, RESUME_CONFIG, NULL);
    assert_file_has(run.err, "99 of 600 games already played");
    assert_same_results(&run, reference);
    remove_tree(run.dir);
}

static void test_corrupted_log_is_refused(void **state)
{
    const struct run *reference = *state;
    struct run run;
    char log[160];
    copy_log(&run, reference, log, sizeof(log));
    /* One changed character in the middle of line 50. */
    char *text = slurp(log);
    char *seat = strstr(text + line_end(text, 49), "\"seats\":\"0");
    assert_non_null(seat);
    seat[9] = '1';
    write_file(log, "%s", text);

    resume(&run, RESUME_CONFIG, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "games.jsonl:50: corrupted record");
    /* Refused means untouched: nothing cut, nothing appended. */
    assert_file_is(log, text);
    free(text);

    const char *report[] = {"report", NULL, NULL};
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", run.dir);
    report[1] = dir;
    memset(run.out, 0, sizeof(run.out));
    run_tourney(&run, report);
    assert_int_equal(run.status, 1);
    remove_tree(run.dir);
}

static void test_foreign_log_is_refused(void **state)
{
    const struct run *reference = *state;
    struct run run;
    char log[160];
    copy_log(&run, reference, log, sizeof(log));
    /* The same tournament but for the seed. */
    char config[128];
    snprintf(config, sizeof(config), "%s/other.ini", run.dir);
    copy_edited(RESUME_CONFIG, config, "seed = 99", "seed = 98");
    resume(&run, config, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "belongs to another tournament: the log was played with seed 99, "
                             "the config says 98");

    /* The same games but a shorter hard time limit: a faulty agent's games
     * could end otherwise, so this is another tournament too. */
    copy_edited(RESUME_CONFIG, config, "[tournament]\n", "[tournament]\ntime_margin_ms = 100\n");
    resume(&run, config, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "belongs to another tournament: the log was played with "
                             "time_margin_ms 500 ms, the config says 100 ms");

    /* A log that is not a results log at all. */
    write_file(log, "%s", "{\"hello\": \"world\"}\n");
    resume(&run, RESUME_CONFIG, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "games.jsonl:1: corrupted record");
    remove_tree(run.dir);
}

/* Writes DIR/NAME.ini, a tournament named "openings" of first-open and random
 * on 3x3 from the openings DIR/FILE, which holds POSITIONS; its path into
 * CONFIG. */
static void write_openings_config(const char *dir, const char *name, const char *file,
                                  const char *positions, char *config, size_t size)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    write_file(path, "%s", positions);
    snprintf(config, size, "%s/%s.ini", dir, name);
    write_file(config,
               "[tournament]\nname = openings\ngames_per_pair = 4\nopenings = %s\n[game]\n"
               "plugin = mnk\n[agent first-open]\nplugin = first-open\n[agent random]\n"
               "plugin = random\n",
               file);
}

/* A tournament from openings is resumed only with the same openings: the
 * file's contents decide, not its name or place. */
static void test_other_openings_are_refused(void **state)
{
    (void)state;
    static const char first[] = "x . . / . o . / . . .\n. x . / . o . / . . .\n";
    struct run run;
    make_run_dir(&run, "openings");
    char config[160];
    write_openings_config(run.dir, "openings", "a.txt", first, config, sizeof(config));
    resume_ok(&run, config, NULL); /* nothing to resume: a new log */

    /* The file's positions changed: another tournament. */
    write_openings_config(run.dir, "openings", "a.txt",
                          "x . . / . o . / . . .\n. . x / . o . / . . .\n", config,
                          sizeof(config));
    resume(&run, config, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "belongs to another tournament: the log was played with openings "
                             "a.txt (contents 1db403e4), the config says a.txt (contents "
                             "ce7b4be9)");

    /* The first file again, under another name in another folder. */
    char moved[128];
    snprintf(moved, sizeof(moved), "%s/elsewhere", run.dir);
    assert_int_equal(mkdir(moved, 0700), 0);
    write_openings_config(moved, "moved", "b.txt", first, config, sizeof(config));
    resume_ok(&run, config, NULL);
    assert_file_has(run.err, "4 of 4 games already played");
    remove_tree(run.dir);
}

static void test_reports_rebuild_from_the_log_alone(void **state)
{
    const struct run *reference = *state;
    struct run run;
    char log[160];
    copy_log(&run, reference, log, sizeof(log));
    char dir[128];
    snprintf(dir, sizeof(dir), "%s/reports", run.dir);
    const char *args[] = {"report", dir, NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 0);
    /* Every figure, timings included, comes from the log: byte for byte. */
    static const char *const files[] = {"summary.json", "results.csv", "report.md"};
    for (size_t i = 0; i < 3; i++) {
        char a[160];
        char b[160];
        snprintf(a, sizeof(a), "%s/reports/%s", reference->dir, files[i]);
        snprintf(b, sizeof(b), "%s/%s", dir, files[i]);
        char *expected = slurp(a);
        assert_file_is(b, expected);
        free(expected);
    }
    remove_tree(run.dir);
}

static void test_interrupt_stops_cleanly(void **state)
{
    const struct run *reference = *state;
    struct run run;
    interrupt_run(&run, "resume", NULL, 1);
    resume_ok(&run, RESUME_CONFIG, NULL);
    assert_same_results(&run, reference);
    remove_tree(run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killed_runs_resume_to_the_same_result),
        cmocka_unit_test(test_log_cut_mid_record_resumes),
        cmocka_unit_test(test_corrupted_log_is_refused),
        cmocka_unit_test(test_foreign_log_is_refused),
        cmocka_unit_test(test_other_openings_are_refused),
        cmocka_unit_test(test_reports_rebuild_from_the_log_alone),
        cmocka_unit_test(test_interrupt_stops_cleanly),
    };
    return cmocka_run_group_tests_name("resume", tests, play_reference, remove_reference);
}
