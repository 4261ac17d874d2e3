/*
 * games/connect4/connect4_game.h - the Connect Four game instance and the
 * functions the plugin's files share. Private to the plugin (and its tests).
 */
#ifndef TOURNEY_GAMES_CONNECT4_GAME_H
#define TOURNEY_GAMES_CONNECT4_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/game.h>

#include "connect4.h"

/* The most windows of four cells a board can have: at most four (one per
 * direction) start on each bit. */
#define CONNECT4_MAX_WINDOWS (4 * CONNECT4_MAX_BITS)

/* The rules chosen by the parameters, plus masks computed once. */
struct connect4_game {
    int columns;
    int rows;
    int height;      /* bits a column takes: rows + 1 */
    uint64_t bottom; /* the bottom cell of every column */
    uint64_t board;  /* every cell */
    /* Each column's place when columns are ordered by distance to the
     * centre, ties to the left. */
    int centre_rank[CONNECT4_MAX_COLUMNS];
    uint64_t centre; /* the cells of the middle column(s), for evaluate */
    /* The column of each bit of the board, the bit above a column's top
     * cell included. */
    uint8_t bit_column[CONNECT4_MAX_BITS];
    /* Every window of four cells in a line (every place a four can be). */
    int window_count;
    uint64_t windows[CONNECT4_MAX_WINDOWS];
};

/* ---- connect4_lines.c: fours on the bitboard ---- */

/* Fills height, bottom, board, centre and the windows of a game whose
 * columns and rows are set. */
void connect4_build_masks(struct connect4_game *g);

/* Every cell of column c. */
static inline uint64_t connect4_column(const struct connect4_game *g, int c)
{
    return ((UINT64_C(1) << g->rows) - 1) << (c * g->height);
}

/* Whether `stones` hold four in a row. */
bool connect4_has_four(const struct connect4_game *g, uint64_t stones);

/* The empty cells (outside `mask`) on which one more stone would give
 * `stones` four in a row, playable now or not. */
uint64_t connect4_winning_spots(const struct connect4_game *g, uint64_t stones, uint64_t mask);

/* ---- connect4_text.c: moves and positions as text ---- */

int32_t connect4_format_move(const void *game, tourney_move move, char *buf, uint64_t size);
int32_t connect4_format_state(const void *game, const void *state, char *buf, uint64_t size);
int32_t connect4_parse_state(const void *game, const char *text, void *state);

/* ---- connect4.c: the rules, shared with connect4_text.c ---- */

/* The cells where a stone can go now: the lowest empty cell of each column
 * that is not full. */
static inline uint64_t connect4_playable(const struct connect4_game *g, uint64_t mask)
{
    /* Adding a column's bottom bit carries through its stones to the first
     * empty cell; a full column carries into the bit above it. */
    return (mask + g->bottom) & g->board;
}

/* The plugin's apply: plays column `move` for the player to move. */
void connect4_apply(const void *game, void *state, tourney_move move);

#endif /* TOURNEY_GAMES_CONNECT4_GAME_H */
