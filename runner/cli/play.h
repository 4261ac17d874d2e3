/*
 * play.h - `tourney play CONFIG AGENT`: a person plays one game against an
 * agent of a config, on the config's game, in the terminal. The agent runs
 * as it would in the tournament (in a process of its own unless the config
 * says isolation = none), and the runner referees.
 */
#ifndef TOURNEY_RUNNER_PLAY_H
#define TOURNEY_RUNNER_PLAY_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "tournament.h"

/* Plays one game between the person (at IN and OUT) in seat HUMAN_SEAT and
 * entrant AGENT. Returns 0 when the game was played (whoever won), -1 when
 * the runner failed or the agent's process was stopped from outside (ERROR
 * says which). */
int tourney_play_human(struct tournament *t, size_t agent, int human_seat, uint64_t seed, FILE *in,
                       FILE *out, struct error *error);

#endif /* TOURNEY_RUNNER_PLAY_H */
