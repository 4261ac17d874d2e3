/*
 * agents/ab/deepen.c - a move of the alpha-beta search: the root set up
 * (ab_move_begin) and searched deeper and deeper within a plan (ab_deepen).
 * negamax-ab-ids plays one plan a move; perfect two: one search to the end
 * of the game, and iterative deepening when that did not finish in time.
 */
#include <stdlib.h>

#include "ab.h"

int ab_root_moves(struct ab_ids *a)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    int n = s->api->legal_moves(s->game, s->state, moves);

    if (a->order_moves != NULL && n > 0) {
        a->order_moves(s->game, s->state, moves, n);
    }
    return n;
}

int ab_move_begin(struct ab_ids *a, const void *state, const struct tourney_move_request *request,
                  const struct tourney_move_report *report)
{
    struct search *s = &a->s;
    int n = search_begin(s, state, request, report);

    if (n < 0) {
        return n;
    }
    /* No game outlasts max_plies: what is left of it bounds a win's distance
     * (bisect.c, length_bounds). A request's ply that makes no sense is
     * taken as 0, and a game that states no length bounds nothing. */
    a->plies_left = s->info.max_plies - request->ply;
    if (a->plies_left < 1 || request->ply < 0) {
        a->plies_left = s->info.max_plies > 0 ? s->info.max_plies : SEARCH_MAX_DEPTH;
    }
    if (a->compact) {
        ttc_new_search(&a->ttc);
    } else if (a->hash != NULL) {
        tt_new_move(&a->tt);
    }
    if (a->order_moves != NULL) {
        a->order_moves(s->game, s->state, search_moves(s, 0), n);
    }
    return n;
}

int32_t ab_depth_limit(const struct ab_ids *a)
{
    /* No game outlasts max_plies, so no search needs to look further. */
    if (a->max_depth == INT32_MAX) {
        return a->s.info.max_plies > 0 ? a->s.info.max_plies : 1;
    }
    return a->max_depth;
}

struct ab_deepened ab_deepen(struct ab_ids *a, int me, int n, const struct ab_deepening *plan)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    struct ab_deepened done = {false, 0, false, 0};
    struct root_choice swap;

    s->aborted = false;
    s->timed = false;
    s->deadline_ns = plan->stop_ns;
    for (int32_t depth = plan->first; depth <= plan->limit; depth++) {
        if (depth > plan->first || plan->first_timed) {
            /* Without first_timed the first iteration always finishes, so
             * there is a move; no other begins after last_new_ns. */
            if (plan->timed && s->host->now_ns(s->host_context) >= plan->last_new_ns) {
                break;
            }
            s->timed = plan->timed;
        }
        /* The best move of the last iteration is likely the best of this
         * one, and searched first it narrows the window for the rest. */
        if (a->ordering && done.finished) {
            ab_move_to_front(moves, n, a->finished.ties[0]);
        }
        s->max_ply = 0;
        s->horizon_hit = false;
        bool finished = a->bisect
                            ? ab_bisect_iteration(a, me, depth, done.finished, a->finished.best)
                            : ab_root_iteration(a, me, n, depth, done.finished, a->finished.best);
        if (s->max_ply > done.seldepth) {
            done.seldepth = s->max_ply;
        }
        if (!finished) {
            break;
        }
        swap = a->finished;
        a->finished = a->current;
        a->current = swap;
        done.finished = true;
        done.depth = s->max_ply;
        /* A proven result cannot change with depth, and neither can a
         * search that reached the end of every line. */
        done.settled = abs(a->finished.best) >= TOURNEY_SCORE_PROVEN || !s->horizon_hit;
        if (done.settled) {
            break;
        }
    }
    return done;
}
