/* Calls exit(0) in a move, as if it were a program of its own (early_exit). */
#define ZOO_NAME "exit"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    exit(0);
}
