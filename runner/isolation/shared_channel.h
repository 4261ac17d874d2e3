/*
 * shared_channel.h - the requests and replies between the runner and an
 * agent host, carried in memory both map (a sealed memfd) instead of a
 * socket: a request and its reply cost no system call while both sides
 * run, and one futex wake-up each way while one sleeps.
 *
 * Two byte rings, one each way, carry the same frames as the socket would
 * (wire.h). Each ring's producer publishes how many bytes it has written,
 * its consumer how many it has read: 32-bit counts that wrap. Either side
 * that finds nothing to do says so in its SLEEPING word, checks once more,
 * and sleeps; the other, after it wrote or read, wakes a sleeper: the agent
 * host sleeps in FUTEX_WAIT on its word, the runner in its epoll wait, woken
 * through an eventfd (so that the same wait still sees the process's
 * output and its exit).
 *
 * Only requests and replies go this way. LOG frames, which any thread of an
 * agent may send, and the frames of a dying process's signal handler stay
 * on the socket; as a reply is found, the runner first takes what the
 * socket and the output pipes hold (one epoll look without waiting), so
 * what an agent sent or printed before it replied still comes first.
 *
 * The agent's side can write anything into the shared memory at any time:
 * the runner keeps its own counts, checks the other side's before using
 * them, copies bytes out before it looks at them, and the memfd is sealed
 * against shrinking (a mapping cut short would fault in the runner).
 */
#ifndef TOURNEY_RUNNER_SHARED_CHANNEL_H
#define TOURNEY_RUNNER_SHARED_CHANNEL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

/* Bytes each ring holds; a longer frame goes through in pieces. */
#define CHANNEL_RING_SIZE (UINT32_C(64) << 10)

/* The descriptors an agent host finds them on, where it was given them. */
#define CHANNEL_MEMORY_FD 4
#define CHANNEL_WAKE_FD 5

/* Counts of one ring, each on a cache line of its own. */
struct channel_counts {
    _Alignas(64) _Atomic uint32_t written;
    _Alignas(64) _Atomic uint32_t read;
};

/* The shared memory. */
struct channel_memory {
    struct channel_counts to_agent;
    struct channel_counts to_runner;
    _Alignas(64) _Atomic uint32_t agent_sleeping;  /* a futex word: 1 while it sleeps */
    _Alignas(64) _Atomic uint32_t runner_sleeping; /* 1 while it waits in epoll */
    _Alignas(64) unsigned char to_agent_data[CHANNEL_RING_SIZE];
    unsigned char to_runner_data[CHANNEL_RING_SIZE];
};

/* One side's end of one ring: what it alone counts. */
struct channel_end {
    struct channel_counts *counts;
    unsigned char *data;
    uint32_t count; /* bytes this side wrote (producer) or read (consumer) */
};

/* Creates the memory (a sealed memfd, close-on-exec) and maps it. Returns
 * the mapping with *FD, or NULL with ERR filled. */
struct channel_memory *tourney_channel_create(int *fd, struct error *err);

/* Maps the memory given on FD (an agent host). NULL when FD is not one. */
struct channel_memory *tourney_channel_map(int fd);

void tourney_channel_unmap(struct channel_memory *memory);

/* The ends of the two rings, for either side: each counts from 0, as the
 * memory starts. */
void tourney_channel_ends(struct channel_memory *memory, struct channel_end *requests,
                          struct channel_end *replies);

/* Copies up to LENGTH bytes of BYTES into the ring, as many as there is
 * room for. Returns how many, or -1 when the other side's count is not
 * possible (it wrote into the counts). */
long tourney_channel_put(struct channel_end *end, const void *bytes, size_t length);

/* Copies up to MAX bytes out of the ring. Returns how many, or -1 as above. */
long tourney_channel_get(struct channel_end *end, void *bytes, size_t max);

/* Whether a consumer has bytes to read, a producer room to write. */
bool tourney_channel_readable(const struct channel_end *end);
bool tourney_channel_writable(const struct channel_end *end);

/* What a sleeper waits for, in its SLEEPING word: bytes to read, or room
 * to write (a frame longer than the room left). */
#define CHANNEL_WAITS_DATA UINT32_C(1)
#define CHANNEL_WAITS_ROOM UINT32_C(2)

/* Says in SLEEPING (one of the words above) what it waits for: call before
 * looking once more for work, then sleep only if there is none. */
void tourney_channel_announce_sleep(_Atomic uint32_t *sleeping, uint32_t waits);

/* Whether the other side sleeps waiting for any of WAITS; if so, clears
 * its word. Call after writing (WAITS_DATA) or reading (WAITS_ROOM) a ring,
 * and wake it when true. */
bool tourney_channel_take_sleeper(_Atomic uint32_t *sleeping, uint32_t waits);

/* The host's sleep until woken (or a signal): FUTEX_WAIT on its word,
 * which it announced with WAITS. */
void tourney_channel_host_sleep(struct channel_memory *memory, uint32_t waits);

/* Wakes the host after tourney_channel_take_sleeper said it sleeps. */
void tourney_channel_wake_host(struct channel_memory *memory);

#endif /* TOURNEY_RUNNER_SHARED_CHANNEL_H */
