/* The no-pondering policy (agent_pause.h): kept apart from the process's
 * descriptors and waits so that each of its rules is tested on a process
 * and a clock of the test's own (tests/runner/isolation/test_agent_pause.c). */
#include "agent_pause.h"

#include <string.h>

void tourney_pause_init(struct agent_pause *pause, bool enabled, struct resting_processes *resting,
                        const struct pause_target *target)
{
    memset(pause, 0, sizeof(*pause));
    pause->enabled = enabled;
    pause->resting = resting;
    pause->target = *target;
}

void tourney_pause_watch_idle(struct agent_pause *pause)
{
    pause->idle_watch = pause->enabled && pause->resting != NULL;
}

/* One signal each way; a process being killed or reaped needs neither. */
void tourney_pause_set_stopped(struct agent_pause *pause, bool stopped)
{
    if (pause->stopped != stopped && pause->target.signal(pause->target.context, stopped)) {
        pause->stopped = stopped;
    }
}

/* Joins the resting processes; false when there is no list or it is full. */
static bool join_resting(struct agent_pause *pause)
{
    struct resting_processes *r = pause->resting;
    if (r == NULL || r->count == RESTING_MAX) {
        return false;
    }
    r->process[r->count++] = pause;
    return true;
}

void tourney_pause_leave(struct agent_pause *pause)
{
    struct resting_processes *r = pause->resting;
    for (size_t i = 0; r != NULL && i < r->count; i++) {
        if (r->process[i] == pause) {
            r->process[i] = r->process[--r->count];
            return;
        }
    }
}

void tourney_pause_stop_resting(struct resting_processes *r)
{
    for (size_t i = 0; i < r->count; i++) {
        tourney_pause_set_stopped(r->process[i], true);
    }
    r->count = 0;
}

void tourney_pause_rest(struct agent_pause *pause, bool cpu_known, uint64_t cpu_ns)
{
    if (!pause->enabled) {
        return;
    }
    if (pause->idle_watch && !pause->pondered && pause->short_wait) {
        uint64_t cpu = cpu_ns;
        if ((cpu_known || pause->target.cpu_ns(pause->target.context, &cpu)) &&
            join_resting(pause)) {
            pause->left_running = true;
            pause->idle_cpu_ns = cpu;
            return;
        }
    }
    tourney_pause_set_stopped(pause, true);
}

/* The CPU time a process left running used meanwhile beyond the slack is
 * added up, and what it left of the slack taken off; past
 * PAUSE_IDLE_EXCESS_NS it thought while not asked. (Not at the first wait
 * over the slack: an interrupt that came while it ran is counted as its
 * time, rarely but up to hundreds of microseconds, and under valgrind the
 * runner's slowness shows in it.) */
bool tourney_pause_end_wait(struct agent_pause *pause, uint64_t posted_ns, uint64_t received_ns,
                            bool timed, uint64_t *cpu)
{
    pause->short_wait = received_ns != 0 && posted_ns - received_ns <= PAUSE_SHORT_WAIT_NS;
    bool watched = pause->left_running;
    if (watched) {
        tourney_pause_leave(pause);
        pause->left_running = false;
    }
    if (!timed && !watched) {
        return false;
    }
    bool known = pause->target.cpu_ns(pause->target.context, cpu);
    if (watched && known) {
        uint64_t used = *cpu - pause->idle_cpu_ns;
        if (used > PAUSE_IDLE_SLACK_NS) {
            pause->idle_excess_ns += used - PAUSE_IDLE_SLACK_NS;
            pause->pondered = pause->idle_excess_ns > PAUSE_IDLE_EXCESS_NS;
        } else {
            uint64_t spare = PAUSE_IDLE_SLACK_NS - used;
            pause->idle_excess_ns =
                pause->idle_excess_ns > spare ? pause->idle_excess_ns - spare : 0;
        }
    }
    return known;
}

uint64_t tourney_pause_limit_wait(struct agent_pause *pause, uint64_t posted_ns, uint64_t now_ns,
                                  uint64_t wait_ns)
{
    struct resting_processes *r = pause->resting;
    if (r == NULL || r->count == 0) {
        return wait_ns;
    }
    /* Others left running wait no longer than a short wait. */
    uint64_t stop_at = posted_ns + PAUSE_SHORT_WAIT_NS;
    if (now_ns >= stop_at) {
        tourney_pause_stop_resting(r);
    } else if (wait_ns > stop_at - now_ns) {
        wait_ns = stop_at - now_ns;
    }
    return wait_ns;
}
