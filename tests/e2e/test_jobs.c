/*
 * Games played at once (jobs): the results log and the reports are the same
 * for any number of jobs, timings aside; a run with two jobs interrupted by
 * Ctrl-C or killed resumes to the same result, at once (its workers hold
 * nothing of its directory); a misbehaving agent costs
 * only its own games; a worker that an agent crashes is replaced and its
 * game played again, and a game that crashes two workers fails the run with
 * the games before it kept; more jobs than processors free as the run
 * starts are warned of, before the first game.
 */
#define _GNU_SOURCE
#include "test.h"

#include "binary.h"

#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>

#define FAULTS_CONFIG TEST_CONFIG_DIR "/faults.ini"

/* An AddressSanitizer build turns a crash into an abort (main asks for it,
 * for whoever runs the test). */
#if defined(__SANITIZE_ADDRESS__)
#define CRASH_SIGNAL "SIGABRT"
#else
#define CRASH_SIGNAL "SIGSEGV"
#endif

/* The lines of RUN's stderr that tourney wrote ("tourney: ..."): without
 * what a sanitizer reports about a worker that crashed on purpose. */
static char *tourney_lines(const struct run *run)
{
    char *err = slurp(run->err);
    char *kept = err;
    for (char *line = err; *line != '\0';) {
        char *end = strchr(line, '\n');
        size_t length = end != NULL ? (size_t)(end - line) + 1 : strlen(line);
        if (strncmp(line, "tourney:", 8) == 0) {
            memmove(kept, line, length);
            kept += length;
        }
        line += length;
    }
    *kept = '\0';
    return err;
}

/* Plays CONFIG with JOBS jobs (and EXTRA options) into a new directory. */
static void play_jobs(struct run *run, const char *config, const char *jobs, const char *extra)
{
    make_run_dir(run, "jobs");
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    const char *args[] = {"run",      config, "--quiet", "--jobs", jobs,
                          "--output", output, extra,     NULL};
    run_tourney_ok(run, args);
}

/* The games of RUN's log are games 0, 1, 2, ... in order. */
static void assert_in_game_order(const struct run *run)
{
    json_t *games = load_games(run);
    size_t i;
    json_t *record;
    json_array_foreach(games, i, record)
    {
        assert_int_equal(get_int(record, "game"), i);
    }
    json_decref(games);
}

/* A config in RUN's directory: TEXT, with the agents of two plugins. */
static void write_config(const struct run *run, char *path, size_t size, const char *text)
{
    snprintf(path, size, "%s/test.ini", run->dir);
    write_file(path, "%s", text);
}

static void test_same_results_for_any_jobs(void **state)
{
    (void)state;
    struct run one;
    struct run two;
    struct run three;
    play_jobs(&one, RESUME_CONFIG, "1", NULL);
    play_jobs(&two, RESUME_CONFIG, "2", NULL);
    play_jobs(&three, RESUME_CONFIG, "3", NULL);
    json_t *summary = load_summary(&one);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 600);
    json_decref(summary);
    assert_same_results(&two, &one);
    assert_same_results(&three, &one);
    assert_in_game_order(&two);
    assert_in_game_order(&three);
    remove_tree(one.dir);
    remove_tree(two.dir);
    remove_tree(three.dir);
}

/* Agents in the runner's process: the workers play them, forked with the
 * plugins loaded. */
