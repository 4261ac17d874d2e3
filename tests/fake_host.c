/*
 * tests/fake_host.c - the host services of fake_host.h.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fake_host.h"

uint64_t fake_host_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

static uint64_t now_ns(void *context)
{
    (void)context;
    return fake_host_now_ns();
}

static uint64_t random_u64(void *context)
{
    struct fake_host *host = context;
    uint64_t z = (host->random_state += UINT64_C(0x9e3779b97f4a7c15));

    host->random_calls++;
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void log_message(void *context, enum tourney_log_level level, const char *message)
{
    struct fake_host *host = context;

    host->log_count++;
    host->last_level = level;
    snprintf(host->last_message, sizeof(host->last_message), "%s", message);
}

static const struct tourney_host services = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = now_ns,
    .random_u64 = random_u64,
    .log = log_message,
};

void fake_host_init(struct fake_host *host, uint64_t seed)
{
    memset(host, 0, sizeof(*host));
    host->random_state = seed;
}

const struct tourney_host *fake_host_services(void)
{
    return &services;
}
