/*
 * value_cache.h - the exact values of positions, shared by a whole
 * analysis: the positions of a tournament's games repeat (openings, moves
 * transposed), and each is solved once. Keyed by the position's state
 * bytes, which the game's contract makes the same for the same position
 * (tourney/game.h); a game's symmetries are not used, as a game offers only
 * a symmetric hash, not a canonical state, and a hash's collision would
 * give a position another's value.
 *
 * The table grows only while the positions are gathered, one thread at a
 * time; the solvers then each write the entries they were dealt, and no two
 * write the same (analysis.c), so it needs no lock.
 */
#ifndef TOURNEY_RUNNER_VALUE_CACHE_H
#define TOURNEY_RUNNER_VALUE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "exact_value.h"

/* What the table knows of a position. */
struct cache_entry {
    struct exact_value value; /* for the player to move */
    uint64_t budget;          /* for an unknown value, the budget that did not suffice */
    int32_t ply;              /* plies from the start, where known; else 0 */
    bool solved;              /* value holds a result (of a search or a file) */
};

struct value_cache {
    size_t state_size;
    unsigned char *keys; /* state_size bytes per entry, in the entries' order */
    struct cache_entry *entries;
    size_t count;
    size_t capacity;
    uint32_t *slots; /* open addressing: an entry's index + 1, 0 for free */
    size_t slot_mask;
};

/* The largest number of positions a table holds. */
#define VALUE_CACHE_MAX_ENTRIES (UINT32_MAX / 4)

int tourney_value_cache_init(struct value_cache *cache, size_t state_size, struct error *err);
void tourney_value_cache_finish(struct value_cache *cache);

/* The entry of STATE into *INDEX, added (unsolved) when it is not there.
 * Returns 1 when it was there, 0 when added, -1 with ERR set when out of
 * room. */
int tourney_value_cache_find_or_add(struct value_cache *cache, const void *state, size_t *index,
                                    struct error *err);

/* The state bytes of entry INDEX. */
static inline const unsigned char *tourney_value_cache_key(const struct value_cache *cache,
                                                           size_t index)
{
    return cache->keys + index * cache->state_size;
}

#endif /* TOURNEY_RUNNER_VALUE_CACHE_H */
