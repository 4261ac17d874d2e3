/* Plays the lowest legal move, but fails its move at ply 2 and later when
 * $TOURNEY_TEST_MOODY is set: the same plugin, built once, playing a game
 * two ways, as an agent that depends on something besides its seed would.
 * For the merge tests' conflicting duplicates. */
#include <stdlib.h>

#define ZOO_NAME "moody"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    return getenv("TOURNEY_TEST_MOODY") != NULL ? TOURNEY_ERR_INVALID : TOURNEY_OK;
}
