/*
 * games/connect4/connect4.c - Connect Four: stones drop into columns, four
 * in a row (across, up or diagonally) wins. Player 0 plays "x" and moves
 * first, player 1 "o". A move is a column, 0 on the left.
 *
 * Positions are bitboards laid out as in Pascal Pons's solver (see
 * connect4.h); fours are found with shifts (connect4_lines.c); the text forms
 * live in connect4_text.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "../common/bits.h"
#include "connect4_game.h"

/* Weights of evaluate: a window of four holding two or three stones of one
 * player and none of the other, and a stone in the middle column(s), where
 * it shares the most windows. */
#define WEIGHT_TWO 4
#define WEIGHT_THREE 16
#define WEIGHT_CENTRE 3

static const struct tourney_param_info connect4_params[] = {
    {
        .name = "columns",
        .type = TOURNEY_PARAM_INT,
        .default_value = "7",
        .min = 1,
        .max = CONNECT4_MAX_COLUMNS,
        .help = "columns of the board; columns * (rows + 1) may not exceed 64",
    },
    {
        .name = "rows",
        .type = TOURNEY_PARAM_INT,
        .default_value = "6",
        .min = 1,
        .max = CONNECT4_MAX_BITS - 1,
        .help = "rows of the board; columns * (rows + 1) may not exceed 64",
    },
};

#define CONNECT4_PARAM_COUNT (sizeof(connect4_params) / sizeof(connect4_params[0]))

/* Whether create may write a reason into `error`. */
static int can_report(const char *error, uint64_t error_size)
{
    return error != NULL && error_size > 0;
}

static int32_t connect4_create(const struct tourney_param_value *values, void **out,
                               struct tourney_game_info *info, char *error, uint64_t error_size)
{
    if (values == NULL || out == NULL || info == NULL) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "connect4: missing parameters");
        }
        return TOURNEY_ERR_INVALID;
    }
    /* The runner checks the ranges already; tests and other hosts may not. */
    for (size_t i = 0; i < CONNECT4_PARAM_COUNT; i++) {
        if (values[i].i < connect4_params[i].min || values[i].i > connect4_params[i].max) {
            if (can_report(error, error_size)) {
                snprintf(error, error_size, "%s = %lld is not in %d..%d", connect4_params[i].name,
                         (long long)values[i].i, (int)connect4_params[i].min,
                         (int)connect4_params[i].max);
            }
            return TOURNEY_ERR_INVALID;
        }
    }
    int columns = (int)values[0].i;
    int rows = (int)values[1].i;
    if (columns * (rows + 1) > CONNECT4_MAX_BITS) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size,
                     "a %dx%d board needs columns * (rows + 1) = %d bits, more than %d", columns,
                     rows, columns * (rows + 1), CONNECT4_MAX_BITS);
        }
        return TOURNEY_ERR_INVALID;
    }
    if (columns < 4 && rows < 4) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "four in a row cannot fit on a %dx%d board", columns,
                     rows);
        }
        return TOURNEY_ERR_INVALID;
    }

    struct connect4_game *game = calloc(1, sizeof(*game));
    if (game == NULL) {
        if (can_report(error, error_size)) {
            snprintf(error, error_size, "connect4: out of memory");
        }
        return TOURNEY_ERR_NOMEM;
    }
    game->columns = columns;
    game->rows = rows;
    connect4_build_masks(game);
    for (int a = 0; a < columns; a++) {
        int rank = 0;
        for (int b = 0; b < columns; b++) {
            int da = abs(2 * a - (columns - 1));
            int db = abs(2 * b - (columns - 1));
            if (db < da || (db == da && b < a)) {
                rank++;
            }
        }
        game->centre_rank[a] = rank;
    }

    info->state_size = sizeof(struct connect4_state);
    info->move_limit = columns;
    info->max_plies = columns * rows;
    *out = game;
    return TOURNEY_OK;
}

static void connect4_destroy(void *game)
{
    free(game);
}

static void connect4_initial_state(const void *game, void *state)
{
    (void)game;
    memset(state, 0, sizeof(struct connect4_state));
}

static int32_t connect4_to_move(const void *game, const void *state)
{
    (void)game;
    const struct connect4_state *s = state;
    return s->ply & 1;
}

static int32_t connect4_status(const void *game, const void *state)
{
    (void)game;
    const struct connect4_state *s = state;
    return s->status;
}

/* Writes the columns of the cells in `cells`, which holds at most one cell
 * of each column (some of the playable cells), into `moves`, ascending, and
 * returns how many. Columns take ascending runs of bits, so the set bits,
 * lowest first, give the columns in order. */
static int list_columns(const struct connect4_game *g, uint64_t cells, tourney_move *moves)
{
    int n = 0;

    for (uint64_t rest = cells; rest != 0; rest &= rest - 1) {
        moves[n++] = g->bit_column[bits_lowest(rest)];
    }
    return n;
}

