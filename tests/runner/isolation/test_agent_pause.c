/*
 * The no-pondering policy (agent_pause.h) on a process and a clock of the
 * test's own: stopped after each reply and continued with each request;
 * watched through short waits instead once it cannot start processes, and
 * stopped from the wait it is found thinking in; stopped again after a long
 * wait; the worker's resting processes stopped when a wait for another
 * grows long, or the list is full; nothing signalled that cannot be.
 */
#include "test.h"

#include <string.h>

#include "agent_pause.h"

#define US UINT64_C(1000)
#define MS UINT64_C(1000000)

/* A process as the policy sees it: its signals counted, its CPU clock set
 * by the test. */
struct fake_process {
    bool alive;
    bool cpu_readable;
    uint64_t cpu_ns;
    int stops;
    int continues;
    int cpu_reads;
};

static bool fake_signal(void *context, bool stop)
{
    struct fake_process *f = context;
    if (!f->alive) {
        return false;
    }
    if (stop) {
        f->stops++;
    } else {
        f->continues++;
    }
    return true;
}

static bool fake_cpu(void *context, uint64_t *ns)
{
    struct fake_process *f = context;
    f->cpu_reads++;
    if (!f->cpu_readable) {
        return false;
    }
    *ns = f->cpu_ns;
    return true;
}

static void start(struct agent_pause *pause, struct fake_process *f, bool enabled,
                  struct resting_processes *resting)
{
    memset(f, 0, sizeof(*f));
    f->alive = true;
    f->cpu_readable = true;
    const struct pause_target target = {.signal = fake_signal, .cpu_ns = fake_cpu, .context = f};
    tourney_pause_init(pause, enabled, resting, &target);
}

/* A request goes out at POSTED, the last bytes having come at RECEIVED,
 * and its reply comes with the process's CPU clock at CPU_AT_REPLY: the
 * calls the runner makes, in its order. Returns whether the CPU time was
 * read as the request went out. */
static bool ask(struct agent_pause *pause, struct fake_process *f, uint64_t posted,
                uint64_t received, uint64_t cpu_at_reply)
{
    uint64_t cpu = 0;
    bool known = tourney_pause_end_wait(pause, posted, received, true, &cpu);
    if (known) {
        assert_int_equal(cpu, f->cpu_ns);
    }
    tourney_pause_set_stopped(pause, false);
    f->cpu_ns = cpu_at_reply;
    tourney_pause_rest(pause, true, cpu_at_reply);
    return known;
}

/* Without PAUSE nothing is ever signalled. */
static void test_disabled_signals_nothing(void **state)
{
    (void)state;
    struct agent_pause pause;
    struct fake_process f;
    struct resting_processes resting = {.count = 0};
    start(&pause, &f, false, &resting);
    tourney_pause_watch_idle(&pause);
    assert_false(pause.idle_watch);
    for (int i = 0; i < 3; i++) {
        ask(&pause, &f, 10 * MS * (uint64_t)(i + 1), 10 * MS * (uint64_t)(i + 1) - 10 * US,
            (uint64_t)i * US);
    }
    assert_int_equal(f.stops, 0);
    assert_int_equal(f.continues, 0);
    assert_int_equal(resting.count, 0);
}

/* Not watched (it may start processes): stopped at every reply, however
 * short the wait, and continued at every request. */
static void test_stopped_between_requests(void **state)
{
    (void)state;
    struct agent_pause pause;
    struct fake_process f;
    struct resting_processes resting = {.count = 0};
    start(&pause, &f, true, &resting);
    for (int i = 0; i < 4; i++) {
        uint64_t posted = MS * (uint64_t)(i + 1);
        ask(&pause, &f, posted, posted - 10 * US, 0);
        assert_true(pause.stopped);
        assert_true(pause.short_wait);
    }
    assert_int_equal(f.stops, 4);
    assert_int_equal(f.continues, 3); /* the first request finds it running */
    assert_int_equal(resting.count, 0);
    /* Stopped already: a second stop sends nothing. */
    tourney_pause_set_stopped(&pause, true);
    assert_int_equal(f.stops, 4);
}

/* Watched: the first wait is not known to be short (stopped); after a
 * short one it is left running in the resting list, its CPU time at the
 * reply noted; a long wait stops it at its next reply. */
