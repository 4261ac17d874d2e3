/*
 * A game's record through its line in games.jsonl and back: everything the
 * reports show of a game comes back as it was written (resumed runs,
 * `tourney report`, merges and the games report.html shows all read it
 * back), and a line that lacks what a record needs is refused.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "record.h"

static const char *const names[] = {"alpha", "beta", "gamma"};

/* gamma (seat 0) against alpha (seat 1): three moves, the third an error
 * of gamma's; two log messages; only gamma printed anything. */
static void make_record(struct game_record *record)
{
    tourney_record_init(record);
    record->index = 41;
    record->agent[0] = 2;
    record->agent[1] = 0;
    record->seed = UINT64_C(0x0123456789abcdef);
    const struct move_record moves[] = {
        {.seat = 0,
         .move = 4,
         .depth = 9,
         .score = 0,
         .has_score = 1,
         .nodes = 647,
         .time_ns = 1000},
        {.seat = 1, .move = 0, .depth = 0, .has_score = 0, .nodes = 0, .time_ns = 200},
        {.seat = 0,
         .move = 8,
         .depth = 7,
         .score = -3,
         .has_score = 1,
         .nodes = 31,
         .time_ns = 300},
    };
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(tourney_record_add_move(record, &moves[i]), 0);
    }
    tourney_record_add_log(record, 0, 0, "out of time, guessing");
    tourney_record_add_log(record, 1, 2, "hello");
    record->log_dropped = 5;
    record->result = RESULT_SECOND_WINS;
    record->termination = TERMINATION_AGENT_ERROR;
    record->fault_seat = 0;
    snprintf(record->reason, sizeof(record->reason), "choose_move failed with status -3 at ply 3");
    static const char printed[] = "thinking...\nstill thinking\n";
    tourney_record_set_output(record, 0, printed, strlen(printed));
}

static void test_a_record_comes_back_as_written(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    const char *seat_names[2] = {names[2], names[0]};
    json_t *object = tourney_record_to_json(&written, seat_names);
    assert_non_null(object);
    struct game_record read;
    tourney_record_init(&read);
    struct error error;
    tourney_error_clear(&error);
    assert_int_equal(tourney_record_from_json(object, names, 3, &read, &error), 0);
    assert_string_equal(error.text, "");

    assert_int_equal(read.index, 41);
    assert_int_equal(read.agent[0], 2);
    assert_int_equal(read.agent[1], 0);
    assert_true(read.seed == UINT64_C(0x0123456789abcdef));
    assert_int_equal(read.move_count, 3);
    for (size_t i = 0; i < 3; i++) {
        const struct move_record *a = &written.moves[i];
        const struct move_record *b = &read.moves[i];
        assert_int_equal(b->seat, a->seat);
        assert_int_equal(b->move, a->move);
        assert_int_equal(b->depth, a->depth);
        assert_int_equal(b->has_score, a->has_score);
        assert_int_equal(b->score, a->has_score ? a->score : 0);
        assert_int_equal(b->nodes, a->nodes);
        assert_int_equal(b->time_ns, a->time_ns);
    }
    assert_int_equal(read.result, RESULT_SECOND_WINS);
    assert_int_equal(read.termination, TERMINATION_AGENT_ERROR);
    assert_int_equal(read.fault_seat, 0);
    assert_string_equal(read.reason, "choose_move failed with status -3 at ply 3");
    assert_int_equal(read.log_count, 2);
    assert_int_equal(read.log[0].seat, 0);
    assert_int_equal(read.log[0].level, 0);
    assert_int_equal(read.log[0].ply, 3);
    assert_string_equal(read.log[0].text, "out of time, guessing");
    assert_int_equal(read.log[1].seat, 1);
    assert_int_equal(read.log[1].level, 2);
    assert_string_equal(read.log[1].text, "hello");
    assert_int_equal(read.log_dropped, 5);
    assert_string_equal(read.output[0], written.output[0]);
    assert_string_equal(read.output[0], "thinking...\nstill thinking\n");
    assert_string_equal(read.output[1], "");

    json_decref(object);
    tourney_record_finish(&read);
    tourney_record_finish(&written);
}

