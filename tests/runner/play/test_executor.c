/*
 * The referee: games between real plugins end as the rules say, faults lose
 * the game and are charged to the agent at fault, and seeds replay games;
 * all of it the same with agents in the runner and in processes of their own.
 */
#include "test.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "executor.h"
#include "game_adapter.h"
#include "host_path.h"
#include "local_seat.h"
#include "plugin.h"
#include "process_seat.h"

struct fixture {
    struct plugin game_plugin;
    struct game_adapter game;
    struct plugin first_open;
    struct plugin random;
    struct plugin misbehaving;
    struct match_rules rules;
    bool isolated; /* play through agent processes */
    char *host;
    struct isolation_limits limits;
    struct process_settings settings;
    struct tourney_param_value game_params[3];
};

static int setup(void **state)
{
    static struct fixture f;
    struct error err;
    memset(&f, 0, sizeof(f));
    assert_int_equal(tourney_plugin_open(&f.game_plugin, TOURNEY_TEST_GAME_DIR "/mnk.so",
                                         TOURNEY_KIND_GAME, &err),
                     0);
    const struct tourney_param_value mnk[3] = {{3}, {3}, {3}};
    assert_int_equal(tourney_game_adapter_init(&f.game, &f.game_plugin, mnk, &err), 0);
    assert_int_equal(tourney_plugin_open(&f.first_open, TOURNEY_TEST_AGENT_DIR "/first-open.so",
                                         TOURNEY_KIND_AGENT, &err),
                     0);
    assert_int_equal(tourney_plugin_open(&f.random, TOURNEY_TEST_AGENT_DIR "/random.so",
                                         TOURNEY_KIND_AGENT, &err),
                     0);
    assert_int_equal(tourney_plugin_open(&f.misbehaving,
                                         TOURNEY_TEST_PLUGIN_DIR "/misbehaving_agent.so",
                                         TOURNEY_KIND_AGENT, &err),
                     0);
    f.rules = (struct match_rules){.game = &f.game, .move_ns = 1000000000, .setup_ns = 1000000000};
    f.host = tourney_agent_host_path(TOURNEY_TEST_BUILD_ROOT "/tests/test-executor");
    f.limits = (struct isolation_limits){.time_margin_ns = 500000000,
                                         .memory_bytes = UINT64_C(1073741824),
                                         .output_limit_bytes = 65536};
    memcpy(f.game_params, mnk, sizeof(mnk));
    f.settings = (struct process_settings){.host_path = f.host,
                                           .limits = &f.limits,
                                           .sandbox = true,
                                           .game_path = f.game_plugin.path,
                                           .game_params = f.game_params,
                                           .game_param_count = 3};
    *state = &f;
    return 0;
}

static int setup_isolated(void **state)
{
    setup(state);
    ((struct fixture *)*state)->isolated = true;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    tourney_game_adapter_finish(&f->game);
    tourney_plugin_close(&f->misbehaving);
    tourney_plugin_close(&f->random);
    tourney_plugin_close(&f->first_open);
    tourney_plugin_close(&f->game_plugin);
    free(f->host);
    return 0;
}

static const struct tourney_param_value no_params[1];

static void play(struct fixture *f, const struct plugin *a, const struct tourney_param_value *pa,
                 const struct plugin *b, const struct tourney_param_value *pb, uint64_t seed,
                 struct game_record *record)
{
    const struct scheduled_game scheduled = {.index = 3, .agent = {5, 6}, .seed = seed};
    struct local_seat local[2];
    struct process_seat process[2];
    struct seat seats[2];
    const struct plugin *plugins[2] = {a, b};
    const struct tourney_param_value *params[2] = {pa, pb};
    for (int i = 0; i < 2; i++) {
        seats[i] = f->isolated ? tourney_process_seat(&process[i], &f->settings, plugins[i]->path,
                                                      params[i], plugins[i]->agent->param_count)
                               : tourney_local_seat(&local[i], plugins[i]->agent, params[i]);
    }
    tourney_record_init(record);
    struct error error;
    assert_int_equal(tourney_play_game(&f->rules, seats, &scheduled, record, &error), 0);
    for (int i = 0; f->isolated && i < 2; i++) {
        tourney_process_seat_finish(&process[i]);
    }
    assert_int_equal(record->index, 3);
    assert_int_equal(record->agent[0], 5);
    assert_int_equal(record->agent[1], 6);
}

