/*
 * judging.h - the settings that choose how results are judged (the SPRT of a
 * match, the anchor of the ratings): read by the config, kept in the log
 * header, used by the statistics.
 */
#ifndef TOURNEY_RUNNER_JUDGING_H
#define TOURNEY_RUNNER_JUDGING_H

#include <stdbool.h>

#include "error.h"

/* What elo0 and elo1 of a sequential test measure. */
enum sprt_model {
    /* Normalized Elo, fishtest's and fastchess's default: the score's
     * distance from 1/2 in standard deviations of a pair of games, scaled
     * so that small differences read as logistic Elo would without draws. */
    SPRT_NORMALIZED = 0,
    SPRT_LOGISTIC = 1, /* logistic Elo: the expected score 1 / (1 + 10^(-elo/400)) */
};

struct sprt_settings {
    bool enabled;
    double elo0;
    double elo1;
    double alpha;
    double beta;
    enum sprt_model model; /* the sprt_model setting */
};

enum rating_anchor {
    ANCHOR_AUTO = 0,   /* the random agent when the field has one, else the mean */
    ANCHOR_RANDOM = 1, /* the first agent of the random plugin is 0 */
    ANCHOR_MEAN = 2,   /* the mean of the fitted agents is 0 */
};

/* "auto", "random" or "mean". */
const char *tourney_rating_anchor_name(enum rating_anchor anchor);

/* Parses "elo0, elo1, alpha, beta". Returns 0, or -1 with what was expected
 * in ERR. */
int tourney_parse_sprt(const char *text, struct sprt_settings *out, struct error *err);

#endif /* TOURNEY_RUNNER_JUDGING_H */
