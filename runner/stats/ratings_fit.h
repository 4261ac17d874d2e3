/*
 * ratings_fit.h - the maximum-likelihood fit of the Bradley-Terry model to
 * one strongly connected component of a field, with its covariance: the
 * dense Newton's method for fields of up to RATINGS_DENSE_MAX agents, and
 * Newton's method with conjugate gradients on the sparse information
 * matrix for larger ones, whose cost grows with the pairs that played
 * rather than with the cube of the agents. See ratings.h for the model.
 */
#ifndef TOURNEY_RUNNER_RATINGS_FIT_H
#define TOURNEY_RUNNER_RATINGS_FIT_H

#include <stddef.h>

#include "judging.h"
#include "stats.h"

/* Up to this many agents the information matrix is a dense array. */
#define RATINGS_DENSE_MAX 256

/* d ln p / d r for the logistic in Elo units. */
#define ELO_SLOPE (2.302585092994046 / 400.0)

/* Newton stops when no rating moves by more than this (Elo). */
#define FIT_TOLERANCE 1e-9
#define FIT_MAX_STEPS 200

/* The games of one pair of members (A < B, in the component's numbering),
 * from A's side. */
struct fit_edge {
    size_t a;
    size_t b;
    struct tally t;
};

struct fit_problem {
    size_t k;           /* members */
    size_t reference;   /* the member held at 0 while fitting */
    bool mean_anchor;   /* report ratings less their mean (else the reference is 0) */
    double prior_draws; /* virtual draws added to every edge (see ratings.h) */
    const struct fit_edge *edges;
    size_t edge_count;
    /* Results, one per member: the rating and its standard error. */
    double *rating;
    double *stderr_elo;
    int iterations; /* Newton steps taken */
};

/* Fits PROBLEM. Returns 0, 1 when the information matrix is singular (the
 * results too lopsided for the arithmetic: no ratings), or -1 when out of
 * memory. */
int tourney_ratings_fit_dense(struct fit_problem *problem);
int tourney_ratings_fit_sparse(struct fit_problem *problem);

/* The score variance of an edge's games at expected score P: the observed
 * sum of (x - p)^2 or the model's variance at the observed draws, whichever
 * is larger, but never below what RATINGS_PRIOR_GAMES games spread as the
 * model says, p (1 - p) each, would add to a share of the games (see
 * ratings.h). The virtual draws are not games: they add no spread. */
double tourney_ratings_spread(const struct tally *t, double p);

/* An edge's games and score with the problem's virtual draws. */
double tourney_ratings_edge_games(const struct fit_problem *problem, const struct fit_edge *edge);
double tourney_ratings_edge_score(const struct fit_problem *problem, const struct fit_edge *edge);

/* The log-likelihood of RATING (one per member). */
double tourney_ratings_log_likelihood(const struct fit_problem *problem, const double *rating);

#endif /* TOURNEY_RUNNER_RATINGS_FIT_H */
