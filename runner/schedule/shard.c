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

void tourney_shard_deal(struct shard *shard, uint64_t pairs, uint64_t games)
{
    uint64_t matches = (games + 1) / 2;
    shard->pairs = pairs;
    shard->rounds = pairs > 0 ? (matches + pairs - 1) / pairs : 0;
}

/* How many q from FROM to TO - 1 have q mod N = K. */
static uint64_t dealt_between(uint64_t from, uint64_t to, uint64_t k, uint64_t n)
{
    uint64_t below_to = to / n + (to % n > k);
    uint64_t below_from = from / n + (from % n > k);
    return below_to - below_from;
}

uint64_t tourney_shard_games(const struct shard *shard, uint64_t games)
{
    if (shard->count == 0) {
        return games;
    }
    uint64_t matches = (games + 1) / 2;
    uint64_t mine = 0;
    if (shard->pairs == 0) {
        mine = dealt_between(0, matches, shard->index, shard->count);
    }
    for (uint64_t p = 0; p < shard->pairs && p < matches; p++) {
        /* Pair p's mini-matches in the schedule's first MATCHES, numbered
         * from p * R on. */
        uint64_t played = (matches - p + shard->pairs - 1) / shard->pairs;
        uint64_t first = p * shard->rounds;
        mine += dealt_between(first, first + played, shard->index, shard->count);
    }
    uint64_t count = 2 * mine;
    /* An odd last game is a mini-match of one. */
    if (games % 2 == 1 && tourney_shard_has(shard, games - 1)) {
        count--;
    }
    return count;
}
