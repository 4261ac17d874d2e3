#include "record.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

void tourney_record_init(struct game_record *record)
{
    memset(record, 0, sizeof(*record));
    record->fault_seat = -1;
}

void tourney_record_finish(struct game_record *record)
{
    free(record->moves);
    memset(record, 0, sizeof(*record));
}

int tourney_record_add_move(struct game_record *record, const struct move_record *move)
{
    if (record->move_count == record->move_capacity) {
        size_t capacity = record->move_capacity ? record->move_capacity * 2 : 16;
        struct move_record *moves = realloc(record->moves, capacity * sizeof(*moves));
        if (moves == NULL) {
            return -1;
        }
        record->moves = moves;
        record->move_capacity = capacity;
    }
    record->moves[record->move_count++] = *move;
    return 0;
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
    snprintf(entry->text, sizeof(entry->text), "%s", text ? text : "(null)");
    tourney_make_printable(entry->text, false);
}

void tourney_record_set_output(struct game_record *record, int seat, const char *text,
                               size_t length)
{
    char *out = record->output[seat];
    size_t keep = length < RECORD_OUTPUT_EXCERPT ? length : RECORD_OUTPUT_EXCERPT;
    memcpy(out, text + (length - keep), keep);
    out[keep] = '\0';
    /* A NUL byte in the output would cut the excerpt short. */
    for (size_t i = 0; i < keep; i++) {
        out[i] = out[i] == '\0' ? '?' : out[i];
    }
    tourney_make_printable(out, true);
}

