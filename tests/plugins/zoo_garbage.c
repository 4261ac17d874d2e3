/* Writes bytes of its own on the runner's control socket (descriptor 3) in a
 * move, as a plugin that scribbles on descriptors it does not own might
 * (protocol_error). */
#include <unistd.h>

#define ZOO_NAME "garbage"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    static const char junk[] = "this is not a frame of the protocol";
    ssize_t written = write(3, junk, sizeof(junk));
    (void)written;
    (void)move;
    return TOURNEY_OK;
}
