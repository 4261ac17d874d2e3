#include "log_merge.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log_line.h"
#include "record_check.h"
#include "results_log.h"
#include "text.h"

/* At most this many ranges of missing games are listed. */
#define MISSING_RANGES 20

/* The first setting in which B differs from A, the first log's header, in
 * words in TEXT; false when there is none. */
static bool first_difference(const struct log_header *a, const struct log_header *b, char *text,
                             size_t size)
{
    const struct setting *setting = NULL;
    size_t i = 0;
    char has[128];
    char first[128];
    switch (tourney_header_difference(a, b, &setting, &i)) {
    case HEADER_SAME:
        return false;
    case HEADER_SETTING:
        tourney_setting_show(setting, &b->settings, has, sizeof(has));
        tourney_setting_show(setting, &a->settings, first, sizeof(first));
        snprintf(text, size, "it has %s %s where the first has %s", setting->key, has, first);
        break;
    case HEADER_GAME:
        snprintf(text, size, "it has game %s (%s) where the first has %s (%s)", b->game,
                 b->game_params, a->game, a->game_params);
        break;
    case HEADER_AGENT_COUNT:
        snprintf(text, size, "it has %zu agents where the first has %zu", b->agent_count,
                 a->agent_count);
        break;
    case HEADER_AGENT:
        snprintf(text, size, "its agent %zu is %s (%s: %s) where the first's is %s (%s: %s)",
                 i + 1, b->agents[i].name, b->agents[i].plugin, b->agents[i].params,
                 a->agents[i].name, a->agents[i].plugin, a->agents[i].params);
        break;
    case HEADER_GAME_BUILD:
        snprintf(text, size, "it has another build of the game plugin '%s' than the first",
                 a->game);
        break;
    case HEADER_AGENT_BUILD:
        snprintf(text, size, "it has another build of the plugin of agent '%s' than the first",
                 a->agents[i].name);
        break;
    }
    return true;
}

/* Whether A and B are the same game: players, seats, seed, moves, result
 * and how it ended. Times and search figures may differ between two plays
 * of a game; those are not compared. */
static const char *difference(const struct game_record *a, const struct game_record *b)
{
    if (a->agent[0] != b->agent[0] || a->agent[1] != b->agent[1] || a->seed != b->seed) {
        return "players or seed";
    }
    bool same_moves = a->move_count == b->move_count;
    for (size_t i = 0; same_moves && i < a->move_count; i++) {
        same_moves = a->moves[i].move == b->moves[i].move && a->moves[i].seat == b->moves[i].seat;
    }
    if (!same_moves) {
        return "moves";
    }
    if (a->result != b->result || a->termination != b->termination ||
        a->fault_seat != b->fault_seat) {
        return "result";
    }
    return NULL;
}

static int add_stretch(struct log_merge *m, size_t input, off_t start, size_t line)
{
    struct log_merge_stretch *stretches =
        realloc(m->stretches, (m->stretch_count + 1) * sizeof(*m->stretches));
    if (stretches == NULL) {
        return -1;
    }
    m->stretches = stretches;
    m->stretches[m->stretch_count++] =
        (struct log_merge_stretch){.input = input, .start = start, .line = line};
    return 0;
}

/* Whether the folder of input I exists and holds no log: a run killed
 * before it made its log (or a folder made for a shard not played yet). */
static bool no_log_yet(const struct log_merge *m, size_t i)
{
    struct stat info;
    if (stat(m->paths[i], &info) == 0 || errno != ENOENT) {
        return false;
    }
    const char *slash = strrchr(m->paths[i], '/');
    char *dir = tourney_format("%.*s", (int)(slash - m->paths[i]), m->paths[i]);
    bool exists = dir != NULL && stat(dir, &info) == 0 && S_ISDIR(info.st_mode);
    free(dir);
    return exists;
}

/* Reads the whole log of input I: its header agrees with the first's, every
 * line checks out, and where its stretches in game order begin. Returns 0,
 * -1 (M's error says why), or 1 for a log that holds no games, not even a
 * header: the shard it was is then missing, as if it were not given. */
