/* Calls exit(0) as soon as it is loaded, from a constructor: in the runner's
 * process that would end the tournament before it starts, so the runner
 * never loads an agent itself. */
#define ZOO_NAME "exit-on-load"
#include "zoo_agent.h"

__attribute__((constructor)) static void leave_at_once(void)
{
    exit(0);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
