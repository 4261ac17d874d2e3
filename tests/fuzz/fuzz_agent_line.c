/*
 * libFuzzer harness for what a program agent sends (line_protocol.c) and
 * what the runner keeps of it: any line is parsed without reading past it,
 * and whatever it holds, quoted in a reason, logged or printed, makes a
 * game's record that is written, sealed and read back to the same text
 * (text_bytes.c's escape): no byte an agent sends can make a record
 * unwritable.
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
 *   ./build-fuzz/tests/fuzz/fuzz-agent-line -max_total_time=60 CORPUS_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "line_protocol.h"
#include "log_line.h"
#include "record.h"
#include "record_json.h"
#include "text_bytes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = {"alpha", "beta"};

static void expect(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz-agent-line: %s\n", what);
        abort();
    }
}

/* Whether TEXT points into the LENGTH bytes at LINE, its end too. */
static int inside(const char *text, const char *line, size_t length)
{
    return text >= line && text <= line + length && text + strlen(text) <= line + length;
}

/* A record whose reason quotes LINE as the runner does, which logged the
 * parsed text and printed the raw bytes: written, sealed, read back alike. */
static void check_record(const char *line, const char *text, const uint8_t *raw, size_t size)
{
    struct game_record *record = malloc(sizeof(*record));
    struct game_record *back = malloc(sizeof(*back));
    expect(record != NULL && back != NULL, "out of memory");
    tourney_record_init(record);
    tourney_record_init(back);
    record->agent[1] = 1;
    record->fault_seat = 0;
    record->termination = TERMINATION_PROTOCOL_ERROR;
    record->result = RESULT_SECOND_WINS;
    char reason[sizeof(record->reason)];
    snprintf(reason, sizeof(reason), "it sent \"%.*s\"", tourney_utf8_prefix(line, 100), line);
    tourney_text_escape_string(record->reason, sizeof(record->reason), reason);
    tourney_record_add_log(record, 0, 2, text);
    tourney_record_set_output(record, 0, (const char *)raw, size);
    char *sealed = tourney_log_line_of_record(record, names);
    expect(sealed != NULL, "a record of what an agent sent cannot be written");
    json_t *object = tourney_log_line_unseal(sealed);
    expect(object != NULL, "a sealed line does not read back");
    struct error err;
    tourney_error_clear(&err);
    expect(tourney_record_from_json(object, names, 2, back, &err) == 0, err.text);
    expect(strcmp(back->reason, record->reason) == 0, "the reason reads back otherwise");
    expect(back->log_count == 1 && strcmp(back->log[0].text, record->log[0].text) == 0,
           "the message reads back otherwise");
    expect(strcmp(back->output[0], record->output[0]) == 0, "the output reads back otherwise");
    json_decref(object);
    free(sealed);
    tourney_record_finish(record);
    tourney_record_finish(back);
    free(record);
    free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192) {
        return 0;
    }
    /* One line as the reader hands it over: up to a NUL, which ends it. */
    size_t length = strnlen((const char *)data, size);
    char *line = malloc(length + 1);
    char *copy = malloc(length + 1);
    expect(line != NULL && copy != NULL, "out of memory");
    memcpy(line, data, length);
    line[length] = '\0';
    memcpy(copy, line, length + 1);
    struct agent_line parsed;
    struct error err;
    tourney_error_clear(&err);
    memset(&parsed, 0, sizeof(parsed));
    int status = tourney_agent_line_parse(copy, &parsed, &err);
    expect(status == 0 || status == -1, "a status that is neither");
    if (status == 0) {
        expect(parsed.type >= AGENT_LINE_BLANK && parsed.type <= AGENT_LINE_ERROR,
               "a type out of range");
        expect(parsed.text == NULL || inside(parsed.text, copy, length),
               "the text lies outside the line");
        expect(parsed.type != AGENT_LINE_LOG || (parsed.level >= 0 && parsed.level <= 3),
               "a level out of range");
        expect(parsed.type != AGENT_LINE_MOVE_TEXT || parsed.text != NULL,
               "move-text without one");
    } else {
        expect(err.text[0] != '\0', "a refusal that says nothing");
    }
    check_record(line, status == 0 && parsed.text != NULL ? parsed.text : err.text, data, size);
    free(line);
    free(copy);
    return 0;
}