static void test_idle_process_left_running_through_short_waits(void **state)
{
    (void)state;
    struct agent_pause pause;
    struct fake_process f;
    struct resting_processes resting = {.count = 0};
    start(&pause, &f, true, &resting);
    tourney_pause_watch_idle(&pause);
    assert_true(pause.idle_watch);
    ask(&pause, &f, 5 * MS, 0, 100 * US);
    assert_false(pause.short_wait);
    assert_true(pause.stopped);
    assert_int_equal(f.stops, 1);
    /* A wait of exactly PAUSE_SHORT_WAIT_NS is short. */
    ask(&pause, &f, 7 * MS, 6 * MS, 200 * US);
    assert_true(pause.short_wait);
    assert_false(pause.stopped);
    assert_true(pause.left_running);
    assert_int_equal(pause.idle_cpu_ns, 200 * US);
    assert_int_equal(resting.count, 1);
    assert_ptr_equal(resting.process[0], &pause);
    assert_int_equal(f.stops, 1);
    assert_int_equal(f.continues, 1);
    /* Idle meanwhile (10 us of CPU time): left running again, nothing sent. */
    f.cpu_ns = 210 * US;
    assert_true(ask(&pause, &f, 7 * MS + 500 * US, 7 * MS, 300 * US));
    assert_false(pause.stopped);
    assert_int_equal(pause.idle_excess_ns, 0);
    assert_int_equal(resting.count, 1);
    assert_int_equal(f.stops, 1);
    assert_int_equal(f.continues, 1);
    /* A wait of PAUSE_SHORT_WAIT_NS and a nanosecond: stopped at its reply. */
    ask(&pause, &f, 9 * MS + 1, 8 * MS, 400 * US);
    assert_false(pause.short_wait);
    assert_true(pause.stopped);
    assert_int_equal(resting.count, 0);
    assert_int_equal(f.stops, 2);
    assert_false(pause.pondered);
}

/* CPU time used while left running beyond PAUSE_IDLE_SLACK_NS adds up,
 * what it leaves of the slack is taken off, and past PAUSE_IDLE_EXCESS_NS
 * the process is stopped after every reply from then on. */
static void test_thinking_while_not_asked_is_found_out(void **state)
{
    (void)state;
    struct agent_pause pause;
    struct fake_process f;
    struct resting_processes resting = {.count = 0};
    start(&pause, &f, true, &resting);
    tourney_pause_watch_idle(&pause);
    uint64_t t = 10 * MS;
    ask(&pause, &f, t, t - 100 * US, 0); /* a short wait: left running */
    ask(&pause, &f, t + MS, t + MS - 100 * US, 0);
    assert_true(pause.left_running);
    /* 650 us of CPU time in the wait: 600 us over the slack. */
    f.cpu_ns = 650 * US;
    ask(&pause, &f, t + 2 * MS, t + 2 * MS - 100 * US, 650 * US);
    assert_int_equal(pause.idle_excess_ns, 600 * US);
    assert_false(pause.pondered);
    assert_true(pause.left_running);
    /* 20 us: 30 us of the slack left unused comes off. */
    f.cpu_ns = 670 * US;
    ask(&pause, &f, t + 3 * MS, t + 3 * MS - 100 * US, 670 * US);
    assert_int_equal(pause.idle_excess_ns, 570 * US);
    assert_false(pause.pondered);
    /* 480 us more: 1000 us over, not yet past PAUSE_IDLE_EXCESS_NS. */
    f.cpu_ns = 1150 * US;
    ask(&pause, &f, t + 4 * MS, t + 4 * MS - 100 * US, 1150 * US);
    assert_int_equal(pause.idle_excess_ns, PAUSE_IDLE_EXCESS_NS);
    assert_false(pause.pondered);
    assert_true(pause.left_running);
    int stops = f.stops;
    /* 51 us: a microsecond past it. Stopped at the reply. */
    f.cpu_ns = 1201 * US;
    ask(&pause, &f, t + 5 * MS, t + 5 * MS - 100 * US, 1201 * US);
    assert_true(pause.pondered);
    assert_true(pause.stopped);
    assert_int_equal(f.stops, stops + 1);
    assert_int_equal(resting.count, 0);
    /* From then on stopped after every reply, however short the waits. */
    for (int i = 6; i < 10; i++) {
        uint64_t posted = t + (uint64_t)i * MS;
        ask(&pause, &f, posted, posted - 10 * US, f.cpu_ns);
        assert_true(pause.stopped);
    }
    assert_int_equal(f.stops, stops + 5);
    assert_int_equal(resting.count, 0);
}

/* A request whose CPU time nothing uses reads no clock, unless the process
 * was left running; one whose CPU clock cannot be read is stopped. */
static void test_cpu_clock_reads(void **state)
{
    (void)state;
    struct agent_pause pause;
    struct fake_process f;
    struct resting_processes resting = {.count = 0};
    start(&pause, &f, true, &resting);
    tourney_pause_watch_idle(&pause);
    uint64_t cpu = 0;
    assert_false(tourney_pause_end_wait(&pause, 2 * MS, MS + 500 * US, false, &cpu));
    assert_int_equal(f.cpu_reads, 0);
    /* The reply's CPU time unknown and the clock unreadable: stopped. */
    f.cpu_readable = false;
    tourney_pause_rest(&pause, false, 0);
    assert_int_equal(f.cpu_reads, 1);
    assert_true(pause.stopped);
    assert_int_equal(resting.count, 0);
    /* Readable: left running with the time read then. */
    f.cpu_readable = true;
    f.cpu_ns = 42 * US;
    tourney_pause_set_stopped(&pause, false);
    tourney_pause_rest(&pause, false, 0);
    assert_int_equal(f.cpu_reads, 2);
    assert_true(pause.left_running);
    assert_int_equal(pause.idle_cpu_ns, 42 * US);
    /* Left running: read even for an untimed request. */
    assert_true(tourney_pause_end_wait(&pause, 3 * MS, 2 * MS + 900 * US, false, &cpu));
    assert_int_equal(cpu, 42 * US);
    assert_int_equal(f.cpu_reads, 3);
    assert_int_equal(resting.count, 0);
}

