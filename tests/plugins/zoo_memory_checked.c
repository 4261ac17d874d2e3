/* Allocates and touches memory a mebibyte at a time, checking what malloc
 * returns, until it runs out of address space; then fails the move with
 * TOURNEY_ERR_NOMEM, as careful code does (memory_limit, not agent_error).
 * Gives up after 16 GiB, so that without an address-space limit it cannot
 * take a whole machine. */
#include <string.h>

#define ZOO_NAME "memory-checked"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    for (int i = 0; i < 16 * 1024; i++) {
        char *block = malloc(1 << 20);
        if (block == NULL) {
            return TOURNEY_ERR_NOMEM;
        }
        memset(block, 1, 1 << 20);
    }
    (void)move;
    return TOURNEY_ERR_INTERNAL;
}
