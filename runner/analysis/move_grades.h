/*
 * move_grades.h - every move of a game graded from the exact values of
 * the positions before and after it, and what each agent's grades add up
 * to: the share of its moves graded, its accuracy, blunders per game, the
 * mean ply of its first blunder, the games it played perfectly.
 */
#ifndef TOURNEY_RUNNER_MOVE_GRADES_H
#define TOURNEY_RUNNER_MOVE_GRADES_H

#include <stddef.h>
#include <stdint.h>

#include "exact_value.h"

/* One move, graded. */
struct graded_move {
    int seat;                   /* the mover: 0 or 1 */
    int32_t ply;                /* the move's ply in the game, the first move being 1 */
    struct exact_value before;  /* the position's value for the mover */
    struct exact_value reached; /* what the move reaches for the mover */
    enum move_grade grade;
};

/* One agent's grades over the games of a log. */
struct agent_grades {
    uint64_t games;  /* games it played */
    uint64_t moves;  /* moves it made */
    uint64_t graded; /* moves whose values before and after are known */
    uint64_t best;   /* graded moves that keep the value */
    uint64_t slower; /* graded moves that keep the result only */
    uint64_t blunders;
    uint64_t games_with_blunder;
    uint64_t first_blunder_plies; /* the sum, over games_with_blunder */
    uint64_t perfect_games;       /* every move of its graded, and best (one at least) */
};

/* Sets MOVE's grade from its values before and reached. */
void tourney_grade_move(struct graded_move *move);

/* Adds a game whose MOVES (COUNT of them) are graded, played by the agents
 * AGENT[0] (first to move) and AGENT[1], into GRADES (one per agent). */
void tourney_grades_add_game(struct agent_grades *grades, const uint32_t agent[2],
                             const struct graded_move *moves, size_t count);

/* The figures, each 0 when it has nothing to count: graded moves per move,
 * moves that keep the result per graded move, blunders per game, the mean
 * ply of the first blunder over the games with one. */
double tourney_grades_share_graded(const struct agent_grades *g);
double tourney_grades_accuracy(const struct agent_grades *g);
double tourney_grades_blunders_per_game(const struct agent_grades *g);
double tourney_grades_first_blunder_ply(const struct agent_grades *g);

#endif /* TOURNEY_RUNNER_MOVE_GRADES_H */
