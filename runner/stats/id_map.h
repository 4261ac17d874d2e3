/*
 * id_map.h - a hash map from 64-bit keys to 64-bit values (open addressing
 * with linear probing), for what the statistics keep per pair of agents or
 * per pair of games: only what was seen takes memory, so a field of a
 * thousand agents that played a thousand pairs keeps a thousand entries,
 * not a million.
 */
#ifndef TOURNEY_RUNNER_ID_MAP_H
#define TOURNEY_RUNNER_ID_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct id_map {
    uint64_t *keys;
    uint64_t *values;
    bool *used;
    size_t capacity; /* a power of two, or 0 before the first entry */
    size_t count;
};

void tourney_id_map_init(struct id_map *map);
void tourney_id_map_finish(struct id_map *map);

/* The value of KEY in *VALUE; false when KEY has none. */
bool tourney_id_map_get(const struct id_map *map, uint64_t key, uint64_t *value);
/* Sets KEY's value. Returns -1 when out of memory (the map unchanged). */
int tourney_id_map_put(struct id_map *map, uint64_t key, uint64_t value);
/* Removes KEY, if it is there. */
void tourney_id_map_remove(struct id_map *map, uint64_t key);

/* The key of agents A and B, whichever order they are given in. */
static inline uint64_t tourney_id_pair_key(uint32_t a, uint32_t b)
{
    return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
}

#endif /* TOURNEY_RUNNER_ID_MAP_H */
