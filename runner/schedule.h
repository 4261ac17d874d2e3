/*
 * schedule.h - the list of every game of a round-robin, fixed by the agent
 * count, games per pair and seed before anything is played.
 */
#ifndef TOURNEY_RUNNER_SCHEDULE_H
#define TOURNEY_RUNNER_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

struct scheduled_game {
    uint32_t index;    /* position in the schedule, 0-based */
    uint32_t agent[2]; /* agent entry in seat 0 (moves first) and seat 1 */
    uint64_t seed;     /* the game's seed, see rng.h */
};

struct schedule {
    struct scheduled_game *games;
    size_t count;
};

/* No gauntlet: every pair plays. */
#define TOURNEY_NO_GAUNTLET SIZE_MAX

/* Every pair of distinct agents meets GAMES_PER_PAIR times (an even number),
 * in mini-matches of two games with the seats swapped, which stay adjacent.
 * Rounds go over all pairs before the next mini-match of any pair, so early
 * results cover the whole field. With GAUNTLET an agent index, only the
 * pairs including that agent play. Returns 0, or -1 when out of memory. */
int tourney_schedule_build(struct schedule *schedule, size_t agent_count,
                           uint32_t games_per_pair, uint64_t seed, size_t gauntlet);
void tourney_schedule_finish(struct schedule *schedule);

#endif /* TOURNEY_RUNNER_SCHEDULE_H */
