#include "shard.h"

#include <string.h>

#include "text.h"

int tourney_shard_parse(const char *text, struct shard *shard, struct error *err)
{
    const char *slash = strchr(text, '/');
    char k_text[32] = "";
    uint64_t k = 0;
    uint64_t n = 0;
    if (slash != NULL && (size_t)(slash - text) < sizeof(k_text)) {
        memcpy(k_text, text, (size_t)(slash - text));
    }
    if (slash == NULL || !tourney_parse_uint64(k_text, &k) ||
        !tourney_parse_uint64(slash + 1, &n) || n < 1 || n > TOURNEY_MAX_SHARDS) {
        return tourney_error_set(
            err,
            "bad shard '%s': expected K/N, shard K of N shards, with N from 1 "
            "to %d and K from 0 to N - 1 (shards are numbered from 0)",
            text, TOURNEY_MAX_SHARDS);
    }
    if (k >= n) {
        return tourney_error_set(
            err, "bad shard '%s': shards are numbered from 0, so K must be from 0 to %llu", text,
            (unsigned long long)(n - 1));
    }
    shard->index = (uint32_t)k;
    shard->count = (uint32_t)n;
    return 0;
}

uint64_t tourney_shard_games(const struct shard *shard, uint64_t games)
{
    if (shard->count == 0) {
        return games;
    }
    uint64_t matches = (games + 1) / 2;
    uint64_t mine = matches / shard->count + (shard->index < matches % shard->count);
    uint64_t count = 2 * mine;
    /* An odd last game is a mini-match of one. */
    if (games % 2 == 1 && (matches - 1) % shard->count == shard->index) {
        count--;
    }
    return count;
}
