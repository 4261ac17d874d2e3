/*
 * exact_command.h - `tourney exact-vs-random CONFIG [AGENT...]`: the exact
 * expected win, draw and loss rates of agents of a config against the
 * uniformly random agent, on the config's game, as first and as second
 * player (exact_vs_random.h), printed as a table or as JSON.
 */
#ifndef TOURNEY_RUNNER_EXACT_COMMAND_H
#define TOURNEY_RUNNER_EXACT_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "tournament.h"

/* Computes and prints the figure of the entrants of T named AGENTS (every
 * entrant but those of the random plugin when AGENT_COUNT is 0), each
 * expectimax holding at most BUDGET positions. Returns 0; 2 for an agent
 * name T does not have (ERR names those it has); 1 when a computation
 * failed (ERR says why; the agents before it are printed). */
int tourney_exact_command(const struct tournament *t, char *const *agents, size_t agent_count,
                          uint64_t budget, bool json, FILE *out, struct error *err);

#endif /* TOURNEY_RUNNER_EXACT_COMMAND_H */
