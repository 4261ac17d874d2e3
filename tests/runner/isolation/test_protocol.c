/*
 * The protocol between the runner and agent processes: every message reads
 * back as it was written, and whatever is not a well-formed frame or
 * message is refused (truncated, too long, trailing bytes, bad strings,
 * another version, absurd counts) without reading past the bytes given.
 */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include <tourney/agent.h>

#include "protocol.h"
#include "wire.h"

/* The frame in W: checks its header and hands out its payload. */
static const unsigned char *payload_of(const struct wire_writer *w, uint16_t type,
                                       uint32_t sequence, size_t *length)
{
    struct wire_header h;
    struct error error;
    assert_int_equal(tourney_wire_frame(w->data, w->length, PROTOCOL_VERSION, &h, &error), 1);
    assert_int_equal(h.type, type);
    assert_int_equal(h.sequence, sequence);
    assert_int_equal(h.length + WIRE_HEADER_SIZE, w->length);
    *length = h.length;
    return w->data + WIRE_HEADER_SIZE;
}

/* Every proper prefix of a payload, and the payload with a byte more, is
 * refused by DECODE. The copies are exactly as long as given, so a
 * sanitizer sees any read past them. */
static void refuses_damaged(const unsigned char *payload, size_t length,
                            int (*decode)(const void *, size_t, void *))
{
    for (size_t cut = 0; cut < length; cut++) {
        unsigned char *copy = malloc(cut + 1);
        assert_non_null(copy);
        memcpy(copy, payload, cut);
        assert_int_not_equal(decode(copy, cut, NULL), 0);
        free(copy);
    }
    unsigned char *longer = malloc(length + 1);
    assert_non_null(longer);
    memcpy(longer, payload, length);
    longer[length] = 0;
    assert_int_not_equal(decode(longer, length + 1, NULL), 0);
    free(longer);
}

static int decode_load(const void *p, size_t n, void *unused)
{
    struct msg_load m;
    (void)unused;
    return tourney_msg_get_load(p, n, &m);
}

static int decode_loaded(const void *p, size_t n, void *unused)
{
    struct msg_loaded m;
    (void)unused;
    int status = tourney_msg_get_loaded(p, n, &m);
    if (status == 0) {
        tourney_msg_loaded_finish(&m);
    }
    return status;
}

static int decode_move(const void *p, size_t n, void *unused)
{
    struct msg_move m;
    (void)unused;
    return tourney_msg_get_move(p, n, &m);
}

static int decode_moved(const void *p, size_t n, void *unused)
{
    struct msg_moved m;
    (void)unused;
    return tourney_msg_get_moved(p, n, &m);
}

static int decode_new_game(const void *p, size_t n, void *unused)
{
    struct msg_new_game m;
    (void)unused;
    return tourney_msg_get_new_game(p, n, &m);
}

static int decode_log(const void *p, size_t n, void *unused)
{
    struct msg_log m;
    (void)unused;
    return tourney_msg_get_log(p, n, &m);
}

static void test_load_round_trip(void **state)
{
    (void)state;
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    const struct tourney_param_value values[3] = {{3}, {-4}, {INT64_MIN}};
    const struct msg_load sent = {
        .kind = TOURNEY_KIND_AGENT,
        .flags = LOAD_SANDBOX | LOAD_SANDBOX_REQUIRED,
        .memory_bytes = UINT64_C(1) << 40,
        .path = "/some/agent.so",
        .game_path = NULL,
        .game_params = {.count = 3, .values = values},
    };
    assert_int_equal(tourney_msg_put_load(&w, 7, &sent), 0);
    size_t length;
    const unsigned char *payload = payload_of(&w, MSG_LOAD, 7, &length);
    struct msg_load got;
    assert_int_equal(tourney_msg_get_load(payload, length, &got), 0);
    assert_int_equal(got.kind, TOURNEY_KIND_AGENT);
    assert_int_equal(got.flags, LOAD_SANDBOX | LOAD_SANDBOX_REQUIRED);
    assert_true(got.memory_bytes == UINT64_C(1) << 40);
    assert_string_equal(got.path, "/some/agent.so");
    assert_null(got.game_path);
    assert_int_equal(got.game_params.count, 3);
    assert_null(got.game_params.values);
    assert_true(tourney_msg_value(&got.game_params, 0) == 3);
    assert_true(tourney_msg_value(&got.game_params, 1) == -4);
    assert_true(tourney_msg_value(&got.game_params, 2) == INT64_MIN);
    refuses_damaged(payload, length, decode_load);
    tourney_wire_writer_finish(&w);
}

