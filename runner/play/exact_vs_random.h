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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "schedule.h"
#include "game_set.h"
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
    /* tourney_exact_vs_random_games only: the games against random it
     * covers in each seat, and whether the agent, asked twice at some
     * position with two random streams, chose two moves (then the rates
     * are not its play's: CHANGED says where). */
    uint64_t games[2];
    bool changed;
    char changed_at[256];
};

/* Computes it for entrant AGENT of T, from the game's initial position,
 * holding at most BUDGET positions in each of the two expectimaxes. Game
 * k of the agent (in the order it is asked) gets the seed game k of the
 * tournament would. Returns 0; or -1 with ERR saying why: the tree has more
 * positions than BUDGET, or the runner failed (never for what the agent
 * did: that is a fault, and its loss). */
int tourney_exact_vs_random(const struct tournament *t, size_t agent, uint64_t budget,
                            struct exact_vs_random *out, struct error *err);

/* The same figure over the games of SCHEDULE in PLAYED (every game when
 * NULL: the games a log holds) between AGENT and an entrant of the random
 * plugin, each from its own start (the
 * round's opening, or the initial position) and in its own seat: FIRST
 * the mean over the agent's games as first player, SECOND as second,
 * WIN_RATE the mean win over all of them, so that each opening and seat
 * weighs as often as it is played; GAMES counts them.
 *
 * The agent must play the same move in a position whatever its random
 * stream: it is asked twice at each position, with two seeds, and when it
 * chooses two moves the computation stops (CHANGED, CHANGED_AT). Before it
 * is asked anything, the game is checked to be small enough: every
 * position reachable from those starts by any moves of both players,
 * distinct by position and ply, at most BUDGET of them.
 *
 * Returns 0; 1 with ERR saying why the figure is left out (the game has
 * more positions than BUDGET, or the agent chose two moves); -1 with ERR
 * when the runner failed. */
int tourney_exact_vs_random_games(const struct tournament *t, const struct schedule *schedule,
                                  const struct game_set *played, size_t agent, uint64_t budget,
                                  struct exact_vs_random *out, struct error *err);

#endif /* TOURNEY_RUNNER_EXACT_VS_RANDOM_H */
