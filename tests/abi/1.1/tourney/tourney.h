/*
 * tourney/tourney.h - everything a plugin author needs, in one include.
 */
#ifndef TOURNEY_TOURNEY_H
#define TOURNEY_TOURNEY_H

#include <tourney/abi.h>
#include <tourney/agent.h>
#include <tourney/game.h>

#endif /* TOURNEY_TOURNEY_H */
