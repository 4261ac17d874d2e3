/*
 * rating_graph.h - who scored against whom, as a directed graph (an arc
 * from a to b when a scored at least half a point against b), with what
 * the ratings need of it in time linear in its agents and arcs: the agents
 * that reach an agent and those it reaches (so whether a rating exists
 * relative to it), and the largest strongly connected component.
 */
#ifndef TOURNEY_RUNNER_RATING_GRAPH_H
#define TOURNEY_RUNNER_RATING_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "stats.h"

/* Arcs in compressed rows: agent a's arcs go to target[start[a]] up to
 * target[start[a + 1] - 1]. */
struct arcs {
    size_t *start; /* agent_count + 1 */
    size_t *target;
};

struct rating_graph {
    size_t agent_count;
    struct arcs forward;  /* a -> b: a scored against b */
    struct arcs backward; /* the same arcs turned round */
};

/* The graph of STATS's pairs, each with PRIOR_DRAWS virtual draws: with any,
 * every pair that played has its arcs both ways. Returns -1 when out of
 * memory; finish the graph either way. */
int tourney_rating_graph_init(struct rating_graph *graph, const struct stats *stats,
                              double prior_draws);
void tourney_rating_graph_finish(struct rating_graph *graph);

/* Marks in UP the agents that reach FROM (by arcs, FROM itself included)
 * and in DOWN those FROM reaches. Returns -1 when out of memory. */
int tourney_rating_graph_reach(const struct rating_graph *graph, size_t from, bool *up,
                               bool *down);

/* An agent of the largest strongly connected component among the agents
 * with games (the lowest-numbered agent's when several are as large), or
 * SIZE_MAX when no agent has games. Returns -1 when out of memory. */
int tourney_rating_graph_largest(const struct rating_graph *graph, const struct stats *stats,
                                 size_t *agent);

#endif /* TOURNEY_RUNNER_RATING_GRAPH_H */
