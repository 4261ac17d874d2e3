/* Crashes (SIGSEGV) the first time it is asked for a move past ply 1, and
 * plays the lowest legal move ever after: the first caller to create the
 * file named by $TOURNEY_TEST_CRASH_ONCE crashes, later ones find it there.
 * With isolation = none it crashes the process that plays it once. */
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#define ZOO_NAME "crash-once"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    const char *marker = getenv("TOURNEY_TEST_CRASH_ONCE");
    int fd = marker != NULL ? open(marker, O_WRONLY | O_CREAT | O_EXCL, 0600) : -1;
    if (fd >= 0) {
        close(fd);
        volatile uintptr_t address = 16;
        *(volatile int *)address = 1;
    }
    (void)move;
    return TOURNEY_OK;
}
