#include "results_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "log_line.h"
#include "log_writer.h"
#include "text.h"

int tourney_results_log_sync(struct results_log *log, struct error *err)
{
    /* A writer writes and flushes all it was given, and ends. */
    if (log->writer.ring != NULL && tourney_log_writer_finish(&log->writer, err) != 0) {
        return -1;
    }
    if (!log->dirty) {
        return 0;
    }
    if (fdatasync(log->fd) != 0) {
        return tourney_error_set_errno(err, "cannot flush %s to disk", log->path);
    }
    log->dirty = false;
    log->last_sync_ns = tourney_now_ns();
    return 0;
}

uint64_t tourney_results_log_sync_due(const struct results_log *log)
{
    return log->dirty ? log->last_sync_ns + TOURNEY_LOG_SYNC_INTERVAL_NS : UINT64_MAX;
}

/* Writes all of TEXT with one write call, then syncs the data to disk when
 * the last sync is older than the interval. */
static int write_text(struct results_log *log, const char *text, size_t length, struct error *err)
{
    if (log->writer.ring != NULL) {
        return tourney_log_writer_append(&log->writer, text, length, err);
    }
    ssize_t written = write(log->fd, text, length);
    if (written < 0 || (size_t)written != length) {
        return tourney_error_set(err, "cannot append to %s: %s", log->path,
                                 written < 0 ? strerror(errno) : "short write");
    }
    log->dirty = true;
    if (tourney_now_ns() >= tourney_results_log_sync_due(log)) {
        return tourney_results_log_sync(log, err);
    }
    return 0;
}

static int write_line(struct results_log *log, const char *text, struct error *err)
{
    return write_text(log, text, strlen(text), err);
}

int tourney_results_log_add_line(struct results_log *log, const char *line, struct error *err)
{
    size_t length = strlen(line);
    if (log->writer.ring != NULL && log->pending_length == 0) {
        /* The writer writes many lines at once anyway: no copy to hold. */
        return tourney_log_writer_append(&log->writer, line, length, err);
    }
    if (log->pending_length + length > log->pending_capacity) {
        size_t capacity = log->pending_capacity ? log->pending_capacity : 65536;
        while (capacity < log->pending_length + length) {
            capacity *= 2;
        }
        char *pending = realloc(log->pending, capacity);
        if (pending == NULL) {
            return tourney_error_set(err, "%s: out of memory", log->path);
        }
        log->pending = pending;
        log->pending_capacity = capacity;
    }
    memcpy(log->pending + log->pending_length, line, length);
    log->pending_length += length;
    return 0;
}

int tourney_results_log_write_pending(struct results_log *log, struct error *err)
{
    if (log->pending_length == 0) {
        return 0;
    }
    size_t length = log->pending_length;
    log->pending_length = 0;
    return write_text(log, log->pending, length, err);
}

/* LOG writes to FD, DIR's log. */
static int adopt_log(struct results_log *log, const struct out_dir *dir, int fd, struct error *err)
{
    memset(log, 0, sizeof(*log));
    log->path = tourney_out_dir_name(dir, TOURNEY_LOG_NAME);
    if (log->path == NULL) {
        close(fd);
        log->fd = -1;
        return tourney_error_set(err, "%s/%s: out of memory", dir->path, TOURNEY_LOG_NAME);
    }
    log->fd = fd;
    log->last_sync_ns = tourney_now_ns();
    return 0;
}

/* Writes HEADER as the first line of LOG (empty), and syncs it. */
static int write_header(struct results_log *log, const struct log_header *header,
                        struct error *err)
{
    json_t *object = tourney_header_to_json(header);
    char *line = object ? tourney_log_line_seal(object) : NULL;
    json_decref(object);
    int status = -1;
    if (line == NULL) {
        tourney_error_set(err, "%s: out of memory", log->path);
    } else if (write_line(log, line, err) == 0) {
        /* The header is on disk before any game. */
        status = tourney_results_log_sync(log, err);
    }
    free(line);
    if (status != 0) {
        tourney_results_log_close(log);
    }
    return status;
}

int tourney_results_log_create(struct results_log *log, const struct out_dir *dir,
                               const struct log_header *header, struct error *err)
{
    /* A log already there is never emptied here: a run that starts over
     * moves it aside first. */
    int fd = tourney_out_dir_open_file(dir, TOURNEY_LOG_NAME,
                                       O_WRONLY | O_CREAT | O_EXCL | O_APPEND, err);
    if (fd < 0) {
        if (errno == EEXIST) {
            tourney_error_set(err, "%s/%s is already there", dir->path, TOURNEY_LOG_NAME);
        }
        return -1;
    }
    if (adopt_log(log, dir, fd, err) != 0) {
        return -1;
    }
    return write_header(log, header, err);
}

