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

/* The digest of DATA under SEED: the same bytes under another seed give an
 * unrelated digest, so a long input can be digested piece by piece, each
 * piece seeded with what came before. */
struct digest128 tourney_digest128(const void *data, size_t size, uint64_t seed);

/* The digest of a file's contents. Returns -1 (errno set) when it cannot be
 * read. */
int tourney_digest_file(const char *path, char out[TOURNEY_DIGEST_HEX]);

#endif /* TOURNEY_RUNNER_DIGEST_H */
