/*
 * games/connect4/connect4_lines.c - fours on the Connect Four bitboard.
 *
 * A line runs in one of four directions, each a fixed distance in bits
 * between neighbouring cells: 1 up a column, height across a row, height - 1
 * and height + 1 along the two diagonals. A step that leaves the board lands
 * on the empty bit above a column or past the last column, so shifted
 * bitboards pair only real neighbours: this is the layout of Pascal Pons's
 * solver, and the two functions below follow his.
 */
#include "connect4_game.h"

/* Shifts that give 0 once the distance reaches the word's width, where C's
 * shifts are undefined: on a tall narrow board three steps across can. */
static uint64_t up(uint64_t x, int n)
{
    return n < 64 ? x << n : 0;
}

static uint64_t down(uint64_t x, int n)
{
    return n < 64 ? x >> n : 0;
}

/* The bit distances of the four directions. */
static void direction_steps(const struct connect4_game *g, int steps[4])
{
    steps[0] = 1;
    steps[1] = g->height;
    steps[2] = g->height - 1;
    steps[3] = g->height + 1;
}

static uint64_t cell_bit(const struct connect4_game *g, int column, int row)
{
    return UINT64_C(1) << (column * g->height + row);
}

void connect4_build_masks(struct connect4_game *g)
{
    /* Column and row steps of the directions, in the order of
     * direction_steps: up, across, down-right, up-right. */
    static const int dir_columns[4] = {0, 1, 1, 1};
    static const int dir_rows[4] = {1, 0, -1, 1};

    g->height = g->rows + 1;
    g->bottom = 0;
    g->board = 0;
    for (int c = 0; c < g->columns; c++) {
        g->bottom |= cell_bit(g, c, 0);
        g->board |= connect4_column(g, c);
    }
    g->centre = connect4_column(g, (g->columns - 1) / 2) | connect4_column(g, g->columns / 2);
    for (int bit = 0; bit < g->columns * g->height; bit++) {
        g->bit_column[bit] = (uint8_t)(bit / g->height);
    }

    g->window_count = 0;
    for (int d = 0; d < 4; d++) {
        for (int c = 0; c < g->columns; c++) {
            for (int r = 0; r < g->rows; r++) {
                int end_c = c + 3 * dir_columns[d];
                int end_r = r + 3 * dir_rows[d];
                if (end_c >= g->columns || end_r < 0 || end_r >= g->rows) {
                    continue;
                }
                uint64_t window = 0;
                for (int i = 0; i < 4; i++) {
                    window |= cell_bit(g, c + i * dir_columns[d], r + i * dir_rows[d]);
                }
                g->windows[g->window_count++] = window;
            }
        }
    }
}

bool connect4_has_four(const struct connect4_game *g, uint64_t stones)
{
    int steps[4];

    direction_steps(g, steps);
    for (int d = 0; d < 4; d++) {
        /* Pairs, then pairs of pairs two steps apart. */
        uint64_t pairs = stones & down(stones, steps[d]);
        if ((pairs & down(pairs, 2 * steps[d])) != 0) {
            return true;
        }
    }
    return false;
}

uint64_t connect4_winning_spots(const struct connect4_game *g, uint64_t stones, uint64_t mask)
{
    int steps[4];
    uint64_t spots = 0;

    direction_steps(g, steps);
    for (int d = 0; d < 4; d++) {
        int s = steps[d];
        /* A spot with three stones on one side of it, ... */
        uint64_t two_below = up(stones, s) & up(stones, 2 * s);
        spots |= two_below & up(stones, 3 * s);
        /* ... two on one side and one on the other, ... */
        spots |= two_below & down(stones, s);
        uint64_t two_above = down(stones, s) & down(stones, 2 * s);
        spots |= two_above & up(stones, s);
        /* ... or three on the other side. */
        spots |= two_above & down(stones, 3 * s);
    }
    return spots & g->board & ~mask;
}