static void test_rules_end_the_game(void **state)
{
    struct fixture *f = *state;
    struct game_record r;
    play(f, &f->first_open, no_params, &f->first_open, no_params, 1, &r);
    /* x 0, o 1, x 2, o 3, x 4, o 5, x 6: x completes the diagonal 2-4-6. */
    assert_int_equal(r.move_count, 7);
    for (size_t i = 0; i < r.move_count; i++) {
        assert_int_equal(r.moves[i].move, (int32_t)i);
        assert_int_equal(r.moves[i].seat, (int32_t)(i % 2));
        assert_int_equal(r.moves[i].nodes, 1);
    }
    assert_int_equal(r.result, RESULT_FIRST_WINS);
    assert_int_equal(r.termination, TERMINATION_NORMAL);
    assert_int_equal(r.fault_seat, -1);
    tourney_record_finish(&r);
}

static void test_fault(struct fixture *f, const char *mode, int seat, enum termination termination,
                       size_t moves, const char *reason, const char *logged)
{
    static const char *const modes[] = {"illegal", "out-of-range", "error", "create-fails"};
    struct tourney_param_value param = {0};
    while (strcmp(modes[param.i], mode) != 0) {
        param.i++;
    }
    struct game_record r;
    if (seat == 0) {
        play(f, &f->misbehaving, &param, &f->first_open, no_params, 9, &r);
    } else {
        play(f, &f->first_open, no_params, &f->misbehaving, &param, 9, &r);
    }
    assert_int_equal(r.termination, termination);
    assert_int_equal(r.fault_seat, seat);
    assert_int_equal(r.result, seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS);
    assert_int_equal(r.move_count, moves);
    assert_string_equal(r.reason, reason);
    if (logged != NULL) {
        assert_int_equal(r.log_count, 1);
        assert_int_equal(r.log[0].seat, seat);
        assert_string_equal(r.log[0].text, logged);
    } else {
        assert_int_equal(r.log_count, 0);
    }
    tourney_record_finish(&r);
}

static void test_illegal_move_loses(void **state)
{
    /* The misbehaving agent plays legally before ply 2 and then picks the
     * lowest occupied cell, cell 0, taken at ply 0. */
    test_fault(*state, "illegal", 0, TERMINATION_ILLEGAL_MOVE, 2,
               "move 0 is not legal at ply 2 (7 legal moves)", NULL);
    test_fault(*state, "illegal", 1, TERMINATION_ILLEGAL_MOVE, 3,
               "move 0 is not legal at ply 3 (6 legal moves)", NULL);
}

static void test_out_of_range_move_loses(void **state)
{
    test_fault(*state, "out-of-range", 1, TERMINATION_ILLEGAL_MOVE, 3,
               "move 16 is not legal at ply 3 (6 legal moves)", NULL);
}

static void test_failed_move_loses(void **state)
{
    test_fault(*state, "error", 0, TERMINATION_AGENT_ERROR, 2,
               "choose_move failed with status -3 at ply 2", "giving up on purpose");
}

static void test_failed_create_loses(void **state)
{
    test_fault(*state, "create-fails", 1, TERMINATION_AGENT_ERROR, 0,
               "create failed with status -1", "refusing to be created");
}

/* When both creates fail, the first seat is at fault and the second seat's
 * agent was never made: with agent processes, which make both agents at
 * the same time, the second one's doings leave no trace. */
static void test_first_failed_create_wins(void **state)
{
    struct fixture *f = *state;
    struct tourney_param_value fails = {3}; /* create-fails */
    struct game_record r;
    play(f, &f->misbehaving, &fails, &f->misbehaving, &fails, 9, &r);
    assert_int_equal(r.termination, TERMINATION_AGENT_ERROR);
    assert_int_equal(r.fault_seat, 0);
    assert_int_equal(r.log_count, 1);
    assert_int_equal(r.log[0].seat, 0);
    assert_string_equal(r.log[0].text, "refusing to be created");
    tourney_record_finish(&r);
}

/* An agent that writes into the position it is given, which is const: in
 * the runner's process it loses for it; in a process of its own it wrote
 * into its own copy, and the game is the rules'. */
static void test_changed_position(void **state)
{
    struct fixture *f = *state;
    struct plugin scribbler;
    struct error err;
    assert_int_equal(tourney_plugin_open(&scribbler, TOURNEY_TEST_PLUGIN_DIR "/zoo_const_state.so",
                                         TOURNEY_KIND_AGENT, &err),
                     0);
    struct game_record r;
    play(f, &scribbler, no_params, &f->first_open, no_params, 9, &r);
    if (f->isolated) {
        assert_int_equal(r.termination, TERMINATION_NORMAL);
        assert_int_equal(r.result, RESULT_FIRST_WINS);
        assert_int_equal(r.move_count, 7);
    } else {
        assert_int_equal(r.termination, TERMINATION_AGENT_ERROR);
        assert_int_equal(r.fault_seat, 0);
        assert_int_equal(r.result, RESULT_SECOND_WINS);
        assert_int_equal(r.move_count, 2);
        assert_string_equal(r.reason,
                            "changed the position it was given (which is const) at ply 2");
    }
    tourney_record_finish(&r);
    tourney_plugin_close(&scribbler);
}

