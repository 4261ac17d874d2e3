#include "results_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "text.h"

/* Writes all of TEXT with one write call, then syncs the data to disk. */
static int write_line(struct results_log *log, const char *text, char *error, size_t error_size)
{
    size_t length = strlen(text);
    ssize_t written = write(log->fd, text, length);
    if (written < 0 || (size_t)written != length) {
        snprintf(error, error_size, "cannot append to %s: %s", log->path,
                 written < 0 ? strerror(errno) : "short write");
        return -1;
    }
    if (fdatasync(log->fd) != 0) {
        snprintf(error, error_size, "cannot flush %s to disk: %s", log->path, strerror(errno));
        return -1;
    }
    return 0;
}

/* OBJECT as one log line: its compact JSON with a "check" digest of that
 * JSON added at the end, and a newline. OBJECT gains the check field. */
static char *sealed_line(json_t *object)
{
    char *body = json_dumps(object, JSON_COMPACT);
    if (body == NULL) {
        return NULL;
    }
    char check[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(body, strlen(body), check);
    free(body);
    if (json_object_set_new(object, "check", json_string(check)) != 0) {
        return NULL;
    }
    char *sealed = json_dumps(object, JSON_COMPACT);
    char *line = sealed ? tourney_format("%s\n", sealed) : NULL;
    free(sealed);
    return line;
}

/* Parses LINE and verifies its check field; NULL when it does not hold. */
static json_t *unseal_line(const char *line)
{
    json_t *object = json_loads(line, JSON_REJECT_DUPLICATES, NULL);
    const char *check = json_string_value(json_object_get(object, "check"));
    if (check == NULL) {
        json_decref(object);
        return NULL;
    }
    char expected[TOURNEY_DIGEST_HEX];
    snprintf(expected, sizeof(expected), "%s", check);
    json_object_del(object, "check");
    char *body = json_dumps(object, JSON_COMPACT);
    char actual[TOURNEY_DIGEST_HEX];
    if (body != NULL) {
        tourney_digest_bytes(body, strlen(body), actual);
    }
    if (body == NULL || strcmp(actual, expected) != 0) {
        free(body);
        json_decref(object);
        return NULL;
    }
    free(body);
    return object;
}

static int open_log(struct results_log *log, const char *dir, int flags, char *error,
                    size_t error_size)
{
    log->path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    if (log->path == NULL) {
        snprintf(error, error_size, "%s/%s: out of memory", dir, TOURNEY_LOG_NAME);
        return -1;
    }
    log->fd = open(log->path, flags | O_CLOEXEC, 0666);
    if (log->fd < 0) {
        snprintf(error, error_size, "cannot open %s: %s", log->path, strerror(errno));
        free(log->path);
        log->path = NULL;
        return -1;
    }
    return 0;
}

int tourney_results_log_create(struct results_log *log, const char *dir,
                               const struct log_header *header, char *error, size_t error_size)
{
    if (open_log(log, dir, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, error, error_size) != 0) {
        return -1;
    }
    json_t *object = tourney_header_to_json(header);
    char *line = object ? sealed_line(object) : NULL;
    json_decref(object);
    int status = line ? write_line(log, line, error, error_size) : -1;
    if (line == NULL) {
        snprintf(error, error_size, "%s: out of memory", log->path);
    }
    free(line);
    if (status != 0) {
        tourney_results_log_close(log);
    }
    return status;
}

int tourney_results_log_append(struct results_log *log, const struct game_record *record,
                               const char *const names[2], char *error, size_t error_size)
{
    json_t *object = tourney_record_to_json(record, names);
    char *line = object ? sealed_line(object) : NULL;
    json_decref(object);
    if (line == NULL) {
        snprintf(error, error_size, "%s: out of memory for game %u", log->path,
                 (unsigned)record->index);
        return -1;
    }
    int status = write_line(log, line, error, error_size);
    free(line);
    return status;
}

void tourney_results_log_close(struct results_log *log)
{
    if (log->path != NULL) {
        close(log->fd);
        free(log->path);
        log->path = NULL;
    }
}

/* State of a read: which games were seen, for duplicates. */
struct reading {
    const char *path;
    struct log_header *header;
    const char **names;
    unsigned char *seen;
    tourney_record_fn each;
    void *context;
};

static int read_game(struct reading *r, json_t *object, size_t line_number, char *error,
                     size_t error_size)
{
    struct game_record record;
    tourney_record_init(&record);
    char reason[256];
    int status = tourney_record_from_json(object, r->names, r->header->agent_count, &record,
                                          reason, sizeof(reason));
    if (status != 0) {
        snprintf(error, error_size, "%s:%zu: %s", r->path, line_number, reason);
    } else if (record.index >= r->header->games_scheduled) {
        snprintf(error, error_size, "%s:%zu: game %u is not in a schedule of %llu games", r->path,
                 line_number, (unsigned)record.index,
                 (unsigned long long)r->header->games_scheduled);
        status = -1;
    } else if (r->seen[record.index]) {
        snprintf(error, error_size, "%s:%zu: game %u is recorded twice", r->path, line_number,
                 (unsigned)record.index);
        status = -1;
    } else {
        r->seen[record.index] = 1;
        status = r->each ? r->each(&record, r->context) : 0;
        if (status != 0) {
            snprintf(error, error_size, "%s:%zu: out of memory", r->path, line_number);
        }
    }
    tourney_record_finish(&record);
    return status;
}

int tourney_results_log_read(const char *path, struct log_header *header, tourney_record_fn each,
                             void *context, off_t *valid_end, bool *torn, char *error,
                             size_t error_size)
{
    memset(header, 0, sizeof(*header));
    *valid_end = 0;
    *torn = false;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    struct reading r = {.path = path, .header = header, .each = each, .context = context};
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    size_t line_number = 0;
    int status = 0;
    bool have_header = false;
    while (status == 0 && (length = getline(&line, &capacity, file)) > 0) {
        line_number++;
        if (line[length - 1] != '\n') {
            /* Only the last line can lack its newline: a write cut short. */
            *torn = true;
            break;
        }
        json_t *object = strlen(line) == (size_t)length ? unseal_line(line) : NULL;
        if (object == NULL) {
            snprintf(error, error_size, "%s:%zu: corrupted record (it does not match its check "
                                        "digest); refusing the whole log",
                     path, line_number);
            status = -1;
        } else if (!have_header) {
            char reason[256];
            status = tourney_header_from_json(header, object, reason, sizeof(reason));
            if (status != 0) {
                snprintf(error, error_size, "%s:1: %s", path, reason);
            } else {
                have_header = true;
                r.seen = calloc(header->games_scheduled + 1, 1);
                r.names = calloc(header->agent_count + 1, sizeof(*r.names));
                for (size_t i = 0; r.names != NULL && i < header->agent_count; i++) {
                    r.names[i] = header->agents[i].name;
                }
                if (r.seen == NULL || r.names == NULL) {
                    snprintf(error, error_size, "%s: out of memory", path);
                    status = -1;
                }
            }
        } else {
            status = read_game(&r, object, line_number, error, error_size);
        }
        json_decref(object);
        if (status == 0) {
            *valid_end += length;
        }
    }
    if (status == 0 && ferror(file)) {
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        status = -1;
    }
    if (status == 0 && !have_header) {
        snprintf(error, error_size, "%s: no tournament header: the log is empty%s", path,
                 *torn ? " but for a torn first line" : "");
        status = TOURNEY_LOG_EMPTY;
    }
    free(line);
    free(r.seen);
    free(r.names);
    fclose(file);
    if (status != 0) {
        tourney_header_finish(header);
    }
    return status;
}

int tourney_results_log_resume(struct results_log *log, const char *dir,
                               const struct log_header *expected, tourney_record_fn each,
                               void *context, bool *created, char *error, size_t error_size)
{
    *created = false;
    char *path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    if (path == NULL) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (access(path, F_OK) != 0) {
        free(path);
        *created = true;
        return tourney_results_log_create(log, dir, expected, error, error_size);
    }
    struct log_header old;
    off_t valid_end = 0;
    bool torn = false;
    int status = tourney_results_log_read(path, &old, each, context, &valid_end, &torn, error,
                                          error_size);
    if (status == TOURNEY_LOG_EMPTY) {
        /* Killed before the header reached the disk: nothing to keep. */
        free(path);
        *created = true;
        return tourney_results_log_create(log, dir, expected, error, error_size);
    }
    if (status == 0) {
        char why[512];
        if (!tourney_header_compatible(&old, expected, why, sizeof(why))) {
            snprintf(error, error_size, "%s belongs to another tournament: %s", path, why);
            status = -1;
        }
        tourney_header_finish(&old);
    }
    if (status == 0 && torn && truncate(path, valid_end) != 0) {
        snprintf(error, error_size, "cannot cut the torn last line off %s: %s", path,
                 strerror(errno));
        status = -1;
    }
    free(path);
    if (status == 0) {
        status = open_log(log, dir, O_WRONLY | O_APPEND, error, error_size);
    }
    return status;
}