static void test_loaded_round_trip(void **state)
{
    (void)state;
    static const char *const words[] = {"lowest", "random", NULL};
    const struct tourney_param_info params[2] = {
        {.name = "depth",
         .type = TOURNEY_PARAM_INT,
         .default_value = "4",
         .min = -1,
         .max = 64,
         .help = "plies"},
        {.name = "tie_break",
         .type = TOURNEY_PARAM_CHOICE,
         .default_value = "lowest",
         .choices = words,
         .help = NULL},
    };
    const struct msg_loaded sent = {
        .sandbox = SANDBOX_STATE_UNAVAILABLE,
        .sandbox_error = "no seccomp",
        .state_size = 18,
        .move_limit = 9,
        .max_plies = 9,
        .name = "negamax",
        .description = "searches",
        .id = "org.tourney.negamax",
        .param_count = 2,
        .params = params,
    };
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    assert_int_equal(tourney_msg_put_loaded(&w, 1, &sent), 0);
    size_t length;
    const unsigned char *payload = payload_of(&w, MSG_LOADED, 1, &length);
    struct msg_loaded got;
    assert_int_equal(tourney_msg_get_loaded(payload, length, &got), 0);
    assert_int_equal(got.sandbox, SANDBOX_STATE_UNAVAILABLE);
    assert_string_equal(got.sandbox_error, "no seccomp");
    assert_int_equal(got.state_size, 18);
    assert_int_equal(got.move_limit, 9);
    assert_string_equal(got.name, "negamax");
    assert_string_equal(got.id, "org.tourney.negamax");
    assert_null(got.version); /* absent stays absent */
    assert_int_equal(got.param_count, 2);
    assert_string_equal(got.params[0].name, "depth");
    assert_true(got.params[0].min == -1 && got.params[0].max == 64);
    assert_string_equal(got.params[0].help, "plies");
    assert_null(got.params[0].choices);
    assert_int_equal(got.params[1].type, TOURNEY_PARAM_CHOICE);
    assert_string_equal(got.params[1].choices[0], "lowest");
    assert_string_equal(got.params[1].choices[1], "random");
    assert_null(got.params[1].choices[2]);
    assert_null(got.params[1].help);
    tourney_msg_loaded_finish(&got);
    refuses_damaged(payload, length, decode_loaded);
    tourney_wire_writer_finish(&w);
}

