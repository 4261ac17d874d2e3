/*
 * Ratings of a whole field: the maximum-likelihood fit against worked
 * examples, its agreement with the pairwise Elo on two agents, the defined
 * answers of degenerate fields, the sparse fit against the dense one and
 * on a large gauntlet, and seeded simulations checking that the 95%
 * intervals (Wilson, pairwise Elo from games and from pairs, field
 * ratings) cover the true value about 95% of the time, with few draws, with
 * nine games in ten drawn, and on ten games.
 */
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "ratings.h"
#include "ratings_fit.h"
#include "stats.h"

/* A field of N agents whose results are set by hand. */
struct field {
    struct stats stats;
    uint32_t next_index;
};

static void field_init(struct field *f, size_t n, const bool *is_random)
{
    bool *none = calloc(n + 1, sizeof(*none));
    assert_non_null(none);
    f->next_index = 0;
    assert_int_equal(tourney_stats_init(&f->stats, n, is_random ? is_random : none, 1), 0);
    free(none);
}

/* One game: A in seat 0 scores OUTCOME (1, 0 or -1) against B. */
static void game(struct field *f, size_t a, size_t b, int outcome)
{
    struct game_record r;
    tourney_record_init(&r);
    r.index = f->next_index++;
    r.agent[0] = (uint32_t)a;
    r.agent[1] = (uint32_t)b;
    r.result = outcome > 0 ? RESULT_FIRST_WINS : outcome < 0 ? RESULT_SECOND_WINS : RESULT_DRAW;
    assert_int_equal(tourney_stats_add(&f->stats, &r), 0);
}

/* A plays B: W wins, D draws, L losses for A, all with A first. */
static void play(struct field *f, size_t a, size_t b, uint32_t w, uint32_t d, uint32_t l)
{
    for (uint32_t i = 0; i < w + d + l; i++) {
        game(f, a, b, i < w ? 1 : i < w + d ? 0 : -1);
    }
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_RANDOM, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_MEAN, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_MEAN, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_AUTO, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_MEAN, 0.0), 0);
    double mean = 0.0;
    for (size_t a = 0; a < 4; a++) {
        double expected = 0.0;
        double actual = 0.0;
        for (size_t b = 0; b < 4; b++) {
            struct tally t = tourney_stats_versus(&f.stats, a, b, -1);
            expected += t.games * tourney_elo_expected_score(value(&r, a) - value(&r, b));
            actual += t.wins + 0.5 * t.draws;
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_AUTO, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_MEAN, 0.0), 0);
    assert_int_equal(r.fitted, 2);
    assert_int_equal(r.agents[0].elo.kind, ELO_ABOVE);
    assert_int_equal(r.agents[0].low.kind, ELO_ABOVE);
    assert_float_equal(value(&r, 1), 0.0, 1e-9);
    assert_float_equal(value(&r, 2), 0.0, 1e-9);
    /* Only draws: no spread was seen, but ten games cannot rule one out:
     * the spread is the model's over K games of the 10 + K, 10 * 1/4 * K /
     * (10 + K), against an information of 10 / 4 (times c^2, c = ln 10 /
     * 400); the mean anchor halves the difference's error. Never 0 [0, 0]. */
    double k = RATINGS_PRIOR_GAMES;
    double c = log(10.0) / 400.0;
    double difference_sd = sqrt(10 * 0.25 * k / (10 + k)) / (10 * 0.25) / c;
    assert_float_equal(r.agents[1].stderr_elo, difference_sd / 2, 1e-6);
    assert_true(r.agents[1].high.value > 50.0);
    char text[32];
    tourney_rating_format(&r.agents[0], text, sizeof(text));
    assert_string_equal(text, "above all rated");
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* The random agent loses everything: the rest is above it by more than
     * can be measured. */
    bool is_random[3] = {false, false, true};
    field_init(&f, 3, is_random);
    play(&f, 0, 2, 10, 0, 0);
    play(&f, 1, 2, 10, 0, 0);
    play(&f, 0, 1, 5, 0, 5);
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_AUTO, 0.0), 0);
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
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_RANDOM, 0.0), 0);
    assert_int_equal(r.agents[0].elo.kind, ELO_BELOW);
    assert_int_equal(r.agents[1].elo.kind, ELO_ABOVE);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

