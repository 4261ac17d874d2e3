#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "../../games/mnk/mnk_game.h"

/* The plugin's source is linked into this test, so its entry is at hand. */
TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void);
/* And so is its extension. */

/* A game instance and what create said about it. */
struct fixture {
    const struct tourney_game_api *api;
    struct tourney_game_search search; /* the game's search extension */
    void *game;
    struct tourney_game_info info;
    int rows;
    int cols;
    int k;
};

/* Every line of k cells, found independently of the plugin. */
struct line_set {
    int count;
    int cells[4 * MNK_MAX_CELLS][MNK_MAX_SIDE];
};

static void fixture_init(struct fixture *fx, int rows, int cols, int k)
{
    struct tourney_param_value values[3] = {{rows}, {cols}, {k}};
    char error[128] = "";

    memset(fx, 0, sizeof(*fx));
    fx->api = tourney_game_entry();
    tourney_game_get_search(fx->api, &fx->search);
    fx->rows = rows;
    fx->cols = cols;
    fx->k = k;
    int rc = fx->api->create(values, &fx->game, &fx->info, error, sizeof(error));
    assert_int_equal(rc, TOURNEY_OK);
    assert_string_equal(error, "");
    assert_non_null(fx->game);
}

static void fixture_finish(struct fixture *fx)
{
    fx->api->destroy(fx->game);
    fx->game = NULL;
}

static void *new_state(const struct fixture *fx)
{
    void *state = malloc(fx->info.state_size);
    assert_non_null(state);
    fx->api->initial_state(fx->game, state);
    return state;
}

/* What `cell` of a state holds (enum mnk_cell). */
static uint8_t cell_of(const struct fixture *fx, const void *state, int cell)
{
    return (uint8_t)mnk_cell_at(state, fx->rows * fx->cols, cell);
}

/* The board of a state, one enum mnk_cell a cell, row-major. */
static void read_cells(const struct fixture *fx, const void *state, uint8_t *cells)
{
    for (int i = 0; i < fx->rows * fx->cols; i++) {
        cells[i] = cell_of(fx, state, i);
    }
}

/* Swaps the colours of every stone, keeping the side to move (and leaving
 * the hash as it was: only for evaluate). */
static void swap_colours(const struct fixture *fx, void *state)
{
    struct mnk_state *s = state;
    int words = mnk_words(fx->rows * fx->cols);

    for (int i = 0; i < words; i++) {
        uint64_t x = mnk_get_word(s, words, 0, i);
        mnk_set_word(s, words, 0, i, mnk_get_word(s, words, 1, i));
        mnk_set_word(s, words, 1, i, x);
    }
}

/* Hands the move to the other side without touching the board. */
static void flip_side_to_move(void *state)
{
    ((struct mnk_state *)state)->ply_low ^= 1;
}

static void play(const struct fixture *fx, void *state, const int *moves, int count)
{
    for (int i = 0; i < count; i++) {
        assert_int_equal(fx->api->status(fx->game, state), TOURNEY_ONGOING);
        fx->api->apply(fx->game, state, moves[i]);
    }
}

static void parse_ok(const struct fixture *fx, const char *text, void *state)
{
    assert_int_equal(fx->api->parse_state(fx->game, text, state), TOURNEY_OK);
}

static void enumerate_lines(int rows, int cols, int k, struct line_set *set)
{
    static const int dr[4] = {0, 1, 1, 1};
    static const int dc[4] = {1, 0, 1, -1};

    set->count = 0;
    for (int d = 0; d < (k == 1 ? 1 : 4); d++) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int er = r + (k - 1) * dr[d];
                int ec = c + (k - 1) * dc[d];
                if (er < 0 || er >= rows || ec < 0 || ec >= cols) {
                    continue;
                }
                for (int i = 0; i < k; i++) {
                    set->cells[set->count][i] = (r + i * dr[d]) * cols + c + i * dc[d];
                }
                set->count++;
            }
        }
    }
}

/* The status a board should have, judged from scratch. */
static int oracle_status(const struct line_set *lines, int k, const uint8_t *cells, int n)
{
    int winner = 0;
    int stones = 0;

    for (int l = 0; l < lines->count; l++) {
        uint8_t first = cells[lines->cells[l][0]];
        int i = 1;
        while (i < k && cells[lines->cells[l][i]] == first) {
            i++;
        }
        if (first != MNK_EMPTY && i == k) {
            winner |= first;
        }
    }
    for (int i = 0; i < n; i++) {
        stones += cells[i] != MNK_EMPTY;
    }
    if (winner == MNK_X) {
        return TOURNEY_WIN_FIRST;
    } else if (winner == MNK_O) {
        return TOURNEY_WIN_SECOND;
    }
    assert_int_equal(winner, 0);
    return stones == n ? TOURNEY_DRAW : TOURNEY_ONGOING;
}

static int is_on_line(const int *line, int k, int cell)
{
    for (int i = 0; i < k; i++) {
        if (line[i] == cell) {
            return 1;
        }
    }
    return 0;
}

/*
 * Plays a game in which `winner` puts its stones on `line` in the order
 * `order` while the other player fills cells off the line without making a
 * line of its own, and checks that the game ends exactly at the last stone.
 */
static void win_on_line(const struct fixture *fx, const int *line, const int *order, int winner)
{
    void *state = new_state(fx);
    int next_filler = 0;

    for (int placed = 0; placed < fx->k;) {
        int mover = fx->api->to_move(fx->game, state);
        assert_int_equal(fx->api->status(fx->game, state), TOURNEY_ONGOING);
        if (mover == winner) {
            fx->api->apply(fx->game, state, line[order[placed]]);
            placed++;
            int expected = placed == fx->k ? (winner == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND)
                                           : TOURNEY_ONGOING;
            assert_int_equal(fx->api->status(fx->game, state), expected);
            continue;
        }
        /* The first free off-line cell that does not end the game. */
        for (;; next_filler++) {
            assert_true(next_filler < fx->rows * fx->cols);
            int taken = cell_of(fx, state, next_filler) != MNK_EMPTY;
            if (taken || is_on_line(line, fx->k, next_filler)) {
                continue;
            }
            fx->api->apply(fx->game, state, next_filler);
            if (fx->api->status(fx->game, state) == TOURNEY_ONGOING) {
                break;
            }
            fx->api->undo(fx->game, state, next_filler);
        }
    }
    tourney_move moves[MNK_MAX_CELLS];
    assert_int_equal(fx->api->legal_moves(fx->game, state, moves), 0);
    free(state);
}

