/*
 * agents/ab/ab.h - the instance of negamax-ab-ids, shared by its parts:
 * the agent shell (negamax_ab_ids.c: parameters, create, iterative
 * deepening), the root (root.c: root windows, ties, move order) and the
 * search below the root (node.c).
 *
 * The speed-ups are each switched by a parameter and each leave the value of
 * the position unchanged; docs/agents.md describes them.
 */
#ifndef TOURNEY_AGENTS_AB_H
#define TOURNEY_AGENTS_AB_H

#include <stdbool.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "../common/search.h"
#include "tt.h"

/* The values of the window parameter, in the order of its choices. */
enum ab_window {
    AB_WINDOW_FULL = 0,       /* plain alpha-beta */
    AB_WINDOW_ASPIRATION = 1, /* null windows below, aspiration windows at the root */
    AB_WINDOW_NULL = 2,       /* principal variation search (null windows) */
};

typedef void (*ab_order_fn)(const void *game, const void *state, tourney_move *moves, int count);
typedef tourney_move (*ab_winning_fn)(const void *game, const void *state);
typedef int (*ab_safe_fn)(const void *game, const void *state, tourney_move *moves);
typedef uint64_t (*ab_hash_fn)(const void *game, const void *state);

struct ab_ids {
    struct search s;
    /* The root moves of the iteration under way and of the deepest finished
     * one, swapped when an iteration finishes. */
    struct root_choice current;
    struct root_choice finished;
    int32_t max_depth; /* INT32_MAX for up to the game's max_plies */
    int tie_break;
    bool iterative;
    bool use_time_budget;

    /* The speed-ups. A game function is NULL when its switch is off or the
     * game lacks it, so the search tests one pointer and nothing else. */
    bool ordering;    /* TT move and previous best move first */
    bool null_window; /* principal variation search below the root */
    bool aspiration;  /* aspiration windows at the root */
    ab_order_fn order_moves;
    ab_winning_fn winning_move; /* knowledge */
    ab_safe_fn safe_moves;      /* knowledge, only with winning_move */
    ab_hash_fn hash;            /* NULL when the table is off */
    struct tt tt;
};

/* The value of the working position, `ply` plies below the root and searched
 * `depth_left` plies further, for `player`, the player to move before it.
 * Fail-soft: exact when it lies strictly inside (alpha, beta), else a bound
 * on the side it failed. The window is in `player`'s terms. Returns 0 once
 * the search is abandoned; the caller must check s.aborted. */
int32_t ab_node(struct ab_ids *a, int player, int32_t ply, int32_t depth_left, int32_t alpha,
                int32_t beta);

/* One iteration to `depth` plies over the root's `n` moves, in
 * search_moves(&a->s, 0), gathering their values in a->current; `guess` is
 * the previous iteration's value, for aspiration windows (ignored when
 * `has_guess` is false). Returns false when the deadline abandoned it. */
bool ab_root_iteration(struct ab_ids *a, int me, int n, int32_t depth, bool has_guess,
                       int32_t guess);

/* Puts `move` first in `moves`, keeping the others in their order (the
 * game's order is worth keeping); does nothing when it is not there, as a
 * move remembered for another position that shares the hash would not be. */
static inline void ab_move_to_front(tourney_move *moves, int n, tourney_move move)
{
    for (int i = 0; i < n; i++) {
        if (moves[i] == move) {
            for (int j = i; j > 0; j--) {
                moves[j] = moves[j - 1];
            }
            moves[0] = move;
            return;
        }
    }
}

#endif /* TOURNEY_AGENTS_AB_H */
