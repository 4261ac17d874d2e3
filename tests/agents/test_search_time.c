/*
 * The time rule every agent that stops on the clock shares
 * (agents/common/search.c, search_time_for): its margin at each bound, its
 * clock allotment, and requests a broken host could send, each with the
 * exact nanoseconds expected; and when negamax-ab-ids's table may double in
 * a move on the clock (agents/ab/tt.h), on a clock that stands still.
 */
#include "test.h"

#include <stddef.h>

#include "ab/tt.h"
#include "common/search.h"

#define MS UINT64_C(1000000)
#define S (1000 * MS)
/* A move that begins one second into the host's clock. */
#define T0 S

/* A move of BUDGET_NS without a clock, begun at START_NS. */
static struct tourney_move_request per_move(uint64_t start_ns, uint64_t budget_ns)
{
    return (struct tourney_move_request){
        .struct_size = sizeof(struct tourney_move_request),
        .budget_ns = budget_ns,
        .deadline_ns = start_ns + budget_ns,
        .start_ns = start_ns,
    };
}

/* A move at PLY with REMAINING_NS on the clock and INCREMENT_NS after it;
 * the runner's suggested share is a second. */
static struct tourney_move_request on_clock(int32_t ply, uint64_t remaining_ns,
                                            uint64_t increment_ns)
{
    struct tourney_move_request request = per_move(T0, S);
    request.ply = ply;
    request.remaining_ns = remaining_ns;
    request.increment_ns = increment_ns;
    return request;
}

static void assert_time(struct search_time t, uint64_t start, uint64_t allot, uint64_t margin,
                        uint64_t stop, uint64_t last_new, bool clock)
{
    assert_true(t.start_ns == start);
    assert_true(t.allot_ns == allot);
    assert_true(t.margin_ns == margin);
    assert_true(t.stop_ns == stop);
    assert_true(t.last_new_ns == last_new);
    assert_true(t.clock == clock);
}

/* A twentieth of the budget, from 1 ms to 20 ms, both bounds included. */
static void test_margin_per_move(void **state)
{
    (void)state;
    struct tourney_move_request r = per_move(T0, 100 * MS);
    assert_time(search_time_for(&r, 42), T0, 100 * MS, 5 * MS, T0 + 95 * MS, T0 + 95 * MS, false);
    r = per_move(T0, 20 * MS);
    assert_time(search_time_for(&r, 42), T0, 20 * MS, MS, T0 + 19 * MS, T0 + 19 * MS, false);
    r = per_move(T0, 10 * MS);
    assert_time(search_time_for(&r, 42), T0, 10 * MS, MS, T0 + 9 * MS, T0 + 9 * MS, false);
    r = per_move(T0, 400 * MS);
    assert_time(search_time_for(&r, 42), T0, 400 * MS, 20 * MS, T0 + 380 * MS, T0 + 380 * MS,
                false);
    r = per_move(T0, 5 * S);
    assert_time(search_time_for(&r, 42), T0, 5 * S, 20 * MS, T0 + 4980 * MS, T0 + 4980 * MS,
                false);
    /* 30 ms: the twentieth is 1.5 ms, not rounded to whole milliseconds. */
    r = per_move(T0, 30 * MS);
    assert_time(search_time_for(&r, 42), T0, 30 * MS, 1500000, T0 + 28500000, T0 + 28500000,
                false);
}

/* The rule depends on the budget alone, not on the game's length, when
 * there is no clock: every agent under one time_per_move_ms stops alike. */
static void test_same_for_any_game(void **state)
{
    (void)state;
    struct tourney_move_request r = per_move(T0, 100 * MS);
    r.ply = 37;
    for (int32_t max_plies = 0; max_plies <= 1000; max_plies += 9) {
        assert_time(search_time_for(&r, max_plies), T0, 100 * MS, 5 * MS, T0 + 95 * MS,
                    T0 + 95 * MS, false);
    }
}

