/* Writes through a bad pointer in a move: killed by SIGSEGV (crash). */
#include <stdint.h>

#define ZOO_NAME "segfault"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    /* Read from a volatile, so the compiler cannot see the address is bad
     * and turn the store into a trap instruction. */
    volatile uintptr_t address = 16;
    *(volatile int *)address = 1;
    (void)move;
    return TOURNEY_OK;
}
