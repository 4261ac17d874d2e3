/*
 * results_log.h - games.jsonl, the tournament's one source of truth.
 *
 * Line 1 is the header (log_header.h); every further line is one finished
 * game, as the JSON object of tourney_record_to_json plus a "check" field: the
 * digest of the rest of the line. Each line is appended with one write and
 * flushed to disk (fdatasync) before the run goes on, so a finished game
 * survives whatever happens next, and an interrupted write leaves at most a
 * torn last line, which a reader drops. Anything else that does not check out
 * is corruption, and the whole log is refused rather than half-read.
 */
#ifndef TOURNEY_RUNNER_RESULTS_LOG_H
#define TOURNEY_RUNNER_RESULTS_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "log_header.h"
#include "record.h"

#define TOURNEY_LOG_NAME "games.jsonl"

struct results_log {
    int fd;
    char *path;
};

/* Creates (or empties) DIR/games.jsonl and writes HEADER as its first line. */
int tourney_results_log_create(struct results_log *log, const char *dir,
                               const struct log_header *header, char *error, size_t error_size);

/* Called for every game record read from a log, in order. Returns 0 to go on. */
typedef int (*tourney_record_fn)(const struct game_record *record, void *context);

/* What tourney_results_log_read returns for a log without one complete
 * line: created, but killed before its header was on disk. */
#define TOURNEY_LOG_EMPTY (-2)

/* Reads the log at PATH: its header into HEADER (finish it) and every game
 * through EACH. *VALID_END is the length of the log without a torn last
 * line (*TORN says whether there was one). Returns -1 with a reason naming the
 * file and line for a log that is not a tourney log, is corrupted, or lists a
 * game twice, and TOURNEY_LOG_EMPTY when it holds no complete line. */
int tourney_results_log_read(const char *path, struct log_header *header, tourney_record_fn each,
                             void *context, off_t *valid_end, bool *torn, char *error,
                             size_t error_size);

/* Opens DIR/games.jsonl to continue it: checks it belongs to the tournament
 * described by EXPECTED, hands every recorded game to EACH, cuts a torn last
 * line off and leaves the log open for appending. When there is no log yet,
 * creates it as tourney_results_log_create does and sets *CREATED. */
int tourney_results_log_resume(struct results_log *log, const char *dir,
                               const struct log_header *expected, tourney_record_fn each,
                               void *context, bool *created, char *error, size_t error_size);

/* Appends one game and flushes it to disk. */
int tourney_results_log_append(struct results_log *log, const struct game_record *record,
                               const char *const names[2], char *error, size_t error_size);
void tourney_results_log_close(struct results_log *log);

#endif /* TOURNEY_RUNNER_RESULTS_LOG_H */
