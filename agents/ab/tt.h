/*
 * agents/ab/tt.h - the transposition table of negamax-ab-ids: what the
 * search learned about a position, found again when the position comes back
 * by another order of moves, in a later iteration or in a later move.
 *
 * Buckets of two 16-byte entries (two buckets a cache line): the first entry
 * keeps the deepest result (depth-preferred), the second takes whatever the
 * first turns away (always-replace), so that a deep result survives the many
 * shallow ones and a shallow one still finds a place.
 *
 * Win and loss scores depend on the distance from the root, which differs
 * from one visit of a position to the next. The table stores them from the
 * position itself (tt_score_in) and turns them back at the ply of the visit
 * (tt_score_out), so an entry means the same from any root: the table is kept
 * from one move to the next.
 *
 * The memory for the whole table is reserved when it is created, but the
 * table starts small and doubles, within that memory, whenever it is half
 * full (on the clock, when there is time for it: struct tt_growth): a short
 * search touches (and the system zeroes) only the memory it needs, a long
 * one grows it to the full size. Doubling moves each entry
 * either nowhere or to the same place in the new half, so it is one pass.
 *
 * Probe and store are inline: they run at every node.
 */
#ifndef TOURNEY_AGENTS_AB_TT_H
#define TOURNEY_AGENTS_AB_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "../common/search.h"

/* What an entry's value says about the position's value. */
enum tt_bound {
    TT_EMPTY = 0, /* a free slot */
    TT_UPPER = 1, /* value >= the true value (the search failed low) */
    TT_LOWER = 2, /* value <= the true value (it failed high) */
    TT_EXACT = 3,
};

/* The depth of a result whose search reached the end of every line below it:
 * the game's true value, good for a search of any depth. */
#define TT_DEPTH_FULL 255
/* Deeper results are stored as this deep: less than they are worth, never more. */
#define TT_DEPTH_MAX 254

/* Moves that do not fit the entry are stored as none. */
#define TT_MOVE_NONE (-1)

struct tt_entry {
    uint64_t key;  /* the game's hash of the position */
    int32_t value; /* from the position itself, see tt_score_in */
    int16_t move;  /* the best move found, or TT_MOVE_NONE */
    uint8_t depth; /* plies searched below, or TT_DEPTH_FULL */
    uint8_t meta;  /* enum tt_bound in bits 0-1, the move's age in bits 2-7 */
};

struct tt_bucket {
    struct tt_entry deep;   /* depth-preferred */
    struct tt_entry recent; /* always-replace */
};

/*
 * When a table may double in a move on the clock. Doubling is one pass that
 * moves half the entries and touches the new half's memory, which the system
 * zeroes (and, for huge pages, may first compact): no clock is read meanwhile.
 * Doubling a 16 MiB table to its full size took 21 ms and more, and made
 * negamax-ab-ids's third move of a game take 113 to 116 ms of a 100 ms budget
 * (bench/over-budget.sh). So a table on the clock doubles only when the time
 * left before the move's stop is at least TT_GROW_NS_PER_BYTE for each byte
 * the doubling adds (four times the 2.5 ns it took); else not before the next
 * move, when it asks again. Untimed searches double as soon as they are due.
 */
#define TT_GROW_NS_PER_BYTE UINT64_C(10)

struct tt_growth {
    const struct search *clock; /* whose host's clock to read */
    uint64_t stop_ns;           /* this move's stop; 0: untimed, double at once */
    bool waits;                 /* refused in this move: ask again in the next */
};

/* A new move for GROWTH: on CLOCK's host, stopping at STOP_NS (0: untimed). */
static inline void tt_growth_new_move(struct tt_growth *growth, const struct search *clock,
                                      uint64_t stop_ns)
{
    growth->clock = clock;
    growth->stop_ns = stop_ns;
    growth->waits = false;
}

/* Whether a doubling that adds ADDED_BYTES may happen now; when it may not,
 * GROWTH waits for the next move. */
bool tt_growth_allowed(struct tt_growth *growth, uint64_t added_bytes);

struct tt {
    struct tt_bucket *buckets; /* NULL when the table is off */
    uint64_t mask;             /* buckets in use - 1, a power of two less one */
    uint64_t max_mask;         /* buckets reserved - 1 */
    uint64_t used;             /* entries held */
    uint8_t age;               /* bits 2-7 of meta for this move's entries */
    struct tt_growth growth;   /* whether it may double now */
    void *mapping;             /* the memory to free, around the buckets */
    size_t mapped;
};

/* The size of a huge page on x86-64 and arm64 Linux. */
#define TT_HUGE_PAGE ((size_t)2 << 20)

/* `size` bytes of zeroed memory for a table, in huge pages where the system
 * offers them, aligned to one; *mapping and *mapped are what to free with
 * tt_free_pages. NULL when there is no memory. */
void *tt_zeroed_pages(size_t size, void **mapping, size_t *mapped);
void tt_free_pages(void *mapping, size_t mapped);

/* The largest power-of-two number of `bucket_size`-byte buckets that fits
 * in `mb` mebibytes (at least one), in *count, reserved with
 * tt_zeroed_pages; NULL when there is no memory. */
void *tt_reserve(int64_t mb, size_t bucket_size, uint64_t *count, void **mapping, size_t *mapped);

