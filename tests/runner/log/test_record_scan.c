/*
 * A game's log line read straight from its text (record_scan.c) gives the
 * record the general way gives (log_line.c's unseal, then
 * tourney_record_from_json), field by field, for every kind of line
 * tourney writes; and it leaves every other line to the general way,
 * with the record as it was given: lines with messages or output, names or
 * reasons beyond printable ASCII, lines written otherwise, integers jansson
 * would refuse, lines whose check does not hold.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "digest.h"
#include "log_line.h"
#include "record.h"
#include "record_json.h"
#include "record_scan.h"

static const char *const names[] = {"alpha", "beta", "gamma", "\xc3\xa9lan"};
enum { NAME_COUNT = 4 };

static void add_move(struct game_record *record, struct move_record move)
{
    assert_int_equal(tourney_record_add_move(record, &move), 0);
}

/* gamma (seat 0) against alpha (seat 1), with every kind of move value:
 * scores and CPU times there or not, node counts past INT64_MAX (written
 * negative), a move and a depth below zero. */
static void make_record(struct game_record *record)
{
    tourney_record_init(record);
    record->index = 4000000000u;
    record->agent[0] = 2;
    record->agent[1] = 0;
    record->seed = UINT64_C(0xfedcba9876543210);
    add_move(record, (struct move_record){.seat = 0,
                                          .move = 4,
                                          .depth = 9,
                                          .score = -1000000,
                                          .has_score = 1,
                                          .has_cpu = 1,
                                          .nodes = UINT64_C(18446744073709551615),
                                          .time_ns = 1000,
                                          .cpu_ns = 900});
    add_move(record, (struct move_record){.seat = 1, .move = -1, .depth = -2, .time_ns = 0});
    add_move(record, (struct move_record){.seat = 0,
                                          .move = 2147483647,
                                          .depth = 7,
                                          .score = 0,
                                          .has_score = 1,
                                          .has_cpu = 1,
                                          .nodes = UINT64_C(9223372036854775808),
                                          .time_ns = UINT64_C(123456789012345),
                                          .cpu_ns = 0});
    record->result = RESULT_SECOND_WINS;
    record->termination = TERMINATION_TIME_FORFEIT;
    record->fault_seat = 0;
    snprintf(record->reason, sizeof(record->reason), "no move within 1000 ms (took 1/2 s more)");
    record->log_dropped = 7;
}

static void assert_same_records(const struct game_record *a, const struct game_record *b)
{
    assert_int_equal(a->index, b->index);
    assert_int_equal(a->agent[0], b->agent[0]);
    assert_int_equal(a->agent[1], b->agent[1]);
    assert_true(a->seed == b->seed);
    assert_int_equal(a->opening.position == NULL, b->opening.position == NULL);
    if (a->opening.position != NULL) {
        assert_string_equal(a->opening.position, b->opening.position);
    }
    assert_int_equal(a->opening.moves_known, b->opening.moves_known);
    assert_int_equal(a->opening.move_count, b->opening.move_count);
    for (size_t i = 0; i < a->opening.move_count; i++) {
        assert_int_equal(a->opening.moves[i], b->opening.moves[i]);
    }
    assert_int_equal(a->move_count, b->move_count);
    for (size_t i = 0; i < a->move_count; i++) {
        const struct move_record *x = &a->moves[i];
        const struct move_record *y = &b->moves[i];
        assert_int_equal(x->seat, y->seat);
        assert_int_equal(x->move, y->move);
        assert_int_equal(x->depth, y->depth);
        assert_int_equal(x->score, y->score);
        assert_int_equal(x->has_score, y->has_score);
        assert_int_equal(x->has_cpu, y->has_cpu);
        assert_true(x->nodes == y->nodes);
        assert_true(x->time_ns == y->time_ns);
        assert_true(x->cpu_ns == y->cpu_ns);
    }
    assert_int_equal(a->result, b->result);
    assert_int_equal(a->termination, b->termination);
    assert_int_equal(a->fault_seat, b->fault_seat);
    assert_string_equal(a->reason, b->reason);
    assert_int_equal(a->log_count, b->log_count);
    for (size_t i = 0; i < a->log_count; i++) {
        assert_int_equal(a->log[i].seat, b->log[i].seat);
        assert_int_equal(a->log[i].ply, b->log[i].ply);
        assert_int_equal(a->log[i].level, b->log[i].level);
        assert_string_equal(a->log[i].text, b->log[i].text);
    }
    assert_int_equal(a->log_dropped, b->log_dropped);
    assert_string_equal(a->output[0], b->output[0]);
    assert_string_equal(a->output[1], b->output[1]);
}