static void test_same_results_in_process(void **state)
{
    (void)state;
    static const char *const config = "[tournament]\nname = quick\nseed = 4\n"
                                      "games_per_pair = 300\nisolation = none\n"
                                      "[game]\nplugin = mnk\n"
                                      "[agent first-open]\nplugin = first-open\n"
                                      "[agent random]\nplugin = random\n"
                                      "[agent minimax]\nplugin = minimax\ndepth = 2\n";
    struct run runs[3];
    char path[128];
    for (int j = 0; j < 3; j++) {
        make_run_dir(&runs[j], "jobs");
        if (j == 0) {
            write_config(&runs[j], path, sizeof(path), config);
        }
        char output[128];
        snprintf(output, sizeof(output), "%.64s/reports", runs[j].dir);
        const char *jobs = j == 0 ? "1" : j == 1 ? "2" : "3";
        const char *args[] = {"run", path, "--quiet", "-j", jobs, "-o", output, NULL};
        run_tourney(&runs[j], args);
        assert_int_equal(runs[j].status, 0);
    }
    json_t *summary = load_summary(&runs[0]);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 900);
    json_decref(summary);
    for (int j = 1; j < 3; j++) {
        assert_same_results(&runs[j], &runs[0]);
        assert_in_game_order(&runs[j]);
    }
    for (int j = 0; j < 3; j++) {
        remove_tree(runs[j].dir);
    }
}

static void test_interrupted_run_resumes(void **state)
{
    (void)state;
    struct run reference;
    play_jobs(&reference, RESUME_CONFIG, "1", NULL);

    struct run run;
    interrupt_run(&run, "jobs", "2", 2);
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    /* Every game finished is in the log, in order. */
    assert_in_game_order(&run);

    /* Killed outright, twice, with its workers: nothing is lost either. */
    for (int attempt = 0; attempt < 2; attempt++) {
        const char *again[] = {"run",      RESUME_CONFIG, "--quiet", "-j", "2",
                               "--resume", "--output",    output,    NULL};
        size_t before = count_lines(log);
        pid_t pid = start_tourney(&run, again);
        wait_for_lines(log, before + 2);
        kill(pid, SIGKILL);
        wait_tourney(&run, pid);
        assert_int_equal(run.status, 128 + SIGKILL);
    }
    resume_ok(&run, RESUME_CONFIG, "2");
    assert_same_results(&run, &reference);
    remove_tree(run.dir);
    remove_tree(reference.dir);
}

/* How many of PID's open descriptors name a file whose path ends in NAME. */
static int descriptors_of(pid_t pid, const char *name)
{
    char dir_path[64];
    snprintf(dir_path, sizeof(dir_path), "/proc/%ld/fd", (long)pid);
    DIR *dir = opendir(dir_path);
    assert_non_null(dir);
    int count = 0;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
        char link[320];
        char target[512];
        snprintf(link, sizeof(link), "%s/%s", dir_path, entry->d_name);
        ssize_t length = readlink(link, target, sizeof(target) - 1);
        if (length <= 0) {
            continue;
        }
        target[length] = '\0';
        size_t name_length = strlen(name);
        count += (size_t)length >= name_length &&
                 strcmp(target + (size_t)length - name_length, name) == 0;
    }
    closedir(dir);
    return count;
}

/* The processes whose parent is PARENT, into CHILDREN (at most MAX). */
static size_t children_of(pid_t parent, pid_t *children, size_t max)
{
    DIR *proc = opendir("/proc");
    assert_non_null(proc);
    size_t count = 0;
    for (struct dirent *entry; (entry = readdir(proc)) != NULL && count < max;) {
        char path[300];
        snprintf(path, sizeof(path), "/proc/%s/stat", entry->d_name);
        FILE *stat = fopen(path, "r");
        long pid = 0;
        long ppid = 0;
        /* pid (comm) state ppid: comm may hold spaces, not a ')'. */
        if (stat != NULL && fscanf(stat, "%ld (%*[^)]) %*c %ld", &pid, &ppid) == 2 &&
            ppid == (long)parent) {
            children[count++] = (pid_t)pid;
        }
        if (stat != NULL) {
            fclose(stat);
        }
    }
    closedir(proc);
    return count;
}

/* The directory's lock and its log are the runner's and its log writer's
 * alone: a worker holding them kept a run killed with SIGKILL locked while
 * it died, and the --resume that came at once was refused. The writer holds
 * both until it has written all the killed runner gave it, and a --resume
 * that comes at once waits for it. */
