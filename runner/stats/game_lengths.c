#include "game_lengths.h"

#include <string.h>

void tourney_game_lengths_init(struct game_lengths *lengths)
{
    memset(lengths, 0, sizeof(*lengths));
    lengths->width = 1;
}

/* Bin b takes bins 2b and 2b + 1: counts stay exact, the width doubles. */
static void merge_pairs(struct game_lengths *lengths)
{
    for (size_t b = 0; b < GAME_LENGTH_BINS / 2; b++) {
        lengths->counts[b] = lengths->counts[2 * b] + lengths->counts[2 * b + 1];
    }
    memset(&lengths->counts[GAME_LENGTH_BINS / 2], 0,
           GAME_LENGTH_BINS / 2 * sizeof(lengths->counts[0]));
    lengths->width *= 2;
}

void tourney_game_lengths_add(struct game_lengths *lengths, uint64_t plies)
{
    while (plies / lengths->width >= GAME_LENGTH_BINS) {
        merge_pairs(lengths);
    }
    lengths->counts[plies / lengths->width]++;
    if (lengths->games == 0 || plies < lengths->min) {
        lengths->min = plies;
    }
    if (plies > lengths->max) {
        lengths->max = plies;
    }
    lengths->games++;
}

void tourney_game_lengths_span(const struct game_lengths *lengths, size_t *first, size_t *count)
{
    *first = 0;
    *count = 0;
    if (lengths->games > 0) {
        *first = (size_t)(lengths->min / lengths->width);
        *count = (size_t)(lengths->max / lengths->width) - *first + 1;
    }
}
