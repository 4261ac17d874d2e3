/*
 * key_set.h - a set of 128-bit keys (open addressing, linear probing): the
 * games seen, so that a game played again is told from a new one. Memory
 * grows with the keys added, about 32 bytes each.
 */
#ifndef TOURNEY_RUNNER_KEY_SET_H
#define TOURNEY_RUNNER_KEY_SET_H

#include <stddef.h>
#include <stdint.h>

#include "digest.h"

struct key_set {
    struct digest128 *keys; /* an empty slot is {0, 0}, a key that is never added */
    size_t capacity;        /* a power of two, or 0 before the first key */
    size_t count;
};

void tourney_key_set_init(struct key_set *set);
void tourney_key_set_finish(struct key_set *set);

/* Adds KEY: returns 1 when it is new, 0 when it was there, -1 when out of
 * memory. The key {0, 0} stands for an empty slot: it is taken as {0, 1}. */
int tourney_key_set_add(struct key_set *set, struct digest128 key);

#endif /* TOURNEY_RUNNER_KEY_SET_H */
