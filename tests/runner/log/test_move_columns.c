/*
 * Every figure of move_fields.h, whatever the list holds, goes through the
 * log and back: written by tourney_record_write_json, read back by the scan
 * (record_scan.c) and by jansson (record.c) as the value it was, and a
 * figure that may be missing comes back missing (null in the column, or no
 * column at all for a sparse one no move has). The report an agent gives
 * reaches the move record whole (tourney_move_record_set_report), and a
 * MOVED message carries every figure of it.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "log_line.h"
#include "move_columns.h"
#include "protocol.h"
#include "record.h"
#include "record_json.h"
#include "record_scan.h"

static const char *const names[] = {"alpha", "beta"};

/* A value of column C that no other column has, and that fits every
 * figure's type (int32_t at least): 1000 + 7 C, negative for odd C. */
static long long value_of(size_t c)
{
    long long value = 1000 + 7 * (long long)c;
    return c % 2 ? -value : value;
}

/* A game of three moves: the first has every figure, the second only those
 * that cannot be missing (the others absent), the third every figure again
 * with other values. */
static void make_record(struct game_record *record, bool optional)
{
    tourney_record_init(record);
    record->index = 12;
    record->agent[0] = 0;
    record->agent[1] = 1;
    record->seed = 99;
    record->result = RESULT_DRAW;
    for (int i = 0; i < 3; i++) {
        struct move_record move = {.seat = i % 2, .move = i};
        for (size_t c = 0; c < tourney_move_column_count; c++) {
            const struct move_column *column = &tourney_move_columns[c];
            bool has = column->presence == MOVE_PRESENCE_ALWAYS || (optional && i != 1);
            column->set(&move, has ? value_of(c) + i : 0, has);
        }
        assert_int_equal(tourney_record_add_move(record, &move), 0);
    }
}

/* RECORD's figures are those of WRITTEN, column by column. */
static void assert_same_figures(const struct game_record *record,
                                const struct game_record *written)
{
    assert_int_equal(record->move_count, written->move_count);
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *column = &tourney_move_columns[c];
        for (size_t i = 0; i < record->move_count; i++) {
            int64_t got = -1, want = -1;
            bool has = column->get(&record->moves[i], &got);
            assert_int_equal(has, column->get(&written->moves[i], &want));
            if (!has) {
                got = 0; /* a missing figure reads as 0 */
            }
            assert_true(got == want);
        }
    }
}

static void round_trip(bool optional)
{
    struct game_record written;
    make_record(&written, optional);
    char *line = tourney_log_line_of_record(&written, names);
    assert_non_null(line);

    /* Every column that must be there is, in the list's order; a sparse
     * one only where some move has it. */
    const char *at = line;
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *column = &tourney_move_columns[c];
        char key[64];
        snprintf(key, sizeof(key), ",\"%s\":[", column->key);
        const char *found = strstr(line, key);
        if (column->presence == MOVE_PRESENCE_SPARSE && !optional) {
            assert_null(found);
            continue;
        }
        assert_non_null(found);
        assert_true(found > at);
        at = found;
        if (column->presence != MOVE_PRESENCE_ALWAYS) {
            char second[128];
            snprintf(second, sizeof(second), "%s%lld,null,", key, value_of(c));
            char nulls[128];
            snprintf(nulls, sizeof(nulls), "%snull,null,null]", key);
            assert_non_null(strstr(line, optional ? second : nulls));
        }
    }

    struct game_record scanned;
    tourney_record_init(&scanned);
    assert_int_equal(tourney_record_scan(line, names, 2, &scanned), 1);
    assert_same_figures(&scanned, &written);

    json_t *object = tourney_log_line_unseal(line);
    assert_non_null(object);
    struct game_record general;
    tourney_record_init(&general);
    struct error error;
    tourney_error_clear(&error);
    assert_int_equal(tourney_record_from_json(object, names, 2, &general, &error), 0);
    assert_same_figures(&general, &written);

    json_decref(object);
    tourney_record_finish(&general);
    tourney_record_finish(&scanned);
    tourney_record_finish(&written);
    free(line);
}

static void test_every_figure_round_trips(void **state)
{
    (void)state;
    round_trip(true);
}

static void test_missing_figures_stay_missing(void **state)
{
    (void)state;
    round_trip(false);
}

/* A figure the general reader finds where a number should be is refused
 * with its name, never taken as 0. */
static void test_a_figure_that_is_not_a_number_is_refused(void **state)
{
    (void)state;
    for (size_t c = 0; c < tourney_move_column_count; c++) {
        const struct move_column *column = &tourney_move_columns[c];
        struct game_record written;
        make_record(&written, true);
        char *line = tourney_log_line_of_record(&written, names);
        assert_non_null(line);
        json_t *object = tourney_log_line_unseal(line);
        assert_non_null(object);
        json_array_set_new(json_object_get(object, column->key), 1, json_string("7"));
        struct game_record read;
        tourney_record_init(&read);
        struct error error;
        tourney_error_clear(&error);
        assert_int_equal(tourney_record_from_json(object, names, 2, &read, &error), -1);
        char expected[128];
        if (column->presence == MOVE_PRESENCE_SPARSE) {
            snprintf(expected, sizeof(expected), "game 12: move 1 has a %s that is not a number",
                     column->key);
        } else {
            snprintf(expected, sizeof(expected), "game 12: move 1 is incomplete");
        }
        assert_string_equal(error.text, expected);
        tourney_record_finish(&read);
        tourney_record_finish(&written);
        json_decref(object);
        free(line);
    }
}

/* What the agent reports reaches the move record, flags as 0 or 1; and
 * crosses the agent process's wire unchanged. */
static void test_the_report_reaches_the_record(void **state)
{
    (void)state;
    struct tourney_move_report report;
    memset(&report, 0, sizeof(report));
    report.struct_size = sizeof(report);
    report.nodes = UINT64_C(1) << 40;
    report.depth = 9;
    report.score = -31;
    report.has_score = 5;
    struct move_record move = {.time_ns = 3};
    tourney_move_record_set_report(&move, &report);
    assert_true(move.nodes == UINT64_C(1) << 40);
    assert_int_equal(move.depth, 9);
    assert_int_equal(move.score, -31);
    assert_int_equal(move.has_score, 1);
    assert_true(move.time_ns == 3);
    assert_int_equal(move.has_cpu, 0);

    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    const struct msg_moved moved = {.move = 4, .report = report};
    assert_int_equal(tourney_msg_put_moved(&w, 1, &moved), 0);
    struct msg_moved got;
    assert_int_equal(
        tourney_msg_get_moved(w.data + WIRE_HEADER_SIZE, w.length - WIRE_HEADER_SIZE, &got), 0);
    assert_memory_equal(&got.report.nodes, &report.nodes, sizeof(report.nodes));
    assert_int_equal(got.report.depth, 9);
    assert_int_equal(got.report.score, -31);
    assert_int_equal(got.report.has_score, 5);
    tourney_wire_writer_finish(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_figure_round_trips),
        cmocka_unit_test(test_missing_figures_stay_missing),
        cmocka_unit_test(test_a_figure_that_is_not_a_number_is_refused),
        cmocka_unit_test(test_the_report_reaches_the_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
