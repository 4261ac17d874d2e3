/*
 * The fit of large fields: Newton's method as in ratings_fit.c, but every
 * product with the information matrix H (and the score variance J) is
 * taken edge by edge, and every system H x = y is solved by conjugate
 * gradients (preconditioned by H's diagonal), so that time and memory grow
 * with the pairs that played. A rating's variance in the sandwich H^-1 J
 * H^-1 is t' H^-1 J H^-1 t for its row t of the anchoring map: one solve
 * per agent.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "elo.h"
#include "ratings_fit.h"

struct sparse {
    struct fit_problem *problem;
    size_t n;        /* free parameters */
    double *r;       /* k: ratings */
    double *trial;   /* k */
    double *info;    /* per edge: its part of H */
    double *spread;  /* per edge: its part of J */
    double *g;       /* n */
    double *x;       /* n: a solution */
    double *y;       /* n: a right-hand side */
    double *diag;    /* n: H's diagonal */
    double *residue; /* n */
    double *dir;     /* n */
    double *product; /* n */
    double *pre;     /* n: the preconditioned residue */
};

static size_t free_index(const struct fit_problem *problem, size_t m)
{
    if (m == problem->reference) {
        return SIZE_MAX;
    }
    return m < problem->reference ? m : m - 1;
}

/* OUT = W V, W the matrix with WEIGHT[e] (e_a - e_b)(e_a - e_b)' per edge,
 * over the free parameters (the reference's entry is 0). */
static void apply(const struct sparse *s, const double *weight, const double *v, double *out)
{
    const struct fit_problem *problem = s->problem;
    memset(out, 0, s->n * sizeof(*out));
    for (size_t e = 0; e < problem->edge_count; e++) {
        size_t ia = free_index(problem, problem->edges[e].a);
        size_t ib = free_index(problem, problem->edges[e].b);
        double difference = (ia != SIZE_MAX ? v[ia] : 0.0) - (ib != SIZE_MAX ? v[ib] : 0.0);
        if (ia != SIZE_MAX) {
            out[ia] += weight[e] * difference;
        }
        if (ib != SIZE_MAX) {
            out[ib] -= weight[e] * difference;
        }
    }
}

/* V' W V for the matrix W of apply(). */
static double quadratic(const struct sparse *s, const double *weight, const double *v)
{
    const struct fit_problem *problem = s->problem;
    double sum = 0.0;
    for (size_t e = 0; e < problem->edge_count; e++) {
        size_t ia = free_index(problem, problem->edges[e].a);
        size_t ib = free_index(problem, problem->edges[e].b);
        double difference = (ia != SIZE_MAX ? v[ia] : 0.0) - (ib != SIZE_MAX ? v[ib] : 0.0);
        sum += weight[e] * difference * difference;
    }
    return sum;
}

static double dot(const double *a, const double *b, size_t n)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        sum += a[i] * b[i];
    }
    return sum;
}

/* The gradient, H's and J's weights per edge, and H's diagonal, at the
 * current ratings. */
static void derivatives(struct sparse *s)
{
    const struct fit_problem *problem = s->problem;
    memset(s->g, 0, s->n * sizeof(*s->g));
    memset(s->diag, 0, s->n * sizeof(*s->diag));
    for (size_t e = 0; e < problem->edge_count; e++) {
        const struct fit_edge *edge = &problem->edges[e];
        double p = tourney_elo_expected_score(s->r[edge->a] - s->r[edge->b]);
        double n_games = tourney_ratings_edge_games(problem, edge);
        double grad = ELO_SLOPE * (tourney_ratings_edge_score(problem, edge) - n_games * p);
        s->info[e] = ELO_SLOPE * ELO_SLOPE * n_games * p * (1.0 - p);
        s->spread[e] = ELO_SLOPE * ELO_SLOPE * tourney_ratings_spread(&edge->t, p);
        size_t ia = free_index(problem, edge->a);
        size_t ib = free_index(problem, edge->b);
        if (ia != SIZE_MAX) {
            s->g[ia] += grad;
            s->diag[ia] += s->info[e];
        }
        if (ib != SIZE_MAX) {
            s->g[ib] -= grad;
            s->diag[ib] += s->info[e];
        }
    }
}

/* Solves H x = y (H from s->info) by preconditioned conjugate gradients,
 * from x = 0, to a residue 1e-12 of y's. Returns -1 when H is singular as
 * far as the arithmetic can tell. */
