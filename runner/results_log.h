/*
 * results_log.h - games.jsonl: one JSON object per finished game, one line
 * each, appended with a single write as soon as the game ends, so a game once
 * finished is on disk whatever happens to the run afterwards.
 */
#ifndef TOURNEY_RUNNER_RESULTS_LOG_H
#define TOURNEY_RUNNER_RESULTS_LOG_H

#include <stddef.h>

#include "record.h"

struct results_log {
    int fd;
    char *path;
};

/* Creates (or empties) DIR/games.jsonl. */
int tourney_results_log_open(struct results_log *log, const char *dir, char *error,
                             size_t error_size);
int tourney_results_log_append(struct results_log *log, const struct game_record *record,
                               const char *const names[2], char *error, size_t error_size);
void tourney_results_log_close(struct results_log *log);

#endif /* TOURNEY_RUNNER_RESULTS_LOG_H */
