#include "ratings.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rating_graph.h"
#include "ratings_fit.h"

static void set_bound(struct rating *rating, enum elo_kind kind)
{
    struct elo_value v = {kind, 0.0};
    rating->elo = v;
    rating->low = v;
    rating->high = v;
    rating->stderr_elo = 0.0;
}

/* Picks the anchor and the agent whose component is fitted: the random
 * agent, or one of the largest component for the mean. */
static int choose_centre(struct ratings *ratings, const struct stats *stats,
                         const struct rating_graph *graph, enum rating_anchor anchor,
                         size_t *centre)
{
    size_t first_random = SIZE_MAX;
    for (size_t a = 0; a < stats->agent_count && first_random == SIZE_MAX; a++) {
        if (stats->is_random[a] && stats->agents[a].all.games > 0) {
            first_random = a;
        }
    }
    if (anchor != ANCHOR_MEAN && first_random != SIZE_MAX) {
        ratings->anchor = ANCHOR_RANDOM;
        ratings->anchor_agent = first_random;
        *centre = first_random;
        return 0;
    }
    ratings->anchor = ANCHOR_MEAN;
    return tourney_rating_graph_largest(graph, stats, centre);
}

static int compare_edges(const void *x, const void *y)
{
    const struct fit_edge *a = x;
    const struct fit_edge *b = y;
    if (a->a != b->a) {
        return a->a < b->a ? -1 : 1;
    }
    return a->b < b->b ? -1 : a->b > b->b;
}

/* The games between members (MEMBER[agent]: its number, or SIZE_MAX), in
 * the members' order, as the fit sums them. NULL when out of memory. */
static struct fit_edge *member_edges(const struct stats *stats, const size_t *member,
                                     size_t *count)
{
    struct fit_edge *edges = calloc(stats->pair_count + 1, sizeof(*edges));
    if (edges == NULL) {
        return NULL;
    }
    *count = 0;
    for (size_t p = 0; p < stats->pair_count; p++) {
        const struct pair_stats *pair = &stats->pairs[p];
        size_t a = member[pair->agent[0]];
        size_t b = member[pair->agent[1]];
        if (a == SIZE_MAX || b == SIZE_MAX) {
            continue;
        }
        struct fit_edge *e = &edges[(*count)++];
        e->a = a;
        e->b = b;
        e->t = tourney_pair_tally(pair, pair->agent[0], -1);
    }
    qsort(edges, *count, sizeof(*edges), compare_edges);
    return edges;
}

/* Fits the members and writes their ratings. Returns -1 only when out of
 * memory. */
static int fit_members(struct ratings *ratings, const struct stats *stats, const size_t *member,
                       const size_t *agent_of, size_t k, size_t reference, double prior_draws)
{
    size_t edge_count = 0;
    struct fit_edge *edges = member_edges(stats, member, &edge_count);
    double *results = calloc(2 * k + 1, sizeof(*results));
    int status = -1;
    if (edges != NULL && results != NULL) {
        struct fit_problem problem = {
            .k = k,
            .reference = reference,
            .mean_anchor = ratings->anchor == ANCHOR_MEAN,
            .prior_draws = prior_draws,
            .edges = edges,
            .edge_count = edge_count,
            .rating = results,
            .stderr_elo = results + k,
        };
        status = k <= RATINGS_DENSE_MAX ? tourney_ratings_fit_dense(&problem)
                                        : tourney_ratings_fit_sparse(&problem);
        ratings->iterations = problem.iterations;
        /* An information matrix that cannot be inverted (results too
         * lopsided for the arithmetic) leaves the field unrated, shown as
         * unknown; the other figures and the reports do not depend on it. */
        for (size_t m = 0; status == 0 && m < k; m++) {
            struct rating *out = &ratings->agents[agent_of[m]];
            double value = problem.rating[m];
            double sd = problem.stderr_elo[m];
            out->elo = tourney_elo_value(value);
            out->low = tourney_elo_value(value - TOURNEY_Z95 * sd);
            out->high = tourney_elo_value(value + TOURNEY_Z95 * sd);
            out->stderr_elo = sd;
        }
        if (status == 1) {
            ratings->fitted = 0;
            status = 0;
        }
    }
    free(results);
    free(edges);
    return status;
}

int tourney_ratings_fit(struct ratings *ratings, const struct stats *stats,
                        enum rating_anchor anchor)
{
    return tourney_ratings_fit_prior(ratings, stats, anchor, RATINGS_PRIOR_DRAWS);
}

int tourney_ratings_fit_prior(struct ratings *ratings, const struct stats *stats,
                              enum rating_anchor anchor, double prior_draws)
{
    size_t n = stats->agent_count;
    memset(ratings, 0, sizeof(*ratings));
    ratings->agent_count = n;
    ratings->anchor_agent = SIZE_MAX;
    ratings->agents = calloc(n + 1, sizeof(*ratings->agents));
    size_t *member = calloc(n + 1, sizeof(*member));
    size_t *agent_of = calloc(n + 1, sizeof(*agent_of));
    bool *up = calloc(n + 1, sizeof(*up));
    bool *down = calloc(n + 1, sizeof(*down));
    struct rating_graph graph;
    int status = tourney_rating_graph_init(&graph, stats, prior_draws);
    if (ratings->agents == NULL || member == NULL || agent_of == NULL || up == NULL ||
        down == NULL || status != 0) {
        status = -1;
        goto out;
    }
    for (size_t a = 0; a < n; a++) {
        set_bound(&ratings->agents[a], ELO_UNKNOWN);
    }
    size_t centre = SIZE_MAX;
    if (choose_centre(ratings, stats, &graph, anchor, &centre) != 0 ||
        (centre != SIZE_MAX && tourney_rating_graph_reach(&graph, centre, up, down) != 0)) {
        status = -1;
        goto out;
    }
    if (centre == SIZE_MAX) {
        goto out; /* no games at all */
    }
    size_t k = 0;
    size_t reference = 0;
    for (size_t a = 0; a < n; a++) {
        member[a] = SIZE_MAX;
        if (stats->agents[a].all.games == 0) {
            continue;
        }
        /* up: a scored, via others, against centre's group; down: the
         * group scored against a. */
        if (up[a] && down[a]) {
            reference = a == centre ? k : reference;
            agent_of[k] = a;
            member[a] = k++;
        } else if (up[a] || down[a]) {
            set_bound(&ratings->agents[a], up[a] ? ELO_ABOVE : ELO_BELOW);
        }
    }
    ratings->fitted = k;
    ratings->prior_draws = prior_draws;
    status = fit_members(ratings, stats, member, agent_of, k, reference, prior_draws);
out:
    tourney_rating_graph_finish(&graph);
    free(down);
    free(up);
    free(agent_of);
    free(member);
    return status;
}

void tourney_ratings_finish(struct ratings *ratings)
{
    free(ratings->agents);
    memset(ratings, 0, sizeof(*ratings));
}

void tourney_rating_format(const struct rating *rating, char *buf, size_t size)
{
    switch (rating->elo.kind) {
    case ELO_ABOVE:
        snprintf(buf, size, "above all rated");
        return;
    case ELO_BELOW:
        snprintf(buf, size, "below all rated");
        return;
    case ELO_FINITE:
    case ELO_UNKNOWN:
        break;
    }
    tourney_elo_format(rating->elo, buf, size);
}
