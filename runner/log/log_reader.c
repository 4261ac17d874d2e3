#include "log_reader.h"

#include <stdlib.h>
#include <string.h>

#include "log_line.h"

/* Reads the next whole line. Returns 1, 0 at the end or at a torn last
 * line, -1 on a read error. */
static int read_line(struct log_reader *r, struct error *err)
{
    ssize_t length = getline(&r->line, &r->capacity, r->file);
    if (length <= 0) {
        if (ferror(r->file)) {
            return tourney_error_set_errno(err, "cannot read %s", r->path);
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

/* The current line, unsealed; NULL (with ERR set) when it is corrupted. */
static json_t *unseal(struct log_reader *r, struct error *err)
{
    json_t *object = tourney_log_line_unseal(r->line);
    if (object == NULL) {
        tourney_error_set(err,
                          "%s:%zu: corrupted record (it does not match its check digest); "
                          "refusing the whole log",
                          r->path, r->line_number);
    }
    return object;
}

int tourney_log_reader_open(struct log_reader *r, const char *path, struct error *err)
{
    FILE *file = fopen(path, "rbe"); /* close-on-exec (glibc) */
    if (file == NULL) {
        memset(r, 0, sizeof(*r));
        return tourney_error_set_errno(err, "cannot open %s", path);
    }
    return tourney_log_reader_open_stream(r, file, path, err);
}

int tourney_log_reader_open_stream(struct log_reader *r, FILE *file, const char *path,
                                   struct error *err)
{
    memset(r, 0, sizeof(*r));
    r->file = file;
    r->path = strdup(path);
    if (r->path == NULL) {
        tourney_log_reader_close(r);
        return tourney_error_set(err, "%s: out of memory", path);
    }
    int status = read_line(r, err);
    if (status == 0) {
        tourney_error_set(err, "%s: no tournament header: the log is empty%s", path,
                          r->torn ? " but for a torn first line" : "");
        tourney_log_reader_close(r);
        return TOURNEY_LOG_EMPTY;
    }
    json_t *object = status > 0 ? unseal(r, err) : NULL;
    status = object != NULL ? 0 : -1;
    if (status == 0) {
        status = tourney_header_from_json(&r->header, object, err);
        if (status != 0) {
            tourney_error_prefix(err, "%s:1", path);
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
            status = tourney_error_set(err, "%s: out of memory", path);
        }
    }
    if (status != 0) {
        tourney_log_reader_close(r);
        return -1;
    }
    r->valid_end = ftello(r->file);
    return 0;
}

int tourney_log_reader_next(struct log_reader *r, struct game_record *record, struct error *err)
{
    int status = read_line(r, err);
    if (status <= 0) {
        return status;
    }
    if (tourney_log_line_read_game(r->line, r->names, r->name_count, record, err) != 0) {
        return tourney_error_prefix(err, "%s:%zu", r->path, r->line_number);
    }
    if (record->index >= r->games_scheduled) {
        return tourney_error_set(err, "%s:%zu: game %u is not in a schedule of %llu games",
                                 r->path, r->line_number, (unsigned)record->index,
                                 (unsigned long long)r->games_scheduled);
    }
    if (r->seen.bits != NULL && !tourney_game_set_add(&r->seen, record->index)) {
        return tourney_error_set(err, "%s:%zu: game %u is recorded twice", r->path, r->line_number,
                                 (unsigned)record->index);
    }
    r->valid_end += (off_t)strlen(r->line);
    return 1;
}

int tourney_log_reader_seek(struct log_reader *r, off_t offset, size_t line_number,
                            struct error *err)
{
    if (fseeko(r->file, offset, SEEK_SET) != 0) {
        return tourney_error_set_errno(err, "cannot read %s", r->path);
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
