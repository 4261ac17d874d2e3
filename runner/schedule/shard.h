/*
 * shard.h - one of N parts of a tournament, for playing it on several
 * machines at once. Shard K of N (K from 0 to N - 1) plays the mini-matches
 * m with m mod N = K: games 2m and 2m + 1, the two games of a pair with the
 * seats swapped, always stay together. Dealing the mini-matches round the
 * shards, rather than cutting the schedule in blocks, gives every shard its
 * share of every pair, so shards take about as long as each other however
 * slow some agents are. A game's seed depends on the tournament's seed and
 * its index alone, so it plays the same in whichever shard.
 */
#ifndef TOURNEY_RUNNER_SHARD_H
#define TOURNEY_RUNNER_SHARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

/* The most shards a tournament can be cut into. */
#define TOURNEY_MAX_SHARDS 1000000

struct shard {
    uint32_t index; /* K, from 0 */
    uint32_t count; /* N; 0 for the whole tournament */
};

/* Reads TEXT as "K/N". Returns -1 with a message in ERR that says what was
 * expected. */
int tourney_shard_parse(const char *text, struct shard *shard, struct error *err);

/* Whether SHARD plays GAME (every game, without a shard). */
static inline bool tourney_shard_has(const struct shard *shard, uint64_t game)
{
    return shard->count == 0 || (game / 2) % shard->count == shard->index;
}

/* How many of the games 0 to GAMES - 1 SHARD plays. */
uint64_t tourney_shard_games(const struct shard *shard, uint64_t games);

#endif /* TOURNEY_RUNNER_SHARD_H */
