#include "sprt.h"

#include <math.h>

#include "elo.h"

double tourney_sprt_llr(const struct pentanomial *p, double elo0, double elo1)
{
    double n = 0.0;
    double sum = 0.0;
    uint32_t pairs = 0;
    for (int k = 0; k < 5; k++) {
        pairs += p->count[k];
    }
    if (pairs == 0) {
        return 0.0;
    }
    double cell[5];
    for (int k = 0; k < 5; k++) {
        cell[k] = p->count[k] > 0 ? (double)p->count[k] : TOURNEY_SPRT_EMPTY_CELL;
        n += cell[k];
        sum += cell[k] * (k / 4.0);
    }
    double mean = sum / n;
    double variance = 0.0;
    for (int k = 0; k < 5; k++) {
        variance += cell[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
    }
    variance /= n;
    double s0 = tourney_elo_expected_score(elo0);
    double s1 = tourney_elo_expected_score(elo1);
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
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
