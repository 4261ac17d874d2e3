/*
 * agents/ab/node.c - the search below the root: fail-soft alpha-beta negamax
 * with, each when switched on, the game's knowledge of immediate wins and
 * losses, the transposition table, move ordering and null windows.
 *
 * This is where nearly all the time goes, so a switch costs one test of a
 * pointer or a flag here, the game's functions are called only when they
 * help, and nothing is allocated: the move lists live on the search's stack.
 */
#include "ab.h"

/* The score of a win `ply` plies below the root, the distance capped as
 * search_terminal_score caps it. */
static inline int32_t win_at(int32_t ply)
{
    return TOURNEY_SCORE_WIN - (ply < TT_MAX_DISTANCE ? ply : TT_MAX_DISTANCE);
}

/* The value of an ongoing position, `ply` plies below the root and above
 * the horizon, for `mover`, the player to move in it; (lo, hi) is in the
 * mover's terms. */
static int32_t expand(struct ab_ids *a, int mover, int32_t ply, int32_t depth_left, int32_t lo,
                      int32_t hi, bool no_win_now, tourney_move *chosen)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, ply);
    tourney_move hint = -1;
    tourney_move best_move = -1;
    int32_t best = -SEARCH_INF;
    int32_t lo_searched;
    int32_t hi_searched;
    uint64_t key = 0;
    bool cut_outside;
    bool safe_only = false;
    int n = -1;

    /* The table's answer is a cache miss away: ask for it first. */
    if (a->hash != NULL) {
        key = a->hash(s->game, s->state);
        if (a->compact) {
            ttc_prefetch(&a->ttc, key);
        } else {
            tt_prefetch(&a->tt, key);
        }
    }
    if (a->winning_move != NULL) {
        /* The plies the game can still last from here. */
        int32_t left = a->plies_left - ply;
        int32_t ceiling;

        /* A win at once is the best there is: no need to look further.
         * After one of the opponent's safe moves there is none to look for. */
        if (!no_win_now && a->winning_move(s->game, s->state) >= 0) {
            return win_at(ply + 1);
        }
        /* Otherwise the soonest win is with the mover's next move but one,
         * and there is none when the game ends sooner: then a draw at best.
         * (Only where every line below ends before the horizon, so that the
         * search would find the same.) */
        ceiling = win_at(ply + 3);
        if (a->length_bounds && left < 3 && left <= depth_left) {
            ceiling = 0;
        }
        if (hi > ceiling) {
            hi = ceiling;
            if (lo >= hi) {
                return hi;
            }
        }
        /* Moves after which the opponent wins at once are worth exactly a
         * loss two plies on, and every other move is worth more, so only
         * the others are searched. Near the horizon the loss would not be
         * seen by the plain search, so there the value would change. */
        if (a->safe_moves != NULL && depth_left >= 2) {
            int32_t floor;

            n = a->safe_moves(s->game, s->state, moves);
            safe_only = true;
            if (n == 0) {
                return -win_at(ply + 2);
            }
            /* After a safe move the opponent wins four plies on at the
             * soonest, and not at all when the game ends sooner. */
            floor = -win_at(ply + 4);
            if (a->length_bounds && left < 4 && left <= depth_left) {
                floor = 0;
            }
            if (lo < floor) {
                lo = floor;
                if (lo >= hi) {
                    return lo;
                }
            }
        }
    }

    /* The moves are listed and ordered while the table's bucket is on its
     * way: most positions are not answered by the table, and those that are
     * waste little. */
    if (n < 0) {
        n = s->api->legal_moves(s->game, s->state, moves);
    }
    if (a->order_moves != NULL) {
        a->order_moves(s->game, s->state, moves, n);
    }

    if (a->compact) {
        struct ttc_hit h;

        if (ttc_probe(&a->ttc, key, &h)) {
            int32_t v = tt_score_out(h.value, ply);

            if (h.bound == TT_EXACT || (h.bound == TT_LOWER && v >= hi) ||
                (h.bound == TT_UPPER && v <= lo)) {
                return v;
            }
        }
    } else if (a->hash != NULL) {
        const struct tt_entry *e = tt_probe(&a->tt, key);

        if (e != NULL) {
            if (a->ordering) {
                hint = e->move;
            }
            if (tt_deep_enough(e->depth, depth_left)) {
                enum tt_bound bound = tt_entry_bound(e);
                int32_t v = tt_score_out(e->value, ply);

                if (bound == TT_EXACT || (bound == TT_LOWER && v >= hi) ||
                    (bound == TT_UPPER && v <= lo)) {
                    /* A result that stopped at a horizon keeps iterative
                     * deepening going, as the search it stands for would. */
                    if (e->depth != TT_DEPTH_FULL) {
                        s->horizon_hit = true;
                    }
                    return v;
                }
            }
        }
    }

    if (hint >= 0) {
        ab_move_to_front(moves, n, hint);
    }

    /* Whether this subtree met the horizon decides how deep its result is
     * good for; the flag of the search around it is restored after. */
    cut_outside = s->horizon_hit;
    s->horizon_hit = false;
    lo_searched = lo;
    hi_searched = hi;
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        if (i == 0 || !a->null_window || depth_left < 2) {
            value = ab_node(a, mover, ply + 1, depth_left - 1, lo, hi, safe_only);
        } else {
            /* Principal variation search: after the first move, only ask
             * whether a move beats the best so far (a null window, cheap to
             * answer), and search it properly only when it does. Not next to
             * the horizon, where the answer would cost as much as the value. */
            value = ab_node(a, mover, ply + 1, depth_left - 1, lo, lo + 1, safe_only);
            if (value > lo && value < hi && !s->aborted) {
                value = ab_node(a, mover, ply + 1, depth_left - 1, value - 1, hi, safe_only);
            }
        }
        s->api->undo(s->game, s->state, moves[i]);
        if (s->aborted) {
            return 0;
        }
        if (value > best) {
            best = value;
            best_move = moves[i];
            if (best > lo) {
                lo = best;
                if (lo >= hi) {
                    break; /* the player before will not let the game come here */
                }
            }
        }
    }

    if (a->hash != NULL) {
        enum tt_bound bound = best <= lo_searched   ? TT_UPPER
                              : best >= hi_searched ? TT_LOWER
                                                    : TT_EXACT;

        if (!a->compact) {
            tt_store(&a->tt, key, tt_score_in(best, ply), best_move,
                     tt_depth(depth_left, s->horizon_hit), bound);
        } else if (!s->horizon_hit) {
            ttc_store(&a->ttc, key, tt_score_in(best, ply), bound);
        }
    }
    s->horizon_hit = s->horizon_hit || cut_outside;
    if (chosen != NULL) {
        *chosen = best_move;
    }
    return best;
}

int32_t ab_node(struct ab_ids *a, int player, int32_t ply, int32_t depth_left, int32_t alpha,
                int32_t beta, bool after_safe)
{
    struct search *s = &a->s;
    int status;
    int mover;

    search_visit(s, ply);
    if (s->aborted) {
        return 0;
    }
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, player, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, player);
    }
    /* The window and the value turn around only when the turn really
     * passes, which keeps games where a side moves twice right. */
    mover = s->api->to_move(s->game, s->state);
    if (mover == player) {
        return expand(a, mover, ply, depth_left, alpha, beta, false, NULL);
    }
    /* safe_moves promised that the opponent, now to move, cannot win at once. */
    return -expand(a, mover, ply, depth_left, -beta, -alpha, after_safe, NULL);
}

int32_t ab_root_node(struct ab_ids *a, int me, int32_t depth, int32_t lo, int32_t hi,
                     tourney_move *chosen)
{
    *chosen = -1;
    search_visit(&a->s, 0);
    if (a->s.aborted) {
        return 0;
    }
    return expand(a, me, 0, depth, lo, hi, false, chosen);
}