/* The default fit adds RATINGS_PRIOR_DRAWS virtual draws to each pair: on two
 * agents it is the pairwise Elo of the score with them, and its error the
 * two-agent sandwich with the information of n + v games. */
static void test_prior_two_agents(void **state)
{
    (void)state;
    bool is_random[2] = {false, true};
    struct field f;
    field_init(&f, 2, is_random);
    play(&f, 0, 1, 30, 20, 10);
    struct ratings r;
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_float_equal(r.prior_draws, 0.5, 0.0);
    /* s = (30 + 10 + 0.25) / 60.5 = 0.665289...: 119.336343 Elo. */
    double s = 40.25 / 60.5;
    assert_float_equal(value(&r, 0), 119.33634286128, 1e-6);
    /* J: the model's variance at the 20 draws of the 60 games, 60 s (1 - s)
     * - 20 / 4 = 8.36077, a little above the observed spread at s (8.33345:
     * the prior moved s off the games' own 2/3, where the two are equal). */
    double observed = 30 * (1 - s) * (1 - s) + 20 * (0.5 - s) * (0.5 - s) + 10 * s * s;
    double drawn = 60 * s * (1 - s) - 20 / 4.0;
    assert_float_equal(observed, 8.333447, 1e-6);
    assert_float_equal(drawn, 8.360768, 1e-6);
    double c = log(10.0) / 400.0;
    double sd = sqrt(drawn) / (60.5 * s * (1 - s)) / c;
    assert_float_equal(r.agents[0].stderr_elo, sd, 1e-6);
    assert_float_equal(r.agents[0].stderr_elo, 37.284802, 1e-5);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* Ten draws: the floor over 10 games, against the information of 10.5:
     * the difference is 0 +- 109.6, each rating 0 +- 54.8 around the mean. */
    field_init(&f, 2, NULL);
    play(&f, 0, 1, 0, 10, 0);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_float_equal(value(&r, 0), 0.0, 1e-9);
    double floor_sd = sqrt(10 * 0.25 * 4 / 14.0) / (10.5 * 0.25) / c;
    assert_float_equal(r.agents[0].stderr_elo, floor_sd / 2, 1e-6);
    assert_float_equal(r.agents[0].high.value, 54.811170, 1e-5);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

/* Results the plain maximum cannot fit get finite ratings and intervals:
 * an agent that won every game, and a random agent that lost every game. */
static void test_prior_lopsided_fields(void **state)
{
    (void)state;
    struct ratings r;
    struct field f;
    /* 0 wins 10-0 against 1 and 2, who draw 10 games: by symmetry 1 and 2
     * are equal, and 0's two pairs each score (10 + 0.25) / (10 + 0.5) at
     * the optimum: 0 is 400 log10(41) = 645.126 Elo above them. Mean
     * anchor: +430.084, -215.042, -215.042. */
    field_init(&f, 3, NULL);
    play(&f, 0, 1, 10, 0, 0);
    play(&f, 0, 2, 10, 0, 0);
    play(&f, 1, 2, 0, 10, 0);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_int_equal(r.anchor, ANCHOR_MEAN);
    assert_int_equal(r.fitted, 3);
    double gap = 400.0 * log10(41.0);
    assert_float_equal(value(&r, 0), 2 * gap / 3, 1e-6);
    assert_float_equal(value(&r, 1), -gap / 3, 1e-6);
    assert_float_equal(value(&r, 2), -gap / 3, 1e-6);
    char text[32];
    tourney_rating_format(&r.agents[0], text, sizeof(text));
    assert_string_equal(text, "+430.1");
    for (size_t a = 0; a < 3; a++) {
        assert_int_equal(r.agents[a].low.kind, ELO_FINITE);
        assert_int_equal(r.agents[a].high.kind, ELO_FINITE);
        assert_true(r.agents[a].stderr_elo > 0.0 && r.agents[a].stderr_elo < 1000.0);
    }
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* Random loses every game against 0 and 1, who share 5-0-5: both are
     * 645.126 Elo above random (their own pair is even at the optimum). */
    bool is_random[3] = {false, false, true};
    field_init(&f, 3, is_random);
    play(&f, 0, 2, 10, 0, 0);
    play(&f, 1, 2, 10, 0, 0);
    play(&f, 0, 1, 5, 0, 5);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_AUTO), 0);
    assert_int_equal(r.anchor, ANCHOR_RANDOM);
    assert_float_equal(value(&r, 0), gap, 1e-6);
    assert_float_equal(value(&r, 1), gap, 1e-6);
    assert_float_equal(value(&r, 2), 0.0, 1e-12);
    assert_true(r.agents[0].low.value > 0.0 && r.agents[0].high.value < 2 * gap);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);

    /* Two agents that never met, one lost 4-0 to random, one beat it 4-0:
     * 400 log10(17) = 492.18 below and above. */
    field_init(&f, 3, is_random);
    play(&f, 0, 2, 0, 0, 4);
    play(&f, 1, 2, 4, 0, 0);
    assert_int_equal(tourney_ratings_fit(&r, &f.stats, ANCHOR_RANDOM), 0);
    assert_float_equal(value(&r, 0), -400.0 * log10(17.0), 1e-6);
    assert_float_equal(value(&r, 1), 400.0 * log10(17.0), 1e-6);
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

