/*
 * games/mnk/mnk.c - the m,n,k game: k stones in a row on an m x n board
 * (tic-tac-toe is 3,3,3). Player 0 plays "x" and moves first, player 1 "o".
 * A move is a cell index, row-major: move = row * cols + col.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "mnk.h"

/* A window: k consecutive cells starting at `start`, `step` apart. */
struct mnk_window {
    int16_t start;
    int16_t step;
};

/* The rules chosen by the parameters, plus tables computed once so that the
 * hot functions only read. */
struct mnk_game {
    int rows;
    int cols;
    int k;
    int cells;
    /* Value of a window holding c stones of one colour and none of the other. */
    int64_t weight[MNK_MAX_SIDE + 1];
    /* Zobrist keys: one per cell and colour, one for "o to move", and a base
     * so that the empty board does not hash to 0 (a common "empty slot"). */
    uint64_t zobrist[MNK_MAX_CELLS][2];
    uint64_t zobrist_o_to_move;
    uint64_t zobrist_base;
    int window_count;
    struct mnk_window windows[]; /* every window of k cells, 4 directions */
};

/* Row and column steps of the four line directions: right, down, down-right,
 * down-left. */
static const int dir_rows[4] = {0, 1, 1, 1};
static const int dir_cols[4] = {1, 0, 1, -1};

static const struct tourney_param_desc mnk_params[] = {
    {
        .name = "rows",
        .type = TOURNEY_PARAM_INT,
        .default_value = "3",
        .min = 1,
        .max = MNK_MAX_SIDE,
        .help = "rows of the board",
    },
    {
        .name = "cols",
        .type = TOURNEY_PARAM_INT,
        .default_value = "3",
        .min = 1,
        .max = MNK_MAX_SIDE,
        .help = "columns of the board",
    },
    {
        .name = "k",
        .type = TOURNEY_PARAM_INT,
        .default_value = "3",
        .min = 1,
        .max = MNK_MAX_SIDE,
        .help = "stones in a row (across, down or diagonally) needed to win",
    },
};

#define MNK_PARAM_COUNT (sizeof(mnk_params) / sizeof(mnk_params[0]))

static int get_ply(const struct mnk_state *s)
{
    return s->ply_low | (s->ply_high << 8);
}

static void set_ply(struct mnk_state *s, int ply)
{
    s->ply_low = (uint8_t)(ply & 0xff);
    s->ply_high = (uint8_t)(ply >> 8);
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Whether create may write a reason into `error`. */
static int can_report(const char *error, size_t error_size)
{
    return error != NULL && error_size > 0;
}

/* Counts every window of k cells (or fills them when `out` is not NULL). */
static int list_windows(int rows, int cols, int k, struct mnk_window *out)
{
    int n = 0;
    /* With k = 1 every direction yields the same one-cell windows. */
    int directions = k == 1 ? 1 : 4;

    for (int d = 0; d < directions; d++) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int end_r = r + (k - 1) * dir_rows[d];
                int end_c = c + (k - 1) * dir_cols[d];
                if (end_r >= rows || end_c < 0 || end_c >= cols) {
                    continue;
                }
                if (out != NULL) {
                    out[n].start = (int16_t)(r * cols + c);
                    out[n].step = (int16_t)(dir_rows[d] * cols + dir_cols[d]);
                }
                n++;
            }
        }
    }
    return n;
}

static int mnk_create(const struct tourney_param_value *values, void **out,
                      struct tourney_game_info *info, char *error, size_t error_size)
{
    if (values == NULL || out == NULL || info == NULL) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "mnk: missing parameters");
        }
        return TOURNEY_ERR_INVALID;
    }
    /* The runner checks the ranges already; tests and other hosts may not. */
    for (size_t i = 0; i < MNK_PARAM_COUNT; i++) {
        if (values[i].i < mnk_params[i].min || values[i].i > mnk_params[i].max) {
            if (can_report(error, error_size)) {
                snprintf(error, error_size, "%s = %lld is not in %d..%d", mnk_params[i].name,
                         (long long)values[i].i, (int)mnk_params[i].min, (int)mnk_params[i].max);
            }
            return TOURNEY_ERR_INVALID;
        }
    }
    int rows = (int)values[0].i;
    int cols = (int)values[1].i;
    int k = (int)values[2].i;
    if (k > rows && k > cols) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "k = %d cannot fit on a %dx%d board", k, rows, cols);
        }
        return TOURNEY_ERR_INVALID;
    }

    int window_count = list_windows(rows, cols, k, NULL);
    struct mnk_game *game =
        calloc(1, sizeof(*game) + (size_t)window_count * sizeof(game->windows[0]));
    if (game == NULL) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "mnk: out of memory");
        }
        return TOURNEY_ERR_NOMEM;
    }
    game->rows = rows;
    game->cols = cols;
    game->k = k;
    game->cells = rows * cols;
    game->window_count = list_windows(rows, cols, k, game->windows);

    /* 1, 10, 100, ...: one more stone in an open window outweighs many
     * windows with one stone less. Capped so that sums cannot overflow. */
    int64_t w = 1;
    for (int c = 1; c <= k; c++) {
        game->weight[c] = w;
        if (w < TOURNEY_EVAL_LIMIT) {
            w *= 10;
        }
    }

    /* Fixed seed: hashes are the same in every process and every run. */
    uint64_t seed = UINT64_C(0x746f75726e65792d);
    for (int i = 0; i < MNK_MAX_CELLS; i++) {
        game->zobrist[i][0] = splitmix64(&seed);
        game->zobrist[i][1] = splitmix64(&seed);
    }
    game->zobrist_o_to_move = splitmix64(&seed);
    game->zobrist_base = splitmix64(&seed);

    info->state_size = sizeof(struct mnk_state) + (size_t)game->cells;
    info->move_limit = game->cells;
    info->max_plies = game->cells;
    *out = game;
    return TOURNEY_OK;
}

