/*
 * merge.h - `tourney merge OUT_DIR SHARD_DIR...`: the results logs of shards
 * of one tournament merged (log_merge.h) and the merged log's reports
 * written, from statistics counted in game order as a run counts them.
 */
#ifndef TOURNEY_RUNNER_MERGE_H
#define TOURNEY_RUNNER_MERGE_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "warning.h"

enum merge_outcome {
    MERGE_FAILED = -1,    /* refused or failed, ERR says why; OUT_DIR's log untouched */
    MERGE_COMPLETE = 0,   /* every game of the tournament is in OUT_DIR */
    MERGE_INCOMPLETE = 1, /* merged, but games are missing: WARN had them named */
};

/* Merges DIR/games.jsonl of each of the COUNT directories DIRS into OUT_DIR
 * (created if need be) and writes its reports, printing the tables on OUT
 * unless it is NULL. EXE_PATH and ENV_PLUGIN_PATH find the game plugin
 * that checks each game's end and draws the boards of report.html. What is
 * left out, and the games missing, are warned of to WARN. */
enum merge_outcome tourney_merge(const char *out_dir, const char *const *dirs, size_t count,
                                 const char *exe_path, const char *env_plugin_path, FILE *out,
                                 const struct warnings *warn, struct error *err);

#endif /* TOURNEY_RUNNER_MERGE_H */
