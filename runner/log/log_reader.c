#include "log_reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "log_line.h"

/* Reads the next whole line. Returns 1, 0 at the end or at a torn last
 * line, -1 on a read error. */
static int read_line(struct log_reader *r, char *error, size_t error_size)
{
    ssize_t length = getline(&r->line, &r->capacity, r->file);
    if (length <= 0) {
        if (ferror(r->file)) {
            snprintf(error, error_size, "cannot read %s: %s", r->path, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (r->line[length - 1] != '\n') {
        /* Only the last line can lack its newline: a write cut short. */
        r->torn = true;
        return 0;
    }
    r->line_number++;
    /* A NUL byte inside the line would hide the rest of it from the check. */
    if (strlen(r->line) != (size_t)length) {
        r->line[0] = '\0';
    }
    return 1;
}

/* The current line, unsealed; NULL (with ERROR set) when it is corrupted. */
static json_t *unseal(struct log_reader *r, char *error, size_t error_size)
{
    json_t *object = tourney_log_line_unseal(r->line);
    if (object == NULL) {
        snprintf(error, error_size,
                 "%s:%zu: corrupted record (it does not match its check digest); refusing the "
                 "whole log",
                 r->path, r->line_number);
    }
    return object;
}

int tourney_log_reader_open(struct log_reader *r, const char *path, char *error, size_t error_size)
{
    memset(r, 0, sizeof(*r));
    r->path = strdup(path);
    if (r->path == NULL) {
        snprintf(error, error_size, "%s: out of memory", path);
        return -1;
    }
    r->file = fopen(path, "rb");
    if (r->file == NULL) {
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        tourney_log_reader_close(r);
        return -1;
    }
    int status = read_line(r, error, error_size);
    if (status == 0) {
        snprintf(error, error_size, "%s: no tournament header: the log is empty%s", path,
                 r->torn ? " but for a torn first line" : "");
        tourney_log_reader_close(r);
        return TOURNEY_LOG_EMPTY;
    }
    json_t *object = status > 0 ? unseal(r, error, error_size) : NULL;
    status = object != NULL ? 0 : -1;
    if (status == 0) {
        char reason[256];
        status = tourney_header_from_json(&r->header, object, reason, sizeof(reason));
        if (status != 0) {
            snprintf(error, error_size, "%s:1: %s", path, reason);
        }
    }
    json_decref(object);
    if (status == 0) {
        r->names = calloc(r->header.agent_count + 1, sizeof(*r->names));
        for (size_t i = 0; r->names != NULL && i < r->header.agent_count; i++) {
            r->names[i] = r->header.agents[i].name;
        }
        /* The header may be taken from the reader: what it needs of it
         * stays here. */
        r->name_count = r->header.agent_count;
        r->games_scheduled = r->header.games_scheduled;
        if (r->names == NULL || tourney_game_set_init(&r->seen, r->header.games_scheduled) != 0) {
            snprintf(error, error_size, "%s: out of memory", path);
            status = -1;
        }
    }
    if (status != 0) {
        tourney_log_reader_close(r);
        return -1;
    }
    r->valid_end = ftello(r->file);
    return 0;
}

int tourney_log_reader_next(struct log_reader *r, struct game_record *record, char *error,
                            size_t error_size)
{
    int status = read_line(r, error, error_size);
    if (status <= 0) {
        return status;
    }
    json_t *object = unseal(r, error, error_size);
    if (object == NULL) {
        return -1;
    }
    char reason[256];
    status =
        tourney_record_from_json(object, r->names, r->name_count, record, reason, sizeof(reason));
    json_decref(object);
    if (status != 0) {
        snprintf(error, error_size, "%s:%zu: %s", r->path, r->line_number, reason);
        return -1;
    }
    if (record->index >= r->games_scheduled) {
        snprintf(error, error_size, "%s:%zu: game %u is not in a schedule of %llu games", r->path,
                 r->line_number, (unsigned)record->index, (unsigned long long)r->games_scheduled);
        return -1;
    }
    if (r->seen.bits != NULL && !tourney_game_set_add(&r->seen, record->index)) {
        snprintf(error, error_size, "%s:%zu: game %u is recorded twice", r->path, r->line_number,
                 (unsigned)record->index);
        return -1;
    }
    r->valid_end += (off_t)strlen(r->line);
    return 1;
}

int tourney_log_reader_seek(struct log_reader *r, off_t offset, size_t line_number, char *error,
                            size_t error_size)
{
    if (fseeko(r->file, offset, SEEK_SET) != 0) {
        snprintf(error, error_size, "cannot read %s: %s", r->path, strerror(errno));
        return -1;
    }
    r->valid_end = offset;
    r->line_number = line_number - 1;
    /* Read from the middle, it sees only some of the games: those were
     * checked for duplicates by whoever found where to read from. */
    tourney_game_set_finish(&r->seen);
    return 0;
}

void tourney_log_reader_close(struct log_reader *r)
{
    if (r->file != NULL) {
        fclose(r->file);
    }
    tourney_game_set_finish(&r->seen);
    free(r->names);
    tourney_header_finish(&r->header);
    free(r->line);
    free(r->path);
    memset(r, 0, sizeof(*r));
}
