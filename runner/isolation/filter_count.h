/*
 * filter_count.h - how many seccomp filters the kernel enforces on a
 * process, as its /proc/PID/status says (Seccomp_filters).
 *
 * A plugin's code runs under the loading stage of the filter, which lets
 * the agent host install the playing stage later: so that code can install
 * a filter of its own that answers seccomp() with success, and the playing
 * stage would never be loaded while the host believed it was. What the
 * host or the runner believes is therefore checked against the kernel's
 * count: the host reads it through a descriptor it opened before any
 * plugin code ran, before and after each stage; the runner reads the agent
 * process's count from outside, where no code of the agent can reach.
 */
#ifndef TOURNEY_RUNNER_FILTER_COUNT_H
#define TOURNEY_RUNNER_FILTER_COUNT_H

#include <sys/types.h>

#include "error.h"

/* The count in the status file open as STATUS_FD (read from its start), or
 * -1 when it cannot be read or has no count. */
int tourney_filter_count_read(int status_fd);

/* The count of process PID (0: this process), or -1. */
int tourney_filter_count_of(pid_t pid);

/* Checks from outside that process PID, a child of this one, has exactly
 * ADDED filters more than this process (whose filters it inherited): the
 * sandbox's stages, no fewer (one was skipped) and no more (one of the
 * plugin's). Returns 0, or -1 with ERR saying what the kernel counts. */
int tourney_filter_count_expect(pid_t pid, int added, struct error *err);

#endif /* TOURNEY_RUNNER_FILTER_COUNT_H */
