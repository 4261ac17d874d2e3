#include "key_set.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void tourney_key_set_init(struct key_set *set)
{
    memset(set, 0, sizeof(*set));
}

void tourney_key_set_finish(struct key_set *set)
{
    free(set->keys);
    memset(set, 0, sizeof(*set));
}

static bool is_empty(struct digest128 key)
{
    return key.high == 0 && key.low == 0;
}

static bool same(struct digest128 a, struct digest128 b)
{
    return a.high == b.high && a.low == b.low;
}

/* Where KEY is, or the empty slot where it would go. Keys are digests:
 * their low bits are as good as a hash. */
static size_t slot(const struct key_set *set, struct digest128 key)
{
    size_t mask = set->capacity - 1;
    size_t at = (size_t)key.low & mask;
    while (!is_empty(set->keys[at]) && !same(set->keys[at], key)) {
        at = (at + 1) & mask;
    }
    return at;
}

static int grow(struct key_set *set)
{
    struct key_set bigger = {.capacity = set->capacity ? set->capacity * 2 : 16};
    bigger.keys = calloc(bigger.capacity, sizeof(*bigger.keys));
    if (bigger.keys == NULL) {
        return -1;
    }
    for (size_t i = 0; i < set->capacity; i++) {
        if (!is_empty(set->keys[i])) {
            bigger.keys[slot(&bigger, set->keys[i])] = set->keys[i];
        }
    }
    bigger.count = set->count;
    free(set->keys);
    *set = bigger;
    return 0;
}

int tourney_key_set_add(struct key_set *set, struct digest128 key)
{
    if (is_empty(key)) {
        key.low = 1;
    }
    if ((set->count + 1) * 4 > set->capacity * 3 && grow(set) != 0) {
        return -1;
    }
    size_t at = slot(set, key);
    if (!is_empty(set->keys[at])) {
        return 0;
    }
    set->keys[at] = key;
    set->count++;
    return 1;
}
