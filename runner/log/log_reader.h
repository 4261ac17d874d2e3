/*
 * log_reader.h - reading a results log one game at a time, checking every
 * line: what `--resume`, `tourney report` and `tourney merge` read logs
 * with. Memory does not grow with the log: one line at a time, and one bit
 * per scheduled game to catch a game recorded twice.
 */
#ifndef TOURNEY_RUNNER_LOG_READER_H
#define TOURNEY_RUNNER_LOG_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "error.h"
#include "game_set.h"
#include "log_header.h"
#include "record.h"

/* What tourney_log_reader_open returns for a log without one complete
 * line: created, but killed before its header was on disk. */
#define TOURNEY_LOG_EMPTY (-2)

struct log_reader {
    FILE *file;
    char *path;
    char *line; /* the last line read, "\n" included */
    size_t capacity;
    size_t line_number;
    off_t valid_end; /* where the whole lines read so far end */
    bool torn;       /* the log ends in a line cut short, which is left out */
    struct log_header header;
    const char **names; /* the agents' names, by index */
    size_t name_count;
    uint64_t games_scheduled;
    struct game_set seen;
};

/* Opens the log at PATH and reads its header into READER->header. Returns
 * 0; -1 with a reason naming the file (and line) for a log that cannot be
 * read, is not a tourney log or is corrupted; TOURNEY_LOG_EMPTY when it
 * holds no complete line. On failure everything is released. */
int tourney_log_reader_open(struct log_reader *reader, const char *path, struct error *err);

/* The same for the log open as FILE (read from where it is), which the
 * reader owns from here, closed or not; PATH names it in messages. */
int tourney_log_reader_open_stream(struct log_reader *reader, FILE *file, const char *path,
                                   struct error *err);

/* Reads the next game into RECORD (initialised by the caller, finished by
 * the caller after each call); READER->line keeps the line's text until the
 * next call. Returns 1 for a game, 0 at the end of the log (or at a torn
 * last line) and -1 with a reason naming the file and line for a corrupted
 * line, a game outside the schedule or a game recorded twice. */
int tourney_log_reader_next(struct log_reader *reader, struct game_record *record,
                            struct error *err);

/* Goes on reading at OFFSET, the start of line LINE_NUMBER, as read before:
 * for reading one log from several places at once. A game recorded twice is
 * no longer noticed: read the whole log once first. */
int tourney_log_reader_seek(struct log_reader *reader, off_t offset, size_t line_number,
                            struct error *err);

void tourney_log_reader_close(struct log_reader *reader);

#endif /* TOURNEY_RUNNER_LOG_READER_H */
