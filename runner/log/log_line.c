#include "log_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "text.h"

char *tourney_log_line_seal(json_t *object)
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

char *tourney_log_line_of_record(const struct game_record *record, const char *const names[2])
{
    /* Written straight to text: this runs once per game, and a jansson
     * tree built and dumped twice was most of the runner's cost per game
     * in process. The bytes are those tourney_log_line_seal would write. */
    struct json_out out;
    tourney_json_out_init(&out, 320 + 48 * record->move_count);
    tourney_record_write_json(record, names, &out);
    if (out.failed) {
        tourney_json_out_finish(&out);
        return NULL;
    }
    char check[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(out.text, out.length, check);
    out.length--; /* the closing brace, which now follows the check */
    tourney_json_out_key(&out, "check");
    tourney_json_out_string(&out, check);
    tourney_json_out_raw(&out, "}\n", 2);
    return tourney_json_out_take(&out);
}

json_t *tourney_log_line_unseal(const char *line)
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
