/*
 * games/mnk/mnk.c - the m,n,k game: k stones in a row on an m x n board
 * (tic-tac-toe is 3,3,3). Player 0 plays "x" and moves first, player 1 "o".
 * A move is a cell index, row-major: move = row * cols + col.
 *
 * Positions are bitboards (see mnk.h); lines are found with shifts and masks
 * (mnk_lines.c); the text forms live in mnk_text.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "../common/bits.h"
#include "mnk_game.h"

static const struct tourney_param_info mnk_params[] = {
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

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Whether create may write a reason into `error`. */
static int can_report(const char *error, uint64_t error_size)
{
    return error != NULL && error_size > 0;
}

/* Squared distance from a cell to the centre of the board, in half cells so
 * that it stays a whole number on boards of even sides. */
static int centre_distance(const struct mnk_game *g, int cell)
{
    int dr = 2 * (cell / g->cols) - (g->rows - 1);
    int dc = 2 * (cell % g->cols) - (g->cols - 1);
    return dr * dr + dc * dc;
}

static void rank_cells_by_centre(struct mnk_game *g)
{
    for (int a = 0; a < g->cells; a++) {
        int da = centre_distance(g, a);
        int rank = 0;
        for (int b = 0; b < g->cells; b++) {
            int db = centre_distance(g, b);
            if (db < da || (db == da && b < a)) {
                rank++;
            }
        }
        g->centre_rank[a] = (int16_t)rank;
    }
}

/* Fills the images of every cell under the board's symmetries: turns by a
 * quarter and reflections on a square board, else the half turn and the two
 * reflections; the identity first. */
static void list_symmetries(struct mnk_game *g)
{
    int n = g->rows == g->cols ? 8 : 4;

    g->symmetry_count = n;
    for (int cell = 0; cell < g->cells; cell++) {
        int r = cell / g->cols;
        int c = cell % g->cols;
        int fr = g->rows - 1 - r;
        int fc = g->cols - 1 - c;
        /* (row, col) of the image under each symmetry; the last four swap
         * rows and columns, which only a square board allows. */
        const int image_r[8] = {r, r, fr, fr, c, c, fc, fc};
        const int image_c[8] = {c, fc, c, fc, r, fr, r, fr};

        for (int t = 0; t < n; t++) {
            g->image[t][cell] = (int16_t)(image_r[t] * g->cols + image_c[t]);
        }
    }
}

static int32_t mnk_create(const struct tourney_param_value *values, void **out,
                          struct tourney_game_info *info, char *error, uint64_t error_size)
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

    int words = mnk_words(rows * cols);
    int window_count = mnk_list_windows(rows, cols, k, words, NULL);
    size_t window_bytes = (size_t)window_count * (size_t)words * sizeof(uint64_t);
    struct mnk_game *game = calloc(1, sizeof(*game) + window_bytes);
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
    game->words = words;
    game->window_count = mnk_list_windows(rows, cols, k, words, game->windows);
    mnk_build_lines(game);
    rank_cells_by_centre(game);
    list_symmetries(game);

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

    info->state_size = mnk_state_size(game->cells);
    info->move_limit = game->cells;
    info->max_plies = game->cells;
    *out = game;
    return TOURNEY_OK;
}

static void mnk_destroy(void *game)
{
    free(game);
}

/* Both players' stones, read out of a state. */
static void load_stones(const struct mnk_game *g, const struct mnk_state *s,
                        struct mnk_bits stones[2])
{
    memset(stones, 0, 2 * sizeof(stones[0]));
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < g->words; i++) {
            stones[p].w[i] = mnk_get_word(s, g->words, p, i);
        }
    }
}

/* The empty cells, given both players' stones. */
static void empty_cells(const struct mnk_game *g, const struct mnk_bits stones[2],
                        struct mnk_bits *empty)
{
    memset(empty, 0, sizeof(*empty));
    for (int i = 0; i < g->words; i++) {
        empty->w[i] = g->board.w[i] & ~(stones[0].w[i] | stones[1].w[i]);
    }
}

/* Writes the cells of `set` into `moves` in ascending order; returns how
 * many. */
static int list_cells(const struct mnk_game *g, const struct mnk_bits *set, tourney_move *moves)
{
    int n = 0;

    for (int i = 0; i < g->words; i++) {
        for (uint64_t rest = set->w[i]; rest != 0; rest &= rest - 1) {
            moves[n++] = 64 * i + bits_lowest(rest);
        }
    }
    return n;
}

