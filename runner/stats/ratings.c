#include "ratings.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* d ln p / d r for the logistic in Elo units. */
#define ELO_SLOPE (2.302585092994046 / 400.0)

/* Newton stops when no rating moves by more than this (Elo). */
#define FIT_TOLERANCE 1e-9
#define FIT_MAX_STEPS 200

/* What the fit works on: the agents of one component and the results
 * between them, in the component's own numbering. */
struct fit {
    size_t k;            /* agents in the component */
    size_t reference;    /* member whose rating is held at 0 while fitting */
    const size_t *agent; /* member -> agent index */
    const struct stats *stats;
    double *r;     /* ratings, per member */
    double *h;     /* (k-1)^2 scratch: the information matrix */
    double *j;     /* (k-1)^2 scratch: the score function's variance */
    double *g;     /* k-1: the gradient */
    double *step;  /* k-1 */
    double *trial; /* k */
};

static const struct tally *cross(const struct stats *stats, size_t a, size_t b)
{
    return &stats->cross[a * stats->agent_count + b];
}

static double tally_score(const struct tally *t)
{
    return t->wins + 0.5 * t->draws;
}

/* ln(1 + e^x) without overflow. */
static double softplus(double x)
{
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static double log_likelihood(const struct fit *f, const double *r)
{
    double sum = 0.0;
    for (size_t a = 0; a < f->k; a++) {
        for (size_t b = a + 1; b < f->k; b++) {
            const struct tally *t = cross(f->stats, f->agent[a], f->agent[b]);
            if (t->games == 0) {
                continue;
            }
            double x = ELO_SLOPE * (r[a] - r[b]);
            double s = tally_score(t);
            sum -= s * softplus(-x) + (t->games - s) * softplus(x);
        }
    }
    return sum;
}

/* The index of member M among the free parameters (every member but the
 * reference), or SIZE_MAX for the reference. */
static size_t free_index(const struct fit *f, size_t m)
{
    if (m == f->reference) {
        return SIZE_MAX;
    }
    return m < f->reference ? m : m - 1;
}

/* Fills the gradient, the information H and the score variance J at the
 * current ratings. */
static void derivatives(struct fit *f)
{
    size_t n = f->k - 1;
    memset(f->g, 0, n * sizeof(*f->g));
    memset(f->h, 0, n * n * sizeof(*f->h));
    memset(f->j, 0, n * n * sizeof(*f->j));
    for (size_t a = 0; a < f->k; a++) {
        for (size_t b = a + 1; b < f->k; b++) {
            const struct tally *t = cross(f->stats, f->agent[a], f->agent[b]);
            if (t->games == 0) {
                continue;
            }
            double p = tourney_elo_expected_score(f->r[a] - f->r[b]);
            double grad = ELO_SLOPE * (tally_score(t) - t->games * p);
            double info = ELO_SLOPE * ELO_SLOPE * t->games * p * (1.0 - p);
            double spread = ELO_SLOPE * ELO_SLOPE *
                            (t->wins * (1.0 - p) * (1.0 - p) + t->draws * (0.5 - p) * (0.5 - p) +
                             t->losses * p * p);
            size_t ia = free_index(f, a);
            size_t ib = free_index(f, b);
            if (ia != SIZE_MAX) {
                f->g[ia] += grad;
                f->h[ia * n + ia] += info;
                f->j[ia * n + ia] += spread;
            }
            if (ib != SIZE_MAX) {
                f->g[ib] -= grad;
                f->h[ib * n + ib] += info;
                f->j[ib * n + ib] += spread;
            }
            if (ia != SIZE_MAX && ib != SIZE_MAX) {
                f->h[ia * n + ib] -= info;
                f->h[ib * n + ia] -= info;
                f->j[ia * n + ib] -= spread;
                f->j[ib * n + ia] -= spread;
            }
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
        double d = a[col * n + col];
        for (size_t c = 0; c < n; c++) {
            a[col * n + c] /= d;
            work[col * n + c] /= d;
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
 * not improve it. Leaves H^-1 in f->h. Returns the steps taken, or -1. */
static int newton(struct fit *f, double *work)
{
    size_t n = f->k - 1;
    int steps = 0;
    for (; steps < FIT_MAX_STEPS; steps++) {
        derivatives(f);
        if (invert(f->h, work, n) != 0) {
            return -1;
        }
        double largest = 0.0;
        for (size_t a = 0; a < n; a++) {
            f->step[a] = 0.0;
            for (size_t b = 0; b < n; b++) {
                f->step[a] += f->h[a * n + b] * f->g[b];
            }
            largest = fmax(largest, fabs(f->step[a]));
        }
        if (largest < FIT_TOLERANCE) {
            return steps;
        }
        double before = log_likelihood(f, f->r);
        bool improved = false;
        for (double t = 1.0; t > 1e-6 && !improved; t *= 0.5) {
            for (size_t m = 0; m < f->k; m++) {
                size_t i = free_index(f, m);
                f->trial[m] = i == SIZE_MAX ? 0.0 : f->r[m] + t * f->step[i];
            }
            improved = log_likelihood(f, f->trial) >= before;
        }
        if (!improved) {
            break; /* as good as the arithmetic can tell */
        }
        memcpy(f->r, f->trial, f->k * sizeof(*f->r));
    }
    derivatives(f);
    return invert(f->h, work, n) == 0 ? steps : -1;
}

/* Which agents can reach which by "scored against": a transitive closure,
 * fine for fields of a few hundred agents. */
static bool *reachability(const struct stats *stats)
{
    size_t n = stats->agent_count;
    bool *reach = calloc(n * n + 1, sizeof(*reach));
    if (reach == NULL) {
        return NULL;
    }
    for (size_t a = 0; a < n; a++) {
        reach[a * n + a] = true;
        for (size_t b = 0; b < n; b++) {
            const struct tally *t = cross(stats, a, b);
            reach[a * n + b] = reach[a * n + b] || t->wins + t->draws > 0;
        }
    }
    for (size_t via = 0; via < n; via++) {
        for (size_t a = 0; a < n; a++) {
            if (!reach[a * n + via]) {
                continue;
            }
            for (size_t b = 0; b < n; b++) {
                reach[a * n + b] = reach[a * n + b] || reach[via * n + b];
            }
        }
    }
    return reach;
}

static void set_bound(struct rating *rating, enum elo_kind kind)
{
    struct elo_value v = {kind, 0.0};
    rating->elo = v;
    rating->low = v;
    rating->high = v;
    rating->stderr_elo = 0.0;
}

/* Picks the anchor and the component to fit: the anchor's, or the largest
 * one for the mean (the lowest-numbered agent breaks ties). */
static size_t choose_component(struct ratings *ratings, const struct stats *stats,
                               const bool *reach, enum rating_anchor anchor)
{
    size_t n = stats->agent_count;
    size_t first_random = SIZE_MAX;
    for (size_t a = 0; a < n && first_random == SIZE_MAX; a++) {
        if (stats->is_random[a] && stats->agents[a].all.games > 0) {
            first_random = a;
        }
    }
    if (anchor != ANCHOR_MEAN && first_random != SIZE_MAX) {
        ratings->anchor = ANCHOR_RANDOM;
        ratings->anchor_agent = first_random;
        return first_random;
    }
    ratings->anchor = ANCHOR_MEAN;
    size_t best = SIZE_MAX;
    size_t best_size = 0;
    for (size_t a = 0; a < n; a++) {
        if (stats->agents[a].all.games == 0) {
            continue;
        }
        size_t size = 0;
        for (size_t b = 0; b < n; b++) {
            size += reach[a * n + b] && reach[b * n + a];
        }
        if (size > best_size) {
            best = a;
            best_size = size;
        }
    }
    return best;
}

/* The covariance of the reported ratings from that of the free parameters
 * (in f->h after the sandwich): the mean anchor shifts every rating by the
 * mean, a linear map T, so the covariance becomes T C T'. */
static void write_ratings(struct ratings *ratings, struct fit *f, const double *cov)
{
    size_t n = f->k - 1;
    double mean = 0.0;
    if (ratings->anchor == ANCHOR_MEAN) {
        for (size_t m = 0; m < f->k; m++) {
            mean += f->r[m] / (double)f->k;
        }
    }
    for (size_t m = 0; m < f->k; m++) {
        /* Row m of T: e_m (over the free parameters) minus 1/k for each
         * free parameter when the mean is the anchor. */
        double variance = 0.0;
        for (size_t a = 0; a < n; a++) {
            double ta = (free_index(f, m) == a ? 1.0 : 0.0) -
                        (ratings->anchor == ANCHOR_MEAN ? 1.0 / (double)f->k : 0.0);
            for (size_t b = 0; b < n; b++) {
                double tb = (free_index(f, m) == b ? 1.0 : 0.0) -
                            (ratings->anchor == ANCHOR_MEAN ? 1.0 / (double)f->k : 0.0);
                variance += ta * cov[a * n + b] * tb;
            }
        }
        double sd = sqrt(fmax(variance, 0.0));
        double value = f->r[m] - mean;
        struct rating *out = &ratings->agents[f->agent[m]];
        out->elo = tourney_elo_value(value);
        out->low = tourney_elo_value(value - TOURNEY_Z95 * sd);
        out->high = tourney_elo_value(value + TOURNEY_Z95 * sd);
        out->stderr_elo = sd;
    }
}

/* Fits the K agents MEMBERS, a strongly connected component, with
 * MEMBERS[REFERENCE] at 0 while fitting. Returns -1 only when out of memory. */
static int fit_component(struct ratings *ratings, const struct stats *stats, const size_t *members,
                         size_t k, size_t reference)
{
    size_t n = k - 1;
    double *memory = calloc(k * 2 + n * 2 + n * n * 4 + 1, sizeof(double));
    if (memory == NULL) {
        return -1;
    }
    struct fit f = {
        .k = k,
        .reference = reference,
        .agent = members,
        .stats = stats,
        .r = memory,
        .trial = memory + k,
        .g = memory + 2 * k,
        .step = memory + 2 * k + n,
        .h = memory + 2 * k + 2 * n,
        .j = memory + 2 * k + 2 * n + n * n,
    };
    double *work = f.j + n * n;
    double *cov = work + n * n;
    int status = 0;
    if (n > 0) {
        ratings->iterations = newton(&f, work);
        /* A Hessian that cannot be inverted (results too lopsided for the
         * arithmetic) leaves the field unrated, shown as unknown; the
         * other figures and the reports do not depend on it. */
        status = ratings->iterations < 0 ? 1 : 0;
        /* Sandwich: H^-1 J H^-1, with H^-1 left in f.h. */
        for (size_t a = 0; a < n && status == 0; a++) {
            for (size_t b = 0; b < n; b++) {
                double sum = 0.0;
                for (size_t c = 0; c < n; c++) {
                    sum += f.j[a * n + c] * f.h[c * n + b];
                }
                work[a * n + b] = sum;
            }
        }
        for (size_t a = 0; a < n && status == 0; a++) {
            for (size_t b = 0; b < n; b++) {
                double sum = 0.0;
                for (size_t c = 0; c < n; c++) {
                    sum += f.h[a * n + c] * work[c * n + b];
                }
                cov[a * n + b] = sum;
            }
        }
    }
    if (status == 0) {
        write_ratings(ratings, &f, cov);
    } else {
        ratings->fitted = 0;
    }
    free(memory);
    return 0;
}

int tourney_ratings_fit(struct ratings *ratings, const struct stats *stats,
                        enum rating_anchor anchor)
{
    size_t n = stats->agent_count;
    memset(ratings, 0, sizeof(*ratings));
    ratings->agent_count = n;
    ratings->anchor_agent = SIZE_MAX;
    ratings->agents = calloc(n + 1, sizeof(*ratings->agents));
    size_t *members = calloc(n + 1, sizeof(*members));
    bool *reach = reachability(stats);
    int status = -1;
    if (ratings->agents == NULL || members == NULL || reach == NULL) {
        goto out;
    }
    for (size_t a = 0; a < n; a++) {
        set_bound(&ratings->agents[a], ELO_UNKNOWN);
    }
    size_t centre = choose_component(ratings, stats, reach, anchor);
    status = 0;
    if (centre == SIZE_MAX) {
        goto out; /* no games at all */
    }
    size_t k = 0;
    size_t reference = 0;
    for (size_t a = 0; a < n; a++) {
        if (stats->agents[a].all.games == 0) {
            continue;
        }
        bool up = reach[a * n + centre]; /* a scored, via others, against centre's group */
        bool down = reach[centre * n + a];
        if (up && down) {
            reference = a == centre ? k : reference;
            members[k++] = a;
        } else if (up || down) {
            set_bound(&ratings->agents[a], up ? ELO_ABOVE : ELO_BELOW);
        }
    }
    ratings->fitted = k;
    status = fit_component(ratings, stats, members, k, reference);
out:
    free(reach);
    free(members);
    return status;
}

void tourney_ratings_finish(struct ratings *ratings)
{
    free(ratings->agents);
    memset(ratings, 0, sizeof(*ratings));
}