/* Every line of the board, won by each player, stones placed in three orders
 * (so the line is completed at an end and in the middle). */
static void check_all_lines(int rows, int cols, int k, int expected_lines)
{
    struct fixture fx;
    struct line_set *lines = malloc(sizeof(*lines));
    int ascending[MNK_MAX_SIDE], descending[MNK_MAX_SIDE], middle_last[MNK_MAX_SIDE];

    assert_non_null(lines);
    fixture_init(&fx, rows, cols, k);
    enumerate_lines(rows, cols, k, lines);
    assert_int_equal(lines->count, expected_lines);
    for (int i = 0; i < k; i++) {
        ascending[i] = i;
        descending[i] = k - 1 - i;
        middle_last[i] = i;
    }
    middle_last[k / 2] = k - 1;
    middle_last[k - 1] = k / 2;
    for (int l = 0; l < lines->count; l++) {
        for (int winner = 0; winner < 2; winner++) {
            win_on_line(&fx, lines->cells[l], ascending, winner);
            win_on_line(&fx, lines->cells[l], descending, winner);
            win_on_line(&fx, lines->cells[l], middle_last, winner);
        }
    }
    fixture_finish(&fx);
    free(lines);
}

static void test_descriptor(void **unused)
{
    (void)unused;
    const struct tourney_game_api *api = tourney_game_entry();

    assert_int_equal(api->header.abi_major, TOURNEY_ABI_MAJOR);
    assert_int_equal(api->header.abi_minor, TOURNEY_ABI_MINOR);
    assert_int_equal(api->header.struct_size, sizeof(struct tourney_game_api));
    assert_int_equal(api->header.kind, TOURNEY_KIND_GAME);
    assert_string_equal(api->name, "mnk");
    assert_non_null(api->description);
    assert_string_equal(api->id, "org.tourney.mnk");
    assert_string_equal(api->version, "1.0.0");
    assert_int_equal(api->param_count, 3);
    assert_null(api->legacy_params);
    const char *names[3] = {"rows", "cols", "k"};
    struct tourney_param_info info;
    for (uint32_t i = 0; i < 3; i++) {
        memset(&info, 0, sizeof(info));
        info.struct_size = sizeof(info);
        assert_int_equal(api->get_param_info(api, i, &info), TOURNEY_OK);
        assert_int_equal(info.struct_size, sizeof(info));
        assert_string_equal(info.name, names[i]);
        assert_int_equal(info.type, TOURNEY_PARAM_INT);
        assert_string_equal(info.default_value, "3");
        assert_int_equal(info.min, 1);
        assert_int_equal(info.max, 16);
        assert_non_null(info.help);
    }
    assert_int_equal(api->get_param_info(api, 3, &info), TOURNEY_ERR_INVALID);
    assert_non_null(api->evaluate);
    assert_non_null(api->hash);
    assert_non_null(api->format_move);
    assert_non_null(api->format_state);
    assert_non_null(api->parse_state);
    /* The knowledge is the search extension's; the fields of ABI 1.1 stay
     * empty in a 1.2 game (the runner fills them for older agents). */
    struct tourney_game_search search;
    tourney_game_get_search(api, &search);
    assert_non_null(search.order_moves);
    assert_non_null(search.winning_move);
    assert_non_null(search.safe_moves);
    assert_null(api->order_moves);
    assert_null(api->winning_move);
    assert_null(api->safe_moves);
    assert_null(api->get_extension(api, "tourney.game.unknown/1"));
    api->destroy(NULL);
}

static void test_create_info(void **unused)
{
    (void)unused;
    struct fixture fx;

    fixture_init(&fx, 3, 3, 3);
    /* 16 bytes of hash, ply and status, then one word of stones each. */
    assert_int_equal(fx.info.state_size, 16 + 2 * 8);
    assert_int_equal(fx.info.move_limit, 9);
    assert_int_equal(fx.info.max_plies, 9);
    fixture_finish(&fx);

    fixture_init(&fx, 16, 16, 5);
    assert_int_equal(fx.info.state_size, 16 + 2 * 4 * 8);
    assert_int_equal(fx.info.move_limit, 256);
    assert_int_equal(fx.info.max_plies, 256);
    fixture_finish(&fx);

    /* A line fits one way only: still a game. */
    fixture_init(&fx, 3, 5, 4);
    assert_int_equal(fx.info.move_limit, 15);
    fixture_finish(&fx);
}

static int try_create(int rows, int cols, int k, char *error, size_t error_size)
{
    const struct tourney_game_api *api = tourney_game_entry();
    struct tourney_param_value values[3] = {{rows}, {cols}, {k}};
    struct tourney_game_info info;
    void *game = NULL;

    int rc = api->create(values, &game, &info, error, error_size);
    if (rc != TOURNEY_OK) {
        assert_null(game);
    }
    api->destroy(game);
    return rc;
}