static void test_seed_replays_game(void **state)
{
    struct fixture *f = *state;
    struct game_record a, b;
    int different = 0;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        play(f, &f->random, no_params, &f->random, no_params, seed, &a);
        play(f, &f->random, no_params, &f->random, no_params, seed, &b);
        assert_int_equal(a.move_count, b.move_count);
        for (size_t i = 0; i < a.move_count; i++) {
            assert_int_equal(a.moves[i].move, b.moves[i].move);
        }
        tourney_record_finish(&b);
        play(f, &f->random, no_params, &f->random, no_params, seed + 100, &b);
        bool same = a.move_count == b.move_count;
        for (size_t i = 0; same && i < a.move_count; i++) {
            same = a.moves[i].move == b.moves[i].move;
        }
        different += !same;
        tourney_record_finish(&a);
        tourney_record_finish(&b);
    }
    /* Other seeds give other games (a coincidence over 5 pairs is ~impossible). */
    assert_true(different >= 4);
}

/* A seat that plays the lowest legal move after sleeping SLEEP_NS, and
 * keeps the requests it was given. */
struct timed_seat {
    const struct match_rules *rules;
    uint64_t sleep_ns;
    struct tourney_move_request requests[8];
    struct move_limits limits[8]; /* each request's */
    size_t request_count;
};

static int timed_begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                       struct game_record *record, struct seat_fault *fault, struct error *err)
{
    (void)game_seed, (void)seat, (void)record, (void)fault, (void)err;
    struct timed_seat *t = self;
    t->rules = rules;
    return 0;
}

static int timed_begun(void *self, struct seat_fault *fault, struct error *err)
{
    (void)self, (void)fault, (void)err;
    return 0;
}

static int timed_choose(void *self, const void *state, const struct tourney_move_request *request,
                        const struct move_limits *limits, struct tourney_move_report *report,
                        tourney_move *move, struct seat_fault *fault, struct error *err)
{
    (void)report, (void)fault, (void)err;
    struct timed_seat *t = self;
    assert_true(t->request_count < 8);
    t->limits[t->request_count] = *limits;
    t->requests[t->request_count++] = *request;
    tourney_move legal[9];
    assert_true(tourney_game_adapter_legal_moves(t->rules->game, state, legal) > 0);
    *move = legal[0];
    struct timespec nap = {.tv_sec = (time_t)(t->sleep_ns / 1000000000),
                           .tv_nsec = (long)(t->sleep_ns % 1000000000)};
    nanosleep(&nap, NULL);
    return 0;
}

static void timed_end(void *self)
{
    (void)self;
}

static const struct seat_ops timed_ops = {
    .begin = timed_begin,
    .begun = timed_begun,
    .choose = timed_choose,
    .end = timed_end,
    .ended = timed_end,
};

/* On a clock of 1 s + 50 ms, an agent that takes 300 ms a move has 0.75 s,
 * then 0.5, then 0.25 s for its fourth move (ply 6, which would win), and
 * loses on time there. Every request says the clocks exactly as the
 * referee kept them from the moves' times, and suggests its share; each
 * move's limits are its start, the share's deadline, the time left as the
 * forfeit point, that plus the margin of 7 ms as the kill point, and 3
 * times the time left as its CPU time. */
