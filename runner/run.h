/*
 * run.h - playing a loaded tournament: schedule, play game after game,
 * append each to the results log, then write the reports.
 */
#ifndef TOURNEY_RUNNER_RUN_H
#define TOURNEY_RUNNER_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "progress.h"
#include "tournament.h"

struct run_options {
    bool quiet;    /* no tables on the console */
    enum progress_style progress; /* what ERR shows while playing */
    bool colour;   /* colours on ERR */
    bool verbose;  /* a line per game on ERR */
    bool resume;   /* continue the results log in the output folder */
    const char *output; /* the --output given, to repeat it in the resume hint */
    /* Set (by a signal handler) to stop after the game being played; the
     * games finished so far are kept and reported. May be NULL. */
    const volatile sig_atomic_t *stop;
};

enum run_outcome {
    RUN_FAILED = -1,
    RUN_COMPLETE = 0,
    RUN_INTERRUPTED = 1,
};

/* Plays TOURNAMENT and writes its reports. On failure explains on ERR, keeps
 * every finished game in the log and still writes the reports of what was
 * played. */
enum run_outcome tourney_run(struct tournament *tournament, const struct run_options *options,
                             FILE *out, FILE *err);

/* Rebuilds every report in DIR from DIR/games.jsonl alone. The game plugin
 * the log names is looked for as a run would (EXE_PATH and ENV_PLUGIN_PATH
 * as for tourney_tournament_open) to draw report.html's boards; without it
 * the page shows moves as numbers. */
int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, FILE *err);

#endif /* TOURNEY_RUNNER_RUN_H */
