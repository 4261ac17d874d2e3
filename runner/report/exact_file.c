#include "exact_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static json_t *rates_json(const struct exact_rates *r)
{
    return json_pack("{s:f, s:f, s:f}", "win", r->win, "draw", r->draw, "loss", r->loss);
}

static json_t *entry_json(const struct log_header *header, const struct exact_entry *e)
{
    const char *name = header->agents[e->agent].name;
    if (!e->exact) {
        return json_pack("{s:s, s:b, s:s}", "agent", name, "exact", 0, "reason", e->reason);
    }
    const struct exact_vs_random *f = &e->figure;
    return json_pack("{s:s, s:b, s:o, s:o, s:f, s:I, s:I, s:I, s:I, s:I, s:s}", "agent", name,
                     "exact", 1, "first", rates_json(&f->first), "second", rates_json(&f->second),
                     "win_rate", f->win_rate, "first_games", (json_int_t)f->games[0],
                     "second_games", (json_int_t)f->games[1], "positions",
                     (json_int_t)f->positions, "asked", (json_int_t)f->asked, "faults",
                     (json_int_t)f->faults, "first_fault", f->first_fault);
}

struct writing {
    const struct log_header *header;
    const struct exact_file *file;
};

static int write_object(const void *context, FILE *out)
{
    const struct writing *w = context;
    const struct log_header *h = w->header;
    json_t *agents = json_array();
    json_t *o =
        json_pack("{s:i, s:s, s:s, s:s, s:I, s:I, s:o}", "exact_vs_random", EXACT_FILE_FORMAT,
                  "settings_digest", h->settings_digest, "game", h->game, "game_params",
                  h->game_params, "games", (json_int_t)w->file->games, "budget",
                  (json_int_t)w->file->budget, "agents", agents);
    int status = o == NULL ? -1 : 0;
    for (size_t i = 0; status == 0 && i < w->file->count; i++) {
        status = json_array_append_new(agents, entry_json(h, &w->file->entries[i]));
    }
    if (status == 0 && (json_dumpf(o, out, JSON_COMPACT) != 0 || fputc('\n', out) == EOF)) {
        status = -1;
    }
    json_decref(o);
    return status;
}

int tourney_exact_file_write(const struct out_dir *dir, const struct log_header *header,
                             const struct exact_file *file, struct error *err)
{
    const struct writing w = {.header = header, .file = file};
    return tourney_out_dir_write(dir, TOURNEY_EXACT_FILE_NAME, write_object, &w, err);
}

/* A whole number member of O from 0 to HIGH. */
static bool count_in(json_t *o, const char *key, json_int_t high, uint64_t *value)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > high) {
        return false;
    }
    *value = (uint64_t)json_integer_value(v);
    return true;
}

/* A probability member of O. */
static bool probability(json_t *o, const char *key, double *value)
{
    json_t *v = json_object_get(o, key);
    *value = json_number_value(v);
    return json_is_number(v) && *value >= 0 && *value <= 1;
}

static bool rates_of(json_t *o, const char *key, struct exact_rates *r)
{
    json_t *v = json_object_get(o, key);
    return json_is_object(v) && probability(v, "win", &r->win) &&
           probability(v, "draw", &r->draw) && probability(v, "loss", &r->loss) &&
           fabs(r->win + r->draw + r->loss - 1) < 1e-9;
}

static bool text_is(json_t *o, const char *key, const char *expected)
{
    const char *text = json_string_value(json_object_get(o, key));
    return text != NULL && strcmp(text, expected) == 0;
}

static bool text_into(json_t *o, const char *key, char *text, size_t size)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_string(v) || json_string_length(v) >= size ||
        strlen(json_string_value(v)) != json_string_length(v)) {
        return false;
    }
    memcpy(text, json_string_value(v), json_string_length(v) + 1);
    return true;
}

/* The header's agent named by O's "agent", which is not the random one. */
static bool agent_of(const struct log_header *h, json_t *o, uint32_t *agent)
{
    const char *name = json_string_value(json_object_get(o, "agent"));
    for (size_t i = 0; name != NULL && i < h->agent_count; i++) {
        if (strcmp(h->agents[i].name, name) == 0 && !h->agents[i].is_random) {
            *agent = (uint32_t)i;
            return true;
        }
    }
    return false;
}

