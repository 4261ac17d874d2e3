/* Behaves, but thinks in a thread of its own at every move from ply 2 on:
 * agents may use threads, sandbox or not (glibc starts them with clone3,
 * which the sandbox turns down so that it falls back to clone, whose flags
 * the filter checks). */
#include <pthread.h>

#define ZOO_NAME "threads"
#include "zoo_agent.h"

static void *think(void *move)
{
    return move; /* the move was chosen already: the thread is the point */
}

static int misbehave(tourney_move *move)
{
    pthread_t thread;
    void *result = NULL;
    if (pthread_create(&thread, NULL, think, move) != 0 || pthread_join(thread, &result) != 0 ||
        result != move) {
        return TOURNEY_ERR_INTERNAL;
    }
    return TOURNEY_OK;
}