int tourney_results_log_start_writer(struct results_log *log, int keep_fd, struct error *err)
{
    /* What was written so far is flushed first: the writer flushes only
     * what it wrote. */
    if (tourney_results_log_sync(log, err) != 0) {
        return -1;
    }
    return tourney_log_writer_start(&log->writer, log->fd, log->path, keep_fd,
                                    TOURNEY_LOG_SYNC_INTERVAL_NS, err);
}

void tourney_results_log_close(struct results_log *log)
{
    free(log->pending);
    log->pending = NULL;
    log->pending_length = log->pending_capacity = 0;
    if (log->path != NULL) {
        tourney_results_log_sync(log, NULL);
        close(log->fd);
        free(log->path);
        log->path = NULL;
    }
}

void tourney_results_log_forget(struct results_log *log)
{
    tourney_log_writer_forget(&log->writer);
    free(log->pending);
    free(log->path);
    if (log->path != NULL) {
        close(log->fd);
    }
    memset(log, 0, sizeof(*log));
    log->fd = -1;
}

/* Whether every game line of the log at PATH, after its header, starts with
 * the game's number as tourney writes it, each greater than the last: a scan
 * of the bytes, without reading any game. False for a line of another shape,
 * which the full read then places. */
static bool lines_in_game_order(const char *path)
{
    static const char prefix[] = "{\"game\":";
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return false;
    }
    char *line = NULL;
    size_t capacity = 0;
    bool ordered = true;
    bool header = true;
    long long last = -1;
    ssize_t length;
    while (ordered && (length = getline(&line, &capacity, file)) > 0) {
        if (header || line[length - 1] != '\n') {
            header = false;
            continue; /* the header, or a torn last line the reader leaves out */
        }
        ordered = strncmp(line, prefix, sizeof(prefix) - 1) == 0;
        char *end = NULL;
        long long index = ordered ? strtoll(line + sizeof(prefix) - 1, &end, 10) : -1;
        ordered = ordered && end != line + sizeof(prefix) - 1 && *end == ',' && index > last;
        last = index;
    }
    free(line);
    fclose(file);
    return ordered;
}

/* Where a game's line is, to read the games in game order. */
struct game_place {
    uint32_t index;
    off_t offset;
    size_t line_number;
};

static int compare_places(const void *x, const void *y)
{
    const struct game_place *a = x;
    const struct game_place *b = y;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* Reads every game of READER's log (checking each line), notes where each
 * is, then hands them to EACH in game order. */
static int read_sorted(struct log_reader *reader, tourney_record_fn each, void *context,
                       struct error *err)
{
    struct game_place *places = NULL;
    size_t count = 0;
    size_t capacity = 0;
    struct game_record record;
    int status;
    for (;;) {
        off_t offset = reader->valid_end;
        size_t line_number = reader->line_number + 1;
        tourney_record_init(&record);
        status = tourney_log_reader_next(reader, &record, err);
        uint32_t index = record.index;
        tourney_record_finish(&record);
        if (status <= 0) {
            break;
        }
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            struct game_place *grown = realloc(places, capacity * sizeof(*places));
            if (grown == NULL) {
                status = tourney_error_set(err, "%s: out of memory", reader->path);
                break;
            }
            places = grown;
        }
        places[count++] = (struct game_place){index, offset, line_number};
    }
    off_t valid_end = reader->valid_end;
    if (status == 0) {
        qsort(places, count, sizeof(*places), compare_places);
    }
    for (size_t i = 0; status == 0 && i < count; i++) {
        status = tourney_log_reader_seek(reader, places[i].offset, places[i].line_number, err);
        tourney_record_init(&record);
        if (status == 0) {
            status = tourney_log_reader_next(reader, &record, err) > 0 ? 0 : -1;
            if (status != 0) {
                tourney_error_set(err, "%s:%zu: the log changed while it was read", reader->path,
                                  places[i].line_number);
            }
        }
        if (status == 0 && each != NULL && each(&record, context, err) != 0) {
            status = tourney_error_prefix(err, "%s:%zu", reader->path, places[i].line_number);
        }
        tourney_record_finish(&record);
    }
    reader->valid_end = valid_end;
    free(places);
    return status;
}

int tourney_results_log_read(const char *path, struct log_header *header, tourney_record_fn each,
                             void *context, off_t *valid_end, bool *torn, struct error *err)
{
    memset(header, 0, sizeof(*header));
    *valid_end = 0;
    *torn = false;
    bool ordered = lines_in_game_order(path);
    struct log_reader reader;
    int status = tourney_log_reader_open(&reader, path, err);
    if (status != 0) {
        return status;
    }
    /* The header is the caller's before the first game is handed over (the
     * reader's names point into it, and it outlives the reader). */
    *header = reader.header;
    memset(&reader.header, 0, sizeof(reader.header));
    struct game_record record;
    /* Games come in game order, whatever the order of the lines (a log
     * joined or edited by hand): the figures that follow the order, the
     * sequential test's verdict first, are those of the run. */
    if (!ordered) {
        status = read_sorted(&reader, each, context, err);
    }
    while (ordered) {
        tourney_record_init(&record);
        status = tourney_log_reader_next(&reader, &record, err);
        if (status > 0 && each != NULL && each(&record, context, err) != 0) {
            status = tourney_error_prefix(err, "%s:%zu", path, reader.line_number);
        }
        tourney_record_finish(&record);
        if (status <= 0) {
            break;
        }
    }
    *valid_end = reader.valid_end;
    *torn = reader.torn;
    tourney_log_reader_close(&reader);
    if (status != 0) {
        tourney_header_finish(header);
    }
    return status;
}