static void test_create_refuses(void **unused)
{
    (void)unused;
    char error[128];

    assert_int_equal(try_create(3, 3, 5, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "k = 5 cannot fit on a 3x3 board");
    assert_int_equal(try_create(2, 3, 4, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "k = 4 cannot fit on a 2x3 board");
    assert_int_equal(try_create(0, 3, 3, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "rows = 0 is not in 1..16");
    assert_int_equal(try_create(3, 17, 3, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "cols = 17 is not in 1..16");
    assert_int_equal(try_create(3, 3, -1, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "k = -1 is not in 1..16");

    /* A short buffer gets a truncated, terminated reason; none is fine too. */
    assert_int_equal(try_create(3, 3, 5, error, 6), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "k = 5");
    assert_int_equal(try_create(3, 3, 5, NULL, 0), TOURNEY_ERR_INVALID);

    assert_int_equal(try_create(1, 1, 1, error, sizeof(error)), TOURNEY_OK);
    assert_int_equal(try_create(1, 16, 16, error, sizeof(error)), TOURNEY_OK);
    assert_int_equal(try_create(16, 1, 16, error, sizeof(error)), TOURNEY_OK);
}

static void test_lines_3x3_k3(void **unused)
{
    (void)unused;
    check_all_lines(3, 3, 3, 8);
}

static void test_lines_4x4_k4(void **unused)
{
    (void)unused;
    check_all_lines(4, 4, 4, 10);
}

static void test_lines_4x4_k3(void **unused)
{
    (void)unused;
    /* 8 across, 8 down, 4 diagonals and 4 anti-diagonals, most of them off
     * the corners. */
    check_all_lines(4, 4, 3, 24);
}

static void test_lines_rectangular(void **unused)
{
    (void)unused;
    /* rows != cols catches a row/column mix-up. */
    check_all_lines(4, 6, 4, 4 * 3 + 6 * 1 + 3 + 3);
    check_all_lines(6, 4, 4, 6 * 1 + 4 * 3 + 3 + 3);
    check_all_lines(1, 7, 3, 5);
    check_all_lines(7, 1, 3, 5);
    check_all_lines(3, 4, 3, 6 + 4 + 2 + 2);
}

static void test_no_line_across_edges(void **unused)
{
    (void)unused;
    struct fixture fx;
    void *state;

    /* x on 2, 3, 4 of a 3x3 board: consecutive indices, but the row wraps. */
    fixture_init(&fx, 3, 3, 3);
    state = new_state(&fx);
    play(&fx, state, (const int[]){2, 7, 3, 8, 4}, 5);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    free(state);

    /* x on 0, 2, 4: steps of cols - 1, but not an anti-diagonal. */
    state = new_state(&fx);
    play(&fx, state, (const int[]){0, 7, 2, 8, 4}, 5);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    free(state);
    fixture_finish(&fx);

    /* 4x4, k = 3: x on 1, 4, 7 and o on 3, 8, 13, steps that wrap rows. */
    fixture_init(&fx, 4, 4, 3);
    state = new_state(&fx);
    play(&fx, state, (const int[]){1, 3, 4, 8, 7, 13}, 6);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    play(&fx, state, (const int[]){11, 15}, 2);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    free(state);

    /* Two of three with a gap do not win; k - 1 in a row does not either. */
    state = new_state(&fx);
    play(&fx, state, (const int[]){0, 12, 2, 13, 5}, 5);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    fx.api->apply(fx.game, state, 15);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    fx.api->apply(fx.game, state, 10);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    free(state);
    fixture_finish(&fx);
}

static void test_k1(void **unused)
{
    (void)unused;
    struct fixture fx;

    fixture_init(&fx, 1, 1, 1);
    void *state = new_state(&fx);
    fx.api->apply(fx.game, state, 0);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    free(state);
    fixture_finish(&fx);
}

static void test_draw(void **unused)
{
    (void)unused;
    struct fixture fx;
    tourney_move moves[9];
    /* x o x / x o o / o x x */
    const int game[9] = {0, 1, 2, 4, 3, 5, 7, 6, 8};

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    play(&fx, state, game, 8);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 1);
    assert_int_equal(moves[0], 8);
    fx.api->apply(fx.game, state, 8);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_DRAW);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 0);

    void *parsed = new_state(&fx);
    parse_ok(&fx, "xox/xoo/oxx", parsed);
    assert_memory_equal(parsed, state, fx.info.state_size);
    free(parsed);
    free(state);
    fixture_finish(&fx);
}

static void test_legal_moves(void **unused)
{
    (void)unused;
    struct fixture fx;
    tourney_move moves[9];

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 9);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(moves[i], i);
    }
    assert_int_equal(fx.api->to_move(fx.game, state), 0);

    play(&fx, state, (const int[]){4, 0, 8}, 3);
    assert_int_equal(fx.api->to_move(fx.game, state), 1);
    const tourney_move mid[6] = {1, 2, 3, 5, 6, 7};
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 6);
    assert_memory_equal(moves, mid, sizeof(mid));

    /* o blocks nothing, x completes the anti-diagonal 2-4-6. */
    play(&fx, state, (const int[]){1, 2, 3, 6}, 4);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 0);

    /* Taking the winning move back reopens the game. */
    fx.api->undo(fx.game, state, 6);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    const tourney_move again[3] = {5, 6, 7};
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 3);
    assert_memory_equal(moves, again, sizeof(again));
    free(state);
    fixture_finish(&fx);
}

struct perft {
    uint64_t nodes;
    uint64_t finished;
    uint64_t x_wins;
    uint64_t o_wins;
    uint64_t draws;
};

static void perft(const struct fixture *fx, void *state, struct perft *p)
{
    tourney_move moves[MNK_MAX_CELLS];

    p->nodes++;
    switch (fx->api->status(fx->game, state)) {
    case TOURNEY_ONGOING:
        break;
    case TOURNEY_WIN_FIRST:
        p->x_wins++;
        p->finished++;
        return;
    case TOURNEY_WIN_SECOND:
        p->o_wins++;
        p->finished++;
        return;
    default:
        p->draws++;
        p->finished++;
        return;
    }
    int n = fx->api->legal_moves(fx->game, state, moves);
    for (int i = 0; i < n; i++) {
        fx->api->apply(fx->game, state, moves[i]);
        perft(fx, state, p);
        fx->api->undo(fx->game, state, moves[i]);
    }
}

static void test_perft_3x3(void **unused)
{
    (void)unused;
    struct fixture fx;
    struct perft p = {0, 0, 0, 0, 0};

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    void *start = new_state(&fx);
    perft(&fx, state, &p);
    assert_int_equal(p.nodes, 549946);
    assert_int_equal(p.finished, 255168);
    assert_int_equal(p.x_wins, 131184);
    assert_int_equal(p.o_wins, 77904);
    assert_int_equal(p.draws, 46080);
    assert_memory_equal(state, start, fx.info.state_size);
    free(start);
    free(state);
    fixture_finish(&fx);
}

/* The legal moves of `state` that win at once for the player to move, found
 * by playing each one on `scratch`; returns how many. */
static int brute_force_wins(const struct fixture *fx, const void *state, void *scratch,
                            tourney_move *wins)
{
    tourney_move moves[MNK_MAX_CELLS];
    int won = fx->api->to_move(fx->game, state) == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    int n = fx->api->legal_moves(fx->game, state, moves);
    int count = 0;

    for (int i = 0; i < n; i++) {
        memcpy(scratch, state, fx->info.state_size);
        fx->api->apply(fx->game, scratch, moves[i]);
        if (fx->api->status(fx->game, scratch) == won) {
            wins[count++] = moves[i];
        }
    }
    return count;
}

/* The legal moves after which the opponent cannot win with its next move
 * (a move that ends the game included), found by playing every pair of
 * moves; `scratch` holds two states. Returns how many. */
