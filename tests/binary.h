/*
 * binary.h - helpers for tests that drive the real `tourney` binary.
 */
#ifndef TOURNEY_TESTS_BINARY_H
#define TOURNEY_TESTS_BINARY_H

#include <stddef.h>
#include <sys/types.h>

#include <jansson.h>

#define CONFIG_DIR TOURNEY_TEST_SOURCE_DIR "/config"

struct run {
    char dir[64];  /* a temporary directory holding what the run wrote */
    char out[128]; /* its stdout */
    char err[128]; /* its stderr */
    int status;    /* its exit status */
};

/* Runs the binary with ARGS (NULL-terminated, without argv[0]) in RUN's
 * directory (made if RUN->dir is empty), stdout and stderr into files. */
void run_tourney(struct run *run, const char *const *args);

/* The same in two steps: start it, and wait for it (RUN->status is the exit
 * status, or 128 + the signal that killed it; returns the raw wait status). */
pid_t start_tourney(struct run *run, const char *const *args);
int wait_tourney(struct run *run, pid_t pid);

/* Plays CONFIG with --output RUN->dir/reports and checks it succeeded. */
void play(struct run *run, const char *config);

void remove_tree(const char *dir);
/* A file's contents (free them). */
char *slurp(const char *path);

json_t *load_summary(const struct run *run);
json_int_t get_int(json_t *object, const char *key);

/* games.jsonl in RUN->dir/reports without its header line and without the
 * fields that differ between identical runs (times and the check digests),
 * each record with sorted keys; *LINES counts the games. */
char *games_without_times(const struct run *run, size_t *lines);

/* summary.json in RUN->dir/reports without the figures that depend on the
 * clock. */
json_t *summary_without_times(const struct run *run);

/* The lines of the file at PATH; 0 when it cannot be read. */
size_t count_lines(const char *path);

/* Waits until the file at PATH has at least LINES lines (a running
 * tourney's log); fails the test after 30 s. */
void wait_for_lines(const char *path, size_t lines);

/* Makes RUN a new empty directory /tmp/tourney-PREFIX-XXXXXX. */
void make_run_dir(struct run *run, const char *prefix);

/* The first line of the file at PATH (free it). */
char *first_line(const char *path);

/* RUN's games and reports are those of EXPECTED, timings aside: the same
 * log header, the same games in the same order, the same summary, and the
 * same games shown in report.html, agents' logs and output included. */
void assert_same_results(const struct run *run, const struct run *expected);

#endif /* TOURNEY_TESTS_BINARY_H */
