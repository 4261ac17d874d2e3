/*
 * log_merge.h - the results logs of shards of one tournament (or of any runs
 * of it, whole or in part) made into one, the core of `tourney merge OUT_DIR
 * SHARD_DIR...` (its reports are cli/merge.c's).
 *
 * Every log is checked in full first: its header must describe the same
 * tournament as the first one's (settings, seed, plugin builds), and every
 * line must check out, its end following from its moves when the caller
 * gives the game (record_check.h). Then the logs are read side by side, a
 * game at a time in game order (a k-way merge, so memory does not grow with
 * the logs), into OUT_DIR/games.jsonl, written to a temporary file and
 * renamed into place, under a header without shard identity. A game found
 * in several logs must be the same game in each (players, seats, seed,
 * moves, result, how it ended; times and search figures may differ), and is
 * written once, from the first log given that has it. The same shards
 * merged twice give the same bytes.
 */
#ifndef TOURNEY_RUNNER_LOG_MERGE_H
#define TOURNEY_RUNNER_LOG_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dir_lock.h"
#include "error.h"
#include "game_adapter.h"
#include "game_set.h"
#include "log_header.h"
#include "log_reader.h"
#include "out_dir.h"
#include "record.h"
#include "shard.h"
#include "warning.h"

/* What the caller does beside the merge. */
struct log_merge_hooks {
    /* Called once with the merged log's header (the first log's), before
     * any game is read: returns the game the logs were played with, which
     * checks each game's end against its moves, or NULL to check none. */
    struct game_adapter *(*header)(void *context, const struct log_header *header);
    /* Each game written to the merged log, in game order (for the
     * statistics). Returns 0, or -1 with ERR saying why. */
    int (*game)(void *context, const struct game_record *record, struct error *err);
    void *context;
};

/* A stretch of one log whose games are in increasing order: a log written
 * by `tourney run` is one, a log resumed over gaps is two or more. Each is
 * read by a cursor of its own. */
struct log_merge_stretch {
    size_t input;
    off_t start; /* where its first line starts */
    off_t end;   /* where the next stretch, or the log, ends */
    size_t line; /* the number of its first line */
};

struct log_merge_cursor {
    const struct log_merge_stretch *stretch;
    struct log_reader reader;
    struct game_record record; /* the game at its head */
    bool open;
};

/* A merge, from tourney_log_merge to tourney_log_merge_finish. */
struct log_merge {
    const char *out_dir;
    size_t count;             /* the logs with games; those without are left out */
    char **paths;             /* DIR/games.jsonl of each */
    struct log_header header; /* the merged log's: the first log's without its shard */
    struct shard *shards;     /* each log's shard */
    struct game_set found;    /* the games merged */
    /* OUT_DIR, opened once and locked: the caller writes the reports there
     * before it finishes the merge. */
    struct out_dir dir;
    struct dir_lock lock;
    /* What the merge works with. */
    const struct log_merge_hooks *hooks;
    const struct warnings *warn;
    struct game_adapter *game; /* from hooks->header; NULL: ends not checked */
    struct log_merge_stretch *stretches;
    size_t stretch_count;
    struct log_merge_cursor *cursors; /* one per stretch */
    size_t *heap;                     /* cursors with a game, the smallest game first */
    size_t heap_count;
    bool lost;          /* OUT_DIR's log holds a game the merge has not */
    uint32_t lost_game; /* the first such */
    struct error *err;
};

/* Merges DIR/games.jsonl of each of the COUNT directories DIRS into
 * OUT_DIR/games.jsonl (OUT_DIR created if need be), HOOKS told of the
 * header and of each game. A log that is missing from a folder that exists
 * or that holds no complete line is left out, with a warning to WARN, as is
 * a torn last record. A results log already in OUT_DIR is replaced only
 * when it is one of the logs merged or every game of it is merged. Returns
 * 0 with OUT_DIR still open and locked in M, or -1 with ERR saying why and
 * OUT_DIR's log as it was; finish M either way. */
int tourney_log_merge(struct log_merge *m, const char *out_dir, const char *const *dirs,
                      size_t count, const struct log_merge_hooks *hooks,
                      const struct warnings *warn, struct error *err);

/* Whether every game of the tournament was merged. */
bool tourney_log_merge_complete(const struct log_merge *m);

/* Names to WARN the games missing from a merge, the shards no directory
 * held and the shards that play missing games (as a list of ranges a job
 * array takes as it is), and how to play them. */
void tourney_log_merge_say_missing(const struct log_merge *m);

/* Releases M and unlocks OUT_DIR; safe after a merge that failed. */
void tourney_log_merge_finish(struct log_merge *m);

#endif /* TOURNEY_RUNNER_LOG_MERGE_H */