static int brute_force_safe(const struct fixture *fx, const void *state, unsigned char *scratch,
                            tourney_move *safe)
{
    tourney_move moves[MNK_MAX_CELLS];
    tourney_move replies[MNK_MAX_CELLS];
    int n = fx->api->legal_moves(fx->game, state, moves);
    int count = 0;

    for (int i = 0; i < n; i++) {
        void *after = scratch;
        memcpy(after, state, fx->info.state_size);
        fx->api->apply(fx->game, after, moves[i]);
        if (fx->api->status(fx->game, after) != TOURNEY_ONGOING ||
            brute_force_wins(fx, after, scratch + fx->info.state_size, replies) == 0) {
            safe[count++] = moves[i];
        }
    }
    return count;
}

/* Squared distance of a cell to the centre of the board, in half cells. */
static int distance_to_centre(const struct fixture *fx, int cell)
{
    int dr = 2 * (cell / fx->cols) - (fx->rows - 1);
    int dc = 2 * (cell % fx->cols) - (fx->cols - 1);
    return dr * dr + dc * dc;
}

/*
 * order_moves, winning_move and safe_moves of one ongoing position against
 * brute force: order_moves keeps the legal moves and sorts them by distance
 * to the centre, ties by number; winning_move is -1 exactly when no move
 * wins, else the lowest winning move; where no move wins (safe_moves'
 * precondition), safe_moves is exactly the brute-force set, in ascending
 * order. `scratch` holds two states.
 */
static void check_search_knowledge(const struct fixture *fx, const void *state,
                                   unsigned char *scratch)
{
    tourney_move moves[MNK_MAX_CELLS];
    tourney_move ordered[MNK_MAX_CELLS];
    tourney_move expected[MNK_MAX_CELLS];
    tourney_move got[MNK_MAX_CELLS];

    if (fx->api->status(fx->game, state) != TOURNEY_ONGOING) {
        return;
    }
    int n = fx->api->legal_moves(fx->game, state, moves);
    memcpy(ordered, moves, sizeof(moves[0]) * (size_t)n);
    fx->search.order_moves(fx->game, state, ordered, n);
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < n; j++) {
            found += ordered[j] == moves[i];
        }
        assert_int_equal(found, 1);
        if (i > 0) {
            int before = distance_to_centre(fx, ordered[i - 1]);
            int here = distance_to_centre(fx, ordered[i]);
            assert_true(before < here || (before == here && ordered[i - 1] < ordered[i]));
        }
    }

    int wins = brute_force_wins(fx, state, scratch, expected);
    tourney_move win = fx->search.winning_move(fx->game, state);
    assert_int_equal(win, wins == 0 ? -1 : expected[0]);

    /* safe_moves is only defined where the mover cannot win at once. */
    if (wins == 0) {
        int safe = brute_force_safe(fx, state, scratch, expected);
        assert_int_equal(fx->search.safe_moves(fx->game, state, got), safe);
        assert_memory_equal(got, expected, sizeof(got[0]) * (size_t)safe);
    }
}

/* What the full walk of the 3x3 tree learns about each distinct board. */
struct walk {
    const struct fixture *fx;
    struct line_set lines;
    unsigned char *stack;   /* one saved state per depth */
    unsigned char *scratch; /* room for two states */
    uint8_t seen[19683];    /* 3^9 boards */
    uint64_t hash[19683];
    int distinct;
};

static int board_code(const uint8_t *cells, int n)
{
    int code = 0;
    for (int i = n - 1; i >= 0; i--) {
        code = code * 3 + cells[i];
    }
    return code;
}

/* Checks made once per distinct board: everything but apply/undo. */
static void check_position(struct walk *w, const void *state)
{
    const struct fixture *fx = w->fx;
    size_t size = fx->info.state_size;
    tourney_move moves[9];
    char text[64];
    uint8_t cells[9];
    int stones = 0;

    read_cells(fx, state, cells);
    for (int i = 0; i < 9; i++) {
        stones += cells[i] != MNK_EMPTY;
    }
    /* Status from scratch agrees with the incremental one. */
    assert_int_equal(fx->api->status(fx->game, state), oracle_status(&w->lines, 3, cells, 9));
    assert_int_equal(mnk_get_ply(state), stones);
    assert_int_equal(fx->api->to_move(fx->game, state), stones & 1);

    int n = fx->api->legal_moves(fx->game, state, moves);
    if (fx->api->status(fx->game, state) == TOURNEY_ONGOING) {
        int j = 0;
        for (int i = 0; i < 9; i++) {
            if (cells[i] == MNK_EMPTY) {
                assert_true(j < n);
                assert_int_equal(moves[j++], i);
            }
        }
        assert_int_equal(n, j);
    } else {
        assert_int_equal(n, 0);
    }

    /* Text round trip, byte for byte. */
    assert_int_equal(fx->api->format_state(fx->game, state, text, sizeof(text)), TOURNEY_OK);
    assert_int_equal(strlen(text), 18);
    memset(w->scratch, 0xa5, size);
    parse_ok(fx, text, w->scratch);
    assert_memory_equal(w->scratch, state, size);

    /* Evaluation: in bounds, negated when the colours swap under the same
     * side to move, unchanged when the side to move swaps too. */
    int32_t e = fx->api->evaluate(fx->game, state);
    assert_true(e >= -TOURNEY_EVAL_LIMIT && e <= TOURNEY_EVAL_LIMIT);
    void *swapped = w->scratch;
    memcpy(swapped, state, size);
    swap_colours(fx, swapped);
    assert_int_equal(fx->api->evaluate(fx->game, swapped), -e);
    flip_side_to_move(swapped);
    assert_int_equal(fx->api->evaluate(fx->game, swapped), e);

    /* The hash kept by apply/undo is the one computed from scratch, and the
     * side to move is part of it. */
    struct mnk_bits bits[2];
    memset(bits, 0, sizeof(bits));
    bits[0].w[0] = mnk_get_word(state, 1, 0, 0);
    bits[1].w[0] = mnk_get_word(state, 1, 1, 0);
    uint64_t h = fx->api->hash(fx->game, state);
    assert_true(h == mnk_hash_from_scratch(fx->game, bits, stones));
    assert_true(h != mnk_hash_from_scratch(fx->game, bits, stones + 1));

    check_search_knowledge(fx, state, w->scratch);
}