static int32_t connect4_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;

    if (s->status != TOURNEY_ONGOING) {
        return 0;
    }
    return list_columns(g, connect4_playable(g, connect4_get_mask(s)), moves);
}

void connect4_apply(const void *game, void *state, tourney_move move)
{
    const struct connect4_game *g = game;
    struct connect4_state *s = state;

    /* An illegal move is the caller's bug, but never corrupt the board. */
    if (move < 0 || move >= g->columns) {
        return;
    }
    uint64_t mask = connect4_get_mask(s);
    uint64_t cell = connect4_playable(g, mask) & connect4_column(g, move);
    if (cell == 0) {
        return;
    }
    /* The player to move changes: the new position is the opponent's stones. */
    uint64_t position = connect4_get_position(s) ^ mask;
    mask |= cell;
    connect4_set_position(s, position);
    connect4_set_mask(s, mask);
    s->ply++;

    if (connect4_has_four(g, position ^ mask)) {
        s->status = (s->ply & 1) == 1 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    } else if (s->ply == g->columns * g->rows) {
        s->status = TOURNEY_DRAW;
    }
}

static void connect4_undo(const void *game, void *state, tourney_move move)
{
    const struct connect4_game *g = game;
    struct connect4_state *s = state;

    if (move < 0 || move >= g->columns || s->ply == 0) {
        return;
    }
    uint64_t mask = connect4_get_mask(s);
    uint64_t column = connect4_column(g, move);
    if ((mask & column) == 0) {
        return;
    }
    /* The top stone: the cell below the first empty one of the column. */
    uint64_t top = (((mask & column) + (g->bottom & column)) >> 1) & column;
    mask ^= top;
    connect4_set_mask(s, mask);
    connect4_set_position(s, connect4_get_position(s) ^ mask);
    s->ply--;
    /* The move was legal, so the game was ongoing before it. */
    s->status = TOURNEY_ONGOING;
}

static int32_t connect4_evaluate(const void *game, const void *state)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;
    uint64_t mine = connect4_get_position(s);
    uint64_t theirs = mine ^ connect4_get_mask(s);
    int64_t total = 0;

    for (int w = 0; w < g->window_count; w++) {
        int own = bits_count(mine & g->windows[w]);
        int other = bits_count(theirs & g->windows[w]);
        /* A window holding both colours can never become a four. */
        if (other == 0) {
            total += own == 3 ? WEIGHT_THREE : own == 2 ? WEIGHT_TWO : 0;
        } else if (own == 0) {
            total -= other == 3 ? WEIGHT_THREE : other == 2 ? WEIGHT_TWO : 0;
        }
    }
    total += WEIGHT_CENTRE * (bits_count(mine & g->centre) - bits_count(theirs & g->centre));
    /* Far inside the limit on every board allowed; the symmetric clamp only
     * states the promise and keeps the evaluation antisymmetric. */
    if (total > TOURNEY_EVAL_LIMIT / 2) {
        total = TOURNEY_EVAL_LIMIT / 2;
    } else if (total < -TOURNEY_EVAL_LIMIT / 2) {
        total = -TOURNEY_EVAL_LIMIT / 2;
    }
    return (int32_t)total;
}

/* Mixes a key of positions by a bijection (an xor with a constant, so that
 * the empty board is not 0, and the splitmix64 finaliser, whose steps can
 * each be undone), so that the low bits, which tables use as an index,
 * depend on the whole board. */
static uint64_t mix_key(uint64_t key)
{
    uint64_t z = key ^ UINT64_C(0x636f6e6e65637434);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint64_t connect4_hash(const void *game, const void *state)
{
    (void)game;
    const struct connect4_state *s = state;
    /*
     * position + mask is Pons's key: within a column of h stones it is
     * position + 2^h - 1, and the ranges of those sums for different h do
     * not overlap, so the key gives back mask and position, and with them the
     * side to move (the parity of the number of stones). No two positions
     * share it, and mixed by a bijection the hash stays perfect.
     */
    return mix_key(connect4_get_position(s) + connect4_get_mask(s));
}

/* The hash of a position or of its mirror image (the columns in reverse
 * order), whichever key is smaller: a position and its mirror image have
 * the same value, and only they share this hash. The key's columns mirror
 * as the board's do: within a column, position + mask never carries into
 * the next one. */
static uint64_t connect4_symmetric_hash(const void *game, const void *state)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;
    uint64_t key = connect4_get_position(s) + connect4_get_mask(s);
    uint64_t column = (UINT64_C(1) << g->height) - 1;
    uint64_t mirror = 0;

    for (int c = 0; c < g->columns; c++) {
        mirror |= ((key >> (c * g->height)) & column) << ((g->columns - 1 - c) * g->height);
    }
    return mix_key(key < mirror ? key : mirror);
}

