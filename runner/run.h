/*
 * run.h - playing a loaded tournament: schedule, play game after game,
 * append each to the results log, then write the reports.
 */
#ifndef TOURNEY_RUNNER_RUN_H
#define TOURNEY_RUNNER_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "tournament.h"

struct run_options {
    bool quiet;     /* no tables on the console */
    bool progress;  /* a progress line on ERR while playing */
};

/* Plays TOURNAMENT and writes its reports. Returns 0 on success; on failure
 * explains on ERR, keeps every finished game in the log and still writes the
 * reports of what was played. */
int tourney_run(struct tournament *tournament, const struct run_options *options, FILE *out,
                FILE *err);

#endif /* TOURNEY_RUNNER_RUN_H */
