/*
 * agent_pause.h - no pondering: when an agent process is stopped between
 * the runner's requests, and when it is left running.
 *
 * With PAUSE a process runs only while a request of the runner is
 * outstanding: it is stopped (SIGSTOP to its process group) as the last
 * reply arrives and continued (SIGCONT) as the next request goes out, so an
 * agent never thinks on its opponent's time. A stop and a continue cost two
 * wake-ups of the process, as much as the request itself where moves take
 * microseconds; so a process that cannot start processes (its CPU clock
 * then shows everything it does: tourney_pause_watch_idle) is left running
 * through a short wait between two of its requests, and its CPU clock is
 * read as the next goes out. A process found to have used more than
 * PAUSE_IDLE_SLACK_NS of it in a wait (and PAUSE_IDLE_EXCESS_NS in all
 * beyond what it left unused) thought while it was not asked: it is stopped
 * between requests from then on. A wait longer than PAUSE_SHORT_WAIT_NS (an
 * opponent that thinks) makes the next one stopped again, until a short one
 * is seen; and a wait for another process of the same worker that grows past
 * PAUSE_SHORT_WAIT_NS stops every process left running (struct
 * resting_processes), as does a worker that has played its games and waits
 * for more (tourney_pause_stop_resting). So a process thinks on its
 * opponent's time for PAUSE_SHORT_WAIT_NS at most a move, and not at all
 * once found out.
 *
 * This is the policy alone, apart from the process it rules: it reads the
 * process's CPU clock and stops or continues it through a struct
 * pause_target, and is told the times on the monotonic clock, so that a
 * test drives it with a process and a clock of its own.
 */
#ifndef TOURNEY_RUNNER_AGENT_PAUSE_H
#define TOURNEY_RUNNER_AGENT_PAUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Leaving a paused process running between requests: after a wait of at
 * most PAUSE_SHORT_WAIT_NS, the next one too. It may use
 * PAUSE_IDLE_SLACK_NS of CPU time in each (returning from one request and
 * waiting for the next takes 1.5 us at the 90th percentile, 3.5 us at the
 * 99.9th, rarely 170 us here), and beyond that PAUSE_IDLE_EXCESS_NS more
 * than it left unused in the waits before, before it counts as thinking
 * while not asked. */
#define PAUSE_SHORT_WAIT_NS UINT64_C(1000000)
#define PAUSE_IDLE_SLACK_NS UINT64_C(50000)
#define PAUSE_IDLE_EXCESS_NS UINT64_C(1000000)

/* The process a policy rules, as it sees it. */
struct pause_target {
    /* Stops (STOP) or continues its process group; false when there is no
     * process to signal (not started, or reaped). */
    bool (*signal)(void *context, bool stop);
    /* Its CPU time so far, all threads together; false when unknown. */
    bool (*cpu_ns)(void *context, uint64_t *ns);
    void *context;
};

struct agent_pause;

/* The processes of one worker left running after a reply: a wait for any
 * process that knows of them, once it grows past PAUSE_SHORT_WAIT_NS, stops
 * them all, and so does the worker before it waits for anything else. A
 * process that finds it full is stopped as before. */
#define RESTING_MAX 16
struct resting_processes {
    struct agent_pause *process[RESTING_MAX];
    size_t count;
};

struct agent_pause {
    bool enabled; /* stopped whenever no request is outstanding */
    bool stopped;
    struct pause_target target;
    /* Left running through short waits while it is seen to sit idle. */
    bool idle_watch; /* it cannot start processes: its CPU clock shows all it does */
    bool pondered;   /* it was seen thinking while not asked: stopped from then on */
    bool short_wait; /* the last wait between a reply and a request was short */
    struct resting_processes *resting; /* of its worker; NULL for none */
    bool left_running; /* after its last reply, with IDLE_CPU_NS its CPU time then */
    uint64_t idle_cpu_ns;
    uint64_t idle_excess_ns; /* CPU time used while left running beyond the slack, less
                                what it left of the slack since */
};

/* Running, ENABLED or not, with RESTING its worker's list (NULL for none). */
void tourney_pause_init(struct agent_pause *pause, bool enabled, struct resting_processes *resting,
                        const struct pause_target *target);

/* The process cannot start processes of its own (its system-call filter
 * forbids it): with a list of resting processes it may be left running
 * through short waits, watched by its CPU clock. */
void tourney_pause_watch_idle(struct agent_pause *pause);

/* Its last reply came, and nothing more is asked of it for now: stops it,
 * or leaves it running with its CPU time noted. CPU_KNOWN and CPU_NS: its
 * CPU time as the reply came, when it was read then. */
void tourney_pause_rest(struct agent_pause *pause, bool cpu_known, uint64_t cpu_ns);

/* A request goes out at POSTED_NS, the runner having last read from it at
 * RECEIVED_NS (0 for never): judges the wait since its last reply, and
 * takes it out of the resting list. Its CPU time is read when TIMED (the
 * request's CPU time is wanted) or when it was left running: true with *CPU
 * when it was read. Call tourney_pause_continue once the request is sent. */
bool tourney_pause_end_wait(struct agent_pause *pause, uint64_t posted_ns, uint64_t received_ns,
                            bool timed, uint64_t *cpu);

/* Stops it (true) or continues it (false); nothing when it already is. */
void tourney_pause_set_stopped(struct agent_pause *pause, bool stopped);

/* Takes it out of its worker's resting list (it is being reaped). */
void tourney_pause_leave(struct agent_pause *pause);

/* While waiting for its reply to the request posted at POSTED_NS, at NOW_NS:
 * stops the others left running once the wait grows past a short one, and
 * returns WAIT_NS cut so that the wait wakes when it does. */
uint64_t tourney_pause_limit_wait(struct agent_pause *pause, uint64_t posted_ns, uint64_t now_ns,
                                  uint64_t wait_ns);

/* Stops every process of RESTING: the runner is about to wait, or work, for
 * longer than a short wait, other than for one of them. Each keeps
 * LEFT_RUNNING, so its CPU time is still looked at as it is next asked. */
void tourney_pause_stop_resting(struct resting_processes *resting);

#endif /* TOURNEY_RUNNER_AGENT_PAUSE_H */