static bool read_entry(const struct log_header *h, json_t *o, struct exact_entry *e)
{
    json_t *exact = json_object_get(o, "exact");
    if (!json_is_object(o) || !agent_of(h, o, &e->agent) || !json_is_boolean(exact)) {
        return false;
    }
    e->exact = json_is_true(exact);
    if (!e->exact) {
        return text_into(o, "reason", e->reason, sizeof(e->reason));
    }
    struct exact_vs_random *f = &e->figure;
    return rates_of(o, "first", &f->first) && rates_of(o, "second", &f->second) &&
           probability(o, "win_rate", &f->win_rate) &&
           count_in(o, "first_games", UINT32_MAX, &f->games[0]) &&
           count_in(o, "second_games", UINT32_MAX, &f->games[1]) &&
           count_in(o, "positions", INT64_MAX, &f->positions) &&
           count_in(o, "asked", INT64_MAX, &f->asked) &&
           count_in(o, "faults", INT64_MAX, &f->faults) &&
           text_into(o, "first_fault", f->first_fault, sizeof(f->first_fault));
}

/* FILE from O, the file's object. Returns 0, or -1 with WHY. */
static int read_object(const struct log_header *h, json_t *o, struct exact_file *file,
                       const char **why)
{
    json_t *agents = json_object_get(o, "agents");
    uint64_t format = 0;
    if (!json_is_object(o) || !count_in(o, "exact_vs_random", INT32_MAX, &format) ||
        format != EXACT_FILE_FORMAT) {
        *why = "not an exact score against random of this version";
        return -1;
    }
    if (!text_is(o, "settings_digest", h->settings_digest) || !text_is(o, "game", h->game) ||
        !text_is(o, "game_params", h->game_params)) {
        *why = "of another tournament (its settings_digest or game is not the log's)";
        return -1;
    }
    if (!count_in(o, "games", INT64_MAX, &file->games) ||
        !count_in(o, "budget", INT64_MAX, &file->budget) || !json_is_array(agents) ||
        json_array_size(agents) > h->agent_count) {
        *why = "without its games, budget or agents";
        return -1;
    }
    file->entries = calloc(json_array_size(agents) + 1, sizeof(*file->entries));
    if (file->entries == NULL) {
        *why = "out of memory";
        return -1;
    }
    size_t i;
    json_t *entry;
    json_array_foreach(agents, i, entry)
    {
        if (!read_entry(h, entry, &file->entries[i])) {
            *why = "an agent's figure that does not read";
            return -1;
        }
        for (size_t j = 0; j < i; j++) {
            if (file->entries[j].agent == file->entries[i].agent) {
                *why = "an agent named twice";
                return -1;
            }
        }
        file->count = i + 1;
    }
    return 0;
}

int tourney_exact_file_read(const struct out_dir *dir, const struct log_header *header,
                            struct exact_file *file, struct error *err)
{
    memset(file, 0, sizeof(*file));
    FILE *in = NULL;
    int opened = tourney_out_dir_read_stream(dir, TOURNEY_EXACT_FILE_NAME, &in, err);
    if (opened != 0) {
        return opened;
    }
    json_error_t parse;
    json_t *o = json_loadf(in, JSON_REJECT_DUPLICATES, &parse);
    fclose(in);
    const char *why = "not a JSON object";
    int status = o != NULL ? read_object(header, o, file, &why) : -1;
    json_decref(o);
    if (status != 0) {
        char *path = tourney_out_dir_name(dir, TOURNEY_EXACT_FILE_NAME);
        tourney_error_set(err, "%s: %s", path != NULL ? path : TOURNEY_EXACT_FILE_NAME, why);
        free(path);
        tourney_exact_file_finish(file);
    }
    return status;
}

void tourney_exact_file_finish(struct exact_file *file)
{
    free(file->entries);
    memset(file, 0, sizeof(*file));
}
