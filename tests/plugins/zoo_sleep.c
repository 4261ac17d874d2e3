/* Sleeps far past its time in a move, then would answer (time_forfeit). */
#include <time.h>

#define ZOO_NAME "sleep"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    struct timespec ten_seconds = {10, 0};
    nanosleep(&ten_seconds, NULL);
    (void)move;
    return TOURNEY_OK;
}