static void walk(struct walk *w, int depth)
{
    const struct fixture *fx = w->fx;
    size_t size = fx->info.state_size;
    void *state = w->stack;
    unsigned char *saved = w->stack + (size_t)(depth + 1) * size;
    tourney_move moves[9];

    uint8_t cells[9];
    read_cells(fx, state, cells);
    int code = board_code(cells, 9);
    uint64_t h = fx->api->hash(fx->game, state);
    if (w->seen[code]) {
        /* A transposition: same board, same hash. */
        assert_true(w->hash[code] == h);
    } else {
        w->seen[code] = 1;
        w->hash[code] = h;
        w->distinct++;
        check_position(w, state);
    }

    int n = fx->api->legal_moves(fx->game, state, moves);
    for (int i = 0; i < n; i++) {
        memcpy(saved, state, size);
        fx->api->apply(fx->game, state, moves[i]);
        walk(w, depth + 1);
        fx->api->undo(fx->game, state, moves[i]);
        assert_memory_equal(state, saved, size);
    }
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void test_walk_3x3(void **unused)
{
    (void)unused;
    struct fixture fx;
    struct walk *w = calloc(1, sizeof(*w));

    assert_non_null(w);
    fixture_init(&fx, 3, 3, 3);
    w->fx = &fx;
    enumerate_lines(3, 3, 3, &w->lines);
    w->stack = malloc(fx.info.state_size * 11);
    w->scratch = malloc(2 * fx.info.state_size);
    assert_non_null(w->stack);
    assert_non_null(w->scratch);
    /* Garbage first: initial_state must set every byte. */
    memset(w->stack, 0xa5, fx.info.state_size);
    fx.api->initial_state(fx.game, w->stack);
    walk(w, 0);

    /* Tic-tac-toe has 5,478 positions; distinct positions hash apart. */
    assert_int_equal(w->distinct, 5478);
    uint64_t *hashes = malloc(sizeof(uint64_t) * 5478);
    assert_non_null(hashes);
    int n = 0;
    for (int code = 0; code < 19683; code++) {
        if (w->seen[code]) {
            hashes[n++] = w->hash[code];
        }
    }
    qsort(hashes, (size_t)n, sizeof(uint64_t), compare_u64);
    for (int i = 1; i < n; i++) {
        assert_true(hashes[i] != hashes[i - 1]);
    }
    free(hashes);
    free(w->scratch);
    free(w->stack);
    free(w);
    fixture_finish(&fx);
}

/* A small deterministic generator for random games. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* The hash of a state's position computed from scratch. */
static uint64_t hash_from_scratch(const struct fixture *fx, const void *state)
{
    int words = mnk_words(fx->rows * fx->cols);
    struct mnk_bits bits[2];

    memset(bits, 0, sizeof(bits));
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < words; i++) {
            bits[p].w[i] = mnk_get_word(state, words, p, i);
        }
    }
    return mnk_hash_from_scratch(fx->game, bits, mnk_get_ply(state));
}

/* Random games on larger boards: apply/undo restore every byte, the
 * incremental status and hash match from-scratch ones, evaluate stays
 * antisymmetric and bounded. */
static void random_games(int rows, int cols, int k, int games)
{
    struct fixture fx;
    struct line_set *lines = malloc(sizeof(*lines));
    uint64_t rng = UINT64_C(0x2545f4914f6cdd1d);
    tourney_move moves[MNK_MAX_CELLS];
    tourney_move played[MNK_MAX_CELLS];
    uint8_t cells[MNK_MAX_CELLS];

    assert_non_null(lines);
    fixture_init(&fx, rows, cols, k);
    enumerate_lines(rows, cols, k, lines);
    size_t size = fx.info.state_size;
    unsigned char *history = malloc(size * (size_t)(fx.info.max_plies + 1));
    void *swapped = malloc(size);
    assert_non_null(history);
    assert_non_null(swapped);

    for (int g = 0; g < games; g++) {
        void *state = history;
        fx.api->initial_state(fx.game, state);
        int ply = 0;
        int n;
        while ((n = fx.api->legal_moves(fx.game, state, moves)) > 0) {
            int32_t e = fx.api->evaluate(fx.game, state);
            assert_true(e >= -TOURNEY_EVAL_LIMIT && e <= TOURNEY_EVAL_LIMIT);
            memcpy(swapped, state, size);
            swap_colours(&fx, swapped);
            assert_int_equal(fx.api->evaluate(fx.game, swapped), -e);

            tourney_move m = moves[next_random(&rng) % (uint64_t)n];
            memcpy(history + (size_t)(ply + 1) * size, state, size);
            state = history + (size_t)(ply + 1) * size;
            fx.api->apply(fx.game, state, m);
            played[ply++] = m;
            read_cells(&fx, state, cells);
            assert_int_equal(fx.api->status(fx.game, state),
                             oracle_status(lines, k, cells, fx.info.move_limit));
            assert_true(fx.api->hash(fx.game, state) == hash_from_scratch(&fx, state));
        }
        assert_true(fx.api->status(fx.game, state) != TOURNEY_ONGOING);
        /* Unwind the whole game on one state, comparing with each saved one. */
        while (ply > 0) {
            ply--;
            fx.api->undo(fx.game, state, played[ply]);
            assert_memory_equal(state, history + (size_t)ply * size, size);
        }
    }
    free(swapped);
    free(history);
    fixture_finish(&fx);
    free(lines);
}

static void test_random_games(void **unused)
{
    (void)unused;
    random_games(4, 4, 3, 2000);
    random_games(5, 7, 4, 1000);
    /* One full word; two words, lines across the word boundary; four words. */
    random_games(8, 8, 4, 300);
    random_games(9, 9, 5, 200);
    random_games(11, 13, 6, 100);
    random_games(16, 16, 5, 100);
}

/* Random positions of random games, each played `every`-th one checked by
 * check_search_knowledge. Under valgrind (TOURNEY_TEST_QUICK set), a
 * quarter of the games: the same code paths, fewer times. */
static void random_search_knowledge(int rows, int cols, int k, int games, int every)
{
    if (getenv("TOURNEY_TEST_QUICK") != NULL) {
        games = (games + 3) / 4;
    }
    struct fixture fx;
    uint64_t rng = UINT64_C(0x9e3779b97f4a7c15);
    tourney_move moves[MNK_MAX_CELLS];
    int checked = 0;

    fixture_init(&fx, rows, cols, k);
    void *state = new_state(&fx);
    unsigned char *scratch = malloc(2 * fx.info.state_size);
    assert_non_null(scratch);
    for (int g = 0; g < games; g++) {
        fx.api->initial_state(fx.game, state);
        int n;
        for (int ply = 0; (n = fx.api->legal_moves(fx.game, state, moves)) > 0; ply++) {
            if (ply % every == (int)(next_random(&rng) % (uint64_t)every)) {
                check_search_knowledge(&fx, state, scratch);
                checked++;
            }
            fx.api->apply(fx.game, state, moves[next_random(&rng) % (uint64_t)n]);
        }
    }
    /* Enough positions were looked at for the test to mean something. */
    assert_true(checked >= games);
    free(scratch);
    free(state);
    fixture_finish(&fx);
}

