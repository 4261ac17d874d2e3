/*
 * Ratings of a whole field: the maximum-likelihood fit against worked
 * examples, its agreement with the pairwise Elo on two agents, the defined
 * answers of degenerate fields, and seeded simulations checking that the
 * 95% intervals (Wilson, pairwise Elo, field ratings) cover the true value
 * about 95% of the time.
 */
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "ratings.h"
#include "stats.h"

/* A field of N agents whose cross-table is set by hand. */
struct field {
    struct stats stats;
};

static void field_init(struct field *f, size_t n, const bool *is_random)
{
    bool none[16] = {false};
    assert_int_equal(tourney_stats_init(&f->stats, n, is_random ? is_random : none, 1), 0);
}

/* A plays B: W wins, D draws, L losses for A. */
static void play(struct field *f, size_t a, size_t b, uint32_t w, uint32_t d, uint32_t l)
{
    size_t n = f->stats.agent_count;
    struct tally *ab = &f->stats.cross[a * n + b];
    struct tally *ba = &f->stats.cross[b * n + a];
    ab->games += w + d + l;
    ab->wins += w;
    ab->draws += d;
    ab->losses += l;
    ba->games += w + d + l;
    ba->wins += l;
    ba->draws += d;
    ba->losses += w;
    f->stats.agents[a].all.games += w + d + l;
    f->stats.agents[b].all.games += w + d + l;
}

static double value(const struct ratings *r, size_t agent)
{
    assert_int_equal(r->agents[agent].elo.kind, ELO_FINITE);
    return r->agents[agent].elo.value;
}

static void test_two_agents_agree_with_pairwise(void **state)
{
    (void)state;
    /* 30 wins, 20 draws, 10 losses: s = 2/3, elo = -400 log10(1/2) =
     * 120.41199826559; the per-game variance is (30/9 + 10*4/9 + 20/36) / 60
     * = 0.1388..., so sd(s) = sqrt(0.1388.../60) = 0.0481125 and, through
     * d elo / d s = 400 / (ln 10 s (1 - s)) = 781.7, sd(elo) = 37.6110054. */
    bool is_random[2] = {false, true};
    struct field f;
    field_init(&f, 2, is_random);
    play(&f, 0, 1, 30, 20, 10);
    struct ratings r;
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_RANDOM), 0);
    assert_int_equal(r.anchor, ANCHOR_RANDOM);
    assert_int_equal(r.anchor_agent, 1);
    assert_float_equal(value(&r, 0), 120.41199826559247, 1e-6);
    assert_float_equal(value(&r, 1), 0.0, 1e-12);
    assert_float_equal(r.agents[0].stderr_elo, 37.61100540516171, 1e-6);
    assert_float_equal(r.agents[1].stderr_elo, 0.0, 1e-12);
    assert_float_equal(r.agents[0].low.value,
                       120.41199826559247 - 1.959963984540054 * 37.61100540516171, 1e-6);
    struct elo_estimate pairwise = tourney_elo_estimate(30, 20, 10);
    assert_float_equal(value(&r, 0), pairwise.elo.value, 1e-6);
    tourney_ratings_finish(&r);

    /* Mean anchor: +60.2 and -60.2, each with half the difference's error. */
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_MEAN), 0);
    assert_int_equal(r.anchor, ANCHOR_MEAN);
    assert_float_equal(value(&r, 0), 60.205999132796235, 1e-6);
    assert_float_equal(value(&r, 1), -60.205999132796235, 1e-6);
    assert_float_equal(r.agents[0].stderr_elo, 37.61100540516171 / 2, 1e-6);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

static void test_chain_and_cycle(void **state)
{
    (void)state;
    /* A chain: 0 scores 2/3 against 1, 1 scores 2/3 against 2, 0 and 2 never
     * meet. Each link is its own two-agent fit: 120.412 Elo apart. */
    struct field f;
    field_init(&f, 3, NULL);
    play(&f, 0, 1, 40, 0, 20);
    play(&f, 1, 2, 40, 0, 20);
    struct ratings r;
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_MEAN), 0);
    assert_float_equal(value(&r, 0), 120.41199826559247, 1e-6);
    assert_float_equal(value(&r, 1), 0.0, 1e-6);
    assert_float_equal(value(&r, 2), -120.41199826559247, 1e-6);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* A cycle of equal results: everyone 0. */
    field_init(&f, 3, NULL);
    play(&f, 0, 1, 7, 2, 3);
    play(&f, 1, 2, 7, 2, 3);
    play(&f, 2, 0, 7, 2, 3);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_int_equal(r.anchor, ANCHOR_MEAN); /* no random agent */
    for (size_t a = 0; a < 3; a++) {
        assert_float_equal(value(&r, a), 0.0, 1e-6);
    }
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

