/*
 * rebuild.h - `tourney report DIR`: every report rebuilt from the results
 * log alone.
 */
#ifndef TOURNEY_RUNNER_REBUILD_H
#define TOURNEY_RUNNER_REBUILD_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "warning.h"

/* Rebuilds every report in DIR from DIR/games.jsonl alone. The game plugin
 * the log names is looked for as a run would (EXE_PATH and ENV_PLUGIN_PATH
 * as for tourney_tournament_open) to draw report.html's boards; without it
 * the page shows moves as numbers. The tables on OUT fit WIDTH characters
 * (0: all columns). A game whose end does not follow from its moves is left
 * out, with a warning to WARN naming it; a torn last record too. Returns 0,
 * or -1 with ERR saying why: the reports could not be written, or they were
 * written without games left out (ERR counts them). */
int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, size_t width, const struct warnings *warn,
                            struct error *err);

#endif /* TOURNEY_RUNNER_REBUILD_H */
