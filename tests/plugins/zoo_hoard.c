/* Hoards tasks: in its first move it starts as many threads as it can, up
 * to 400, each asleep for good and held for the life of its process (kept
 * between games), and logs in every move how many it holds. A machine's or
 * a cgroup's tasks taken this way would keep the runner from starting the
 * next agent's process. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "hoard"
#include "zoo_agent.h"

static void *asleep(void *unused)
{
    (void)unused;
    for (;;) {
        sleep(1000);
    }
    return NULL;
}

static int misbehave(tourney_move *move)
{
    (void)move;
    static int held = -1;
    if (held < 0) {
        held = 0;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 65536);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_t thread;
        while (held < 400 && pthread_create(&thread, &attr, asleep, NULL) == 0) {
            held++;
        }
        pthread_attr_destroy(&attr);
    }
    char message[64];
    snprintf(message, sizeof(message), "held %d threads", held);
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
