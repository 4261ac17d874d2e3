/*
 * rng.h - the runner's deterministic random streams (splitmix64).
 *
 * Every game's seed is a function of the tournament seed and the game's index
 * only, and every agent's stream a function of the game seed and its seat, so
 * a game replays the same whatever order, process or machine plays it.
 */
#ifndef TOURNEY_RUNNER_RNG_H
#define TOURNEY_RUNNER_RNG_H

#include <stdint.h>

struct rng {
    uint64_t state;
};

/* One splitmix64 step: a bijective mix of 64 bits. */
static inline uint64_t tourney_mix64(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

static inline uint64_t tourney_rng_next(struct rng *rng)
{
    rng->state += UINT64_C(0x9E3779B97F4A7C15);
    uint64_t x = rng->state;
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

/* The seed of game INDEX of a tournament seeded with SEED. */
static inline uint64_t tourney_game_seed(uint64_t seed, uint64_t index)
{
    return tourney_mix64(seed ^ tourney_mix64(index + 1));
}

/* The seed of the random stream handed to the agent in SEAT of a game. */
static inline uint64_t tourney_seat_seed(uint64_t game_seed, int seat)
{
    return tourney_mix64(game_seed + UINT64_C(0xD1B54A32D192ED03) * (uint64_t)(seat + 1));
}

/* The seed of the stream that chooses the opening of round ROUND of a
 * tournament seeded with SEED (the plies drawn, or the order of a file's
 * openings). Salted apart from game seeds, so that it is none of the agents'
 * streams and choosing openings leaves the agents' randomness unchanged. */
static inline uint64_t tourney_opening_seed(uint64_t seed, uint64_t round)
{
    return tourney_mix64(tourney_mix64(seed ^ UINT64_C(0x6F70656E696E6773)) + round);
}

#endif /* TOURNEY_RUNNER_RNG_H */
