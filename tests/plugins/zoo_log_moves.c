/* Behaves, and logs "ply N" through the host as it answers each move from
 * ply 2 on: with the agent in a process of its own, each message must be
 * recorded at the ply it was logged in, before the move's reply (its
 * messages and its replies take different ways to the runner). */
#include <stdio.h>

#define ZOO_NAME "log_moves"

static const struct tourney_host *zoo_host;
static void *zoo_host_context;
#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)

#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    char message[32];
    snprintf(message, sizeof(message), "ply %d", (int)zoo_request->ply);
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
