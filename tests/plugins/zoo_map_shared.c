/* Rewrites a file through a shared mapping, in every move: the file
 * TOURNEY_ZOO_VICTIM names (the results log being written, say), whose
 * first bytes become "forged". RLIMIT_FSIZE stops write(), not a store
 * into a MAP_SHARED mapping. Logs "rewritten" or why it could not. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "map-shared"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    const char *victim = getenv("TOURNEY_ZOO_VICTIM");
    char message[96];
    int fd = open(victim != NULL ? victim : "/nonexistent/tourney-zoo-victim", O_RDWR);
    void *bytes = MAP_FAILED;
    if (fd < 0) {
        snprintf(message, sizeof(message), "cannot open it for writing: %s", strerror(errno));
    } else if ((bytes = mmap(NULL, 6, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
        snprintf(message, sizeof(message), "cannot map it: %s", strerror(errno));
    } else {
        memcpy(bytes, "forged", 6);
        msync(bytes, 6, MS_SYNC);
        munmap(bytes, 6);
        snprintf(message, sizeof(message), "rewritten");
    }
    if (fd >= 0) {
        close(fd);
    }
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