static int count_cells(const struct mnk_game *g, const struct mnk_bits *set)
{
    int n = 0;

    for (int i = 0; i < g->words; i++) {
        n += bits_count(set->w[i]);
    }
    return n;
}

uint64_t mnk_hash_from_scratch(const struct mnk_game *g, const struct mnk_bits stones[2], int ply)
{
    uint64_t h = g->zobrist_base;
    tourney_move cells[MNK_MAX_CELLS];

    for (int p = 0; p < 2; p++) {
        int n = list_cells(g, &stones[p], cells);
        for (int i = 0; i < n; i++) {
            h ^= g->zobrist[cells[i]][p];
        }
    }
    if (ply & 1) {
        h ^= g->zobrist_o_to_move;
    }
    return h;
}

static void mnk_initial_state(const void *game, void *state)
{
    const struct mnk_game *g = game;

    memset(state, 0, mnk_state_size(g->cells));
    mnk_set_hash(state, g->zobrist_base);
}

static int32_t mnk_to_move(const void *game, const void *state)
{
    (void)game;
    return mnk_get_ply(state) & 1;
}

static int32_t mnk_status(const void *game, const void *state)
{
    (void)game;
    const struct mnk_state *s = state;
    return s->status;
}

static int32_t mnk_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    struct mnk_bits stones[2];
    struct mnk_bits empty;

    if (s->status != TOURNEY_ONGOING) {
        return 0;
    }
    load_stones(g, s, stones);
    empty_cells(g, stones, &empty);
    return list_cells(g, &empty, moves);
}

static void mnk_apply(const void *game, void *state, tourney_move move)
{
    const struct mnk_game *g = game;
    struct mnk_state *s = state;

    /* An illegal move is the caller's bug, but never write out of bounds. */
    if (move < 0 || move >= g->cells) {
        return;
    }
    int ply = mnk_get_ply(s);
    int player = ply & 1;
    uint64_t word = mnk_get_word(s, g->words, player, move / 64);
    mnk_set_word(s, g->words, player, move / 64, word | UINT64_C(1) << (move % 64));
    mnk_set_hash(s, mnk_get_hash(s) ^ g->zobrist[move][player] ^ g->zobrist_o_to_move);
    mnk_set_ply(s, ply + 1);

    /* The game was ongoing, so no line was on the board: a new one runs
     * through the move. */
    struct mnk_bits mine;
    for (int i = 0; i < g->words; i++) {
        mine.w[i] = mnk_get_word(s, g->words, player, i);
    }
    if (mnk_has_line_through(g, &mine, move)) {
        s->status = player == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    } else if (ply + 1 == g->cells) {
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
    int ply = mnk_get_ply(s) - 1;
    int player = ply & 1;
    uint64_t word = mnk_get_word(s, g->words, player, move / 64);
    mnk_set_word(s, g->words, player, move / 64, word & ~(UINT64_C(1) << (move % 64)));
    mnk_set_hash(s, mnk_get_hash(s) ^ g->zobrist[move][player] ^ g->zobrist_o_to_move);
    mnk_set_ply(s, ply);
    /* The move was legal, so the game was ongoing before it. */
    s->status = TOURNEY_ONGOING;
}

static int32_t mnk_evaluate(const void *game, const void *state)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    struct mnk_bits stones[2];
    int mine = mnk_get_ply(s) & 1;
    int64_t total = 0;

    load_stones(g, s, stones);
    for (int w = 0; w < g->window_count; w++) {
        const uint64_t *mask = g->windows + (size_t)w * (size_t)g->words;
        int own = 0;
        int other = 0;
        for (int i = 0; i < g->words; i++) {
            own += bits_count(stones[mine].w[i] & mask[i]);
            other += bits_count(stones[!mine].w[i] & mask[i]);
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
    (void)game;
    return mnk_get_hash(state);
}

/* The smallest of the Zobrist hashes of the position's images under the
 * board's symmetries, all computed in one pass over the stones: the images
 * of a position have the same value, and share this hash. */
static uint64_t mnk_symmetric_hash(const void *game, const void *state)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    uint64_t h[8];
    uint64_t best;

    for (int t = 0; t < g->symmetry_count; t++) {
        h[t] =
            (mnk_get_ply(s) & 1) != 0 ? g->zobrist_base ^ g->zobrist_o_to_move : g->zobrist_base;
    }
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < g->words; i++) {
            for (uint64_t rest = mnk_get_word(s, g->words, p, i); rest != 0; rest &= rest - 1) {
                int cell = 64 * i + bits_lowest(rest);

                for (int t = 0; t < g->symmetry_count; t++) {
                    h[t] ^= g->zobrist[g->image[t][cell]][p];
                }
            }
        }
    }
    best = h[0];
    for (int t = 1; t < g->symmetry_count; t++) {
        best = h[t] < best ? h[t] : best;
    }
    return best;
}

