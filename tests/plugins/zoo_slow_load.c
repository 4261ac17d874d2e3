/* Slow to load where it plays, and otherwise well-behaved (zoo_slow_load.h):
 * the thread it starts as it is made to move first waits for ever, so only
 * something from outside ends its process. */
#define ZOO_NAME "slow-load"
#include "zoo_slow_load.h"

static void *zoo_after_create(void *unused)
{
    for (;;) {
        struct timespec second = {1, 0};
        nanosleep(&second, NULL);
    }
    return unused;
}
