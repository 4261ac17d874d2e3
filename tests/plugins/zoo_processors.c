/* Behaves, quickly, but from ply 2 on thinks for 20 ms of busy work at
 * every move, then looks at the processors it may run on: an agent held on
 * the runner's processor while its replies were quick (processor_share.h)
 * must have all of them back. The runner lets it go once it sees the move
 * take a millisecond; on a loaded machine the runner itself may not run for
 * a while, so the agent waits, asleep (no CPU time spent), up to 800 ms of
 * its 1050 ms for them. It fails its move when it still has fewer than
 * when it was created, and says so. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <time.h>

#define ZOO_NAME "processors"

/* The processors it may run on, 0 when it cannot tell. */
static int processor_count(void)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set) : 0;
}

static int processors_at_create;
#define ZOO_ON_CREATE(init) ((void)(init), processors_at_create = processor_count())

#include "zoo_agent.h"

static double now_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

static int misbehave(tourney_move *move)
{
    (void)move;
    double start = now_ms();
    while (now_ms() < start + 20.0) {
    }
    int now = processor_count();
    while (now < processors_at_create && now_ms() < start + 800.0) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
        now = processor_count();
    }
    if (now < processors_at_create) {
        fprintf(stderr, "lost processors: %d of %d at ply %d\n", now, processors_at_create,
                (int)zoo_request->ply);
        return TOURNEY_ERR_INTERNAL;
    }
    fprintf(stderr, "processors kept\n");
    return TOURNEY_OK;
}