/* A budget shorter than its margin stops at once, never "no limit". */
static void test_shorter_than_the_margin(void **state)
{
    (void)state;
    struct tourney_move_request r = per_move(T0, 500000);
    assert_time(search_time_for(&r, 42), T0, 500000, MS, T0, T0, false);
    /* Begun at the clock's zero, stopping at once is 1, since 0 means no
     * limit. */
    r = per_move(0, 500000);
    assert_time(search_time_for(&r, 42), 0, 500000, MS, 1, 1, false);
    r = per_move(0, 0);
    r.deadline_ns = 7;
    assert_time(search_time_for(&r, 42), 7, 0, MS, 7, 7, false);
}

/* No deadline is no limit; from a host before start_ns, a deadline
 * earlier than the budget is long begins the move at the clock's zero
 * rather than wrapping around; a start after the deadline leaves the move
 * no time. */
static void test_requests_without_sense(void **state)
{
    (void)state;
    struct tourney_move_request r = per_move(T0, 100 * MS);
    r.deadline_ns = 0;
    assert_time(search_time_for(&r, 42), 0, 0, 0, 0, 0, false);
    r = per_move(T0, 100 * MS);
    r.deadline_ns = 3 * MS;
    r.struct_size = (uint32_t)offsetof(struct tourney_move_request, start_ns);
    assert_time(search_time_for(&r, 42), 0, 3 * MS, MS, 2 * MS, 2 * MS, false);
    r.struct_size = (uint32_t)sizeof(r);
    assert_time(search_time_for(&r, 42), 3 * MS, 0, MS, 3 * MS, 3 * MS, false);
}

/* The move begins at the host's start_ns, not at the deadline less the
 * budget: a host that gives 100 ms from 10 ms past T0 with a deadline at
 * 200 ms is taken at its start; one before start_ns (the field past its
 * size) has the move begin 100 ms before the deadline, as ABI 1.2 said;
 * and a start of 0 is read as no start given. */
static void test_start_is_the_hosts(void **state)
{
    (void)state;
    struct tourney_move_request r = per_move(T0 + 10 * MS, 100 * MS);
    r.deadline_ns = T0 + 200 * MS;
    assert_time(search_time_for(&r, 42), T0 + 10 * MS, 100 * MS, 5 * MS, T0 + 105 * MS,
                T0 + 105 * MS, false);
    r.struct_size = (uint32_t)offsetof(struct tourney_move_request, start_ns);
    assert_time(search_time_for(&r, 42), T0 + 100 * MS, 100 * MS, 5 * MS, T0 + 195 * MS,
                T0 + 195 * MS, false);
    r.struct_size = (uint32_t)sizeof(r);
    r.start_ns = 0;
    assert_time(search_time_for(&r, 42), T0 + 100 * MS, 100 * MS, 5 * MS, T0 + 195 * MS,
                T0 + 195 * MS, false);
}

/* On a clock: what is left over the moves still to make (at most 20), plus
 * the increment, at most a third of what is left; no new iteration after
 * half of it. */
static void test_clock(void **state)
{
    (void)state;
    /* 42 plies left: 21 moves, spread over 20. 60 s / 20 + 1 s = 4 s. */
    struct tourney_move_request r = on_clock(0, 60 * S, S);
    assert_time(search_time_for(&r, 42), T0, 4 * S, 20 * MS, T0 + 3980 * MS, T0 + 2 * S, true);
    /* 10 plies left: 5 moves. 10 s / 5 + 0 = 2 s. */
    r = on_clock(32, 10 * S, 0);
    assert_time(search_time_for(&r, 42), T0, 2 * S, 20 * MS, T0 + 1980 * MS, T0 + S, true);
    /* The last move: all of 3 s, but no more than a third of it. */
    r = on_clock(41, 3 * S, 0);
    assert_time(search_time_for(&r, 42), T0, S, 20 * MS, T0 + 980 * MS, T0 + 500 * MS, true);
    /* A ply beyond the game's length is its last move too. */
    r = on_clock(50, 3 * S, 0);
    assert_time(search_time_for(&r, 42), T0, S, 20 * MS, T0 + 980 * MS, T0 + 500 * MS, true);
    /* 300 ms over 20 moves plus 10 ms: 25 ms, margin 1.25 ms; half of it
     * comes before the stop. */
    r = on_clock(0, 300 * MS, 10 * MS);
    assert_time(search_time_for(&r, 1000), T0, 25 * MS, 1250000, T0 + 23750000, T0 + 12500000,
                true);
    /* 3 ms left, a third of it: 1 ms, all margin; half of it would come
     * after the stop, which is at once. */
    r = on_clock(41, 3 * MS, 0);
    assert_time(search_time_for(&r, 42), T0, MS, MS, T0, T0, true);
}

