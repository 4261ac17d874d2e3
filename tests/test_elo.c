/*
 * Elo differences, their intervals and the likelihood of superiority, against
 * values worked out by hand from the formulas in runner/stats/elo.h, including the
 * degenerate cases, which must give a defined answer and never nan or inf.
 */
#include "test.h"

#include <math.h>
#include <string.h>

#include "elo.h"

#define EPS 1e-6

static void assert_finite(struct elo_value v, double expected)
{
    assert_int_equal(v.kind, ELO_FINITE);
    assert_float_equal(v.value, expected, EPS);
}

static void test_worked_examples(void **state)
{
    (void)state;
    /* 60 wins, 20 draws, 20 losses: s = 0.7, var = 0.16 per game. */
    struct elo_estimate e = tourney_elo_estimate(60, 20, 20);
    assert_float_equal(e.score, 0.7, EPS);
    assert_finite(e.elo, 147.190714117838);
    assert_finite(e.low, 86.225015200304);
    assert_finite(e.high, 218.251777641075);
    assert_float_equal(e.los, 0.999996127891785, EPS);

    /* Even scores: 0 Elo, a symmetric interval, a coin-flip LOS. */
    e = tourney_elo_estimate(10, 80, 10);
    assert_finite(e.elo, 0.0);
    assert_finite(e.low, -30.531864321711);
    assert_finite(e.high, 30.531864321711);
    assert_float_equal(e.los, 0.5, EPS);
    /* Fewer draws, same score: more spread, a wider interval. */
    e = tourney_elo_estimate(30, 40, 30);
    assert_finite(e.high, 53.157979780053);

    /* 1 win in 10: the interval's lower end falls off the scale. */
    e = tourney_elo_estimate(1, 0, 9);
    assert_finite(e.elo, -381.697003775730);
    assert_int_equal(e.low.kind, ELO_BELOW);
    assert_finite(e.high, -158.985185072510);
    assert_float_equal(e.los, 0.005706018193001, EPS);
}

static void test_degenerate_cases(void **state)
{
    (void)state;
    char text[32];
    /* All wins: the difference is only known to be large. */
    struct elo_estimate e = tourney_elo_estimate(20, 0, 0);
    assert_int_equal(e.elo.kind, ELO_ABOVE);
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, ">+800");
    /* erf(20 / sqrt(40)): as sure as the 60-20-20 match, which has the same
     * excess of wins over sqrt(2 (W + L)). */
    assert_float_equal(e.los, 0.999996127891785, EPS);
    /* All losses. */
    e = tourney_elo_estimate(0, 0, 20);
    assert_int_equal(e.elo.kind, ELO_BELOW);
    tourney_elo_format(e.elo, text, sizeof(text));
    assert_string_equal(text, "<-800");
    /* All draws: exactly even, with no spread at all. */
    e = tourney_elo_estimate(0, 12, 0);
    assert_finite(e.elo, 0.0);
    assert_finite(e.low, 0.0);
    assert_finite(e.high, 0.0);
    assert_float_equal(e.los, 0.5, EPS);
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
    /* Right at the cap the value is a bound, not a number. */
    assert_int_equal(tourney_elo_from_score(tourney_elo_expected_score(TOURNEY_ELO_CAP)).kind,
                     ELO_ABOVE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_degenerate_cases),
        cmocka_unit_test(test_scale),
    };
    return cmocka_run_group_tests_name("elo", tests, NULL, NULL);
}
