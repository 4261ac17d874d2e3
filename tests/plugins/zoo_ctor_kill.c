/* Kills the process that loads it, from a constructor, before anything of
 * it was asked: in an agent process its parent is the runner. Only when a
 * test arms it (TOURNEY_ZOO_ARMED), so that listing the test plugins in the
 * runner's own process (isolation = none) kills nobody. */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#define ZOO_NAME "ctor-kill"
#include "zoo_agent.h"

__attribute__((constructor)) static void kill_the_runner(void)
{
    if (getenv("TOURNEY_ZOO_ARMED") != NULL) {
        kill(getppid(), SIGKILL);
    }
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
