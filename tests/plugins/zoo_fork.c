/* Starts a process in a move (sandbox_violation). Without the sandbox, the
 * new process leaves at once and the agent plays on. */
#include <unistd.h>

#define ZOO_NAME "fork"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    if (fork() == 0) {
        _exit(0);
    }
    (void)move;
    return TOURNEY_OK;
}
