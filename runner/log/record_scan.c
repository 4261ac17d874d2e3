/*
 * record_scan.c - a game's log line read straight from its text
 * (record_scan.h). Each step either reads exactly what the writer writes or
 * gives up; giving up is never wrong, as the general way then reads the line.
 * What it reads, it turns into the record as tourney_record_from_json does,
 * casts included.
 */
#include "record_scan.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "log_line.h"
#include "move_columns.h"

/* Where the reading is in the line. */
struct scan {
    const char *at;
};

/* A string's text, which is not NUL-terminated in the line. */
struct text {
    const char *start;
    size_t length;
};

static bool literal(struct scan *s, const char *expected)
{
    size_t length = strlen(expected);
    if (strncmp(s->at, expected, length) != 0) {
        return false;
    }
    s->at += length;
    return true;
}

/* An integer as JSON writes it: '-'? ('0' | [1-9][0-9]*), within a long
 * long, as jansson reads it. "-0" is left to jansson. */
static bool integer(struct scan *s, long long *out)
{
    const char *p = s->at;
    bool negative = *p == '-';
    p += negative;
    if (*p < '0' || *p > '9' || (*p == '0' && (negative || (p[1] >= '0' && p[1] <= '9')))) {
        return false;
    }
    /* The magnitude, at most LLONG_MAX, or one more for a negative. */
    unsigned long long limit = (unsigned long long)LLONG_MAX + negative;
    unsigned long long magnitude = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned digit = (unsigned)(*p - '0');
        if (magnitude > (limit - digit) / 10) {
            return false;
        }
        magnitude = magnitude * 10 + digit;
    }
    if (*p == '.' || *p == 'e' || *p == 'E') {
        return false; /* a real: not an integer to jansson */
    }
    *out = !negative                                        ? (long long)magnitude
           : magnitude == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN
                                                            : -(long long)magnitude;
    s->at = p;
    return true;
}

/* A string of printable ASCII without escapes: what it holds is its text. */
static bool plain_string(struct scan *s, struct text *out)
{
    const char *p = s->at;
    if (*p != '"') {
        return false;
    }
    const char *start = ++p;
    while (*p >= 0x20 && *p <= 0x7e && *p != '"' && *p != '\\') {
        p++;
    }
    if (*p != '"') {
        return false;
    }
    out->start = start;
    out->length = (size_t)(p - start);
    s->at = p + 1;
    return true;
}

/* A plain string, or null (OUT->start NULL). */
static bool string_or_null(struct scan *s, struct text *out)
{
    if (literal(s, "null")) {
        out->start = NULL;
        out->length = 0;
        return true;
    }
    return plain_string(s, out);
}

/* The value of a hex digit, or -1. */
static int hex_digit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* A string of ASCII: characters 0x20 to 0x7f as they are, escapes of
 * ASCII (the two-character ones, \u0001 to \u007f), decoded into OUT: its
 * first CAPACITY - 1 bytes and a NUL, as snprintf would keep them. Anything
 * beyond ASCII is left to jansson, which checks UTF-8. */
static bool decoded_string(struct scan *s, char *out, size_t capacity)
{
    const char *p = s->at;
    if (*p++ != '"') {
        return false;
    }
    size_t length = 0;
    for (;;) {
        unsigned char byte = (unsigned char)*p++;
        if (byte < 0x20 || byte > 0x7f) {
            return false;
        }
        char c = (char)byte;
        if (c == '"') {
            break;
        }
        if (c == '\\') {
            char escape = *p++;
            static const char escapes[] = "\"\\/bfnrt";
            static const char values[] = "\"\\/\b\f\n\r\t";
            const char *which = escape != '\0' ? strchr(escapes, escape) : NULL;
            if (which != NULL) {
                c = values[which - escapes];
            } else if (escape == 'u') {
                int value = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = hex_digit(p[i]);
                    if (digit < 0) {
                        return false;
                    }
                    value = value * 16 + digit;
                }
                if (value == 0 || value > 0x7f) {
                    return false;
                }
                c = (char)value;
                p += 4;
            } else {
                return false;
            }
        }
        if (length + 1 < capacity) {
            out[length++] = c;
        }
    }
    out[length] = '\0';
    s->at = p;
    return true;
}

static bool equals(struct text text, const char *expected)
{
    return text.length == strlen(expected) && memcmp(text.start, expected, text.length) == 0;
}

/* TEXT, a short word such as a result or a level, NUL-terminated into
 * BUFFER for record.c's lookups; false when it does not fit. */
static bool word_of(struct text text, char *buffer, size_t size)
{
    if (text.length >= size) {
        return false;
    }
    memcpy(buffer, text.start, text.length);
    buffer[text.length] = '\0';
    return true;
}

/* The first of the tournament's names that TEXT is, as name_index finds. */
static bool agent_named(struct text text, const char *const *names, size_t count, uint32_t *out)
{
    for (size_t i = 0; i < count; i++) {
        if (equals(text, names[i])) {
            *out = (uint32_t)i;
            return true;
        }
    }
    return false;
}

