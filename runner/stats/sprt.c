#include "sprt.h"

#include <math.h>

#include "elo.h"

#define CELLS 5

/* The root theta of sum p_k phi_k / (1 + theta phi_k) = 0, by bisection:
 * the sum falls as theta grows, and every 1 + theta phi_k must stay
 * positive, which bounds theta on both sides when phi takes both signs.
 * Returns false when it does not (no distribution fits). */
static bool secular_root(const double p[CELLS], const double phi[CELLS], double *theta)
{
    double low_phi = phi[0];
    double high_phi = phi[0];
    for (int k = 1; k < CELLS; k++) {
        low_phi = fmin(low_phi, phi[k]);
        high_phi = fmax(high_phi, phi[k]);
    }
    if (!(low_phi < 0.0 && high_phi > 0.0)) {
        return false;
    }
    double low = -1.0 / high_phi;
    double high = -1.0 / low_phi;
    for (int i = 0; i < 200; i++) {
        double mid = 0.5 * (low + high);
        double sum = 0.0;
        for (int k = 0; k < CELLS; k++) {
            sum += p[k] * phi[k] / (1.0 + mid * phi[k]);
        }
        if (sum > 0.0) {
            low = mid;
        } else {
            high = mid;
        }
    }
    *theta = 0.5 * (low + high);
    return true;
}

/* The fitted distributions are q_k = p_k / (1 + bend_k), bend_k = theta
 * phi_k: the functions below give BEND, so that the LLR's terms are
 * ln(1 + bend0_k) - ln(1 + bend1_k), exact for small bends. */

/* The most likely distribution with expected pair score S (a fraction of
 * the pair's 2 points). */
static void fit_score(const double p[CELLS], double s, double bend[CELLS])
{
    double phi[CELLS];
    for (int k = 0; k < CELLS; k++) {
        phi[k] = k / 4.0 - s;
    }
    double theta = 0.0;
    secular_root(p, phi, &theta);
    for (int k = 0; k < CELLS; k++) {
        bend[k] = theta * phi[k];
    }
}

/* The most likely distribution whose t-value (mu - 1/2) / sigma is T. */
static void fit_t_value(const double p[CELLS], double t, double bend[CELLS])
{
    double q[CELLS];
    for (int k = 0; k < CELLS; k++) {
        q[k] = 1.0 / CELLS;
        bend[k] = p[k] / q[k] - 1.0;
    }
    for (int iteration = 0; iteration < 100; iteration++) {
        double mu = 0.0;
        double var = 0.0;
        for (int k = 0; k < CELLS; k++) {
            mu += q[k] * k / 4.0;
        }
        for (int k = 0; k < CELLS; k++) {
            var += q[k] * (k / 4.0 - mu) * (k / 4.0 - mu);
        }
        double sigma = sqrt(var);
        double phi[CELLS];
        for (int k = 0; k < CELLS; k++) {
            double z = (k / 4.0 - mu) / sigma;
            phi[k] = k / 4.0 - 0.5 - 0.5 * t * sigma * (1.0 + z * z);
        }
        double theta = 0.0;
        if (!(sigma > 0.0) || !secular_root(p, phi, &theta)) {
            return;
        }
        double change = 0.0;
        for (int k = 0; k < CELLS; k++) {
            bend[k] = theta * phi[k];
            double next = p[k] / (1.0 + bend[k]);
            change = fmax(change, fabs(next - q[k]));
            q[k] = next;
        }
        if (change < 1e-13) {
            return;
        }
    }
}

double tourney_sprt_llr(const struct pentanomial *p, const struct sprt_settings *s)
{
    uint32_t pairs = 0;
    for (int k = 0; k < CELLS; k++) {
        pairs += p->count[k];
    }
    if (pairs == 0) {
        return 0.0;
    }
    double cell[CELLS];
    double share[CELLS];
    double n = 0.0;
    for (int k = 0; k < CELLS; k++) {
        cell[k] = p->count[k] > 0 ? (double)p->count[k] : TOURNEY_SPRT_EMPTY_CELL;
        n += cell[k];
    }
    for (int k = 0; k < CELLS; k++) {
        share[k] = cell[k] / n;
    }
    double bend0[CELLS];
    double bend1[CELLS];
    if (s->model == SPRT_LOGISTIC) {
        fit_score(share, tourney_elo_expected_score(s->elo0), bend0);
        fit_score(share, tourney_elo_expected_score(s->elo1), bend1);
    } else {
        fit_t_value(share, sqrt(2.0) * s->elo0 / TOURNEY_NELO_PER_T, bend0);
        fit_t_value(share, sqrt(2.0) * s->elo1 / TOURNEY_NELO_PER_T, bend1);
    }
    double llr = 0.0;
    for (int k = 0; k < CELLS; k++) {
        llr += cell[k] * (log1p(bend0[k]) - log1p(bend1[k]));
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

const char *tourney_sprt_model_name(enum sprt_model model)
{
    return model == SPRT_LOGISTIC ? "logistic" : "normalized";
}
