/*
 * games/connect4/connect4_text.c - Connect Four moves and positions as text.
 *
 * A move is written as its column counted from 1 ("4"). A position is read
 * either as a move string, the columns played from the empty board one digit
 * each ("4453": x in 4, o in 4, x in 5, o in 3), as the public test sets
 * write positions, or as a drawn board, the top row first ("x", "o" or "."
 * a cell), as format_state writes it.
 */
#include <stdio.h>
#include <string.h>

#include "connect4_game.h"

int32_t connect4_format_move(const void *game, tourney_move move, char *buf, uint64_t size)
{
    const struct connect4_game *g = game;

    if (buf == NULL || size == 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (move < 0 || move >= g->columns) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    int n = snprintf(buf, size, "%d", move + 1);
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    return TOURNEY_OK;
}

static uint64_t cell_bit(const struct connect4_game *g, int column, int row)
{
    return UINT64_C(1) << (column * g->height + row);
}

int32_t connect4_format_state(const void *game, const void *state, char *buf, uint64_t size)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;
    /* Each row is columns symbols, columns - 1 spaces and a newline. */
    size_t needed = (size_t)g->rows * (size_t)(2 * g->columns) + 1;

    if (buf == NULL || size == 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (size < needed) {
        buf[0] = '\0';
        return TOURNEY_ERR_INVALID;
    }
    uint64_t mask = connect4_get_mask(s);
    uint64_t position = connect4_get_position(s);
    uint64_t x = (s->ply & 1) == 0 ? position : position ^ mask;
    char *p = buf;
    for (int r = g->rows - 1; r >= 0; r--) {
        for (int c = 0; c < g->columns; c++) {
            uint64_t bit = cell_bit(g, c, r);
            *p++ = (mask & bit) == 0 ? '.' : (x & bit) != 0 ? 'x' : 'o';
            *p++ = c + 1 < g->columns ? ' ' : '\n';
        }
    }
    *p = '\0';
    return TOURNEY_OK;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Plays the move string in [begin, end) from the empty board into `s`. */
static int read_moves(const struct connect4_game *g, const char *begin, const char *end,
                      struct connect4_state *s)
{
    memset(s, 0, sizeof(*s));
    for (const char *p = begin; p < end; p++) {
        int column = *p - '1';
        if (*p < '1' || *p > '9' || column >= g->columns) {
            return TOURNEY_ERR_INVALID;
        }
        /* No moves once the game is over, none into a full column. */
        uint64_t playable = connect4_playable(g, connect4_get_mask(s));
        if (s->status != TOURNEY_ONGOING || (playable & connect4_column(g, column)) == 0) {
            return TOURNEY_ERR_INVALID;
        }
        connect4_apply(g, s, column);
    }
    return TOURNEY_OK;
}

/* Reads a drawn board, the top row first, into `s`. Checks that stones rest
 * on stones, that x has as many stones as o or one more, and that a four, if
 * there is one, is the last mover's and one of its top stones could have
 * completed it; it does not search for a whole order of moves. */
static int read_board(const struct connect4_game *g, const char *text, struct connect4_state *s)
{
    uint64_t stones[2] = {0, 0};
    int count[2] = {0, 0};
    int n = 0;

    for (const char *p = text; *p != '\0'; p++) {
        int player;
        if (is_space(*p) || *p == '/') {
            continue;
        } else if (*p == 'x' || *p == 'X') {
            player = 0;
        } else if (*p == 'o' || *p == 'O') {
            player = 1;
        } else if (*p == '.' || *p == '-' || *p == '_') {
            player = -1;
        } else {
            return TOURNEY_ERR_INVALID;
        }
        if (n == g->columns * g->rows) {
            return TOURNEY_ERR_INVALID;
        }
        if (player >= 0) {
            stones[player] |= cell_bit(g, n % g->columns, g->rows - 1 - n / g->columns);
            count[player]++;
        }
        n++;
    }
    if (n != g->columns * g->rows) {
        return TOURNEY_ERR_INVALID;
    }
    uint64_t mask = stones[0] | stones[1];
    /* Every stone above the bottom row has one below it. */
    if ((mask & ~g->bottom & ~(mask << 1)) != 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (count[0] != count[1] && count[0] != count[1] + 1) {
        return TOURNEY_ERR_INVALID;
    }
    int ply = count[0] + count[1];
    int last = (ply + 1) & 1; /* who moved last, when ply > 0 */
    int status = ply == g->columns * g->rows ? TOURNEY_DRAW : TOURNEY_ONGOING;
    if (connect4_has_four(g, stones[!last])) {
        return TOURNEY_ERR_INVALID;
    }
    if (connect4_has_four(g, stones[last])) {
        /* The game stopped at the move that made it: without one of the
         * last mover's top stones there was no four yet. */
        uint64_t tops = mask & ~(mask >> 1) & g->board & stones[last];
        int completed = 0;
        for (int c = 0; c < g->columns; c++) {
            uint64_t top = tops & connect4_column(g, c);
            if (top != 0 && !connect4_has_four(g, stones[last] ^ top)) {
                completed = 1;
            }
        }
        if (!completed) {
            return TOURNEY_ERR_INVALID;
        }
        status = last == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    }
    memset(s, 0, sizeof(*s));
    connect4_set_position(s, stones[ply & 1]);
    connect4_set_mask(s, mask);
    s->ply = (uint8_t)ply;
    s->status = (uint8_t)status;
    return TOURNEY_OK;
}

int32_t connect4_parse_state(const void *game, const char *text, void *state)
{
    const struct connect4_game *g = game;
    struct connect4_state parsed;

    if (text == NULL) {
        return TOURNEY_ERR_INVALID;
    }
    /* A drawn board has cells; a move string only digits. */
    if (strpbrk(text, "xXoO.-_") != NULL) {
        if (read_board(g, text, &parsed) != TOURNEY_OK) {
            return TOURNEY_ERR_INVALID;
        }
    } else {
        /* Spaces around the moves are fine, spaces within are not: "4453 3"
         * is a test set line, not a position. */
        const char *begin = text;
        const char *end = text + strlen(text);
        while (begin < end && is_space(*begin)) {
            begin++;
        }
        while (end > begin && is_space(end[-1])) {
            end--;
        }
        if (read_moves(g, begin, end, &parsed) != TOURNEY_OK) {
            return TOURNEY_ERR_INVALID;
        }
    }
    /* Written only now, so that a refused text leaves `state` alone. */
    memcpy(state, &parsed, sizeof(parsed));
    return TOURNEY_OK;
}
