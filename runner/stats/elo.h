/*
 * elo.h - what a match's score says about strength: the Elo difference with
 * its 95% interval, the normalized Elo, the likelihood of superiority.
 * Pure functions, tested against worked and published examples.
 *
 * With W wins, D draws and L losses in N games, the score is
 * s = (W + D/2) / N and the Elo difference elo(s) = -400 log10(1/s - 1):
 * a number for any score strictly between 0 and 1, however large, and
 * unbounded (+inf, -inf) for a perfect score either way.
 *
 * The interval is found on the score and carried through elo(): it holds
 * the scores m that a score test does not reject,
 *
 *     N (s - m)^2 <= z^2 V(m),
 *
 * where V(m) is the variance of the most likely distribution of results
 * with mean m (the same fit as the sequential test's, sprt.h: q_k = p_k /
 * (1 + lambda (a_k - m)), empty cells counted as 0.001). Without draws V(m)
 * = m (1 - m) and this is the Wilson score interval; with draws it is
 * narrower, as the results vary less. Unlike s -+ z sqrt(var / N) with the
 * observed variance, it never collapses to a point: ten drawn games give
 * [-99, +99] Elo, not [0, 0], and ten won games [+166, +inf].
 *
 * When the games come in seat-swapped pairs (the pentanomial count of the
 * pairs covers every game), the unit is the pair, whose score a_k = k/4
 * takes five values: the two games of a pair are not independent (the seat
 * and the opening matter), pairs are, and this is the variance fastchess
 * and fishtest use. Otherwise the unit is the game (the trinomial W, D, L).
 *
 * The normalized Elo is (s - 1/2) / sigma * 800 / ln 10, with sigma the
 * standard deviation of one game's score: sqrt(2) times that of a pair's
 * score (as a fraction of its 2 points) when paired, else that of the
 * games. It says how many standard deviations the score is from even, on a
 * scale that reads like Elo for small differences without draws.
 */
#ifndef TOURNEY_RUNNER_ELO_H
#define TOURNEY_RUNNER_ELO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sprt.h"

enum elo_kind {
    ELO_FINITE = 0,  /* value is a number */
    ELO_ABOVE = 1,   /* above every number: +inf */
    ELO_BELOW = 2,   /* below every number: -inf */
    ELO_UNKNOWN = 3, /* no games */
};

struct elo_value {
    enum elo_kind kind;
    double value; /* meaningful for ELO_FINITE */
};

struct elo_estimate {
    struct elo_value elo;
    struct elo_value low; /* 95% interval */
    struct elo_value high;
    double score;
    double score_low; /* the interval on the score */
    double score_high;
    double los;     /* likelihood of superiority, in [0, 1], from the pairs when paired */
    double nelo;    /* normalized Elo; NaN when the results do not vary */
    bool paired;    /* the interval is from seat-swapped pairs, not games */
    uint32_t units; /* the pairs, or the games, it is from */
    uint32_t wins;  /* the results it is from */
    uint32_t draws;
    uint32_t losses;
};

/* The Elo difference a score in [0, 1] stands for. */
struct elo_value tourney_elo_from_score(double score);

/* ELO as an elo_value: +-inf are bounds, NaN unknown, and 0 rather than -0. */
struct elo_value tourney_elo_value(double elo);

/* The expected score of a player EL0 Elo stronger. */
double tourney_elo_expected_score(double elo);

/* The Elo difference of a player with these results, from its games. */
struct elo_estimate tourney_elo_estimate(uint32_t wins, uint32_t draws, uint32_t losses);

/* The same, from seat-swapped pairs when PAIRS covers every game (2 games
 * a pair), else from the games. */
struct elo_estimate tourney_elo_estimate_paired(uint32_t wins, uint32_t draws, uint32_t losses,
                                                const struct pentanomial *pairs);

/* The same estimate from the opponent's side. */
struct elo_estimate tourney_elo_turn(const struct elo_estimate *e);

/* The scores m in [values[0], values[CELLS - 1]] with COUNT[k] results of
 * value VALUES[k] (ascending) that the score test above does not reject at
 * Z. Returns false when there are no results. */
bool tourney_score_interval(const uint32_t *count, const double *values, int cells, double z,
                            double *low, double *high);

/* Likelihood of superiority from COUNT results of VALUES (as
 * tourney_score_interval has them): Phi(sqrt(n) (s - 1/2) / sqrt(V(1/2))),
 * V(1/2) the variance of the most likely distribution with mean 1/2, the
 * score test's statistic at an even score; 0.5 without results or at an
 * even score. Exceeds 97.5% exactly when the interval's lower end passes
 * 1/2. */
double tourney_score_los(const uint32_t *count, const double *values, int cells);

/* Likelihood of superiority: the probability that the player is the
 * stronger, 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 without decisive
 * games. */
double tourney_elo_los(uint32_t wins, uint32_t losses);

/* "+35.2", "+1234.5", "+inf", "-inf" or "n/a". */
void tourney_elo_format(struct elo_value value, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_ELO_H */
