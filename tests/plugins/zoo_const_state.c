/* Writes into the position it is given, which is const, from ply 2 on: on
 * m,n,k it marks the game drawn (the status byte of games/mnk/mnk.h). In a
 * process of its own it writes into its own copy and the game goes on as
 * the rules say; in the runner's process (isolation = none) the referee
 * finds its position changed and charges the agent with agent_error. */
#include <stddef.h>
#include <stdint.h>

#include "../../games/mnk/mnk.h"

/* What a const pointer does not prevent. */
#define ZOO_ON_MOVE(state) \
    (((unsigned char *)(uintptr_t)(state))[offsetof(struct mnk_state, status)] = TOURNEY_DRAW)

#define ZOO_NAME "const-state"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
