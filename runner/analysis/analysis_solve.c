/*
 * analysis_solve.c - the queued positions of an analysis solved by JOBS
 * solvers at once, each on a thread of its own with its own agent and
 * table. A game's queued positions go to one solver, the deepest first:
 * solving a position fills the table with most of the one before it, so a
 * game's positions cost little more than its first. Each entry is queued by
 * one game only and written by the solver of that game alone; the cache
 * does not grow meanwhile (value_cache.h), so no lock is needed beyond the
 * counter that deals the games.
 *
 * A solver's table holds what earlier positions left, which changes how
 * many positions a search visits: the values found are exact whatever the
 * order, but with more than one job which positions run out of budget can
 * differ from one analysis to the next. With one job the analysis is the
 * same every time.
 */
#include "analysed_games.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What the threads share. */
struct solve_shared {
    struct analysed_games *games;
    const struct exact_plan *plan;
    atomic_size_t next_game;
    atomic_bool failed;
};

/* One thread's work and what it found. */
struct solve_worker {
    struct solve_shared *shared;
    pthread_t thread;
    uint64_t unknown;
    uint64_t nodes;
    int status;
    struct error err;
};

static int solve_game(struct solve_worker *w, struct exact_solver *solver, struct analysed_game *g)
{
    struct value_cache *cache = &w->shared->games->cache;
    for (size_t k = g->work_count; k-- > 0;) {
        struct cache_entry *e = &cache->entries[g->work[k]];
        uint64_t nodes = 0;
        if (tourney_exact_solve(solver, tourney_value_cache_key(cache, g->work[k]), e->ply,
                                &e->value, &nodes, &w->err) != 0) {
            return -1;
        }
        e->solved = true;
        e->budget = w->shared->games->budget;
        w->nodes += nodes;
        w->unknown += e->value.result == EXACT_UNKNOWN;
    }
    return 0;
}

static void *solve_thread(void *context)
{
    struct solve_worker *w = context;
    struct solve_shared *shared = w->shared;
    struct exact_solver solver;

    w->status = tourney_exact_solver_create(&solver, shared->plan, &w->err);
    while (w->status == 0 && !atomic_load(&shared->failed)) {
        size_t i = atomic_fetch_add(&shared->next_game, 1);
        if (i >= shared->games->count) {
            break;
        }
        w->status = solve_game(w, &solver, &shared->games->games[i]);
    }
    if (w->status != 0) {
        atomic_store(&shared->failed, true);
    }
    tourney_exact_solver_destroy(&solver);
    return NULL;
}

int tourney_analysed_games_solve(struct analysed_games *games, const struct exact_plan *plan,
                                 unsigned jobs, uint64_t *unknown, uint64_t *nodes,
                                 struct error *err)
{
    struct solve_shared shared = {.games = games, .plan = plan};
    struct solve_worker *workers = calloc(jobs, sizeof(*workers));
    unsigned started = 0;

    if (workers == NULL) {
        return tourney_error_nomem(err);
    }
    atomic_init(&shared.next_game, 0);
    atomic_init(&shared.failed, false);
    for (unsigned i = 0; i < jobs; i++) {
        workers[i].shared = &shared;
    }
    if (jobs == 1) {
        /* One solver needs no thread of its own. */
        solve_thread(&workers[0]);
        started = 1;
    } else {
        for (; started < jobs; started++) {
            if (pthread_create(&workers[started].thread, NULL, solve_thread, &workers[started]) !=
                0) {
                atomic_store(&shared.failed, true);
                break;
            }
        }
        for (unsigned i = 0; i < started; i++) {
            pthread_join(workers[i].thread, NULL);
        }
    }
    int status = started == jobs ? 0 : tourney_error_set(err, "cannot start %u solvers", jobs);
    for (unsigned i = 0; i < started; i++) {
        *unknown += workers[i].unknown;
        *nodes += workers[i].nodes;
        if (status == 0 && workers[i].status != 0) {
            *err = workers[i].err;
            status = -1;
        }
    }
    free(workers);
    return status;
}
