/* Prints a flood on stdout in a move (output_limit). */
#include <stdio.h>

#define ZOO_NAME "flood"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    for (int i = 0; i < 100000; i++) {
        printf("flood line %d: all work and no play makes a dull agent\n", i);
    }
    (void)move;
    return TOURNEY_OK;
}
