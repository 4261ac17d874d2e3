/*
 * games/mnk/mnk_text.c - moves and positions of the m,n,k game as text:
 * moves as a column letter and a row number ("b2"), positions as the cells
 * row by row ("x . o / . x . / . . o").
 */
#include <stdio.h>
#include <string.h>

#include "mnk_game.h"

int32_t mnk_format_move(const void *game, tourney_move move, char *buf, uint64_t size)
{
    const struct mnk_game *g = game;

    if (buf == NULL || size == 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (move < 0 || move >= g->cells) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    int n = snprintf(buf, size, "%c%d", 'a' + move % g->cols, move / g->cols + 1);
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    return TOURNEY_OK;
}

int32_t mnk_format_state(const void *game, const void *state, char *buf, uint64_t size)
{
    const struct mnk_game *g = game;
    static const char symbols[] = {'.', 'x', 'o'};
    /* Each row is cols symbols, cols - 1 spaces and a newline. */
    size_t needed = (size_t)g->rows * (size_t)(2 * g->cols) + 1;

    if (buf == NULL || size == 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (size < needed) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    char *p = buf;
    for (int cell = 0; cell < g->cells; cell++) {
        *p++ = symbols[mnk_cell_at(state, g->cells, cell)];
        *p++ = (cell + 1) % g->cols != 0 ? ' ' : '\n';
    }
    *p = '\0';
    return TOURNEY_OK;
}

/* What one character of a written board means: a cell (MNK_EMPTY, MNK_X or
 * MNK_O), a separator to skip (-1), or nothing readable (-2). */
static int read_symbol(char c)
{
    switch (c) {
    case 'x':
    case 'X':
        return MNK_X;
    case 'o':
    case 'O':
        return MNK_O;
    case '.':
    case '-':
    case '_':
        return MNK_EMPTY;
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case '\v':
    case '\f':
    case '/':
        return -1;
    default:
        return -2;
    }
}

int32_t mnk_parse_state(const void *game, const char *text, void *state)
{
    const struct mnk_game *g = game;
    struct mnk_bits stones[2];
    int n = 0;
    int count[3] = {0, 0, 0};

    if (text == NULL) {
        return TOURNEY_ERR_INVALID;
    }
    /* Read into local bitboards so that `state` is untouched on failure. */
    memset(stones, 0, sizeof(stones));
    for (const char *p = text; *p != '\0'; p++) {
        int v = read_symbol(*p);
        if (v == -1) {
            continue;
        }
        if (v == -2 || n == g->cells) {
            return TOURNEY_ERR_INVALID;
        }
        if (v != MNK_EMPTY) {
            stones[v - MNK_X].w[n / 64] |= UINT64_C(1) << (n % 64);
        }
        count[v]++;
        n++;
    }
    if (n != g->cells) {
        return TOURNEY_ERR_INVALID;
    }
    /* x moves first, so it has as many stones as o or one more. */
    int ply = count[MNK_X] + count[MNK_O];
    if (count[MNK_X] != count[MNK_O] && count[MNK_X] != count[MNK_O] + 1) {
        return TOURNEY_ERR_INVALID;
    }

    /* The game stops at the first line, so at most one side has one, and
     * it is the side that moved last. */
    int status = TOURNEY_ONGOING;
    bool x_line = mnk_has_line(g, &stones[0]);
    bool o_line = mnk_has_line(g, &stones[1]);
    if (x_line && o_line) {
        return TOURNEY_ERR_INVALID;
    } else if (x_line) {
        if ((ply & 1) == 0) {
            return TOURNEY_ERR_INVALID;
        }
        status = TOURNEY_WIN_FIRST;
    } else if (o_line) {
        if ((ply & 1) == 1) {
            return TOURNEY_ERR_INVALID;
        }
        status = TOURNEY_WIN_SECOND;
    } else if (ply == g->cells) {
        status = TOURNEY_DRAW;
    }

    struct mnk_state *s = state;
    memset(s, 0, mnk_state_size(g->cells));
    mnk_set_ply(s, ply);
    s->status = (uint8_t)status;
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < g->words; i++) {
            mnk_set_word(s, g->words, p, i, stones[p].w[i]);
        }
    }
    mnk_set_hash(s, mnk_hash_from_scratch(g, stones, ply));
    return TOURNEY_OK;
}
