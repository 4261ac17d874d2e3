/* Behaves, and says as each game's agent is made how many games its process
 * has seen: a process kept between games, whoever the opponent, counts on;
 * a new one starts again at 1. */
#include <stdio.h>

#define ZOO_NAME "count"

static int games_in_this_process;
#define ZOO_ON_CREATE(init) \
    ((void)(init), fprintf(stderr, "game %d in this process\n", ++games_in_this_process))

#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
