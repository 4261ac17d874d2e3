/*
 * agent_channel.h - the bytes between the runner and one agent process:
 * requests queued and sent without waiting, replies read into a buffer,
 * through the socket on its descriptor 3 or, for the agent host, through
 * memory shared with it (shared_channel.h); in frames (wire.h) or, once an
 * agent's own program runs, in lines of text.
 *
 * Kept apart from the process's life (agent_process.c) and from the waiting
 * (agent_wait.c) because it is where a byte of the agent first lands: no
 * call here blocks, none reads more than a buffer's worth at a time, and the
 * runner's end of the socket never raises SIGPIPE (MSG_NOSIGNAL), so what
 * the agent writes, or stops reading, can only fill or starve a buffer.
 */
#ifndef TOURNEY_RUNNER_AGENT_CHANNEL_H
#define TOURNEY_RUNNER_AGENT_CHANNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "shared_channel.h"

struct agent_channel {
    int control;          /* the runner's end of the socket pair, non-blocking */
    bool control_closed;  /* it closed its end, or died */
    unsigned char *inbox; /* bytes received, not yet handled */
    size_t inbox_length;
    size_t inbox_capacity;
    size_t inbox_consumed; /* the reply handed out last, dropped at the next wait */
    unsigned char *outbox; /* requests posted, not yet all sent */
    size_t outbox_length;
    size_t outbox_capacity;
    size_t outbox_sent;
    uint64_t received_ns; /* when the runner last read bytes from the socket */
    bool lines;           /* it speaks lines of text, not frames */
    uint64_t line_bytes;  /* of the lines it sent since the last take: output too */
    /* Requests and replies in memory shared with it (shared_channel.h),
     * where it was started with it; NULL for the socket alone. */
    struct channel_memory *channel;
    struct channel_end channel_requests;
    struct channel_end channel_replies;
    int wake;               /* the eventfd it wakes the runner with; -1 for none */
    bool channel_broken;    /* it wrote counts of the runner's into the memory */
    unsigned char *replies; /* bytes read from the channel, not yet handled */
    size_t replies_length;
    size_t replies_capacity;
    size_t replies_consumed; /* the reply handed out last, dropped at the next wait */
};

/* Appends LENGTH bytes to what is to be sent. Returns 0, or -1 when out of
 * memory (ERR says so; ERR may be NULL). */
int tourney_agent_channel_queue(struct agent_channel *c, const void *bytes, size_t length,
                                struct error *err);

/* Sends what the socket (or the shared memory's ring) takes of what is
 * queued, without waiting. */
void tourney_agent_channel_send(struct agent_channel *c);

/* Reads what the socket holds into the inbox, without waiting. Returns -1
 * when out of memory. */
int tourney_agent_channel_receive(struct agent_channel *c);

/* Copies what the shared memory holds of the replies, at most a ring's
 * worth. Returns -1 when out of memory. */
int tourney_agent_channel_receive_shared(struct agent_channel *c);

/* Drops the first COUNT of the LENGTH bytes at BYTES (the inbox, or the
 * replies read from the shared memory). */
void tourney_agent_channel_drop(unsigned char *bytes, size_t *length, size_t count);

/* Drops the first COUNT bytes of the inbox. */
void tourney_agent_channel_drop_inbox(struct agent_channel *c, size_t count);

/* Drops the reply (or line) handed out last from the inbox. */
void tourney_agent_channel_drop_inbox_consumed(struct agent_channel *c);

/* Drops the reply handed out last, from the inbox or the shared memory's. */
void tourney_agent_channel_drop_consumed(struct agent_channel *c);

/* Before the runner sleeps waiting for a process with shared memory: says
 * so in the memory, and whether something came meanwhile (then it does not
 * sleep). */
bool tourney_agent_channel_ready_before_sleep(struct agent_channel *c);

/* The runner woke from a sleep announced above. */
void tourney_agent_channel_awake(struct agent_channel *c);

/* Releases the buffers and the shared memory (not the descriptors). */
void tourney_agent_channel_finish(struct agent_channel *c);

#endif /* TOURNEY_RUNNER_AGENT_CHANNEL_H */
