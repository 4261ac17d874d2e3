#include "analysis_read.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "analysis_file.h"
#include "text.h"

/* The file being read: where, which line, and what it holds so far. */
struct reading {
    const struct out_dir *dir;
    const char *name;
    const struct log_header *header;
    struct analysis_read *read;
    size_t line;
    size_t games_said; /* the header's "games" */
    struct error *err;
};

static int refuse(struct reading *r, const char *why)
{
    char *path = tourney_out_dir_name(r->dir, r->name);
    const char *where = path != NULL ? path : r->name;
    if (r->line > 0) {
        tourney_error_set(r->err, "%s, line %zu: %s", where, r->line, why);
    } else {
        tourney_error_set(r->err, "%s: %s", where, why);
    }
    free(path);
    return -1;
}

/* An integer member of O in [LOW, HIGH]. */
static bool integer_in(json_t *o, const char *key, json_int_t low, json_int_t high,
                       json_int_t *value)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < low || json_integer_value(v) > high) {
        return false;
    }
    *value = json_integer_value(v);
    return true;
}

static bool text_is(json_t *o, const char *key, const char *expected)
{
    const char *text = json_string_value(json_object_get(o, key));
    return text != NULL && strcmp(text, expected) == 0;
}

static int read_header(struct reading *r, json_t *o)
{
    const struct log_header *h = r->header;
    json_int_t format = 0;
    json_int_t games = 0;
    json_int_t budget = 0;
    if (!text_is(o, "analysis", "exact") || !integer_in(o, "format", 0, INT32_MAX, &format)) {
        return refuse(r, "not an exact analysis's header");
    }
    if (format != ANALYSIS_FILE_FORMAT) {
        return refuse(r, "an analysis of another format");
    }
    if (!text_is(o, "settings_digest", h->settings_digest) || !text_is(o, "game", h->game) ||
        !text_is(o, "game_params", h->game_params)) {
        return refuse(r, "the analysis of another tournament (its settings_digest or game is not "
                         "the log's)");
    }
    if (!integer_in(o, "games", 0, INT32_MAX, &games) ||
        !integer_in(o, "budget", 0, INT64_MAX, &budget)) {
        return refuse(r, "a header without its games or budget");
    }
    r->games_said = (size_t)games;
    r->read->budget = (uint64_t)budget;
    return 0;
}

/* The header's agent named by the string V; false when there is none. */
static bool agent_named(const struct log_header *h, json_t *v, uint32_t *agent)
{
    const char *name = json_string_value(v);
    for (size_t i = 0; name != NULL && i < h->agent_count; i++) {
        if (strcmp(h->agents[i].name, name) == 0) {
            *agent = (uint32_t)i;
            return true;
        }
    }
    return false;
}

static bool value_of(json_t *o, const char *key, struct exact_value *value)
{
    const char *text = json_string_value(json_object_get(o, key));
    return text != NULL && tourney_exact_parse(text, value);
}

/* One move of G, the I-th: its ply and seat where they must be, values
 * that read, and the grade they give. */
static bool read_move(json_t *o, struct read_game *g, size_t i, struct graded_move *m, size_t *at)
{
    json_int_t ply = 0;
    json_int_t seat = 0;
    if (!json_is_object(o) || !integer_in(o, "ply", 1, INT32_MAX, &ply) ||
        ply != (json_int_t)g->first_ply + (json_int_t)i + 1 ||
        !integer_in(o, "seat", 0, 1, &seat) || !json_is_string(json_object_get(o, "move")) ||
        !value_of(o, "before", &m->before) || !value_of(o, "after", &m->reached)) {
        return false;
    }
    m->ply = (int32_t)ply;
    m->seat = (int)seat;
    json_t *name = json_object_get(o, "move");
    g->text_at[i] = (uint32_t)*at;
    memcpy(g->texts + *at, json_string_value(name), json_string_length(name) + 1);
    *at += json_string_length(name) + 1;
    tourney_grade_move(m);
    return text_is(o, "grade", tourney_grade_name(m->grade));
}

static void free_game(struct read_game *g)
{
    free(g->moves);
    free(g->texts);
    free(g->text_at);
}