struct digest128 tourney_record_game_key(const struct game_record *record)
{
    /* The moves in pieces of a fixed size, each piece's digest seeding the
     * next: no allocation, whatever the game's length. The key never leaves
     * memory, so the bytes' order on this machine does not matter. */
    enum { PIECE = 64 };
    int32_t moves[PIECE];
    struct digest128 key = tourney_digest128(NULL, 0, record->move_count);
    for (size_t start = 0; start < record->move_count; start += PIECE) {
        size_t count = record->move_count - start < PIECE ? record->move_count - start : PIECE;
        for (size_t i = 0; i < count; i++) {
            moves[i] = record->moves[start + i].move;
        }
        struct digest128 piece = tourney_digest128(moves, count * sizeof(moves[0]), key.low);
        key.high ^= piece.high;
        key.low = piece.low;
    }
    return key;
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

const char *tourney_log_level_name(int level)
{
    static const char *const names[] = {"error", "warning", "info", "debug"};
    return level >= 0 && level < 4 ? names[level] : "info";
}

/* Appends one number per move, taken from the move records by GET. */
static json_t *move_column(const struct game_record *record,
                           json_t *(*get)(const struct move_record *move))
{
    json_t *array = json_array();
    for (size_t i = 0; array != NULL && i < record->move_count; i++) {
        if (json_array_append_new(array, get(&record->moves[i])) != 0) {
            json_decref(array);
            return NULL;
        }
    }
    return array;
}

static json_t *get_move(const struct move_record *m)
{
    return json_integer(m->move);
}

static json_t *get_nodes(const struct move_record *m)
{
    return json_integer((json_int_t)m->nodes);
}

static json_t *get_depth(const struct move_record *m)
{
    return json_integer(m->depth);
}

static json_t *get_score(const struct move_record *m)
{
    return m->has_score ? json_integer(m->score) : json_null();
}

static json_t *get_time(const struct move_record *m)
{
    return json_integer((json_int_t)m->time_ns);
}

json_t *tourney_record_to_json(const struct game_record *record, const char *const names[2])
{
    /* Seeds use all 64 bits; JSON readers lose integers past 2^53, so the
     * seed is written as hex text. */
    char seed[17];
    snprintf(seed, sizeof(seed), "%016" PRIx64, record->seed);
    const char *winner = record->result == RESULT_FIRST_WINS    ? names[0]
                         : record->result == RESULT_SECOND_WINS ? names[1]
                                                                : NULL;
    /* Who made each move, as one character per move: games need not
     * alternate, and a reader must not have to guess. */
    char *seats = malloc(record->move_count + 1);
    if (seats == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < record->move_count; i++) {
        seats[i] = (char)('0' + record->moves[i].seat);
    }
    seats[record->move_count] = '\0';
    json_t *log = json_array();
    for (size_t i = 0; log != NULL && i < record->log_count; i++) {
        const struct agent_message *m = &record->log[i];
        json_array_append_new(
            log, json_pack("{s:s, s:i, s:s, s:s}", "agent", names[m->seat], "ply", (int)m->ply,
                           "level", tourney_log_level_name(m->level), "message", m->text));
    }
    /* What each agent's process printed, only for those that printed. */
    json_t *output = json_object();
    for (int seat = 0; output != NULL && seat < 2; seat++) {
        if (record->output[seat][0] != '\0') {
            json_object_set_new(output, names[seat], json_string(record->output[seat]));
        }
    }
    json_t *object = json_pack(
        "{s:I, s:s, s:s, s:s, s:o, s:s, s:s, s:s?, s:s, s:s?, s:s?, s:o, s:o, s:o, s:o, s:o, s:I, "
        "s:o}",
        "game", (json_int_t)record->index, "first", names[0], "second", names[1], "seed", seed,
        "moves", move_column(record, get_move), "seats", seats, "result",
        tourney_result_text(record->result), "winner", winner, "termination",
        tourney_termination_name(record->termination), "fault",
        record->fault_seat >= 0 ? names[record->fault_seat] : NULL, "reason",
        record->reason[0] ? record->reason : NULL, "nodes", move_column(record, get_nodes),
        "depth", move_column(record, get_depth), "score", move_column(record, get_score),
        "time_ns", move_column(record, get_time), "log", log ? log : json_array(), "log_dropped",
        (json_int_t)record->log_dropped, "output", output ? output : json_object());
    free(seats);
    return object;
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
    if (strcmp(result, "1-0") == 0) {
        record->result = RESULT_FIRST_WINS;
    } else if (strcmp(result, "0-1") == 0) {
        record->result = RESULT_SECOND_WINS;
    } else if (strcmp(result, "1/2-1/2") == 0) {
        record->result = RESULT_DRAW;
    } else {
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
    snprintf(record->reason, sizeof(record->reason), "%s", reason ? reason : "");

    size_t count = json_array_size(moves);
    if (strlen(seats) != count) {
        return tourney_error_set(err, "game %u: %zu moves but %zu seats", record->index, count,
                                 strlen(seats));
    }
    for (size_t i = 0; i < count; i++) {
        json_int_t move, nodes, depth, time_ns, score = 0;
        const json_t *score_value = json_array_get(json_object_get(object, "score"), i);
        if (!column_int(object, "moves", i, &move) || !column_int(object, "nodes", i, &nodes) ||
            !column_int(object, "depth", i, &depth) ||
            !column_int(object, "time_ns", i, &time_ns) || (seats[i] != '0' && seats[i] != '1') ||
            !(json_is_null(score_value) || json_is_integer(score_value))) {
            return tourney_error_set(err, "game %u: move %zu is incomplete", record->index, i);
        }
        if (json_is_integer(score_value)) {
            score = json_integer_value(score_value);
        }
        struct move_record entry = {
            .seat = seats[i] - '0',
            .move = (int32_t)move,
            .depth = (int32_t)depth,
            .score = (int32_t)score,
            .has_score = json_is_integer(score_value),
            .nodes = (uint64_t)nodes,
            .time_ns = (uint64_t)time_ns,
        };
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
        m->level = 2;
        for (int l = 0; l < 4; l++) {
            m->level = strcmp(level, tourney_log_level_name(l)) == 0 ? l : m->level;
        }
        snprintf(m->text, sizeof(m->text), "%s", text);
        record->log_count++;
    }
    record->log_dropped = (size_t)log_dropped;
    /* What each agent's process printed, by the name of the agent. */
    const char *players[2] = {first, second};
    for (int seat = 0; seat < 2; seat++) {
        const char *text = json_string_value(json_object_get(output, players[seat]));
        snprintf(record->output[seat], sizeof(record->output[seat]), "%s", text ? text : "");
    }
    return 0;
}
