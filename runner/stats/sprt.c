#include "sprt.h"

#include <math.h>

#include "elo.h"

/* The multiplier lambda of the most likely distribution with mean S, by
 * bisection: the sum below falls as lambda grows, and every q_k must stay
 * positive, which bounds lambda on both sides. */
static double multiplier(const double p[5], double s)
{
    double low = -1.0 / (1.0 - s);
    double high = 1.0 / s;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (low + high);
        double sum = 0.0;
        for (int k = 0; k < 5; k++) {
            double a = k / 4.0 - s;
            sum += p[k] * a / (1.0 + mid * a);
        }
        if (sum > 0.0) {
            low = mid;
        } else {
            high = mid;
        }
    }
    return 0.5 * (low + high);
}

double tourney_sprt_llr(const struct pentanomial *p, double elo0, double elo1)
{
    uint32_t pairs = 0;
    for (int k = 0; k < 5; k++) {
        pairs += p->count[k];
    }
    if (pairs == 0) {
        return 0.0;
    }
    double cell[5];
    double share[5];
    double n = 0.0;
    for (int k = 0; k < 5; k++) {
        cell[k] = p->count[k] > 0 ? (double)p->count[k] : TOURNEY_SPRT_EMPTY_CELL;
        n += cell[k];
    }
    for (int k = 0; k < 5; k++) {
        share[k] = cell[k] / n;
    }
    double s0 = tourney_elo_expected_score(elo0);
    double s1 = tourney_elo_expected_score(elo1);
    double lambda0 = multiplier(share, s0);
    double lambda1 = multiplier(share, s1);
    double llr = 0.0;
    for (int k = 0; k < 5; k++) {
        double a = k / 4.0;
        llr += cell[k] * (log1p(lambda0 * (a - s0)) - log1p(lambda1 * (a - s1)));
    }
    return llr;
}

double tourney_sprt_lower_bound(double alpha, double beta)
{
    return log(beta / (1.0 - alpha));
}

double tourney_sprt_upper_bound(double alpha, double beta)
{
    return log((1.0 - beta) / alpha);
}

enum sprt_verdict tourney_sprt_decide(const struct sprt_settings *s, double llr)
{
    if (llr >= tourney_sprt_upper_bound(s->alpha, s->beta)) {
        return SPRT_ACCEPT_H1;
    }
    if (llr <= tourney_sprt_lower_bound(s->alpha, s->beta)) {
        return SPRT_ACCEPT_H0;
    }
    return SPRT_CONTINUE;
}

const char *tourney_sprt_verdict_text(enum sprt_verdict verdict)
{
    switch (verdict) {
    case SPRT_ACCEPT_H0:
        return "H0 accepted";
    case SPRT_ACCEPT_H1:
        return "H1 accepted";
    case SPRT_CONTINUE:
        break;
    }
    return "continuing";
}