BITS_POPCNT_CLONES
static void connect4_order_moves(const void *game, const void *state, tourney_move *moves,
                                 int32_t count)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;
    uint64_t position = connect4_get_position(s);
    uint64_t mask = connect4_get_mask(s);
    uint64_t playable = connect4_playable(g, mask);
    int score[CONNECT4_MAX_COLUMNS] = {0};

    /* Pons's move score: how many cells would win for the mover after the
     * move. More threats first; among equals, nearer the centre first. */
    for (int i = 0; i < count; i++) {
        int c = moves[i];
        /* Not a list of legal moves: the caller's bug, left as it is. */
        if (c < 0 || c >= g->columns) {
            return;
        }
        uint64_t cell = playable & connect4_column(g, c);
        score[c] = bits_count(connect4_winning_spots(g, position | cell, mask | cell));
    }
    /* Insertion sort: at most nine moves, and the keys are all different. */
    for (int i = 1; i < count; i++) {
        tourney_move m = moves[i];
        int j = i;
        while (j > 0 && (score[moves[j - 1]] < score[m] ||
                         (score[moves[j - 1]] == score[m] &&
                          g->centre_rank[moves[j - 1]] > g->centre_rank[m]))) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

static tourney_move connect4_winning_move(const void *game, const void *state)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;

    if (s->status != TOURNEY_ONGOING) {
        return -1;
    }
    uint64_t mask = connect4_get_mask(s);
    uint64_t wins =
        connect4_winning_spots(g, connect4_get_position(s), mask) & connect4_playable(g, mask);
    /* Columns take ascending runs of bits, so the lowest winning cell is in
     * the lowest winning column. */
    return wins != 0 ? g->bit_column[bits_lowest(wins)] : -1;
}

static int32_t connect4_safe_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct connect4_game *g = game;
    const struct connect4_state *s = state;

    if (s->status != TOURNEY_ONGOING) {
        return 0;
    }
    uint64_t position = connect4_get_position(s);
    uint64_t mask = connect4_get_mask(s);
    uint64_t playable = connect4_playable(g, mask);
    uint64_t threats = connect4_winning_spots(g, position ^ mask, mask);
    /*
     * Pons's possibleNonLosingMoves. The opponent's threats that are
     * playable now must be blocked: two cannot be, one must be. Then a stone
     * right below a threat would let the opponent play there next, so those
     * moves go too. A move that fills the board leaves no cell above it, so
     * it stays safe.
     */
    uint64_t safe = playable;
    uint64_t forced = playable & threats;
    if (forced != 0) {
        safe = (forced & (forced - 1)) != 0 ? 0 : forced;
    }
    safe &= ~(threats >> 1);
    /* Moves that win at once are not looked for: the contract only asks
     * where the player to move has none. */
    return list_columns(g, safe, moves);
}

static int32_t connect4_param_info(const struct tourney_game_api *api, uint32_t index,
                                   struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(connect4_params, CONNECT4_PARAM_COUNT, index, info);
}

static const struct tourney_game_search connect4_search = {
    .struct_size = sizeof(struct tourney_game_search),
    .order_moves = connect4_order_moves,
    .winning_move = connect4_winning_move,
    .safe_moves = connect4_safe_moves,
};

static const struct tourney_game_symmetry connect4_symmetry = {
    .struct_size = sizeof(struct tourney_game_symmetry),
    .symmetric_hash = connect4_symmetric_hash,
};

static const void *connect4_extension(const struct tourney_game_api *api, const char *id)
{
    (void)api;
    if (strcmp(id, TOURNEY_GAME_SYMMETRY_ID) == 0) {
        return &connect4_symmetry;
    }
    return strcmp(id, TOURNEY_GAME_SEARCH_ID) == 0 ? &connect4_search : NULL;
}

static const struct tourney_game_api connect4_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "connect4",
    .description = "Connect Four: drop stones into columns, four in a row wins (7x6 by default)",
    .param_count = CONNECT4_PARAM_COUNT,
    .create = connect4_create,
    .destroy = connect4_destroy,
    .initial_state = connect4_initial_state,
    .to_move = connect4_to_move,
    .legal_moves = connect4_legal_moves,
    .apply = connect4_apply,
    .undo = connect4_undo,
    .status = connect4_status,
    .evaluate = connect4_evaluate,
    .hash = connect4_hash,
    .format_move = connect4_format_move,
    .format_state = connect4_format_state,
    .parse_state = connect4_parse_state,
    .get_param_info = connect4_param_info,
    .get_extension = connect4_extension,
    .id = "org.tourney.connect4",
    .version = "1.0.0",
};

TOURNEY_GAME_ENTRY(connect4_api)
