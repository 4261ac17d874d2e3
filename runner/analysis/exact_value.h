/*
 * exact_value.h - the exact value of a position for one player (a win or a
 * loss in so many plies, a draw, or unknown beyond the solver's budget),
 * and the grade of a move from the values before and after it: what the
 * exact analysis of a log (analysis.h) and every report of it speak in.
 */
#ifndef TOURNEY_RUNNER_EXACT_VALUE_H
#define TOURNEY_RUNNER_EXACT_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Worst first, so that results compare as numbers. */
enum exact_result {
    EXACT_UNKNOWN = 0, /* not solved within the budget */
    EXACT_LOSS = 1,
    EXACT_DRAW = 2,
    EXACT_WIN = 3,
};

/* A value for one player: for a win or a loss, the plies to the end of the
 * game with best play (both players' moves, the last one included); 0 at
 * the end of the game and for a draw or an unknown value. */
struct exact_value {
    enum exact_result result;
    int32_t plies;
};

enum move_grade {
    GRADE_UNKNOWN = 0, /* a value before or after the move is unknown */
    GRADE_BEST = 1,    /* keeps the value */
    GRADE_SLOWER = 2,  /* keeps the result, but wins later or loses sooner */
    GRADE_BLUNDER = 3, /* gives away a win or a draw */
};

/* The value of a search's SCORE (TOURNEY_SCORE_WIN - plies for a proven
 * win) for the player to move, from a search that went to the end of every
 * line; unknown when the search has no score (its budget ran out). */
struct exact_value tourney_exact_from_score(int32_t score, bool has_score);

/* The value for SEAT of a game over with STATUS (a tourney_status): a win
 * or a loss in 0 plies, or a draw. */
struct exact_value tourney_exact_at_end(int status, int seat);

/* The same value for the other player. */
struct exact_value tourney_exact_other(struct exact_value value);

/* What a move reaches for its mover, from the value for the mover of the
 * position after it: one ply more to a win or a loss. */
struct exact_value tourney_exact_one_ply_up(struct exact_value after);

/* The grade of a move whose position was worth BEFORE to its mover and
 * which reaches REACHED (tourney_exact_one_ply_up of the value after). */
enum move_grade tourney_exact_grade(struct exact_value before, struct exact_value reached);

/* "win 5", "loss 2", "draw" or "unknown" into BUF (at least 24 bytes). */
void tourney_exact_text(struct exact_value value, char *buf, size_t size);

/* Reads what tourney_exact_text writes; false for anything else. */
bool tourney_exact_parse(const char *text, struct exact_value *value);

/* "best", "slower", "blunder" or "unknown". */
const char *tourney_grade_name(enum move_grade grade);

#endif /* TOURNEY_RUNNER_EXACT_VALUE_H */
