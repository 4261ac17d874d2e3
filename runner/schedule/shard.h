/*
 * shard.h - one of N parts of a tournament, for playing it on several
 * machines at once. Games 2m and 2m + 1, mini-match m, the two games of a
 * pair with the seats swapped, always stay together. The schedule plays in
 * rounds of one mini-match of each of its P pairs (m = r * P + p: round r,
 * pair p), R rounds in all. Shard K of N (K from 0 to N - 1) plays the
 * mini-matches whose number in pair order, q = p * R + r (pair 0's R
 * mini-matches, then pair 1's, ...), has q mod N = K: the mini-matches
 * dealt round the shards one pair after the other. So every shard plays its
 * share of every pair (R / N of its mini-matches, rounded down or up) and
 * as many mini-matches as any other, within one: shards take about as long
 * as each other however slow some agents are. (Dealing the schedule's own
 * order, m mod N, which is what P = 0 does, gave shard K only the pairs
 * p = K mod gcd(P, N).) Only which shard plays a game depends on this: a
 * game's number and seed depend on the tournament alone, so it plays the
 * same in whichever shard, and unsharded runs are as they were.
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
    /* P and R, which the dealing depends on (tourney_shard_deal), set by
     * whoever knows the schedule; P = 0 deals mini-match m to m mod N. Not
     * in the log: its header says them (games_scheduled, games_per_pair). */
    uint64_t pairs;
    uint64_t rounds;
};

/* Deals SHARD's games over a schedule of PAIRS pairs and GAMES games. */
void tourney_shard_deal(struct shard *shard, uint64_t pairs, uint64_t games);

/* Reads TEXT as "K/N". Returns -1 with a message in ERR that says what was
 * expected. */
int tourney_shard_parse(const char *text, struct shard *shard, struct error *err);

/* Which of SHARD's count of shards, dealt as SHARD is, plays GAME. The
 * count must not be 0. */
static inline uint32_t tourney_shard_of(const struct shard *shard, uint64_t game)
{
    uint64_t match = game / 2;
    uint64_t q =
        shard->pairs == 0 ? match : match % shard->pairs * shard->rounds + match / shard->pairs;
    return (uint32_t)(q % shard->count);
}

/* Whether SHARD plays GAME (every game, without a shard). */
static inline bool tourney_shard_has(const struct shard *shard, uint64_t game)
{
    return shard->count == 0 || tourney_shard_of(shard, game) == shard->index;
}

/* How many of the games 0 to GAMES - 1 SHARD plays. */
uint64_t tourney_shard_games(const struct shard *shard, uint64_t games);

#endif /* TOURNEY_RUNNER_SHARD_H */