/* LINE read the general way, which must read it into RECORD. */
static void read_generally(const char *line, struct game_record *record)
{
    json_t *object = tourney_log_line_unseal(line);
    assert_non_null(object);
    struct error error;
    tourney_error_clear(&error);
    tourney_record_init(record);
    assert_int_equal(tourney_record_from_json(object, names, NAME_COUNT, record, &error), 0);
    json_decref(object);
}

/* LINE read both ways: the same record, which must also be WRITTEN's where
 * WRITTEN is not NULL. */
static void assert_scanned_as_read(const char *line, const struct game_record *written)
{
    struct game_record scanned, general;
    tourney_record_init(&scanned);
    assert_int_equal(tourney_record_scan(line, names, NAME_COUNT, &scanned), 1);
    read_generally(line, &general);
    assert_same_records(&scanned, &general);
    if (written != NULL) {
        assert_same_records(&scanned, written);
    }
    tourney_record_finish(&scanned);
    tourney_record_finish(&general);
}

static char *line_of(const struct game_record *record)
{
    const char *seat_names[2] = {names[record->agent[0]], names[record->agent[1]]};
    char *line = tourney_log_line_of_record(record, seat_names);
    assert_non_null(line);
    return line;
}

/* LINE with FROM replaced by TO, sealed again as tourney seals a line (the
 * digest of the new text before the check). */
