/*
 * libFuzzer harness for a game's log line read straight from its text
 * (record_scan.c) against the general way (log_line.c's unseal, then
 * tourney_record_from_json). The input is a line's text before its check;
 * the harness seals it as tourney does, so that lines get past the check
 * and the fuzzer explores what is inside. A line the scan reads must be read
 * alike the general way, field by field; any difference aborts.
 *
 *   CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
 *   ./build-fuzz/tests/fuzz/fuzz-log-line -max_total_time=60 CORPUS_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "digest.h"
#include "log_line.h"
#include "record.h"
#include "record_json.h"
#include "record_scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const names[] = {"alpha", "beta", "gamma"};
enum { NAME_COUNT = 3 };

static void expect(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz-log-line: %s\n", what);
        abort();
    }
}

static void expect_same(const struct game_record *a, const struct game_record *b)
{
    expect(a->index == b->index && a->agent[0] == b->agent[0] && a->agent[1] == b->agent[1] &&
               a->seed == b->seed,
           "index, agents or seed differ");
    expect((a->opening.position == NULL) == (b->opening.position == NULL) &&
               (a->opening.position == NULL ||
                strcmp(a->opening.position, b->opening.position) == 0) &&
               a->opening.moves_known == b->opening.moves_known &&
               a->opening.move_count == b->opening.move_count &&
               (a->opening.move_count == 0 ||
                memcmp(a->opening.moves, b->opening.moves,
                       a->opening.move_count * sizeof(*a->opening.moves)) == 0),
           "openings differ");
    expect(a->move_count == b->move_count, "move counts differ");
    for (size_t i = 0; i < a->move_count; i++) {
        const struct move_record *x = &a->moves[i];
        const struct move_record *y = &b->moves[i];
        expect(x->seat == y->seat && x->move == y->move && x->depth == y->depth &&
                   x->score == y->score && x->has_score == y->has_score &&
                   x->has_cpu == y->has_cpu && x->nodes == y->nodes && x->time_ns == y->time_ns &&
                   x->cpu_ns == y->cpu_ns,
               "a move differs");
    }
    for (size_t i = 0; i < a->log_count && i < b->log_count; i++) {
        expect(a->log[i].seat == b->log[i].seat && a->log[i].ply == b->log[i].ply &&
                   a->log[i].level == b->log[i].level &&
                   strcmp(a->log[i].text, b->log[i].text) == 0,
               "a logged message differs");
    }
    expect(a->result == b->result && a->termination == b->termination &&
               a->fault_seat == b->fault_seat && strcmp(a->reason, b->reason) == 0 &&
               a->log_count == b->log_count && a->log_dropped == b->log_dropped &&
               strcmp(a->output[0], b->output[0]) == 0 && strcmp(a->output[1], b->output[1]) == 0,
           "the result, fault, reason, log or output differ");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* One line, as the reader gives it: no newline or NUL inside. */
    if (memchr(data, '\n', size) != NULL || memchr(data, '\0', size) != NULL || size > 65536) {
        return 0;
    }
    /* The body with its closing brace is what the check digests. */
    char *body = malloc(size + 2);
    char *line = malloc(size + 64);
    if (body == NULL || line == NULL) {
        free(body);
        free(line);
        return 0;
    }
    memcpy(body, data, size);
    memcpy(body + size, "}", 2);
    char check[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(body, size + 1, check);
    snprintf(line, size + 64, "%.*s,\"check\":\"%s\"}\n", (int)size, body, check);
    free(body);

    struct game_record scanned, general;
    tourney_record_init(&scanned);
    tourney_record_init(&general);
    int status = tourney_record_scan(line, names, NAME_COUNT, &scanned);
    expect(status == 0 || status == 1, "the scan ran out of memory");
    json_t *object = tourney_log_line_unseal(line);
    struct error error;
    tourney_error_clear(&error);
    int read = object != NULL
                   ? tourney_record_from_json(object, names, NAME_COUNT, &general, &error)
                   : -1;
    if (status == 1) {
        expect(object != NULL, "the scan read a line the general way refuses as corrupted");
        expect(read == 0, "the scan read a game the general way refuses");
        expect_same(&scanned, &general);
    } else {
        expect(scanned.move_count == 0 && scanned.moves == NULL &&
                   scanned.opening.position == NULL && scanned.index == 0,
               "the scan left a line with the record changed");
    }
    json_decref(object);
    tourney_record_finish(&scanned);
    tourney_record_finish(&general);
    free(line);
    return 0;
}