/* At the maximum each agent's expected score equals its actual score. */
static void test_fit_matches_scores(void **state)
{
    (void)state;
    struct field f;
    field_init(&f, 4, NULL);
    play(&f, 0, 1, 12, 5, 3);
    play(&f, 0, 2, 15, 3, 2);
    play(&f, 0, 3, 9, 1, 10);
    play(&f, 1, 2, 8, 8, 4);
    play(&f, 1, 3, 6, 4, 10);
    play(&f, 2, 3, 3, 7, 10);
    struct ratings r;
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_MEAN), 0);
    double mean = 0.0;
    for (size_t a = 0; a < 4; a++) {
        double expected = 0.0;
        double actual = 0.0;
        for (size_t b = 0; b < 4; b++) {
            const struct tally *t = &f.stats.cross[a * 4 + b];
            expected += t->games * tourney_elo_expected_score(value(&r, a) - value(&r, b));
            actual += t->wins + 0.5 * t->draws;
        }
        assert_float_equal(expected, actual, 1e-6);
        mean += value(&r, a) / 4;
        assert_true(r.agents[a].stderr_elo > 10.0 && r.agents[a].stderr_elo < 200.0);
    }
    assert_float_equal(mean, 0.0, 1e-9);
    assert_true(r.iterations > 0 && r.iterations < 50);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

static void test_degenerate_fields(void **state)
{
    (void)state;
    struct ratings r;
    struct field f;
    /* No games: nothing is known. */
    field_init(&f, 2, NULL);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_int_equal(r.agents[0].elo.kind, ELO_UNKNOWN);
    assert_int_equal(r.agents[1].elo.kind, ELO_UNKNOWN);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* 0 wins every game against 1 and 2, who draw each other: 0 is above
     * any finite rating, 1 and 2 are fitted (both 0, the mean). */
    field_init(&f, 3, NULL);
    play(&f, 0, 1, 10, 0, 0);
    play(&f, 0, 2, 10, 0, 0);
    play(&f, 1, 2, 0, 10, 0);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_MEAN), 0);
    assert_int_equal(r.fitted, 2);
    assert_int_equal(r.agents[0].elo.kind, ELO_ABOVE);
    assert_int_equal(r.agents[0].low.kind, ELO_ABOVE);
    assert_float_equal(value(&r, 1), 0.0, 1e-9);
    assert_float_equal(value(&r, 2), 0.0, 1e-9);
    /* Only draws: no spread at all, a zero-width interval, never nan. */
    assert_float_equal(r.agents[1].stderr_elo, 0.0, 1e-9);
    char text[32];
    tourney_elo_format(r.agents[0].elo, text, sizeof(text));
    assert_string_equal(text, ">+800");
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* The random agent loses everything: the rest is above it by more than
     * can be measured. */
    bool is_random[3] = {false, false, true};
    field_init(&f, 3, is_random);
    play(&f, 0, 2, 10, 0, 0);
    play(&f, 1, 2, 10, 0, 0);
    play(&f, 0, 1, 5, 0, 5);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_int_equal(r.anchor, ANCHOR_RANDOM);
    assert_float_equal(value(&r, 2), 0.0, 1e-12);
    assert_int_equal(r.agents[0].elo.kind, ELO_ABOVE);
    assert_int_equal(r.agents[1].elo.kind, ELO_ABOVE);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* Two agents that never met, each against a third: one lost to it,
     * one beat it. Anchored at the third (random), they are below and above. */
    field_init(&f, 3, is_random);
    play(&f, 0, 2, 0, 0, 4);
    play(&f, 1, 2, 4, 0, 0);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_RANDOM), 0);
    assert_int_equal(r.agents[0].elo.kind, ELO_BELOW);
    assert_int_equal(r.agents[1].elo.kind, ELO_ABOVE);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

/* splitmix64: a small, well-mixed generator for the simulations. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
    return (double)(next(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* Results of a game between players DIFF Elo apart, with draws: the draw
 * rate is fixed, and the rest is split so that the expected score matches
 * the logistic curve. Returns 1 win, 0 draw, -1 loss. */