/* A request of ABI 1.0 or 1.1 has no clock fields: what lies past its size
 * is never read, and the budget is the move's time. */
static void test_clock_fields_past_the_size(void **state)
{
    (void)state;
    struct tourney_move_request r = on_clock(0, 60 * S, S);
    r.struct_size = (uint32_t)offsetof(struct tourney_move_request, remaining_ns);
    assert_time(search_time_for(&r, 42), T0, S, 20 * MS, T0 + 980 * MS, T0 + 980 * MS, false);
}

/* ---- doubling the table in time ---------------------------------------- */

static uint64_t clock_at(void *context)
{
    return *(const uint64_t *)context;
}

/* Stores KEYS results with keys FROM, FROM + 1, ... */
static void store(struct tt *tt, uint64_t from, uint64_t keys)
{
    for (uint64_t key = from; key < from + keys; key++) {
        tt_store(tt, key, 0, 0, 1, TT_EXACT);
    }
}

/* The first doubling of a 1 MiB table adds its first 2048 buckets' 64 KiB:
 * on the clock, only with 10 ns a byte left before the stop, 655,360 ns. */
static void test_table_doubles_in_time(void **state)
{
    (void)state;
    uint64_t now = 10 * S;
    struct tourney_host host = {.struct_size = sizeof(host), .now_ns = clock_at};
    struct search s = {.host = &host, .host_context = &now};
    struct tt tt;
    assert_int_equal(tt_init(&tt, 1), TOURNEY_OK);
    assert_true(tt.mask == 2047);
    assert_true(tt.max_mask == 32767);
    const uint64_t added = 2048 * sizeof(struct tt_bucket);
    assert_true(added == 65536);

    /* A nanosecond short: full, it waits for the next move. */
    tt_new_move(&tt);
    tt_growth_new_move(&tt.growth, &s, now + added * TT_GROW_NS_PER_BYTE - 1);
    store(&tt, 0, 2048);
    assert_true(tt.used == 2048);
    assert_true(tt.mask == 2047);
    assert_true(tt.growth.waits);
    /* It does not ask again in this move, however much time comes. */
    tt.growth.stop_ns = 0;
    store(&tt, 2048, 1);
    assert_true(tt.mask == 2047);

    /* The next move has just the time: the first store doubles it. */
    tt_new_move(&tt);
    tt_growth_new_move(&tt.growth, &s, now + added * TT_GROW_NS_PER_BYTE);
    store(&tt, 4096, 1);
    assert_true(tt.mask == 4095);
    assert_false(tt.growth.waits);

    /* Past the stop, never; untimed, as soon as it is due. */
    now = 20 * S;
    tt_new_move(&tt);
    tt_growth_new_move(&tt.growth, &s, now);
    store(&tt, 8192, 4096);
    assert_true(tt.mask == 4095);
    assert_true(tt.growth.waits);
    tt_new_move(&tt);
    tt_growth_new_move(&tt.growth, &s, 0);
    store(&tt, 16384, 1);
    assert_true(tt.mask == 8191);
    tt_finish(&tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_margin_per_move),
        cmocka_unit_test(test_same_for_any_game),
        cmocka_unit_test(test_shorter_than_the_margin),
        cmocka_unit_test(test_requests_without_sense),
        cmocka_unit_test(test_start_is_the_hosts),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_clock_fields_past_the_size),
        cmocka_unit_test(test_table_doubles_in_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