static void mnk_order_moves(const void *game, const void *state, tourney_move *moves,
                            int32_t count)
{
    const struct mnk_game *g = game;
    (void)state;

    /* Not a list of legal moves: the caller's bug, left as it is. */
    for (int i = 0; i < count; i++) {
        if (moves[i] < 0 || moves[i] >= g->cells) {
            return;
        }
    }
    /* Insertion sort: lists are short, and the ranks are all different. */
    for (int i = 1; i < count; i++) {
        tourney_move m = moves[i];
        int j = i;
        while (j > 0 && g->centre_rank[moves[j - 1]] > g->centre_rank[m]) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

static tourney_move mnk_winning_move(const void *game, const void *state)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    struct mnk_bits stones[2];
    struct mnk_bits empty;
    struct mnk_bits spots;

    if (s->status != TOURNEY_ONGOING) {
        return -1;
    }
    load_stones(g, s, stones);
    empty_cells(g, stones, &empty);
    mnk_winning_spots(g, &stones[mnk_get_ply(s) & 1], &empty, &spots);
    /* The lowest winning cell: the first set bit of the first word with one. */
    for (int i = 0; i < g->words; i++) {
        if (spots.w[i] != 0) {
            return 64 * i + bits_lowest(spots.w[i]);
        }
    }
    return -1;
}

static int32_t mnk_safe_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct mnk_game *g = game;
    const struct mnk_state *s = state;
    struct mnk_bits stones[2];
    struct mnk_bits empty;
    struct mnk_bits threats;
    struct mnk_bits safe;
    int mine = mnk_get_ply(s) & 1;

    if (s->status != TOURNEY_ONGOING) {
        return 0;
    }
    load_stones(g, s, stones);
    empty_cells(g, stones, &empty);
    /* A stone only ever takes away the cell it lands on, so after our move
     * the opponent's winning cells are the ones it has now, less that cell:
     * with none we may play anywhere, with one we must take it, with two or
     * more we cannot stop it. A move that fills the board leaves it none. */
    mnk_winning_spots(g, &stones[!mine], &empty, &threats);
    int threat_count = count_cells(g, &threats);
    if (threat_count == 0) {
        safe = empty;
    } else if (threat_count == 1) {
        safe = threats;
    } else {
        memset(&safe, 0, sizeof(safe));
    }
    /* Moves that win at once are not looked for: the contract only asks
     * where the player to move has none. */
    return list_cells(g, &safe, moves);
}

static int32_t mnk_param_info(const struct tourney_game_api *api, uint32_t index,
                              struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(mnk_params, MNK_PARAM_COUNT, index, info);
}

static const struct tourney_game_search mnk_search = {
    .struct_size = sizeof(struct tourney_game_search),
    .order_moves = mnk_order_moves,
    .winning_move = mnk_winning_move,
    .safe_moves = mnk_safe_moves,
};

static const struct tourney_game_symmetry mnk_symmetry = {
    .struct_size = sizeof(struct tourney_game_symmetry),
    .symmetric_hash = mnk_symmetric_hash,
};

static const void *mnk_extension(const struct tourney_game_api *api, const char *id)
{
    (void)api;
    if (strcmp(id, TOURNEY_GAME_SYMMETRY_ID) == 0) {
        return &mnk_symmetry;
    }
    return strcmp(id, TOURNEY_GAME_SEARCH_ID) == 0 ? &mnk_search : NULL;
}

static const struct tourney_game_api mnk_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "mnk",
    .description = "m,n,k game: k in a row on an m x n board (3,3,3 is tic-tac-toe)",
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
    .get_param_info = mnk_param_info,
    .get_extension = mnk_extension,
    .id = "org.tourney.mnk",
    .version = "1.0.0",
};

TOURNEY_GAME_ENTRY(mnk_api)
