/*
 * digest.h - 128-bit content digests (XXH3), written as 32 hex digits: for
 * telling whether a results log, a plugin or a record is the one expected.
 * They detect accidents, not attacks.
 */
#ifndef TOURNEY_RUNNER_DIGEST_H
#define TOURNEY_RUNNER_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#define TOURNEY_DIGEST_HEX 33 /* 32 hex digits and the NUL */

/* A digest as two numbers, for telling things apart in memory. */
struct digest128 {
    uint64_t high;
    uint64_t low;
};

void tourney_digest_bytes(const void *data, size_t size, char out[TOURNEY_DIGEST_HEX]);

/* Where the bytes of a digest taken piece by piece go. */
struct digest_sink;

/* Adds SIZE bytes at DATA to what SINK digests. */
void tourney_digest_add(struct digest_sink *sink, const void *data, size_t size);

/* The digest of the bytes WRITE adds to its sink (tourney_digest_add), the
 * same as tourney_digest_bytes of them put together, without holding them
 * together in memory. */
void tourney_digest_stream(void (*write)(const void *context, struct digest_sink *sink),
                           const void *context, char out[TOURNEY_DIGEST_HEX]);

/* As tourney_digest_stream, the digest as its two halves: for keys that stay
 * in memory (tourney_digest128_hex writes them as tourney_digest_stream
 * would). */
struct digest128 tourney_digest_stream128(void (*write)(const void *context,
                                                        struct digest_sink *sink),
                                          const void *context);
void tourney_digest128_hex(struct digest128 digest, char out[TOURNEY_DIGEST_HEX]);

/* The digest of a file's contents. Returns -1 (errno set) when it cannot be
 * read. */
int tourney_digest_file(const char *path, char out[TOURNEY_DIGEST_HEX]);

#endif /* TOURNEY_RUNNER_DIGEST_H */