static int check_input(struct log_merge *m, size_t i)
{
    struct log_reader reader;
    if (no_log_yet(m, i)) {
        tourney_warn(m->warn, "%s does not exist yet (its run never started): no games",
                     m->paths[i]);
        return 1;
    }
    int status = tourney_log_reader_open(&reader, m->paths[i], m->err);
    if (status == TOURNEY_LOG_EMPTY) {
        tourney_warn(m->warn,
                     "%s is empty (its run was killed before it wrote the header): no games",
                     m->paths[i]);
        return 1;
    }
    if (status != 0) {
        return -1;
    }
    char difference[512];
    if (i == 0) {
        /* The first log's header is the merge's; the reader's names point
         * into it, and it outlives the reader. */
        m->header = reader.header;
        memset(&reader.header, 0, sizeof(reader.header));
        m->game = m->hooks->header(m->hooks->context, &m->header);
    } else if (first_difference(&m->header, &reader.header, difference, sizeof(difference))) {
        tourney_error_set(m->err,
                          "%s belongs to another tournament than %s: %s; refusing to merge",
                          m->paths[i], m->paths[0], difference);
        tourney_log_reader_close(&reader);
        return -1;
    }
    m->shards[i] = i == 0 ? m->header.shard : reader.header.shard;
    int64_t last = -1;
    for (;;) {
        off_t start = reader.valid_end;
        size_t line = reader.line_number + 1;
        struct game_record record;
        tourney_record_init(&record);
        status = tourney_log_reader_next(&reader, &record, m->err);
        uint32_t index = record.index;
        struct error why;
        if (status > 0 && m->game != NULL &&
            tourney_record_check(m->game, &m->header, &record, &why) != 0) {
            /* Never into the merged log: whatever else it holds, that line
             * is not what its game was. */
            status = tourney_error_set(m->err,
                                       "%s: %s; refusing to merge (take its line out of the log "
                                       "to merge the other games)",
                                       m->paths[i], why.text);
        }
        tourney_record_finish(&record);
        if (status <= 0) {
            break;
        }
        if ((int64_t)index < last || last < 0) {
            if (add_stretch(m, i, start, line) != 0) {
                status = tourney_error_nomem(m->err);
                break;
            }
        }
        last = index;
    }
    for (size_t s = m->stretch_count; s > 0 && m->stretches[s - 1].input == i; s--) {
        m->stretches[s - 1].end = s < m->stretch_count && m->stretches[s].input == i
                                      ? m->stretches[s].start
                                      : reader.valid_end;
    }
    if (status == 0 && reader.torn) {
        tourney_warn(m->warn, "%s ends in a torn record (an interrupted write); it is left out",
                     m->paths[i]);
    }
    tourney_log_reader_close(&reader);
    return status;
}

static bool before(const struct log_merge *m, size_t a, size_t b)
{
    uint32_t x = m->cursors[a].record.index;
    uint32_t y = m->cursors[b].record.index;
    return x < y || (x == y && a < b);
}

static void heap_push(struct log_merge *m, size_t cursor)
{
    size_t at = m->heap_count++;
    m->heap[at] = cursor;
    while (at > 0 && before(m, m->heap[at], m->heap[(at - 1) / 2])) {
        size_t parent = (at - 1) / 2;
        size_t swap = m->heap[at];
        m->heap[at] = m->heap[parent];
        m->heap[parent] = swap;
        at = parent;
    }
}

static size_t heap_pop(struct log_merge *m)
{
    size_t top = m->heap[0];
    m->heap[0] = m->heap[--m->heap_count];
    size_t at = 0;
    for (;;) {
        size_t smallest = at;
        for (size_t child = 2 * at + 1; child <= 2 * at + 2 && child < m->heap_count; child++) {
            if (before(m, m->heap[child], m->heap[smallest])) {
                smallest = child;
            }
        }
        if (smallest == at) {
            return top;
        }
        size_t swap = m->heap[at];
        m->heap[at] = m->heap[smallest];
        m->heap[smallest] = swap;
        at = smallest;
    }
}

