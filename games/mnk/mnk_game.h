/*
 * games/mnk/mnk_game.h - the m,n,k game instance and the functions the
 * plugin's files share. Private to the plugin (and its tests).
 */
#ifndef TOURNEY_GAMES_MNK_GAME_H
#define TOURNEY_GAMES_MNK_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/game.h>

#include "mnk.h"

/* One player's stones, or any set of cells: the layout of the state's
 * bitboards, always MNK_MAX_WORDS long so that it can live on the stack.
 * Words at and past the game's `words` are 0. */
struct mnk_bits {
    uint64_t w[MNK_MAX_WORDS];
};

/* The rules chosen by the parameters, plus tables computed once so that the
 * hot functions only read. */
struct mnk_game {
    int rows;
    int cols;
    int k;
    int cells;
    int words; /* 64-bit words in one bitboard */
    /* The line directions in which a line of k fits on the board: the bit
     * distance from a cell to the next one along the line (1 across, cols
     * down, cols + 1 and cols - 1 diagonally), and the cells where such a
     * line can start. */
    int direction_count;
    int step[4];
    struct mnk_bits starts[4];
    struct mnk_bits board; /* every cell */
    /* Value of a window holding c stones of one colour and none of the other. */
    int64_t weight[MNK_MAX_SIDE + 1];
    /* Zobrist keys: one per cell and colour, one for "o to move", and a base
     * so that the empty board does not hash to 0 (a common "empty slot"). */
    uint64_t zobrist[MNK_MAX_CELLS][2];
    uint64_t zobrist_o_to_move;
    uint64_t zobrist_base;
    /* The board's symmetries (8 on a square board, else 4; the identity
     * first): each cell's image under each, for the symmetric hash. */
    int symmetry_count;
    int16_t image[8][MNK_MAX_CELLS];
    /* Each cell's place when cells are ordered by distance to the centre,
     * ties by index: the order of order_moves. */
    int16_t centre_rank[MNK_MAX_CELLS];
    /* Every window of k cells (every place a line can be), `words` words of
     * mask each: what evaluate counts stones in. */
    int window_count;
    uint64_t windows[];
};

/* ---- mnk_lines.c: where lines can be, and finding them ---- */

/* The number of windows of k cells on a rows x cols board; when `masks` is
 * not NULL, also writes each window's mask there, `words` words each. */
int mnk_list_windows(int rows, int cols, int k, int words, uint64_t *masks);

/* Fills board, direction_count, step and starts of a game whose rows, cols,
 * k, cells and words are set. */
void mnk_build_lines(struct mnk_game *g);

/* Whether `stones` hold k in a row. */
bool mnk_has_line(const struct mnk_game *g, const struct mnk_bits *stones);

/* Whether `stones`, which hold `cell`, have k in a row through it: after a
 * move on a board without a line, the only place a line can be. */
bool mnk_has_line_through(const struct mnk_game *g, const struct mnk_bits *stones, int cell);

/* The cells of `empty` on which one more stone would complete k in a row of
 * `stones`. */
void mnk_winning_spots(const struct mnk_game *g, const struct mnk_bits *stones,
                       const struct mnk_bits *empty, struct mnk_bits *spots);

/* ---- mnk_text.c: moves and positions as text ---- */

int32_t mnk_format_move(const void *game, tourney_move move, char *buf, uint64_t size);
int32_t mnk_format_state(const void *game, const void *state, char *buf, uint64_t size);
int32_t mnk_parse_state(const void *game, const char *text, void *state);

/* ---- mnk.c: shared with mnk_text.c ---- */

/* The Zobrist hash of a position, computed from scratch. */
uint64_t mnk_hash_from_scratch(const struct mnk_game *g, const struct mnk_bits stones[2], int ply);

#endif /* TOURNEY_GAMES_MNK_GAME_H */
