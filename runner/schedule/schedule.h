/*
 * schedule.h - every game of a round-robin or gauntlet, fixed by the agent
 * count, games per pair and seed before anything is played. Games are
 * computed from their index when they are needed, so a schedule of a
 * million games takes no more memory than one of ten.
 */
#ifndef TOURNEY_RUNNER_SCHEDULE_H
#define TOURNEY_RUNNER_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

struct game_start;

struct scheduled_game {
    uint32_t index;    /* position in the schedule, 0-based */
    uint32_t agent[2]; /* agent entry in seat 0 (moves first) and seat 1 */
    uint64_t seed;     /* the game's seed, see rng.h */
    uint64_t round;    /* which round: every pair plays one mini-match a round */
    /* The position the game starts from (openings.h), or NULL for the game's
     * initial position. Set by whoever plays the game, not by the schedule. */
    const struct game_start *start;
};

struct schedule {
    uint32_t (*pairs)[2]; /* the pairs that play, in the order of a round */
    size_t pair_count;
    uint64_t count; /* games */
    uint64_t seed;
};

/* No gauntlet: every pair plays. */
#define TOURNEY_NO_GAUNTLET SIZE_MAX

/* The most games a schedule may hold: game indices are 32-bit. */
#define TOURNEY_MAX_GAMES UINT64_C(4294967295)

/* Every pair of distinct agents meets GAMES_PER_PAIR times (an even number),
 * in mini-matches of two games with the seats swapped, which stay adjacent
 * (games 2m and 2m + 1). Rounds go over all pairs before the next
 * mini-match of any pair, so early results cover the whole field. With
 * GAUNTLET an agent index, only the pairs including that agent play.
 * Returns 0, or -1 when out of memory. */
int tourney_schedule_init(struct schedule *schedule, size_t agent_count, uint32_t games_per_pair,
                          uint64_t seed, size_t gauntlet);
void tourney_schedule_finish(struct schedule *schedule);

/* Game INDEX (below schedule->count, at most TOURNEY_MAX_GAMES). */
void tourney_schedule_game(const struct schedule *schedule, uint64_t index,
                           struct scheduled_game *game);

#endif /* TOURNEY_RUNNER_SCHEDULE_H */