/* Moves cursor C to its stretch's next game, into the heap; or closes it at
 * the stretch's end. */
static int advance(struct log_merge *m, size_t c)
{
    struct log_merge_cursor *cursor = &m->cursors[c];
    tourney_record_finish(&cursor->record);
    tourney_record_init(&cursor->record);
    if (cursor->reader.valid_end >= cursor->stretch->end) {
        tourney_log_reader_close(&cursor->reader);
        cursor->open = false;
        return 0;
    }
    int status = tourney_log_reader_next(&cursor->reader, &cursor->record, m->err);
    if (status < 0) {
        return -1;
    }
    if (status > 0) {
        heap_push(m, c);
    }
    return 0;
}

static int open_cursors(struct log_merge *m)
{
    m->cursors = calloc(m->stretch_count + 1, sizeof(*m->cursors));
    m->heap = calloc(m->stretch_count + 1, sizeof(*m->heap));
    if (m->cursors == NULL || m->heap == NULL) {
        return tourney_error_nomem(m->err);
    }
    for (size_t c = 0; c < m->stretch_count; c++) {
        struct log_merge_cursor *cursor = &m->cursors[c];
        cursor->stretch = &m->stretches[c];
        tourney_record_init(&cursor->record);
        const char *path = m->paths[cursor->stretch->input];
        if (tourney_log_reader_open(&cursor->reader, path, m->err) != 0) {
            return -1;
        }
        cursor->open = true;
        if (tourney_log_reader_seek(&cursor->reader, cursor->stretch->start, cursor->stretch->line,
                                    m->err) != 0 ||
            advance(m, c) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Takes the next game: from every cursor that has it, the same game, written
 * once, from the first. */
static int merge_one(struct log_merge *m, FILE *out)
{
    size_t first = heap_pop(m);
    const struct game_record *game = &m->cursors[first].record;
    while (m->heap_count > 0 && m->cursors[m->heap[0]].record.index == game->index) {
        size_t other = heap_pop(m);
        const char *what = difference(game, &m->cursors[other].record);
        if (what != NULL) {
            return tourney_error_set(
                m->err, "game %u differs between %s and %s (its %s); refusing to merge",
                (unsigned)game->index, m->paths[m->cursors[first].stretch->input],
                m->paths[m->cursors[other].stretch->input], what);
        }
        if (advance(m, other) != 0) {
            return -1;
        }
    }
    if (fputs(m->cursors[first].reader.line, out) == EOF) {
        return tourney_error_set_errno(m->err, "cannot write the merged log");
    }
    tourney_game_set_add(&m->found, game->index);
    if (m->hooks->game(m->hooks->context, game, m->err) != 0) {
        return -1;
    }
    return advance(m, first);
}

/* Counts a game of a log OUT_DIR held before, which the merge must keep:
 * one it has not stops the reading (check_replaced names it). */
static int check_kept(const struct game_record *record, void *context, struct error *err)
{
    struct log_merge *m = context;
    if (!tourney_game_set_has(&m->found, record->index)) {
        m->lost = true;
        m->lost_game = record->index;
        return tourney_error_set(err, "game %u is not merged", (unsigned)record->index);
    }
    return 0;
}

/* A results log already in OUT_DIR is replaced only when it is one of the
 * logs merged, or every game in it is in the merge: nothing is lost. */
static int check_replaced(struct log_merge *m)
{
    char *path = tourney_format("%s/%s", m->out_dir, TOURNEY_LOG_NAME);
    if (path == NULL) {
        return tourney_error_nomem(m->err);
    }
    int status = 0;
    struct stat target;
    bool exists = stat(path, &target) == 0;
    bool merged = false;
    for (size_t i = 0; exists && i < m->count && !merged; i++) {
        struct stat input;
        merged = stat(m->paths[i], &input) == 0 && input.st_dev == target.st_dev &&
                 input.st_ino == target.st_ino;
    }
    if (exists && !merged) {
        struct log_header old;
        off_t valid_end = 0;
        bool torn = false;
        struct error why;
        tourney_error_clear(&why);
        status = tourney_results_log_read(path, &old, check_kept, m, &valid_end, &torn, &why);
        if (status == TOURNEY_LOG_EMPTY) {
            status = 0;
        } else if (status == 0) {
            tourney_header_finish(&old);
        } else if (m->lost) {
            tourney_error_set(m->err,
                              "%s holds game %u, which none of the directories merged has; add %s "
                              "to them to keep its games",
                              path, (unsigned)m->lost_game, m->out_dir);
        } else {
            tourney_error_set(m->err,
                              "%s is in the way (%s); move it away, or add %s to the directories "
                              "merged",
                              path, why.text, m->out_dir);
        }
    }
    free(path);
    return status;
}

static int write_merged(const void *context, FILE *out)
{
    struct log_merge *m = *(struct log_merge *const *)context;
    json_t *object = tourney_header_to_json(&m->header);
    char *line = object ? tourney_log_line_seal(object) : NULL;
    json_decref(object);
    if (line == NULL || fputs(line, out) == EOF) {
        tourney_error_set(m->err, "cannot write the merged log: %s",
                          line == NULL ? "out of memory" : strerror(errno));
        free(line);
        return -1;
    }
    free(line);
    while (m->heap_count > 0) {
        if (merge_one(m, out) != 0) {
            return -1;
        }
    }
    return check_replaced(m);
}

/* Warns of the shards of COUNT that play games missing from the merge, as
 * a list of ranges a job array takes as it is ("0-3,7": `sbatch
 * --array=0-3,7`): the shards to play again, with --resume. */
static void say_incomplete_shards(const struct log_merge *m, uint32_t count)
{
    bool *incomplete = calloc(count, sizeof(*incomplete));
    char *list = NULL;
    size_t size = 0;
    FILE *text = incomplete != NULL ? open_memstream(&list, &size) : NULL;
    if (text == NULL) {
        tourney_warn(m->warn, "out of memory naming the shards with games missing");
        free(incomplete);
        return;
    }
    /* Any log's dealing is the tournament's, for the same count. */
    struct shard deal = m->shards[0];
    deal.count = count;
    uint32_t shards = 0;
    for (uint64_t game = 0; game < m->header.games_scheduled; game++) {
        if (!tourney_game_set_has(&m->found, game)) {
            uint32_t k = tourney_shard_of(&deal, game);
            shards += !incomplete[k];
            incomplete[k] = true;
        }
    }
    const char *comma = "";
    for (uint32_t k = 0; k < count; k++) {
        if (!incomplete[k] || (k > 0 && incomplete[k - 1])) {
            continue;
        }
        uint32_t last = k;
        while (last + 1 < count && incomplete[last + 1]) {
            last++;
        }
        fprintf(text, "%s%" PRIu32, comma, k);
        if (last > k) {
            fprintf(text, "-%" PRIu32, last);
        }
        comma = ",";
    }
    if (fclose(text) != 0) {
        tourney_warn(m->warn, "out of memory naming the shards with games missing");
    } else {
        tourney_warn(m->warn, "shard%s %s of %" PRIu32 " %s games missing", shards == 1 ? "" : "s",
                     list, count, shards == 1 ? "has" : "have");
    }
    free(list);
    free(incomplete);
}

bool tourney_log_merge_complete(const struct log_merge *m)
{
    return m->found.count == m->header.games_scheduled;
}

void tourney_log_merge_say_missing(const struct log_merge *m)
{
    uint64_t missing = m->header.games_scheduled - m->found.count;
    char *ranges = tourney_game_set_describe_missing(&m->found, NULL, NULL, MISSING_RANGES);
    tourney_warn(m->warn, "%" PRIu64 " of %" PRIu64 " games are missing: games %s", missing,
                 m->header.games_scheduled, ranges ? ranges : "(out of memory)");
    free(ranges);
    /* Shards of the same count that no directory held. */
    uint32_t shards = m->shards[0].count;
    for (size_t i = 1; i < m->count; i++) {
        shards = m->shards[i].count == shards ? shards : 0;
    }
    for (uint32_t k = 0; k < shards; k++) {
        bool held = false;
        for (size_t i = 0; i < m->count && !held; i++) {
            held = m->shards[i].index == k;
        }
        if (!held) {
            tourney_warn(m->warn, "no directory given holds shard %" PRIu32 "/%" PRIu32, k,
                         shards);
        }
    }
    if (shards > 0) {
        say_incomplete_shards(m, shards);
    }
    tourney_warn(m->warn,
                 "play the missing games with: tourney run CONFIG --resume --output %s (or merge "
                 "again with the missing shards)",
                 m->out_dir);
}

void tourney_log_merge_finish(struct log_merge *m)
{
    for (size_t c = 0; m->cursors != NULL && c < m->stretch_count; c++) {
        if (m->cursors[c].open) {
            tourney_log_reader_close(&m->cursors[c].reader);
        }
        tourney_record_finish(&m->cursors[c].record);
    }
    for (size_t i = 0; m->paths != NULL && i < m->count; i++) {
        free(m->paths[i]);
    }
    tourney_game_set_finish(&m->found);
    tourney_header_finish(&m->header);
    tourney_dir_unlock(&m->lock);
    tourney_out_dir_close(&m->dir);
    free(m->paths);
    free(m->shards);
    free(m->stretches);
    free(m->cursors);
    free(m->heap);
    memset(m, 0, sizeof(*m));
    m->dir.fd = -1;
    m->lock.fd = -1;
}

int tourney_log_merge(struct log_merge *m, const char *out_dir, const char *const *dirs,
                      size_t count, const struct log_merge_hooks *hooks,
                      const struct warnings *warn, struct error *err)
{
    memset(m, 0, sizeof(*m));
    m->dir.fd = -1;
    m->lock.fd = -1;
    m->count = count;
    m->out_dir = out_dir;
    m->hooks = hooks;
    m->warn = warn;
    m->err = err;
    m->paths = calloc(count + 1, sizeof(*m->paths));
    m->shards = calloc(count + 1, sizeof(*m->shards));
    int status = m->paths != NULL && m->shards != NULL ? 0 : -1;
    for (size_t i = 0; status == 0 && i < count; i++) {
        m->paths[i] = tourney_format("%s/%s", dirs[i], TOURNEY_LOG_NAME);
        status = m->paths[i] != NULL ? 0 : -1;
    }
    if (status != 0) {
        return tourney_error_nomem(err);
    }
    for (size_t i = 0; status == 0 && i < m->count;) {
        status = check_input(m, i);
        if (status > 0) {
            /* Left out: the next input takes its place (and is the first
             * when it was). */
            free(m->paths[i]);
            memmove(&m->paths[i], &m->paths[i + 1], (m->count - i) * sizeof(*m->paths));
            m->count--;
            status = 0;
        } else {
            i++;
        }
    }
    if (status == 0 && m->count == 0) {
        status = tourney_error_set(err, "no directory given holds a results log with games");
    }
    if (status == 0) {
        /* The merged log is the whole tournament's, or as much of it as
         * there is: no shard of its own. */
        m->header.shard = (struct shard){0};
        if (tourney_game_set_init(&m->found, m->header.games_scheduled) != 0) {
            status = tourney_error_nomem(err);
        }
    }
    status = status == 0 ? open_cursors(m) : status;
    /* OUT_DIR's log, read to keep what it holds, and its reports are the
     * merge's alone from here, written there never through a link. */
    status = status == 0 ? tourney_out_dir_open(&m->dir, out_dir, true, err) : status;
    status = status == 0 ? tourney_dir_lock(&m->lock, &m->dir, err) : status;
    if (status == 0) {
        /* What went wrong in writing the merged log is said by the merge
         * (write_merged), or else by the writing of the file. */
        struct log_merge *self = m;
        struct error why;
        tourney_error_clear(err);
        status = tourney_out_dir_write(&m->dir, TOURNEY_LOG_NAME, write_merged, &self, &why);
        if (status != 0 && !tourney_error_is_set(err)) {
            *err = why;
        }
    }
    return status == 0 ? 0 : -1;
}
