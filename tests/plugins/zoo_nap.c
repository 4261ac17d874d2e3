/* Sleeps 300 us in each move from ply 2 on, then plays the lowest legal
 * move: an opponent that answers well within a short wait (agent_process.h)
 * while leaving the processor free. */
#include <time.h>

#define ZOO_NAME "nap"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    struct timespec nap = {0, 300000};
    nanosleep(&nap, NULL);
    (void)move;
    return TOURNEY_OK;
}
