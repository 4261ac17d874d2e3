/*
 * rebuild.h - `tourney report DIR`: every report rebuilt from the results
 * log alone.
 */
#ifndef TOURNEY_RUNNER_REBUILD_H
#define TOURNEY_RUNNER_REBUILD_H

#include <stddef.h>
#include <stdio.h>

/* Rebuilds every report in DIR from DIR/games.jsonl alone. The game plugin
 * the log names is looked for as a run would (EXE_PATH and ENV_PLUGIN_PATH
 * as for tourney_tournament_open) to draw report.html's boards; without it
 * the page shows moves as numbers. The tables on OUT fit WIDTH characters
 * (0: all columns). */
int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, size_t width, FILE *err);

#endif /* TOURNEY_RUNNER_REBUILD_H */
