/*
 * "Did you mean": edit distances counted exactly (swaps of neighbours count
 * one), the cut-off for large distances, and which names are offered for
 * which mistakes.
 */
#include "test.h"

#include <string.h>

#include "suggest.h"

static size_t distance(const char *a, const char *b, size_t limit)
{
    return tourney_edit_distance(a, strlen(a), b, strlen(b), limit);
}

static void test_distances(void **state)
{
    (void)state;
    assert_int_equal(distance("", "", 4), 0);
    assert_int_equal(distance("depth", "depth", 4), 0);
    assert_int_equal(distance("dpth", "depth", 4), 1);     /* a deletion */
    assert_int_equal(distance("deepth", "depth", 4), 1);   /* an insertion */
    assert_int_equal(distance("dapth", "depth", 4), 1);    /* a substitution */
    assert_int_equal(distance("detph", "depth", 4), 1);    /* a swap of neighbours */
    assert_int_equal(distance("kitten", "sitting", 4), 3); /* the classic example */
    assert_int_equal(distance("ca", "abc", 4), 3);         /* no edit of a swapped pair */
    assert_int_equal(distance("", "abc", 4), 3);
    /* Beyond the limit, the answer is the limit plus one. */
    assert_int_equal(distance("kitten", "sitting", 2), 3);
    assert_int_equal(distance("a", "abcdefgh", 2), 3);
    assert_int_equal(distance("abcdefgh", "hgfedcba", 1), 2);
}

static void test_offers(void **state)
{
    (void)state;
    const char *keys[] = {"seed", "games_per_pair", "time_per_move_ms", "jobs", "name"};
    size_t count = sizeof(keys) / sizeof(keys[0]);
    assert_string_equal(tourney_suggest("games_per_par", keys, count), "games_per_pair");
    assert_string_equal(tourney_suggest("gmaes_per_pair", keys, count), "games_per_pair");
    assert_string_equal(tourney_suggest("sede", keys, count), "seed");
    assert_string_equal(tourney_suggest("time_per_move", keys, count), "time_per_move_ms");
    /* Too far from everything: no guess. */
    assert_null(tourney_suggest("depth", keys, count));
    assert_null(tourney_suggest("x", keys, count));
    /* The name itself is not a correction. */
    assert_null(tourney_suggest("seed", keys, 1));
    /* The closest wins; among equals, the first. */
    const char *agents[] = {"minimax", "negamax", "random", "mcts"};
    assert_string_equal(tourney_suggest("minmax", agents, 4), "minimax");
    assert_string_equal(tourney_suggest("negamx", agents, 4), "negamax");
    assert_string_equal(tourney_suggest("radnom", agents, 4), "random");
    assert_string_equal(tourney_suggest("mtcs", agents, 4), "mcts");
    const char *near[] = {"deep2", "deep1"};
    assert_string_equal(tourney_suggest("deep", near, 2), "deep2");
}

static void test_incremental(void **state)
{
    (void)state;
    struct suggestion s;
    tourney_suggest_init(&s, "negamax-ab-id");
    assert_null(tourney_suggest_best(&s));
    tourney_suggest_consider(&s, "negamax");
    assert_null(tourney_suggest_best(&s)); /* 6 edits: too far */
    tourney_suggest_consider(&s, NULL);
    tourney_suggest_consider_n(&s, "negamax-ab-ids.so", 14);
    assert_string_equal(tourney_suggest_best(&s), "negamax-ab-ids");
    assert_int_equal(s.distance, 1);
    /* A name longer than the longest compared is never offered. */
    char long_name[TOURNEY_SUGGEST_MAX + 2];
    memset(long_name, 'a', sizeof(long_name) - 1);
    long_name[sizeof(long_name) - 1] = '\0';
    tourney_suggest_init(&s, long_name + 1);
    tourney_suggest_consider(&s, long_name);
    assert_null(tourney_suggest_best(&s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distances),
        cmocka_unit_test(test_offers),
        cmocka_unit_test(test_incremental),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
