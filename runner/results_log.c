#include "results_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

int tourney_results_log_open(struct results_log *log, const char *dir, char *error,
                             size_t error_size)
{
    log->path = tourney_format("%s/games.jsonl", dir);
    if (log->path == NULL) {
        snprintf(error, error_size, "%s/games.jsonl: out of memory", dir);
        return -1;
    }
    log->fd = open(log->path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
    if (log->fd < 0) {
        snprintf(error, error_size, "cannot create %s: %s", log->path, strerror(errno));
        free(log->path);
        log->path = NULL;
        return -1;
    }
    return 0;
}

int tourney_results_log_append(struct results_log *log, const struct game_record *record,
                               const char *const names[2], char *error, size_t error_size)
{
    json_t *object = tourney_record_to_json(record, names);
    char *text = object ? json_dumps(object, JSON_COMPACT) : NULL;
    json_decref(object);
    char *line = text ? tourney_format("%s\n", text) : NULL;
    free(text);
    if (line == NULL) {
        snprintf(error, error_size, "%s: out of memory for game %u", log->path,
                 (unsigned)record->index);
        return -1;
    }
    /* One write per record: an interrupted run leaves whole lines, and at
     * worst a torn last one, never interleaved pieces. */
    size_t length = strlen(line);
    ssize_t written = write(log->fd, line, length);
    free(line);
    if (written < 0 || (size_t)written != length) {
        snprintf(error, error_size, "cannot append game %u to %s: %s", (unsigned)record->index,
                 log->path, written < 0 ? strerror(errno) : "short write");
        return -1;
    }
    return 0;
}

void tourney_results_log_close(struct results_log *log)
{
    if (log->path != NULL) {
        close(log->fd);
        free(log->path);
        log->path = NULL;
    }
}
