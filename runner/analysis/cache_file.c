#include "cache_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digest.h"
#include "output.h"
#include "text.h"

/* The first line of every value file, with the format's version. */
#define CACHE_MAGIC "tourney-values 1"

/* A growing text, for the file written whole. */
struct text_buffer {
    char *data;
    size_t length;
    size_t capacity;
    bool failed;
};

static void put(struct text_buffer *b, const char *text, size_t length)
{
    if (b->failed) {
        return;
    }
    if (b->length + length + 1 > b->capacity) {
        size_t capacity = b->capacity != 0 ? b->capacity : 4096;
        while (b->length + length + 1 > capacity) {
            capacity *= 2;
        }
        char *data = realloc(b->data, capacity);
        if (data == NULL) {
            b->failed = true;
            return;
        }
        b->data = data;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, text, length);
    b->length += length;
    b->data[b->length] = '\0';
}

static void put_text(struct text_buffer *b, const char *text)
{
    put(b, text, strlen(text));
}

/* Reads the file at PATH whole, never through a link, only a regular
 * file. Returns 0; 1 when there is no file; -1 with ERR set. */
static int read_file(const char *path, char **text, size_t *length, struct error *err)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT) {
            return 1;
        }
        if (errno == ELOOP) {
            return tourney_error_set(err,
                                     "%s is a symbolic link: a value file is never read or "
                                     "written through one",
                                     path);
        }
        return tourney_error_set_errno(err, "cannot open %s", path);
    }
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(fd);
        return tourney_error_set(err, "%s is not a regular file", path);
    }
    char *data = malloc((size_t)info.st_size + 1);
    size_t got = 0;
    if (data == NULL) {
        close(fd);
        return tourney_error_nomem(err);
    }
    while (got < (size_t)info.st_size) {
        ssize_t n = read(fd, data + got, (size_t)info.st_size - got);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            free(data);
            close(fd);
            return tourney_error_set_errno(err, "cannot read %s", path);
        }
        got += (size_t)n;
    }
    close(fd);
    data[got] = '\0';
    *text = data;
    *length = got;
    return 0;
}

/* The header's lines, as written and as expected. */
static void put_header(struct text_buffer *b, const struct cache_game *game, size_t state_size)
{
    char size[64];
    put_text(b, CACHE_MAGIC "\ngame ");
    put_text(b, game->name);
    put_text(b, "\ngame_params ");
    put_text(b, game->params);
    put_text(b, "\ngame_digest ");
    put_text(b, game->digest);
    snprintf(size, sizeof(size), "\nstate_size %zu\n", state_size);
    put_text(b, size);
}

/* The next line of TEXT from *AT (its newline replaced by a NUL), or NULL
 * at the end or for a last line without its newline (*CUT set). */
static char *next_line(char *text, size_t length, size_t *at, bool *cut)
{
    if (*at >= length) {
        return NULL;
    }
    char *line = text + *at;
    char *newline = memchr(line, '\n', length - *at);
    if (newline == NULL) {
        *cut = true;
        return NULL;
    }
    *newline = '\0';
    *at = (size_t)(newline - text) + 1;
    return line;
}

/* Reads one "HEX VALUE [BUDGET]" line into CACHE. */
static int read_value(char *line, struct value_cache *cache, unsigned char *state,
                      const char *where, struct error *err)
{
    size_t size = cache->state_size;
    char *space = strchr(line, ' ');
    if (space == NULL || (size_t)(space - line) != 2 * size) {
        return tourney_error_set(err,
                                 "%s: expected %zu hex digits (a position), a space and a "
                                 "value",
                                 where, 2 * size);
    }
    for (size_t i = 0; i < size; i++) {
        int high = tourney_hex_value(line[2 * i]);
        int low = tourney_hex_value(line[2 * i + 1]);
        if (high < 0 || low < 0) {
            return tourney_error_set(err, "%s: a position is written in lower-case hex digits",
                                     where);
        }
        state[i] = (unsigned char)(high << 4 | low);
    }
    struct cache_entry entry = {.solved = true};
    char *value = space + 1;
    uint64_t budget = 0;
    if (strncmp(value, "unknown ", 8) == 0) {
        if (!tourney_parse_uint64(value + 8, &budget) || budget == 0) {
            return tourney_error_set(err, "%s: 'unknown' is followed by the node budget", where);
        }
        entry.value.result = EXACT_UNKNOWN;
        entry.budget = budget;
    } else if (!tourney_exact_parse(value, &entry.value) || entry.value.result == EXACT_UNKNOWN) {
        return tourney_error_set(err,
                                 "%s: expected a value ('win 5', 'loss 2', 'draw' or "
                                 "'unknown BUDGET')",
                                 where);
    }
    size_t index = 0;
    int found = tourney_value_cache_find_or_add(cache, state, &index, err);
    if (found < 0) {
        return -1;
    }
    if (found == 1) {
        return tourney_error_set(err, "%s: the position is written twice", where);
    }
    cache->entries[index] = entry;
    return 0;
}

