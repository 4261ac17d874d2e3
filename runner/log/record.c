#include "record.h"
#include "record_json.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "move_columns.h"
#include "text.h"
#include "text_bytes.h"

void tourney_record_init(struct game_record *record)
{
    /* Everything but the room for messages and output, which is most of
     * the record (some 5 KB): only what the counts and the terminating
     * zeros make part of the record is ever read. Zeroing it all took a
     * tenth of a cheap game's time in the runner. */
    memset(record, 0, offsetof(struct game_record, log));
    record->fault_seat = -1;
    record->log_count = 0;
    record->log_dropped = 0;
    record->output[0][0] = '\0';
    record->output[1][0] = '\0';
}

void tourney_record_finish(struct game_record *record)
{
    tourney_record_opening_clear(&record->opening);
    free(record->moves);
    tourney_record_init(record);
}

enum alloc_status tourney_record_add_move(struct game_record *record,
                                          const struct move_record *move)
{
    if (record->move_count == record->move_capacity) {
        size_t capacity = record->move_capacity ? record->move_capacity * 2 : 16;
        struct move_record *moves = realloc(record->moves, capacity * sizeof(*moves));
        if (moves == NULL) {
            return ALLOC_NO_MEMORY;
        }
        record->moves = moves;
        record->move_capacity = capacity;
    }
    record->moves[record->move_count++] = *move;
    return ALLOC_OK;
}

void tourney_record_add_log(struct game_record *record, int seat, int level, const char *text)
{
    if (record->log_count == RECORD_LOG_MAX) {
        record->log_dropped++;
        return;
    }
    struct agent_message *entry = &record->log[record->log_count++];
    entry->seat = seat;
    entry->level = level;
    entry->ply = (int32_t)record->move_count;
    /* Any bytes: kept, stray ones escaped (text_bytes.h), so that the
     * record can always be written. */
    tourney_text_escape_string(entry->text, sizeof(entry->text), text ? text : "(null)");
}

void tourney_record_set_output(struct game_record *record, int seat, const char *text,
                               size_t length)
{
    /* An excerpt that may have been cut starts at a character: the
     * continuation bytes of one cut in half are left out. */
    if (length >= RECORD_OUTPUT_EXCERPT) {
        for (int i = 0; i < 3 && length > 0 && ((unsigned char)*text & 0xc0) == 0x80; i++) {
            text++;
            length--;
        }
    }
    /* The newest bytes, stray ones (and NUL) escaped (text_bytes.h). */
    tourney_text_escape_tail(record->output[seat], sizeof(record->output[seat]), text, length);
}

bool tourney_record_has_opening(const struct record_opening *opening)
{
    return opening->position != NULL || opening->moves_known;
}

void tourney_record_opening_clear(struct record_opening *opening)
{
    free(opening->position);
    free(opening->moves);
    memset(opening, 0, sizeof(*opening));
}

int tourney_record_opening_set(struct record_opening *opening, const char *position,
                               const int32_t *moves, int32_t count)
{
    tourney_record_opening_clear(opening);
    if (position != NULL && (opening->position = strdup(position)) == NULL) {
        return -1;
    }
    if (count >= 0) {
        /* One more, so that no plies is not a failed allocation. */
        opening->moves = malloc(((size_t)count + 1) * sizeof(*opening->moves));
        if (opening->moves == NULL) {
            tourney_record_opening_clear(opening);
            return -1;
        }
        if (count > 0) {
            memcpy(opening->moves, moves, (size_t)count * sizeof(*moves));
        }
        opening->move_count = (size_t)count;
        opening->moves_known = true;
    }
    return 0;
}

enum alloc_status tourney_record_opening_copy(struct record_opening *to,
                                              const struct record_opening *from)
{
    return tourney_record_opening_set(to, from->position, from->moves,
                                      from->moves_known ? (int32_t)from->move_count : -1) == 0
               ? ALLOC_OK
               : ALLOC_NO_MEMORY;
}

