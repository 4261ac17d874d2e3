/* Takes more processor time than wall time in a move: from ply 2 on, four
 * threads spin until the process has used four times the move's budget of
 * CPU time (a limit of 2 budgets stops it: cpu_limit). */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define ZOO_NAME "cpu-hog"
#include "zoo_agent.h"

#define THREADS 4

static uint64_t process_cpu_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (uint64_t)now.tv_sec * 1000000000 + (uint64_t)now.tv_nsec;
}

struct hog {
    uint64_t until_ns; /* of the process's CPU time */
};

static void *spin(void *context)
{
    const struct hog *hog = context;
    while (process_cpu_ns() < hog->until_ns) {
        for (volatile int i = 0; i < 10000; i++) {
        }
    }
    return NULL;
}

static int misbehave(tourney_move *move)
{
    struct hog hog = {process_cpu_ns() + 4 * zoo_request->budget_ns};
    pthread_t threads[THREADS - 1];
    int started = 0;
    while (started < THREADS - 1 && pthread_create(&threads[started], NULL, spin, &hog) == 0) {
        started++;
    }
    spin(&hog);
    for (int i = 0; i < started; i++) {
        pthread_join(threads[i], NULL);
    }
    (void)move;
    return TOURNEY_OK;
}
