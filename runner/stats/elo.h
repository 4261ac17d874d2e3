/*
 * elo.h - what a match's score says about strength: the Elo difference with
 * its 95% interval, the likelihood of superiority, and the pentanomial count
 * of seat-swapped game pairs. Pure functions, tested against worked examples.
 *
 * With W wins, D draws and L losses in N games, the score is
 * s = (W + D/2) / N and its per-game variance
 * var = (W (1-s)^2 + L s^2 + D (1/2-s)^2) / N. The Elo difference is
 * elo(s) = -400 log10(1/s - 1), and its interval is elo() of
 * s -+ 1.959964 sqrt(var / N).
 */
#ifndef TOURNEY_RUNNER_ELO_H
#define TOURNEY_RUNNER_ELO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Elo differences beyond this are shown as bounds (">+800"): a score within
 * a rounding error of 0 or 1 says only that the gap is large. */
#define TOURNEY_ELO_CAP 800.0

enum elo_kind {
    ELO_FINITE = 0,  /* value is a number */
    ELO_ABOVE = 1,   /* more than +TOURNEY_ELO_CAP */
    ELO_BELOW = 2,   /* less than -TOURNEY_ELO_CAP */
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
    double los; /* likelihood of superiority, in [0, 1] */
};

/* The Elo difference a score in [0, 1] stands for. */
struct elo_value tourney_elo_from_score(double score);

/* ELO as shown: a bound at or beyond +-TOURNEY_ELO_CAP, unknown for NaN,
 * and 0 rather than -0. */
struct elo_value tourney_elo_value(double elo);

/* The expected score of a player EL0 Elo stronger. */
double tourney_elo_expected_score(double elo);

/* The Elo difference of a player with these results, with its interval. */
struct elo_estimate tourney_elo_estimate(uint32_t wins, uint32_t draws, uint32_t losses);

/* Likelihood of superiority: the probability that the player is the
 * stronger, 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 without decisive
 * games. */
double tourney_elo_los(uint32_t wins, uint32_t losses);

/* "+35.2", ">+800", "<-800" or "n/a". */
void tourney_elo_format(struct elo_value value, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_ELO_H */
