/*
 * clock.h - the one clock of the runner: deadlines, time limits and move
 * times are all read from it, and agents are given it too.
 */
#ifndef TOURNEY_RUNNER_CLOCK_H
#define TOURNEY_RUNNER_CLOCK_H

#include <stdint.h>

/* Nanoseconds on the monotonic clock (CLOCK_MONOTONIC): the same in every
 * process of the machine, so a deadline means the same in an agent process. */
uint64_t tourney_now_ns(void);

#endif /* TOURNEY_RUNNER_CLOCK_H */
