#include "log_line.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "record_json.h"
#include "record_scan.h"
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

/* A line's body as its writer digested it: the text before the check,
 * and the brace that closed it there. */
struct written_body {
    const char *text;
    size_t length;
};

static void write_body(const void *context, struct digest_sink *sink)
{
    const struct written_body *body = context;
    tourney_digest_add(sink, body->text, body->length);
    tourney_digest_add(sink, "}", 1);
}

bool tourney_log_line_sealed_as_written(const char *line, const char *check)
{
    static const char key[] = ",\"check\":\"";
    static const char end[] = "\"}\n";
    size_t check_length = strlen(check);
    size_t length = strlen(line);
    size_t tail = sizeof(key) - 1 + check_length + sizeof(end) - 1;
    if (length < tail || memcmp(line + length - tail, key, sizeof(key) - 1) != 0 ||
        memcmp(line + length - tail + sizeof(key) - 1, check, check_length) != 0 ||
        memcmp(line + length - (sizeof(end) - 1), end, sizeof(end) - 1) != 0) {
        return false;
    }
    const struct written_body body = {.text = line, .length = length - tail};
    char actual[TOURNEY_DIGEST_HEX];
    tourney_digest_stream(write_body, &body, actual);
    return strcmp(actual, check) == 0;
}

json_t *tourney_log_line_unseal(const char *line)
{
    json_t *object = json_loads(line, JSON_REJECT_DUPLICATES, NULL);
    const char *check = json_string_value(json_object_get(object, "check"));
    if (check == NULL) {
        json_decref(object);
        return NULL;
    }
    if (tourney_log_line_sealed_as_written(line, check)) {
        json_object_del(object, "check");
        return object;
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

int tourney_log_line_read_game(const char *line, const char *const *names, size_t name_count,
                               struct game_record *record, struct error *err)
{
    int status = tourney_record_scan(line, names, name_count, record);
    if (status != 0) {
        return status > 0 ? 0 : tourney_error_nomem(err);
    }
    json_t *object = tourney_log_line_unseal(line);
    if (object == NULL) {
        return tourney_error_set(err, "corrupted record (it does not match its check digest); "
                                      "refusing the whole log");
    }
    status = tourney_record_from_json(object, names, name_count, record, err);
    json_decref(object);
    return status;
}
