/*
 * The schedule, computed game by game: the order of a round-robin and a
 * gauntlet, seats swapped within each mini-match, seeds that depend on the
 * tournament's seed and the game's index alone.
 */
#include "test.h"

#include <stdint.h>

#include "rng.h"
#include "schedule.h"

static void test_round_robin_order(void **state)
{
    (void)state;
    struct schedule s;
    assert_int_equal(tourney_schedule_init(&s, 3, 4, 42, TOURNEY_NO_GAUNTLET), 0);
    assert_int_equal(s.count, 3 * 4);
    /* Round 1: every pair once, each mini-match with the seats swapped;
     * round 2 the same again. */
    static const uint32_t expected[12][2] = {
        {0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1},
        {0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1},
    };
    for (uint64_t i = 0; i < s.count; i++) {
        struct scheduled_game g;
        tourney_schedule_game(&s, i, &g);
        assert_int_equal(g.index, i);
        assert_int_equal(g.agent[0], expected[i][0]);
        assert_int_equal(g.agent[1], expected[i][1]);
        assert_true(g.seed == tourney_game_seed(42, i));
    }
    tourney_schedule_finish(&s);
}

static void test_every_pair_and_seat_equally(void **state)
{
    (void)state;
    struct schedule s;
    assert_int_equal(tourney_schedule_init(&s, 4, 6, 42, TOURNEY_NO_GAUNTLET), 0);
    assert_int_equal(s.count, 6 * 6);
    int first[4][4] = {{0}};
    struct scheduled_game previous = {0};
    for (uint64_t i = 0; i < s.count; i++) {
        struct scheduled_game g;
        tourney_schedule_game(&s, i, &g);
        first[g.agent[0]][g.agent[1]]++;
        /* Seat-swapped games are adjacent: games 2k and 2k+1 mirror. */
        if (i % 2 == 1) {
            assert_int_equal(g.agent[0], previous.agent[1]);
            assert_int_equal(g.agent[1], previous.agent[0]);
        }
        for (uint64_t j = 0; j < i; j++) {
            assert_true(g.seed != tourney_game_seed(42, j));
        }
        previous = g;
    }
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            assert_int_equal(first[a][b], a == b ? 0 : 3);
        }
    }
    /* A game's seed depends on the tournament seed and its index only. */
    struct schedule other;
    struct scheduled_game g7;
    struct scheduled_game o7;
    tourney_schedule_game(&s, 7, &g7);
    assert_int_equal(tourney_schedule_init(&other, 5, 2, 42, TOURNEY_NO_GAUNTLET), 0);
    tourney_schedule_game(&other, 7, &o7);
    assert_true(o7.seed == g7.seed);
    tourney_schedule_finish(&other);
    assert_int_equal(tourney_schedule_init(&other, 4, 6, 43, TOURNEY_NO_GAUNTLET), 0);
    tourney_schedule_game(&other, 7, &o7);
    assert_true(o7.seed != g7.seed);
    tourney_schedule_finish(&other);
    tourney_schedule_finish(&s);
}

static void test_gauntlet(void **state)
{
    (void)state;
    struct schedule s;
    /* Agent 2 against each of the others; nobody else plays. */
    assert_int_equal(tourney_schedule_init(&s, 4, 4, 42, 2), 0);
    assert_int_equal(s.count, 3 * 4);
    static const uint32_t expected[6][2] = {{0, 2}, {2, 0}, {1, 2}, {2, 1}, {2, 3}, {3, 2}};
    for (uint64_t i = 0; i < s.count; i++) {
        struct scheduled_game g;
        tourney_schedule_game(&s, i, &g);
        assert_int_equal(g.agent[0], expected[i % 6][0]);
        assert_int_equal(g.agent[1], expected[i % 6][1]);
    }
    tourney_schedule_finish(&s);
}

/* A million games per pair cost no more memory than two. */
static void test_large_schedule_is_computed_per_game(void **state)
{
    (void)state;
    struct schedule s;
    assert_int_equal(tourney_schedule_init(&s, 100, 1000000, 1, TOURNEY_NO_GAUNTLET), 0);
    assert_true(s.count == UINT64_C(4950000000));
    struct scheduled_game g;
    tourney_schedule_game(&s, 9899, &g); /* the last game of the first round */
    assert_int_equal(g.agent[0], 99);
    assert_int_equal(g.agent[1], 98);
    tourney_schedule_game(&s, 9900, &g); /* the first of the second */
    assert_int_equal(g.agent[0], 0);
    assert_int_equal(g.agent[1], 1);
    tourney_schedule_finish(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_robin_order),
        cmocka_unit_test(test_every_pair_and_seat_equally),
        cmocka_unit_test(test_gauntlet),
        cmocka_unit_test(test_large_schedule_is_computed_per_game),
    };
    return cmocka_run_group_tests_name("schedule", tests, NULL, NULL);
}