/* A move as four bytes, least significant first, whatever the machine. */
static void add_move(struct digest_sink *sink, int32_t move)
{
    uint32_t bits = (uint32_t)move;
    unsigned char bytes[4] = {(unsigned char)bits, (unsigned char)(bits >> 8),
                              (unsigned char)(bits >> 16), (unsigned char)(bits >> 24)};
    tourney_digest_add(sink, bytes, sizeof(bytes));
}

/* The bytes of a game's key: a tag and the opening's position, or the tag
 * of plies and them; then the tag of the game and its moves. */
static void write_key(const void *context, struct digest_sink *sink)
{
    const struct game_record *record = context;
    const struct record_opening *opening = &record->opening;
    if (opening->position != NULL) {
        tourney_digest_add(sink, "P", 1);
        tourney_digest_add(sink, opening->position, strlen(opening->position) + 1);
    } else if (opening->moves_known) {
        tourney_digest_add(sink, "M", 1);
        add_move(sink, (int32_t)opening->move_count);
        for (size_t i = 0; i < opening->move_count; i++) {
            add_move(sink, opening->moves[i]);
        }
    }
    tourney_digest_add(sink, "G", 1);
    for (size_t i = 0; i < record->move_count; i++) {
        add_move(sink, record->moves[i].move);
    }
}

struct digest128 tourney_record_game_key(const struct game_record *record)
{
    return tourney_digest_stream128(write_key, record);
}

const char *tourney_termination_name(enum termination termination)
{
    switch (termination) {
    case TERMINATION_NORMAL:
        return "normal";
    case TERMINATION_ILLEGAL_MOVE:
        return "illegal_move";
    case TERMINATION_AGENT_ERROR:
        return "agent_error";
    case TERMINATION_TIME_FORFEIT:
        return "time_forfeit";
    case TERMINATION_CRASH:
        return "crash";
    case TERMINATION_EARLY_EXIT:
        return "early_exit";
    case TERMINATION_MEMORY_LIMIT:
        return "memory_limit";
    case TERMINATION_OUTPUT_LIMIT:
        return "output_limit";
    case TERMINATION_PROTOCOL_ERROR:
        return "protocol_error";
    case TERMINATION_SANDBOX_VIOLATION:
        return "sandbox_violation";
    case TERMINATION_CPU_LIMIT:
        return "cpu_limit";
    case TERMINATION_COUNT:
        break;
    }
    return "unknown";
}

int tourney_termination_from_name(const char *name, enum termination *out)
{
    for (int t = 0; t < TERMINATION_COUNT; t++) {
        if (strcmp(name, tourney_termination_name((enum termination)t)) == 0) {
            *out = (enum termination)t;
            return 0;
        }
    }
    return -1;
}

const char *tourney_result_text(enum game_result result)
{
    switch (result) {
    case RESULT_FIRST_WINS:
        return "1-0";
    case RESULT_SECOND_WINS:
        return "0-1";
    case RESULT_DRAW:
        break;
    }
    return "1/2-1/2";
}

int tourney_result_from_text(const char *text, enum game_result *out)
{
    static const enum game_result results[] = {RESULT_FIRST_WINS, RESULT_SECOND_WINS, RESULT_DRAW};
    for (size_t i = 0; i < sizeof(results) / sizeof(results[0]); i++) {
        if (strcmp(text, tourney_result_text(results[i])) == 0) {
            *out = results[i];
            return 0;
        }
    }
    return -1;
}

const char *tourney_log_level_name(int level)
{
    static const char *const names[] = {"error", "warning", "info", "debug"};
    return level >= 0 && level < 4 ? names[level] : "info";
}

int tourney_log_level_from_name(const char *name)
{
    for (int level = 0; level < 4; level++) {
        if (strcmp(name, tourney_log_level_name(level)) == 0) {
            return level;
        }
    }
    return 2;
}

/* One number per move, taken from the move records by GET. */
static void move_column(struct json_out *out, const char *key, const struct game_record *record,
                        int64_t (*get)(const struct move_record *move))
{
    tourney_json_out_key(out, key);
    tourney_json_out_open_array(out);
    for (size_t i = 0; i < record->move_count; i++) {
        tourney_json_out_int(out, get(&record->moves[i]));
    }
    tourney_json_out_close_array(out);
}

static int64_t get_move(const struct move_record *m)
{
    return m->move;
}

