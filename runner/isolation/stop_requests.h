/*
 * stop_requests.h - the signals by which a job is asked to stop (SIGHUP,
 * SIGINT, SIGQUIT, SIGTERM), in the one list the runner and the agent
 * process share: the runner starts each agent process with them blocked
 * (spawn_process.c), and the process unblocks them once its handlers are in
 * place, or keeps them blocked in an agent's own program (child_limits.c,
 * exec_command.c). Two lists could drift, and a request one side forgot
 * would kill an agent host before its handlers, recorded as its crash.
 */
#ifndef TOURNEY_STOP_REQUESTS_H
#define TOURNEY_STOP_REQUESTS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

static const int tourney_stop_request_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM};

enum {
    TOURNEY_STOP_REQUEST_COUNT =
        sizeof(tourney_stop_request_signals) / sizeof(tourney_stop_request_signals[0])
};

/* The requests as a signal set, into SET. */
static inline void tourney_stop_requests(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < TOURNEY_STOP_REQUEST_COUNT; i++) {
        sigaddset(set, tourney_stop_request_signals[i]);
    }
}

/* The same set as the kernel's mask word, for a raw clone's child. */
static inline uint64_t tourney_stop_request_mask(void)
{
    uint64_t mask = 0;
    for (size_t i = 0; i < TOURNEY_STOP_REQUEST_COUNT; i++) {
        mask |= 1ULL << (tourney_stop_request_signals[i] - 1);
    }
    return mask;
}

#endif
