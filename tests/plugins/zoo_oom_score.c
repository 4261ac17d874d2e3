/* Makes another process the OOM killer's first victim, in every move: it
 * writes 1000 into /proc/PID/oom_score_adj, PID being TOURNEY_ZOO_TARGET
 * (the runner, or any process of the same user); logs "written" or why it
 * could not. Its PID namespace hides the runner's process id from it, not
 * the machine's /proc. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "oom-score"
#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    const char *target = getenv("TOURNEY_ZOO_TARGET");
    char path[64];
    snprintf(path, sizeof(path), "/proc/%s/oom_score_adj", target != NULL ? target : "1");
    char message[96];
    int fd = open(path, O_WRONLY);
    if (fd < 0) {
        snprintf(message, sizeof(message), "cannot open it: %s", strerror(errno));
    } else if (write(fd, "1000\n", 5) != 5) {
        snprintf(message, sizeof(message), "cannot write it: %s", strerror(errno));
    } else {
        snprintf(message, sizeof(message), "written");
    }
    if (fd >= 0) {
        close(fd);
    }
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
