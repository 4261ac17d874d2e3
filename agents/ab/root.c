/*
 * agents/ab/root.c - one iteration at the root: every root move gets a window
 * chosen so that the moves worth choosing come back with exact values, and
 * the others only need to be shown worse.
 *
 * The window of a move decides which ties can be seen. Against the best
 * value so far, `best`, a move is searched with (best, +inf): one that only
 * equals it fails low and is passed over. That is right for "lowest" when
 * the moves come in ascending order, since the first found is the lowest;
 * when move ordering puts a higher move first, a lower move that may tie it
 * is searched with (best - 1, +inf) instead: scores are integers, so a value
 * equal to the best lies inside that window and comes back exact, while a
 * worse one fails low. "random" needs every tie, so every move gets
 * (best - 1, +inf); "any" needs none, so every move gets (best, +inf). With
 * the switches off this is the textbook alpha-beta, whose node counts the
 * tests check.
 *
 * Null windows (window = null): after the first move, a move is first asked
 * only whether it beats alpha, with (alpha, alpha + 1), and searched for its
 * exact value only when it does.
 *
 * Knowledge: when the player to move can win at once, every root move is
 * searched with alpha just below a win in one, so that the other moves fail
 * low at their first node.
 *
 * Aspiration windows (window = aspiration): an iteration after the first
 * expects the value near the previous iteration's and searches in
 * (guess - AB_ASPIRATION_DELTA, guess + AB_ASPIRATION_DELTA) only. A move that
 * comes back above it is searched again above; when every move comes back
 * below it, the iteration is searched again with no lower limit.
 */
#include "ab.h"

/* Half the width of an aspiration window, in score units. For the m,n,k
 * evaluation it spans a few open lines of two; it only matters for speed. */
#define AB_ASPIRATION_DELTA 50

/* The lowest move among those sharing the best value. */
static tourney_move lowest_tie(const struct root_choice *c)
{
    tourney_move lowest = c->ties[0];

    for (int i = 1; i < c->count; i++) {
        if (c->ties[i] < lowest) {
            lowest = c->ties[i];
        }
    }
    return lowest;
}

/* The value of the root move just played, for `me`: exact when it is above
 * alpha, else anything at most alpha. `beta` is the top of the window, the
 * aspiration window's top or +inf. */
static int32_t root_move_value(struct ab_ids *a, int me, int32_t depth, int32_t alpha,
                               int32_t beta, bool null_first)
{
    struct search *s = &a->s;
    int32_t lo = alpha;
    int32_t hi = null_first ? alpha + 1 : beta;
    bool retried = false;

    for (;;) {
        int32_t value = ab_node(a, me, 1, depth - 1, lo, hi, false);

        if (s->aborted || (value > lo && value < hi)) {
            return value;
        }
        if (value <= lo) {
            if (lo == alpha || retried) {
                return value;
            }
            /* It failed high, then low: results stored by searches of other
             * depths disagree. Once more with the move's own window, and
             * that answer stands. */
            retried = true;
            lo = alpha;
            hi = SEARCH_INF;
            continue;
        }
        /* At least `value`: look for the exact value above it. */
        lo = value - 1;
        hi = beta > value ? beta : SEARCH_INF;
    }
}

bool ab_root_iteration(struct ab_ids *a, int me, int n, int32_t depth, bool has_guess,
                       int32_t guess)
{
    struct search *s = &a->s;
    struct root_choice *choice = &a->current;
    tourney_move *moves = search_moves(s, 0);
    int32_t floor = -SEARCH_INF;
    int32_t ceiling = SEARCH_INF;
    /* Next to the horizon a null window costs as much as the value. */
    bool null_windows = a->null_window && depth >= 2;

    if (a->aspiration && has_guess && depth >= 2 && guess > -TOURNEY_SCORE_PROVEN &&
        guess < TOURNEY_SCORE_PROVEN) {
        floor = guess - AB_ASPIRATION_DELTA;
        ceiling = guess + AB_ASPIRATION_DELTA;
    }
    /* With a win at once, the other moves need only be shown worse. */
    if (a->winning_move != NULL && a->winning_move(s->game, s->state) >= 0) {
        floor = TOURNEY_SCORE_WIN - 2;
    }
    for (;;) {
        search_visit(s, 0);
        root_choice_reset(choice);
        for (int i = 0; i < n; i++) {
            int32_t alpha = choice->best;
            int32_t beta;
            int32_t value;

            if (a->tie_break == TIE_BREAK_RANDOM ||
                (a->tie_break == TIE_BREAK_LOWEST && choice->count > 0 &&
                 moves[i] < lowest_tie(choice))) {
                alpha = choice->best - 1;
            }
            if (alpha < floor) {
                alpha = floor;
            }
            beta = ceiling > alpha + 1 ? ceiling : SEARCH_INF;
            s->api->apply(s->game, s->state, moves[i]);
            value = root_move_value(a, me, depth, alpha, beta, null_windows && i > 0);
            s->api->undo(s->game, s->state, moves[i]);
            if (s->aborted) {
                return false;
            }
            if (value > alpha) {
                root_choice_offer(choice, moves[i], value);
            }
        }
        /* Moves below the floor were only shown to be below it, which is
         * enough once a move is known to be above it. */
        if (floor == -SEARCH_INF || (choice->count > 0 && choice->best > floor)) {
            return true;
        }
        floor = -SEARCH_INF;
        ceiling = SEARCH_INF;
    }
}
