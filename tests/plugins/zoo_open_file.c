/* Opens a file for reading in a move, after it was loaded (sandbox_violation).
 * Without the sandbox it reads it and plays on. */
#include <stdio.h>

#define ZOO_NAME "open-file"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    FILE *file = fopen("/etc/hostname", "r");
    if (file != NULL) {
        fclose(file);
    }
    (void)move;
    return TOURNEY_OK;
}