static void test_search_knowledge(void **unused)
{
    (void)unused;
    struct fixture fx;
    tourney_move moves[16];

    /* Centre first, then by distance, ties by number. */
    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 9);
    fx.search.order_moves(fx.game, state, moves, 9);
    assert_memory_equal(moves, ((const tourney_move[]){4, 1, 3, 5, 7, 0, 2, 6, 8}),
                        9 * sizeof(moves[0]));
    /* x threatens 0-4-8: o must take 8. */
    play(&fx, state, (const int[]){4, 1, 0}, 3);
    assert_int_equal(fx.search.winning_move(fx.game, state), -1);
    assert_int_equal(fx.search.safe_moves(fx.game, state, moves), 1);
    assert_int_equal(moves[0], 8);
    /* Then x threatens 0-3-6 and 2-4-6 at once: o has no safe move. */
    play(&fx, state, (const int[]){8, 6}, 2);
    assert_int_equal(fx.search.winning_move(fx.game, state), -1);
    assert_int_equal(fx.search.safe_moves(fx.game, state, moves), 0);
    /* o threatens 2 in turn; x wins at 2 or 3, and the lower is given. */
    fx.api->apply(fx.game, state, 5);
    assert_int_equal(fx.search.winning_move(fx.game, state), 2);
    free(state);
    fixture_finish(&fx);

    fixture_init(&fx, 4, 4, 4);
    state = new_state(&fx);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 16);
    fx.search.order_moves(fx.game, state, moves, 16);
    const tourney_move by_centre[16] = {5, 6, 9, 10, 1, 2, 4, 7, 8, 11, 13, 14, 0, 3, 12, 15};
    assert_memory_equal(moves, by_centre, sizeof(by_centre));
    /* The position of the search tests: o wins at 7. */
    parse_ok(&fx, "x x x . / o o o . / x . . . / . . . .", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), 7);
    free(state);
    fixture_finish(&fx);

    /* A move that fills the board ends the game in a draw: it is safe. */
    fixture_init(&fx, 3, 3, 3);
    state = new_state(&fx);
    parse_ok(&fx, "x o x / x o o / o x .", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), -1);
    assert_int_equal(fx.search.safe_moves(fx.game, state, moves), 1);
    assert_int_equal(moves[0], 8);
    free(state);
    fixture_finish(&fx);

    random_search_knowledge(4, 4, 3, 1000, 1);
    random_search_knowledge(4, 4, 4, 1000, 1);
    random_search_knowledge(5, 7, 4, 200, 2);
    random_search_knowledge(7, 5, 3, 200, 2);
    random_search_knowledge(8, 8, 4, 100, 4);
    random_search_knowledge(9, 9, 5, 60, 8);
    random_search_knowledge(16, 16, 5, 8, 32);
    random_search_knowledge(1, 9, 1, 100, 1);
}

/* The same stones put down in another order give the same state, hash
 * included, byte for byte. */
static void transpositions(int rows, int cols, int k, int positions)
{
    struct fixture fx;
    uint64_t rng = UINT64_C(0xd1b54a32d192ed03);
    tourney_move moves[MNK_MAX_CELLS];
    tourney_move own[2][MNK_MAX_CELLS];

    fixture_init(&fx, rows, cols, k);
    void *state = new_state(&fx);
    void *other = new_state(&fx);
    for (int p = 0; p < positions; p++) {
        /* A random ongoing position: no prefix of it has a line either. */
        int ply;
        int n;
        int length = (int)(next_random(&rng) % (uint64_t)(rows * cols));
        fx.api->initial_state(fx.game, state);
        for (ply = 0; ply < length; ply++) {
            n = fx.api->legal_moves(fx.game, state, moves);
            tourney_move m = moves[next_random(&rng) % (uint64_t)n];
            fx.api->apply(fx.game, state, m);
            if (fx.api->status(fx.game, state) != TOURNEY_ONGOING) {
                fx.api->undo(fx.game, state, m);
                break;
            }
            own[ply & 1][ply / 2] = m;
        }
        /* Each player's stones shuffled, then played again, alternating. */
        for (int side = 0; side < 2; side++) {
            int count = (ply + 1 - side) / 2;
            for (int i = count - 1; i > 0; i--) {
                int j = (int)(next_random(&rng) % (uint64_t)(i + 1));
                tourney_move t = own[side][i];
                own[side][i] = own[side][j];
                own[side][j] = t;
            }
        }
        fx.api->initial_state(fx.game, other);
        for (int i = 0; i < ply; i++) {
            fx.api->apply(fx.game, other, own[i & 1][i / 2]);
        }
        assert_memory_equal(other, state, fx.info.state_size);
        assert_true(fx.api->hash(fx.game, other) == hash_from_scratch(&fx, state));
    }
    free(other);
    free(state);
    fixture_finish(&fx);
}

static void test_transpositions(void **unused)
{
    (void)unused;
    transpositions(3, 3, 3, 2000);
    transpositions(4, 4, 4, 2000);
    transpositions(9, 9, 5, 500);
    transpositions(16, 16, 5, 200);
}

static void test_format_state(void **unused)
{
    (void)unused;
    struct fixture fx;
    char buf[64];

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    assert_int_equal(fx.api->format_state(fx.game, state, buf, sizeof(buf)), TOURNEY_OK);
    assert_string_equal(buf, ". . .\n. . .\n. . .\n");
    play(&fx, state, (const int[]){4, 0, 5}, 3);
    assert_int_equal(fx.api->format_state(fx.game, state, buf, sizeof(buf)), TOURNEY_OK);
    assert_string_equal(buf, "o . .\n. x x\n. . .\n");

    /* 18 characters and the terminator: 19 bytes is enough, 18 is not. */
    assert_int_equal(fx.api->format_state(fx.game, state, buf, 19), TOURNEY_OK);
    assert_string_equal(buf, "o . .\n. x x\n. . .\n");
    memset(buf, '#', sizeof(buf));
    assert_int_equal(fx.api->format_state(fx.game, state, buf, 18), TOURNEY_ERR_INVALID);
    assert_int_equal(buf[0], '\0');
    memset(buf, '#', sizeof(buf));
    assert_int_equal(fx.api->format_state(fx.game, state, buf, 0), TOURNEY_ERR_INVALID);
    assert_int_equal(buf[0], '#');
    free(state);
    fixture_finish(&fx);

    fixture_init(&fx, 2, 4, 2);
    state = new_state(&fx);
    play(&fx, state, (const int[]){3, 4}, 2);
    assert_int_equal(fx.api->format_state(fx.game, state, buf, sizeof(buf)), TOURNEY_OK);
    assert_string_equal(buf, ". . . x\no . . .\n");
    free(state);
    fixture_finish(&fx);
}

