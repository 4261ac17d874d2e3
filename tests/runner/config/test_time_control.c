/*
 * time_control = BASE+INC: what is read and what is refused, and the share
 * of a clock the runner suggests for a move.
 */
#include "test.h"

#include <tourney/agent.h>

#include "time_control.h"

#define MS UINT64_C(1000000)

static void reads(const char *text, uint64_t base_ms, uint64_t increment_ms)
{
    struct time_control clock = {1, 1};
    assert_true(tourney_time_control_parse(text, &clock));
    assert_true(clock.base_ns == base_ms * MS);
    assert_true(clock.increment_ns == increment_ms * MS);
}

static void refuses(const char *text)
{
    struct time_control clock = {7, 8};
    assert_false(tourney_time_control_parse(text, &clock));
    assert_true(clock.base_ns == 7 && clock.increment_ns == 8);
}

static void test_parse(void **state)
{
    (void)state;
    reads("10+0.1", 10000, 100);
    reads("60", 60000, 0);
    reads("0.5+0", 500, 0);
    reads("0.001+3600", 1, 3600000);
    reads("2.25+0.125", 2250, 125);
    reads("86400+0.999", 86400000, 999);
    reads("007+01.50", 7000, 1500);
    refuses("");
    refuses("0");
    refuses("0+1");
    refuses("0.000+1");
    refuses("86400.001");
    refuses("86401");
    refuses("1+3600.001");
    refuses("1+");
    refuses("+1");
    refuses("1.");
    refuses(".5");
    refuses("1.0001");
    refuses("1+0.0001");
    refuses("-1+0");
    refuses("1 + 0");
    refuses("1+0+0");
    refuses("10s");
    refuses("40/60+0.6");
    refuses("99999999999999999999");
    refuses(NULL);
}

/* The public header's one rule for a move's share of a clock, used by the
 * runner's budget_ns and by the shipped agents alike. */
static void test_share(void **state)
{
    (void)state;
    /* 3x3, first move: 9 plies left, 5 of them the mover's. */
    assert_true(tourney_clock_share(5000 * MS, 100 * MS, 9) == 1100 * MS);
    /* Eight plies left: four moves. */
    assert_true(tourney_clock_share(5000 * MS, 0, 8) == 1250 * MS);
    /* At most 20 moves however long the game may last. */
    assert_true(tourney_clock_share(60000 * MS, 0, 1000) == 3000 * MS);
    assert_true(tourney_clock_share(60000 * MS, 0, 39) == 3000 * MS);
    assert_true(tourney_clock_share(60000 * MS, 0, 37) == 60000 * MS / 19);
    /* Never more than a third of what is left: the last move, or an
     * increment as large as the clock. */
    assert_true(tourney_clock_share(1000 * MS, 0, 1) == 333333333);
    assert_true(tourney_clock_share(1000 * MS, 5000 * MS, 40) == 333333333);
    assert_true(tourney_clock_share(1000 * MS, 0, 0) == 333333333);
    assert_true(tourney_clock_share(1000 * MS, 0, -5) == 333333333);
    assert_true(tourney_clock_share(1, 0, 9) == 0);
}

/* A move charged to a clock, as the referee keeps it and the statistics
 * replay it. */
static void test_charge(void **state)
{
    (void)state;
    struct time_control clock = {10000 * MS, 100 * MS};
    uint64_t left = 10000 * MS;
    assert_true(tourney_clock_charge(&clock, &left, 2500 * MS) == 7500 * MS);
    assert_true(left == 7600 * MS);
    /* A move that takes all that is left, to the nanosecond, runs out:
     * nothing is added after it. */
    assert_true(tourney_clock_charge(&clock, &left, 7600 * MS) == 0);
    assert_true(left == 0);
    left = 7600 * MS;
    assert_true(tourney_clock_charge(&clock, &left, 9000 * MS) == 0);
    assert_true(left == 0);
    left = 7600 * MS;
    assert_true(tourney_clock_charge(&clock, &left, 7600 * MS - 1) == 1);
    assert_true(left == 100 * MS + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_share),
        cmocka_unit_test(test_charge),
    };
    return cmocka_run_group_tests_name("time_control", tests, NULL, NULL);
}
