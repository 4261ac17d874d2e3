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

#include "log_line.h"
#include "record.h"
#include "record_json.h"

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

/* The record as its games.jsonl line reads back: the parsed object, with the
 * check verified and removed. The line's bytes must be exactly those jansson
 * writes for the object: sealed again with jansson, it is the same line. */
static json_t *object_of(const struct game_record *record, const char *const seat_names[2])
{
    char *line = tourney_log_line_of_record(record, seat_names);
    assert_non_null(line);
    json_t *object = tourney_log_line_unseal(line);
    assert_non_null(object);
    json_t *copy = json_deep_copy(object);
    char *again = tourney_log_line_seal(copy);
    assert_non_null(again);
    assert_string_equal(again, line);
    free(again);
    json_decref(copy);
    free(line);
    return object;
}

static void test_a_record_comes_back_as_written(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    const char *seat_names[2] = {names[2], names[0]};
    json_t *object = object_of(&written, seat_names);
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

/* The line's exact bytes, as jansson's compact dump wrote them before the
 * line was written directly: any change here changes every results log. */
static void test_the_line_is_byte_for_byte_the_logs_format(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    const char *seat_names[2] = {names[2], names[0]};
    char *line = tourney_log_line_of_record(&written, seat_names);
    assert_string_equal(
        line,
        "{\"game\":41,\"first\":\"gamma\",\"second\":\"alpha\",\"seed\":\"0123456789abcdef\","
        "\"moves\":[4,0,8],\"seats\":\"010\",\"result\":\"0-1\",\"winner\":\"alpha\",\"termin"
        "ation\":\"agent_error\",\"fault\":\"gamma\",\"reason\":\"choose_move failed with sta"
        "tus -3 at ply 3\",\"nodes\":[647,0,31],\"depth\":[9,0,7],\"score\":[0,null,-3],\"tim"
        "e_ns\":[1000,200,300],\"log\":[{\"agent\":\"gamma\",\"ply\":3,\"level\":\"error\",\""
        "message\":\"out of time, guessing\"},{\"agent\":\"alpha\",\"ply\":3,\"level\":\"info"
        "\",\"message\":\"hello\"}],\"log_dropped\":5,\"output\":{\"gamma\":\"thinking...\\ns"
        "till thinking\\n\"},\"check\":\"7c80e450da9bd8b051d7dca6044123e9\"}\n");
    free(line);
    tourney_record_finish(&written);

    /* Names and texts that need escapes, UTF-8 kept as it is, nothing played. */
    struct game_record empty;
    tourney_record_init(&empty);
    snprintf(empty.reason, sizeof(empty.reason), "tab\there \x7f");
    const char *awkward[2] = {"h\xc3\xa9 \"q\"", "b\\c\x01"};
    line = tourney_log_line_of_record(&empty, awkward);
    assert_string_equal(
        line,
        "{\"game\":0,\"first\":\"h\xc3"
        "\xa9"
        " \\\"q\\\"\",\"second\":\"b\\\\c\\u0001\",\"see"
        "d\":\"0000000000000000\",\"moves\":[],\"seats\":\"\",\"result\":\"1/2-1/2\",\"winner"
        "\":null,\"termination\":\"normal\",\"fault\":null,\"reason\":\"tab\\there \x7f"
        "\","
        "\"nodes\":[],\"depth\":[],\"score\":[],\"time_ns\":[],\"log\":[],\"log_dropped\":0,"
        "\"output\":{},\"check\":\"8c52b4aa84222b0b73104cd21adaad7c\"}\n");
    free(line);

    /* Text that is not UTF-8 cannot be a JSON string: no line at all. */
    const char *broken[2] = {"ok", "\xc0\x80"};
    assert_null(tourney_log_line_of_record(&empty, broken));
    tourney_record_finish(&empty);
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
        json_t *object = object_of(&written, seat_names);
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
    const char *order[2] = {names[2], names[0]};
    json_t *object = object_of(&written, order);
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
    object = object_of(&written, order);
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

/* The record's keys, in the order of its line. */
static void assert_keys(json_t *object, const char *const *keys, size_t count)
{
    size_t i = 0;
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value)
    {
        assert_true(i < count);
        assert_string_equal(key, keys[i]);
        i++;
    }
    assert_int_equal(i, count);
}

static const char *const seat_names[2] = {"gamma", "alpha"};

/* A game from the initial position has no opening keys: its line is as
 * lines were before openings. */
static void test_no_opening_no_keys(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    json_t *object = object_of(&written, seat_names);
    static const char *const keys[] = {"game",   "first",       "second", "seed",        "moves",
                                       "seats",  "result",      "winner", "termination", "fault",
                                       "reason", "nodes",       "depth",  "score",       "time_ns",
                                       "log",    "log_dropped", "output"};
    assert_keys(object, keys, sizeof(keys) / sizeof(keys[0]));
    struct game_record read;
    tourney_record_init(&read);
    assert_int_equal(tourney_record_from_json(object, names, 3, &read, NULL), 0);
    assert_false(tourney_record_has_opening(&read.opening));
    json_decref(object);
    tourney_record_finish(&read);
    tourney_record_finish(&written);
}

/* A game's key as hex digits, for comparing and printing. */
static void game_key_hex(const struct game_record *record, char out[TOURNEY_DIGEST_HEX])
{
    tourney_digest128_hex(tourney_record_game_key(record), out);
}

/* Writes WRITTEN with the opening POSITION and plies MOVES (COUNT, -1 for
 * none), reads it back and checks the opening came back. Returns the line. */
static char *round_trip(const char *position, const int32_t *moves, int32_t count)
{
    struct game_record written;
    make_record(&written);
    assert_int_equal(tourney_record_opening_set(&written.opening, position, moves, count), 0);
    assert_true(tourney_record_has_opening(&written.opening));
    json_t *object = object_of(&written, seat_names);
    assert_non_null(object);
    struct game_record read;
    tourney_record_init(&read);
    assert_int_equal(tourney_record_from_json(object, names, 3, &read, NULL), 0);
    assert_true(tourney_record_has_opening(&read.opening));
    if (position == NULL) {
        assert_null(read.opening.position);
    } else {
        assert_string_equal(read.opening.position, position);
    }
    assert_int_equal(read.opening.moves_known, count >= 0);
    assert_int_equal(read.opening.move_count, count >= 0 ? count : 0);
    for (int32_t i = 0; i < count; i++) {
        assert_int_equal(read.opening.moves[i], moves[i]);
    }
    char key_written[TOURNEY_DIGEST_HEX];
    char key_read[TOURNEY_DIGEST_HEX];
    game_key_hex(&written, key_written);
    game_key_hex(&read, key_read);
    assert_string_equal(key_read, key_written);
    char *line = json_dumps(object, JSON_COMPACT);
    json_decref(object);
    tourney_record_finish(&read);
    tourney_record_finish(&written);
    return line;
}

static void test_an_opening_comes_back(void **state)
{
    (void)state;
    static const int32_t plies[2] = {0, 4};
    /* Position and plies, before the moves played from them. */
    char *line = round_trip("x . . / . o . / . . .", plies, 2);
    assert_non_null(strstr(line, "\"seed\":\"0123456789abcdef\",\"opening\":\"x . . / . o . / "
                                 ". . .\",\"opening_moves\":[0,4],\"moves\":[4,0,8],"));
    free(line);
    /* Only the position: a file's board whose plies were not found. */
    line = round_trip("x . . / . o . / . . .", NULL, -1);
    assert_non_null(strstr(line, "\"opening\":\"x . . / . o . / . . .\",\"moves\":[4,0,8]"));
    assert_null(strstr(line, "opening_moves"));
    free(line);
    /* Only plies: a game that cannot write positions. */
    line = round_trip(NULL, plies, 2);
    assert_non_null(strstr(line, "\"seed\":\"0123456789abcdef\",\"opening_moves\":[0,4],"));
    free(line);
    /* The initial position given as an opening: no plies, but known. */
    line = round_trip(". . . / . . . / . . .", NULL, 0);
    assert_non_null(strstr(line, "\"opening_moves\":[],"));
    free(line);
}

static void test_a_broken_opening_is_refused(void **state)
{
    (void)state;
    struct game_record written;
    make_record(&written);
    static const char *const broken[][2] = {
        {"opening", "3"},
        {"opening_moves", "{\"a\": 1}"},
        {"opening_moves", "[0, \"b2\"]"},
        {"opening_moves", "[0, 4294967296]"},
    };
    static const char *const expected[] = {
        "game 41: its opening is not a position and its plies",
        "game 41: its opening is not a position and its plies",
        "game 41: ply 2 of its opening is not a move",
        "game 41: ply 2 of its opening is not a move",
    };
    for (size_t i = 0; i < sizeof(broken) / sizeof(broken[0]); i++) {
        json_t *object = object_of(&written, seat_names);
        json_object_set_new(object, broken[i][0], json_loads(broken[i][1], JSON_DECODE_ANY, NULL));
        struct game_record read;
        tourney_record_init(&read);
        struct error error;
        tourney_error_clear(&error);
        assert_int_equal(tourney_record_from_json(object, names, 3, &read, &error), -1);
        assert_string_equal(error.text, expected[i]);
        json_decref(object);
        tourney_record_finish(&read);
    }
    tourney_record_finish(&written);
}

/* The key tells games apart by their opening and their moves, and by
 * nothing else. */
static void test_the_game_key(void **state)
{
    (void)state;
    struct game_record a;
    struct game_record b;
    make_record(&a);
    make_record(&b);
    char key_a[TOURNEY_DIGEST_HEX];
    char key_b[TOURNEY_DIGEST_HEX];
    game_key_hex(&a, key_a);
    /* The digest of a tag and the moves, four bytes each, least significant
     * first. */
    static const unsigned char bytes[] = {'G', 4, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0};
    char expected[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(bytes, sizeof(bytes), expected);
    assert_string_equal(key_a, expected);
    assert_string_equal(key_a, "c80d00d06fe4aa9e11c94ca92cd67ff8");
    /* Times, nodes, players and results do not make another game. */
    b.moves[0].time_ns = 5;
    b.moves[1].nodes = 77;
    b.agent[0] = 1;
    b.result = RESULT_DRAW;
    b.index = 3;
    game_key_hex(&b, key_b);
    assert_string_equal(key_b, key_a);
    /* Another move does. */
    b.moves[2].move = 7;
    game_key_hex(&b, key_b);
    assert_string_not_equal(key_b, key_a);
    b.moves[2].move = 8;
    /* The same moves from an opening are another game, and from another
     * opening another still; where there is a position, it alone counts. */
    static const int32_t plies[2] = {0, 4};
    static const int32_t other_plies[2] = {4, 0};
    assert_int_equal(tourney_record_opening_set(&b.opening, "x", plies, 2), 0);
    char key_x[TOURNEY_DIGEST_HEX];
    game_key_hex(&b, key_x);
    assert_string_not_equal(key_x, key_a);
    assert_int_equal(tourney_record_opening_set(&b.opening, "x", other_plies, 2), 0);
    game_key_hex(&b, key_b);
    assert_string_equal(key_b, key_x);
    assert_int_equal(tourney_record_opening_set(&b.opening, "y", plies, 2), 0);
    game_key_hex(&b, key_b);
    assert_string_not_equal(key_b, key_x);
    assert_string_not_equal(key_b, key_a);
    /* Without a position, the plies count. */
    char key_plies[TOURNEY_DIGEST_HEX];
    assert_int_equal(tourney_record_opening_set(&b.opening, NULL, plies, 2), 0);
    game_key_hex(&b, key_plies);
    assert_int_equal(tourney_record_opening_set(&b.opening, NULL, other_plies, 2), 0);
    game_key_hex(&b, key_b);
    assert_string_not_equal(key_b, key_plies);
    assert_string_not_equal(key_plies, key_a);
    assert_string_not_equal(key_plies, key_x);
    /* No plies from the initial position is an opening too. */
    assert_int_equal(tourney_record_opening_set(&b.opening, NULL, NULL, 0), 0);
    game_key_hex(&b, key_b);
    assert_string_not_equal(key_b, key_a);
    tourney_record_finish(&a);
    tourney_record_finish(&b);
}

/* The words of a line read back into their values, and every other word
 * refused or read as a level's default. */
static void test_words_read_back(void **state)
{
    (void)state;
    static const enum game_result results[] = {RESULT_FIRST_WINS, RESULT_SECOND_WINS, RESULT_DRAW};
    for (size_t i = 0; i < 3; i++) {
        enum game_result read = RESULT_DRAW;
        assert_int_equal(tourney_result_from_text(tourney_result_text(results[i]), &read), 0);
        assert_int_equal(read, results[i]);
    }
    enum game_result unchanged = RESULT_FIRST_WINS;
    assert_int_equal(tourney_result_from_text("1-1", &unchanged), -1);
    assert_int_equal(tourney_result_from_text("1/2", &unchanged), -1);
    assert_int_equal(tourney_result_from_text("", &unchanged), -1);
    assert_int_equal(unchanged, RESULT_FIRST_WINS);
    assert_int_equal(tourney_log_level_from_name("error"), 0);
    assert_int_equal(tourney_log_level_from_name("warning"), 1);
    assert_int_equal(tourney_log_level_from_name("info"), 2);
    assert_int_equal(tourney_log_level_from_name("debug"), 3);
    assert_int_equal(tourney_log_level_from_name("fatal"), 2);
    assert_int_equal(tourney_log_level_from_name("Error"), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_record_comes_back_as_written),
        cmocka_unit_test(test_the_line_is_byte_for_byte_the_logs_format),
        cmocka_unit_test(test_a_line_without_a_field_is_refused),
        cmocka_unit_test(test_cpu_times_come_back_or_are_absent),
        cmocka_unit_test(test_no_opening_no_keys),
        cmocka_unit_test(test_an_opening_comes_back),
        cmocka_unit_test(test_a_broken_opening_is_refused),
        cmocka_unit_test(test_the_game_key),
        cmocka_unit_test(test_words_read_back),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