/* A rating is a number however large: 999 wins and a draw against the
 * random agent put an agent 1320.3 Elo above it, printed as such, never as
 * a bound. */
static void test_large_ratings_are_numbers(void **state)
{
    (void)state;
    bool is_random[2] = {false, true};
    struct field f;
    field_init(&f, 2, is_random);
    play(&f, 0, 1, 999, 1, 0);
    struct ratings r;
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_RANDOM, 0.0), 0);
    /* s = 999.5 / 1000: -400 log10(1 / s - 1) = 1320.3 Elo. */
    double expected = -400.0 * log10(1000.0 / 999.5 - 1.0);
    assert_float_equal(value(&r, 0), expected, 1e-6);
    char text[32];
    tourney_rating_format(&r.agents[0], text, sizeof(text));
    assert_string_equal(text, "+1320.3");
    assert_int_equal(r.agents[0].low.kind, ELO_FINITE);
    assert_int_equal(r.agents[0].high.kind, ELO_FINITE);
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
}

/* The sparse fit (for large fields) gives the dense fit's ratings and
 * errors, under either anchor, on a field where not every pair met. */
static void test_sparse_fit_matches_dense(void **state)
{
    (void)state;
    enum { K = 30 };
    uint64_t seed = 5;
    struct fit_edge edges[K * K];
    size_t count = 0;
    for (size_t a = 0; a < K; a++) {
        for (size_t b = a + 1; b < K; b++) {
            if ((a + b) % 3 == 0 && b != a + 1) {
                continue; /* a third of the pairs never met; the chain keeps it connected */
            }
            struct fit_edge *e = &edges[count++];
            e->a = a;
            e->b = b;
            memset(&e->t, 0, sizeof(e->t));
            for (int g = 0; g < 12; g++) {
                int r = simulate_game(&seed, 10.0 * ((double)b - (double)a), 0.3);
                e->t.games++;
                e->t.wins += r > 0;
                e->t.draws += r == 0;
                e->t.losses += r < 0;
            }
        }
    }
    for (int mean = 0; mean < 2; mean++) {
        double dense_r[K], dense_sd[K], sparse_r[K], sparse_sd[K];
        struct fit_problem dense = {.k = K,
                                    .reference = 7,
                                    .mean_anchor = mean,
                                    .edges = edges,
                                    .edge_count = count,
                                    .rating = dense_r,
                                    .stderr_elo = dense_sd};
        struct fit_problem sparse = dense;
        sparse.rating = sparse_r;
        sparse.stderr_elo = sparse_sd;
        assert_int_equal(tourney_ratings_fit_dense(&dense), 0);
        assert_int_equal(tourney_ratings_fit_sparse(&sparse), 0);
        for (size_t m = 0; m < K; m++) {
            assert_float_equal(sparse_r[m], dense_r[m], 1e-6);
            assert_float_equal(sparse_sd[m], dense_sd[m], 1e-6);
        }
        assert_true(dense_sd[7] == 0.0 || mean);
        /* And with the prior, as the default fit has it. */
        dense.prior_draws = RATINGS_PRIOR_DRAWS;
        sparse.prior_draws = RATINGS_PRIOR_DRAWS;
        assert_int_equal(tourney_ratings_fit_dense(&dense), 0);
        assert_int_equal(tourney_ratings_fit_sparse(&sparse), 0);
        for (size_t m = 0; m < K; m++) {
            assert_float_equal(sparse_r[m], dense_r[m], 1e-6);
            assert_float_equal(sparse_sd[m], dense_sd[m], 1e-6);
        }
    }
}

