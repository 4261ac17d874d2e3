/*
 * libFuzzer harness for the frames an agent process sends (wire.c) and the
 * messages in them (protocol.c): the first byte picks a decoder, the rest
 * is a frame. No decoder reads past the payload or hands out a string that
 * does not end inside it; what is decoded encodes and decodes to the same
 * message; and a message's text (a LOG, a LOAD_FAILED) kept in a game's
 * record leaves it writable.
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
 *   ./build-fuzz/tests/fuzz/fuzz-frames -max_total_time=60 CORPUS_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "protocol.h"
#include "record.h"
#include "wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = {"alpha", "beta"};

static void expect(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz-frames: %s\n", what);
        abort();
    }
}

/* A decoded string: NULL, or inside the LENGTH bytes at PAYLOAD with its
 * NUL. */
static void check_string(const char *text, const unsigned char *payload, size_t length)
{
    const char *start = (const char *)payload;
    expect(text == NULL || (text >= start && text + strlen(text) < start + length),
           "a string outside its payload");
}

static int same_string(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* TEXT kept as an agent's message and as a fault's reason: the record is
 * still written. */
static void check_kept(const char *text)
{
    struct game_record *record = malloc(sizeof(*record));
    expect(record != NULL, "out of memory");
    tourney_record_init(record);
    record->agent[1] = 1;
    tourney_record_add_log(record, 1, 0, text);
    struct json_out out;
    tourney_json_out_init(&out, 1024);
    tourney_record_write_json(record, names, &out);
    char *json = tourney_json_out_take(&out);
    expect(json != NULL, "a message an agent sent makes the record unwritable");
    free(json);
    tourney_json_out_finish(&out);
    tourney_record_finish(record);
    free(record);
}

static void check_loaded(const unsigned char *p, size_t length)
{
    struct msg_loaded m;
    if (tourney_msg_get_loaded(p, length, &m) != 0) {
        return;
    }
    check_string(m.sandbox_error, p, length);
    check_string(m.landlock_error, p, length);
    check_string(m.name, p, length);
    check_string(m.description, p, length);
    check_string(m.id, p, length);
    check_string(m.version, p, length);
    for (size_t i = 0; i < m.param_count; i++) {
        check_string(m.params[i].name, p, length);
        check_string(m.params[i].default_value, p, length);
    }
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    expect(tourney_msg_put_loaded(&w, 1, &m) == 0, "a LOADED that cannot be encoded again");
    struct msg_loaded again;
    expect(tourney_msg_get_loaded(w.data + WIRE_HEADER_SIZE, w.length - WIRE_HEADER_SIZE,
                                  &again) == 0,
           "a LOADED encoded again does not decode");
    expect(again.state_size == m.state_size && again.move_limit == m.move_limit &&
               again.max_plies == m.max_plies && again.param_count == m.param_count &&
               same_string(again.name, m.name) && same_string(again.description, m.description),
           "a LOADED decodes otherwise once encoded again");
    tourney_msg_loaded_finish(&again);
    tourney_wire_writer_finish(&w);
    tourney_msg_loaded_finish(&m);
}

static void check_moved(const unsigned char *p, size_t length)
{
    struct msg_moved m;
    if (tourney_msg_get_moved(p, length, &m) != 0) {
        return;
    }
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    expect(tourney_msg_put_moved(&w, 1, &m) == 0, "a MOVED that cannot be encoded again");
    struct msg_moved again;
    expect(tourney_msg_get_moved(w.data + WIRE_HEADER_SIZE, w.length - WIRE_HEADER_SIZE, &again) ==
                   0 &&
               memcmp(&again, &m, sizeof(m)) == 0,
           "a MOVED decodes otherwise once encoded again");
    tourney_wire_writer_finish(&w);
}

static void check_message(uint8_t which, const unsigned char *p, size_t length)
{
    struct msg_outcome outcome;
    struct msg_created created;
    struct msg_log log;
    struct msg_memory memory;
    struct msg_executing executing;
    const char *text = NULL;
    uint32_t signal_number = 0;
    switch (which % 10) {
    case 0:
        check_loaded(p, length);
        break;
    case 1:
        if (tourney_msg_get_load_failed(p, length, &text) == 0) {
            check_string(text, p, length);
            check_kept(text != NULL ? text : "");
        }
        break;
    case 2:
        (void)tourney_msg_get_created(p, length, &created);
        break;
    case 3:
        check_moved(p, length);
        break;
    case 4:
        (void)tourney_msg_get_outcome(p, length, &outcome);
        break;
    case 5:
        if (tourney_msg_get_log(p, length, &log) == 0) {
            check_string(log.text, p, length);
            check_kept(log.text != NULL ? log.text : "");
        }
        break;
    case 6:
        (void)tourney_msg_get_memory(p, length, &memory);
        break;
    case 7:
        (void)tourney_msg_get_dying(p, length, &signal_number);
        break;
    case 8:
        if (tourney_msg_get_executing(p, length, &executing) == 0) {
            check_string(executing.sandbox_error, p, length);
            check_string(executing.landlock_error, p, length);
        }
        break;
    default:
        (void)tourney_msg_get_empty(p, length);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1 << 16)) {
        return 0;
    }
    uint8_t which = data[0];
    data++;
    size--;
    /* The bytes as the start of a frame, as the runner looks at its inbox. */
    struct wire_header header;
    struct error err;
    tourney_error_clear(&err);
    int found = tourney_wire_frame(data, size, PROTOCOL_VERSION, &header, &err);
    expect(found >= -1 && found <= 1, "a frame that is neither");
    if (found == 1) {
        expect(header.length <= WIRE_MAX_PAYLOAD && WIRE_HEADER_SIZE + header.length <= size,
               "a frame longer than its bytes");
    }
    /* The payload in a buffer of its own size, so that a read past it is
     * seen: the frame's where there is one, else all the bytes. */
    size_t length = found == 1 ? header.length : size;
    const uint8_t *start = found == 1 ? data + WIRE_HEADER_SIZE : data;
    unsigned char *payload = malloc(length > 0 ? length : 1);
    expect(payload != NULL, "out of memory");
    if (length > 0) {
        memcpy(payload, start, length);
    }
    check_message(which, payload, length);
    free(payload);
    return 0;
}
