/*
 * run.h - playing a loaded tournament: schedule, play its games (one after
 * the other, or several at once in worker processes), append each to the
 * results log in game order, then write the reports.
 */
#ifndef TOURNEY_RUNNER_RUN_H
#define TOURNEY_RUNNER_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "error.h"
#include "free_processors.h"
#include "game_sample.h"
#include "log_header.h"
#include "progress.h"
#include "shard.h"
#include "stats.h"
#include "tournament.h"
#include "warning.h"

struct run_options {
    bool quiet;                   /* no tables and no progress on the console */
    enum progress_style progress; /* what ERR shows while playing */
    bool colour;                  /* colours on ERR */
    size_t width;                 /* of the terminal ERR is; 0 when unknown */
    bool verbose;                 /* a line per game on ERR */
    bool wide;                    /* every column of the tables, however wide */
    bool resume;                  /* continue the results log in the output folder */
    bool fresh;                   /* start over: a results log there is moved aside */
    const char *output;           /* the --output given, to repeat it in the resume hint */
    unsigned jobs;                /* games played at once, at least 1 (job_pool.h) */
    /* The processors free as the run starts: more jobs than that are
     * warned of (free_processors.h); `known` false says nothing. */
    struct free_processors processors;
    struct shard shard; /* the part of the tournament to play; count 0 for all */
    /* Set (by a signal handler) to the signal's number to stop after the
     * game being played; the games finished so far are kept and reported.
     * The run sets it too, to the signal, when an agent process was stopped
     * from outside the tournament (executor.h). May be NULL. */
    volatile sig_atomic_t *stop;
    /* Where the solver of `analysis = exact` is looked for, as `tourney
     * analyze` looks: this program (the build tree) and $TOURNEY_PLUGIN_PATH;
     * each may be NULL. */
    const char *exe_path;
    const char *env_plugin_path;
    /* Gets, as lines to print as they are, how to resume a run that was
     * interrupted (commands.h). */
    const struct warnings *lines;
};

enum run_outcome {
    RUN_FAILED = -1,
    RUN_COMPLETE = 0,
    RUN_INTERRUPTED = 1,
};

/* Plays TOURNAMENT and writes its reports. On failure explains in ERROR,
 * keeps every finished game in the log and still writes the reports of what
 * was played. The tables go to OUT; ERR is the terminal's error stream,
 * where the progress and the run's notices are drawn; WARN gets what the
 * reports and the analysis leave out. */
enum run_outcome tourney_run(struct tournament *tournament, const struct run_options *options,
                             FILE *out, FILE *err, const struct warnings *warn,
                             struct error *error);

#endif /* TOURNEY_RUNNER_RUN_H */
