#include "elo.h"

#include <math.h>
#include <stdio.h>

#include "stats.h"

double tourney_elo_expected_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

struct elo_value tourney_elo_from_score(double score)
{
    struct elo_value result = {ELO_FINITE, 0.0};
    /* The cap is applied on the score side, so that no log of 0 or of a
     * negative number is ever taken. */
    double top = tourney_elo_expected_score(TOURNEY_ELO_CAP);
    if (!(score == score)) {
        result.kind = ELO_UNKNOWN;
    } else if (score >= top) {
        result.kind = ELO_ABOVE;
    } else if (score <= 1.0 - top) {
        result.kind = ELO_BELOW;
    } else {
        /* "+ 0.0" turns the -0.0 of an even score into 0, so that all
         * draws read "+0.0" and not "-0.0". */
        result.value = -400.0 * log10(1.0 / score - 1.0) + 0.0;
    }
    return result;
}

double tourney_elo_los(uint32_t wins, uint32_t losses)
{
    if (wins + losses == 0) {
        return 0.5;
    }
    return 0.5 * (1.0 + erf(((double)wins - losses) / sqrt(2.0 * ((double)wins + losses))));
}

struct elo_estimate tourney_elo_estimate(uint32_t wins, uint32_t draws, uint32_t losses)
{
    struct elo_estimate e = {
        .elo = {ELO_UNKNOWN, 0.0},
        .low = {ELO_UNKNOWN, 0.0},
        .high = {ELO_UNKNOWN, 0.0},
        .score = 0.0,
        .los = 0.5,
    };
    double n = (double)wins + draws + losses;
    if (n == 0.0) {
        return e;
    }
    double s = (wins + 0.5 * draws) / n;
    double variance =
        (wins * (1.0 - s) * (1.0 - s) + losses * s * s + draws * (0.5 - s) * (0.5 - s)) / n;
    double margin = TOURNEY_Z95 * sqrt(variance / n);
    e.score = s;
    e.elo = tourney_elo_from_score(s);
    e.low = tourney_elo_from_score(s - margin);
    e.high = tourney_elo_from_score(s + margin);
    e.los = tourney_elo_los(wins, losses);
    return e;
}

void tourney_elo_format(struct elo_value value, char *buf, size_t size)
{
    switch (value.kind) {
    case ELO_FINITE:
        /* No "-0.0": a difference that rounds to nothing has no sign. */
        snprintf(buf, size, "%+.1f", fabs(value.value) < 0.05 ? 0.0 : value.value);
        return;
    case ELO_ABOVE:
        snprintf(buf, size, ">+%.0f", TOURNEY_ELO_CAP);
        return;
    case ELO_BELOW:
        snprintf(buf, size, "<-%.0f", TOURNEY_ELO_CAP);
        return;
    case ELO_UNKNOWN:
        break;
    }
    snprintf(buf, size, "n/a");
}
