/*
 * processor_share.h - an agent process that answers within microseconds
 * runs on the processor of the runner that asks it.
 *
 * Between two requests an agent process is stopped (no pondering) or sits
 * in its read (agent_process.h), and the processor it ran on goes idle. Waking it there again
 * takes a wake-up of an idle processor, which on a virtual machine costs tens of microseconds:
 * more than first-open or random take to answer. Held on the runner's own
 * processor, it is woken by a plain switch from the runner, which waits
 * for its reply asleep, and back: a bare request and reply, with the stop
 * and the continue, took 14 to 16 us so against 59 to 61 us between
 * processors on the development machine, and a move of first-open
 * against random through the runner 0.72 of its time before
 * (bench/README.md).
 *
 * What is held is the process's first thread, the agent host's, which
 * answers the requests; threads it makes while held start there too.
 * Holding costs a single-threaded agent nothing: it runs only while the
 * runner waits for it. A process of several threads would lose its other
 * processors, so it is held only while its last reply was quick, and let
 * go (every thread of it back on the runner's processors) once a request
 * has taken PROCESSOR_SHARE_HOLD_NS: an agent that thinks gets all of them
 * again within a millisecond of each move, as the runner sees it.
 *
 * Where the affinity of a process cannot be set, nothing is held, and the
 * process runs wherever the kernel puts it, as without this.
 */
#ifndef TOURNEY_RUNNER_PROCESSOR_SHARE_H
#define TOURNEY_RUNNER_PROCESSOR_SHARE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* A process whose last reply took this long, or less, is held. */
#define PROCESSOR_SHARE_QUICK_NS UINT64_C(200000)
/* A request that has taken this long lets its process go. */
#define PROCESSOR_SHARE_HOLD_NS UINT64_C(1000000)

struct processor_share {
    bool able;   /* the runner may run on several processors, and set affinities */
    int held_on; /* the processor the process is held on; -1 when free */
};

/* Starts free. */
void tourney_processor_share_init(struct processor_share *share);

/* Holds the first thread of process PID on the processor the caller runs
 * on now; no system call when it is held there already. */
void tourney_processor_share_hold(struct processor_share *share, pid_t pid);

/* Lets every thread of PID run on the runner's processors again. */
void tourney_processor_share_release(struct processor_share *share, pid_t pid);

static inline bool tourney_processor_share_held(const struct processor_share *share)
{
    return share->held_on >= 0;
}

#endif /* TOURNEY_RUNNER_PROCESSOR_SHARE_H */
