/*
 * ratings.h - Elo ratings for a whole field from all its games at once: the
 * Bradley-Terry (logistic Elo) model, draws counted as half a win, fitted
 * with a weak prior, with 95% intervals. Pure functions.
 *
 * Model: agent i scores against j with probability
 *     p_ij = 1 / (1 + 10^((r_j - r_i) / 400)),
 * and the log-likelihood of the results is
 *     L(r) = sum over pairs i < j of S_ij ln p_ij + (n_ij - S_ij) ln(1 - p_ij),
 * where n_ij is the games and S_ij i's score (wins + draws / 2) against j.
 * Only differences are identified: the ratings are anchored so that the
 * random agent is 0, or so that their mean is 0.
 *
 * The prior, as BayesElo's: every pair that played gets RATINGS_PRIOR_DRAWS
 * virtual draws added to its games (n_ij + v, S_ij + v/2), and the ratings
 * maximise the resulting posterior. It keeps every rating finite whatever
 * the scores (a searcher that beat random in every one of n games is
 * 400 log10(2n/v + 1) Elo above it on that pair alone, +763 on 20 games),
 * and moves the others little (a pair at 30-20-10 goes from +120.4 to
 * +119.3). Half a draw is the amount at which the seeded simulations of
 * tests/runner/stats/test_ratings.c still cover at 95% in the lopsided regime (random, 400,
 * 600 and 800 Elo, 20 games a pair: 93-95%), where two virtual draws pull the
 * top rating down so far that its interval holds the truth 45% of the time.
 *
 * Intervals are rating -+ 1.96 standard errors, from the sandwich
 * covariance H^-1 J H^-1, with H the Fisher information of the posterior
 * (c^2 (n_ij + v) p_ij (1 - p_ij), c = ln 10 / 400) and J the variance of
 * the score function over the games played: per pair c^2 times the largest
 * of the observed spread, the sum over games of (x - p_ij)^2 (x in {0, 1/2,
 * 1}); the model's variance at the pair's share of draws d_ij,
 * n_ij p_ij (1 - p_ij) - d_ij / 4; and the model's n_ij p_ij (1 - p_ij) K /
 * (n_ij + K) with K = RATINGS_PRIOR_GAMES. With draws, results vary less
 * than the binomial model says and the observed spread measures it (so a
 * two-agent field has the pairwise estimate's spread, where the first two
 * are equal). Where the fit and a pair's score part (a lopsided pair the
 * prior holds back), the spread at the fitted p_ij understates what the
 * next games would show, and the model's variance at the observed draws
 * keeps the interval honest. A few games, or games that were all drawn,
 * show no spread that the next games would not: the floor keeps the
 * interval from collapsing to a point (ten drawn games between two agents
 * give a difference of 0 +- 109.6, not 0 +- 0), is what K games of the model
 * add to the observed ones, and vanishes next to the observed spread once
 * a pair has played a few dozen games.
 *
 * With the prior, the fit covers every agent connected to the anchor by
 * games; an agent with no games, or none connected to the anchor's part of
 * the field, is ELO_UNKNOWN. Without it (tourney_ratings_fit_prior with 0,
 * the plain maximum likelihood) the maximum exists only when the field is
 * strongly connected by "scored at least half a point against"; an agent
 * every path of results puts above the anchor's component is rated
 * ELO_ABOVE ("above all rated"), below it ELO_BELOW. The components are
 * found in time linear in the agents and pairs, and fields larger than
 * RATINGS_DENSE_MAX agents are fitted on the sparse information matrix
 * (ratings_fit.h).
 */
#ifndef TOURNEY_RUNNER_RATINGS_H
#define TOURNEY_RUNNER_RATINGS_H

#include <stddef.h>
#include <stdint.h>

#include "elo.h"
#include "judging.h"
#include "stats.h"

/* The model's games added to each pair's observed spread (see above). */
#define RATINGS_PRIOR_GAMES 4.0

/* The virtual draws given to every pair that played (see above). */
#define RATINGS_PRIOR_DRAWS 0.5

struct rating {
    /* FINITE when fitted; ABOVE or BELOW for an agent outside the fit,
     * above or below every fitted agent; UNKNOWN when not comparable. */
    struct elo_value elo;
    /* The 95% interval: FINITE ends for a fitted agent, unless the
     * information matrix leaves it unbounded (+inf, -inf); as elo outside
     * the fit. */
    struct elo_value low;
    struct elo_value high;
    double stderr_elo; /* standard error; 0 for the anchor or outside the fit */
};

struct ratings {
    size_t agent_count;
    enum rating_anchor anchor; /* the one used: ANCHOR_RANDOM or ANCHOR_MEAN */
    size_t anchor_agent;       /* ANCHOR_RANDOM: the agent rated 0 */
    size_t fitted;             /* agents in the fitted component */
    double prior_draws;        /* the virtual draws given to each pair that played */
    int iterations;            /* Newton steps the fit took */
    struct rating *agents;
};

/* Fits the ratings of every agent in STATS (its pairs) under ANCHOR.
 * Returns 0, or -1 when out of memory. Finish the ratings either way. */
int tourney_ratings_fit(struct ratings *ratings, const struct stats *stats,
                        enum rating_anchor anchor);
/* The same with PRIOR_DRAWS virtual draws a pair instead of
 * RATINGS_PRIOR_DRAWS; 0 is the plain maximum likelihood, where results too
 * lopsided leave agents above or below all rated. */
int tourney_ratings_fit_prior(struct ratings *ratings, const struct stats *stats,
                              enum rating_anchor anchor, double prior_draws);
void tourney_ratings_finish(struct ratings *ratings);

/* A rating as the reports show it: "+120.4", "+1523.0", "above all rated",
 * "below all rated" or "n/a". */
void tourney_rating_format(const struct rating *rating, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_RATINGS_H */