static void test_workers_hold_nothing_of_the_directory(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "jobs");
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    const char *args[] = {"run", RESUME_CONFIG, "--quiet", "-j", "2", "--output", output, NULL};
    pid_t pid = start_tourney(&run, args);
    wait_for_lines(log, 3);
    assert_int_equal(descriptors_of(pid, "/.tourney.lock"), 1);
    assert_int_equal(descriptors_of(pid, "/games.jsonl"), 1);
    /* A worker lets them go as it starts: each child is looked at until
     * it has (a loaded machine may show one between its fork and that). */
    size_t count = 0;
    size_t writers = 0;
    size_t workers = 0;
    for (int look = 0; look < 200 && !(count == 3 && writers == 1 && workers == 2); look++) {
        if (look > 0) {
            nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
        }
        pid_t children[16];
        count = children_of(pid, children, 16);
        writers = workers = 0;
        for (size_t i = 0; i < count; i++) {
            int locks = descriptors_of(children[i], "/.tourney.lock");
            int logs = descriptors_of(children[i], "/games.jsonl");
            /* The writer holds both, and nothing else of the runner's. */
            writers += locks == 1 && logs == 1 && descriptors_of(children[i], "") == 2;
            workers += locks == 0 && logs == 0;
        }
    }
    assert_int_equal(count, 3);
    assert_int_equal(writers, 1);
    assert_int_equal(workers, 2);
    kill(pid, SIGKILL);
    wait_tourney(&run, pid);
    resume_ok(&run, RESUME_CONFIG, "2");
    remove_tree(run.dir);
}

static void test_faulty_agents_with_two_jobs(void **state)
{
    (void)state;
    /* Agents that play illegal moves or fail... */
    struct run one;
    struct run two;
    play_jobs(&one, FAULTS_CONFIG, "1", NULL);
    play_jobs(&two, FAULTS_CONFIG, "2", NULL);
    assert_same_results(&two, &one);
    json_t *summary = load_summary(&two);
    json_t *terminations = json_object_get(summary, "terminations");
    assert_int_equal(get_int(terminations, "normal"), 10);
    assert_int_equal(get_int(terminations, "illegal_move") + get_int(terminations, "agent_error"),
                     50);
    json_decref(summary);
    remove_tree(one.dir);
    remove_tree(two.dir);

    /* ... and an agent process that crashes, hangs or exits. The hard limit
     * is a second over the budget, so that only the agent that hangs ever
     * reaches it, however loaded the machine. */
    static const char *const zoo[] = {"zoo_segfault", "zoo_sleep", "zoo_exit"};
    static const char *const ends[] = {"crash", "time_forfeit", "early_exit"};
    for (size_t i = 0; i < 3; i++) {
        struct run runs[2];
        char path[128];
        for (int j = 0; j < 2; j++) {
            make_run_dir(&runs[j], "jobs");
            char text[1024];
            snprintf(text, sizeof(text),
                     "[tournament]\nname = zoo\nseed = 7\ngames_per_pair = 4\n"
                     "time_per_move_ms = 50\ntime_margin_ms = 1000\n"
                     "[game]\nplugin = mnk\n[agent bad]\nplugin = %s/%s.so\n"
                     "[agent first-open]\nplugin = first-open\n[agent random]\nplugin = random\n",
                     TOURNEY_TEST_PLUGIN_DIR, zoo[i]);
            if (j == 0) {
                write_config(&runs[j], path, sizeof(path), text);
            }
            char output[128];
            snprintf(output, sizeof(output), "%.64s/reports", runs[j].dir);
            const char *args[] = {"run", path, "-q", "-j", j == 0 ? "1" : "2", "-o", output, NULL};
            run_tourney(&runs[j], args);
            assert_int_equal(runs[j].status, 0);
        }
        assert_same_results(&runs[1], &runs[0]);
        summary = load_summary(&runs[1]);
        terminations = json_object_get(summary, "terminations");
        /* bad plays 8 of the 12 games and loses each its way. */
        assert_int_equal(get_int(terminations, ends[i]), 8);
        assert_int_equal(get_int(terminations, "normal"), 4);
        json_decref(summary);
        remove_tree(runs[0].dir);
        remove_tree(runs[1].dir);
    }
}

