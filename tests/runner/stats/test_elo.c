/*
 * Elo differences, their intervals, the normalized Elo and the likelihood of
 * superiority: against worked examples (the interval's values computed by
 * an independent implementation of the score test in runner/stats/elo.h:
 * the multiplier and the interval's ends found by plain bisection to the
 * last bit), against figures published by fastchess, and in the degenerate
 * cases, which must give a defined answer, never nan, and never an interval
 * of no width.
 */
#include "test.h"

#include <math.h>
#include <string.h>

#include "elo.h"
#include "stats.h"

#define EPS 1e-6

static void assert_finite(struct elo_value v, double expected)
{
    assert_int_equal(v.kind, ELO_FINITE);
    assert_float_equal(v.value, expected, EPS);
}

static void test_worked_examples(void **state)
{
    (void)state;
    /* 60 wins, 20 draws, 20 losses: s = 0.7; the scores the test accepts
     * are [0.6159846, 0.7714009]. */
    struct elo_estimate e = tourney_elo_estimate(60, 20, 20);
    assert_float_equal(e.score, 0.7, EPS);
    assert_finite(e.elo, 147.190714117838);
    assert_finite(e.low, 82.08850247677417);
    assert_finite(e.high, 211.28222295585027);
    assert_float_equal(e.score_low, 0.6159846231822037, 1e-9);
    assert_float_equal(e.los, 0.999996127891785, EPS);
    assert_false(e.paired);
    assert_int_equal(e.units, 100);

    /* Even scores: 0 Elo, a symmetric interval, a coin-flip LOS. */
    e = tourney_elo_estimate(10, 80, 10);
    assert_finite(e.elo, 0.0);
    assert_finite(e.low, -32.11087446857786);
    assert_finite(e.high, 32.11087446857788);
    assert_float_equal(e.los, 0.5, EPS);
    /* Fewer draws, same score: more spread, a wider interval. */
    e = tourney_elo_estimate(30, 40, 30);
    assert_finite(e.high, 52.79932594979897);

    /* 1 win in 10: a wide, lopsided interval, every end a number. */
    e = tourney_elo_estimate(1, 0, 9);
    assert_finite(e.elo, -381.697003775730);
    assert_finite(e.low, -695.9017172861053);
    assert_finite(e.high, -67.45246689329716);
    assert_float_equal(e.los, 0.005706018193001, EPS);
}

/* Without draws the interval is Wilson's. */
static void test_two_outcomes_are_wilson(void **state)
{
    (void)state;
    static const double values[2] = {0.0, 1.0};
    for (uint32_t wins = 0; wins <= 12; wins++) {
        uint32_t count[2] = {12 - wins, wins};
        double low = 0.0;
        double high = 0.0;
        assert_true(tourney_score_interval(count, values, 2, TOURNEY_Z95, &low, &high));
        struct interval wilson = tourney_wilson(wins, 12, TOURNEY_Z95);
        assert_float_equal(low, wilson.low, 1e-12);
        assert_float_equal(high, wilson.high, 1e-12);
    }
    uint32_t none[2] = {0, 0};
    double low = 0.0;
    double high = 0.0;
    assert_false(tourney_score_interval(none, values, 2, TOURNEY_Z95, &low, &high));
}

/* fastchess's tests (app/tests/elo_test.cpp, "EloPentanomial 1"): pairs
 * LL 34, LD 54, WL 31, DD 32, WD 64, WW 75 stand for 55.58 Elo and 57.94
 * normalized Elo, with a Wald interval of +-27.65 Elo. Ours is a score
 * test's, which differs from Wald's by little on 290 pairs. */
static void test_published_pentanomial(void **state)
{
    (void)state;
    struct pentanomial p = {{34, 54, 63, 64, 75}};
    /* Agent's games: 2 * 75 + 64 + 31 wins, 54 + 64 + 2 * 32 draws, ... */
    uint32_t wins = 2 * 75 + 64 + 31;
    uint32_t draws = 54 + 64 + 2 * 32;
    uint32_t losses = 2 * 34 + 54 + 31;
    struct elo_estimate e = tourney_elo_estimate_paired(wins, draws, losses, &p);
    assert_true(e.paired);
    assert_int_equal(e.units, 290);
    assert_float_equal(e.elo.value, 55.58, 0.005);
    assert_float_equal(e.nelo, 57.94, 0.005);
    assert_finite(e.low, 27.933622200517522);
    assert_finite(e.high, 83.14982306445158);
    assert_float_equal((e.high.value - e.low.value) / 2, 27.65, 0.05);
    /* Seen from the other side. */
    struct elo_estimate t = tourney_elo_turn(&e);
    assert_finite(t.elo, -e.elo.value);
    assert_finite(t.low, -83.14982306445158);
    assert_float_equal(t.los, 1.0 - e.los, 1e-12);
    assert_float_equal(t.nelo, -e.nelo, 1e-12);
    /* One game short of the pairs: the interval is from the games. */
    e = tourney_elo_estimate_paired(wins, draws, losses + 1, &p);
    assert_false(e.paired);
    assert_int_equal(e.units, 581);
}

/* LOS is taken on the interval's basis: from the pairs when paired. A
 * 7-2-1 match of five pairs (one 1/2, one 3/2, three 2-0) has a pair
 * interval that holds 0, and said LOS 98.3% from its games; from its pairs
 * it is 95.8%, the score test's statistic at an even score, z = 1.7316.
 * And over many matches, LOS passes 97.5% exactly when the interval's
 * lower end passes 0. */
