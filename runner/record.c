#include "record.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

const char *tourney_termination_name(enum termination termination)
{
    switch (termination) {
    case TERMINATION_NORMAL:
        return "normal";
    case TERMINATION_ILLEGAL_MOVE:
        return "illegal_move";
    case TERMINATION_AGENT_ERROR:
        return "agent_error";
    case TERMINATION_COUNT:
        break;
    }
    return "unknown";
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

static const char *level_name(int level)
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
    json_t *log = json_array();
    for (size_t i = 0; log != NULL && i < record->log_count; i++) {
        const struct agent_message *m = &record->log[i];
        json_array_append_new(log, json_pack("{s:s, s:i, s:s, s:s}", "agent", names[m->seat],
                                             "ply", (int)m->ply, "level", level_name(m->level),
                                             "message", m->text));
    }
    json_t *object = json_pack(
        "{s:I, s:s, s:s, s:s, s:o, s:s, s:s?, s:s, s:s?, s:s?, s:o, s:o, s:o, s:o, s:o, s:I}",
        "game", (json_int_t)record->index, "first", names[0], "second", names[1], "seed", seed,
        "moves", move_column(record, get_move), "result", tourney_result_text(record->result),
        "winner", winner, "termination", tourney_termination_name(record->termination),
        "fault", record->fault_seat >= 0 ? names[record->fault_seat] : NULL, "reason",
        record->reason[0] ? record->reason : NULL, "nodes", move_column(record, get_nodes),
        "depth", move_column(record, get_depth), "score", move_column(record, get_score),
        "time_ns", move_column(record, get_time), "log", log ? log : json_array(),
        "log_dropped", (json_int_t)record->log_dropped);
    return object;
}
