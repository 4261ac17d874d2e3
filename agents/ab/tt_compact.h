/*
 * agents/ab/tt_compact.h - the compact transposition table (table =
 * compact): what a search to the end of the game learned about a position,
 * in 8 bytes, eight to a cache line.
 *
 * It keeps only results that reached the end of every line below them (no
 * horizon on the way): the game's true value, or a bound on it, good for a
 * search of any depth. So an entry needs no depth, and its value is a draw,
 * or a win or a loss some distance from the position, which fits in 14 bits.
 * A depth-limited search finds few such results; the wide table (tt.h) is
 * the one for those.
 *
 * An entry is one 64-bit word:
 *
 *     bits  0-1   the bound (enum tt_bound; 0 for an empty slot)
 *     bits  2-15  the value: 0 a draw, d a win d plies away, 8192 + d a loss
 *     bits 16-63  the key's top 48 bits
 *
 * The bucket, eight entries in one 64-byte line, is chosen by the key's low
 * bits, so a probe costs one cache miss and compares eight words. The
 * bucket and the stored bits together are the whole key (for tables of
 * 2^16 buckets or more, the smallest but for a reservation below 4 MiB): a
 * game whose hash tells positions apart, as connect4's does, never gets
 * another position's result, as with the wide table's full keys.
 *
 * A new result goes in front of its bucket and pushes the others back, the
 * last one out: the oldest result gives way, which is what a table kept
 * from one position to the next wants (results of positions solved before
 * leave first). A result for a position already there replaces it.
 *
 * No move is kept: the game's order_moves puts the likely best move first
 * in the positions a solver visits, and the room goes to the key instead.
 *
 * The memory is reserved at once and the table starts at 2^16 buckets (4
 * MiB, two huge pages; all of it when less is reserved), doubling within
 * the reservation when one search has stored as many results as half its
 * slots: a table kept from one position to the next grows to the largest
 * search, not to the number of positions, whose old results the oldest-out
 * order clears anyway. (The system zeroes the memory as it is first
 * touched, which a short search must not pay for a table it does not need.)
 * Doubling splits every bucket by the next key bit, which the entries hold
 * from there on.
 */
#ifndef TOURNEY_AGENTS_AB_TT_COMPACT_H
#define TOURNEY_AGENTS_AB_TT_COMPACT_H

#include <stdbool.h>
#include <stdint.h>

#include "tt.h"

#define TTC_WAYS 8
#define TTC_KEY_SHIFT 16
#define TTC_LOSS 8192
/* The farthest win or loss an entry can hold. */
#define TTC_MAX_DISTANCE (TTC_LOSS - 1)

struct ttc_bucket {
    uint64_t slot[TTC_WAYS];
};

struct ttc {
    struct ttc_bucket *buckets; /* NULL when the table is off */
    uint64_t mask;              /* buckets in use - 1 */
    uint64_t max_mask;          /* buckets reserved - 1 */
    uint64_t stored;            /* results stored by this search since the last doubling */
    struct tt_growth growth;    /* whether it may double now (tt.h) */
    void *mapping;
    size_t mapped;
};

/* What a probe found. */
struct ttc_hit {
    int32_t value; /* from the position itself, as tt_score_in gives it */
    enum tt_bound bound;
};

/* Reserves the largest power-of-two number of buckets that fits in `mb`
 * mebibytes (at least one). Returns TOURNEY_OK or TOURNEY_ERR_NOMEM. */
int ttc_init(struct ttc *t, int64_t mb);

/* Frees the table; safe on a zeroed struct. */
void ttc_finish(struct ttc *t);

/* Doubles the buckets in use; only when mask < max_mask. */
void ttc_grow(struct ttc *t);

/* Starts a new search: only what it stores counts towards doubling. */
static inline void ttc_new_search(struct ttc *t)
{
    t->stored = 0;
}

static inline void ttc_prefetch(const struct ttc *t, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&t->buckets[key & t->mask]);
#else
    (void)t;
    (void)key;
#endif
}

/* Whether the table holds a result for `key`; fills *hit when it does. */
static inline bool ttc_probe(const struct ttc *t, uint64_t key, struct ttc_hit *hit)
{
    const struct ttc_bucket *b = &t->buckets[key & t->mask];
    uint64_t top = key >> TTC_KEY_SHIFT;

    for (int i = 0; i < TTC_WAYS; i++) {
        uint64_t e = b->slot[i];

        if ((e >> TTC_KEY_SHIFT) == top && (e & 3) != TT_EMPTY) {
            uint32_t code = (uint32_t)(e >> 2) & 0x3fff;

            hit->bound = (enum tt_bound)(e & 3);
            if (code == 0) {
                hit->value = 0;
            } else if (code < TTC_LOSS) {
                hit->value = TOURNEY_SCORE_WIN - (int32_t)code;
            } else {
                hit->value = -(TOURNEY_SCORE_WIN - (int32_t)(code - TTC_LOSS));
            }
            return true;
        }
    }
    return false;
}

/* Records a result (`value` from the position itself, tt_score_in). A
 * value that is not a draw or a win or loss within TTC_MAX_DISTANCE plies
 * (a heuristic one, which only a horizon gives) is not kept. */
static inline void ttc_store(struct ttc *t, uint64_t key, int32_t value, enum tt_bound bound)
{
    struct ttc_bucket *b = &t->buckets[key & t->mask];
    uint64_t top = key >> TTC_KEY_SHIFT;
    uint64_t code;
    int last = TTC_WAYS - 1;

    if (value == 0) {
        code = 0;
    } else if (value >= TOURNEY_SCORE_WIN - TTC_MAX_DISTANCE) {
        code = (uint64_t)(TOURNEY_SCORE_WIN - value);
    } else if (value <= -(TOURNEY_SCORE_WIN - TTC_MAX_DISTANCE)) {
        code = (uint64_t)(TOURNEY_SCORE_WIN + value) + TTC_LOSS;
    } else {
        return;
    }
    /* The slot to free: this position's, else the last. */
    for (int i = 0; i < TTC_WAYS - 1; i++) {
        if ((b->slot[i] >> TTC_KEY_SHIFT) == top) {
            last = i;
            break;
        }
    }
    for (int i = last; i > 0; i--) {
        b->slot[i] = b->slot[i - 1];
    }
    b->slot[0] = top << TTC_KEY_SHIFT | code << 2 | (uint64_t)bound;
    if (++t->stored > (t->mask + 1) * (TTC_WAYS / 2) && t->mask < t->max_mask &&
        !t->growth.waits &&
        tt_growth_allowed(&t->growth, (t->mask + 1) * sizeof(struct ttc_bucket))) {
        ttc_grow(t);
    }
}

#endif /* TOURNEY_AGENTS_AB_TT_COMPACT_H */
