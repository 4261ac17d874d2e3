/*
 * zoo_slow_load.h - an agent slow to load where it plays, for the tests of
 * a stop that comes while an agent process is loading (e2e.stopped-
 * loading): its constructor sleeps ZOO_LOAD_NS in a process that plays (the
 * probe is quick), so that a test can hold the runner before it reads the
 * answer. As the agent that moves first is made, it starts a thread that
 * runs zoo_after_create, which the including file defines, so that /proc
 * shows that the process made it ("Threads: 2" in its status). Otherwise
 * it plays the lowest legal move. Include it first, after ZOO_NAME.
 */
#ifndef TOURNEY_TESTS_ZOO_SLOW_LOAD_H
#define TOURNEY_TESTS_ZOO_SLOW_LOAD_H

#include "zoo_playing.h" /* first: it defines _GNU_SOURCE */

#include <pthread.h>
#include <time.h>

#include <tourney/tourney.h>

static void *zoo_after_create(void *unused);

static void zoo_start_thread(const struct tourney_agent_init *init)
{
    pthread_t thread;
    if (init->seat == 0 && pthread_create(&thread, NULL, zoo_after_create, NULL) == 0) {
        pthread_detach(thread);
    }
}

#define ZOO_ON_CREATE(init) zoo_start_thread(init)
#include "zoo_agent.h"

enum { ZOO_LOAD_NS = 500000000 };

__attribute__((constructor)) static void load_slowly(void)
{
    if (zoo_playing()) {
        struct timespec pause = {0, ZOO_LOAD_NS};
        nanosleep(&pause, NULL);
    }
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}

#endif /* TOURNEY_TESTS_ZOO_SLOW_LOAD_H */