static void test_parse_state(void **unused)
{
    (void)unused;
    struct fixture fx;
    tourney_move moves[16];

    /* The 4x4, k = 4 position other tests start from. */
    fixture_init(&fx, 4, 4, 4);
    void *state = new_state(&fx);
    void *played = new_state(&fx);
    parse_ok(&fx, "x x x . / o o o . / x . . . / . . . .", state);
    assert_int_equal(fx.api->to_move(fx.game, state), 1);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_ONGOING);
    const tourney_move empty[9] = {3, 7, 9, 10, 11, 12, 13, 14, 15};
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 9);
    assert_memory_equal(moves, empty, sizeof(empty));
    play(&fx, played, (const int[]){0, 4, 1, 5, 2, 6, 8}, 7);
    assert_memory_equal(state, played, fx.info.state_size);
    /* o completes its row. */
    fx.api->apply(fx.game, state, 7);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_SECOND);
    free(played);
    free(state);
    fixture_finish(&fx);

    fixture_init(&fx, 3, 3, 3);
    state = new_state(&fx);
    parse_ok(&fx, ". . . / . . . / . . .", state);
    assert_int_equal(fx.api->to_move(fx.game, state), 0);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 9);
    /* Any case, any empty mark, any separators. */
    parse_ok(&fx, "X-_\n.O.\t\r\n///...", state);
    assert_int_equal(fx.api->to_move(fx.game, state), 0);
    assert_int_equal(cell_of(&fx, state, 0), MNK_X);
    assert_int_equal(cell_of(&fx, state, 4), MNK_O);
    parse_ok(&fx, "x........", state);
    assert_int_equal(fx.api->to_move(fx.game, state), 1);
    /* A finished game reads as finished. */
    parse_ok(&fx, "xxx/oo./...", state);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 0);
    parse_ok(&fx, "xx./ooo/x..", state);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_SECOND);
    free(state);
    fixture_finish(&fx);
}

static void test_parse_errors(void **unused)
{
    (void)unused;
    struct fixture fx;
    const char *bad[] = {
        "",                        /* no cells */
        "x . . / . . . / . .",     /* 8 cells */
        "x . . / . . . / . . . .", /* 10 cells */
        "x . . / . z . / . . .",   /* not a cell */
        "x , . / . . . / . . .",   /* not a separator */
        "o . . / . . . / . . .",   /* o moved first */
        "x x . / . . . / . . .",   /* x moved twice */
        "x x x / o o o / x . .",   /* both have a line */
        "x x x / o o . / o . .",   /* x won, then o moved */
        "x . x / o o o / x . x",   /* o won, then x moved */
    };

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    void *before = new_state(&fx);
    parse_ok(&fx, "x . . / . o . / . . .", state);
    memcpy(before, state, fx.info.state_size);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(fx.api->parse_state(fx.game, bad[i], state), TOURNEY_ERR_INVALID);
        /* A refused text leaves the state alone. */
        assert_memory_equal(state, before, fx.info.state_size);
    }
    assert_int_equal(fx.api->parse_state(fx.game, NULL, state), TOURNEY_ERR_INVALID);
    free(before);
    free(state);
    fixture_finish(&fx);
}

static void test_format_move(void **unused)
{
    (void)unused;
    struct fixture fx;
    char buf[16];
    const struct {
        int rows, cols, move;
        const char *name;
    } cases[] = {
        {3, 3, 0, "a1"},      {3, 3, 4, "b2"},      {3, 3, 8, "c3"}, {3, 3, 2, "c1"},
        {3, 3, 6, "a3"},      {4, 5, 7, "c2"},      {5, 4, 7, "d2"}, {16, 16, 15, "p1"},
        {16, 16, 255, "p16"}, {16, 16, 160, "a11"},
    };

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        fixture_init(&fx, cases[i].rows, cases[i].cols, 1);
        int rc = fx.api->format_move(fx.game, cases[i].move, buf, sizeof(buf));
        assert_int_equal(rc, TOURNEY_OK);
        assert_string_equal(buf, cases[i].name);
        fixture_finish(&fx);
    }

    fixture_init(&fx, 3, 3, 3);
    assert_int_equal(fx.api->format_move(fx.game, 4, buf, 3), TOURNEY_OK);
    assert_string_equal(buf, "b2");
    assert_int_equal(fx.api->format_move(fx.game, 4, buf, 2), TOURNEY_ERR_INVALID);
    assert_string_equal(buf, "");
    assert_int_equal(fx.api->format_move(fx.game, 9, buf, sizeof(buf)), TOURNEY_ERR_INVALID);
    assert_string_equal(buf, "");
    assert_int_equal(fx.api->format_move(fx.game, -1, buf, sizeof(buf)), TOURNEY_ERR_INVALID);
    fixture_finish(&fx);
}

static void test_hash(void **unused)
{
    (void)unused;
    struct fixture fx;

    fixture_init(&fx, 3, 3, 3);
    void *a = new_state(&fx);
    void *b = new_state(&fx);
    play(&fx, a, (const int[]){0, 4, 8}, 3);
    play(&fx, b, (const int[]){8, 4, 0}, 3);
    assert_true(fx.api->hash(fx.game, a) == fx.api->hash(fx.game, b));
    fx.api->apply(fx.game, a, 1);
    assert_true(fx.api->hash(fx.game, a) != fx.api->hash(fx.game, b));
    fx.api->apply(fx.game, b, 1);
    assert_true(fx.api->hash(fx.game, a) == fx.api->hash(fx.game, b));
    /* A parsed position hashes like the played one. */
    parse_ok(&fx, "xo. / .o. / ..x", b);
    assert_true(fx.api->hash(fx.game, a) == fx.api->hash(fx.game, b));
    /* x and o on the same cell differ. */
    fx.api->initial_state(fx.game, a);
    fx.api->initial_state(fx.game, b);
    play(&fx, a, (const int[]){0, 1}, 2);
    play(&fx, b, (const int[]){1, 0}, 2);
    assert_true(fx.api->hash(fx.game, a) != fx.api->hash(fx.game, b));
    free(b);
    free(a);
    fixture_finish(&fx);

    /* Every instance makes the same keys: hashes are reproducible. */
    struct fixture other;
    fixture_init(&fx, 4, 4, 4);
    fixture_init(&other, 4, 4, 4);
    a = new_state(&fx);
    play(&fx, a, (const int[]){5, 10, 15}, 3);
    assert_true(fx.api->hash(fx.game, a) == other.api->hash(other.game, a));
    free(a);
    fixture_finish(&other);
    fixture_finish(&fx);
}

