/*
 * agents/ab/ab.h - the instance of negamax-ab-ids, shared by its parts:
 * the agent shells (negamax_ab_ids.c, perfect.c: parameters, create), the
 * move and its iterative deepening (deepen.c), the root (root.c: root windows, ties, move order;
 * bisect.c: root = bisect), the search below the root (node.c), and the game's optional functions
 * (knowledge.c).
 *
 * The speed-ups are each switched by a parameter and each leave the value of
 * the position unchanged; docs/agents.md describes them.
 */
#ifndef TOURNEY_AGENTS_AB_H
#define TOURNEY_AGENTS_AB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "../common/search.h"
#include "tt.h"
#include "tt_compact.h"

/* The values of the window parameter, in the order of its choices. */
enum ab_window {
    AB_WINDOW_FULL = 0,       /* plain alpha-beta */
    AB_WINDOW_ASPIRATION = 1, /* null windows below, aspiration windows at the root */
    AB_WINDOW_NULL = 2,       /* principal variation search (null windows) */
};

/* The third value of tie_break, beside enum tie_break's: any best move. */
#define AB_TIE_BREAK_ANY 2

/* The values of the table parameter, in the order of its choices. */
enum ab_table {
    AB_TABLE_WIDE = 0,    /* tt.h: full keys, depths, moves */
    AB_TABLE_COMPACT = 1, /* tt_compact.h: results to the end of the game only */
};

/* The values of the root parameter, in the order of its choices. */
enum ab_root {
    AB_ROOT_MOVES = 0,  /* every root move against the best so far */
    AB_ROOT_BISECT = 1, /* null windows that halve the range of the root's value */
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
    bool ordering;      /* TT move and previous best move first */
    bool null_window;   /* principal variation search below the root */
    bool aspiration;    /* aspiration windows at the root */
    bool bisect;        /* root = bisect */
    bool length_bounds; /* no win or loss past the end of the game */
    /* Plies the game can still last from the root: max_plies less the
     * request's ply, at least 1; what bounds a win's distance. */
    int32_t plies_left;
    ab_order_fn order_moves;
    ab_winning_fn winning_move; /* knowledge */
    ab_safe_fn safe_moves;      /* knowledge, only with winning_move */
    ab_hash_fn hash;            /* NULL when the table is off */
    bool compact;               /* table = compact: ttc, else tt */
    struct tt tt;
    struct ttc ttc;
};

/* The value of the working position, `ply` plies below the root and searched
 * `depth_left` plies further, for `player`, the player to move before it.
 * Fail-soft: exact when it lies strictly inside (alpha, beta), else a bound
 * on the side it failed. The window is in `player`'s terms. `after_safe`
 * says the move into the position was one of `player`'s safe_moves, so that
 * the opponent cannot win at once in it. Returns 0 once the search is
 * abandoned; the caller must check s.aborted. */
int32_t ab_node(struct ab_ids *a, int player, int32_t ply, int32_t depth_left, int32_t alpha,
                int32_t beta, bool after_safe);

/* The root searched as any other position, `depth` plies deep, for `me`,
 * the player to move in it, with the window (lo, hi) and fail-soft; *chosen
 * gets the move that gave the value, or -1 when the table or the game's
 * knowledge answered without one. Lists its moves in search_moves(&a->s, 0). */
int32_t ab_root_node(struct ab_ids *a, int me, int32_t depth, int32_t lo, int32_t hi,
                     tourney_move *chosen);

/* One iteration to `depth` plies over the root's `n` moves, in
 * search_moves(&a->s, 0), gathering their values in a->current; `guess` is
 * the previous iteration's value, for aspiration windows (ignored when
 * `has_guess` is false). Returns false when the deadline abandoned it. */
bool ab_root_iteration(struct ab_ids *a, int me, int n, int32_t depth, bool has_guess,
                       int32_t guess);

/* Takes the game's order_moves, winning_move and safe_moves as the switches
 * ask, when it has them (knowledge.c, where every optional function of the
 * game is taken). */
void ab_knowledge_take(struct ab_ids *a, const struct tourney_game_api *g, bool ordering,
                       bool knowledge);

/* The hash the table keys positions with: the game's symmetric hash when
 * `symmetry` asks for it and the game has one (*symmetric tells), else its
 * hash; NULL when it has none. */
ab_hash_fn ab_knowledge_hash(const struct tourney_game_api *g, bool symmetry, bool *symmetric);

/* Like ab_root_iteration, for root = bisect (bisect.c): the value by null
 * windows that halve the range it can lie in, then the moves that reach it. */
bool ab_bisect_iteration(struct ab_ids *a, int me, int32_t depth, bool has_guess, int32_t guess);

/* Makes a zeroed instance for an agent named AGENT whose parameters are
 * PARAMS: the search's buffers, the parameters' values checked, the root's
 * choices (instance.c). The caller then sets the switches, then calls
 * ab_take_game. Explains a failure through the host's log; ab_close frees
 * the instance either way. */
int ab_open(struct ab_ids *a, const struct tourney_agent_init *init, const char *agent,
            const struct tourney_param_info *params, size_t param_count);

/* Takes the game's knowledge (with `knowledge`; its order_moves with
 * a->ordering) and hash (its symmetric one with `symmetry`), and makes a
 * table of TT_MB MiB (0: none), compact or wide. */
int ab_take_game(struct ab_ids *a, const struct tourney_game_api *g, bool knowledge, bool symmetry,
                 int64_t tt_mb, bool compact);

/* Frees what ab_open and ab_take_game made; safe on a zeroed instance. */
void ab_close(struct ab_ids *a);

/* How a move is searched deeper and deeper (deepen.c): from depth `first`
 * to `limit`, on the clock when `timed`: the search stops at `stop_ns`, and
 * no iteration begins at or after `last_new_ns`. The first iteration always
 * finishes unless `first_timed` puts it on the clock too. */
struct ab_deepening {
    int32_t first;
    int32_t limit;
    bool timed;
    bool first_timed;
    uint64_t stop_ns;
    uint64_t last_new_ns;
};

/* What the deepening found. */
struct ab_deepened {
    bool finished; /* an iteration finished: a->finished holds its root moves */
    int32_t depth; /* the deepest ply the last finished iteration reached */
    bool settled;  /* its value is exact: proven, or every line reached the end */
    /* The deepest ply any iteration reached, the abandoned one's included:
     * the move's selective depth, at least `depth`. */
    int32_t seldepth;
};

/* Begins a move (search.h's search_begin): the root in the working position,
 * plies_left from the request, the table told of a new move, and the root's
 * moves listed and ordered in search_moves(&a->s, 0). Returns their number or
 * a negative status. */
int ab_move_begin(struct ab_ids *a, const void *state, const struct tourney_move_request *request,
                  const struct tourney_move_report *report);

/* Lists and orders the root's moves again in search_moves(&a->s, 0), which
 * an abandoned search may have left changed; returns their number. */
int ab_root_moves(struct ab_ids *a);

/* The deepest iteration max_depth allows: the game's max_plies for 0. */
int32_t ab_depth_limit(const struct ab_ids *a);

/* Searches the root's `n` moves, in search_moves(&a->s, 0), for `me` by
 * PLAN. The search's node count goes on from where it was. */
struct ab_deepened ab_deepen(struct ab_ids *a, int me, int n, const struct ab_deepening *plan);

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