static int solve(struct sparse *s)
{
    size_t n = s->n;
    for (size_t i = 0; i < n; i++) {
        if (!(s->diag[i] > 0.0)) {
            return -1;
        }
        s->x[i] = 0.0;
        s->residue[i] = s->y[i];
        s->pre[i] = s->residue[i] / s->diag[i];
        s->dir[i] = s->pre[i];
    }
    double goal = 1e-24 * dot(s->y, s->y, n);
    double rho = dot(s->residue, s->pre, n);
    for (size_t iteration = 0; iteration < 2 * n + 100; iteration++) {
        if (dot(s->residue, s->residue, n) <= goal) {
            return 0;
        }
        apply(s, s->info, s->dir, s->product);
        double curvature = dot(s->dir, s->product, n);
        if (!(curvature > 0.0)) {
            return -1;
        }
        double alpha = rho / curvature;
        for (size_t i = 0; i < n; i++) {
            s->x[i] += alpha * s->dir[i];
            s->residue[i] -= alpha * s->product[i];
            s->pre[i] = s->residue[i] / s->diag[i];
        }
        double next = dot(s->residue, s->pre, n);
        double beta = next / rho;
        rho = next;
        for (size_t i = 0; i < n; i++) {
            s->dir[i] = s->pre[i] + beta * s->dir[i];
        }
    }
    return 0; /* as close as it gets */
}

static int newton(struct sparse *s)
{
    struct fit_problem *problem = s->problem;
    int steps = 0;
    for (; steps < FIT_MAX_STEPS; steps++) {
        derivatives(s);
        memcpy(s->y, s->g, s->n * sizeof(*s->y));
        if (solve(s) != 0) {
            return -1;
        }
        double largest = 0.0;
        for (size_t i = 0; i < s->n; i++) {
            largest = fmax(largest, fabs(s->x[i]));
        }
        if (largest < FIT_TOLERANCE) {
            break;
        }
        double before = tourney_ratings_log_likelihood(problem, s->r);
        bool improved = false;
        for (double t = 1.0; t > 1e-6 && !improved; t *= 0.5) {
            for (size_t m = 0; m < problem->k; m++) {
                size_t i = free_index(problem, m);
                s->trial[m] = i == SIZE_MAX ? 0.0 : s->r[m] + t * s->x[i];
            }
            improved = tourney_ratings_log_likelihood(problem, s->trial) >= before;
        }
        if (!improved) {
            break;
        }
        memcpy(s->r, s->trial, problem->k * sizeof(*s->r));
    }
    derivatives(s);
    return steps;
}

/* Each rating as reported (less the mean for the mean anchor) and its
 * standard error: Var(t'r) = x' J x with H x = t. */
static int report(struct sparse *s)
{
    struct fit_problem *problem = s->problem;
    size_t k = problem->k;
    double mean = 0.0;
    if (problem->mean_anchor) {
        for (size_t m = 0; m < k; m++) {
            mean += s->r[m] / (double)k;
        }
    }
    double shift = problem->mean_anchor ? 1.0 / (double)k : 0.0;
    for (size_t m = 0; m < k; m++) {
        for (size_t i = 0; i < s->n; i++) {
            s->y[i] = (free_index(problem, m) == i ? 1.0 : 0.0) - shift;
        }
        double variance = 0.0;
        if (dot(s->y, s->y, s->n) > 0.0) {
            if (solve(s) != 0) {
                return 1;
            }
            variance = quadratic(s, s->spread, s->x);
        }
        problem->rating[m] = s->r[m] - mean;
        problem->stderr_elo[m] = sqrt(fmax(variance, 0.0));
    }
    return 0;
}

int tourney_ratings_fit_sparse(struct fit_problem *problem)
{
    size_t k = problem->k;
    size_t n = k - 1;
    size_t edges = problem->edge_count;
    double *memory = calloc(2 * k + 2 * edges + 8 * n + 1, sizeof(double));
    if (memory == NULL) {
        return -1;
    }
    struct sparse s = {
        .problem = problem,
        .n = n,
        .r = memory,
        .trial = memory + k,
        .info = memory + 2 * k,
        .spread = memory + 2 * k + edges,
    };
    double *vectors = memory + 2 * k + 2 * edges;
    double **slots[] = {&s.g, &s.x, &s.y, &s.diag, &s.residue, &s.dir, &s.product, &s.pre};
    for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
        *slots[i] = vectors + i * n;
    }
    problem->iterations = newton(&s);
    int status = problem->iterations < 0 ? 1 : report(&s);
    free(memory);
    return status;
}
