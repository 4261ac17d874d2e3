/* Calls abort() in a move: killed by SIGABRT (crash). */
#define ZOO_NAME "abort"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    abort();
}
