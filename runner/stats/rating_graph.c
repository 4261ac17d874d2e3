#include "rating_graph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void arcs_finish(struct arcs *arcs)
{
    free(arcs->start);
    free(arcs->target);
}

/* Fills ARCS with the arcs FROM[i] -> TO[i] (COUNT of them). */
static int arcs_init(struct arcs *arcs, size_t agents, const size_t *from, const size_t *to,
                     size_t count)
{
    arcs->start = calloc(agents + 2, sizeof(*arcs->start));
    arcs->target = calloc(count + 1, sizeof(*arcs->target));
    if (arcs->start == NULL || arcs->target == NULL) {
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        arcs->start[from[i] + 2]++;
    }
    for (size_t a = 2; a <= agents + 1; a++) {
        arcs->start[a] += arcs->start[a - 1];
    }
    /* start[a + 1] counts a's arcs placed so far; once all are placed it
     * is where a + 1's begin. */
    for (size_t i = 0; i < count; i++) {
        arcs->target[arcs->start[from[i] + 1]++] = to[i];
    }
    return 0;
}

int tourney_rating_graph_init(struct rating_graph *graph, const struct stats *stats,
                              double prior_draws)
{
    memset(graph, 0, sizeof(*graph));
    graph->agent_count = stats->agent_count;
    size_t most = 2 * stats->pair_count;
    size_t *from = calloc(most + 1, sizeof(*from));
    size_t *to = calloc(most + 1, sizeof(*to));
    int status = -1;
    if (from == NULL || to == NULL) {
        goto out;
    }
    size_t count = 0;
    for (size_t p = 0; p < stats->pair_count; p++) {
        const struct pair_stats *pair = &stats->pairs[p];
        struct tally t = tourney_pair_tally(pair, pair->agent[0], -1);
        if (t.wins + t.draws + prior_draws > 0) {
            from[count] = pair->agent[0];
            to[count++] = pair->agent[1];
        }
        if (t.losses + t.draws + prior_draws > 0) {
            from[count] = pair->agent[1];
            to[count++] = pair->agent[0];
        }
    }
    if (arcs_init(&graph->forward, stats->agent_count, from, to, count) == 0 &&
        arcs_init(&graph->backward, stats->agent_count, to, from, count) == 0) {
        status = 0;
    }
out:
    free(from);
    free(to);
    return status;
}

void tourney_rating_graph_finish(struct rating_graph *graph)
{
    arcs_finish(&graph->forward);
    arcs_finish(&graph->backward);
    memset(graph, 0, sizeof(*graph));
}

/* Marks in SEEN what FROM reaches by ARCS, breadth first. */
static void search(const struct arcs *arcs, size_t from, bool *seen, size_t *queue)
{
    size_t head = 0;
    size_t tail = 0;
    seen[from] = true;
    queue[tail++] = from;
    while (head < tail) {
        size_t a = queue[head++];
        for (size_t i = arcs->start[a]; i < arcs->start[a + 1]; i++) {
            size_t b = arcs->target[i];
            if (!seen[b]) {
                seen[b] = true;
                queue[tail++] = b;
            }
        }
    }
}

int tourney_rating_graph_reach(const struct rating_graph *graph, size_t from, bool *up, bool *down)
{
    size_t *queue = calloc(graph->agent_count + 1, sizeof(*queue));
    if (queue == NULL) {
        return -1;
    }
    memset(up, 0, graph->agent_count * sizeof(*up));
    memset(down, 0, graph->agent_count * sizeof(*down));
    search(&graph->backward, from, up, queue);
    search(&graph->forward, from, down, queue);
    free(queue);
    return 0;
}

/* Tarjan's algorithm without recursion: per agent its discovery number
 * (0: not yet seen) and lowest reachable number, a stack of the agents of
 * components not yet closed, and a call stack of (agent, next arc). */
struct tarjan {
    size_t *number;
    size_t *low;
    size_t *component; /* the component's id, once closed */
    size_t *size;      /* per component id */
    bool *open;        /* on the stack of open agents */
    size_t *stack;
    size_t *calls;
    size_t *next_arc;
};

static void visit(const struct arcs *arcs, struct tarjan *t, size_t root, size_t *counter,
                  size_t *components)
{
    size_t depth = 0;
    size_t height = 0;
    t->calls[depth] = root;
    t->next_arc[depth++] = arcs->start[root];
    t->number[root] = t->low[root] = ++*counter;
    t->stack[height++] = root;
    t->open[root] = true;
    while (depth > 0) {
        size_t a = t->calls[depth - 1];
        size_t *arc = &t->next_arc[depth - 1];
        if (*arc < arcs->start[a + 1]) {
            size_t b = arcs->target[(*arc)++];
            if (t->number[b] == 0) {
                t->number[b] = t->low[b] = ++*counter;
                t->stack[height++] = b;
                t->open[b] = true;
                t->calls[depth] = b;
                t->next_arc[depth++] = arcs->start[b];
            } else if (t->open[b] && t->number[b] < t->low[a]) {
                t->low[a] = t->number[b];
            }
            continue;
        }
        depth--;
        if (depth > 0) {
            size_t parent = t->calls[depth - 1];
            if (t->low[a] < t->low[parent]) {
                t->low[parent] = t->low[a];
            }
        }
        if (t->low[a] == t->number[a]) {
            size_t id = (*components)++;
            size_t member;
            do {
                member = t->stack[--height];
                t->open[member] = false;
                t->component[member] = id;
                t->size[id]++;
            } while (member != a);
        }
    }
}

int tourney_rating_graph_largest(const struct rating_graph *graph, const struct stats *stats,
                                 size_t *agent)
{
    size_t n = graph->agent_count;
    struct tarjan t;
    size_t **arrays[] = {&t.number, &t.low,   &t.component, &t.size,
                         &t.stack,  &t.calls, &t.next_arc};
    size_t count = sizeof(arrays) / sizeof(arrays[0]);
    bool failed = false;
    for (size_t i = 0; i < count; i++) {
        *arrays[i] = calloc(n + 1, sizeof(size_t));
        failed = failed || *arrays[i] == NULL;
    }
    t.open = calloc(n + 1, sizeof(*t.open));
    failed = failed || t.open == NULL;
    if (!failed) {
        size_t counter = 0;
        size_t components = 0;
        for (size_t a = 0; a < n; a++) {
            if (t.number[a] == 0) {
                visit(&graph->forward, &t, a, &counter, &components);
            }
        }
        *agent = SIZE_MAX;
        size_t best = 0;
        for (size_t a = 0; a < n; a++) {
            if (stats->agents[a].all.games > 0 && t.size[t.component[a]] > best) {
                best = t.size[t.component[a]];
                *agent = a;
            }
        }
    }
    for (size_t i = 0; i < count; i++) {
        free(*arrays[i]);
    }
    free(t.open);
    return failed ? -1 : 0;
}
