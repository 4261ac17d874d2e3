/*
 * Shards: which games shard K of N plays (whole mini-matches, dealt round
 * the shards), how "K/N" is read, and which of the games missing from a
 * set are a shard's.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_set.h"
#include "shard.h"

static void test_parse(void **state)
{
    (void)state;
    struct shard shard;
    struct error error;
    assert_int_equal(tourney_shard_parse("0/1", &shard, &error), 0);
    assert_int_equal(shard.index, 0);
    assert_int_equal(shard.count, 1);
    assert_int_equal(tourney_shard_parse("6/7", &shard, &error), 0);
    assert_int_equal(shard.index, 6);
    assert_int_equal(shard.count, 7);

    assert_int_equal(tourney_shard_parse("4/4", &shard, &error), -1);
    assert_string_equal(error.text,
                        "bad shard '4/4': shards are numbered from 0, so K must be from 0 "
                        "to 3");
    static const char *const bad[] = {"1",   "1/0",   "/4",   "1/",       "-1/4",
                                      "a/b", "1/4/2", "1 /4", "0/1000001"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(tourney_shard_parse(bad[i], &shard, &error), -1);
        char expected[256];
        snprintf(expected, sizeof(expected),
                 "bad shard '%s': expected K/N, shard K of N shards, with N from 1 to 1000000 "
                 "and K from 0 to N - 1 (shards are numbered from 0)",
                 bad[i]);
        assert_string_equal(error.text, expected);
    }
}

static void test_mini_matches_stay_together(void **state)
{
    (void)state;
    /* Shard 1 of 3: mini-matches 1, 4, 7: games 2-3, 8-9, 14-15. */
    struct shard shard = {.index = 1, .count = 3};
    static const uint64_t mine[] = {2, 3, 8, 9, 14, 15};
    size_t found = 0;
    for (uint64_t g = 0; g < 18; g++) {
        if (tourney_shard_has(&shard, g)) {
            assert_true(found < 6);
            assert_int_equal(g, mine[found]);
            found++;
        }
    }
    assert_int_equal(found, 6);
    assert_int_equal(tourney_shard_games(&shard, 18), 6);
    /* Every game is in exactly one shard, and the counts add up. */
    for (uint32_t n = 1; n <= 7; n++) {
        for (uint64_t games = 0; games <= 41; games++) {
            uint64_t total = 0;
            for (uint32_t k = 0; k < n; k++) {
                struct shard s = {.index = k, .count = n};
                uint64_t counted = 0;
                for (uint64_t g = 0; g < games; g++) {
                    counted += tourney_shard_has(&s, g);
                }
                assert_int_equal(tourney_shard_games(&s, games), counted);
                total += counted;
            }
            assert_int_equal(total, games);
        }
    }
    struct shard whole = {0};
    assert_true(tourney_shard_has(&whole, 12345));
    assert_int_equal(tourney_shard_games(&whole, 600), 600);
}

static bool in_shard(const void *context, uint64_t game)
{
    return tourney_shard_has(context, game);
}

/* The games a shard misses, as `tourney run --resume` of a shard names
 * them: only its own. (game_set's ranges: unit.game_set.) */
static void test_missing_games_of_a_shard(void **state)
{
    (void)state;
    struct game_set set;
    assert_int_equal(tourney_game_set_init(&set, 130), 0);
    for (uint64_t g = 0; g < 130; g++) {
        if ((g < 40 || g > 59) && g != 120 && g != 129) {
            assert_true(tourney_game_set_add(&set, g));
        }
    }
    /* Shard 1 of 4 misses mini-matches 21, 25 and 29 of those. */
    struct shard shard = {.index = 1, .count = 4};
    char *text = tourney_game_set_describe_missing(&set, in_shard, &shard, 10);
    assert_string_equal(text, "42-43, 50-51, 58-59");
    free(text);
    /* Shard 0 of 4: mini-matches 20, 24 and 28, and 60 and 64 (games 120
     * and 129, the other half of each played). */
    shard.index = 0;
    text = tourney_game_set_describe_missing(&set, in_shard, &shard, 10);
    assert_string_equal(text, "40-41, 48-49, 56-57, 120, 129");
    free(text);
    tourney_game_set_finish(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_mini_matches_stay_together),
        cmocka_unit_test(test_missing_games_of_a_shard),
    };
    return cmocka_run_group_tests_name("shard", tests, NULL, NULL);
}
