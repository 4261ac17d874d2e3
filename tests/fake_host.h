/*
 * tests/fake_host.h - a stand-in for the runner's host services, so that an
 * agent plugin can be driven alone (STYLE.md 10): a monotonic clock, a seeded
 * splitmix64 random stream and a log that keeps the last message.
 */
#ifndef TOURNEY_TESTS_FAKE_HOST_H
#define TOURNEY_TESTS_FAKE_HOST_H

#include <stdint.h>

#include <tourney/agent.h>

/* The state behind one agent's host context. */
struct fake_host {
    uint64_t random_state; /* splitmix64 state */
    uint64_t random_calls; /* how many numbers the agent drew */
    int log_count;         /* messages logged so far */
    enum tourney_log_level last_level;
    char last_message[512]; /* the last message, truncated if need be */
};

/* Prepares a host context whose random stream starts from `seed`. */
void fake_host_init(struct fake_host *host, uint64_t seed);

/* The services; pass a struct fake_host as their context. */
const struct tourney_host *fake_host_services(void);

/* Nanoseconds on CLOCK_MONOTONIC, the clock the services report. */
uint64_t fake_host_now_ns(void);

#endif /* TOURNEY_TESTS_FAKE_HOST_H */