static void test_game_messages_round_trip(void **state)
{
    (void)state;
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    size_t length;
    const unsigned char *payload;

    const struct tourney_param_value values[1] = {{9}};
    const struct msg_new_game game = {
        .random_seed = UINT64_MAX - 5, .seat = 1, .params = {.count = 1, .values = values}};
    assert_int_equal(tourney_msg_put_new_game(&w, 2, &game), 0);
    payload = payload_of(&w, MSG_NEW_GAME, 2, &length);
    struct msg_new_game got_game;
    assert_int_equal(tourney_msg_get_new_game(payload, length, &got_game), 0);
    assert_true(got_game.random_seed == UINT64_MAX - 5);
    assert_int_equal(got_game.seat, 1);
    assert_true(tourney_msg_value(&got_game.params, 0) == 9);
    refuses_damaged(payload, length, decode_new_game);

    const unsigned char board[5] = {1, 0, 2, 0, 1};
    const struct msg_move move = {.ply = 4,
                                  .start_ns = UINT64_MAX - 50,
                                  .budget_ns = 50,
                                  .deadline_ns = UINT64_MAX,
                                  .remaining_ns = 9000000000,
                                  .increment_ns = 100000000,
                                  .opponent_remaining_ns = 1,
                                  .state = board,
                                  .state_size = sizeof(board)};
    assert_int_equal(tourney_msg_put_move(&w, 3, &move), 0);
    payload = payload_of(&w, MSG_MOVE, 3, &length);
    struct msg_move got_move;
    assert_int_equal(tourney_msg_get_move(payload, length, &got_move), 0);
    assert_int_equal(got_move.ply, 4);
    assert_true(got_move.start_ns == UINT64_MAX - 50);
    assert_true(got_move.budget_ns == 50);
    assert_true(got_move.deadline_ns == UINT64_MAX);
    assert_true(got_move.remaining_ns == UINT64_C(9000000000));
    assert_true(got_move.increment_ns == UINT64_C(100000000));
    assert_true(got_move.opponent_remaining_ns == 1);
    assert_int_equal(got_move.state_size, sizeof(board));
    assert_memory_equal(got_move.state, board, sizeof(board));
    refuses_damaged(payload, length, decode_move);

    const struct msg_moved moved = {
        .outcome = {.status = -2, .log_dropped = 3, .peak_kb = 1 << 20, .memory_low = 1},
        .move = 7,
        .report = {.nodes = UINT64_C(1) << 50, .depth = -1, .score = -999999, .has_score = 1}};
    assert_int_equal(tourney_msg_put_moved(&w, 3, &moved), 0);
    payload = payload_of(&w, MSG_MOVED, 3, &length);
    struct msg_moved got_moved;
    assert_int_equal(tourney_msg_get_moved(payload, length, &got_moved), 0);
    assert_int_equal(got_moved.outcome.status, -2);
    assert_int_equal(got_moved.outcome.log_dropped, 3);
    assert_int_equal(got_moved.outcome.memory_low, 1);
    assert_int_equal(got_moved.move, 7);
    assert_true(got_moved.report.nodes == UINT64_C(1) << 50);
    assert_int_equal(got_moved.report.depth, -1);
    assert_int_equal(got_moved.report.score, -999999);
    assert_int_equal(got_moved.report.has_score, 1);
    assert_int_equal(got_moved.report.struct_size, sizeof(struct tourney_move_report));
    refuses_damaged(payload, length, decode_moved);

    const struct msg_log log = {.level = TOURNEY_LOG_WARNING, .text = "careful"};
    assert_int_equal(tourney_msg_put_log(&w, 3, &log), 0);
    payload = payload_of(&w, MSG_LOG, 3, &length);
    struct msg_log got_log;
    assert_int_equal(tourney_msg_get_log(payload, length, &got_log), 0);
    assert_int_equal(got_log.level, TOURNEY_LOG_WARNING);
    assert_string_equal(got_log.text, "careful");
    refuses_damaged(payload, length, decode_log);

    assert_int_equal(tourney_msg_put_empty(&w, MSG_END_GAME, 4), 0);
    payload = payload_of(&w, MSG_END_GAME, 4, &length);
    assert_int_equal(tourney_msg_get_empty(payload, length), 0);
    tourney_wire_writer_finish(&w);
}

static int decode_executing(const void *p, size_t n, void *unused)
{
    struct msg_executing m;
    (void)unused;
    return tourney_msg_get_executing(p, n, &m);
}

static int decode_dying(const void *p, size_t n, void *unused)
{
    uint32_t signal_number;
    (void)unused;
    return tourney_msg_get_dying(p, n, &signal_number);
}

/* Protocol 4 holds the frames of agents that are programs (EXEC,
 * EXECUTING with its Landlock fields) beside DYING. */