static void test_los_on_the_interval_basis(void **state)
{
    (void)state;
    struct pentanomial p = {{0, 1, 0, 1, 3}};
    struct elo_estimate e = tourney_elo_estimate_paired(7, 2, 1, &p);
    assert_true(e.paired);
    assert_true(e.low.value < 0.0 && e.high.value > 0.0);
    assert_float_equal(e.los, 0.9583319473264666, 1e-9);
    assert_float_equal(tourney_elo_turn(&e).los, 1.0 - 0.9583319473264666, 1e-9);
    /* From its games, unpaired: cutechess's 0.5 (1 + erf(6 / sqrt(16))). */
    struct elo_estimate games = tourney_elo_estimate(7, 2, 1);
    assert_float_equal(games.los, 0.9830525732376554, 1e-12);
    /* 50 pairs, the even ones drawn twice: 79.3%. */
    struct pentanomial q = {{3, 10, 20, 12, 5}};
    uint32_t wins = 10 * 0 + 12 * 1 + 5 * 2;
    uint32_t draws = 10 * 1 + 20 * 2 + 12 * 1;
    uint32_t losses = 3 * 2 + 10 * 1;
    e = tourney_elo_estimate_paired(wins, draws, losses, &q);
    assert_true(e.paired);
    assert_float_equal(e.los, 0.7932226388772357, 1e-9);
    uint64_t seed = 5;
    for (int trial = 0; trial < 2000; trial++) {
        struct pentanomial r = {{0, 0, 0, 0, 0}};
        for (int k = 0; k < 5; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            r.count[k] = (uint32_t)(seed >> 59);
        }
        uint32_t w = r.count[3] + 2 * r.count[4];
        uint32_t d = r.count[1] + 2 * r.count[2] + r.count[3];
        uint32_t l = 2 * r.count[0] + r.count[1];
        if (w + d + l == 0) {
            continue;
        }
        e = tourney_elo_estimate_paired(w, d, l, &r);
        bool above = e.low.kind == ELO_FINITE && e.low.value > 0.0;
        assert_true(above == (e.los > 0.975) || fabs(e.los - 0.975) < 1e-6);
    }
}

static void test_degenerate_cases(void **state)
{
    (void)state;
    char text[32];
    /* All wins: the difference has no finite estimate, but the interval's
     * lower end is a number (Wilson's for 20 of 20). */
    struct elo_estimate e = tourney_elo_estimate(20, 0, 0);
    assert_int_equal(e.elo.kind, ELO_ABOVE);
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, "+inf");
    assert_finite(e.low, 286.6404765420762);
    assert_int_equal(e.high.kind, ELO_ABOVE);
    /* erf(20 / sqrt(40)): as sure as the 60-20-20 match, which has the same
     * excess of wins over sqrt(2 (W + L)). */
    assert_float_equal(e.los, 0.999996127891785, EPS);
    assert_true(isnan(e.nelo));
    /* All losses. */
    e = tourney_elo_estimate(0, 0, 20);
    assert_int_equal(e.elo.kind, ELO_BELOW);
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, "-inf");
    assert_finite(e.high, -286.6404765420762);
    /* All draws: exactly even, and an interval as wide as twelve games
     * allow, never 0 [0, 0]. */
    e = tourney_elo_estimate(0, 12, 0);
    assert_finite(e.elo, 0.0);
    assert_finite(e.low, -85.98658745377202);
    assert_finite(e.high, 85.98658745377199);
    assert_float_equal(e.los, 0.5, EPS);
    e = tourney_elo_estimate(0, 10, 0);
    assert_finite(e.low, -99.04875711840843);
    assert_finite(e.high, 99.04875711840843);
    /* The same ten games as five drawn pairs: five units, a wider interval. */
    struct pentanomial drawn = {{0, 0, 5, 0, 0}};
    e = tourney_elo_estimate_paired(0, 10, 0, &drawn);
    assert_true(e.paired);
    assert_finite(e.low, -161.74807403601397);
    assert_finite(e.high, 161.74807403601392);
    /* ... and a positive zero, which reads "+0.0", never "-0.0". */
    assert_false(signbit(e.elo.value));
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, "+0.0");
    /* No games: nothing is known. */
    e = tourney_elo_estimate(0, 0, 0);
    assert_int_equal(e.elo.kind, ELO_UNKNOWN);
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, "n/a");
}

static void test_scale(void **state)
{
    (void)state;
    /* 75% is 190.8 Elo; the expected score inverts it. */
    assert_finite(tourney_elo_from_score(0.75), 190.848501887865);
    assert_float_equal(tourney_elo_expected_score(190.848501887865), 0.75, EPS);
    assert_float_equal(tourney_elo_expected_score(0.0), 0.5, EPS);
    char text[32];
    tourney_elo_format(tourney_elo_from_score(0.75), text, sizeof(text));
    assert_string_equal(text, "+190.8");
    /* A large difference is a number however large: 999 of 1000 is
     * -400 log10(1/999) = 1199.8 Elo. */
    struct elo_value big = tourney_elo_from_score(0.999);
    assert_finite(big, 1199.8261952903777);
    tourney_elo_format(big, text, sizeof(text));
    assert_string_equal(text, "+1199.8");
    assert_int_equal(tourney_elo_from_score(1.0).kind, ELO_ABOVE);
    assert_int_equal(tourney_elo_from_score(0.0).kind, ELO_BELOW);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_two_outcomes_are_wilson),
        cmocka_unit_test(test_published_pentanomial),
        cmocka_unit_test(test_los_on_the_interval_basis),
        cmocka_unit_test(test_degenerate_cases),
        cmocka_unit_test(test_scale),
    };
    return cmocka_run_group_tests_name("elo", tests, NULL, NULL);
}