static int simulate_game(uint64_t *s, double diff, double draw_rate)
{
    double score = tourney_elo_expected_score(diff);
    double win = score - draw_rate / 2;
    double u = uniform(s);
    return u < win ? 1 : u < win + draw_rate ? 0 : -1;
}

/* Coverage must be near 95%: with TRIALS trials the count of covering
 * trials has a standard deviation of sqrt(0.95 * 0.05 * TRIALS); allow four
 * of them either way (a wrong interval formula misses by far more). */
static void assert_coverage(uint32_t covered, uint32_t trials)
{
    double sd = sqrt(0.95 * 0.05 * trials);
    double expected = 0.95 * trials;
    if (fabs(covered - expected) > 4 * sd) {
        print_error("covered %u of %u (expected %.0f +- %.0f)\n", covered, trials, expected,
                    4 * sd);
        fail();
    }
}

static void test_wilson_coverage(void **state)
{
    (void)state;
    uint64_t seed = 20261122;
    static const double rates[] = {0.1, 0.3, 0.5, 0.8};
    for (size_t k = 0; k < sizeof(rates) / sizeof(rates[0]); k++) {
        uint32_t covered = 0;
        const uint32_t trials = 2000;
        for (uint32_t t = 0; t < trials; t++) {
            uint32_t wins = 0;
            for (int g = 0; g < 100; g++) {
                wins += uniform(&seed) < rates[k];
            }
            struct interval ci = tourney_wilson(wins, 100, TOURNEY_Z95);
            covered += ci.low <= rates[k] && rates[k] <= ci.high;
        }
        assert_coverage(covered, trials);
    }
}

static void test_pairwise_elo_coverage(void **state)
{
    (void)state;
    uint64_t seed = 7;
    const double truth = 100.0;
    const uint32_t trials = 2000;
    uint32_t covered = 0;
    for (uint32_t t = 0; t < trials; t++) {
        uint32_t w = 0, d = 0, l = 0;
        for (int g = 0; g < 200; g++) {
            int r = simulate_game(&seed, truth, 0.3);
            w += r > 0;
            d += r == 0;
            l += r < 0;
        }
        struct elo_estimate e = tourney_elo_estimate(w, d, l);
        covered += e.low.kind == ELO_FINITE && e.high.kind == ELO_FINITE && e.low.value <= truth &&
                   truth <= e.high.value;
    }
    assert_coverage(covered, trials);
}

static void test_field_ratings_coverage(void **state)
{
    (void)state;
    /* Four agents at 0 (random), 50, 150 and 300 Elo; 60 games a pair with
     * 25% draws. Each fitted rating's interval should hold its true value. */
    static const double truth[4] = {0.0, 50.0, 150.0, 300.0};
    bool is_random[4] = {true, false, false, false};
    uint64_t seed = 99;
    const uint32_t trials = 1000;
    uint32_t covered[4] = {0};
    for (uint32_t t = 0; t < trials; t++) {
        struct field f;
        field_init(&f, 4, is_random);
        for (size_t a = 0; a < 4; a++) {
            for (size_t b = a + 1; b < 4; b++) {
                uint32_t w = 0, d = 0, l = 0;
                for (int g = 0; g < 60; g++) {
                    int r = simulate_game(&seed, truth[a] - truth[b], 0.25);
                    w += r > 0;
                    d += r == 0;
                    l += r < 0;
                }
                play(&f, a, b, w, d, l);
            }
        }
        struct ratings r;
        assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_RANDOM), 0);
        for (size_t a = 1; a < 4; a++) {
            const struct rating *x = &r.agents[a];
            covered[a] += x->low.kind == ELO_FINITE && x->high.kind == ELO_FINITE &&
                          x->low.value <= truth[a] && truth[a] <= x->high.value;
        }
        tourney_ratings_finish(&r);
        tourney_stats_finish(&f.stats);
    }
    for (size_t a = 1; a < 4; a++) {
        assert_coverage(covered[a], trials);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_agents_agree_with_pairwise),
        cmocka_unit_test(test_chain_and_cycle),
        cmocka_unit_test(test_fit_matches_scores),
        cmocka_unit_test(test_degenerate_fields),
        cmocka_unit_test(test_wilson_coverage),
        cmocka_unit_test(test_pairwise_elo_coverage),
        cmocka_unit_test(test_field_ratings_coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