/* A gauntlet of 1500 agents against the random one, larger than the dense
 * fit takes: each is rated as its own match with random says, the pairwise
 * Elo with the two-agent sandwich's error; those that never lost are above
 * all rated. */
static void test_large_gauntlet(void **state)
{
    (void)state;
    enum { AGENTS = 1500 };
    bool *is_random = calloc(AGENTS, sizeof(*is_random));
    assert_non_null(is_random);
    is_random[0] = true;
    struct field f;
    field_init(&f, AGENTS, is_random);
    for (size_t a = 1; a < AGENTS; a++) {
        /* a % 7 wins, 1 + a % 3 draws and 1 + a % 5 losses, or all wins. */
        if (a % 11 == 0) {
            play(&f, a, 0, 4, 0, 0);
        } else {
            play(&f, a, 0, (uint32_t)(a % 7), (uint32_t)(1 + a % 3), (uint32_t)(1 + a % 5));
        }
    }
    struct ratings r;
    assert_int_equal(tourney_ratings_fit_prior(&r, &f.stats, ANCHOR_AUTO, 0.0), 0);
    assert_int_equal(r.anchor, ANCHOR_RANDOM);
    assert_true(r.fitted > RATINGS_DENSE_MAX);
    for (size_t a = 1; a < AGENTS; a++) {
        if (a % 11 == 0) {
            assert_int_equal(r.agents[a].elo.kind, ELO_ABOVE);
            continue;
        }
        uint32_t w = (uint32_t)(a % 7), d = (uint32_t)(1 + a % 3), l = (uint32_t)(1 + a % 5);
        double n = w + d + l;
        double s = (w + 0.5 * d) / n;
        assert_float_equal(value(&r, a), tourney_elo_from_score(s).value, 1e-6);
        /* The two-agent sandwich: sqrt(J) / H in Elo, J the spread (or its
         * floor), H = n s (1 - s), both times c^2. */
        double c = log(10.0) / 400.0;
        double observed = w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s;
        double floor = n * s * (1 - s) * RATINGS_PRIOR_GAMES / (n + RATINGS_PRIOR_GAMES);
        double sd = sqrt(fmax(observed, floor)) / (n * s * (1 - s)) / c;
        assert_float_equal(r.agents[a].stderr_elo, sd, 1e-6);
    }
    tourney_ratings_finish(&r);
    tourney_stats_finish(&f.stats);
    free(is_random);
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

/* On ten games the results take so few values that no interval covers
 * exactly 95% of the time: an honest one covers at least that (four
 * standard deviations below it at worst, as above), and more often, at most
 * MOST of the time. */
static void assert_coverage_at_least(uint32_t covered, uint32_t trials, double most)
{
    double sd = sqrt(0.95 * 0.05 * trials);
    if (covered < 0.95 * trials - 4 * sd || covered > most * trials) {
        print_error("covered %u of %u (expected %.0f to %.0f)\n", covered, trials,
                    0.95 * trials - 4 * sd, most * trials);
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

/* A regime of the pairwise simulations: the true difference, the draw
 * rate, the games of each match, and the first player's advantage (which
 * makes the two games of a pair differ). */
struct regime {
    double truth;
    double draws;
    int games;
    double seat_advantage;
};

/* How often the pairwise interval of a match of REGIME holds the truth, from
 * the games (PAIRED false) or from the seat-swapped pairs. The truth is the
 * Elo difference of the expected score over both seats: with a seat
 * advantage, the mean of the two seats' scores, not the score of the mean
 * difference (the curve bends). */
static uint32_t pairwise_coverage(const struct regime *regime, bool paired, uint64_t seed,
                                  uint32_t trials)
{
    double expected = (tourney_elo_expected_score(regime->truth + regime->seat_advantage) +
                       tourney_elo_expected_score(regime->truth - regime->seat_advantage)) /
                      2;
    double truth = tourney_elo_from_score(expected).value;
    uint32_t covered = 0;
    for (uint32_t t = 0; t < trials; t++) {
        uint32_t w = 0, d = 0, l = 0;
        struct pentanomial p = {{0, 0, 0, 0, 0}};
        for (int g = 0; g < regime->games; g += 2) {
            int first =
                simulate_game(&seed, regime->truth + regime->seat_advantage, regime->draws);
            int second =
                simulate_game(&seed, regime->truth - regime->seat_advantage, regime->draws);
            w += (first > 0) + (second > 0);
            d += (first == 0) + (second == 0);
            l += (first < 0) + (second < 0);
            p.count[2 + first + second]++;
        }
        struct elo_estimate e = tourney_elo_estimate_paired(w, d, l, paired ? &p : NULL);
        assert_true(e.paired == paired);
        bool above_low =
            e.low.kind == ELO_BELOW || (e.low.kind == ELO_FINITE && e.low.value <= truth);
        bool below_high =
            e.high.kind == ELO_ABOVE || (e.high.kind == ELO_FINITE && truth <= e.high.value);
        covered += above_low && below_high;
    }
    return covered;
}

static void test_pairwise_elo_coverage(void **state)
{
    (void)state;
    const uint32_t trials = 2000;
    /* 200 games, 30% draws; the same with the first player 100 Elo ahead,
     * where pairs vary less than games; nine draws in ten. */
    static const struct regime regimes[] = {
        {100.0, 0.3, 200, 0.0},
        {100.0, 0.3, 200, 100.0},
        {20.0, 0.9, 200, 0.0},
    };
    for (size_t k = 0; k < sizeof(regimes) / sizeof(regimes[0]); k++) {
        assert_coverage(pairwise_coverage(&regimes[k], false, 7 + k, trials), trials);
        assert_coverage(pairwise_coverage(&regimes[k], true, 70 + k, trials), trials);
    }
    /* Ten games, 30% draws: 1892 and 1962 of 2000 (five pairs are five
     * results, so theirs is the wider interval). Not all: the interval is
     * not uselessly wide. */
    static const struct regime small = {100.0, 0.3, 10, 0.0};
    assert_coverage_at_least(pairwise_coverage(&small, false, 17, trials), trials, 0.99);
    assert_coverage_at_least(pairwise_coverage(&small, true, 170, trials), trials, 0.99);
    /* Ten games, nine draws in ten: a third of the matches are ten draws,
     * which say only that the difference is small; no honest interval from
     * ten games excludes 20 Elo, so nearly every one holds it (1998 and
     * 2000 of 2000). What matters is that none claims more. */
    static const struct regime drawn = {20.0, 0.9, 10, 0.0};
    assert_coverage_at_least(pairwise_coverage(&drawn, false, 18, trials), trials, 1.0);
    assert_coverage_at_least(pairwise_coverage(&drawn, true, 171, trials), trials, 1.0);
}

/* How often each fitted rating's interval holds its true value in a
 * round-robin of TRUTH[0] (random, the anchor) to TRUTH[3], GAMES games a
 * pair with DRAWS of them drawn. */
static void field_coverage(const double truth[4], double draws, int games, uint64_t seed,
                           uint32_t trials, uint32_t covered[4])
{
    bool is_random[4] = {true, false, false, false};
    memset(covered, 0, 4 * sizeof(*covered));
    for (uint32_t t = 0; t < trials; t++) {
        struct field f;
        field_init(&f, 4, is_random);
        for (size_t a = 0; a < 4; a++) {
            for (size_t b = a + 1; b < 4; b++) {
                for (int g = 0; g < games; g++) {
                    int r = simulate_game(&seed, truth[a] - truth[b], draws);
                    game(&f, a, b, r);
                }
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
}

static void test_field_ratings_coverage(void **state)
{
    (void)state;
    const uint32_t trials = 1000;
    uint32_t covered[4];
    /* Four agents at 0 (random), 50, 150 and 300 Elo; 60 games a pair with
     * 25% draws. */
    static const double spread[4] = {0.0, 50.0, 150.0, 300.0};
    field_coverage(spread, 0.25, 60, 99, trials, covered);
    for (size_t a = 1; a < 4; a++) {
        assert_coverage(covered[a], trials);
    }
    /* Nine draws in ten, the agents 0, 10, 20 and 30 Elo apart. */
    static const double close[4] = {0.0, 10.0, 20.0, 30.0};
    field_coverage(close, 0.9, 60, 98, trials, covered);
    for (size_t a = 1; a < 4; a++) {
        assert_coverage(covered[a], trials);
    }
    /* Ten games a pair, 25% draws: ratings are fitted to 60 games each,
     * enough for the normal approximation (941, 955 and 943 of 1000). */
    static const double near[4] = {0.0, 50.0, 100.0, 150.0};
    field_coverage(near, 0.25, 10, 97, trials, covered);
    for (size_t a = 1; a < 4; a++) {
        assert_coverage(covered[a], trials);
    }
    /* The lopsided regime: random, 400, 600 and 800 Elo, 20 games a pair,
     * one in twenty drawn, so that the top agent beats random in every game
     * of most tournaments and the plain maximum has no finite answer. The
     * prior keeps the ratings finite and pulls the top ones down a little,
     * the model's spread at the observed draws keeps the intervals wide
     * enough: 944, 931 and 927 of 1000 (with two virtual draws a
     * pair, BayesElo's default, about 73%, 59% and 45%). */
    static const double lopsided[4] = {0.0, 400.0, 600.0, 800.0};
    field_coverage(lopsided, 0.05, 20, 95, trials, covered);
    for (size_t a = 1; a < 4; a++) {
        assert_coverage(covered[a], trials);
    }
    /* Ten games a pair, nine in ten drawn: the spread the games show is
     * often less than the model's floor (RATINGS_PRIOR_GAMES), which keeps
     * the intervals honest, and wide: they hold the truth 998, 1000 and 999
     * times of 1000. */
    field_coverage(close, 0.9, 10, 96, trials, covered);
    for (size_t a = 1; a < 4; a++) {
        assert_coverage_at_least(covered[a], trials, 1.0);
    }
}

int main(void)
{

    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_agents_agree_with_pairwise),
        cmocka_unit_test(test_chain_and_cycle),
        cmocka_unit_test(test_fit_matches_scores),
        cmocka_unit_test(test_degenerate_fields),
        cmocka_unit_test(test_large_ratings_are_numbers),
        cmocka_unit_test(test_prior_two_agents),
        cmocka_unit_test(test_prior_lopsided_fields),
        cmocka_unit_test(test_sparse_fit_matches_dense),
        cmocka_unit_test(test_large_gauntlet),
        cmocka_unit_test(test_wilson_coverage),
        cmocka_unit_test(test_pairwise_elo_coverage),
        cmocka_unit_test(test_field_ratings_coverage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