static void write_string_member(struct json_out *out, const char *key, const char *value)
{
    tourney_json_out_key(out, key);
    tourney_json_out_string_or_null(out, value);
}

/* A column per figure of move_fields.h, in its order: one number per move,
 * null for a move without; a sparse figure's key is left out when no move
 * has it (cpu_ns, measured only with isolation = process). */
static void figure_columns(struct json_out *out, const struct game_record *record)
{
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *column = &tourney_move_columns[c];
        int64_t value = 0;
        bool any = column->presence != MOVE_PRESENCE_SPARSE;
        for (size_t i = 0; !any && i < record->move_count; i++) {
            any = column->get(&record->moves[i], &value);
        }
        if (!any) {
            continue;
        }
        tourney_json_out_key(out, column->key);
        tourney_json_out_open_array(out);
        for (size_t i = 0; i < record->move_count; i++) {
            if (column->get(&record->moves[i], &value)) {
                tourney_json_out_int(out, value);
            } else {
                tourney_json_out_null(out);
            }
        }
        tourney_json_out_close_array(out);
    }
}

void tourney_record_write_json(const struct game_record *record, const char *const names[2],
                               struct json_out *out)
{
    /* Seeds use all 64 bits; JSON readers lose integers past 2^53, so the
     * seed is written as hex text. */
    char seed[17];
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) {
        seed[i] = hex[(record->seed >> (60 - 4 * i)) & 0xf];
    }
    seed[16] = '\0';
    const char *winner = record->result == RESULT_FIRST_WINS    ? names[0]
                         : record->result == RESULT_SECOND_WINS ? names[1]
                                                                : NULL;
    tourney_json_out_open_object(out);
    tourney_json_out_key(out, "game");
    tourney_json_out_int(out, record->index);
    write_string_member(out, "first", names[0]);
    write_string_member(out, "second", names[1]);
    write_string_member(out, "seed", seed);
    /* The opening, where the game has one, before the moves played from it. */
    if (record->opening.position != NULL) {
        write_string_member(out, "opening", record->opening.position);
    }
    if (record->opening.moves_known) {
        tourney_json_out_key(out, "opening_moves");
        tourney_json_out_open_array(out);
        for (size_t i = 0; i < record->opening.move_count; i++) {
            tourney_json_out_int(out, record->opening.moves[i]);
        }
        tourney_json_out_close_array(out);
    }
    move_column(out, "moves", record, get_move);
    /* Who made each move, as one character per move: games need not
     * alternate, and a reader must not have to guess. */
    tourney_json_out_key(out, "seats");
    tourney_json_out_raw_value(out, "\"", 1);
    for (size_t i = 0; i < record->move_count; i++) {
        char seat = (char)('0' + record->moves[i].seat);
        tourney_json_out_raw(out, &seat, 1);
    }
    tourney_json_out_raw(out, "\"", 1);
    write_string_member(out, "result", tourney_result_text(record->result));
    write_string_member(out, "winner", winner);
    write_string_member(out, "termination", tourney_termination_name(record->termination));
    write_string_member(out, "fault", record->fault_seat >= 0 ? names[record->fault_seat] : NULL);
    write_string_member(out, "reason", record->reason[0] ? record->reason : NULL);
    figure_columns(out, record);
    tourney_json_out_key(out, "log");
    tourney_json_out_open_array(out);
    for (size_t i = 0; i < record->log_count; i++) {
        const struct agent_message *m = &record->log[i];
        tourney_json_out_open_object(out);
        write_string_member(out, "agent", names[m->seat]);
        tourney_json_out_key(out, "ply");
        tourney_json_out_int(out, m->ply);
        write_string_member(out, "level", tourney_log_level_name(m->level));
        write_string_member(out, "message", m->text);
        tourney_json_out_close_object(out);
    }
    tourney_json_out_close_array(out);
    tourney_json_out_key(out, "log_dropped");
    tourney_json_out_int(out, (int64_t)record->log_dropped);
    /* What each agent's process printed, only for those that printed. */
    tourney_json_out_key(out, "output");
    tourney_json_out_open_object(out);
    for (int seat = 0; seat < 2; seat++) {
        if (record->output[seat][0] != '\0') {
            write_string_member(out, names[seat], record->output[seat]);
        }
    }
    tourney_json_out_close_object(out);
    tourney_json_out_close_object(out);
}

