/*
 * exact_solver.h - the exact value of positions, found as `tourney solve`
 * finds it: the negamax-ab-ids agent loaded into this process (trusted, no
 * agent process, no clock) with the solve's settings, searching to the end
 * of the game; here within a node budget per position, beyond which the
 * value is unknown. One plan (the agent plugin and its parameters) serves
 * any number of solvers, one per thread, each with its own agent instance
 * and transposition table, kept from one position to the next.
 */
#ifndef TOURNEY_RUNNER_EXACT_SOLVER_H
#define TOURNEY_RUNNER_EXACT_SOLVER_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "exact_value.h"
#include "game_adapter.h"
#include "plugin.h"
#include "plugin_search.h"
#include "rng.h"
#include "warning.h"

/* The agent that solves, and the parameters it gets before any other: one
 * search to the end of the game, no clock, a large table, and the speed-ups
 * meant for solving (docs/agents.md). `tourney solve` uses them too. */
#define TOURNEY_EXACT_AGENT "negamax-ab-ids"
#define TOURNEY_EXACT_AGENT_DEFAULTS                                           \
    "max_depth=0 iterative=false use_time_budget=false tt_mb=256 root=bisect " \
    "length_bounds=true table=compact symmetry=true"

/* The analysis's default node budget per position, see docs/reports.md
 * (Exact analysis) for how it was chosen. */
#define TOURNEY_EXACT_DEFAULT_BUDGET UINT64_C(20000000)

/* The agent plugin and its parameter values, shared read-only by the
 * solvers of every thread. */
struct exact_plan {
    struct plugin_search search;
    struct plugin agent_plugin;
    struct tourney_param_value *values;
    char *params_text; /* "max_depth = 0, ...": for the analysis's header */
    const struct game_adapter *game;
    const struct warnings *warn; /* the agent's warnings go there; may be NULL */
};

/* Loads the agent (found as `tourney solve` finds it: ENV_PATH, the build
 * tree of EXE_PATH, the installed directory) with the solve's settings, the
 * words of EXTRA ("tie_break=any tt_mb=64", may be NULL) over them, and a
 * node budget of BUDGET positions (0: none). Returns 0, or -1 with ERR set;
 * close PLAN either way. */
int tourney_exact_plan_open(struct exact_plan *plan, const struct game_adapter *game,
                            const char *extra, uint64_t budget, const char *env_path,
                            const char *exe_path, const struct warnings *warn, struct error *err);
void tourney_exact_plan_close(struct exact_plan *plan);

/* One thread's solver. */
struct exact_solver {
    const struct exact_plan *plan;
    struct rng rng;
    void *agent;
    unsigned char *state; /* the agent's copy of the position */
};

int tourney_exact_solver_create(struct exact_solver *solver, const struct exact_plan *plan,
                                struct error *err);
void tourney_exact_solver_destroy(struct exact_solver *solver);

/* The value of STATE (a position where the game goes on, PLY plies from the
 * start, which bounds how long it can last) for the player to move into
 * *VALUE; the positions visited into *NODES. Returns 0, or -1 with ERR set
 * when the search failed. */
int tourney_exact_solve(struct exact_solver *solver, const void *state, int32_t ply,
                        struct exact_value *value, uint64_t *nodes, struct error *err);

#endif /* TOURNEY_RUNNER_EXACT_SOLVER_H */
