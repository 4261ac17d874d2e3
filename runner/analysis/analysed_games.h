/*
 * analysed_games.h - the games of a log as the analysis holds them: each
 * position of each game a value cache entry (or the game's end), gathered
 * from the log one game at a time (analysed_games.c), solved on threads
 * (analysis_solve.c), graded, and written to analysis.jsonl
 * (analysis_file.c).
 */
#ifndef TOURNEY_RUNNER_ANALYSED_GAMES_H
#define TOURNEY_RUNNER_ANALYSED_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include <tourney/tourney.h>

#include "error.h"
#include "exact_solver.h"
#include "game_adapter.h"
#include "move_grades.h"
#include "record.h"
#include "value_cache.h"

/* An entry that is no position of the cache: the game is over there. */
#define ANALYSED_OVER UINT32_MAX

struct analysed_game {
    uint32_t index;
    uint32_t agent[2];
    int32_t first_ply; /* the plies before the first move (an opening's) */
    size_t move_count;
    tourney_move *moves;
    struct graded_move *graded; /* per move */
    uint32_t *entry;            /* per position, move_count + 1: the cache's, or ANALYSED_OVER */
    int8_t *to_move;            /* per position */
    int end_status;             /* the last position's status */
    uint32_t *work;             /* entries this game solves, first seen here, in ply order */
    size_t work_count;
};

struct analysed_games {
    struct analysed_game *games;
    size_t count;
    size_t capacity;
    struct value_cache cache;
    uint64_t budget; /* the analysis's: an unknown value of a smaller one is solved again */
    uint64_t lookups;
    uint64_t hits;
    uint64_t misses;
    void *state; /* scratch: the position being replayed */
};

int tourney_analysed_games_init(struct analysed_games *games, const struct game_adapter *game,
                                uint64_t budget, struct error *err);
void tourney_analysed_games_finish(struct analysed_games *games);

/* Replays RECORD (checked: its moves legal, tourney_record_check) through
 * GAME, looking up every position where the game goes on in the cache and
 * queueing those without a value that stands. */
int tourney_analysed_games_add(struct analysed_games *games, struct game_adapter *game,
                               const struct game_record *record, struct error *err);

/* Solves every queued position with JOBS solvers of PLAN at once; adds the
 * solves that ran out of budget to *UNKNOWN and the positions visited to
 * *NODES. */
int tourney_analysed_games_solve(struct analysed_games *games, const struct exact_plan *plan,
                                 unsigned jobs, uint64_t *unknown, uint64_t *nodes,
                                 struct error *err);

/* Grades every move from the values now in the cache. */
void tourney_analysed_games_grade(struct analysed_games *games);

#endif /* TOURNEY_RUNNER_ANALYSED_GAMES_H */