static int name_index(const char *name, const char *const *names, size_t count, uint32_t *out)
{
    for (size_t i = 0; name != NULL && i < count; i++) {
        if (strcmp(name, names[i]) == 0) {
            *out = (uint32_t)i;
            return 0;
        }
    }
    return -1;
}

/* The integer at POSITION of the array KEY, or false. */
static bool column_int(const json_t *object, const char *key, size_t position, json_int_t *out)
{
    const json_t *value = json_array_get(json_object_get(object, key), position);
    if (!json_is_integer(value)) {
        return false;
    }
    *out = json_integer_value(value);
    return true;
}

/* The figures of move I (move_fields.h) into MOVE. A figure that may be
 * missing reads as missing from null; a sparse one also from its key's
 * absence (cpu_ns is in logs since the runner measured it, and only where
 * it did). */
static int figures_from_json(const json_t *object, uint32_t game, size_t i,
                             struct move_record *move, struct error *err)
{
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *column = &tourney_move_columns[c];
        const json_t *value = json_array_get(json_object_get(object, column->key), i);
        bool has = json_is_integer(value);
        if (!has && (column->presence == MOVE_PRESENCE_ALWAYS ||
                     (column->presence == MOVE_PRESENCE_NULLS && !json_is_null(value)))) {
            return tourney_error_set(err, "game %u: move %zu is incomplete", game, i);
        }
        if (!has && value != NULL && !json_is_null(value)) {
            return tourney_error_set(err, "game %u: move %zu has a %s that is not a number", game,
                                     i, column->key);
        }
        column->set(move, has ? (long long)json_integer_value(value) : 0, has);
    }
    return 0;
}

/* The opening's keys, which a game from the initial position lacks. */
static int opening_from_json(json_t *object, struct game_record *record, struct error *err)
{
    json_t *position = json_object_get(object, "opening");
    json_t *moves = json_object_get(object, "opening_moves");
    if ((position != NULL && !json_is_string(position)) ||
        (moves != NULL && !json_is_array(moves))) {
        return tourney_error_set(err, "game %u: its opening is not a position and its plies",
                                 record->index);
    }
    size_t count = json_array_size(moves);
    int32_t *plies = malloc((count + 1) * sizeof(*plies));
    if (plies == NULL) {
        return tourney_error_nomem(err);
    }
    for (size_t i = 0; i < count; i++) {
        json_t *move = json_array_get(moves, i);
        if (!json_is_integer(move) || json_integer_value(move) < INT32_MIN ||
            json_integer_value(move) > INT32_MAX) {
            free(plies);
            return tourney_error_set(err, "game %u: ply %zu of its opening is not a move",
                                     record->index, i + 1);
        }
        plies[i] = (int32_t)json_integer_value(move);
    }
    int status = tourney_record_opening_set(&record->opening, json_string_value(position), plies,
                                            moves != NULL ? (int32_t)count : -1);
    free(plies);
    return status != 0 ? tourney_error_nomem(err) : 0;
}

