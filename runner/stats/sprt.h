/*
 * sprt.h - the sequential probability ratio test of a two-agent match, on
 * pentanomial counts of seat-swapped game pairs. Pure functions.
 *
 * A pair of games with the seats swapped scores 0, 1/2, 1, 3/2 or 2 points
 * for the first agent; count[k] is how many pairs scored k/2. Pairs are the
 * unit because the two games of a pair are not independent (the seat and
 * the opening matter), while distinct pairs are.
 *
 * The test weighs H0 against H1 with the generalised log-likelihood ratio
 * on the pentanomial distribution (the GSPRT of fishtest and fastchess,
 * after M. Van den Bergh, "Comments on normalized Elo"). A pair scoring
 * a_k = k/4 of its 2 points is seen n_k times, N pairs in all, p_k = n_k /
 * N. Under each hypothesis the most likely distribution q is fitted to the
 * observed one, and
 *
 *     LLR = sum n_k ln(q_k(H1) / q_k(H0)).
 *
 * Logistic model (sprt_model = logistic): the hypothesis is an expected
 * score s = 1 / (1 + 10^(-elo/400)), and
 *
 *     q_k = p_k / (1 + lambda (a_k - s)),
 *
 * with lambda the root of sum p_k (a_k - s) / (1 + lambda (a_k - s)) = 0.
 *
 * Normalized model (sprt_model = normalized, the default): the hypothesis
 * is a normalized Elo, nelo = (mu - 1/2) / sigma_game * 800 / ln 10, where
 * mu is the expected score of a game and sigma_game = sqrt(2) sigma_pair
 * the standard deviation of one game's score, taken from that of a pair's
 * (whose score, as a fraction of its 2 points, has mean mu and deviation
 * sigma_pair). So a pair's t-value (mu - 1/2) / sigma_pair is t = sqrt(2)
 * nelo ln 10 / 800, and q is the most likely distribution with that
 * t-value, found by iterating
 *
 *     phi_k = a_k - 1/2 - t sigma (1 + ((a_k - mu) / sigma)^2) / 2,
 *     q_k = p_k / (1 + theta phi_k), sum p_k phi_k / (1 + theta phi_k) = 0,
 *
 * with mu and sigma those of the previous q (from the uniform
 * distribution), until q no longer changes. A normalized Elo measures how
 * surely a difference shows, not how large it is: the same bounds take the
 * same number of pairs to decide whatever the draw rate.
 *
 * Unlike the normal approximation N (s1 - s0)(2x - s0 - s1) / (2 var), both
 * stay sound on a handful of pairs with identical results (where the
 * observed variance is 0). Empty cells are counted as 0.001 pairs, so every
 * hypothesis has a distribution to fit. The match stops when
 * LLR <= ln(beta / (1 - alpha)) (H0 accepted) or LLR >= ln((1 - beta) /
 * alpha) (H1 accepted).
 */
#ifndef TOURNEY_RUNNER_SPRT_H
#define TOURNEY_RUNNER_SPRT_H

#include <stdbool.h>
#include <stdint.h>

#include "judging.h"

/* The counts of pairs that scored 0, 1/2, 1, 3/2 and 2 points. */
struct pentanomial {
    uint32_t count[5];
};

enum sprt_verdict {
    SPRT_CONTINUE = 0,
    SPRT_ACCEPT_H0 = 1, /* the first agent is not elo1 stronger: elo <= elo0 */
    SPRT_ACCEPT_H1 = 2, /* it is: elo >= elo1 */
};

/* The pentanomial cells' regularised count. */
#define TOURNEY_SPRT_EMPTY_CELL 0.001

/* 800 / ln 10: a t-value times this is a normalized Elo. */
#define TOURNEY_NELO_PER_T 347.43558552260146

/* The LLR of the test S (its model and its elo0 and elo1) after the pairs P. */
double tourney_sprt_llr(const struct pentanomial *p, const struct sprt_settings *s);
double tourney_sprt_lower_bound(double alpha, double beta);
double tourney_sprt_upper_bound(double alpha, double beta);
enum sprt_verdict tourney_sprt_decide(const struct sprt_settings *s, double llr);

/* "H0 accepted", "H1 accepted" or "continuing". */
const char *tourney_sprt_verdict_text(enum sprt_verdict verdict);
/* "normalized" or "logistic". */
const char *tourney_sprt_model_name(enum sprt_model model);

#endif /* TOURNEY_RUNNER_SPRT_H */