/* Checks the header lines against GAME; each mismatch names its line. */
static int check_header(char *text, size_t length, size_t *at, const struct cache_game *game,
                        size_t state_size, const char *path, struct error *err)
{
    struct text_buffer want = {0};
    put_header(&want, game, state_size);
    if (want.failed) {
        return tourney_error_nomem(err);
    }
    size_t want_at = 0;
    bool cut = false;
    int status = 0;
    for (int number = 1; number <= 5 && status == 0; number++) {
        bool want_cut = false;
        char *expected = next_line(want.data, want.length, &want_at, &want_cut);
        char *line = next_line(text, length, at, &cut);
        if (line == NULL) {
            status = tourney_error_set(err, "%s:%d: cut short in its header", path, number);
        } else if (number == 1 && strcmp(line, expected) != 0) {
            status = tourney_error_set(err,
                                       "%s:1: not a file of tourney's values (it starts "
                                       "with '%s')",
                                       path, CACHE_MAGIC);
        } else if (strcmp(line, expected) != 0) {
            status = tourney_error_set(err,
                                       "%s:%d: the values are of another game: '%.200s', "
                                       "this log's is '%.200s'",
                                       path, number, line, expected);
        }
    }
    free(want.data);
    return status;
}

int tourney_cache_file_read(const char *path, const struct cache_game *game,
                            struct value_cache *cache, bool *found, struct error *err)
{
    char *text = NULL;
    size_t length = 0;
    int status = read_file(path, &text, &length, err);
    *found = status == 0;
    if (status != 0) {
        return status < 0 ? -1 : 0;
    }
    if (memchr(text, '\0', length) != NULL) {
        free(text);
        return tourney_error_set(err, "%s: not a file of tourney's values (it holds NUL bytes)",
                                 path);
    }
    /* The digest of all before the last line, taken before the lines are
     * split in place: the end line must be that last line. */
    size_t last_start = length > 0 ? length - 1 : 0;
    while (last_start > 0 && text[last_start - 1] != '\n') {
        last_start--;
    }
    char digest[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(text, last_start, digest);
    size_t at = 0;
    status = check_header(text, length, &at, game, cache->state_size, path, err);
    unsigned char *state = malloc(cache->state_size);
    if (status == 0 && state == NULL) {
        status = tourney_error_nomem(err);
    }
    size_t number = 5;
    size_t values = 0;
    bool ended = false;
    bool cut = false;
    while (status == 0) {
        size_t line_start = at;
        char *line = next_line(text, length, &at, &cut);
        char where[4200];
        if (line == NULL) {
            break;
        }
        number++;
        snprintf(where, sizeof(where), "%s:%zu", path, number);
        if (strncmp(line, "end ", 4) == 0) {
            char expected[64 + TOURNEY_DIGEST_HEX];
            snprintf(expected, sizeof(expected), "end %zu %s", values, digest);
            if (line_start != last_start || at != length) {
                status = tourney_error_set(err, "%s: lines follow the end line", where);
            } else if (strcmp(line, expected) != 0) {
                status = tourney_error_set(err,
                                           "%s: the end line does not match the %zu values "
                                           "before it: the file was changed or damaged",
                                           where, values);
            }
            ended = true;
            break;
        }
        status = read_value(line, cache, state, where, err);
        values++;
    }
    if (status == 0 && !ended) {
        status = tourney_error_set(err, "%s: cut short after line %zu (it has no end line)", path,
                                   number + (cut ? 1 : 0));
    }
    free(state);
    free(text);
    return status;
}

struct write_job {
    const struct cache_game *game;
    const struct value_cache *cache;
    struct text_buffer text;
};

static int write_values(const void *context, FILE *out)
{
    const struct write_job *job = context;
    return fwrite(job->text.data, 1, job->text.length, out) == job->text.length ? 0 : -1;
}

int tourney_cache_file_write(const char *path, const struct cache_game *game,
                             const struct value_cache *cache, struct error *err)
{
    struct write_job job = {.game = game, .cache = cache};
    size_t values = 0;
    char *hex = malloc(2 * cache->state_size + 1);

    if (hex == NULL) {
        return tourney_error_nomem(err);
    }
    put_header(&job.text, game, cache->state_size);
    for (size_t i = 0; i < cache->count; i++) {
        const struct cache_entry *e = &cache->entries[i];
        const unsigned char *key = tourney_value_cache_key(cache, i);
        char value[64];
        if (!e->solved) {
            continue;
        }
        for (size_t b = 0; b < cache->state_size; b++) {
            snprintf(hex + 2 * b, 3, "%02x", key[b]);
        }
        if (e->value.result == EXACT_UNKNOWN) {
            snprintf(value, sizeof(value), " unknown %" PRIu64 "\n", e->budget);
        } else {
            value[0] = ' ';
            tourney_exact_text(e->value, value + 1, sizeof(value) - 2);
            strcat(value, "\n");
        }
        put_text(&job.text, hex);
        put_text(&job.text, value);
        values++;
    }
    free(hex);
    if (!job.text.failed) {
        char digest[TOURNEY_DIGEST_HEX];
        char end[64 + TOURNEY_DIGEST_HEX];
        tourney_digest_bytes(job.text.data, job.text.length, digest);
        snprintf(end, sizeof(end), "end %zu %s\n", values, digest);
        put_text(&job.text, end);
    }
    if (job.text.failed) {
        free(job.text.data);
        return tourney_error_nomem(err);
    }
    char *dir = tourney_dirname(path);
    const char *name = strrchr(path, '/');
    name = name != NULL ? name + 1 : path;
    int status = dir != NULL ? tourney_write_atomic(dir, name, write_values, &job, err)
                             : tourney_error_nomem(err);
    if (status != 0 && dir != NULL) {
        tourney_error_prefix(err, "cannot write the values to %s", path);
    }
    free(dir);
    free(job.text.data);
    return status;
}
