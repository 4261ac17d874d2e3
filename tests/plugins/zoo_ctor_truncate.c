/* Empties a file from a constructor (the results log of the tournament
 * that loads it, say): the file TOURNEY_ZOO_VICTIM names, with truncate(),
 * or with open(O_TRUNC) when TOURNEY_ZOO_HOW says "open". Without a victim
 * it tries a file that does not exist. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ZOO_NAME "ctor-truncate"
#include "zoo_agent.h"

__attribute__((constructor)) static void empty_the_log(void)
{
    const char *victim = getenv("TOURNEY_ZOO_VICTIM");
    const char *how = getenv("TOURNEY_ZOO_HOW");
    victim = victim != NULL ? victim : "/nonexistent/tourney-zoo-victim";
    if (how != NULL && strcmp(how, "open") == 0) {
        int fd = open(victim, O_WRONLY | O_TRUNC);
        if (fd >= 0) {
            close(fd);
        }
    } else if (truncate(victim, 0) != 0) {
        (void)0; /* not there, or not allowed: it tried */
    }
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