static char *edited(const char *line, const char *from, const char *to)
{
    const char *at = strstr(line, from);
    assert_non_null(at);
    const char *tail = strstr(line, ",\"check\":\"");
    assert_non_null(tail);
    assert_true(at < tail);
    size_t length = strlen(line) + strlen(to) + 64;
    char *body = malloc(length);
    char *sealed = malloc(length);
    assert_non_null(body);
    assert_non_null(sealed);
    snprintf(body, length, "%.*s%s%.*s}", (int)(at - line), line, to,
             (int)(tail - at - strlen(from)), at + strlen(from));
    char check[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(body, strlen(body), check);
    body[strlen(body) - 1] = '\0';
    snprintf(sealed, length, "%s,\"check\":\"%s\"}\n", body, check);
    free(body);
    return sealed;
}

/* LINE holds its check, but the general way refuses the game in it. */
static void assert_refused_generally(const char *line)
{
    json_t *object = tourney_log_line_unseal(line);
    assert_non_null(object);
    struct error error;
    tourney_error_clear(&error);
    struct game_record record;
    tourney_record_init(&record);
    assert_int_equal(tourney_record_from_json(object, names, NAME_COUNT, &record, &error), -1);
    tourney_record_finish(&record);
    json_decref(object);
}

/* LINE is left to the general way, RECORD as it was given. */
static void assert_left_alone(const char *line)
{
    struct game_record record;
    tourney_record_init(&record);
    assert_int_equal(tourney_record_scan(line, names, NAME_COUNT, &record), 0);
    assert_int_equal(record.move_count, 0);
    assert_null(record.moves);
    assert_null(record.opening.position);
    assert_false(record.opening.moves_known);
    assert_int_equal(record.index, 0);
    tourney_record_finish(&record);
}

static void test_every_kind_of_move_value(void **state)
{
    (void)state;
    struct game_record record;
    make_record(&record);
    char *line = line_of(&record);
    assert_scanned_as_read(line, &record);
    free(line);

    /* A draw without a fault or a reason, no CPU time measured (the key is
     * left out), no moves at all. */
    tourney_record_finish(&record);
    tourney_record_init(&record);
    record.agent[0] = 1;
    record.agent[1] = 2;
    record.result = RESULT_DRAW;
    line = line_of(&record);
    assert_null(strstr(line, "cpu_ns"));
    assert_scanned_as_read(line, &record);
    free(line);
    tourney_record_finish(&record);
}

static void test_openings(void **state)
{
    (void)state;
    struct game_record record;
    make_record(&record);
    static const int32_t plies[] = {6, 7, -8};
    /* A position and its plies; the plies alone; a position alone; no
     * plies at all, but known. */
    assert_int_equal(tourney_record_opening_set(&record.opening, ". . . / x o x", plies, 3), 0);
    char *line = line_of(&record);
    assert_scanned_as_read(line, &record);
    free(line);
    assert_int_equal(tourney_record_opening_set(&record.opening, NULL, plies, 3), 0);
    line = line_of(&record);
    assert_scanned_as_read(line, &record);
    free(line);
    assert_int_equal(tourney_record_opening_set(&record.opening, "x . o", NULL, -1), 0);
    line = line_of(&record);
    assert_scanned_as_read(line, &record);
    free(line);
    assert_int_equal(tourney_record_opening_set(&record.opening, NULL, plies, 0), 0);
    line = line_of(&record);
    assert_scanned_as_read(line, &record);
    free(line);
    /* Plies past an int32_t, which jansson's way refuses. */
    assert_int_equal(tourney_record_opening_set(&record.opening, NULL, plies, 3), 0);
    line = line_of(&record);
    static const char *const beyond[] = {"[6,7,2147483648]", "[-2147483649,7,-8]"};
    for (size_t i = 0; i < sizeof(beyond) / sizeof(beyond[0]); i++) {
        char *changed = edited(line, "[6,7,-8]", beyond[i]);
        assert_left_alone(changed);
        assert_refused_generally(changed);
        free(changed);
    }
    free(line);
    tourney_record_finish(&record);
}

/* What the agents said and printed, with every escape of ASCII, cut where
 * the record's room ends; messages past the record's sixteen read through. */
static void test_messages_and_output(void **state)
{
    (void)state;
    struct game_record record;
    make_record(&record);
    /* Set past tourney_record_add_log, which makes messages printable: the
     * reader reads what any line holds. */
    tourney_record_add_log(&record, 1, 0, "");
    snprintf(record.log[0].text, sizeof(record.log[0].text), "%s",
             "quote \" backslash \\ slash / tab \t bell \a");
    tourney_record_add_log(&record, 0, 3, "");
    snprintf(record.log[1].text, sizeof(record.log[1].text), "%s", "line\nbreak\r\b\f\x1f\x7f");
    char long_text[RECORD_LOG_TEXT + 100];
    memset(long_text, 'm', sizeof(long_text) - 1);
    long_text[sizeof(long_text) - 1] = '\0';
    tourney_record_add_log(&record, 0, 1, long_text);
    tourney_record_set_output(&record, 0, "thinking...\nstill thinking\n", 27);
    tourney_record_set_output(&record, 1, "\"done\"", 6);
    snprintf(record.reason, sizeof(record.reason), "said \"no\" at\tply 3");
    char *line = line_of(&record);
    assert_non_null(strstr(line, "\\u0007"));
    assert_scanned_as_read(line, NULL);
    free(line);

    /* Only seat 1 printed; nothing was logged but output was. */
    record.log_count = 0;
    record.output[0][0] = '\0';
    line = line_of(&record);
    assert_scanned_as_read(line, NULL);
    free(line);

    /* Written otherwise but read alike: \u escapes of ASCII (in either
     * case), a message or an output longer than the record keeps, more
     * messages than it keeps (those past it by any agent, even one not in
     * the tournament, as jansson's way never looks at them). */
    tourney_record_add_log(&record, 1, 2, "hello");
    char *logged = line_of(&record);
    char *changed = edited(logged, "hello", "\\u0068\\u0065\\u006C\\u006c\\u006F");
    assert_scanned_as_read(changed, NULL);
    free(changed);
    /* Levels tourney does not write: read as info both ways. */
    static const char *const levels[] = {"\"level\":\"fatal\"",
                                         "\"level\":\"a-level-longer-than-any-word\""};
    for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
        changed = edited(logged, "\"level\":\"info\"", levels[i]);
        assert_scanned_as_read(changed, NULL);
        free(changed);
    }
    /* A message by an agent of the tournament that did not play the game:
     * seat 1, as jansson's way puts it. */
    changed = edited(logged, "\"agent\":\"alpha\"", "\"agent\":\"beta\"");
    assert_scanned_as_read(changed, NULL);
    free(changed);
    char big[RECORD_OUTPUT_EXCERPT + 300];
    memset(big, 'o', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    char *member_text = malloc(sizeof(big) + 32);
    assert_non_null(member_text);
    snprintf(member_text, sizeof(big) + 32, "\"output\":{\"alpha\":\"%s", big);
    changed = edited(logged, "\"output\":{\"alpha\":\"", member_text);
    assert_scanned_as_read(changed, NULL);
    free(changed);
    free(member_text);
    free(logged);
    for (int i = 0; i < RECORD_LOG_MAX + 2; i++) {
        tourney_record_add_log(&record, i % 2, 2, "again");
    }
    assert_int_equal(record.log_count, RECORD_LOG_MAX);
    line = line_of(&record);
    changed = edited(line, "}],\"log_dropped\"",
                     "},{\"agent\":\"delta\",\"ply\":2,\"level\":\"warning\",\"message\":"
                     "\"late\"}],\"log_dropped\"");
    assert_scanned_as_read(changed, NULL);
    free(changed);
    free(line);
    tourney_record_finish(&record);
}

/* Lines tourney does not write, but reads: both ways alike. */
static void test_lines_read_alike_beyond_what_is_written(void **state)
{
    (void)state;
    struct game_record record;
    make_record(&record);
    char *line = line_of(&record);
    /* A reason longer than a record keeps: cut to 255 characters. */
    char reason[400];
    memset(reason, 'r', 300);
    reason[300] = '\0';
    char *changed = edited(line, "no move within 1000 ms (took 1/2 s more)", reason);
    assert_scanned_as_read(changed, NULL);
    free(changed);
    /* Upper-case hex in the seed; the extremes of a long long. */
    changed = edited(line, "fedcba9876543210", "FEDCBA9876543210");
    assert_scanned_as_read(changed, &record);
    free(changed);
    changed = edited(line, "\"log_dropped\":7", "\"log_dropped\":9223372036854775807");
    assert_scanned_as_read(changed, NULL);
    free(changed);
    changed = edited(line, "\"depth\":[9,", "\"depth\":[-9223372036854775808,");
    assert_scanned_as_read(changed, NULL);
    free(changed);
    free(line);
    tourney_record_finish(&record);
}

static void test_other_lines_are_left_to_the_general_way(void **state)
{
    (void)state;
    struct game_record record;
    make_record(&record);
    char *line = line_of(&record);

    /* A name beyond ASCII; the same agent in both seats with output; a
     * message with an escape of a character beyond ASCII, or of NUL, or one
     * JSON does not have; a control character as it is; output under the
     * name of an agent that did not play. */
    struct game_record with;
    make_record(&with);
    with.agent[1] = 3;
    char *other = line_of(&with);
    assert_left_alone(other);
    free(other);
    with.agent[1] = 2;
    tourney_record_set_output(&with, 1, "me too", 6);
    other = line_of(&with);
    assert_left_alone(other);
    free(other);
    tourney_record_finish(&with);
    make_record(&with);
    tourney_record_add_log(&with, 1, 2, "hello");
    char *logged = line_of(&with);
    static const char *const escapes[] = {"h\\u00e9llo", "h\\u0000ll", "h\\xllo", "h\tllo"};
    for (size_t i = 0; i < sizeof(escapes) / sizeof(escapes[0]); i++) {
        other = edited(logged, "hello", escapes[i]);
        assert_left_alone(other);
        free(other);
    }
    /* A message by an agent the tournament does not have. */
    other = edited(logged, "\"agent\":\"alpha\"", "\"agent\":\"delta\"");
    assert_left_alone(other);
    assert_refused_generally(other);
    free(other);
    free(logged);
    tourney_record_set_output(&with, 0, "thinking", 8);
    logged = line_of(&with);
    other = edited(logged, "\"output\":{\"gamma\"", "\"output\":{\"beta\"");
    assert_left_alone(other);
    free(other);
    free(logged);
    tourney_record_finish(&with);

    /* Integers jansson refuses or reads otherwise: past a long long, with a
     * leading zero, a fraction; minus zero. */
    static const char *const numbers[][2] = {
        {"\"log_dropped\":7", "\"log_dropped\":9223372036854775808"},
        {"\"depth\":[9,", "\"depth\":[-9223372036854775809,"},
        {"\"depth\":[9,", "\"depth\":[09,"},
        {"\"depth\":[9,", "\"depth\":[9.0,"},
        {"\"depth\":[9,", "\"depth\":[9e0,"},
        {"\"depth\":[9,", "\"depth\":[-0,"},
    };
    for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
        other = edited(line, numbers[i][0], numbers[i][1]);
        assert_left_alone(other);
        free(other);
    }

    /* Written otherwise: a space, another order, a column longer than the
     * moves, an opening of ply 65. */
    other = edited(line, "\"game\":", "\"game\": ");
    assert_left_alone(other);
    free(other);
    other = edited(line, "\"first\":\"gamma\",\"second\":\"alpha\"",
                   "\"second\":\"alpha\",\"first\":\"gamma\"");
    assert_left_alone(other);
    free(other);
    other = edited(line, "\"depth\":[9,", "\"depth\":[9,9,");
    assert_left_alone(other);
    free(other);

    /* What the general way refuses: a seed too short, an agent not in the
     * tournament, an unknown result, a fault by a bystander, a seat '2', a
     * check that does not hold. */
    static const char *const wrong[][2] = {
        {"fedcba9876543210", "fedcba987654321"},
        {"\"first\":\"gamma\"", "\"first\":\"delta\""},
        {"\"result\":\"0-1\"", "\"result\":\"1-1\""},
        {"\"fault\":\"gamma\"", "\"fault\":\"beta\""},
        {"\"seats\":\"010\"", "\"seats\":\"012\""},
    };
    for (size_t i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++) {
        other = edited(line, wrong[i][0], wrong[i][1]);
        assert_left_alone(other);
        assert_refused_generally(other);
        free(other);
    }
    other = strdup(line);
    assert_non_null(other);
    char *result = strstr(other, "\"0-1\"");
    result[1] = '1';
    result[3] = '0';
    assert_left_alone(other);
    assert_null(tourney_log_line_unseal(other));
    free(other);
    free(line);
    tourney_record_finish(&record);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_of_move_value),
        cmocka_unit_test(test_openings),
        cmocka_unit_test(test_messages_and_output),
        cmocka_unit_test(test_lines_read_alike_beyond_what_is_written),
        cmocka_unit_test(test_other_lines_are_left_to_the_general_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
