/*
 * Sets of games, one bit a game: adding and testing members across byte
 * boundaries, counting them, the games missing named as ranges (capped,
 * filtered), and sets of tens of millions of games.
 */
#include "test.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "game_set.h"

static void test_add_and_has(void **state)
{
    (void)state;
    struct game_set set;
    assert_int_equal(tourney_game_set_init(&set, 20), 0);
    assert_int_equal(set.size, 20);
    assert_int_equal(set.count, 0);
    for (uint64_t g = 0; g < 20; g++) {
        assert_false(tourney_game_set_has(&set, g));
    }
    /* Either side of each byte boundary. */
    static const uint64_t members[] = {0, 7, 8, 15, 16, 19};
    for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
        assert_true(tourney_game_set_add(&set, members[i]));
        assert_int_equal(set.count, i + 1);
    }
    for (uint64_t g = 0; g < 20; g++) {
        bool member = g == 0 || g == 7 || g == 8 || g == 15 || g == 16 || g == 19;
        assert_int_equal(tourney_game_set_has(&set, g), member);
    }
    /* A member added again is not counted again. */
    assert_false(tourney_game_set_add(&set, 8));
    assert_false(tourney_game_set_add(&set, 19));
    assert_int_equal(set.count, 6);
    /* Games past the size are never members. */
    assert_false(tourney_game_set_has(&set, 20));
    assert_false(tourney_game_set_has(&set, 23));
    assert_false(tourney_game_set_has(&set, UINT64_MAX));
    tourney_game_set_finish(&set);
    assert_null(set.bits);
    assert_int_equal(set.size, 0);
    assert_int_equal(set.count, 0);
}

static void test_empty_and_impossible_sets(void **state)
{
    (void)state;
    struct game_set set;
    assert_int_equal(tourney_game_set_init(&set, 0), 0);
    assert_false(tourney_game_set_has(&set, 0));
    char *text = tourney_game_set_describe_missing(&set, NULL, NULL, 20);
    assert_string_equal(text, "");
    free(text);
    tourney_game_set_finish(&set);

    /* More games than memory can have bits for is refused, not wrapped. */
    assert_int_equal(tourney_game_set_init(&set, UINT64_MAX), -1);
    assert_null(set.bits);
    assert_int_equal(set.size, 0);
    tourney_game_set_finish(&set);
}

/* A set of SIZE games holding every game but those of MISSING (COUNT). */
static void fill_but(struct game_set *set, uint64_t size, const uint64_t *missing, size_t count)
{
    assert_int_equal(tourney_game_set_init(set, size), 0);
    for (uint64_t g = 0; g < size; g++) {
        bool skip = false;
        for (size_t i = 0; i < count && !skip; i++) {
            skip = missing[i] == g;
        }
        if (!skip) {
            assert_true(tourney_game_set_add(set, g));
        }
    }
    assert_int_equal(set->count, size - count);
}

static void assert_missing(const struct game_set *set, tourney_game_filter wanted,
                           const void *context, size_t max_ranges, const char *expected)
{
    char *text = tourney_game_set_describe_missing(set, wanted, context, max_ranges);
    assert_non_null(text);
    assert_string_equal(text, expected);
    free(text);
}

static void test_missing_games_as_ranges(void **state)
{
    (void)state;
    struct game_set set;
    /* The first game, single games, a run of two and the last game. */
    static const uint64_t missing[] = {0, 5, 9, 10, 11, 30, 31, 39};
    fill_but(&set, 40, missing, sizeof(missing) / sizeof(missing[0]));
    assert_missing(&set, NULL, NULL, 20, "0, 5, 9-11, 30-31, 39");
    /* Ranges past the cap are summed up as games. */
    assert_missing(&set, NULL, NULL, 5, "0, 5, 9-11, 30-31, 39");
    assert_missing(&set, NULL, NULL, 4, "0, 5, 9-11, 30-31 and 1 more game");
    assert_missing(&set, NULL, NULL, 2, "0, 5 and 6 more games");
    assert_missing(&set, NULL, NULL, 1, "0 and 7 more games");
    tourney_game_set_finish(&set);

    /* Nothing missing; everything missing. */
    fill_but(&set, 9, NULL, 0);
    assert_missing(&set, NULL, NULL, 20, "");
    tourney_game_set_finish(&set);
    assert_int_equal(tourney_game_set_init(&set, 9), 0);
    assert_missing(&set, NULL, NULL, 20, "0-8");
    tourney_game_set_finish(&set);
}

static bool even(const void *context, uint64_t game)
{
    (void)context;
    return game % 2 == 0;
}

/* Games in [FROM, TO), the range CONTEXT points to. */
static bool in_range(const void *context, uint64_t game)
{
    const uint64_t *range = context;
    return game >= range[0] && game < range[1];
}

static void test_only_wanted_games_are_named(void **state)
{
    (void)state;
    struct game_set set;
    static const uint64_t missing[] = {2, 3, 4, 5, 6, 13, 14};
    fill_but(&set, 16, missing, sizeof(missing) / sizeof(missing[0]));
    /* A game that is not wanted breaks a range of missing games. */
    assert_missing(&set, even, NULL, 20, "2, 4, 6, 14");
    assert_missing(&set, even, NULL, 3, "2, 4, 6 and 1 more game");
    static const uint64_t range[2] = {4, 14};
    assert_missing(&set, in_range, range, 20, "4-6, 13");
    tourney_game_set_finish(&set);
}

/* Tens of millions of games: a few MiB of bits, and ranges that run to the
 * last of them. */
static void test_large_sets(void **state)
{
    (void)state;
    const uint64_t size = UINT64_C(20000000);
    struct game_set set;
    assert_int_equal(tourney_game_set_init(&set, size), 0);
    assert_missing(&set, NULL, NULL, 20, "0-19999999");
    assert_true(tourney_game_set_add(&set, 0));
    assert_true(tourney_game_set_add(&set, UINT64_C(12345678)));
    assert_true(tourney_game_set_add(&set, size - 1));
    assert_false(tourney_game_set_add(&set, UINT64_C(12345678)));
    assert_int_equal(set.count, 3);
    assert_true(tourney_game_set_has(&set, UINT64_C(12345678)));
    assert_false(tourney_game_set_has(&set, UINT64_C(12345677)));
    assert_false(tourney_game_set_has(&set, UINT64_C(12345679)));
    assert_true(tourney_game_set_has(&set, size - 1));
    assert_false(tourney_game_set_has(&set, size));
    assert_missing(&set, NULL, NULL, 20, "1-12345677, 12345679-19999998");
    assert_missing(&set, NULL, NULL, 1, "1-12345677 and 7654320 more games");
    tourney_game_set_finish(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_add_and_has),
        cmocka_unit_test(test_empty_and_impossible_sets),
        cmocka_unit_test(test_missing_games_as_ranges),
        cmocka_unit_test(test_only_wanted_games_are_named),
        cmocka_unit_test(test_large_sets),
    };
    return cmocka_run_group_tests_name("game_set", tests, NULL, NULL);
}