/* Sixteen hex digits, the seed. */
static bool seed_of(struct text text, uint64_t *out)
{
    if (text.length != 16) {
        return false;
    }
    uint64_t value = 0;
    for (size_t i = 0; i < 16; i++) {
        int digit = hex_digit(text.start[i]);
        if (digit < 0) {
            return false;
        }
        value = value << 4 | (uint64_t)digit;
    }
    *out = value;
    return true;
}

/* The key "NAME" and its colon, after the comma of the member before. */
static bool member(struct scan *s, const char *name)
{
    return literal(s, ",\"") && literal(s, name) && literal(s, "\":");
}

/* An array with one value per move, integers (or null, where the figure
 * may be missing) into COLUMN's figure of each move. */
static bool column(struct scan *s, struct game_record *record, const struct move_column *column)
{
    if (!literal(s, "[")) {
        return false;
    }
    bool nulls = column->presence != MOVE_PRESENCE_ALWAYS;
    for (size_t i = 0; i < record->move_count; i++) {
        if (i > 0 && !literal(s, ",")) {
            return false;
        }
        long long value = 0;
        bool null = nulls && literal(s, "null");
        if (!null && !integer(s, &value)) {
            return false;
        }
        column->set(&record->moves[i], value, !null);
    }
    return literal(s, "]");
}

/* The figures' columns, in the list's order; a sparse one's key may be
 * absent, and then no move has the figure. */
static bool figures(struct scan *s, struct game_record *record)
{
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *which = &tourney_move_columns[c];
        const char *before = s->at;
        if (!member(s, which->key)) {
            s->at = before;
            if (which->presence != MOVE_PRESENCE_SPARSE) {
                return false;
            }
            continue;
        }
        if (!column(s, record, which)) {
            return false;
        }
    }
    return true;
}

/* "moves": one move each, in order. Returns -1 when out of memory. */
static int moves(struct scan *s, struct game_record *record)
{
    if (!literal(s, "[")) {
        return 0;
    }
    for (bool first = true; !literal(s, "]"); first = false) {
        long long value;
        if ((!first && !literal(s, ",")) || !integer(s, &value)) {
            return 0;
        }
        const struct move_record entry = {.move = (int32_t)value};
        if (tourney_record_add_move(record, &entry) != 0) {
            return -1;
        }
    }
    return 1;
}

/* "seats": one '0' or '1' per move. */
static bool seats(struct scan *s, struct game_record *record)
{
    struct text text;
    if (!plain_string(s, &text) || text.length != record->move_count) {
        return false;
    }
    for (size_t i = 0; i < text.length; i++) {
        if (text.start[i] != '0' && text.start[i] != '1') {
            return false;
        }
        record->moves[i].seat = text.start[i] - '0';
    }
    return true;
}

/* "log": the agents' messages, the first RECORD_LOG_MAX kept as
 * tourney_record_from_json keeps them (the rest only read through). */
static bool messages(struct scan *s, const char *const *names, size_t name_count,
                     struct game_record *record)
{
    if (!literal(s, "[")) {
        return false;
    }
    for (size_t i = 0; !literal(s, "]"); i++) {
        struct agent_message ignored;
        bool kept = record->log_count < RECORD_LOG_MAX;
        struct agent_message *m = kept ? &record->log[record->log_count] : &ignored;
        struct text agent, level;
        long long ply;
        uint32_t who = 0;
        if ((i > 0 && !literal(s, ",")) || !literal(s, "{\"agent\":") ||
            !plain_string(s, &agent) || !member(s, "ply") || !integer(s, &ply) ||
            !member(s, "level") || !plain_string(s, &level) || !member(s, "message") ||
            !decoded_string(s, m->text, sizeof(m->text)) || !literal(s, "}")) {
            return false;
        }
        if (!kept) {
            continue;
        }
        if (!agent_named(agent, names, name_count, &who)) {
            return false;
        }
        char name[16];
        m->seat = who == record->agent[0] ? 0 : 1;
        m->ply = (int32_t)ply;
        m->level = word_of(level, name, sizeof(name)) ? tourney_log_level_from_name(name) : 2;
        record->log_count++;
    }
    return true;
}

/* Whether NAME is written as it is, between quotes. */
static bool plain_name(const char *name)
{
    for (; *name != '\0'; name++) {
        if (*name < 0x20 || *name > 0x7e || *name == '"' || *name == '\\') {
            return false;
        }
    }
    return true;
}

/* "output": what each agent printed, under its name, seat 0's first as the
 * writer puts them. Any other member, a name written with escapes, or the
 * same agent in both seats, is left to jansson. */
