#include "elo.h"

#include <math.h>
#include <stdio.h>

#include "stats.h"

/* The most cells a distribution of results has: the pentanomial's five. */
#define MAX_CELLS 5

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
    } else if (isinf(elo)) {
        result.kind = elo > 0 ? ELO_ABOVE : ELO_BELOW;
    }
    return result;
}

struct elo_value tourney_elo_from_score(double score)
{
    if (isnan(score)) {
        return tourney_elo_value(score);
    }
    if (score >= 1.0) {
        return tourney_elo_value(INFINITY);
    }
    if (score <= 0.0) {
        return tourney_elo_value(-INFINITY);
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

/* The observed distribution with empty cells counted as
 * TOURNEY_SPRT_EMPTY_CELL results, so that every mean has a fit. */
struct results {
    int cells;
    const double *values;
    double share[MAX_CELLS];
};

/* The variance of the most likely distribution with mean M (strictly
 * between the lowest and highest value): q_k = share_k / (1 + t (a_k - m)),
 * with t the root of sum share_k (a_k - m) / (1 + t (a_k - m)) = 0, found
 * by Newton's method kept inside the bracket where every q_k > 0 (the sum
 * falls as t grows). */
static double variance_at(const struct results *r, double m)
{
    double low = -1.0 / (r->values[r->cells - 1] - m);
    double high = -1.0 / (r->values[0] - m);
    double t = 0.0;
    for (int i = 0; i < 100; i++) {
        double sum = 0.0;
        double slope = 0.0;
        for (int k = 0; k < r->cells; k++) {
            double d = r->values[k] - m;
            double q = 1.0 / (1.0 + t * d);
            sum += r->share[k] * d * q;
            slope -= r->share[k] * d * d * q * q;
        }
        if (sum > 0.0) {
            low = t;
        } else {
            high = t;
        }
        double next = slope < 0.0 ? t - sum / slope : 0.5 * (low + high);
        if (!(next > low && next < high)) {
            next = 0.5 * (low + high);
        }
        if (fabs(next - t) <= 1e-15 * (1.0 + fabs(t)) || high - low <= 1e-15 * (1.0 + fabs(t))) {
            t = next;
            break;
        }
        t = next;
    }
    double total = 0.0;
    double spread = 0.0;
    for (int k = 0; k < r->cells; k++) {
        double d = r->values[k] - m;
        double q = r->share[k] / (1.0 + t * d);
        total += q;
        spread += q * d * d;
    }
    return spread / total;
}

/* Whether the score test rejects mean M. */
static bool rejected(const struct results *r, double n, double s, double z, double m)
{
    return n * (s - m) * (s - m) > z * z * variance_at(r, m);
}

/* The end of the interval between S (accepted) and the extreme value END
 * (rejected: no spread there), by bisection. */
static double interval_end(const struct results *r, double n, double s, double z, double end)
{
    double in = s;
    double out = end;
    for (int i = 0; i < 60; i++) {
        double mid = 0.5 * (in + out);
        if (mid == in || mid == out) {
            break;
        }
        if (rejected(r, n, s, z, mid)) {
            out = mid;
        } else {
            in = mid;
        }
    }
    return in;
}

/* R (the shares of COUNT, empty cells regularised), with the number of
 * results in *N and their mean in *S. False when there are none. */
static bool observed_results(struct results *r, const uint32_t *count, const double *values,
                             int cells, double *n, double *s)
{
    r->cells = cells;
    r->values = values;
    *n = 0.0;
    double sum = 0.0;
    double total = 0.0;
    for (int k = 0; k < cells; k++) {
        *n += count[k];
        sum += count[k] * values[k];
        r->share[k] = count[k] > 0 ? (double)count[k] : TOURNEY_SPRT_EMPTY_CELL;
        total += r->share[k];
    }
    if (*n == 0.0) {
        return false;
    }
    for (int k = 0; k < cells; k++) {
        r->share[k] /= total;
    }
    *s = sum / *n;
    return true;
}

bool tourney_score_interval(const uint32_t *count, const double *values, int cells, double z,
                            double *low, double *high)
{
    struct results r;
    double n = 0.0;
    double s = 0.0;
    if (!observed_results(&r, count, values, cells, &n, &s)) {
        return false;
    }
    double bottom = values[0];
    double top = values[cells - 1];
    *low = s <= bottom ? bottom : interval_end(&r, n, s, z, bottom);
    *high = s >= top ? top : interval_end(&r, n, s, z, top);
    return true;
}

double tourney_score_los(const uint32_t *count, const double *values, int cells)
{
    struct results r;
    double n = 0.0;
    double s = 0.0;
    if (!observed_results(&r, count, values, cells, &n, &s) || s == 0.5) {
        return 0.5;
    }
    double t = sqrt(n) * (s - 0.5) / sqrt(variance_at(&r, 0.5));
    return 0.5 * (1.0 + erf(t / sqrt(2.0)));
}

static const double game_values[3] = {0.0, 0.5, 1.0};
static const double pair_values[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

/* The spread of COUNT results of VALUES around their mean S. */
static double observed_variance(const uint32_t *count, const double *values, int cells, double s)
{
    double n = 0.0;
    double spread = 0.0;
    for (int k = 0; k < cells; k++) {
        n += count[k];
        spread += count[k] * (values[k] - s) * (values[k] - s);
    }
    return spread / n;
}

struct elo_estimate tourney_elo_estimate_paired(uint32_t wins, uint32_t draws, uint32_t losses,
                                                const struct pentanomial *pairs)
{
    struct elo_estimate e = {
        .elo = {ELO_UNKNOWN, 0.0},
        .low = {ELO_UNKNOWN, 0.0},
        .high = {ELO_UNKNOWN, 0.0},
        .los = 0.5,
        .nelo = NAN,
    };
    e.wins = wins;
    e.draws = draws;
    e.losses = losses;
    double n = (double)wins + draws + losses;
    if (n == 0.0) {
        return e;
    }
    uint32_t pair_count = 0;
    for (int k = 0; pairs != NULL && k < 5; k++) {
        pair_count += pairs->count[k];
    }
    e.paired = pair_count > 0 && 2.0 * pair_count == n;
    uint32_t games[3] = {losses, draws, wins};
    const uint32_t *count = e.paired ? pairs->count : games;
    const double *values = e.paired ? pair_values : game_values;
    int cells = e.paired ? 5 : 3;
    e.units = e.paired ? pair_count : (uint32_t)n;
    e.score = (wins + 0.5 * draws) / n;
    tourney_score_interval(count, values, cells, TOURNEY_Z95, &e.score_low, &e.score_high);
    e.elo = tourney_elo_from_score(e.score);
    e.low = tourney_elo_from_score(e.score_low);
    e.high = tourney_elo_from_score(e.score_high);
    /* LOS on the interval's basis: from the pairs, the score test's
     * statistic at an even score, so that it passes 97.5% exactly when the
     * interval's lower end passes 0; from the games, cutechess's formula,
     * which is the same test on games. */
    e.los = e.paired ? tourney_score_los(count, values, cells) : tourney_elo_los(wins, losses);
    /* One game's deviation: a pair's, as a fraction of its two games,
     * times sqrt(2). */
    double variance = observed_variance(count, values, cells, e.score) * (e.paired ? 2.0 : 1.0);
    if (variance > 0.0) {
        e.nelo = (e.score - 0.5) / sqrt(variance) * TOURNEY_NELO_PER_T;
    }
    return e;
}

struct elo_estimate tourney_elo_estimate(uint32_t wins, uint32_t draws, uint32_t losses)
{
    return tourney_elo_estimate_paired(wins, draws, losses, NULL);
}

/* An Elo value seen from the other side. */
static struct elo_value negate(struct elo_value v)
{
    static const enum elo_kind turned[] = {ELO_FINITE, ELO_BELOW, ELO_ABOVE, ELO_UNKNOWN};
    struct elo_value result = {turned[v.kind], -v.value + 0.0};
    return result;
}

struct elo_estimate tourney_elo_turn(const struct elo_estimate *e)
{
    struct elo_estimate t = *e;
    t.wins = e->losses;
    t.losses = e->wins;
    t.elo = negate(e->elo);
    t.low = negate(e->high);
    t.high = negate(e->low);
    double n = (double)e->wins + e->draws + e->losses;
    if (n > 0.0) {
        /* As the other side's own figures would be computed. */
        t.score = (t.wins + 0.5 * t.draws) / n;
        t.los = e->paired ? 1.0 - e->los : tourney_elo_los(t.wins, t.losses);
    }
    t.score_low = 1.0 - e->score_high;
    t.score_high = 1.0 - e->score_low;
    t.nelo = -e->nelo;
    return t;
}

void tourney_elo_format(struct elo_value value, char *buf, size_t size)
{
    switch (value.kind) {
    case ELO_FINITE:
        /* No "-0.0": a difference that rounds to nothing has no sign. */
        snprintf(buf, size, "%+.1f", fabs(value.value) < 0.05 ? 0.0 : value.value);
        return;
    case ELO_ABOVE:
        snprintf(buf, size, "+inf");
        return;
    case ELO_BELOW:
        snprintf(buf, size, "-inf");
        return;
    case ELO_UNKNOWN:
        break;
    }
    snprintf(buf, size, "n/a");
}
