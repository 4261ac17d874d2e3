/*
 * games/mnk/mnk_lines.c - lines of k on the m,n,k bitboards.
 *
 * A line of k in a direction is k cells, each `step` bits above the one
 * before. Shifting a bitboard down by i * step moves the cell i steps along
 * the line onto the line's first cell, so ANDing the board shifted by 0, 1,
 * ..., k - 1 steps leaves a bit on the first cell of every full line. Shifts
 * also pair cells that are not neighbours on the board (the end of one row
 * with the start of the next); ANDing with `starts`, the cells where a line
 * in that direction fits on the board, throws those pairings away.
 */
#include <string.h>

#include "mnk_game.h"

/* Row and column steps of the four line directions: right, down, down-right,
 * down-left. */
static const int dir_rows[4] = {0, 1, 1, 1};
static const int dir_cols[4] = {1, 0, 1, -1};

/* out = in shifted towards lower cells by n bits (bit p of out is bit p + n
 * of in). out may be in. */
static void shift_down(struct mnk_bits *out, const struct mnk_bits *in, int n, int words)
{
    int q = n / 64;
    int r = n % 64;

    for (int i = 0; i < words; i++) {
        uint64_t lo = i + q < words ? in->w[i + q] : 0;
        uint64_t hi = i + q + 1 < words ? in->w[i + q + 1] : 0;
        /* A shift by 64 is undefined: r = 0 takes the word as it is. */
        out->w[i] = r == 0 ? lo : (lo >> r) | (hi << (64 - r));
    }
}

/* out = in shifted towards higher cells by n bits; bits pushed past the last
 * word are lost. out may be in. */
static void shift_up(struct mnk_bits *out, const struct mnk_bits *in, int n, int words)
{
    int q = n / 64;
    int r = n % 64;

    /* From the top down, so that an in-place shift reads only words it has
     * not written yet. */
    for (int i = words - 1; i >= 0; i--) {
        uint64_t hi = i - q >= 0 ? in->w[i - q] : 0;
        uint64_t lo = i - q - 1 >= 0 ? in->w[i - q - 1] : 0;
        out->w[i] = r == 0 ? hi : (hi << r) | (lo >> (64 - r));
    }
}

static void and_into(struct mnk_bits *out, const struct mnk_bits *in, int words)
{
    for (int i = 0; i < words; i++) {
        out->w[i] &= in->w[i];
    }
}

static bool is_empty(const struct mnk_bits *b, int words)
{
    uint64_t any = 0;
    for (int i = 0; i < words; i++) {
        any |= b->w[i];
    }
    return any == 0;
}

static void set_cell(uint64_t *mask, int cell)
{
    mask[cell / 64] |= UINT64_C(1) << (cell % 64);
}

/* Whether a line of k cells in direction d starting at (r, c) fits. */
static bool line_fits(int rows, int cols, int k, int d, int r, int c)
{
    int end_r = r + (k - 1) * dir_rows[d];
    int end_c = c + (k - 1) * dir_cols[d];
    return end_r < rows && end_c >= 0 && end_c < cols;
}

int mnk_list_windows(int rows, int cols, int k, int words, uint64_t *masks)
{
    int n = 0;
    /* With k = 1 every direction yields the same one-cell windows. */
    int directions = k == 1 ? 1 : 4;

    for (int d = 0; d < directions; d++) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (!line_fits(rows, cols, k, d, r, c)) {
                    continue;
                }
                if (masks != NULL) {
                    uint64_t *mask = masks + (size_t)n * (size_t)words;
                    memset(mask, 0, sizeof(*mask) * (size_t)words);
                    for (int i = 0; i < k; i++) {
                        set_cell(mask, (r + i * dir_rows[d]) * cols + c + i * dir_cols[d]);
                    }
                }
                n++;
            }
        }
    }
    return n;
}

void mnk_build_lines(struct mnk_game *g)
{
    int directions = g->k == 1 ? 1 : 4;

    memset(&g->board, 0, sizeof(g->board));
    for (int cell = 0; cell < g->cells; cell++) {
        set_cell(g->board.w, cell);
    }
    /* Only directions in which a line fits somewhere, which also keeps every
     * shift below the size of the board. */
    g->direction_count = 0;
    for (int d = 0; d < directions; d++) {
        struct mnk_bits starts;
        memset(&starts, 0, sizeof(starts));
        for (int r = 0; r < g->rows; r++) {
            for (int c = 0; c < g->cols; c++) {
                if (line_fits(g->rows, g->cols, g->k, d, r, c)) {
                    set_cell(starts.w, r * g->cols + c);
                }
            }
        }
        if (!is_empty(&starts, g->words)) {
            g->step[g->direction_count] = dir_rows[d] * g->cols + dir_cols[d];
            g->starts[g->direction_count] = starts;
            g->direction_count++;
        }
    }
}

