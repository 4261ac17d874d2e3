/* Reads a file it has no business reading, from a constructor (where files
 * may still be opened for reading: the loader must): the one
 * TOURNEY_ZOO_VICTIM names, or /etc/hostname. It says what it found in its
 * log as each game begins. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char found[120] = "never tried";

#define ZOO_NAME "ctor-read"
#define ZOO_ON_CREATE(init) init->host->log(init->host_context, TOURNEY_LOG_INFO, found)
#include "zoo_agent.h"

__attribute__((constructor)) static void snoop(void)
{
    const char *victim = getenv("TOURNEY_ZOO_VICTIM");
    victim = victim != NULL ? victim : "/etc/hostname";
    int fd = open(victim, O_RDONLY);
    if (fd < 0) {
        snprintf(found, sizeof(found), "cannot read it: %s", strerror(errno));
        return;
    }
    char bytes[64];
    ssize_t got = read(fd, bytes, sizeof(bytes));
    snprintf(found, sizeof(found), "read %zd bytes of it", got);
    close(fd);
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