static void test_a_line_without_a_field_is_refused(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    const char *seat_names[2] = {names[2], names[0]};
    static const char *const required[] = {"game",  "first",      "second", "seed",
                                           "moves", "seats",      "result", "termination",
                                           "log",   "log_dropped"};
    for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
        json_t *object = tourney_record_to_json(&written, seat_names);
        assert_non_null(object);
        assert_int_equal(json_object_del(object, required[i]), 0);
        struct game_record read;
        tourney_record_init(&read);
        struct error error;
        tourney_error_clear(&error);
        assert_int_equal(tourney_record_from_json(object, names, 3, &read, &error), -1);
        assert_string_not_equal(error.text, "");
        json_decref(object);
        tourney_record_finish(&read);
    }
    tourney_record_finish(&written);
}

/* Reads OBJECT back into RECORD, which the caller finishes. */
static int read_back(json_t *object, struct game_record *record, struct error *error)
{
    tourney_record_init(record);
    tourney_error_clear(error);
    return tourney_record_from_json(object, names, 3, record, error);
}

/* cpu_ns: written for the moves that have it (null for the others), left
 * out when no move has it (isolation = none), read as absent from lines of
 * runners that did not measure it, and refused when it is not a number. */
static void test_cpu_times_come_back_or_are_absent(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    const char *seat_names[2] = {names[2], names[0]};
    json_t *object = tourney_record_to_json(&written, seat_names);
    assert_null(json_object_get(object, "cpu_ns"));
    struct game_record read;
    struct error error;
    assert_int_equal(read_back(object, &read, &error), 0);
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(read.moves[i].has_cpu, 0);
        assert_int_equal(read.moves[i].cpu_ns, 0);
    }
    tourney_record_finish(&read);
    json_decref(object);

    written.moves[0].has_cpu = 1;
    written.moves[0].cpu_ns = 5000;
    written.moves[2].has_cpu = 1;
    written.moves[2].cpu_ns = UINT64_C(7000000001);
    object = tourney_record_to_json(&written, seat_names);
    char *column = json_dumps(json_object_get(object, "cpu_ns"), JSON_COMPACT);
    assert_string_equal(column, "[5000,null,7000000001]");
    free(column);
    assert_int_equal(read_back(object, &read, &error), 0);
    assert_int_equal(read.moves[0].has_cpu, 1);
    assert_int_equal(read.moves[0].cpu_ns, 5000);
    assert_int_equal(read.moves[1].has_cpu, 0);
    assert_int_equal(read.moves[2].has_cpu, 1);
    assert_true(read.moves[2].cpu_ns == UINT64_C(7000000001));
    tourney_record_finish(&read);

    /* A line of a runner before cpu_ns. */
    assert_int_equal(json_object_del(object, "cpu_ns"), 0);
    assert_int_equal(read_back(object, &read, &error), 0);
    assert_int_equal(read.move_count, 3);
    assert_int_equal(read.moves[0].has_cpu, 0);
    assert_int_equal(read.moves[2].has_cpu, 0);
    assert_int_equal(read.moves[2].time_ns, 300);
    tourney_record_finish(&read);

    json_object_set_new(object, "cpu_ns", json_pack("[s, n, i]", "fast", 7));
    assert_int_equal(read_back(object, &read, &error), -1);
    assert_string_equal(error.text, "game 41: move 0 has a cpu_ns that is not a number");
    tourney_record_finish(&read);
    json_decref(object);
    tourney_record_finish(&written);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_record_comes_back_as_written),
        cmocka_unit_test(test_a_line_without_a_field_is_refused),
        cmocka_unit_test(test_cpu_times_come_back_or_are_absent),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
