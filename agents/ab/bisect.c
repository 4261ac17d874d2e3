/*
 * agents/ab/bisect.c - root = bisect: the root's value found by null windows
 * alone, each asking only whether the value is above a threshold, the range
 * it can lie in halved by every answer (as Pascal Pons's Connect Four solver
 * and MTD(f) do), and then the moves that reach it.
 *
 * A null window is far cheaper than a full one: a position need only be
 * shown better or worse than the threshold, and one good move is enough for
 * the first. So where one side wins quickly, asking "is it a quick win?" and
 * "is it a quick loss?" settles most of the range at the price of a shallow
 * search, since a win cannot come sooner than the knowledge allows and the
 * window is cut there; a full window would have the first root move's value
 * worked out exactly before anything is known.
 *
 * The thresholds are chosen on a scale of distances: a win d plies away
 * ranks plies_left + 1 - d, a loss the negation, a draw or a heuristic value
 * 0. Halving that scale, and going first towards the ends of the range, is
 * Pons's choice: the quick results, cheap to prove or refute, are asked
 * about first. Inside the heuristic values (a depth-limited search) the
 * threshold follows the last answer, as MTD(f) does, starting from the
 * previous iteration's value.
 *
 * Every threshold lies inside the range still open and every answer (a
 * fail-soft bound) narrows it, so the loop ends whatever the values are; the
 * scale only decides how fast.
 */
#include "ab.h"

/*
 * The scale of distances. Without the game's knowledge every distance can
 * be a win or a loss. With it the turn passes after every move (the
 * knowledge assumes so), so the player to move at the root wins an odd
 * number of plies away and loses an even number: one step of the scale is
 * then two plies, and every step a value that can occur.
 */
struct scale {
    int32_t win;  /* the furthest win that can occur */
    int32_t loss; /* the furthest loss */
    int32_t step; /* plies per step */
};

static struct scale scale_of(const struct ab_ids *a)
{
    struct scale sc = {a->plies_left, a->plies_left, 1};

    if (a->winning_move != NULL) {
        sc.step = 2;
        sc.win -= (sc.win % 2 == 0);
        sc.loss -= (sc.loss % 2 == 1);
        if (sc.win < 1) {
            sc.win = 1;
        }
        if (sc.loss < 2) {
            sc.loss = 2;
        }
    }
    return sc;
}

/* Where a value lies on the scale: the furthest win ranks 1, each step
 * sooner one more; losses likewise below 0; a draw or a heuristic value 0. */
static int32_t rank_of(const struct scale *sc, int32_t value)
{
    int32_t rank;

    if (value >= TOURNEY_SCORE_PROVEN) {
        rank = (sc->win - (TOURNEY_SCORE_WIN - value)) / sc->step + 1;
        return rank > 1 ? rank : 1;
    }
    if (value <= -TOURNEY_SCORE_PROVEN) {
        rank = (sc->loss - (TOURNEY_SCORE_WIN + value)) / sc->step + 1;
        return rank > 1 ? -rank : -1;
    }
    return 0;
}

/* The threshold t for which "value > t" means "rank above `rank`", for the
 * values that can occur. */
static int32_t threshold_of(const struct scale *sc, int32_t rank)
{
    if (rank > 0) {
        /* Sooner than the win of that rank. */
        return TOURNEY_SCORE_WIN - (sc->win - (rank - 1) * sc->step);
    }
    if (rank < 0) {
        /* Not a loss of that rank or sooner. */
        return -(TOURNEY_SCORE_WIN - (sc->loss + (rank + 1) * sc->step));
    }
    return 0;
}

/* The next threshold in [lo, hi - 1]; `follow` is where MTD(f) would ask
 * next, for ranges inside the heuristic values. */
static int32_t next_threshold(const struct scale *sc, int32_t lo, int32_t hi, int32_t follow)
{
    int32_t rank_lo = rank_of(sc, lo);
    int32_t rank_hi = rank_of(sc, hi);
    int32_t t = follow;

    if (rank_lo != rank_hi) {
        int32_t mid = rank_lo + (rank_hi - rank_lo) / 2;

        /* Halfway between the middle and the end of the range on its side:
         * the quick results first. */
        if (mid <= 0 && rank_lo / 2 < mid) {
            mid = rank_lo / 2;
        } else if (mid >= 0 && rank_hi / 2 > mid) {
            mid = rank_hi / 2;
        }
        t = threshold_of(sc, mid);
    }
    if (t < lo) {
        t = lo;
    }
    if (t > hi - 1) {
        t = hi - 1;
    }
    return t;
}

