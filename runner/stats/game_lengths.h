/*
 * game_lengths.h - how many plies the games lasted, as a histogram of equal
 * bins that stays the same size however long the games: the bins start one
 * ply wide, and when a game does not fit, neighbouring bins are merged in
 * pairs and the width doubles. Every count stays exact; only the bins grow.
 */
#ifndef TOURNEY_RUNNER_GAME_LENGTHS_H
#define TOURNEY_RUNNER_GAME_LENGTHS_H

#include <stddef.h>
#include <stdint.h>

#define GAME_LENGTH_BINS 64

struct game_lengths {
    uint64_t games;
    uint64_t width;                    /* plies per bin: 1, 2, 4, ... */
    uint64_t counts[GAME_LENGTH_BINS]; /* bin b: games of b * width to (b + 1) * width - 1 plies */
    uint64_t min;                      /* of the games counted; 0 without games */
    uint64_t max;
};

void tourney_game_lengths_init(struct game_lengths *lengths);
void tourney_game_lengths_add(struct game_lengths *lengths, uint64_t plies);

/* The bins from the one of the shortest game to the one of the longest, as
 * [*first, *first + *count): none without games. */
void tourney_game_lengths_span(const struct game_lengths *lengths, size_t *first, size_t *count);

#endif /* TOURNEY_RUNNER_GAME_LENGTHS_H */