static void mnk_destroy(void *game)
{
    free(game);
}

static void mnk_initial_state(const void *game, void *state)
{
    const struct mnk_game *g = game;
    memset(state, 0, sizeof(struct mnk_state) + (size_t)g->cells);
}

static int mnk_to_move(const void *game, const void *state)
{
    (void)game;
    return get_ply(state) & 1;
}

static int mnk_status(const void *game, const void *state)
{
    (void)game;
    const struct mnk_state *s = state;
    return s->status;
}

static int mnk_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    int n = 0;

    if (s->status != TOURNEY_ONGOING) {
        return 0;
    }
    for (int i = 0; i < g->cells; i++) {
        if (s->cells[i] == MNK_EMPTY) {
            moves[n++] = i;
        }
    }
    return n;
}

/* Stones of `stone` in a row starting next to (r, c) in direction (dr, dc). */
static int run_length(const struct mnk_game *g, const struct mnk_state *s, int r, int c, int dr,
                      int dc, uint8_t stone)
{
    int n = 0;
    r += dr;
    c += dc;
    while (r >= 0 && r < g->rows && c >= 0 && c < g->cols && s->cells[r * g->cols + c] == stone) {
        n++;
        r += dr;
        c += dc;
    }
    return n;
}

static void mnk_apply(const void *game, void *state, tourney_move move)
{
    const struct mnk_game *g = game;
    struct mnk_state *s = state;

    /* An illegal move is the caller's bug, but never write out of bounds. */
    if (move < 0 || move >= g->cells) {
        return;
    }
    int ply = get_ply(s);
    uint8_t stone = (uint8_t)(MNK_X + (ply & 1));
    s->cells[move] = stone;
    set_ply(s, ply + 1);

    /* Only a line through the new stone can have appeared. */
    int r = move / g->cols;
    int c = move % g->cols;
    for (int d = 0; d < 4; d++) {
        int line = 1 + run_length(g, s, r, c, dir_rows[d], dir_cols[d], stone) +
                   run_length(g, s, r, c, -dir_rows[d], -dir_cols[d], stone);
        if (line >= g->k) {
            s->status = stone == MNK_X ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
            return;
        }
    }
    if (ply + 1 == g->cells) {
        s->status = TOURNEY_DRAW;
    }
}

static void mnk_undo(const void *game, void *state, tourney_move move)
{
    const struct mnk_game *g = game;
    struct mnk_state *s = state;

    if (move < 0 || move >= g->cells) {
        return;
    }
    s->cells[move] = MNK_EMPTY;
    set_ply(s, get_ply(s) - 1);
    /* The move was legal, so the game was ongoing before it. */
    s->status = TOURNEY_ONGOING;
}

static int32_t mnk_evaluate(const void *game, const void *state)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    uint8_t mine = (uint8_t)(MNK_X + (get_ply(s) & 1));
    int64_t total = 0;

    for (int w = 0; w < g->window_count; w++) {
        int cell = g->windows[w].start;
        int step = g->windows[w].step;
        int own = 0;
        int other = 0;
        for (int i = 0; i < g->k; i++, cell += step) {
            uint8_t v = s->cells[cell];
            if (v == mine) {
                own++;
            } else if (v != MNK_EMPTY) {
                other++;
            }
        }
        /* A window holding both colours can never become a line. */
        if (other == 0) {
            total += g->weight[own];
        } else if (own == 0) {
            total -= g->weight[other];
        }
    }
    /* A symmetric clamp keeps the evaluation antisymmetric. */
    if (total > TOURNEY_EVAL_LIMIT) {
        total = TOURNEY_EVAL_LIMIT;
    } else if (total < -TOURNEY_EVAL_LIMIT) {
        total = -TOURNEY_EVAL_LIMIT;
    }
    return (int32_t)total;
}

