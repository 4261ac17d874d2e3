/*
 * exact_vs_random.h - the exact expected result of an agent against the
 * uniformly random agent, as first and as second player, on a game small
 * enough to enumerate: an expectimax over random's moves, each of them
 * equally likely, where at each of its positions the agent is asked for
 * its move as in a new game from that position (as a game from an opening
 * starts), each distinct position once. The agent runs as in a tournament
 * (in a process of its own unless isolation = none), with the config's
 * time per move or clock, and a fault (a crash, an illegal move, a move
 * out of time) loses the game from there, as it would in a tournament.
 *
 * For an agent that makes no random choice the rates are exact: no
 * sampling, only the rounding of doubles (below 1e-12). An agent that
 * draws at random is asked once per position, so the rates are those of
 * the moves it happened to draw there.
 */
#ifndef TOURNEY_RUNNER_EXACT_VS_RANDOM_H
#define TOURNEY_RUNNER_EXACT_VS_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "tournament.h"

/* The most positions one expectimax holds unless told otherwise. */
#define EXACT_VS_RANDOM_DEFAULT_BUDGET UINT64_C(1000000)

/* Probabilities of the agent's win, draw and loss; they sum to 1. */
struct exact_rates {
    double win;
    double draw;
    double loss;
};

/* The figure for one agent, ready for summary.json ("exact_vs_random"). */
struct exact_vs_random {
    struct exact_rates first;  /* the agent moves first, random second */
    struct exact_rates second; /* random moves first */
    /* The expected win rate over both seats, as a tournament's games
     * against random split them: the mean of the two win rates. */
    double win_rate;
    uint64_t positions;    /* distinct positions of both expectimaxes */
    uint64_t asked;        /* of those, where the agent was asked for a move */
    uint64_t faults;       /* of those, where it lost by a fault */
    char first_fault[256]; /* the first fault's reason, or "" */
};

/* Computes it for entrant AGENT of T, from the game's initial position,
 * holding at most BUDGET positions in each of the two expectimaxes. Game
 * k of the agent (in the order it is asked) gets the seed game k of the
 * tournament would. Returns 0; or -1 with ERR saying why: the tree has more
 * positions than BUDGET, or the runner failed (never for what the agent
 * did: that is a fault, and its loss). */
int tourney_exact_vs_random(const struct tournament *t, size_t agent, uint64_t budget,
                            struct exact_vs_random *out, struct error *err);

#endif /* TOURNEY_RUNNER_EXACT_VS_RANDOM_H */
