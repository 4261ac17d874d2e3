/* Allocates and touches memory a mebibyte at a time without checking what
 * malloc returns, as careless code does, until it runs out of address space
 * and writes through NULL (memory_limit). Gives up after 16 GiB, so that
 * without an address-space limit it cannot take a whole machine. */
#include <string.h>

#define ZOO_NAME "memory"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    for (int i = 0; i < 16 * 1024; i++) {
        char *block = malloc(1 << 20);
        memset(block, 1, 1 << 20);
    }
    (void)move;
    return TOURNEY_ERR_NOMEM;
}