/* Allocates the largest power-of-two number of buckets that fits in `mb`
 * mebibytes (at least one). Returns TOURNEY_OK or TOURNEY_ERR_NOMEM. */
int tt_init(struct tt *tt, int64_t mb);

/* Frees the table; safe on a zeroed struct. */
void tt_finish(struct tt *tt);

/* Doubles the buckets in use; only when mask < max_mask. */
void tt_grow(struct tt *tt);

/* Starts a new move: entries from earlier moves stay valid but give way in
 * the depth-preferred slot, so that old deep results cannot fill it. */
static inline void tt_new_move(struct tt *tt)
{
    tt->age = (uint8_t)((tt->age + 4) & 0xfc);
}

/* Distances in win scores stop at this many plies (search.c caps them the
 * same way): a win however far away still counts as proven. */
#define TT_MAX_DISTANCE (TOURNEY_SCORE_WIN - TOURNEY_SCORE_PROVEN - 1)

/* A score `ply` plies below the root, as seen from the position itself. */
static inline int32_t tt_score_in(int32_t score, int32_t ply)
{
    if (score >= TOURNEY_SCORE_PROVEN) {
        return score + ply;
    }
    if (score <= -TOURNEY_SCORE_PROVEN) {
        return score - ply;
    }
    return score;
}

/* A stored score turned back into one `ply` plies below the root, the
 * distance capped as search_terminal_score caps it. */
static inline int32_t tt_score_out(int32_t stored, int32_t ply)
{
    int32_t distance;

    if (stored >= TOURNEY_SCORE_PROVEN) {
        distance = TOURNEY_SCORE_WIN - stored + ply;
        return TOURNEY_SCORE_WIN - (distance < TT_MAX_DISTANCE ? distance : TT_MAX_DISTANCE);
    }
    if (stored <= -TOURNEY_SCORE_PROVEN) {
        distance = TOURNEY_SCORE_WIN + stored + ply;
        return -(TOURNEY_SCORE_WIN - (distance < TT_MAX_DISTANCE ? distance : TT_MAX_DISTANCE));
    }
    return stored;
}

/* Starts loading the bucket of `key` into the cache, so that the wait for
 * memory overlaps the work done before the probe. */
static inline void tt_prefetch(const struct tt *tt, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&tt->buckets[key & tt->mask]);
#else
    (void)tt;
    (void)key;
#endif
}

/* The entry for `key`, or NULL. */
static inline const struct tt_entry *tt_probe(const struct tt *tt, uint64_t key)
{
    const struct tt_bucket *b = &tt->buckets[key & tt->mask];

    if (b->deep.key == key && b->deep.meta != TT_EMPTY) {
        return &b->deep;
    }
    if (b->recent.key == key && b->recent.meta != TT_EMPTY) {
        return &b->recent;
    }
    return NULL;
}

/* The depth an entry records for a search `depth_left` plies deep that
 * reached the horizon (`cut`) or the end of every line (!cut). */
static inline uint8_t tt_depth(int32_t depth_left, bool cut)
{
    if (!cut) {
        return TT_DEPTH_FULL;
    }
    return (uint8_t)(depth_left < TT_DEPTH_MAX ? depth_left : TT_DEPTH_MAX);
}

/* Whether an entry of depth `stored` answers a search `depth_left` deep. */
static inline bool tt_deep_enough(uint8_t stored, int32_t depth_left)
{
    return stored == TT_DEPTH_FULL || (int32_t)stored >= depth_left;
}

static inline enum tt_bound tt_entry_bound(const struct tt_entry *e)
{
    return (enum tt_bound)(e->meta & 3);
}

/* Records a result. A deep result, a result for the same position, or any
 * result when the slot holds one from an earlier move takes the
 * depth-preferred slot, whose former result moves to the other; anything else
 * takes the other. The table grows when it holds as many entries as it has
 * buckets. */
static inline void tt_store(struct tt *tt, uint64_t key, int32_t value, tourney_move move,
                            uint8_t depth, enum tt_bound bound)
{
    struct tt_bucket *b = &tt->buckets[key & tt->mask];
    struct tt_entry e = {
        .key = key,
        .value = value,
        .move = (int16_t)(move >= 0 && move <= INT16_MAX ? move : TT_MOVE_NONE),
        .depth = depth,
        .meta = (uint8_t)(tt->age | (uint8_t)bound),
    };

    if (b->deep.meta == TT_EMPTY || b->deep.key == key || depth >= b->deep.depth ||
        (b->deep.meta & 0xfc) != tt->age) {
        if (b->deep.meta == TT_EMPTY) {
            tt->used++;
        } else if (b->deep.key != key) {
            tt->used += b->recent.meta == TT_EMPTY;
            b->recent = b->deep;
        }
        b->deep = e;
    } else {
        tt->used += b->recent.meta == TT_EMPTY;
        b->recent = e;
    }
    if (tt->used > tt->mask && tt->mask < tt->max_mask && !tt->growth.waits &&
        tt_growth_allowed(&tt->growth, (tt->mask + 1) * sizeof(struct tt_bucket))) {
        tt_grow(tt);
    }
}

#endif /* TOURNEY_AGENTS_AB_TT_H */
