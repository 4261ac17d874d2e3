#include "elo.h"

#include <math.h>
#include <stdio.h>

#include "stats.h"

double tourney_elo_expected_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

struct elo_value tourney_elo_value(double elo)
{
    /* "+ 0.0" turns -0.0 (that of an even score) into 0, so that all draws
     * read "+0.0" and not "-0.0". */
    struct elo_value result = {ELO_FINITE, elo + 0.0};
    if (isnan(elo)) {
        result.kind = ELO_UNKNOWN;
    } else if (elo >= TOURNEY_ELO_CAP) {
        result.kind = ELO_ABOVE;
    } else if (elo <= -TOURNEY_ELO_CAP) {
        result.kind = ELO_BELOW;
    }
    return result;
}

struct elo_value tourney_elo_from_score(double score)
{
    /* The cap is applied on the score side too, so that no log of 0 or of
     * a negative number is ever taken. */
    double top = tourney_elo_expected_score(TOURNEY_ELO_CAP);
    if (isnan(score)) {
        return tourney_elo_value(score);
    }
    if (score >= top) {
        return tourney_elo_value(TOURNEY_ELO_CAP);
    }
    if (score <= 1.0 - top) {
        return tourney_elo_value(-TOURNEY_ELO_CAP);
    }
    return tourney_elo_value(-400.0 * log10(1.0 / score - 1.0));
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
