/* Slow to load where it plays (zoo_slow_load.h), and made to move first it
 * aborts a moment after its agent was made, by its own doing: a death the
 * runner must charge to it however late it reads the answers sent before. */
#define ZOO_NAME "slow-load-abort"
#include "zoo_slow_load.h"

#include <stdlib.h>

static void *zoo_after_create(void *unused)
{
    struct timespec moment = {0, 200000000};
    nanosleep(&moment, NULL);
    abort();
    return unused;
}