static void test_clock(void **state)
{
    struct fixture *f = *state;
    struct match_rules rules = f->rules;
    rules.clock = (struct time_control){.base_ns = 1000000000, .increment_ns = 50000000};
    rules.move_ns = 0;
    rules.setup_ns = rules.clock.base_ns;
    rules.margin_ns = 7000000;
    rules.cpu_limit = 3;
    struct timed_seat timed[2] = {{.sleep_ns = 300000000}, {.sleep_ns = 0}};
    const struct seat seats[2] = {{&timed_ops, &timed[0]}, {&timed_ops, &timed[1]}};
    const struct scheduled_game scheduled = {.index = 0, .agent = {0, 1}, .seed = 1};
    struct game_record r;
    tourney_record_init(&r);
    struct error error;
    assert_int_equal(tourney_play_game(&rules, seats, &scheduled, &r, &error), 0);
    assert_int_equal(r.termination, TERMINATION_TIME_FORFEIT);
    assert_int_equal(r.fault_seat, 0);
    assert_int_equal(r.result, RESULT_SECOND_WINS);
    assert_int_equal(r.move_count, 6);
    assert_non_null(strstr(r.reason, "its clock ran out at ply 6: the move took 0.3"));
    assert_int_equal(timed[0].request_count, 4);
    assert_int_equal(timed[1].request_count, 3);
    uint64_t clock[2] = {rules.clock.base_ns, rules.clock.base_ns};
    size_t asked[2] = {0, 0};
    for (size_t ply = 0; ply <= r.move_count; ply++) {
        int seat = (int)(ply % 2);
        const struct move_limits *l = &timed[seat].limits[asked[seat]];
        const struct tourney_move_request *q = &timed[seat].requests[asked[seat]++];
        assert_true(l->start_ns > 0);
        assert_true(q->start_ns == l->start_ns);
        assert_true(q->deadline_ns == l->deadline_ns);
        assert_true(l->deadline_ns == l->start_ns + q->budget_ns);
        assert_true(l->forfeit_ns == l->start_ns + clock[seat]);
        assert_true(l->kill_ns == l->forfeit_ns + 7000000);
        assert_true(l->cpu_ns == 3 * clock[seat]);
        assert_int_equal(q->ply, (int32_t)ply);
        assert_true(q->remaining_ns == clock[seat]);
        assert_true(q->opponent_remaining_ns == clock[1 - seat]);
        assert_true(q->increment_ns == rules.clock.increment_ns);
        assert_true(q->budget_ns ==
                    tourney_clock_share(clock[seat], rules.clock.increment_ns, 9 - (int)ply));
        if (ply < r.move_count) {
            assert_true(r.moves[ply].time_ns < clock[seat]);
            clock[seat] = clock[seat] - r.moves[ply].time_ns + rules.clock.increment_ns;
        }
    }
    tourney_record_finish(&r);
}

/* Without a clock, a move's limits are its start, the deadline the budget
 * of 100 ms after it, that deadline as the forfeit point, the margin of
 * 7 ms after it as the kill point, and 3 budgets of CPU time; the request
 * says the same start and deadline. */
static void test_limits_per_move(void **state)
{
    struct fixture *f = *state;
    struct match_rules rules = f->rules;
    rules.move_ns = 100000000;
    rules.margin_ns = 7000000;
    rules.cpu_limit = 3;
    struct timed_seat timed[2] = {{.sleep_ns = 0}, {.sleep_ns = 0}};
    const struct seat seats[2] = {{&timed_ops, &timed[0]}, {&timed_ops, &timed[1]}};
    const struct scheduled_game scheduled = {.index = 0, .agent = {0, 1}, .seed = 1};
    struct game_record r;
    tourney_record_init(&r);
    struct error error;
    assert_int_equal(tourney_play_game(&rules, seats, &scheduled, &r, &error), 0);
    /* Both play the lowest legal move: x 0, o 1, x 2, o 3, x 4, o 5, x 6. */
    assert_int_equal(r.move_count, 7);
    assert_int_equal(timed[0].request_count, 4);
    assert_int_equal(timed[1].request_count, 3);
    for (size_t ply = 0; ply < r.move_count; ply++) {
        const struct timed_seat *t = &timed[ply % 2];
        const struct move_limits *l = &t->limits[ply / 2];
        const struct tourney_move_request *q = &t->requests[ply / 2];
        assert_true(l->start_ns > 0);
        assert_true(q->start_ns == l->start_ns);
        assert_true(q->budget_ns == 100000000);
        assert_true(q->remaining_ns == 0);
        assert_true(l->deadline_ns == l->start_ns + 100000000);
        assert_true(q->deadline_ns == l->deadline_ns);
        assert_true(l->forfeit_ns == l->deadline_ns);
        assert_true(l->kill_ns == l->deadline_ns + 7000000);
        assert_true(l->cpu_ns == 300000000);
    }
    tourney_record_finish(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_end_the_game),
        cmocka_unit_test(test_illegal_move_loses),
        cmocka_unit_test(test_out_of_range_move_loses),
        cmocka_unit_test(test_failed_move_loses),
        cmocka_unit_test(test_failed_create_loses),
        cmocka_unit_test(test_first_failed_create_wins),
        cmocka_unit_test(test_seed_replays_game),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_limits_per_move),
        cmocka_unit_test(test_changed_position),
    };
    int failed =
        cmocka_run_group_tests_name("executor, agents in the runner", tests, setup, teardown);
    failed += cmocka_run_group_tests_name("executor, agents in processes", tests, setup_isolated,
                                          teardown);
    return failed;
}
