/*
 * ratings.h - Elo ratings for a whole field from all its games at once: the
 * maximum-likelihood fit of the Bradley-Terry (logistic Elo) model, draws
 * counted as half a win, with 95% intervals. Pure functions.
 *
 * Model: agent i scores against j with probability
 *     p_ij = 1 / (1 + 10^((r_j - r_i) / 400)),
 * and the log-likelihood of the results is
 *     L(r) = sum over pairs i < j of S_ij ln p_ij + (n_ij - S_ij) ln(1 - p_ij),
 * where n_ij is the games and S_ij i's score (wins + draws / 2) against j.
 * Only differences are identified: the ratings are anchored so that the
 * random agent is 0, or so that their mean is 0.
 *
 * Intervals come from the sandwich covariance H^-1 J H^-1, with H the
 * Fisher information (c^2 n_ij p_ij (1 - p_ij), c = ln 10 / 400) and J the
 * observed variance of the score function (c^2 times the sum over games of
 * (x - p_ij)^2, x in {0, 1/2, 1}). With draws, results vary less than the
 * binomial model says; the sandwich measures the actual spread, so on a
 * two-agent field the rating difference and its standard error are exactly
 * those of the pairwise estimate (elo.h) carried through the logistic curve.
 *
 * The maximum exists only when the field is strongly connected by "scored
 * at least half a point against". Otherwise the fit covers the anchor's
 * component; an agent every path of results puts above it is ELO_ABOVE,
 * below it ELO_BELOW, and one not comparable at all (or with no games)
 * ELO_UNKNOWN.
 */
#ifndef TOURNEY_RUNNER_RATINGS_H
#define TOURNEY_RUNNER_RATINGS_H

#include <stddef.h>
#include <stdint.h>

#include "elo.h"
#include "judging.h"
#include "stats.h"

struct rating {
    struct elo_value elo;
    struct elo_value low; /* 95% interval */
    struct elo_value high;
    double stderr_elo; /* standard error; 0 for the anchor or outside the fit */
};

struct ratings {
    size_t agent_count;
    enum rating_anchor anchor; /* the one used: ANCHOR_RANDOM or ANCHOR_MEAN */
    size_t anchor_agent;       /* ANCHOR_RANDOM: the agent rated 0 */
    size_t fitted;             /* agents in the fitted component */
    int iterations;            /* Newton steps the fit took */
    struct rating *agents;
};

/* Fits the ratings of every agent in STATS (its cross-table) under ANCHOR.
 * Returns 0, or -1 when out of memory. Finish the ratings either way. */
int tourney_ratings_fit(struct ratings *ratings, const struct stats *stats,
                        enum rating_anchor anchor);
void tourney_ratings_finish(struct ratings *ratings);

/* "random", "mean" or "auto". */

#endif /* TOURNEY_RUNNER_RATINGS_H */