static uint64_t mnk_hash(const void *game, const void *state)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    uint64_t h = g->zobrist_base;

    for (int i = 0; i < g->cells; i++) {
        if (s->cells[i] != MNK_EMPTY) {
            h ^= g->zobrist[i][s->cells[i] - MNK_X];
        }
    }
    if (get_ply(s) & 1) {
        h ^= g->zobrist_o_to_move;
    }
    return h;
}

static int mnk_format_move(const void *game, tourney_move move, char *buf, size_t size)
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

static int mnk_format_state(const void *game, const void *state, char *buf, size_t size)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
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
    for (int r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->cols; c++) {
            uint8_t v = s->cells[r * g->cols + c];
            *p++ = v <= MNK_O ? symbols[v] : '?';
            *p++ = c + 1 < g->cols ? ' ' : '\n';
        }
    }
    *p = '\0';
    return TOURNEY_OK;
}

/* Which colours (bit 0: x, bit 1: o) have k in a row somewhere on `cells`. */
static int lines_present(const struct mnk_game *g, const uint8_t *cells)
{
    int found = 0;

    for (int w = 0; w < g->window_count; w++) {
        int cell = g->windows[w].start;
        uint8_t first = cells[cell];
        int i = 1;
        if (first == MNK_EMPTY) {
            continue;
        }
        for (cell += g->windows[w].step; i < g->k; i++, cell += g->windows[w].step) {
            if (cells[cell] != first) {
                break;
            }
        }
        if (i == g->k) {
            found |= first == MNK_X ? 1 : 2;
        }
    }
    return found;
}

static int mnk_parse_state(const void *game, const char *text, void *state)
{
    const struct mnk_game *g = game;
    uint8_t cells[MNK_MAX_CELLS];
    int n = 0;
    int count[3] = {0, 0, 0};

    if (text == NULL) {
        return TOURNEY_ERR_INVALID;
    }
    /* Read into a local board so that `state` is untouched on failure. */
    for (const char *p = text; *p != '\0'; p++) {
        uint8_t v;
        switch (*p) {
        case 'x':
        case 'X':
            v = MNK_X;
            break;
        case 'o':
        case 'O':
            v = MNK_O;
            break;
        case '.':
        case '-':
        case '_':
            v = MNK_EMPTY;
            break;
        case ' ':
        case '\t':
        case '\n':
        case '\r':
        case '\v':
        case '\f':
        case '/':
            continue;
        default:
            return TOURNEY_ERR_INVALID;
        }
        if (n == g->cells) {
            return TOURNEY_ERR_INVALID;
        }
        cells[n++] = v;
        count[v]++;
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
    int lines = lines_present(g, cells);
    if (lines == 3) {
        return TOURNEY_ERR_INVALID;
    } else if (lines == 1) {
        if ((ply & 1) == 0) {
            return TOURNEY_ERR_INVALID;
        }
        status = TOURNEY_WIN_FIRST;
    } else if (lines == 2) {
        if ((ply & 1) == 1) {
            return TOURNEY_ERR_INVALID;
        }
        status = TOURNEY_WIN_SECOND;
    } else if (ply == g->cells) {
        status = TOURNEY_DRAW;
    }

    struct mnk_state *s = state;
    memset(s, 0, sizeof(*s));
    set_ply(s, ply);
    s->status = (uint8_t)status;
    memcpy(s->cells, cells, (size_t)g->cells);
    return TOURNEY_OK;
}

static const struct tourney_game_api mnk_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "mnk",
    .description = "m,n,k game: k in a row on an m x n board (3,3,3 is tic-tac-toe)",
    .params = mnk_params,
    .param_count = MNK_PARAM_COUNT,
    .create = mnk_create,
    .destroy = mnk_destroy,
    .initial_state = mnk_initial_state,
    .to_move = mnk_to_move,
    .legal_moves = mnk_legal_moves,
    .apply = mnk_apply,
    .undo = mnk_undo,
    .status = mnk_status,
    .evaluate = mnk_evaluate,
    .hash = mnk_hash,
    .format_move = mnk_format_move,
    .format_state = mnk_format_state,
    .parse_state = mnk_parse_state,
};

TOURNEY_GAME_ENTRY(mnk_api)
