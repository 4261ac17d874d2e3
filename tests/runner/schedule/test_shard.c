/*
 * Shards: which games shard K of N plays (whole mini-matches, dealt round
 * the shards pair after pair: its share of every pair), how "K/N" is read,
 * and which of the games missing from a set are a shard's.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_set.h"
#include "schedule.h"
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

/* Every shard plays its share of every pair, for any number of pairs P
 * and shards N (with common factors or none, more shards than games of a
 * pair, than games), and as many games as any other: within one
 * mini-match of equal, per pair and in all. Every game is in exactly one
 * shard, its two games in the same one, and tourney_shard_games counts
 * what tourney_shard_has says. */
static void test_every_shard_plays_every_pair(void **state)
{
    (void)state;
    static const uint32_t agents[] = {2, 3, 4, 5, 6, 7, 9};
    static const uint32_t per_pair[] = {2, 4, 6, 10, 12, 20};
    static const uint32_t shards[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 21, 30, 64};
    for (size_t a = 0; a < sizeof(agents) / sizeof(agents[0]); a++) {
        for (size_t g = 0; g < sizeof(per_pair) / sizeof(per_pair[0]); g++) {
            struct schedule schedule;
            assert_int_equal(
                tourney_schedule_init(&schedule, agents[a], per_pair[g], 1, TOURNEY_NO_GAUNTLET),
                0);
            uint64_t pairs = schedule.pair_count;
            for (size_t n = 0; n < sizeof(shards) / sizeof(shards[0]); n++) {
                uint32_t count = shards[n];
                uint64_t *of_pair = calloc(pairs * count, sizeof(*of_pair));
                uint64_t *of_shard = calloc(count, sizeof(*of_shard));
                assert_non_null(of_pair);
                assert_non_null(of_shard);
                for (uint64_t game = 0; game < schedule.count; game++) {
                    struct scheduled_game scheduled;
                    tourney_schedule_game(&schedule, game, &scheduled);
                    uint32_t owners = 0;
                    uint32_t owner = 0;
                    for (uint32_t k = 0; k < count; k++) {
                        struct shard s = {.index = k, .count = count};
                        tourney_shard_deal(&s, pairs, schedule.count);
                        if (tourney_shard_has(&s, game)) {
                            owners++;
                            owner = k;
                            /* Its mini-match's other game is there too. */
                            assert_true(tourney_shard_has(&s, game ^ 1));
                        }
                    }
                    assert_int_equal(owners, 1);
                    uint64_t pair = game / 2 % pairs;
                    assert_int_equal(scheduled.agent[0] + scheduled.agent[1],
                                     schedule.pairs[pair][0] + schedule.pairs[pair][1]);
                    of_pair[pair * count + owner]++;
                    of_shard[owner]++;
                }
                uint64_t least = UINT64_MAX, most = 0;
                for (uint32_t k = 0; k < count; k++) {
                    struct shard s = {.index = k, .count = count};
                    tourney_shard_deal(&s, pairs, schedule.count);
                    assert_int_equal(tourney_shard_games(&s, schedule.count), of_shard[k]);
                    least = of_shard[k] < least ? of_shard[k] : least;
                    most = of_shard[k] > most ? of_shard[k] : most;
                }
                /* Games come in mini-matches of two. */
                assert_true(most - least <= 2);
                for (uint64_t p = 0; p < pairs; p++) {
                    uint64_t fewest = UINT64_MAX, moved = 0;
                    for (uint32_t k = 0; k < count; k++) {
                        uint64_t c = of_pair[p * count + k];
                        fewest = c < fewest ? c : fewest;
                        moved = c > moved ? c : moved;
                    }
                    assert_true(moved - fewest <= 2);
                    /* Every shard has some of every pair that has a
                     * mini-match for each. */
                    if (per_pair[g] / 2 >= count) {
                        assert_true(fewest > 0);
                    }
                }
                free(of_pair);
                free(of_shard);
            }
            tourney_schedule_finish(&schedule);
        }
    }
}

/* The config of the docs, 5 agents (10 pairs) of 20 games in 4 and in 16
 * shards, and 4 agents (6 pairs) in 6, where dealing the schedule's order
 * gave a shard 5 of the 10 pairs, or 1 of the 6: the games each shard
 * plays, exactly. */
static void test_shards_of_the_docs(void **state)
{
    (void)state;
    /* 10 pairs, 10 mini-matches each: q = p * 10 + r. Shard 1 of 4 plays
     * q = 1, 5, 9, ...: pair 0's rounds 1, 5, 9, pair 1's rounds 3, 7,
     * pair 2's rounds 1, 5, 9, ... */
    struct shard shard = {.index = 1, .count = 4};
    tourney_shard_deal(&shard, 10, 200);
    uint64_t rounds_of_pair[10] = {0};
    uint64_t pairs_seen = 0;
    for (uint64_t game = 0; game < 200; game += 2) {
        if (tourney_shard_has(&shard, game)) {
            uint64_t pair = game / 2 % 10;
            pairs_seen += rounds_of_pair[pair]++ == 0;
        }
    }
    assert_int_equal(pairs_seen, 10);
    static const uint64_t expected[10] = {3, 2, 3, 2, 3, 2, 3, 2, 3, 2};
    assert_memory_equal(rounds_of_pair, expected, sizeof(expected));
    assert_int_equal(tourney_shard_games(&shard, 200), 50);
    /* Game 0 (pair 0, round 0: q = 0) is shard 0's; game 2 (pair 1, round
     * 0: q = 10) shard 2's; game 22 (pair 1, round 1: q = 11) shard 3's. */
    static const struct {
        uint64_t game;
        uint32_t shard;
    } owners[] = {{0, 0}, {1, 0}, {2, 2}, {22, 3}, {20, 1}, {199, 3}};
    for (size_t i = 0; i < sizeof(owners) / sizeof(owners[0]); i++) {
        struct shard s = {.index = owners[i].shard, .count = 4};
        tourney_shard_deal(&s, 10, 200);
        assert_true(tourney_shard_has(&s, owners[i].game));
    }
    /* 6 pairs in 6 shards: each shard plays a mini-match of every pair
     * once the pairs have 6 mini-matches each. */
    for (uint32_t k = 0; k < 6; k++) {
        struct shard s = {.index = k, .count = 6};
        tourney_shard_deal(&s, 6, 72);
        uint64_t of_pair[6] = {0};
        for (uint64_t game = 0; game < 72; game += 2) {
            of_pair[game / 2 % 6] += tourney_shard_has(&s, game);
        }
        for (size_t p = 0; p < 6; p++) {
            assert_int_equal(of_pair[p], 1);
        }
    }
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
        cmocka_unit_test(test_every_shard_plays_every_pair),
        cmocka_unit_test(test_shards_of_the_docs),
        cmocka_unit_test(test_missing_games_of_a_shard),
    };
    return cmocka_run_group_tests_name("shard", tests, NULL, NULL);
}
