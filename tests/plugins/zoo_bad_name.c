/* A name with a byte that is not UTF-8, and a description with an escape
 * sequence of the terminal and a line break: kept, escaped where shown. */
#define ZOO_NAME "bad-\xff-name"
#define ZOO_ID "org.tourney.test.zoo-bad-name"
#define ZOO_DESCRIPTION       \
    "\x1b[2J\x1b]0;owned\x07" \
    "cleared\nforged line\r|"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
