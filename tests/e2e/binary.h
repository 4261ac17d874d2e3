/*
 * binary.h - helpers for tests that drive the real `tourney` binary.
 */
#ifndef TOURNEY_TESTS_BINARY_H
#define TOURNEY_TESTS_BINARY_H

#include <stddef.h>
#include <sys/types.h>

#include <jansson.h>

#include "files.h"

#define CONFIG_DIR TOURNEY_TEST_SOURCE_DIR "/config"
#define TEST_CONFIG_DIR TOURNEY_TEST_SOURCE_DIR "/tests/configs"
/* 600 games of 3x3 among five quick agents, the run that resuming, jobs and
 * shards are compared with. */
#define RESUME_CONFIG TEST_CONFIG_DIR "/resume.ini"

struct run {
    char dir[64];  /* a temporary directory holding what the run wrote */
    char out[128]; /* its stdout */
    char err[128]; /* its stderr */
    int status;    /* its exit status */
};

/* The build's Python, or the system's where this user cannot run it (the
 * build's may live in root's home). */
const char *test_python(void);

/* Runs the binary with ARGS (NULL-terminated, without argv[0]) in RUN's
 * directory (made if RUN->dir is empty), stdout and stderr into files. */
void run_tourney(struct run *run, const char *const *args);

/* The same, and fails the test, showing its stderr, unless it exits with 0. */
void run_tourney_ok(struct run *run, const char *const *args);

/* The same in two steps: start it, and wait for it (RUN->status is the exit
 * status, or 128 + the signal that killed it; returns the raw wait status). */
pid_t start_tourney(struct run *run, const char *const *args);
int wait_tourney(struct run *run, pid_t pid);

/* Makes RUN a new empty directory /tmp/tourney-PREFIX-XXXXXX. */
void make_run_dir(struct run *run, const char *prefix);

/* Plays CONFIG with --output RUN->dir/reports in a new directory and checks
 * it succeeded. */
void play(struct run *run, const char *config);

/* `tourney run CONFIG --quiet --resume --output RUN->dir/reports`, with
 * `--jobs JOBS` unless JOBS is NULL; RUN->status says how it ended. */
void resume(struct run *run, const char *config, const char *jobs);
/* The same, and fails the test, showing its stderr, unless it exits with 0. */
void resume_ok(struct run *run, const char *config, const char *jobs);

/* Starts `tourney run RESUME_CONFIG --quiet --output RUN->dir/reports`
 * (with `--jobs JOBS` unless JOBS is NULL) in a new directory, presses
 * Ctrl-C once GAMES games are in its log, and checks that it stopped as it
 * should: exit status 130, saying how to resume, with the games played in
 * its log and its reports. Returns how many games were played. */
json_int_t interrupt_run(struct run *run, const char *prefix, const char *jobs, size_t games);

/* A cmocka group setup that plays RESUME_CONFIG once, uninterrupted: the
 * run (a struct run) is the state every test of the group is handed. The
 * teardown removes it. */
int play_reference(void **state);
int remove_reference(void **state);

json_t *load_summary(const struct run *run);
json_int_t get_int(json_t *object, const char *key);

/* The game records of games.jsonl in RUN->dir/reports, in the file's order;
 * the header is checked to be the first line, and only there, and left out. */
json_t *load_games(const struct run *run);

/* Of GAMES (load_games) between agent PONDERER, which reports as the nodes
 * of each move the microseconds of CPU time a thread of its own spun since
 * its previous move, and its opponent: in *STOLEN_US what it spun while its
 * opponent thought, in *THINKING_US how long the opponent thought (its
 * moves' wall times) between two moves of PONDERER. */
void pondering_of(json_t *games, const char *ponderer, json_int_t *stolen_us,
                  json_int_t *thinking_us);

/* Plays two games of PONDERER (whose thread spins all the time) against a
 * search with PLAY_ONCE (into RUN, from CONTEXT) and checks that the thread
 * ran less than a twentieth of its opponent's thinking time, taking the
 * best of three runs: the stop lands when the runner runs, which a busy
 * machine can delay by milliseconds, while without the stop the thread gets
 * about half on every run. Returns the last run's games. */
json_t *play_without_pondering(void (*play_once)(struct run *run, void *context), void *context,
                               const char *ponderer, struct run *run);

/* Those records without the fields that differ between identical runs
 * (wall and CPU times, the check digests), each with sorted keys, one a
 * line; *LINES
 * counts the games. */
char *games_without_times(const struct run *run, size_t *lines);

/* summary.json in RUN->dir/reports without the figures that depend on the
 * clock (in each agent's search, and its time_histogram). */
json_t *summary_without_times(const struct run *run);

/* Waits until the file at PATH has at least LINES lines (a running
 * tourney's log); fails the test after 30 s. */
void wait_for_lines(const char *path, size_t lines);

/* RUN's games and reports are those of EXPECTED, timings aside: the same
 * log header, the same games in the same order, the same summary, and the
 * same games shown in report.html, agents' logs and output included. */
void assert_same_results(const struct run *run, const struct run *expected);

#endif /* TOURNEY_TESTS_BINARY_H */
