#include "settings_json.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* JSON readers that hold numbers as doubles or int64 would change a larger
 * number: those are written as text. */
static bool as_text(const struct setting *row)
{
    return row->max > (uint64_t)INT64_MAX;
}

json_t *tourney_setting_to_json(const struct setting *row,
                                const struct tournament_settings *settings)
{
    char text[128];
    if (tourney_setting_is_default(row, settings) &&
        (row->type == SETTING_TEXT || row->type == SETTING_SPRT || row->type == SETTING_FILE)) {
        return json_null();
    }
    switch (row->type) {
    case SETTING_FILE: {
        const struct setting_file *file = tourney_setting_field(row, settings);
        return json_pack("{s:s, s:s}", "file", file->path, "digest", file->digest);
    }
    case SETTING_UINT:
        if (!as_text(row)) {
            return json_integer((json_int_t)tourney_setting_number(row, settings));
        }
        break;
    case SETTING_TEXT:
        return json_string(*(char *const *)tourney_setting_field(row, settings));
    case SETTING_SPRT: {
        const struct sprt_settings *sprt = tourney_setting_field(row, settings);
        return json_pack("{s:f, s:f, s:f, s:f}", "elo0", sprt->elo0, "elo1", sprt->elo1, "alpha",
                         sprt->alpha, "beta", sprt->beta);
    }
    case SETTING_CHOICE:
    case SETTING_SWITCH:
        break;
    }
    tourney_setting_text(row, settings, text, sizeof(text));
    return json_string(text);
}

int tourney_settings_add_json(json_t *object, const struct tournament_settings *settings,
                              enum setting_place place, bool summary)
{
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t i = 0; i < count; i++) {
        const struct setting *row = &table[i];
        if (row->place != place || (summary && !row->summary) ||
            !tourney_setting_in_log(row, settings)) {
            continue;
        }
        if (json_object_set_new(object, row->key, tourney_setting_to_json(row, settings)) != 0) {
            return -1;
        }
    }
    return 0;
}

/* VALUE as the text the config would have had for ROW: in *TEXT, which
 * points into BUFFER or VALUE. */
static int value_text(const struct setting *row, json_t *value, const char **text, char *buffer,
                      size_t size, struct error *err)
{
    *text = buffer;
    if (row->type == SETTING_UINT && !as_text(row) && json_is_integer(value)) {
        snprintf(buffer, size, "%" JSON_INTEGER_FORMAT, json_integer_value(value));
    } else if (row->type == SETTING_SPRT) {
        double v[4];
        if (json_unpack(value, "{s:F, s:F, s:F, s:F}", "elo0", &v[0], "elo1", &v[1], "alpha",
                        &v[2], "beta", &v[3]) != 0) {
            return tourney_error_set(err, "'%s' is incomplete", row->key);
        }
        /* 17 digits read back as the same doubles. */
        snprintf(buffer, size, "%.17g, %.17g, %.17g, %.17g", v[0], v[1], v[2], v[3]);
    } else if (json_is_string(value) && (row->type != SETTING_UINT || as_text(row))) {
        *text = json_string_value(value);
    } else {
        return tourney_error_set(err, "'%s' has the wrong type", row->key);
    }
    return 0;
}

/* A file's path and the digest of the contents it had, from VALUE, an
 * object {"file": path, "digest": 32 hex digits}. */
static int file_from_json(const struct setting *row, json_t *value,
                          struct tournament_settings *settings, struct error *err)
{
    const char *path = NULL;
    const char *digest = NULL;
    if (json_unpack(value, "{s:s, s:s}", "file", &path, "digest", &digest) != 0 ||
        strlen(digest) != TOURNEY_DIGEST_HEX - 1) {
        return tourney_error_set(err, "'%s' is not a file and its digest", row->key);
    }
    if (tourney_setting_parse(row, path, settings, err) != 0) {
        return -1;
    }
    struct setting_file *file = (struct setting_file *)((char *)settings + row->offset);
    memcpy(file->digest, digest, sizeof(file->digest));
    return 0;
}

int tourney_settings_from_json(struct tournament_settings *settings, json_t *object,
                               struct error *err)
{
    tourney_settings_init(settings);
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t i = 0; i < count; i++) {
        const struct setting *row = &table[i];
        json_t *value = json_object_get(object, row->key);
        bool optional = row->place == SETTING_LOG_JUDGING || row->place == SETTING_LOG_ADDED;
        if (value == NULL && optional && row->absent != NULL &&
            tourney_setting_parse(row, row->absent, settings, err) != 0) {
            return -1;
        }
        if (row->place == SETTING_NOT_LOGGED || (value == NULL && optional)) {
            continue;
        }
        if (value == NULL) {
            return tourney_error_set(err, "'%s' is missing", row->key);
        }
        /* Unset: a text without a default of its own, or the test. */
        bool may_be_null = (row->type == SETTING_TEXT && row->default_text == NULL) ||
                           row->type == SETTING_SPRT || row->type == SETTING_FILE;
        if (json_is_null(value) && may_be_null) {
            continue;
        }
        if (row->type == SETTING_FILE) {
            if (file_from_json(row, value, settings, err) != 0) {
                return -1;
            }
            continue;
        }
        char buffer[128];
        const char *text = NULL;
        if (value_text(row, value, &text, buffer, sizeof(buffer), err) != 0 ||
            tourney_setting_parse(row, text, settings, err) != 0) {
            return -1;
        }
    }
    return 0;
}