/* crash-once against first-open, then first-open against random, in the
 * runner's process (a gauntlet of first-open, two games per pair): crash-once
 * plays games 0 and 1 only, one mini-match, which one worker plays in
 * order, so game 0 is the one that crashes, whatever the other worker
 * does. CONFIG is written if it is not there. */
static void play_crash_once(struct run *run, const char *config, const char *jobs,
                            const char *marker)
{
    if (access(config, F_OK) != 0) {
        write_file(config,
                   "[tournament]\nname = crash\nseed = 3\ngames_per_pair = 2\nisolation = none\n"
                   "format = gauntlet\ngauntlet_agent = first-open\n"
                   "[game]\nplugin = mnk\n[agent crash-once]\nplugin = %s/zoo_crash_once.so\n"
                   "[agent first-open]\nplugin = first-open\n[agent random]\nplugin = random\n",
                   TOURNEY_TEST_PLUGIN_DIR);
    }
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    setenv("TOURNEY_TEST_CRASH_ONCE", marker, 1);
    const char *args[] = {"run", config, "-q", "-j", jobs, "-o", output, NULL};
    run_tourney(run, args);
}

static void test_a_crashed_worker_is_replaced(void **state)
{
    (void)state;
    /* The reference: the marker is there already, so nothing crashes. */
    struct run reference;
    make_run_dir(&reference, "jobs");
    char config[128];
    snprintf(config, sizeof(config), "%s/crash.ini", reference.dir);
    play_crash_once(&reference, config, "1", "/dev/null");
    assert_int_equal(reference.status, 0);

    struct run run;
    make_run_dir(&run, "jobs");
    char marker[160];
    snprintf(marker, sizeof(marker), "%s/crashed", run.dir);
    play_crash_once(&run, config, "2", marker);
    char *err = tourney_lines(&run);
    if (run.status != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(run.status, 0);
    assert_string_equal(err, "tourney: a worker process killed by " CRASH_SIGNAL
                             " while playing game 0; playing it again\n");
    free(err);
    assert_int_equal(access(marker, F_OK), 0);
    assert_same_results(&run, &reference);
    assert_in_game_order(&run);
    remove_tree(run.dir);
    remove_tree(reference.dir);
}

static void test_a_game_that_crashes_twice_fails_the_run(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "jobs");
    char text[512];
    /* Only bad against first-open: games 0 and 1, one mini-match, which
     * goes to one worker; game 0 crashes it, and its replacement. */
    snprintf(text, sizeof(text),
             "[tournament]\nname = crash\nseed = 3\ngames_per_pair = 2\nisolation = none\n"
             "[game]\nplugin = mnk\n[agent bad]\nplugin = %s/zoo_segfault.so\n"
             "[agent first-open]\nplugin = first-open\n",
             TOURNEY_TEST_PLUGIN_DIR);
    char path[128];
    write_config(&run, path, sizeof(path), text);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *args[] = {"run", path, "-q", "-j", "2", "-o", output, NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 1);
    char *err = tourney_lines(&run);
    assert_string_equal(err, "tourney: a worker process killed by " CRASH_SIGNAL
                             " while playing game 0; playing it again\n"
                             "tourney: game 0 ended two worker processes (the second killed "
                             "by " CRASH_SIGNAL "); with isolation = none an agent that "
                             "crashes ends the process that plays it, where isolation = "
                             "process would make it lose only its game\n");
    free(err);
    /* The log and the reports are there, with no game. */
    json_t *summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 0);
    json_decref(summary);
    char log[160];
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    assert_int_equal(count_lines(log), 1);
    remove_tree(run.dir);
}

