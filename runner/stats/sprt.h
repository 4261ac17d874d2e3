/*
 * sprt.h - the sequential probability ratio test of a two-agent match, on
 * pentanomial counts of seat-swapped game pairs. Pure functions.
 *
 * A pair of games with the seats swapped scores 0, 1/2, 1, 3/2 or 2 points
 * for the first agent; count[k] is how many pairs scored k/2. Pairs are the
 * unit because the two games of a pair are not independent (the seat
 * matters), while distinct pairs are.
 *
 * The test weighs H0: elo = elo0 against H1: elo = elo1 with the
 * generalised log-likelihood ratio on the pentanomial distribution (the
 * GSPRT of fishtest). A pair scoring a_k = k/4 of its 2 points is seen n_k
 * times, N pairs in all, p_k = n_k / N. Under each hypothesis the most
 * likely distribution with the expected score s = 1 / (1 + 10^(-elo/400))
 * is
 *
 *     q_k(s) = p_k / (1 + lambda (a_k - s)),
 *
 * with lambda the root of sum p_k (a_k - s) / (1 + lambda (a_k - s)) = 0
 * (a Lagrange multiplier, found by bisection), and
 *
 *     LLR = sum n_k ln(q_k(s1) / q_k(s0)).
 *
 * Unlike the normal approximation N (s1 - s0)(2x - s0 - s1) / (2 var), it
 * stays sound on a handful of pairs with identical results (where the
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

double tourney_sprt_llr(const struct pentanomial *p, double elo0, double elo1);
double tourney_sprt_lower_bound(double alpha, double beta);
double tourney_sprt_upper_bound(double alpha, double beta);
enum sprt_verdict tourney_sprt_decide(const struct sprt_settings *s, double llr);

/* "H0 accepted", "H1 accepted" or "continuing". */
const char *tourney_sprt_verdict_text(enum sprt_verdict verdict);

#endif /* TOURNEY_RUNNER_SPRT_H */
