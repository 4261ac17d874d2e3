/* Never answers: an endless loop in a move (time_forfeit). */
#define ZOO_NAME "loop"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    volatile unsigned long spins = 0;
    for (;;) {
        spins++;
    }
    return TOURNEY_OK; /* never reached */
}