bool mnk_has_line(const struct mnk_game *g, const struct mnk_bits *stones)
{
    int words = g->words;

    for (int d = 0; d < g->direction_count; d++) {
        struct mnk_bits run = g->starts[d];
        and_into(&run, stones, words);
        for (int i = 1; i < g->k && !is_empty(&run, words); i++) {
            struct mnk_bits shifted;
            shift_down(&shifted, stones, i * g->step[d], words);
            and_into(&run, &shifted, words);
        }
        if (!is_empty(&run, words)) {
            return true;
        }
    }
    return false;
}

static bool holds(const struct mnk_bits *stones, int cell)
{
    return (stones->w[cell / 64] >> (cell % 64) & 1) != 0;
}

static int at_most(int a, int b)
{
    return a < b ? a : b;
}

bool mnk_has_line_through(const struct mnk_game *g, const struct mnk_bits *stones, int cell)
{
    int k = g->k;
    int row = cell / g->cols;
    int col = cell % g->cols;
    int left = col;
    int right = g->cols - 1 - col;
    int up = row;
    int down = g->rows - 1 - row;
    /* The directions of dir_rows and dir_cols as bit steps, and how many
     * cells the board holds from `cell` on along each, forwards (to higher
     * cells) and backwards. */
    const int step[4] = {1, g->cols, g->cols + 1, g->cols - 1};
    const int forwards[4] = {right, down, at_most(down, right), at_most(down, left)};
    const int backwards[4] = {left, up, at_most(up, left), at_most(up, right)};

    /* In each direction, the stones next to the cell on either side, one
     * after another, as far as k in all. */
    for (int d = 0; d < 4; d++) {
        int ahead = at_most(forwards[d], k - 1);
        int behind = at_most(backwards[d], k - 1);
        if (ahead + behind + 1 < k) {
            continue; /* no line in this direction fits through the cell */
        }
        int run = 1;
        for (int i = 1; i <= ahead && holds(stones, cell + i * step[d]); i++) {
            run++;
        }
        for (int i = 1; i <= behind && holds(stones, cell - i * step[d]); i++) {
            run++;
        }
        if (run >= k) {
            return true;
        }
    }
    return false;
}

/* mnk_winning_spots on a board of one word (64 cells or fewer), the same
 * steps on plain integers: the general one moves arrays of words about. */
static uint64_t winning_spots_one_word(const struct mnk_game *g, uint64_t stones)
{
    int k = g->k;
    uint64_t shifted[MNK_MAX_SIDE];
    uint64_t after[MNK_MAX_SIDE];
    uint64_t spots = 0;

    for (int d = 0; d < g->direction_count; d++) {
        uint64_t starts = g->starts[d].w[0];
        uint64_t before = starts;

        for (int i = 0; i < k; i++) {
            int n = i * g->step[d];
            shifted[i] = n < 64 ? stones >> n : 0;
        }
        after[k - 1] = starts;
        for (int j = k - 2; j >= 0; j--) {
            after[j] = after[j + 1] & shifted[j + 1];
        }
        for (int j = 0; j < k; j++) {
            int n = j * g->step[d];
            spots |= n < 64 ? (before & after[j]) << n : 0;
            before &= shifted[j];
        }
    }
    return spots;
}

void mnk_winning_spots(const struct mnk_game *g, const struct mnk_bits *stones,
                       const struct mnk_bits *empty, struct mnk_bits *spots)
{
    int words = g->words;

    if (words == 1) {
        memset(spots, 0, sizeof(*spots));
        spots->w[0] = winning_spots_one_word(g, stones->w[0]) & empty->w[0];
        return;
    }
    int k = g->k;
    /* shifted[i]: the stones i steps along the line, seen from its start. */
    struct mnk_bits shifted[MNK_MAX_SIDE];
    /* after[j]: line starts whose cells past the j-th all hold stones. */
    struct mnk_bits after[MNK_MAX_SIDE];

    memset(spots, 0, sizeof(*spots));
    for (int d = 0; d < g->direction_count; d++) {
        for (int i = 0; i < k; i++) {
            shift_down(&shifted[i], stones, i * g->step[d], words);
        }
        after[k - 1] = g->starts[d];
        for (int j = k - 2; j >= 0; j--) {
            after[j] = after[j + 1];
            and_into(&after[j], &shifted[j + 1], words);
        }
        /* A line whose cells other than the j-th all hold stones is won by a
         * stone on its j-th cell. `before` runs over the cells before j. */
        struct mnk_bits before = g->starts[d];
        for (int j = 0; j < k; j++) {
            struct mnk_bits missing_j = before;
            and_into(&missing_j, &after[j], words);
            shift_up(&missing_j, &missing_j, j * g->step[d], words);
            for (int i = 0; i < words; i++) {
                spots->w[i] |= missing_j.w[i];
            }
            and_into(&before, &shifted[j], words);
        }
    }
    and_into(spots, empty, words);
}
