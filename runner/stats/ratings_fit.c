#include "ratings_fit.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "ratings.h"

double tourney_ratings_spread(const struct tally *t, double p)
{
    double n = t->games;
    double observed =
        t->wins * (1.0 - p) * (1.0 - p) + t->draws * (0.5 - p) * (0.5 - p) + t->losses * p * p;
    double drawn = n * p * (1.0 - p) - t->draws / 4.0;
    double model = n * p * (1.0 - p) * RATINGS_PRIOR_GAMES / (n + RATINGS_PRIOR_GAMES);
    return fmax(fmax(observed, drawn), model);
}

double tourney_ratings_edge_games(const struct fit_problem *problem, const struct fit_edge *edge)
{
    return edge->t.games + problem->prior_draws;
}

double tourney_ratings_edge_score(const struct fit_problem *problem, const struct fit_edge *edge)
{
    return edge->t.wins + 0.5 * (edge->t.draws + problem->prior_draws);
}

/* ln(1 + e^x) without overflow. */
static double softplus(double x)
{
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

double tourney_ratings_log_likelihood(const struct fit_problem *problem, const double *rating)
{
    double sum = 0.0;
    for (size_t e = 0; e < problem->edge_count; e++) {
        const struct fit_edge *edge = &problem->edges[e];
        double x = ELO_SLOPE * (rating[edge->a] - rating[edge->b]);
        double s = tourney_ratings_edge_score(problem, edge);
        double n = tourney_ratings_edge_games(problem, edge);
        sum -= s * softplus(-x) + (n - s) * softplus(x);
    }
    return sum;
}

/* The dense fit's working memory. */
struct dense {
    struct fit_problem *problem;
    size_t n;      /* free parameters: every member but the reference */
    double *r;     /* ratings, per member */
    double *h;     /* n^2: the information matrix, then its inverse */
    double *j;     /* n^2: the score function's variance */
    double *g;     /* n: the gradient */
    double *step;  /* n */
    double *trial; /* k */
    double *work;  /* n^2 */
    double *cov;   /* n^2 */
};

/* The index of member M among the free parameters, or SIZE_MAX for the
 * reference. */
static size_t free_index(const struct fit_problem *problem, size_t m)
{
    if (m == problem->reference) {
        return SIZE_MAX;
    }
    return m < problem->reference ? m : m - 1;
}

/* Fills the gradient, the information H and the score variance J at the
 * current ratings. */
static void derivatives(struct dense *d)
{
    const struct fit_problem *problem = d->problem;
    size_t n = d->n;
    memset(d->g, 0, n * sizeof(*d->g));
    memset(d->h, 0, n * n * sizeof(*d->h));
    memset(d->j, 0, n * n * sizeof(*d->j));
    for (size_t e = 0; e < problem->edge_count; e++) {
        const struct fit_edge *edge = &problem->edges[e];
        double n_games = tourney_ratings_edge_games(problem, edge);
        double p = tourney_elo_expected_score(d->r[edge->a] - d->r[edge->b]);
        double grad = ELO_SLOPE * (tourney_ratings_edge_score(problem, edge) - n_games * p);
        double info = ELO_SLOPE * ELO_SLOPE * n_games * p * (1.0 - p);
        double spread = ELO_SLOPE * ELO_SLOPE * tourney_ratings_spread(&edge->t, p);
        size_t ia = free_index(problem, edge->a);
        size_t ib = free_index(problem, edge->b);
        if (ia != SIZE_MAX) {
            d->g[ia] += grad;
            d->h[ia * n + ia] += info;
            d->j[ia * n + ia] += spread;
        }
        if (ib != SIZE_MAX) {
            d->g[ib] -= grad;
            d->h[ib * n + ib] += info;
            d->j[ib * n + ib] += spread;
        }
        if (ia != SIZE_MAX && ib != SIZE_MAX) {
            d->h[ia * n + ib] -= info;
            d->h[ib * n + ia] -= info;
            d->j[ia * n + ib] -= spread;
            d->j[ib * n + ia] -= spread;
        }
    }
}

/* Inverts the n x n matrix A in place by Gauss-Jordan elimination with
 * partial pivoting, using WORK (n x n). Returns -1 when it is singular. */
static int invert(double *a, double *work, size_t n)
{
    for (size_t r = 0; r < n; r++) {
        for (size_t c = 0; c < n; c++) {
            work[r * n + c] = r == c ? 1.0 : 0.0;
        }
    }
    for (size_t col = 0; col < n; col++) {
        size_t pivot = col;
        for (size_t r = col + 1; r < n; r++) {
            if (fabs(a[r * n + col]) > fabs(a[pivot * n + col])) {
                pivot = r;
            }
        }
        if (!(fabs(a[pivot * n + col]) > 1e-300)) {
            return -1;
        }
        for (size_t c = 0; c < n && pivot != col; c++) {
            double x = a[col * n + c];
            a[col * n + c] = a[pivot * n + c];
            a[pivot * n + c] = x;
            x = work[col * n + c];
            work[col * n + c] = work[pivot * n + c];
            work[pivot * n + c] = x;
        }
        double diagonal = a[col * n + col];
        for (size_t c = 0; c < n; c++) {
            a[col * n + c] /= diagonal;
            work[col * n + c] /= diagonal;
        }
        for (size_t r = 0; r < n; r++) {
            double factor = a[r * n + col];
            if (r == col || factor == 0.0) {
                continue;
            }
            for (size_t c = 0; c < n; c++) {
                a[r * n + c] -= factor * a[col * n + c];
                work[r * n + c] -= factor * work[col * n + c];
            }
        }
    }
    memcpy(a, work, n * n * sizeof(*a));
    return 0;
}

/* Newton's method on the concave log-likelihood, halving a step that does
 * not improve it. Leaves H^-1 in d->h. Returns the steps taken, or -1. */
static int newton(struct dense *d)
{
    const struct fit_problem *problem = d->problem;
    size_t n = d->n;
    int steps = 0;
    for (; steps < FIT_MAX_STEPS; steps++) {
        derivatives(d);
        if (invert(d->h, d->work, n) != 0) {
            return -1;
        }
        double largest = 0.0;
        for (size_t a = 0; a < n; a++) {
            d->step[a] = 0.0;
            for (size_t b = 0; b < n; b++) {
                d->step[a] += d->h[a * n + b] * d->g[b];
            }
            largest = fmax(largest, fabs(d->step[a]));
        }
        if (largest < FIT_TOLERANCE) {
            return steps;
        }
        double before = tourney_ratings_log_likelihood(problem, d->r);
        bool improved = false;
        for (double t = 1.0; t > 1e-6 && !improved; t *= 0.5) {
            for (size_t m = 0; m < problem->k; m++) {
                size_t i = free_index(problem, m);
                d->trial[m] = i == SIZE_MAX ? 0.0 : d->r[m] + t * d->step[i];
            }
            improved = tourney_ratings_log_likelihood(problem, d->trial) >= before;
        }
        if (!improved) {
            break; /* as good as the arithmetic can tell */
        }
        memcpy(d->r, d->trial, problem->k * sizeof(*d->r));
    }
    derivatives(d);
    return invert(d->h, d->work, n) == 0 ? steps : -1;
}

/* C = H^-1 J H^-1 (the sandwich), with H^-1 in d->h. */
static void sandwich(struct dense *d)
{
    size_t n = d->n;
    for (size_t a = 0; a < n; a++) {
        for (size_t b = 0; b < n; b++) {
            double sum = 0.0;
            for (size_t c = 0; c < n; c++) {
                sum += d->j[a * n + c] * d->h[c * n + b];
            }
            d->work[a * n + b] = sum;
        }
    }
    for (size_t a = 0; a < n; a++) {
        for (size_t b = 0; b < n; b++) {
            double sum = 0.0;
            for (size_t c = 0; c < n; c++) {
                sum += d->h[a * n + c] * d->work[c * n + b];
            }
            d->cov[a * n + b] = sum;
        }
    }
}

/* The ratings as reported and their standard errors, from the covariance
 * of the free parameters: the mean anchor shifts every rating by the mean,
 * a linear map T, so the covariance becomes T C T'. */
static void report(struct dense *d)
{
    struct fit_problem *problem = d->problem;
    size_t n = d->n;
    size_t k = problem->k;
    double mean = 0.0;
    if (problem->mean_anchor) {
        for (size_t m = 0; m < k; m++) {
            mean += d->r[m] / (double)k;
        }
    }
    double shift = problem->mean_anchor ? 1.0 / (double)k : 0.0;
    for (size_t m = 0; m < k; m++) {
        /* Row m of T: e_m (over the free parameters) minus 1/k for each
         * free parameter when the mean is the anchor. */
        double variance = 0.0;
        for (size_t a = 0; a < n; a++) {
            double ta = (free_index(problem, m) == a ? 1.0 : 0.0) - shift;
            for (size_t b = 0; b < n; b++) {
                double tb = (free_index(problem, m) == b ? 1.0 : 0.0) - shift;
                variance += ta * d->cov[a * n + b] * tb;
            }
        }
        problem->rating[m] = d->r[m] - mean;
        problem->stderr_elo[m] = sqrt(fmax(variance, 0.0));
    }
}

int tourney_ratings_fit_dense(struct fit_problem *problem)
{
    size_t k = problem->k;
    size_t n = k - 1;
    double *memory = calloc(k * 2 + n * 2 + n * n * 4 + 1, sizeof(double));
    if (memory == NULL) {
        return -1;
    }
    struct dense d = {
        .problem = problem,
        .n = n,
        .r = memory,
        .trial = memory + k,
        .g = memory + 2 * k,
        .step = memory + 2 * k + n,
        .h = memory + 2 * k + 2 * n,
        .j = memory + 2 * k + 2 * n + n * n,
        .work = memory + 2 * k + 2 * n + 2 * n * n,
        .cov = memory + 2 * k + 2 * n + 3 * n * n,
    };
    int status = 0;
    if (n > 0) {
        problem->iterations = newton(&d);
        status = problem->iterations < 0 ? 1 : 0;
        if (status == 0) {
            sandwich(&d);
        }
    }
    if (status == 0) {
        report(&d);
    }
    free(memory);
    return status;
}
