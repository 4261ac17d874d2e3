/*
 * json_out.h - compact JSON written straight into a growing buffer, byte for
 * byte what jansson's json_dumps(JSON_COMPACT) writes for the same object
 * (keys in the order written, the same escapes, integers in decimal). The
 * results log writes one line per game: building a jansson tree for each
 * cost the runner most of its time per game.
 */
#ifndef TOURNEY_RUNNER_JSON_OUT_H
#define TOURNEY_RUNNER_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A failed write (out of memory, or text that is not UTF-8, which jansson
 * refuses too) sets FAILED and makes every later write a no-op, so a caller
 * checks once at the end. Commas between members and elements are the
 * writer's business: NEED_COMMA says a value came before at this level. */
struct json_out {
    char *text;
    size_t length;
    size_t capacity;
    bool need_comma;
    bool failed;
};

/* Starts an empty buffer with room for about CAPACITY bytes. */
void tourney_json_out_init(struct json_out *out, size_t capacity);
void tourney_json_out_finish(struct json_out *out);

void tourney_json_out_open_object(struct json_out *out);
void tourney_json_out_close_object(struct json_out *out);
void tourney_json_out_open_array(struct json_out *out);
void tourney_json_out_close_array(struct json_out *out);
/* A member's key, followed by exactly one value or an opened container. */
void tourney_json_out_key(struct json_out *out, const char *key);

void tourney_json_out_string(struct json_out *out, const char *text);
/* TEXT, or null when TEXT is NULL. */
void tourney_json_out_string_or_null(struct json_out *out, const char *text);
void tourney_json_out_int(struct json_out *out, int64_t value);
void tourney_json_out_null(struct json_out *out);
/* LENGTH bytes of TEXT as they are: the caller vouches they are JSON. _value
 * starts a value (the comma owed goes first); plain _raw continues one. */
void tourney_json_out_raw(struct json_out *out, const char *text, size_t length);
void tourney_json_out_raw_value(struct json_out *out, const char *text, size_t length);

/* The text written so far (NUL-terminated), now owned by the caller; NULL
 * when a write failed. The buffer is left empty. */
char *tourney_json_out_take(struct json_out *out);

#endif /* TOURNEY_RUNNER_JSON_OUT_H */