/* A wait for another process of the worker stops those left running once
 * it grows past PAUSE_SHORT_WAIT_NS, and wakes then; so does a worker about
 * to wait for its next games; a process reaped leaves the list. */
static void test_resting_stopped_by_a_long_wait(void **state)
{
    (void)state;
    struct resting_processes resting = {.count = 0};
    struct agent_pause idle;
    struct agent_pause thinker;
    struct fake_process f_idle;
    struct fake_process f_thinker;
    start(&idle, &f_idle, true, &resting);
    start(&thinker, &f_thinker, true, &resting);
    tourney_pause_watch_idle(&idle);
    ask(&idle, &f_idle, 3 * MS, 2 * MS + 900 * US, 0);
    assert_int_equal(resting.count, 1);
    /* The thinker's request posted at 4 ms; at 4.25 ms a wait of 2 ms is
     * cut to end at 5 ms, the others still running. */
    uint64_t posted = 4 * MS;
    assert_int_equal(tourney_pause_limit_wait(&thinker, posted, posted + 250 * US, 2 * MS),
                     750 * US);
    assert_int_equal(tourney_pause_limit_wait(&thinker, posted, posted + 250 * US, 100 * US),
                     100 * US);
    assert_false(idle.stopped);
    assert_int_equal(f_idle.stops, 0);
    /* At 5 ms they are stopped, and the wait is left as it was. */
    assert_int_equal(tourney_pause_limit_wait(&thinker, posted, posted + MS, 2 * MS), 2 * MS);
    assert_true(idle.stopped);
    assert_int_equal(f_idle.stops, 1);
    assert_int_equal(resting.count, 0);
    assert_true(idle.left_running); /* its CPU time is still looked at */
    /* With none left running, nothing is cut. */
    assert_int_equal(tourney_pause_limit_wait(&thinker, posted, posted + 250 * US, 2 * MS),
                     2 * MS);
    /* Asked again after that long wait: continued, stopped at its reply. */
    ask(&idle, &f_idle, 10 * MS, 3 * MS, 0);
    assert_int_equal(f_idle.continues, 1);
    assert_true(idle.stopped);
    assert_int_equal(resting.count, 0);
    /* Left running again, then a worker that waits for games stops it. */
    ask(&idle, &f_idle, 10 * MS + 500 * US, 10 * MS + 400 * US, 0);
    assert_int_equal(resting.count, 1);
    tourney_pause_stop_resting(&resting);
    assert_true(idle.stopped);
    assert_int_equal(resting.count, 0);
    /* Left running once more, then reaped: out of the list, nothing sent. */
    ask(&idle, &f_idle, 11 * MS, 10 * MS + 900 * US, 0);
    assert_int_equal(resting.count, 1);
    int stops = f_idle.stops;
    f_idle.alive = false;
    tourney_pause_leave(&idle);
    assert_int_equal(resting.count, 0);
    tourney_pause_set_stopped(&idle, true);
    assert_false(idle.stopped);
    assert_int_equal(f_idle.stops, stops);
}

/* A full list leaves no room: the process is stopped as without one. */
static void test_full_resting_list_stops(void **state)
{
    (void)state;
    struct resting_processes resting = {.count = 0};
    struct agent_pause pauses[RESTING_MAX + 1];
    struct fake_process fakes[RESTING_MAX + 1];
    for (size_t i = 0; i <= RESTING_MAX; i++) {
        start(&pauses[i], &fakes[i], true, &resting);
        tourney_pause_watch_idle(&pauses[i]);
        ask(&pauses[i], &fakes[i], 2 * MS, 2 * MS - 10 * US, 0);
        assert_true(pauses[i].short_wait);
        assert_int_equal(resting.count, i < RESTING_MAX ? i + 1 : RESTING_MAX);
        assert_int_equal(pauses[i].stopped, i == RESTING_MAX);
    }
    tourney_pause_stop_resting(&resting);
    for (size_t i = 0; i <= RESTING_MAX; i++) {
        assert_true(pauses[i].stopped);
        assert_int_equal(fakes[i].stops, 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disabled_signals_nothing),
        cmocka_unit_test(test_stopped_between_requests),
        cmocka_unit_test(test_idle_process_left_running_through_short_waits),
        cmocka_unit_test(test_thinking_while_not_asked_is_found_out),
        cmocka_unit_test(test_cpu_clock_reads),
        cmocka_unit_test(test_resting_stopped_by_a_long_wait),
        cmocka_unit_test(test_full_resting_list_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
