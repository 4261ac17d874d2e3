#include "id_map.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

void tourney_id_map_init(struct id_map *map)
{
    memset(map, 0, sizeof(*map));
}

void tourney_id_map_finish(struct id_map *map)
{
    free(map->keys);
    free(map->values);
    free(map->used);
    memset(map, 0, sizeof(*map));
}

/* Where KEY is, or the empty slot where it would go. */
static size_t slot(const struct id_map *map, uint64_t key)
{
    size_t mask = map->capacity - 1;
    size_t at = (size_t)tourney_mix64(key) & mask;
    while (map->used[at] && map->keys[at] != key) {
        at = (at + 1) & mask;
    }
    return at;
}

bool tourney_id_map_get(const struct id_map *map, uint64_t key, uint64_t *value)
{
    if (map->count == 0) {
        return false;
    }
    size_t at = slot(map, key);
    if (!map->used[at]) {
        return false;
    }
    *value = map->values[at];
    return true;
}

/* Doubles the table (at least 16 slots), moving every entry. */
static int grow(struct id_map *map)
{
    struct id_map bigger = {.capacity = map->capacity ? map->capacity * 2 : 16};
    bigger.keys = malloc(bigger.capacity * sizeof(*bigger.keys));
    bigger.values = malloc(bigger.capacity * sizeof(*bigger.values));
    bigger.used = calloc(bigger.capacity, sizeof(*bigger.used));
    if (bigger.keys == NULL || bigger.values == NULL || bigger.used == NULL) {
        tourney_id_map_finish(&bigger);
        return -1;
    }
    for (size_t i = 0; i < map->capacity; i++) {
        if (map->used[i]) {
            size_t at = slot(&bigger, map->keys[i]);
            bigger.used[at] = true;
            bigger.keys[at] = map->keys[i];
            bigger.values[at] = map->values[i];
        }
    }
    bigger.count = map->count;
    tourney_id_map_finish(map);
    *map = bigger;
    return 0;
}

int tourney_id_map_put(struct id_map *map, uint64_t key, uint64_t value)
{
    /* At most three quarters full, so that probes stay short. */
    if ((map->count + 1) * 4 > map->capacity * 3 && grow(map) != 0) {
        return -1;
    }
    size_t at = slot(map, key);
    if (!map->used[at]) {
        map->used[at] = true;
        map->keys[at] = key;
        map->count++;
    }
    map->values[at] = value;
    return 0;
}

void tourney_id_map_remove(struct id_map *map, uint64_t key)
{
    if (map->count == 0) {
        return;
    }
    size_t mask = map->capacity - 1;
    size_t hole = slot(map, key);
    if (!map->used[hole]) {
        return;
    }
    map->used[hole] = false;
    map->count--;
    /* Backward shift: an entry after the hole moves into it when the hole
     * lies on its probe path, so that every entry stays findable without
     * tombstones. */
    for (size_t at = (hole + 1) & mask; map->used[at]; at = (at + 1) & mask) {
        size_t home = (size_t)tourney_mix64(map->keys[at]) & mask;
        bool on_path = hole <= at ? home <= hole || home > at : home <= hole && home > at;
        if (on_path) {
            map->keys[hole] = map->keys[at];
            map->values[hole] = map->values[at];
            map->used[hole] = true;
            map->used[at] = false;
            hole = at;
        }
    }
}
