/*
 * analysis.h - the exact analysis of a results log (`tourney analyze`):
 * every game's moves replayed through the game, the value of every position
 * found by the solver (exact_solver.h; each distinct position once, in a
 * value cache shared by the whole analysis, on JOBS threads), every move
 * graded from the values before and after it, what each agent's grades add
 * up to, and the values and grades written to analysis.jsonl beside the
 * log (docs/reports.md, Exact analysis).
 */
#ifndef TOURNEY_RUNNER_ANALYSIS_H
#define TOURNEY_RUNNER_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "game_adapter.h"
#include "out_dir.h"
#include "move_grades.h"
#include "warning.h"

/* The companion file of games.jsonl. */
#define TOURNEY_ANALYSIS_NAME "analysis.jsonl"

/* The most solvers that run at once. */
#define TOURNEY_ANALYSIS_MAX_JOBS 256

struct analysis_request {
    const char *dir;             /* the folder of games.jsonl */
    unsigned jobs;               /* solvers at once, 1 to TOURNEY_ANALYSIS_MAX_JOBS */
    uint64_t budget;             /* positions a solve may visit; 0 for no limit */
    const char *cache_path;      /* a value file to start from and write back, or NULL */
    const char *solver_extra;    /* "key=value" words over the solver's settings, or NULL */
    const char *exe_path;        /* this program, for the build tree's plugins; may be NULL */
    const char *env_plugin_path; /* $TOURNEY_PLUGIN_PATH; may be NULL */
    /* Set by a run that analyses its own games (analysis = exact): its
     * output folder, open and locked, and its game, loaded; else NULL, and
     * DIR is opened and locked, and the log's game found by its name. */
    const struct out_dir *opened;
    struct game_adapter *game;
};

/* What an analysis counted. */
struct analysis_counts {
    uint64_t games;    /* analysed */
    uint64_t left_out; /* whose end does not follow from their moves */
    uint64_t moves;
    uint64_t graded;
    uint64_t lookups;   /* positions where the game goes on, over every game */
    uint64_t hits;      /* of them, found in the cache with a value that stands */
    uint64_t misses;    /* solved for this analysis */
    uint64_t from_file; /* values read from the cache file */
    uint64_t unknown;   /* solves that ran out of budget */
    uint64_t nodes;     /* positions the solvers visited */
    double seconds;     /* the whole analysis, reading and writing included */
};

struct analysis {
    size_t agent_count;
    const char **names;          /* the agents' names, by index */
    struct agent_grades *grades; /* one per agent */
    struct analysis_counts counts;
    char **name_store;
};

/* Runs the analysis of REQUEST into RESULT, writing analysis.jsonl (and the
 * cache file) on success; warns WARN (may be NULL) of each game left out,
 * naming it, and of a torn last record. Returns 0, or
 * -1 with ERR naming the file (and line) or saying what failed. Finish
 * RESULT either way. */
int tourney_analysis_run(const struct analysis_request *request, struct analysis *result,
                         const struct warnings *warn, struct error *err);
void tourney_analysis_finish(struct analysis *result);

#endif /* TOURNEY_RUNNER_ANALYSIS_H */