static void test_exec_and_dying_round_trip(void **state)
{
    (void)state;
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    const char *const argv[] = {"/usr/bin/python3", "agent.py", NULL};
    const char *const reads[] = {"/games/mnk.so", "/cfg/lib", NULL};
    const struct msg_exec exec = {.flags = 3,
                                  .memory_bytes = UINT64_C(1) << 30,
                                  .dir = "/cfg",
                                  .argc = 2,
                                  .argv = argv,
                                  .read_count = 2,
                                  .reads = reads};
    assert_int_equal(tourney_msg_put_exec(&w, 9, &exec), 0);
    size_t length;
    const unsigned char *payload = payload_of(&w, MSG_EXEC, 9, &length);
    struct msg_exec got;
    assert_int_equal(tourney_msg_get_exec(payload, length, &got), 0);
    assert_int_equal(got.flags, 3);
    assert_true(got.memory_bytes == UINT64_C(1) << 30);
    assert_string_equal(got.dir, "/cfg");
    assert_int_equal(got.argc, 2);
    assert_string_equal(got.argv[0], "/usr/bin/python3");
    assert_string_equal(got.argv[1], "agent.py");
    assert_null(got.argv[2]);
    assert_int_equal(got.read_count, 2);
    assert_string_equal(got.reads[0], "/games/mnk.so");
    assert_string_equal(got.reads[1], "/cfg/lib");
    assert_null(got.reads[2]);
    tourney_msg_exec_finish(&got);
    tourney_wire_writer_finish(&w);

    /* A path to read that is not absolute is no request the runner makes. */
    tourney_wire_writer_init(&w, NULL, 0);
    const char *const relative[] = {"lib", NULL};
    const struct msg_exec bad = {
        .dir = "/cfg", .argc = 2, .argv = argv, .read_count = 1, .reads = relative};
    assert_int_equal(tourney_msg_put_exec(&w, 9, &bad), 0);
    payload = payload_of(&w, MSG_EXEC, 9, &length);
    assert_int_equal(tourney_msg_get_exec(payload, length, &got), -1);
    tourney_wire_writer_finish(&w);

    tourney_wire_writer_init(&w, NULL, 0);
    const struct msg_executing executing = {.sandbox = SANDBOX_STATE_UNAVAILABLE,
                                            .sandbox_error = "no seccomp",
                                            .landlock_abi = 0,
                                            .landlock_error = "no Landlock"};
    assert_int_equal(tourney_msg_put_executing(&w, 9, &executing), 0);
    payload = payload_of(&w, MSG_EXECUTING, 9, &length);
    struct msg_executing answer;
    assert_int_equal(tourney_msg_get_executing(payload, length, &answer), 0);
    assert_int_equal(answer.sandbox, SANDBOX_STATE_UNAVAILABLE);
    assert_string_equal(answer.sandbox_error, "no seccomp");
    assert_int_equal(answer.landlock_abi, 0);
    assert_string_equal(answer.landlock_error, "no Landlock");
    refuses_damaged(payload, length, decode_executing);
    tourney_wire_writer_finish(&w);

    tourney_wire_writer_init(&w, NULL, 0);
    const struct msg_executing confined = {.sandbox = SANDBOX_STATE_ACTIVE, .landlock_abi = 6};
    assert_int_equal(tourney_msg_put_executing(&w, 10, &confined), 0);
    payload = payload_of(&w, MSG_EXECUTING, 10, &length);
    assert_int_equal(tourney_msg_get_executing(payload, length, &answer), 0);
    assert_int_equal(answer.sandbox, SANDBOX_STATE_ACTIVE);
    assert_null(answer.sandbox_error);
    assert_int_equal(answer.landlock_abi, 6);
    assert_null(answer.landlock_error);
    tourney_wire_writer_finish(&w);

    tourney_wire_writer_init(&w, NULL, 0);
    assert_int_equal(tourney_msg_put_dying(&w, 11, 6), 0);
    payload = payload_of(&w, MSG_DYING, 11, &length);
    uint32_t signal_number = 0;
    assert_int_equal(tourney_msg_get_dying(payload, length, &signal_number), 0);
    assert_int_equal(signal_number, 6);
    refuses_damaged(payload, length, decode_dying);
    tourney_wire_writer_finish(&w);
    assert_string_equal(tourney_msg_name(MSG_DYING), "DYING");
    assert_string_equal(tourney_msg_name(MSG_EXECUTING), "EXECUTING");

    /* Protocol 5: OUTSIDE, a signal from outside the tournament, holds
     * what DYING holds in a frame of its own type. */
    tourney_wire_writer_init(&w, NULL, 0);
    assert_int_equal(tourney_msg_put_outside(&w, 12, 15), 0);
    payload = payload_of(&w, MSG_OUTSIDE, 12, &length);
    assert_int_equal(tourney_msg_get_outside(payload, length, &signal_number), 0);
    assert_int_equal(signal_number, 15);
    refuses_damaged(payload, length, decode_dying);
    tourney_wire_writer_finish(&w);
    assert_string_equal(tourney_msg_name(MSG_OUTSIDE), "OUTSIDE");
}