/* The image of `cell` under symmetry t of a rows x cols board: t in 0..3
 * flips rows (bit 0) and columns (bit 1); 4..7 also swap rows and columns,
 * on a square board. */
static int image_of(const struct fixture *fx, int t, int cell)
{
    int r = cell / fx->cols;
    int c = cell % fx->cols;

    if (t & 1) {
        r = fx->rows - 1 - r;
    }
    if (t & 2) {
        c = fx->cols - 1 - c;
    }
    if (t & 4) {
        int swap = r;
        r = c;
        c = swap;
    }
    return r * fx->cols + c;
}

/* The symmetric hash of the draft extension is the smallest hash of the
 * position's images under the board's symmetries, for every position of
 * up to a few moves. */
static void test_symmetric_hash(void **unused)
{
    (void)unused;
    static const int sizes[][4] = {{3, 3, 3, 4}, {3, 4, 3, 4}, {4, 4, 4, 3}, {2, 5, 2, 3}};
    const struct tourney_game_api *game_api = tourney_game_entry();
    const struct tourney_game_symmetry *sym =
        game_api->get_extension(game_api, TOURNEY_GAME_SYMMETRY_ID);

    assert_non_null(sym);
    assert_null(game_api->get_extension(game_api, "tourney.no-such-extension"));
    assert_int_equal(sym->struct_size, sizeof(struct tourney_game_symmetry));
    assert_ptr_equal(tourney_game_get_symmetric_hash(game_api), sym->symmetric_hash);
    for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
        struct fixture fx;
        int plies = sizes[z][3];
        int digits[8] = {0};
        int checked = 0;

        fixture_init(&fx, sizes[z][0], sizes[z][1], sizes[z][2]);
        void *state = new_state(&fx);
        void *image = new_state(&fx);
        int symmetries = fx.rows == fx.cols ? 8 : 4;
        for (;;) {
            bool legal = true;

            fx.api->initial_state(fx.game, state);
            for (int i = 0; i < plies && legal; i++) {
                legal = fx.api->status(fx.game, state) == TOURNEY_ONGOING &&
                        cell_of(&fx, state, digits[i]) == MNK_EMPTY;
                if (legal) {
                    fx.api->apply(fx.game, state, digits[i]);
                }
            }
            if (legal) {
                uint64_t smallest = UINT64_MAX;

                for (int t = 0; t < symmetries; t++) {
                    fx.api->initial_state(fx.game, image);
                    for (int i = 0; i < plies; i++) {
                        fx.api->apply(fx.game, image, image_of(&fx, t, digits[i]));
                    }
                    uint64_t h = fx.api->hash(fx.game, image);
                    smallest = h < smallest ? h : smallest;
                }
                assert_true(sym->symmetric_hash(fx.game, state) == smallest);
                checked++;
            }
            int i = 0;
            while (i < plies && ++digits[i] == fx.info.move_limit) {
                digits[i++] = 0;
            }
            if (i == plies) {
                break;
            }
        }
        assert_true(checked > 100);
        free(image);
        free(state);
        fixture_finish(&fx);
    }
}

static void test_evaluate(void **unused)
{
    (void)unused;
    struct fixture fx;

    fixture_init(&fx, 3, 3, 3);
    void *state = new_state(&fx);
    assert_int_equal(fx.api->evaluate(fx.game, state), 0);
    /* x in the centre: four windows of one x, seen by o. */
    fx.api->apply(fx.game, state, 4);
    assert_int_equal(fx.api->evaluate(fx.game, state), -4);
    /* o in a corner: x keeps 3 open windows, o has 2. */
    fx.api->apply(fx.game, state, 0);
    assert_int_equal(fx.api->evaluate(fx.game, state), 3 - 2);
    /* x on 5: row 3-4-5 holds two (10), 1-4-7, 2-4-6 and 2-5-8 one each. */
    fx.api->apply(fx.game, state, 5);
    assert_int_equal(fx.api->evaluate(fx.game, state), 2 - 13);
    free(state);
    fixture_finish(&fx);

    fixture_init(&fx, 16, 16, 5);
    state = new_state(&fx);
    assert_int_equal(fx.api->evaluate(fx.game, state), 0);
    free(state);
    fixture_finish(&fx);

    /* A board covered in x saturates at the limit, for and against. */
    fixture_init(&fx, 16, 16, 4);
    struct mnk_state *full = new_state(&fx);
    for (int i = 0; i < 4; i++) {
        mnk_set_word(full, 4, 0, i, ~UINT64_C(0));
    }
    assert_int_equal(fx.api->evaluate(fx.game, full), TOURNEY_EVAL_LIMIT);
    flip_side_to_move(full);
    assert_int_equal(fx.api->evaluate(fx.game, full), -TOURNEY_EVAL_LIMIT);
    free(full);
    fixture_finish(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptor),
        cmocka_unit_test(test_create_info),
        cmocka_unit_test(test_create_refuses),
        cmocka_unit_test(test_lines_3x3_k3),
        cmocka_unit_test(test_lines_4x4_k4),
        cmocka_unit_test(test_lines_4x4_k3),
        cmocka_unit_test(test_lines_rectangular),
        cmocka_unit_test(test_no_line_across_edges),
        cmocka_unit_test(test_k1),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_legal_moves),
        cmocka_unit_test(test_perft_3x3),
        cmocka_unit_test(test_walk_3x3),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_search_knowledge),
        cmocka_unit_test(test_transpositions),
        cmocka_unit_test(test_format_state),
        cmocka_unit_test(test_parse_state),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_format_move),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_symmetric_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
