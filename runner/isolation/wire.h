/*
 * wire.h - the framing of the runner's conversation with an agent process:
 * length-prefixed binary frames, every integer little-endian, every field
 * checked on the way in.
 *
 * A frame is a 16-byte header followed by `length` bytes of payload:
 *
 *     u32 magic    WIRE_MAGIC, so that stray bytes are not taken for a frame
 *     u16 version  PROTOCOL_VERSION of the sender; another version is refused
 *     u16 type     what the payload holds (protocol.h)
 *     u32 length   payload bytes, at most WIRE_MAX_PAYLOAD
 *     u32 sequence a request's number, echoed by its reply
 *
 * In a payload, a string is a u32 length followed by that many bytes, the
 * last of them its terminating NUL and no other NUL; length 0 is NULL. So a
 * decoded string is used where it lies, without a copy.
 */
#ifndef TOURNEY_RUNNER_WIRE_H
#define TOURNEY_RUNNER_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

#define WIRE_MAGIC UINT32_C(0x59454E54) /* "TNEY" */
#define WIRE_HEADER_SIZE 16
#define WIRE_MAX_PAYLOAD (UINT32_C(16) << 20)

struct wire_header {
    uint32_t magic;
    uint16_t version;
    uint16_t type;
    uint32_t length;
    uint32_t sequence;
};

/* Builds one frame. With a fixed buffer it never allocates (for a signal
 * handler); otherwise it grows on the heap. Any failure (memory, a fixed
 * buffer too small, a payload too long) sticks until the frame is ended. */
struct wire_writer {
    unsigned char *data;
    size_t length;
    size_t capacity;
    bool fixed;
    bool failed;
};

/* FIXED may be NULL (grow on the heap) or a buffer of CAPACITY bytes. */
void tourney_wire_writer_init(struct wire_writer *writer, void *fixed, size_t capacity);
void tourney_wire_writer_finish(struct wire_writer *writer);

/* Starts a frame of TYPE, replacing anything written before. */
void tourney_wire_begin(struct wire_writer *writer, uint16_t version, uint16_t type,
                        uint32_t sequence);
void tourney_wire_put_u32(struct wire_writer *writer, uint32_t value);
void tourney_wire_put_u64(struct wire_writer *writer, uint64_t value);
void tourney_wire_put_i32(struct wire_writer *writer, int32_t value);
void tourney_wire_put_i64(struct wire_writer *writer, int64_t value);
/* TEXT may be NULL. */
void tourney_wire_put_string(struct wire_writer *writer, const char *text);
/* A u32 length, then the bytes. */
void tourney_wire_put_bytes(struct wire_writer *writer, const void *bytes, size_t length);
/* Sets the payload length in the header. Returns 0, or -1 if anything failed. */
int tourney_wire_end(struct wire_writer *writer);

/* Looks at the LENGTH bytes at DATA for a frame of protocol VERSION.
 * Returns 1 with HEADER filled when a whole frame is there, 0 when more bytes
 * are needed, and -1 when the bytes cannot start a valid frame (ERR says
 * why: a wrong magic, another version, a payload too long). */
int tourney_wire_frame(const void *data, size_t length, uint16_t version,
                       struct wire_header *header, struct error *err);

/* Reads one payload. A read past the end, or a malformed string, fails the
 * reader (and returns zeros/NULL from then on). */
struct wire_reader {
    const unsigned char *data;
    size_t length;
    size_t offset;
    bool failed;
};

void tourney_wire_reader_init(struct wire_reader *reader, const void *payload, size_t length);
uint32_t tourney_wire_get_u32(struct wire_reader *reader);
uint64_t tourney_wire_get_u64(struct wire_reader *reader);
int32_t tourney_wire_get_i32(struct wire_reader *reader);
int64_t tourney_wire_get_i64(struct wire_reader *reader);
/* A string where it lies in the payload, or NULL (also when it failed). */
const char *tourney_wire_get_string(struct wire_reader *reader);
/* Bytes where they lie; *LENGTH is their number. */
const void *tourney_wire_get_bytes(struct wire_reader *reader, size_t *length);
/* Whether everything was read without a failure and nothing is left over. */
bool tourney_wire_done(const struct wire_reader *reader);

#endif /* TOURNEY_RUNNER_WIRE_H */