int tourney_record_from_json(json_t *object, const char *const *names, size_t name_count,
                             struct game_record *record, struct error *err)
{
    json_int_t index = 0;
    json_int_t log_dropped = 0;
    const char *first = NULL;
    const char *second = NULL;
    const char *seed = NULL;
    const char *seats = NULL;
    const char *result = NULL;
    const char *termination = NULL;
    json_t *fault_value = NULL;
    json_t *reason_value = NULL;
    json_t *moves = NULL;
    json_t *log = NULL;
    json_t *output = NULL;
    json_error_t parse_error;
    if (json_unpack_ex(object, &parse_error, 0,
                       "{s:I, s:s, s:s, s:s, s:o, s:s, s:s, s:s, s?o, s?o, s:o, s:I, s?o}", "game",
                       &index, "first", &first, "second", &second, "seed", &seed, "moves", &moves,
                       "seats", &seats, "result", &result, "termination", &termination, "fault",
                       &fault_value, "reason", &reason_value, "log", &log, "log_dropped",
                       &log_dropped, "output", &output) != 0) {
        return tourney_error_set(err, "%s", parse_error.text);
    }
    if (index < 0 || index > UINT32_MAX) {
        return tourney_error_set(err, "game index %lld is out of range", (long long)index);
    }
    record->index = (uint32_t)index;
    if (name_index(first, names, name_count, &record->agent[0]) != 0 ||
        name_index(second, names, name_count, &record->agent[1]) != 0) {
        return tourney_error_set(err, "game %u names an agent the tournament does not have",
                                 record->index);
    }
    char *end = NULL;
    record->seed = (uint64_t)strtoull(seed, &end, 16);
    if (strlen(seed) != 16 || *end != '\0') {
        return tourney_error_set(err, "game %u: seed '%s' is not 16 hex digits", record->index,
                                 seed);
    }
    if (tourney_result_from_text(result, &record->result) != 0) {
        return tourney_error_set(err, "game %u: unknown result '%s'", record->index, result);
    }
    if (tourney_termination_from_name(termination, &record->termination) != 0) {
        return tourney_error_set(err, "game %u: unknown termination '%s'", record->index,
                                 termination);
    }
    /* fault and reason are null when nobody was at fault. */
    const char *fault = json_string_value(fault_value);
    const char *reason = json_string_value(reason_value);
    uint32_t fault_agent = 0;
    record->fault_seat = -1;
    if (fault != NULL) {
        if (name_index(fault, names, name_count, &fault_agent) != 0 ||
            (fault_agent != record->agent[0] && fault_agent != record->agent[1])) {
            return tourney_error_set(err, "game %u: the agent at fault did not play it",
                                     record->index);
        }
        record->fault_seat = fault_agent == record->agent[0] ? 0 : 1;
    }
    tourney_text_copy(record->reason, sizeof(record->reason), reason ? reason : "");

    size_t count = json_array_size(moves);
    if (strlen(seats) != count) {
        return tourney_error_set(err, "game %u: %zu moves but %zu seats", record->index, count,
                                 strlen(seats));
    }
    for (size_t i = 0; i < count; i++) {
        json_int_t move;
        if (!column_int(object, "moves", i, &move) || (seats[i] != '0' && seats[i] != '1')) {
            return tourney_error_set(err, "game %u: move %zu is incomplete", record->index, i);
        }
        struct move_record entry = {.seat = seats[i] - '0', .move = (int32_t)move};
        if (figures_from_json(object, record->index, i, &entry, err) != 0) {
            return -1;
        }
        if (tourney_record_add_move(record, &entry) != 0) {
            return tourney_error_nomem(err);
        }
    }
    size_t i;
    json_t *message;
    json_array_foreach(log, i, message)
    {
        if (record->log_count == RECORD_LOG_MAX) {
            break;
        }
        struct agent_message *m = &record->log[record->log_count];
        const char *agent = json_string_value(json_object_get(message, "agent"));
        const char *text = json_string_value(json_object_get(message, "message"));
        const char *level = json_string_value(json_object_get(message, "level"));
        uint32_t who = 0;
        if (name_index(agent, names, name_count, &who) != 0 || text == NULL || level == NULL) {
            return tourney_error_set(err, "game %u: log message %zu is incomplete", record->index,
                                     i);
        }
        m->seat = who == record->agent[0] ? 0 : 1;
        m->ply = (int32_t)json_integer_value(json_object_get(message, "ply"));
        m->level = tourney_log_level_from_name(level);
        tourney_text_copy(m->text, sizeof(m->text), text);
        record->log_count++;
    }
    record->log_dropped = (size_t)log_dropped;
    if (opening_from_json(object, record, err) != 0) {
        return -1;
    }
    /* What each agent's process printed, by the name of the agent. */
    const char *players[2] = {first, second};
    for (int seat = 0; seat < 2; seat++) {
        const char *text = json_string_value(json_object_get(output, players[seat]));
        tourney_text_copy(record->output[seat], sizeof(record->output[seat]), text ? text : "");
    }
    return 0;
}
