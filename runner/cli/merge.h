/*
 * merge.h - the results logs of shards of one tournament (or of any runs of
 * it, whole or in part) made into one: `tourney merge OUT_DIR SHARD_DIR...`.
 *
 * Every log is checked in full first: its header must describe the same
 * tournament as the first one's (settings, seed, plugin builds), and every
 * line must check out. Then the logs are read side by side, a game at a
 * time in game order (a k-way merge, so memory does not grow with the
 * logs), into OUT_DIR/games.jsonl, written to a temporary file and renamed
 * into place, under a header without shard identity; then the reports. A
 * game found in several logs must be the same game in each (players, seats,
 * seed, moves, result, how it ended; times and search figures may differ),
 * and is written once, from the first log given that has it. The same
 * shards merged twice give the same bytes.
 */
#ifndef TOURNEY_RUNNER_MERGE_H
#define TOURNEY_RUNNER_MERGE_H

#include <stddef.h>
#include <stdio.h>

enum merge_outcome {
    MERGE_FAILED = -1,    /* refused or failed, ERR says why; OUT_DIR untouched */
    MERGE_COMPLETE = 0,   /* every game of the tournament is in OUT_DIR */
    MERGE_INCOMPLETE = 1, /* merged, but games are missing: ERR names them */
};

/* Merges DIR/games.jsonl of each of the COUNT directories DIRS into OUT_DIR
 * (created if need be) and writes its reports, printing the tables on OUT
 * unless it is NULL. EXE_PATH and ENV_PLUGIN_PATH find the game plugin
 * that draws the boards of report.html. */
enum merge_outcome tourney_merge(const char *out_dir, const char *const *dirs, size_t count,
                                 const char *exe_path, const char *env_plugin_path, FILE *out,
                                 FILE *err);

#endif /* TOURNEY_RUNNER_MERGE_H */
