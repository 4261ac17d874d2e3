/* The bytes between the runner and an agent process (agent_channel.h): the
 * socket's and the shared memory's sides of the same frames kept in one
 * file, so that the waiting (agent_wait.c) sees one inbox of each, whichever
 * way they came. */
#define _GNU_SOURCE /* MSG_NOSIGNAL, MSG_DONTWAIT */
#include "agent_channel.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "clock.h"

/* Bytes read from the socket at a time. */
#define RECEIVE_CHUNK 65536

int tourney_agent_channel_queue(struct agent_channel *c, const void *bytes, size_t length,
                                struct error *err)
{
    if (c->outbox_capacity - c->outbox_length < length) {
        size_t capacity = c->outbox_length + length + 4096;
        unsigned char *outbox = realloc(c->outbox, capacity);
        if (outbox == NULL) {
            return tourney_error_nomem(err);
        }
        c->outbox = outbox;
        c->outbox_capacity = capacity;
    }
    memcpy(c->outbox + c->outbox_length, bytes, length);
    c->outbox_length += length;
    return 0;
}

/* Puts what the ring takes of the queued requests into it, and wakes the
 * host if it sleeps waiting for one. */
static void send_shared(struct agent_channel *c)
{
    if (c->outbox_sent == c->outbox_length) {
        return;
    }
    long put = tourney_channel_put(&c->channel_requests, c->outbox + c->outbox_sent,
                                   c->outbox_length - c->outbox_sent);
    if (put < 0) {
        c->channel_broken = true;
        return;
    }
    c->outbox_sent += (size_t)put;
    if (c->outbox_sent == c->outbox_length) {
        c->outbox_sent = c->outbox_length = 0;
    }
    if (put > 0 && tourney_channel_take_sleeper(&c->channel->agent_sleeping, CHANNEL_WAITS_DATA)) {
        tourney_channel_wake_host(c->channel);
    }
}

/* Sends what the socket takes of the queued requests. A child that closed
 * its end cannot be written to; what it does next (exit) is what counts. */
void tourney_agent_channel_send(struct agent_channel *c)
{
    if (c->channel != NULL) {
        send_shared(c);
        return;
    }
    while (c->outbox_sent < c->outbox_length && !c->control_closed) {
        ssize_t sent = send(c->control, c->outbox + c->outbox_sent,
                            c->outbox_length - c->outbox_sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent > 0) {
            c->outbox_sent += (size_t)sent;
        } else if (sent < 0 && errno == EINTR) {
            continue;
        } else if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return;
        } else {
            c->outbox_sent = c->outbox_length;
        }
    }
    if (c->outbox_sent == c->outbox_length) {
        c->outbox_sent = c->outbox_length = 0;
    }
}

/* Reads what the socket holds into the inbox. Returns -1 when out of memory. */
int tourney_agent_channel_receive(struct agent_channel *c)
{
    while (!c->control_closed) {
        if (c->inbox_capacity - c->inbox_length < RECEIVE_CHUNK) {
            size_t capacity = c->inbox_length + 2 * RECEIVE_CHUNK;
            unsigned char *inbox = realloc(c->inbox, capacity);
            if (inbox == NULL) {
                return -1;
            }
            c->inbox = inbox;
            c->inbox_capacity = capacity;
        }
        size_t room = c->inbox_capacity - c->inbox_length;
        ssize_t got = recv(c->control, c->inbox + c->inbox_length, room, MSG_DONTWAIT);
        if (got > 0) {
            c->inbox_length += (size_t)got;
            c->received_ns = tourney_now_ns();
            if ((size_t)got < room) {
                return 0; /* all there was; epoll says when there is more */
            }
        } else if (got < 0 && errno == EINTR) {
            continue;
        } else if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return 0;
        } else {
            c->control_closed = true; /* end of file or reset: it closed or died */
        }
    }
    return 0;
}

/* Copies what the ring holds of its replies (at most a ring's worth a
 * call, so that a process that writes without end cannot hold the runner
 * here), and wakes the host if it sleeps waiting for room. Returns -1 when
 * out of memory. */
int tourney_agent_channel_receive_shared(struct agent_channel *c)
{
    if (c->replies_capacity - c->replies_length < CHANNEL_RING_SIZE) {
        size_t capacity = c->replies_length + 2 * (size_t)CHANNEL_RING_SIZE;
        unsigned char *replies = realloc(c->replies, capacity);
        if (replies == NULL) {
            return -1;
        }
        c->replies = replies;
        c->replies_capacity = capacity;
    }
    long got = tourney_channel_get(&c->channel_replies, c->replies + c->replies_length,
                                   c->replies_capacity - c->replies_length);
    if (got < 0) {
        c->channel_broken = true;
    } else if (got > 0) {
        c->replies_length += (size_t)got;
        c->received_ns = tourney_now_ns();
        if (tourney_channel_take_sleeper(&c->channel->agent_sleeping, CHANNEL_WAITS_ROOM)) {
            tourney_channel_wake_host(c->channel);
        }
    }
    return 0;
}

/* Drops the first COUNT of the LENGTH bytes at BYTES (the inbox, or the
 * replies read from the channel). */
void tourney_agent_channel_drop(unsigned char *bytes, size_t *length, size_t count)
{
    if (count == 0) {
        return;
    }
    memmove(bytes, bytes + count, *length - count);
    *length -= count;
}

void tourney_agent_channel_drop_inbox(struct agent_channel *c, size_t count)
{
    tourney_agent_channel_drop(c->inbox, &c->inbox_length, count);
}

void tourney_agent_channel_drop_inbox_consumed(struct agent_channel *c)
{
    tourney_agent_channel_drop_inbox(c, c->inbox_consumed);
    c->inbox_consumed = 0;
}

/* Drops the reply handed out last, from the inbox or the channel's. */
void tourney_agent_channel_drop_consumed(struct agent_channel *c)
{
    tourney_agent_channel_drop_inbox_consumed(c);
    tourney_agent_channel_drop(c->replies, &c->replies_length, c->replies_consumed);
    c->replies_consumed = 0;
}

/* Before the runner sleeps waiting for a process with a channel: says so in
 * the memory, and whether something came meanwhile (then it does not). */
bool tourney_agent_channel_ready_before_sleep(struct agent_channel *c)
{
    bool room_wanted = c->outbox_sent < c->outbox_length;
    tourney_channel_announce_sleep(&c->channel->runner_sleeping,
                                   CHANNEL_WAITS_DATA | (room_wanted ? CHANNEL_WAITS_ROOM : 0));
    if (tourney_channel_readable(&c->channel_replies) ||
        (room_wanted && tourney_channel_writable(&c->channel_requests))) {
        atomic_store_explicit(&c->channel->runner_sleeping, 0, memory_order_relaxed);
        return true;
    }
    return false;
}

void tourney_agent_channel_awake(struct agent_channel *c)
{
    atomic_store_explicit(&c->channel->runner_sleeping, 0, memory_order_relaxed);
}

void tourney_agent_channel_finish(struct agent_channel *c)
{
    tourney_channel_unmap(c->channel);
    free(c->replies);
    free(c->inbox);
    free(c->outbox);
}