static int read_game_line(struct reading *r, json_t *o)
{
    struct analysis_read *read = r->read;
    json_t *players = json_object_get(o, "players");
    json_t *moves = json_object_get(o, "moves");
    json_int_t index = 0;
    json_int_t first_ply = 0;
    struct read_game g = {0};
    if (!integer_in(o, "game", 0, UINT32_MAX, &index) ||
        !integer_in(o, "first_ply", 0, INT32_MAX / 2, &first_ply) || !json_is_array(players) ||
        json_array_size(players) != 2 || !json_is_array(moves)) {
        return refuse(r, "not a game's line (game, players, first_ply, moves)");
    }
    if (!agent_named(r->header, json_array_get(players, 0), &g.agent[0]) ||
        !agent_named(r->header, json_array_get(players, 1), &g.agent[1])) {
        return refuse(r, "a player that is not an agent of the log");
    }
    g.index = (uint32_t)index;
    g.first_ply = (int32_t)first_ply;
    g.move_count = json_array_size(moves);
    if (g.move_count > ANALYSIS_READ_MAX_MOVES) {
        return refuse(r, "more moves than a game is read with");
    }
    g.moves = calloc(g.move_count + 1, sizeof(*g.moves));
    g.text_at = calloc(g.move_count + 1, sizeof(*g.text_at));
    size_t text_size = 0;
    for (size_t i = 0; i < g.move_count; i++) {
        json_t *move = json_object_get(json_array_get(moves, i), "move");
        text_size += json_is_string(move) ? json_string_length(move) + 1 : 1;
    }
    g.texts = text_size < UINT32_MAX ? malloc(text_size + 1) : NULL;
    if (g.moves == NULL || g.text_at == NULL || g.texts == NULL) {
        free_game(&g);
        return text_size < UINT32_MAX ? tourney_error_nomem(r->err)
                                      : refuse(r, "more moves than a game is read with");
    }
    size_t at = 0;
    for (size_t i = 0; i < g.move_count; i++) {
        if (!read_move(json_array_get(moves, i), &g, i, &g.moves[i], &at)) {
            free_game(&g);
            char why[96];
            snprintf(why, sizeof(why),
                     "move %zu is not a graded move (ply, seat, move, before, "
                     "after, grade)",
                     i + 1);
            return refuse(r, why);
        }
    }
    struct read_game *larger = realloc(read->games, (read->count + 1) * sizeof(*larger));
    if (larger == NULL) {
        free_game(&g);
        return tourney_error_nomem(r->err);
    }
    read->games = larger;
    read->games[read->count++] = g;
    return 0;
}

static int by_index(const void *a, const void *b)
{
    const struct read_game *x = a;
    const struct read_game *y = b;
    return (x->index > y->index) - (x->index < y->index);
}

/* The games by index (the log's order is the order they ended in), each
 * once. */
static int sort_games(struct reading *r)
{
    struct analysis_read *read = r->read;
    if (read->count > 1) {
        qsort(read->games, read->count, sizeof(*read->games), by_index);
    }
    for (size_t i = 1; i < read->count; i++) {
        if (read->games[i].index == read->games[i - 1].index) {
            char why[64];
            snprintf(why, sizeof(why), "game %" PRIu32 " analysed twice", read->games[i].index);
            r->line = 0;
            return refuse(r, why);
        }
    }
    return 0;
}

static int read_lines(struct reading *r, FILE *in)
{
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    int status = 0;
    while (status == 0 && (length = getline(&line, &size, in)) >= 0) {
        r->line++;
        if (length == 0 || line[length - 1] != '\n') {
            status = refuse(r, "a line cut short");
            break;
        }
        json_error_t parse;
        json_t *o = json_loadb(line, (size_t)length, JSON_REJECT_DUPLICATES, &parse);
        if (!json_is_object(o)) {
            status = refuse(r, "not a JSON object");
        } else if (r->line == 1) {
            status = read_header(r, o);
        } else if (r->read->count >= r->games_said) {
            status = refuse(r, "more games than the header says");
        } else {
            status = read_game_line(r, o);
        }
        json_decref(o);
    }
    free(line);
    if (status == 0 && ferror(in)) {
        status = tourney_error_set_errno(r->err, "cannot read %s/%s", r->dir->path, r->name);
    } else if (status == 0 && (r->line == 0 || r->read->count != r->games_said)) {
        r->line++;
        status = refuse(r, "fewer games than the header says");
    }
    return status == 0 ? sort_games(r) : status;
}

int tourney_analysis_read(const struct out_dir *dir, const char *name,
                          const struct log_header *header, struct analysis_read *read,
                          struct error *err)
{
    memset(read, 0, sizeof(*read));
    FILE *in = NULL;
    int opened = tourney_out_dir_read_stream(dir, name, &in, err);
    if (opened != 0) {
        return opened;
    }
    struct reading r = {.dir = dir, .name = name, .header = header, .read = read, .err = err};
    int status = read_lines(&r, in);
    fclose(in);
    if (status != 0) {
        tourney_analysis_read_finish(read);
    }
    return status;
}

void tourney_analysis_read_finish(struct analysis_read *read)
{
    for (size_t i = 0; i < read->count; i++) {
        free_game(&read->games[i]);
    }
    free(read->games);
    memset(read, 0, sizeof(*read));
}

const struct read_game *tourney_analysis_read_find(const struct analysis_read *read,
                                                   uint32_t index)
{
    size_t low = 0;
    size_t high = read->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (read->games[middle].index < index) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low < read->count && read->games[low].index == index ? &read->games[low] : NULL;
}

bool tourney_analysis_read_matches(const struct read_game *analysed,
                                   const struct read_game_check *check)
{
    if (analysed == NULL || analysed->agent[0] != check->agent[0] ||
        analysed->agent[1] != check->agent[1] || analysed->move_count != check->move_count) {
        return false;
    }
    for (size_t i = 0; check->seats != NULL && i < check->move_count; i++) {
        if (analysed->moves[i].seat != check->seats[i]) {
            return false;
        }
    }
    for (size_t i = 0; check->moves != NULL && check->game != NULL && i < check->move_count; i++) {
        char text[64];
        tourney_game_adapter_move_text(check->game, check->moves[i], text, sizeof(text));
        tourney_make_printable(text, false); /* as analysis_file.c wrote it */
        if (strcmp(text, analysed->texts + analysed->text_at[i]) != 0) {
            return false;
        }
    }
    return true;
}
