/*
 * results_log.h - games.jsonl, the tournament's one source of truth.
 *
 * Line 1 is the header (log_header.h); every further line is one finished
 * game, as the JSON object of tourney_record_write_json plus a "check" field: the
 * digest of the rest of the line (log_line.h). Each line is appended with one
 * write, so an interrupted write leaves at most a torn last line, which a
 * reader drops; anything else that does not check out is corruption, and the
 * whole log is refused rather than half-read.
 *
 * A written line is in the kernel at once, or (once a writer is started) in
 * memory the writer process shares and writes out even after the runner
 * was killed, so a killed tourney loses nothing.
 * It reaches the disk (fdatasync) at most TOURNEY_LOG_SYNC_INTERVAL_NS after
 * the last sync: a line written sooner waits for the next line written after
 * the interval, or for tourney_results_log_sync, which a caller that waits
 * calls when tourney_results_log_sync_due says. So a power cut or a crash of
 * the system loses at most the games finished in the last 50 ms, and a
 * cheap game does not pay for a disk flush of its own.
 */
#ifndef TOURNEY_RUNNER_RESULTS_LOG_H
#define TOURNEY_RUNNER_RESULTS_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "error.h"
#include "log_header.h"
#include "log_reader.h"
#include "log_writer.h"
#include "out_dir.h"
#include "record.h"

#define TOURNEY_LOG_NAME "games.jsonl"

/* How long a written game may wait for its flush to disk. */
#define TOURNEY_LOG_SYNC_INTERVAL_NS UINT64_C(50000000)

struct results_log {
    int fd;
    char *path;
    bool dirty;            /* lines written since the last sync */
    uint64_t last_sync_ns; /* monotonic time of the last sync */
    char *pending;         /* lines added and not written yet */
    size_t pending_length;
    size_t pending_capacity;
    struct log_writer writer; /* appends once started; RING is NULL before */
};

/* Creates DIR/games.jsonl, which must not be there yet, and writes HEADER
 * as its first line. The log is never opened through a link (out_dir.h). */
int tourney_results_log_create(struct results_log *log, const struct out_dir *dir,
                               const struct log_header *header, struct error *err);

/* Called for every game record read from a log, in order. Returns 0 to go
 * on, or -1 with ERR saying why it stops (the reader puts the log's path
 * and line in front): its own reason, never one the reader guesses. */
typedef int (*tourney_record_fn)(const struct game_record *record, void *context,
                                 struct error *err);

/* Reads the log at PATH: its header into HEADER (finish it) and every game
 * through EACH. *VALID_END is the length of the log without a torn last
 * line (*TORN says whether there was one). Returns -1 with a reason naming the
 * file and line for a log that is not a tourney log, is corrupted, or lists a
 * game twice, and TOURNEY_LOG_EMPTY when it holds no complete line. */
int tourney_results_log_read(const char *path, struct log_header *header, tourney_record_fn each,
                             void *context, off_t *valid_end, bool *torn, struct error *err);

/* Opens DIR/games.jsonl to continue it: checks it belongs to the tournament
 * described by EXPECTED, hands every recorded game to EACH, cuts a torn last
 * line off and leaves the log open for appending. When there is no log yet
 * (or one without a complete line), creates it as
 * tourney_results_log_create does and sets *CREATED. A log that is a link or
 * has another name is refused (out_dir.h). */
int tourney_results_log_resume(struct results_log *log, const struct out_dir *dir,
                               const struct log_header *expected, tourney_record_fn each,
                               void *context, bool *created, struct error *err);

/* Whether DIR holds a results log: 1 with *GAMES its whole lines after
 * the header, 0 when there is none; -1 with ERR naming it when it is a link,
 * has another name or cannot be read. */
int tourney_results_log_count(const struct out_dir *dir, uint64_t *games, struct error *err);

/* Appends games as their sealed lines (log_line.h) in two steps: add their
 * lines, then write them all with one write (with a writer started, a line
 * goes to it as it is added). Lines are in order, so a write cut short
 * leaves whole lines and at most one torn line after them. */
int tourney_results_log_add_line(struct results_log *log, const char *line, struct error *err);
int tourney_results_log_write_pending(struct results_log *log, struct error *err);

/* From here on lines are appended through a writer process (log_writer.h),
 * which keeps KEEP_FD (the directory's lock; -1 for none) open while it
 * works and flushes lines to disk itself. */
int tourney_results_log_start_writer(struct results_log *log, int keep_fd, struct error *err);

/* When the lines written so far must be synced at the latest (monotonic
 * nanoseconds), or UINT64_MAX when they are on disk or a writer flushes
 * them. */
uint64_t tourney_results_log_sync_due(const struct results_log *log);
/* Flushes what was written to disk now, if anything; a writer first writes
 * and flushes all it was given, and ends. */
int tourney_results_log_sync(struct results_log *log, struct error *err);

/* Syncs what is left (quietly: callers that care sync first) and closes. */
void tourney_results_log_close(struct results_log *log);

/* In a process forked from the log's writer: lets go of this process's
 * copy, writing and syncing nothing. The writer's log is untouched. */
void tourney_results_log_forget(struct results_log *log);

#endif /* TOURNEY_RUNNER_RESULTS_LOG_H */
