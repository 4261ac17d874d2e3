/*
 * zoo_forged_frame.h - a frame of the agent process's protocol
 * (runner/isolation/wire.h, protocol.h) written by hand, as a plugin's
 * constructor can write one on the descriptor of its host's socket before
 * the host answers: the runner must take it as the agent's reply, no more.
 *
 * Only in a process that plays (the host loaded the game, m,n,k, before
 * the agent): in the probe of `validate` the plugin behaves.
 */
#ifndef TOURNEY_TESTS_ZOO_FORGED_FRAME_H
#define TOURNEY_TESTS_ZOO_FORGED_FRAME_H

#include "zoo_playing.h" /* first: it defines _GNU_SOURCE */

#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* PROTOCOL_VERSION of runner/isolation/protocol.h, which plugins do not see
 * (kept in step by hand; e2e.bytes fails with a "protocol version" reason
 * when it is not). */
enum { ZOO_CONTROL_FD = 3, ZOO_PROTOCOL_VERSION = 7 };

struct zoo_frame {
    unsigned char bytes[512];
    size_t length;
};

static void zoo_put(struct zoo_frame *f, uint64_t value, int size)
{
    for (int i = 0; i < size; i++) {
        f->bytes[f->length++] = (unsigned char)(value >> (8 * i));
    }
}

__attribute__((unused)) static void zoo_put_string(struct zoo_frame *f, const char *text)
{
    if (text == NULL) {
        zoo_put(f, 0, 4);
        return;
    }
    size_t length = strlen(text) + 1;
    zoo_put(f, length, 4);
    memcpy(f->bytes + f->length, text, length);
    f->length += length;
}

/* Starts a frame of TYPE answering request 1 (the LOAD). */
static void zoo_begin(struct zoo_frame *f, uint16_t type)
{
    f->length = 0;
    zoo_put(f, UINT32_C(0x59454E54), 4);
    zoo_put(f, ZOO_PROTOCOL_VERSION, 2);
    zoo_put(f, type, 2);
    zoo_put(f, 0, 4); /* the length, set by zoo_send */
    zoo_put(f, 1, 4);
}

static void zoo_send(struct zoo_frame *f)
{
    uint32_t payload = (uint32_t)(f->length - 16);
    for (int i = 0; i < 4; i++) {
        f->bytes[8 + i] = (unsigned char)(payload >> (8 * i));
    }
    ssize_t written = write(ZOO_CONTROL_FD, f->bytes, f->length);
    (void)written;
}

#endif /* TOURNEY_TESTS_ZOO_FORGED_FRAME_H */
