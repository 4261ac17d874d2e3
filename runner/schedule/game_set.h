/*
 * game_set.h - a set of game indices, one bit per scheduled game: which
 * games a log already holds, which a merge has seen. A million games take
 * 125 KiB, so nothing per game needs to be kept in memory.
 */
#ifndef TOURNEY_RUNNER_GAME_SET_H
#define TOURNEY_RUNNER_GAME_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct game_set {
    unsigned char *bits;
    uint64_t size;  /* games 0 to size - 1 can be members */
    uint64_t count; /* members */
};

/* An empty set of games below SIZE. Returns -1 when out of memory. */
int tourney_game_set_init(struct game_set *set, uint64_t size);
void tourney_game_set_finish(struct game_set *set);

static inline bool tourney_game_set_has(const struct game_set *set, uint64_t game)
{
    return game < set->size && (set->bits[game / 8] >> (game % 8) & 1) != 0;
}

/* Adds GAME (below the size). Returns false when it was a member already. */
bool tourney_game_set_add(struct game_set *set, uint64_t game);

/* Which games are wanted: the games a shard plays, or all of them. */
typedef bool (*tourney_game_filter)(const void *context, uint64_t game);

/* The games below the size that are not in SET (and that WANTED accepts,
 * when it is not NULL), as ranges: "40-59, 120". When there are more than
 * MAX_RANGES ranges, the rest is summed up as "and N more games". Returns a
 * string to free, "" for none, or NULL when out of memory. */
char *tourney_game_set_describe_missing(const struct game_set *set, tourney_game_filter wanted,
                                        const void *context, size_t max_ranges);

#endif /* TOURNEY_RUNNER_GAME_SET_H */