/* Offers the root moves that win at once. */
static void offer_wins_at_once(struct ab_ids *a, int me, int n)
{
    struct search *s = &a->s;
    const tourney_move *moves = search_moves(s, 0);
    int win = me == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;

    for (int i = 0; i < n; i++) {
        bool wins;

        s->api->apply(s->game, s->state, moves[i]);
        search_visit(s, 1);
        wins = s->api->status(s->game, s->state) == win;
        s->api->undo(s->game, s->state, moves[i]);
        if (wins) {
            root_choice_offer(&a->current, moves[i], TOURNEY_SCORE_WIN - 1);
            if (a->tie_break != TIE_BREAK_RANDOM) {
                return;
            }
        }
    }
}

/* Offers the root moves worth `value`, the root's value: with "lowest" the
 * lowest of them, tried in ascending order, with "random" all, with "any"
 * `known`, a move already shown to reach it (or, when there is none, the
 * lowest). Returns false when abandoned. */
static bool offer_best_moves(struct ab_ids *a, int me, int32_t depth, int32_t value,
                             tourney_move known)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, 0);
    /* The probes listed their own moves here: list the root's again. */
    int n = s->api->legal_moves(s->game, s->state, moves);

    if (a->tie_break == AB_TIE_BREAK_ANY && known >= 0) {
        root_choice_offer(&a->current, known, value);
        return true;
    }
    for (int i = 0; i < n; i++) {
        bool reaches = moves[i] == known;

        if (!reaches) {
            int32_t v;

            s->api->apply(s->game, s->state, moves[i]);
            v = ab_node(a, me, 1, depth - 1, value - 1, value, false);
            s->api->undo(s->game, s->state, moves[i]);
            if (s->aborted) {
                return false;
            }
            reaches = v >= value;
        }
        if (reaches) {
            root_choice_offer(&a->current, moves[i], value);
            if (a->tie_break != TIE_BREAK_RANDOM) {
                return true;
            }
        }
    }
    /* Results of other depths kept in the table can disagree with this
     * search; the move that gave the value stands then. */
    if (a->current.count == 0) {
        root_choice_offer(&a->current, known >= 0 ? known : moves[0], value);
    }
    return true;
}

bool ab_bisect_iteration(struct ab_ids *a, int me, int32_t depth, bool has_guess, int32_t guess)
{
    struct search *s = &a->s;
    int32_t lo = -(TOURNEY_SCORE_WIN - 1);
    int32_t hi = TOURNEY_SCORE_WIN - 1;
    int32_t follow = has_guess ? guess : 0;
    tourney_move known = -1;
    int32_t known_value = -SEARCH_INF;
    struct scale sc = scale_of(a);

    root_choice_reset(&a->current);
    if (a->winning_move != NULL) {
        if (a->winning_move(s->game, s->state) >= 0) {
            int n = s->api->legal_moves(s->game, s->state, search_moves(s, 0));

            search_visit(s, 0);
            offer_wins_at_once(a, me, n);
            return true;
        }
        /* The soonest win is then the mover's next move but one, and the
         * soonest loss the opponent's next move. */
        hi = TOURNEY_SCORE_WIN - 3;
        lo = -(TOURNEY_SCORE_WIN - 2);
    }
    while (lo < hi) {
        int32_t t = next_threshold(&sc, lo, hi, follow);
        tourney_move chosen;
        int32_t r = ab_root_node(a, me, depth, t, t + 1, &chosen);

        if (s->aborted) {
            return false;
        }
        /* Clamped: results of other depths kept in the table may stray
         * outside what earlier answers showed. */
        if (r > t) {
            lo = r < hi ? r : hi;
            follow = lo;
            if (chosen >= 0) {
                known = chosen;
                known_value = lo;
            }
        } else {
            hi = r > lo ? r : lo;
            follow = hi - 1;
        }
    }
    return offer_best_moves(a, me, depth, lo, known_value >= lo ? known : -1);
}