int tourney_results_log_resume(struct results_log *log, const struct out_dir *dir,
                               const struct log_header *expected, tourney_record_fn each,
                               void *context, bool *created, struct error *err)
{
    *created = false;
    /* Read and continued through one descriptor: the file read is the file
     * appended to, never one a link or another name leads to. */
    int fd = tourney_out_dir_open_file(dir, TOURNEY_LOG_NAME, O_RDWR, err);
    if (fd == TOURNEY_OUT_DIR_NO_FILE) {
        *created = true;
        return tourney_results_log_create(log, dir, expected, err);
    }
    if (fd < 0) {
        return -1;
    }
    char *path = tourney_out_dir_name(dir, TOURNEY_LOG_NAME);
    int copy = path != NULL ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;
    FILE *file = copy >= 0 ? fdopen(copy, "rb") : NULL;
    if (file == NULL) {
        if (copy >= 0) {
            close(copy);
        }
        free(path);
        close(fd);
        return tourney_error_set_errno(err, "cannot read %s/%s", dir->path, TOURNEY_LOG_NAME);
    }
    struct log_reader reader;
    int status = tourney_log_reader_open_stream(&reader, file, path, err);
    if (status == TOURNEY_LOG_EMPTY) {
        /* Killed before its header reached the disk: nothing to keep. */
        free(path);
        *created = true;
        if (ftruncate(fd, 0) != 0) {
            close(fd);
            return tourney_error_set_errno(err, "cannot empty %s/%s", dir->path, TOURNEY_LOG_NAME);
        }
        if (fcntl(fd, F_SETFL, O_APPEND) != 0 || adopt_log(log, dir, fd, err) != 0) {
            return -1;
        }
        return write_header(log, expected, err);
    }
    if (status != 0) {
        free(path);
        close(fd);
        return -1;
    }
    /* The header first: the games of another tournament are never counted. */
    if (!tourney_header_compatible(&reader.header, expected, err)) {
        status = tourney_error_prefix(err, "%s belongs to another tournament", path);
    } else if (!tourney_header_same_shard(&reader.header, expected, err)) {
        status = tourney_error_prefix(err, "%s is another part of this tournament", path);
    }
    for (bool more = status == 0; more;) {
        struct game_record record;
        tourney_record_init(&record);
        int got = tourney_log_reader_next(&reader, &record, err);
        if (got > 0 && each(&record, context, err) != 0) {
            got = tourney_error_prefix(err, "%s:%zu", path, reader.line_number);
        }
        tourney_record_finish(&record);
        more = got > 0;
        status = got < 0 ? -1 : 0;
    }
    if (status == 0 && reader.torn && ftruncate(fd, reader.valid_end) != 0) {
        status = tourney_error_set_errno(err, "cannot cut the torn last line off %s", path);
    }
    tourney_log_reader_close(&reader);
    free(path);
    if (status == 0 && fcntl(fd, F_SETFL, O_APPEND) != 0) {
        status =
            tourney_error_set_errno(err, "cannot append to %s/%s", dir->path, TOURNEY_LOG_NAME);
    }
    if (status != 0) {
        close(fd);
        return -1;
    }
    return adopt_log(log, dir, fd, err);
}

int tourney_results_log_count(const struct out_dir *dir, uint64_t *games, struct error *err)
{
    *games = 0;
    int fd = tourney_out_dir_open_file(dir, TOURNEY_LOG_NAME, O_RDONLY, err);
    if (fd == TOURNEY_OUT_DIR_NO_FILE) {
        return 0;
    }
    if (fd < 0) {
        return -1;
    }
    /* Whole lines after the header: what a resume would keep, as far as a
     * count for a message goes (the resume checks them). */
    uint64_t lines = 0;
    char buffer[65536];
    ssize_t got;
    while ((got = read(fd, buffer, sizeof(buffer))) > 0) {
        for (const char *c = buffer; (c = memchr(c, '\n', (size_t)(buffer + got - c))) != NULL;
             c++) {
            lines++;
        }
    }
    int status =
        got < 0 ? tourney_error_set_errno(err, "cannot read %s/%s", dir->path, TOURNEY_LOG_NAME)
                : 1;
    close(fd);
    *games = lines > 0 ? lines - 1 : 0;
    return status;
}