static void test_bad_jobs(void **state)
{
    (void)state;
    static const char *const bad[] = {"0", "257", "x", "-1"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct run run;
        make_run_dir(&run, "jobs");
        const char *args[] = {"run", RESUME_CONFIG, "--jobs", bad[i], NULL};
        run_tourney(&run, args);
        assert_int_equal(run.status, 2);
        char expected[256];
        snprintf(expected, sizeof(expected),
                 "tourney run: bad value '%s' for --jobs: expected a whole number of games "
                 "played at once from 1 to 256\n",
                 bad[i]);
        assert_file_is(run.err, expected);
        remove_tree(run.dir);
    }
    struct run run;
    make_run_dir(&run, "jobs");
    const char *args[] = {"run", RESUME_CONFIG, "-j", NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 2);
    assert_file_is(run.err, "tourney run: -j needs a number of jobs\n");
    remove_tree(run.dir);
}

/* Plays a few quick games with JOBS jobs, told that FREE processors are
 * free, and returns tourney's stderr (to free). */
static char *told_free(const char *jobs, const char *free)
{
    static const char *const config = "[tournament]\nname = told\nseed = 4\n"
                                      "games_per_pair = 4\n[game]\nplugin = mnk\n"
                                      "[agent first-open]\nplugin = first-open\n"
                                      "[agent random]\nplugin = random\n";
    struct run run;
    make_run_dir(&run, "jobs");
    char path[160];
    write_config(&run, path, sizeof(path), config);
    char output[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    setenv("TOURNEY_FREE_PROCESSORS", free, 1);
    const char *args[] = {"run", path, "--quiet", "--jobs", jobs, "--output", output, NULL};
    run_tourney_ok(&run, args);
    setenv("TOURNEY_FREE_PROCESSORS", "256", 1);
    json_t *summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 4);
    json_decref(summary);
    char *err = slurp(run.err);
    remove_tree(run.dir);
    return err;
}

/* More jobs than processors free: a warning before the first game (the
 * counts told through TOURNEY_FREE_PROCESSORS, so that the machine's load
 * does not decide), and the games played all the same. */
static void test_more_jobs_than_free_processors(void **state)
{
    (void)state;
    cpu_set_t mine;
    assert_int_equal(sched_getaffinity(0, sizeof(mine), &mine), 0);
    int usable = CPU_COUNT(&mine);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney: warning: jobs = 2, but 1 processor of %d is free as the run starts (as "
             "TOURNEY_FREE_PROCESSORS says): an agent waiting for a processor spends its time "
             "per move waiting, and may go over its budget or lose on time; use --jobs 1 or an "
             "idle machine\n",
             usable);
    char *err = told_free("2", "1");
    assert_string_equal(err, expected);
    free(err);
    snprintf(expected, sizeof(expected),
             "tourney: warning: jobs = 1, but 0 processors of %d are free as the run starts (as "
             "TOURNEY_FREE_PROCESSORS says): an agent waiting for a processor spends its time "
             "per move waiting, and may go over its budget or lose on time; use an idle "
             "machine\n",
             usable);
    err = told_free("1", "0");
    assert_string_equal(err, expected);
    free(err);
    /* As many jobs as processors free: not a word. */
    err = told_free("2", "2");
    assert_string_equal(err, "");
    free(err);
}

int main(void)
{
#if defined(__SANITIZE_ADDRESS__)
    setenv("ASAN_OPTIONS", "abort_on_error=1:detect_leaks=1", 1);
#endif
    /* What these tests read of stderr must not depend on the machine's load:
     * they are told every processor is free, but where they say otherwise. */
    setenv("TOURNEY_FREE_PROCESSORS", "256", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_results_for_any_jobs),
        cmocka_unit_test(test_same_results_in_process),
        cmocka_unit_test(test_interrupted_run_resumes),
        cmocka_unit_test(test_workers_hold_nothing_of_the_directory),
        cmocka_unit_test(test_faulty_agents_with_two_jobs),
        cmocka_unit_test(test_a_crashed_worker_is_replaced),
        cmocka_unit_test(test_a_game_that_crashes_twice_fails_the_run),
        cmocka_unit_test(test_bad_jobs),
        cmocka_unit_test(test_more_jobs_than_free_processors),
    };
    return cmocka_run_group_tests_name("jobs", tests, NULL, NULL);
}