static void test_frames_are_checked(void **state)
{
    (void)state;
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    assert_int_equal(tourney_msg_put_empty(&w, MSG_QUIT, 9), 0);
    struct wire_header h;
    struct error error;
    /* Not all there yet: wait for more. */
    for (size_t cut = 0; cut < WIRE_HEADER_SIZE; cut++) {
        assert_int_equal(tourney_wire_frame(w.data, cut, PROTOCOL_VERSION, &h, &error), 0);
    }
    /* Another version is refused, naming both. */
    assert_int_equal(tourney_wire_frame(w.data, w.length, PROTOCOL_VERSION + 1, &h, &error), -1);
    assert_non_null(strstr(error.text, "protocol version"));
    /* Garbage is refused at its first four bytes. */
    assert_int_equal(tourney_wire_frame("junk", 4, PROTOCOL_VERSION, &h, &error), -1);
    assert_non_null(strstr(error.text, "magic number"));
    /* A length past the limit is refused before anything is allocated. */
    unsigned char huge[WIRE_HEADER_SIZE];
    memcpy(huge, w.data, sizeof(huge));
    huge[11] = 0x7f;
    assert_int_equal(tourney_wire_frame(huge, sizeof(huge), PROTOCOL_VERSION, &h, &error), -1);
    assert_non_null(strstr(error.text, "more than"));
    tourney_wire_writer_finish(&w);
}

static void test_strings_are_checked(void **state)
{
    (void)state;
    struct wire_writer w;
    tourney_wire_writer_init(&w, NULL, 0);
    /* A LOG whose text has a NUL inside, and one without its final NUL. */
    tourney_wire_begin(&w, PROTOCOL_VERSION, MSG_LOG, 1);
    tourney_wire_put_u32(&w, 0);
    tourney_wire_put_bytes(&w, "a\0b", 4);
    assert_int_equal(tourney_wire_end(&w), 0);
    size_t length;
    const unsigned char *payload = payload_of(&w, MSG_LOG, 1, &length);
    struct msg_log log;
    assert_int_not_equal(tourney_msg_get_log(payload, length, &log), 0);
    tourney_wire_begin(&w, PROTOCOL_VERSION, MSG_LOG, 1);
    tourney_wire_put_u32(&w, 0);
    tourney_wire_put_bytes(&w, "abc", 3);
    assert_int_equal(tourney_wire_end(&w), 0);
    payload = payload_of(&w, MSG_LOG, 1, &length);
    assert_int_not_equal(tourney_msg_get_log(payload, length, &log), 0);
    /* LOADED claiming a billion parameters is refused, not allocated. */
    tourney_wire_begin(&w, PROTOCOL_VERSION, MSG_LOADED, 1);
    tourney_wire_put_u32(&w, 0);
    tourney_wire_put_string(&w, NULL);
    tourney_wire_put_u64(&w, 0);
    tourney_wire_put_i32(&w, 0);
    tourney_wire_put_i32(&w, 0);
    tourney_wire_put_string(&w, "x");
    tourney_wire_put_string(&w, NULL);
    tourney_wire_put_u32(&w, 1000000000);
    assert_int_equal(tourney_wire_end(&w), 0);
    payload = payload_of(&w, MSG_LOADED, 1, &length);
    struct msg_loaded loaded;
    assert_int_not_equal(tourney_msg_get_loaded(payload, length, &loaded), 0);
    tourney_wire_writer_finish(&w);
}

static void test_fixed_writer_never_allocates(void **state)
{
    (void)state;
    unsigned char buffer[40];
    struct wire_writer w;
    tourney_wire_writer_init(&w, buffer, sizeof(buffer));
    const struct msg_memory note = {.peak_kb = 5, .limit_kb = 6, .signal = 11};
    assert_int_equal(tourney_msg_put_memory(&w, 2, &note), 0);
    assert_ptr_equal(w.data, buffer);
    size_t length;
    const unsigned char *payload = payload_of(&w, MSG_MEMORY, 2, &length);
    struct msg_memory got;
    assert_int_equal(tourney_msg_get_memory(payload, length, &got), 0);
    assert_int_equal(got.signal, 11);
    /* Too small: the frame fails instead of overflowing the buffer. */
    const struct msg_log log = {.level = 0, .text = "a message longer than forty bytes, surely"};
    assert_int_not_equal(tourney_msg_put_log(&w, 2, &log), 0);
    tourney_wire_writer_finish(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_round_trip),
        cmocka_unit_test(test_loaded_round_trip),
        cmocka_unit_test(test_game_messages_round_trip),
        cmocka_unit_test(test_exec_and_dying_round_trip),
        cmocka_unit_test(test_frames_are_checked),
        cmocka_unit_test(test_strings_are_checked),
        cmocka_unit_test(test_fixed_writer_never_allocates),
    };
    return cmocka_run_group_tests_name("protocol", tests, NULL, NULL);
}
