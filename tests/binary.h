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

#endif /* TOURNEY_TESTS_BINARY_H */
