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
#include <time.h>
#include <unistd.h>

#define RESUME_CONFIG TOURNEY_TEST_SOURCE_DIR "/tests/configs/resume.ini"

/* The uninterrupted run every other one is compared with. */
static struct run reference;

static int setup(void **state)
{
    (void)state;
    play(&reference, RESUME_CONFIG);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove_tree(reference.dir);
    return 0;
}

/* RUN ended with exactly the reference's games and reports. */
static void assert_same_as_reference(const struct run *run)
{
    assert_same_results(run, &reference);
}

static void copy_log(const struct run *from, const struct run *to)
{
    char command[512];
    snprintf(command, sizeof(command), "mkdir -p '%s/reports' && cp '%s/reports/games.jsonl' '%s/reports/'",
             to->dir, from->dir, to->dir);
    assert_int_equal(system(command), 0);
}

static void resume(struct run *run, const char *config)
{
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    const char *args[] = {"run", config, "--quiet", "--resume", "--output", output, NULL};
    run_tourney(run, args);
}

static void test_killed_runs_resume_to_the_same_result(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    /* Kill points are random but seeded, so a failure can be replayed. */
    unsigned seed = (unsigned)time(NULL);
    print_message("kill points seeded with %u\n", seed);
    srand(seed);
    for (int attempt = 0; attempt < 5; attempt++) {
        const char *args[] = {"run", RESUME_CONFIG, "--quiet", "--output", output,
                              attempt > 0 ? "--resume" : NULL, NULL};
        pid_t pid = start_tourney(&run, args);
        struct timespec pause = {0, (long)(rand() % 250 + 1) * 1000000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        wait_tourney(&run, pid);
        print_message("kill %d after %ld ms: %zu lines in the log\n", attempt,
                      pause.tv_nsec / 1000000, count_lines(log));
    }
    resume(&run, RESUME_CONFIG);
    assert_int_equal(run.status, 0);
    assert_same_as_reference(&run);
    remove_tree(run.dir);
}

static void test_log_cut_mid_record_resumes(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    copy_log(&reference, &run);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    /* Cut 20 bytes before the end of line 101: the header, 99 whole games
     * and the beginning of the 100th. */
    char *text = slurp(log);
    size_t offset = 0;
    for (int line = 0; line < 101; offset++) {
        line += text[offset] == '\n';
    }
    free(text);
    assert_int_equal(truncate(log, (off_t)(offset - 20)), 0);
    resume(&run, RESUME_CONFIG);
    assert_int_equal(run.status, 0);
    char *err = slurp(run.err);
    assert_non_null(strstr(err, "99 of 600 games already played"));
    free(err);
    assert_same_as_reference(&run);
    remove_tree(run.dir);
}

static void test_corrupted_log_is_refused(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    copy_log(&reference, &run);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    /* One changed character in the middle of line 50. */
    char *text = slurp(log);
    char *line = text;
    for (int i = 1; i < 50; i++) {
        line = strchr(line, '\n') + 1;
    }
    char *seat = strstr(line, "\"seats\":\"0");
    assert_non_null(seat);
    seat[9] = '1';
    FILE *file = fopen(log, "w");
    fputs(text, file);
    fclose(file);
    size_t size = strlen(text);
    free(text);

    resume(&run, RESUME_CONFIG);
    assert_int_equal(run.status, 1);
    char *err = slurp(run.err);
    assert_non_null(strstr(err, "games.jsonl:50: corrupted record"));
    free(err);
    /* Refused means untouched: nothing cut, nothing appended. */
    text = slurp(log);
    assert_int_equal(strlen(text), size);
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
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    copy_log(&reference, &run);
    /* The same tournament but for the seed. */
    char config[128];
    snprintf(config, sizeof(config), "%s/other.ini", run.dir);
    char *text = slurp(RESUME_CONFIG);
    char *seed = strstr(text, "seed = 99");
    assert_non_null(seed);
    seed[8] = '8';
    FILE *file = fopen(config, "w");
    fputs(text, file);
    fclose(file);
    free(text);
    resume(&run, config);
    assert_int_equal(run.status, 1);
    char *err = slurp(run.err);
    assert_non_null(strstr(err, "belongs to another tournament: the log was played with seed "
                                "99, the config says 98"));
    free(err);

    /* The same games but a shorter hard time limit: a faulty agent's games
     * could end otherwise, so this is another tournament too. */
    text = slurp(RESUME_CONFIG);
    char *section = strstr(text, "[tournament]\n");
    assert_non_null(section);
    section += strlen("[tournament]\n");
    file = fopen(config, "w");
    fprintf(file, "%.*stime_margin_ms = 100\n%s", (int)(section - text), text, section);
    fclose(file);
    free(text);
    resume(&run, config);
    assert_int_equal(run.status, 1);
    err = slurp(run.err);
    assert_non_null(strstr(err, "belongs to another tournament: the log was played with "
                                "time_margin_ms 500 ms, the config says 100 ms"));
    free(err);

    /* A log that is not a results log at all. */
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    file = fopen(log, "w");
    fputs("{\"hello\": \"world\"}\n", file);
    fclose(file);
    resume(&run, RESUME_CONFIG);
    assert_int_equal(run.status, 1);
    err = slurp(run.err);
    assert_non_null(strstr(err, "games.jsonl:1: corrupted record"));
    free(err);
    remove_tree(run.dir);
}

static void test_reports_rebuild_from_the_log_alone(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    copy_log(&reference, &run);
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
        snprintf(a, sizeof(a), "%s/reports/%s", reference.dir, files[i]);
        snprintf(b, sizeof(b), "%s/%s", dir, files[i]);
        char *expected = slurp(a);
        char *rebuilt = slurp(b);
        assert_string_equal(rebuilt, expected);
        free(expected);
        free(rebuilt);
    }
    remove_tree(run.dir);
}

static void test_interrupt_stops_cleanly(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "resume");
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *args[] = {"run", RESUME_CONFIG, "--quiet", "--output", output, NULL};
    pid_t pid = start_tourney(&run, args);
    /* Interrupt once the first game is on disk: the run is under way (its
     * handler installed) and far from its 600th game. */
    char log[160];
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    wait_for_lines(log, 2);
    kill(pid, SIGINT);
    wait_tourney(&run, pid);
    char *err = slurp(run.err);
    assert_int_equal(run.status, 130);
    assert_non_null(strstr(err, "tourney: interrupted after "));
    assert_non_null(strstr(err, "Resume with: tourney run " RESUME_CONFIG " --resume"));
    /* The reports of the games played are there and agree with the log. */
    json_t *summary = load_summary(&run);
    json_int_t played = get_int(json_object_get(summary, "tournament"), "games_played");
    assert_true(played >= 1 && played < 600);
    assert_int_equal(played + 1, (json_int_t)count_lines(log));
    json_decref(summary);
    free(err);
    resume(&run, RESUME_CONFIG);
    assert_int_equal(run.status, 0);
    assert_same_as_reference(&run);
    remove_tree(run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killed_runs_resume_to_the_same_result),
        cmocka_unit_test(test_log_cut_mid_record_resumes),
        cmocka_unit_test(test_corrupted_log_is_refused),
        cmocka_unit_test(test_foreign_log_is_refused),
        cmocka_unit_test(test_reports_rebuild_from_the_log_alone),
        cmocka_unit_test(test_interrupt_stops_cleanly),
    };
    return cmocka_run_group_tests_name("resume", tests, setup, teardown);
}
