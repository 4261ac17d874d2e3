#include "value_cache.h"

#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

/* Slots are kept at most half full, so that a probe stays short. */
#define INITIAL_SLOTS 1024

int tourney_value_cache_init(struct value_cache *cache, size_t state_size, struct error *err)
{
    memset(cache, 0, sizeof(*cache));
    cache->state_size = state_size;
    cache->slots = calloc(INITIAL_SLOTS, sizeof(*cache->slots));
    if (cache->slots == NULL) {
        return tourney_error_nomem(err);
    }
    cache->slot_mask = INITIAL_SLOTS - 1;
    return 0;
}

void tourney_value_cache_finish(struct value_cache *cache)
{
    free(cache->keys);
    free(cache->entries);
    free(cache->slots);
    memset(cache, 0, sizeof(*cache));
}

static size_t slot_of(const struct value_cache *cache, const void *state)
{
    return (size_t)XXH3_64bits(state, cache->state_size) & cache->slot_mask;
}

/* Doubles the slots and puts every entry back. */
static int grow_slots(struct value_cache *cache, struct error *err)
{
    size_t slot_count = (cache->slot_mask + 1) * 2;
    uint32_t *slots = calloc(slot_count, sizeof(*slots));

    if (slots == NULL) {
        return tourney_error_nomem(err);
    }
    free(cache->slots);
    cache->slots = slots;
    cache->slot_mask = slot_count - 1;
    for (size_t i = 0; i < cache->count; i++) {
        size_t s = slot_of(cache, tourney_value_cache_key(cache, i));
        while (cache->slots[s] != 0) {
            s = (s + 1) & cache->slot_mask;
        }
        cache->slots[s] = (uint32_t)(i + 1);
    }
    return 0;
}

static int grow_entries(struct value_cache *cache, struct error *err)
{
    size_t capacity = cache->capacity != 0 ? cache->capacity * 2 : 256;

    if (capacity > VALUE_CACHE_MAX_ENTRIES) {
        capacity = VALUE_CACHE_MAX_ENTRIES;
    }
    if (capacity <= cache->count) {
        return tourney_error_set(err, "more than %u positions to analyse",
                                 (unsigned)VALUE_CACHE_MAX_ENTRIES);
    }
    unsigned char *keys = realloc(cache->keys, capacity * cache->state_size);
    if (keys == NULL) {
        return tourney_error_nomem(err);
    }
    cache->keys = keys;
    struct cache_entry *entries = realloc(cache->entries, capacity * sizeof(*entries));
    if (entries == NULL) {
        return tourney_error_nomem(err);
    }
    cache->entries = entries;
    cache->capacity = capacity;
    return 0;
}

int tourney_value_cache_find_or_add(struct value_cache *cache, const void *state, size_t *index,
                                    struct error *err)
{
    size_t s = slot_of(cache, state);

    while (cache->slots[s] != 0) {
        size_t i = cache->slots[s] - 1;
        if (memcmp(tourney_value_cache_key(cache, i), state, cache->state_size) == 0) {
            *index = i;
            return 1;
        }
        s = (s + 1) & cache->slot_mask;
    }
    if (cache->count == cache->capacity && grow_entries(cache, err) != 0) {
        return -1;
    }
    if ((cache->count + 1) * 2 > cache->slot_mask + 1) {
        if (grow_slots(cache, err) != 0) {
            return -1;
        }
        s = slot_of(cache, state);
        while (cache->slots[s] != 0) {
            s = (s + 1) & cache->slot_mask;
        }
    }
    *index = cache->count++;
    memcpy(cache->keys + *index * cache->state_size, state, cache->state_size);
    memset(&cache->entries[*index], 0, sizeof(cache->entries[*index]));
    cache->slots[s] = (uint32_t)(*index + 1);
    return 0;
}