static bool output(struct scan *s, const char *const *names, struct game_record *record)
{
    if (!literal(s, "{")) {
        return false;
    }
    bool first_member = true;
    for (int seat = 0; seat < 2; seat++) {
        const char *name = names[record->agent[seat]];
        const char *before = s->at;
        if ((first_member || literal(s, ",")) && literal(s, "\"") && literal(s, name) &&
            literal(s, "\":")) {
            if (!plain_name(name) || record->agent[0] == record->agent[1] ||
                !decoded_string(s, record->output[seat], sizeof(record->output[seat]))) {
                return false;
            }
            first_member = false;
        } else {
            s->at = before;
        }
    }
    return literal(s, "}");
}

/* The opening's members, each there or not. Returns -1 when out of
 * memory. */
static int opening(struct scan *s, struct game_record *record)
{
    struct text position = {NULL, 0};
    if (literal(s, ",\"opening\":") && !plain_string(s, &position)) {
        return 0;
    }
    int32_t plies[64];
    int32_t count = -1;
    if (literal(s, ",\"opening_moves\":[")) {
        for (count = 0; !literal(s, "]"); count++) {
            long long value;
            if ((count > 0 && !literal(s, ",")) || count == 64 || !integer(s, &value) ||
                value < INT32_MIN || value > INT32_MAX) {
                return 0;
            }
            plies[count] = (int32_t)value;
        }
    }
    if (position.start == NULL && count < 0) {
        return 1;
    }
    char *text = position.start != NULL ? strndup(position.start, position.length) : NULL;
    if (position.start != NULL && text == NULL) {
        return -1;
    }
    int status = tourney_record_opening_set(&record->opening, text, plies, count);
    free(text);
    return status != 0 ? -1 : 1;
}

/* Everything after the game's index, and the check (into CHECK): 1, 0 or
 * -1 as tourney_record_scan, the check not yet verified. */
static int scan_members(struct scan *s, const char *const *names, size_t name_count,
                        struct game_record *record, char check[33])
{
    struct text first, second, seed, result, winner, termination, fault;
    if (!member(s, "first") || !plain_string(s, &first) || !member(s, "second") ||
        !plain_string(s, &second) || !member(s, "seed") || !plain_string(s, &seed) ||
        !agent_named(first, names, name_count, &record->agent[0]) ||
        !agent_named(second, names, name_count, &record->agent[1]) ||
        !seed_of(seed, &record->seed)) {
        return 0;
    }
    int status = opening(s, record);
    if (status != 1) {
        return status;
    }
    if (!member(s, "moves")) {
        return 0;
    }
    status = moves(s, record);
    if (status != 1) {
        return status;
    }
    if (!member(s, "seats") || !seats(s, record) || !member(s, "result") ||
        !plain_string(s, &result) || !member(s, "winner") || !string_or_null(s, &winner) ||
        !member(s, "termination") || !plain_string(s, &termination) || !member(s, "fault") ||
        !string_or_null(s, &fault) || !member(s, "reason")) {
        return 0;
    }
    /* The reason, cut to the record's room as snprintf cuts it. */
    if (literal(s, "null")) {
        record->reason[0] = '\0';
    } else if (!decoded_string(s, record->reason, sizeof(record->reason))) {
        return 0;
    }
    char word[32];
    if (!word_of(result, word, sizeof(word)) ||
        tourney_result_from_text(word, &record->result) != 0 ||
        !word_of(termination, word, sizeof(word)) ||
        tourney_termination_from_name(word, &record->termination) != 0) {
        return 0;
    }
    uint32_t fault_agent = 0;
    if (fault.start != NULL &&
        (!agent_named(fault, names, name_count, &fault_agent) ||
         (fault_agent != record->agent[0] && fault_agent != record->agent[1]))) {
        return 0;
    }
    record->fault_seat = fault.start == NULL ? -1 : fault_agent == record->agent[0] ? 0 : 1;
    if (!figures(s, record)) {
        return 0;
    }
    long long dropped;
    if (!member(s, "log") || !messages(s, names, name_count, record) ||
        !member(s, "log_dropped") || !integer(s, &dropped) || !member(s, "output") ||
        !output(s, names, record)) {
        return 0;
    }
    record->log_dropped = (size_t)dropped;
    /* The check: 32 hex digits, the digest of all that came before. */
    if (!literal(s, ",\"check\":\"") || strlen(s->at) != 32 + 3 ||
        strcmp(s->at + 32, "\"}\n") != 0) {
        return 0;
    }
    for (int i = 0; i < 32; i++) {
        char c = s->at[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            return 0;
        }
        check[i] = c;
    }
    check[32] = '\0';
    return 1;
}

int tourney_record_scan(const char *line, const char *const *names, size_t name_count,
                        struct game_record *record)
{
    struct scan s = {.at = line};
    long long index;
    char check[33];
    int status = 0;
    if (literal(&s, "{\"game\":") && integer(&s, &index) && index >= 0 && index <= UINT32_MAX) {
        record->index = (uint32_t)index;
        status = scan_members(&s, names, name_count, record, check);
    }
    /* The digest last: most lines hold. */
    if (status == 1 && !tourney_log_line_sealed_as_written(line, check)) {
        status = 0;
    }
    if (status != 1) {
        tourney_record_finish(record);
    }
    return status;
}
