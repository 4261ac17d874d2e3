/* Writes a file in a move (sandbox_violation): in the sandbox, opening it
 * is the end; without, the file-size limit of 0 is (SIGXFSZ). The file is
 * unlinked at once, so nothing is left behind. */
#include <stdlib.h>
#include <unistd.h>

#define ZOO_NAME "write-file"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    char path[] = "/tmp/tourney-zoo-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        unlink(path);
        ssize_t written = write(fd, "x", 1);
        (void)written;
        close(fd);
    }
    (void)move;
    return TOURNEY_OK;
}
