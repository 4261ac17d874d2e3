/* Answers 1 ms after its hard limit, when the margin is the 20 ms the
 * isolation tests give it: a reply that must count as none however it
 * finds the runner (time_forfeit). */
#include <time.h>

#define ZOO_NAME "late"
#include "zoo_agent.h"

#define LATE_NS (UINT64_C(21) * 1000000)

static int misbehave(tourney_move *move)
{
    uint64_t at = zoo_request->deadline_ns + LATE_NS;
    struct timespec until = {(time_t)(at / 1000000000), (long)(at % 1000000000)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) != 0) {
    }
    (void)move;
    return TOURNEY_OK;
}
