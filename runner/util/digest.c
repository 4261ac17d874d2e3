#include "digest.h"

#include <errno.h>
#include <stdio.h>

/* XXH3's state on the stack (tourney_digest_stream) needs its layout. */
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

struct digest_sink {
    XXH3_state_t state;
};

/* Written by hand: every log line is digested, and snprintf cost more than
 * the hash. */
static void to_hex(XXH128_hash_t hash, char out[TOURNEY_DIGEST_HEX])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) {
        out[i] = digits[(hash.high64 >> (60 - 4 * i)) & 0xf];
        out[16 + i] = digits[(hash.low64 >> (60 - 4 * i)) & 0xf];
    }
    out[32] = '\0';
}

void tourney_digest_bytes(const void *data, size_t size, char out[TOURNEY_DIGEST_HEX])
{
    to_hex(XXH3_128bits(data, size), out);
}

void tourney_digest_add(struct digest_sink *sink, const void *data, size_t size)
{
    XXH3_128bits_update(&sink->state, data, size);
}

void tourney_digest_stream(void (*write)(const void *context, struct digest_sink *sink),
                           const void *context, char out[TOURNEY_DIGEST_HEX])
{
    struct digest_sink sink;
    XXH3_INITSTATE(&sink.state);
    XXH3_128bits_reset(&sink.state);
    write(context, &sink);
    to_hex(XXH3_128bits_digest(&sink.state), out);
}

struct digest128 tourney_digest_stream128(void (*write)(const void *context,
                                                        struct digest_sink *sink),
                                          const void *context)
{
    struct digest_sink sink;
    XXH3_INITSTATE(&sink.state);
    XXH3_128bits_reset(&sink.state);
    write(context, &sink);
    XXH128_hash_t hash = XXH3_128bits_digest(&sink.state);
    struct digest128 out = {hash.high64, hash.low64};
    return out;
}

void tourney_digest128_hex(struct digest128 digest, char out[TOURNEY_DIGEST_HEX])
{
    XXH128_hash_t hash = {.low64 = digest.low, .high64 = digest.high};
    to_hex(hash, out);
}

int tourney_digest_file(const char *path, char out[TOURNEY_DIGEST_HEX])
{
    FILE *file = fopen(path, "rbe"); /* close-on-exec (glibc) */
    if (file == NULL) {
        return -1;
    }
    XXH3_state_t *state = XXH3_createState();
    if (state == NULL || XXH3_128bits_reset(state) == XXH_ERROR) {
        XXH3_freeState(state);
        fclose(file);
        errno = ENOMEM;
        return -1;
    }
    unsigned char buffer[65536];
    size_t got;
    while ((got = fread(buffer, 1, sizeof(buffer), file)) > 0) {
        XXH3_128bits_update(state, buffer, got);
    }
    int failed = ferror(file);
    fclose(file);
    if (!failed) {
        to_hex(XXH3_128bits_digest(state), out);
    }
    XXH3_freeState(state);
    return failed ? -1 : 0;
}
