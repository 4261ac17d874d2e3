/* Kills the process that loads it, from a constructor, before anything of
 * it was asked: in an agent process its parent is the runner. */
#include <signal.h>
#include <unistd.h>

#define ZOO_NAME "ctor-kill"
#include "zoo_agent.h"

__attribute__((constructor)) static void kill_the_runner(void)
{
    kill(getppid(), SIGKILL);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
