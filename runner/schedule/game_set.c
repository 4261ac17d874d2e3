#include "game_set.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tourney_game_set_init(struct game_set *set, uint64_t size)
{
    memset(set, 0, sizeof(*set));
    if (size > SIZE_MAX - 8) {
        return -1;
    }
    set->bits = calloc((size_t)(size / 8 + 1), 1);
    if (set->bits == NULL) {
        return -1;
    }
    set->size = size;
    return 0;
}

void tourney_game_set_finish(struct game_set *set)
{
    free(set->bits);
    memset(set, 0, sizeof(*set));
}

bool tourney_game_set_add(struct game_set *set, uint64_t game)
{
    if (tourney_game_set_has(set, game)) {
        return false;
    }
    set->bits[game / 8] |= (unsigned char)(1u << (game % 8));
    set->count++;
    return true;
}

char *tourney_game_set_describe_missing(const struct game_set *set, tourney_game_filter wanted,
                                        const void *context, size_t max_ranges)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (out == NULL) {
        return NULL;
    }
    size_t ranges = 0;
    uint64_t unlisted = 0;
    uint64_t game = 0;
    while (game < set->size) {
        if (tourney_game_set_has(set, game) || (wanted != NULL && !wanted(context, game))) {
            game++;
            continue;
        }
        uint64_t first = game;
        uint64_t last = game;
        while (last + 1 < set->size && !tourney_game_set_has(set, last + 1) &&
               (wanted == NULL || wanted(context, last + 1))) {
            last++;
        }
        uint64_t missing = last - first + 1;
        game = last + 1;
        if (ranges == max_ranges) {
            unlisted += missing;
            continue;
        }
        if (first == last) {
            fprintf(out, "%s%" PRIu64, ranges ? ", " : "", first);
        } else {
            fprintf(out, "%s%" PRIu64 "-%" PRIu64, ranges ? ", " : "", first, last);
        }
        ranges++;
    }
    if (unlisted > 0) {
        fprintf(out, " and %" PRIu64 " more game%s", unlisted, unlisted == 1 ? "" : "s");
    }
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
