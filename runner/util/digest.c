#include "digest.h"

#include <errno.h>
#include <stdio.h>

#include <xxhash.h>

static void to_hex(XXH128_hash_t hash, char out[TOURNEY_DIGEST_HEX])
{
    snprintf(out, TOURNEY_DIGEST_HEX, "%016llx%016llx", (unsigned long long)hash.high64,
             (unsigned long long)hash.low64);
}

void tourney_digest_bytes(const void *data, size_t size, char out[TOURNEY_DIGEST_HEX])
{
    to_hex(XXH3_128bits(data, size), out);
}

struct digest128 tourney_digest128(const void *data, size_t size, uint64_t seed)
{
    XXH128_hash_t hash = XXH3_128bits_withSeed(data, size, seed);
    struct digest128 out = {hash.high64, hash.low64};
    return out;
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
