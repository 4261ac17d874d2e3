/*
 * tests/test_connect4.c - the rules of the Connect Four plugin, checked
 * against a plain array-based Connect Four written here (the reference):
 * wins in every direction and place, full columns, draws, apply/undo, perft
 * and the number of distinct positions, the text forms, and order_moves,
 * winning_move and safe_moves against brute force, on several board sizes.
 *
 * Set TOURNEY_TEST_QUICK in the environment to stop perft one ply earlier
 * (for valgrind).
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "../../games/connect4/connect4_game.h"

/* The plugin's source is linked into this test, so its entry is at
 * hand. */
TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void);

/* A game that ends in a draw on the full 7x6 board. */
#define DRAWN_GAME "643426421252361677317153414534371522655677"

/* A game instance and what create said about it. */
struct fixture {
    const struct tourney_game_api *api;
    struct tourney_game_search search; /* the game's search extension */
    void *game;
    struct tourney_game_info info;
    int columns;
    int rows;
};

static void fixture_init(struct fixture *fx, int columns, int rows)
{
    struct tourney_param_value values[2] = {{columns}, {rows}};
    char error[128] = "";

    memset(fx, 0, sizeof(*fx));
    fx->api = tourney_game_entry();
    tourney_game_get_search(fx->api, &fx->search);
    fx->columns = columns;
    fx->rows = rows;
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

static void parse_ok(const struct fixture *fx, const char *text, void *state)
{
    assert_int_equal(fx->api->parse_state(fx->game, text, state), TOURNEY_OK);
}

/* A small deterministic generator for random games. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* ---- the reference: Connect Four on an array ------------------------------ */

struct ref {
    int columns;
    int rows;
    int ply;
    int status;
    int height[CONNECT4_MAX_COLUMNS];
    /* 0 empty, 1 x, 2 o; [column][row], row 0 at the bottom */
    uint8_t cell[CONNECT4_MAX_COLUMNS][CONNECT4_MAX_BITS];
};

static void ref_init(struct ref *b, int columns, int rows)
{
    memset(b, 0, sizeof(*b));
    b->columns = columns;
    b->rows = rows;
}

static uint8_t ref_at(const struct ref *b, int c, int r)
{
    if (c < 0 || c >= b->columns || r < 0 || r >= b->rows) {
        return 0;
    }
    return b->cell[c][r];
}

/* Whether the stone at (c, r) is part of four in a row. */
static bool ref_four_through(const struct ref *b, int c, int r)
{
    static const int dc[4] = {1, 0, 1, 1};
    static const int dr[4] = {0, 1, 1, -1};
    uint8_t colour = b->cell[c][r];

    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int i = 1; ref_at(b, c + i * dc[d], r + i * dr[d]) == colour; i++) {
            run++;
        }
        for (int i = 1; ref_at(b, c - i * dc[d], r - i * dr[d]) == colour; i++) {
            run++;
        }
        if (run >= 4) {
            return true;
        }
    }
    return false;
}

static bool ref_can_play(const struct ref *b, int c)
{
    return b->status == TOURNEY_ONGOING && b->height[c] < b->rows;
}

static int ref_legal(const struct ref *b, tourney_move *moves)
{
    int n = 0;
    for (int c = 0; c < b->columns; c++) {
        if (ref_can_play(b, c)) {
            moves[n++] = c;
        }
    }
    return n;
}

static void ref_play(struct ref *b, int c)
{
    int r = b->height[c]++;
    b->cell[c][r] = (uint8_t)(1 + (b->ply & 1));
    b->ply++;
    if (ref_four_through(b, c, r)) {
        b->status = (b->ply & 1) == 1 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    } else if (b->ply == b->columns * b->rows) {
        b->status = TOURNEY_DRAW;
    }
}

static void ref_unplay(struct ref *b, int c)
{
    b->cell[c][--b->height[c]] = 0;
    b->ply--;
    b->status = TOURNEY_ONGOING;
}

/* Whether a stone of the player to move on the empty cell (c, r) would make
 * four, playable now or not. */
static bool ref_wins_at(struct ref *b, int c, int r)
{
    b->cell[c][r] = (uint8_t)(1 + (b->ply & 1));
    bool four = ref_four_through(b, c, r);
    b->cell[c][r] = 0;
    return four;
}

/* The columns where the player to move wins at once. */
static int ref_winning_columns(struct ref *b, tourney_move *wins)
{
    int n = 0;
    for (int c = 0; c < b->columns; c++) {
        if (ref_can_play(b, c) && ref_wins_at(b, c, b->height[c])) {
            wins[n++] = c;
        }
    }
    return n;
}

/* The columns after which the opponent cannot win at once (a move that ends
 * the game included), by playing each. */
static int ref_safe_columns(struct ref *b, tourney_move *safe)
{
    tourney_move replies[CONNECT4_MAX_COLUMNS];
    int n = 0;

    for (int c = 0; c < b->columns; c++) {
        if (!ref_can_play(b, c)) {
            continue;
        }
        ref_play(b, c);
        if (b->status != TOURNEY_ONGOING || ref_winning_columns(b, replies) == 0) {
            safe[n++] = c;
        }
        ref_unplay(b, c);
    }
    return n;
}

/* A key that tells positions apart: per column its height (6 bits) and
 * colours (up to 58 bits), folded; only used on 7x6, where a column takes 3
 * and 6 bits and the key is exact. */
static uint64_t ref_key_7x6(const struct ref *b)
{
    uint64_t key = 0;
    for (int c = 0; c < 7; c++) {
        uint64_t colours = 0;
        for (int r = 0; r < b->height[c]; r++) {
            colours |= (uint64_t)(b->cell[c][r] == 2) << r;
        }
        key = (key << 9) | ((uint64_t)b->height[c] << 6) | colours;
    }
    return key;
}

/* ---- comparing the plugin with the reference ------------------------------ */

/* What the plugin's state holds at (c, r): 0 empty, 1 x, 2 o. */
static uint8_t plugin_at(const struct fixture *fx, const void *state, int c, int r)
{
    const struct connect4_state *s = state;
    uint64_t bit = UINT64_C(1) << (c * (fx->rows + 1) + r);
    uint64_t mask = connect4_get_mask(s);
    uint64_t mover = connect4_get_position(s);

    if ((mask & bit) == 0) {
        return 0;
    }
    int mover_colour = 1 + (s->ply & 1);
    return (uint8_t)((mover & bit) != 0 ? mover_colour : 3 - mover_colour);
}

static void assert_same(const struct fixture *fx, const void *state, const struct ref *b)
{
    tourney_move moves[CONNECT4_MAX_COLUMNS];
    tourney_move expected[CONNECT4_MAX_COLUMNS];

    for (int c = 0; c < fx->columns; c++) {
        for (int r = 0; r < fx->rows; r++) {
            assert_int_equal(plugin_at(fx, state, c, r), b->cell[c][r]);
        }
    }
    assert_int_equal(fx->api->status(fx->game, state), b->status);
    assert_int_equal(((const struct connect4_state *)state)->ply, b->ply);
    if (b->status == TOURNEY_ONGOING) {
        assert_int_equal(fx->api->to_move(fx->game, state), b->ply & 1);
    }
    int n = fx->api->legal_moves(fx->game, state, moves);
    assert_int_equal(n, ref_legal(b, expected));
    assert_memory_equal(moves, expected, sizeof(moves[0]) * (size_t)n);
}

/* Plays `moves` (a move string) on both. */
static void play_both(const struct fixture *fx, void *state, struct ref *b, const char *moves)
{
    for (const char *p = moves; *p != '\0'; p++) {
        assert_int_equal(fx->api->status(fx->game, state), TOURNEY_ONGOING);
        fx->api->apply(fx->game, state, *p - '1');
        ref_play(b, *p - '1');
        assert_same(fx, state, b);
    }
}

/* ---- the descriptor and create -------------------------------------------- */

static void test_descriptor(void **unused)
{
    (void)unused;
    const struct tourney_game_api *api = tourney_game_entry();

    assert_int_equal(api->header.abi_major, TOURNEY_ABI_MAJOR);
    assert_int_equal(api->header.abi_minor, TOURNEY_ABI_MINOR);
    assert_int_equal(api->header.struct_size, sizeof(struct tourney_game_api));
    assert_int_equal(api->header.kind, TOURNEY_KIND_GAME);
    assert_string_equal(api->name, "connect4");
    assert_non_null(api->description);
    assert_string_equal(api->id, "org.tourney.connect4");
    assert_string_equal(api->version, "1.0.0");
    assert_int_equal(api->param_count, 2);
    assert_null(api->legacy_params);
    struct tourney_param_info params[3];
    for (uint32_t i = 0; i < 3; i++) {
        memset(&params[i], 0, sizeof(params[i]));
        params[i].struct_size = sizeof(params[i]);
        assert_int_equal(api->get_param_info(api, i, &params[i]),
                         i < 2 ? TOURNEY_OK : TOURNEY_ERR_INVALID);
    }
    assert_string_equal(params[0].name, "columns");
    assert_string_equal(params[0].default_value, "7");
    assert_int_equal(params[0].min, 1);
    assert_int_equal(params[0].max, 9);
    assert_string_equal(params[1].name, "rows");
    assert_string_equal(params[1].default_value, "6");
    assert_int_equal(params[1].min, 1);
    assert_int_equal(params[1].max, 63);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(params[i].type, TOURNEY_PARAM_INT);
        assert_non_null(params[i].help);
    }
    assert_non_null(api->evaluate);
    assert_non_null(api->hash);
    assert_non_null(api->format_move);
    assert_non_null(api->format_state);
    assert_non_null(api->parse_state);
    /* The knowledge is the search extension's; the fields of ABI 1.1 stay
     * empty in a 1.2 game. */
    struct tourney_game_search search;
    tourney_game_get_search(api, &search);
    assert_non_null(search.order_moves);
    assert_non_null(search.winning_move);
    assert_non_null(search.safe_moves);
    assert_null(api->order_moves);
    assert_null(api->winning_move);
    assert_null(api->safe_moves);
    api->destroy(NULL);
}

static int try_create(int columns, int rows, char *error, size_t error_size)
{
    const struct tourney_game_api *api = tourney_game_entry();
    struct tourney_param_value values[2] = {{columns}, {rows}};
    struct tourney_game_info info;
    void *game = NULL;

    int rc = api->create(values, &game, &info, error, error_size);
    if (rc != TOURNEY_OK) {
        assert_null(game);
    }
    api->destroy(game);
    return rc;
}

static void test_create(void **unused)
{
    (void)unused;
    struct fixture fx;
    char error[128];

    fixture_init(&fx, 7, 6);
    assert_int_equal(fx.info.state_size, sizeof(struct connect4_state));
    assert_int_equal(fx.info.state_size, 24);
    assert_int_equal(fx.info.move_limit, 7);
    assert_int_equal(fx.info.max_plies, 42);
    fixture_finish(&fx);

    /* The largest boards: every bit of the word in use. */
    fixture_init(&fx, 8, 7);
    assert_int_equal(fx.info.max_plies, 56);
    fixture_finish(&fx);
    assert_int_equal(try_create(1, 63, error, sizeof(error)), TOURNEY_OK);
    assert_int_equal(try_create(4, 15, error, sizeof(error)), TOURNEY_OK);
    assert_int_equal(try_create(9, 6, error, sizeof(error)), TOURNEY_OK);
    assert_int_equal(try_create(4, 1, error, sizeof(error)), TOURNEY_OK);

    assert_int_equal(try_create(9, 7, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "a 9x7 board needs columns * (rows + 1) = 72 bits, more than 64");
    assert_int_equal(try_create(2, 63, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "a 2x63 board needs columns * (rows + 1) = 128 bits, more than 64");
    assert_int_equal(try_create(3, 3, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "four in a row cannot fit on a 3x3 board");
    assert_int_equal(try_create(0, 6, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "columns = 0 is not in 1..9");
    assert_int_equal(try_create(10, 6, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "columns = 10 is not in 1..9");
    assert_int_equal(try_create(7, 64, error, sizeof(error)), TOURNEY_ERR_INVALID);
    assert_string_equal(error, "rows = 64 is not in 1..63");
    assert_int_equal(try_create(3, 3, NULL, 0), TOURNEY_ERR_INVALID);
}

/* ---- wins, full columns, draws -------------------------------------------- */

/* Whether cell (c, r) is one of the four of `line`. */
static bool on_line(const int line[4][2], int c, int r)
{
    for (int i = 0; i < 4; i++) {
        if (line[i][0] == c && line[i][1] == r) {
            return true;
        }
    }
    return false;
}

/*
 * Plays a game on both the plugin and the reference in which `winner` puts
 * stones on the cells of `line` whenever it can, and otherwise both players
 * play random cells off the line that make no four; checks that the game
 * ends exactly when the line is complete, won by `winner`. Returns false
 * when this attempt got stuck (no such move left), to be tried again.
 */
static bool try_win_on_line(const struct fixture *fx, const int line[4][2], int winner,
                            uint64_t *rng)
{
    struct ref b;
    void *state = new_state(fx);
    int placed = 0;
    bool done = false;

    ref_init(&b, fx->columns, fx->rows);
    while (!done) {
        int mover = b.ply & 1;
        tourney_move choices[CONNECT4_MAX_COLUMNS];
        int n = 0;
        int pick = -1;
        for (int c = 0; c < fx->columns; c++) {
            if (!ref_can_play(&b, c)) {
                continue;
            }
            bool lands_on_line = on_line(line, c, b.height[c]);
            if (mover == winner && lands_on_line) {
                pick = c;
            } else if (!lands_on_line && !ref_wins_at(&b, c, b.height[c])) {
                choices[n++] = c;
            }
        }
        if (pick < 0) {
            if (n == 0) {
                break;
            }
            pick = choices[next_random(rng) % (uint64_t)n];
        }
        bool completes = mover == winner && on_line(line, pick, b.height[pick]) && placed == 3;
        placed += mover == winner && on_line(line, pick, b.height[pick]);
        fx->api->apply(fx->game, state, pick);
        ref_play(&b, pick);
        assert_same(fx, state, &b);
        if (completes) {
            assert_int_equal(fx->api->status(fx->game, state),
                             winner == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND);
            done = true;
        } else if (b.status != TOURNEY_ONGOING) {
            break;
        }
    }
    free(state);
    return done;
}

/* Every line of four on the board, won by each player. */
static void check_all_lines(int columns, int rows, int expected_lines)
{
    static const int dc[4] = {1, 0, 1, 1};
    static const int dr[4] = {0, 1, 1, -1};
    struct fixture fx;
    uint64_t rng = UINT64_C(0x2545f4914f6cdd1d);
    int lines = 0;

    fixture_init(&fx, columns, rows);
    for (int d = 0; d < 4; d++) {
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows; r++) {
                int line[4][2];
                bool fits = true;
                for (int i = 0; i < 4; i++) {
                    line[i][0] = c + i * dc[d];
                    line[i][1] = r + i * dr[d];
                    fits = fits && line[i][0] < columns && line[i][1] >= 0 && line[i][1] < rows;
                }
                if (!fits) {
                    continue;
                }
                lines++;
                for (int winner = 0; winner < 2; winner++) {
                    int attempts = 0;
                    while (!try_win_on_line(&fx, (const int(*)[2])line, winner, &rng)) {
                        attempts++;
                        assert_true(attempts < 1000);
                    }
                }
            }
        }
    }
    assert_int_equal(lines, expected_lines);
    fixture_finish(&fx);
}

static void test_wins_everywhere(void **unused)
{
    (void)unused;
    /* 7x6: 24 across, 21 up, 12 on each diagonal. */
    check_all_lines(7, 6, 24 + 21 + 12 + 12);
    check_all_lines(5, 4, 2 * 4 + 5 * 1 + 2 + 2);
    check_all_lines(8, 7, 5 * 7 + 8 * 4 + 5 * 4 + 5 * 4);
    /* Tall and narrow. (Four columns would not do: x's first stone lands
     * in the bottom row, which o then can never own.) */
    check_all_lines(5, 9, 2 * 9 + 5 * 6 + 2 * 6 + 2 * 6);
}

static void test_edges_by_hand(void **unused)
{
    (void)unused;
    struct fixture fx;
    struct ref b;

    fixture_init(&fx, 7, 6);
    const struct {
        const char *moves;
        int status;
    } cases[] = {
        {"1212121", TOURNEY_WIN_FIRST},       /* x up the left edge */
        {"7171717", TOURNEY_WIN_FIRST},       /* x up the right edge */
        {"1122334", TOURNEY_WIN_FIRST},       /* x along the bottom, from the left */
        {"4455667", TOURNEY_WIN_FIRST},       /* x along the bottom, to the right */
        {"14152627", TOURNEY_WIN_SECOND},     /* o along the bottom, to the right */
        {"12233434414", TOURNEY_WIN_FIRST},   /* x rising from a1 to d4 */
        {"76655454474", TOURNEY_WIN_FIRST},   /* x falling from d4 to g1 */
        {"412532334544", TOURNEY_WIN_SECOND}, /* o rising from a1 to d4 */
        {"476356554344", TOURNEY_WIN_SECOND}, /* o falling from d4 to g1 */
        {"1122335", TOURNEY_ONGOING},         /* x a1 b1 c1 e1: a gap is no four */
    };

    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        void *state = new_state(&fx);
        ref_init(&b, 7, 6);
        play_both(&fx, state, &b, cases[i].moves);
        assert_int_equal(fx.api->status(fx.game, state), cases[i].status);
        free(state);
    }
    fixture_finish(&fx);
}

static void test_full_columns(void **unused)
{
    (void)unused;
    struct fixture fx;
    struct ref b;
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    ref_init(&b, 7, 6);
    play_both(&fx, state, &b, "444444");
    const tourney_move without_4[6] = {0, 1, 2, 4, 5, 6};
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 6);
    assert_memory_equal(moves, without_4, sizeof(without_4));
    /* The right edge full too. */
    play_both(&fx, state, &b, "777777");
    const tourney_move without_4_7[5] = {0, 1, 2, 4, 5};
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 5);
    assert_memory_equal(moves, without_4_7, sizeof(without_4_7));
    free(state);
    fixture_finish(&fx);

    /* One row: every move fills its column. */
    fixture_init(&fx, 5, 1);
    state = new_state(&fx);
    ref_init(&b, 5, 1);
    play_both(&fx, state, &b, "3152");
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 1);
    assert_int_equal(moves[0], 3);
    play_both(&fx, state, &b, "4");
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_DRAW);
    free(state);
    fixture_finish(&fx);
}

static void test_draw(void **unused)
{
    (void)unused;
    struct fixture fx;
    struct ref b;
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    assert_int_equal(strlen(DRAWN_GAME), 42);
    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    ref_init(&b, 7, 6);
    play_both(&fx, state, &b, DRAWN_GAME);
    assert_int_equal(b.status, TOURNEY_DRAW);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_DRAW);
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 0);

    /* The same game read at once, and the board it leaves. */
    void *parsed = new_state(&fx);
    parse_ok(&fx, DRAWN_GAME, parsed);
    assert_memory_equal(parsed, state, fx.info.state_size);
    char text[128];
    assert_int_equal(fx.api->format_state(fx.game, state, text, sizeof(text)), TOURNEY_OK);
    parse_ok(&fx, text, parsed);
    assert_memory_equal(parsed, state, fx.info.state_size);
    free(parsed);

    /* Undone move by move, it comes back to the empty board. */
    for (int i = 41; i >= 0; i--) {
        fx.api->undo(fx.game, state, DRAWN_GAME[i] - '1');
        ref_unplay(&b, DRAWN_GAME[i] - '1');
        assert_same(&fx, state, &b);
    }
    void *empty = new_state(&fx);
    assert_memory_equal(state, empty, fx.info.state_size);
    free(empty);
    free(state);
    fixture_finish(&fx);
}

/* ---- random games: apply/undo, status, hash, evaluate --------------------- */

static void random_games(int columns, int rows, int games)
{
    struct fixture fx;
    struct ref b;
    uint64_t rng = UINT64_C(0x9e3779b97f4a7c15);
    tourney_move moves[CONNECT4_MAX_COLUMNS];
    tourney_move played[CONNECT4_MAX_BITS];
    uint64_t hashes[CONNECT4_MAX_BITS + 1];

    fixture_init(&fx, columns, rows);
    size_t size = fx.info.state_size;
    unsigned char *history = malloc(size * (size_t)(fx.info.max_plies + 1));
    struct connect4_state swapped;
    assert_non_null(history);

    for (int g = 0; g < games; g++) {
        void *state = history;
        /* Garbage first: initial_state must set every byte. */
        memset(state, 0xa5, size);
        fx.api->initial_state(fx.game, state);
        ref_init(&b, columns, rows);
        int ply = 0;
        int n;
        hashes[0] = fx.api->hash(fx.game, state);
        while ((n = fx.api->legal_moves(fx.game, state, moves)) > 0) {
            /* Evaluation: bounded, and negated when the colours swap. */
            int32_t e = fx.api->evaluate(fx.game, state);
            assert_true(e >= -TOURNEY_EVAL_LIMIT / 2 && e <= TOURNEY_EVAL_LIMIT / 2);
            memcpy(&swapped, state, size);
            connect4_set_position(&swapped,
                                  connect4_get_position(&swapped) ^ connect4_get_mask(&swapped));
            assert_int_equal(fx.api->evaluate(fx.game, &swapped), -e);

            tourney_move m = moves[next_random(&rng) % (uint64_t)n];
            memcpy(history + (size_t)(ply + 1) * size, state, size);
            state = history + (size_t)(ply + 1) * size;
            fx.api->apply(fx.game, state, m);
            ref_play(&b, m);
            played[ply++] = m;
            assert_same(&fx, state, &b);
            /* Every position of a game differs from the ones before it. */
            hashes[ply] = fx.api->hash(fx.game, state);
            for (int i = 0; i < ply; i++) {
                assert_true(hashes[i] != hashes[ply]);
            }
        }
        assert_true(fx.api->status(fx.game, state) != TOURNEY_ONGOING);
        /* Unwind the whole game on one state: every byte and hash back. */
        while (ply > 0) {
            ply--;
            fx.api->undo(fx.game, state, played[ply]);
            assert_memory_equal(state, history + (size_t)ply * size, size);
            assert_true(fx.api->hash(fx.game, state) == hashes[ply]);
        }
    }
    free(history);
    fixture_finish(&fx);
}

static void test_random_games(void **unused)
{
    (void)unused;
    random_games(7, 6, 3000);
    random_games(5, 4, 2000);
    random_games(8, 7, 1000);
    random_games(9, 6, 1000);
    random_games(4, 15, 500);
    random_games(1, 63, 20);
    random_games(6, 1, 200);
}

static void test_evaluate(void **unused)
{
    (void)unused;
    struct fixture fx;

    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    assert_int_equal(fx.api->evaluate(fx.game, state), 0);
    /* x in the middle column: o sees one centre stone against it. */
    parse_ok(&fx, "4", state);
    assert_int_equal(fx.api->evaluate(fx.game, state), -3);
    /* x on d1 and e1, o on a1, o to move: three windows across the bottom
     * hold both x and no o (a1-d1 holds o's a1), and x has the centre. */
    parse_ok(&fx, "415", state);
    assert_int_equal(fx.api->evaluate(fx.game, state), -(3 * 4 + 3));
    /* x on d1 e1 f1, o on a1 a2, o to move: for x, two windows of three
     * (c1-f1, d1-g1) and one of two (b1-e1) and the centre; for o, one
     * window of two (a1-a4). */
    parse_ok(&fx, "41516", state);
    assert_int_equal(fx.api->evaluate(fx.game, state), 4 - (2 * 16 + 4) - 3);
    /* The same seen by x, after o's g1: g1 takes d1-g1 from x and makes
     * no window of two for o. */
    parse_ok(&fx, "415167", state);
    assert_int_equal(fx.api->evaluate(fx.game, state), 16 + 4 + 3 - 4);
    free(state);
    fixture_finish(&fx);
}

/* ---- perft and distinct positions ----------------------------------------- */

/* A set of 64-bit keys: open addressing, grows when half full. */
struct key_set {
    uint64_t *slots; /* 0 is free: keys are stored plus one */
    size_t capacity;
    size_t count;
};

static void key_set_init(struct key_set *set)
{
    set->capacity = 1024;
    set->count = 0;
    set->slots = calloc(set->capacity, sizeof(uint64_t));
    assert_non_null(set->slots);
}

static void key_set_finish(struct key_set *set)
{
    free(set->slots);
}

static size_t key_slot(uint64_t key, size_t capacity)
{
    key *= UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)(key >> 20) & (capacity - 1);
}

static void key_set_add(struct key_set *set, uint64_t key);

static void key_set_grow(struct key_set *set)
{
    uint64_t *old = set->slots;
    size_t old_capacity = set->capacity;

    set->capacity *= 2;
    set->count = 0;
    set->slots = calloc(set->capacity, sizeof(uint64_t));
    assert_non_null(set->slots);
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i] != 0) {
            key_set_add(set, old[i] - 1);
        }
    }
    free(old);
}

static void key_set_add(struct key_set *set, uint64_t key)
{
    if (2 * (set->count + 1) > set->capacity) {
        key_set_grow(set);
    }
    /* Stored plus one so that 0 marks a free slot; no key here is ~0. */
    uint64_t stored = key + 1;
    size_t i = key_slot(key, set->capacity);
    while (set->slots[i] != 0) {
        if (set->slots[i] == stored) {
            return;
        }
        i = (i + 1) & (set->capacity - 1);
    }
    set->slots[i] = stored;
    set->count++;
}

struct perft {
    uint64_t leaves[10];         /* paths of each length, games that ended early excluded */
    struct key_set distinct[10]; /* positions after each number of plies */
};

static void perft_plugin(const struct fixture *fx, void *state, int ply, int depth,
                         struct perft *p)
{
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    p->leaves[ply]++;
    key_set_add(&p->distinct[ply], fx->api->hash(fx->game, state));
    if (ply == depth) {
        return;
    }
    int n = fx->api->legal_moves(fx->game, state, moves);
    for (int i = 0; i < n; i++) {
        fx->api->apply(fx->game, state, moves[i]);
        perft_plugin(fx, state, ply + 1, depth, p);
        fx->api->undo(fx->game, state, moves[i]);
    }
}

static void perft_ref(struct ref *b, int ply, int depth, struct perft *p)
{
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    p->leaves[ply]++;
    key_set_add(&p->distinct[ply], ref_key_7x6(b));
    if (ply == depth) {
        return;
    }
    int n = ref_legal(b, moves);
    for (int i = 0; i < n; i++) {
        ref_play(b, moves[i]);
        perft_ref(b, ply + 1, depth, p);
        ref_unplay(b, moves[i]);
    }
}

static void test_perft(void **unused)
{
    (void)unused;
    /*
     * Distinct positions after n plies (OEIS A212693), the empty board at
     * n = 0, and paths of n plies (games that ended sooner not continued).
     * The paths are 7^n while every column has room, up to ply 6; at ply 6
     * the 7 positions with all six stones in one column have 6 moves each,
     * and the first fours come at ply 7.
     */
    static const uint64_t distinct[9] = {1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275};
    static const uint64_t paths[9] = {1, 7, 49, 343, 2401, 16807, 117649, 823543 - 7, 5673234};
    int depth = getenv("TOURNEY_TEST_QUICK") != NULL ? 7 : 8;
    struct fixture fx;
    struct perft *plugin = calloc(1, sizeof(*plugin));
    struct perft *reference = calloc(1, sizeof(*reference));
    struct ref b;

    assert_non_null(plugin);
    assert_non_null(reference);
    for (int i = 0; i <= depth; i++) {
        key_set_init(&plugin->distinct[i]);
        key_set_init(&reference->distinct[i]);
    }
    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    void *start = new_state(&fx);
    perft_plugin(&fx, state, 0, depth, plugin);
    assert_memory_equal(state, start, fx.info.state_size);
    ref_init(&b, 7, 6);
    perft_ref(&b, 0, depth, reference);

    /* The plugin's hashes tell as many positions apart as the reference's
     * exact keys do. */
    for (int i = 0; i <= depth; i++) {
        assert_int_equal(plugin->leaves[i], reference->leaves[i]);
        assert_int_equal(plugin->leaves[i], paths[i]);
        assert_int_equal(plugin->distinct[i].count, reference->distinct[i].count);
        assert_int_equal(plugin->distinct[i].count, distinct[i]);
    }
    for (int i = 0; i <= depth; i++) {
        key_set_finish(&plugin->distinct[i]);
        key_set_finish(&reference->distinct[i]);
    }
    free(start);
    free(state);
    free(reference);
    free(plugin);
    fixture_finish(&fx);
}

/* ---- text ----------------------------------------------------------------- */

static void test_format_move(void **unused)
{
    (void)unused;
    struct fixture fx;
    char buf[8];

    fixture_init(&fx, 7, 6);
    for (int c = 0; c < 7; c++) {
        assert_int_equal(fx.api->format_move(fx.game, c, buf, sizeof(buf)), TOURNEY_OK);
        assert_int_equal(buf[0], '1' + c);
        assert_int_equal(buf[1], '\0');
    }
    assert_int_equal(fx.api->format_move(fx.game, 3, buf, 2), TOURNEY_OK);
    assert_string_equal(buf, "4");
    assert_int_equal(fx.api->format_move(fx.game, 3, buf, 1), TOURNEY_ERR_INVALID);
    assert_string_equal(buf, "");
    assert_int_equal(fx.api->format_move(fx.game, 7, buf, sizeof(buf)), TOURNEY_ERR_INVALID);
    assert_int_equal(fx.api->format_move(fx.game, -1, buf, sizeof(buf)), TOURNEY_ERR_INVALID);
    fixture_finish(&fx);
}

static void test_format_state(void **unused)
{
    (void)unused;
    struct fixture fx;
    char buf[128];

    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    parse_ok(&fx, "4453", state);
    assert_int_equal(fx.api->format_state(fx.game, state, buf, sizeof(buf)), TOURNEY_OK);
    assert_string_equal(buf, ". . . . . . .\n"
                             ". . . . . . .\n"
                             ". . . . . . .\n"
                             ". . . . . . .\n"
                             ". . . o . . .\n"
                             ". . o x x . .\n");
    /* 84 characters and the terminator. */
    assert_int_equal(fx.api->format_state(fx.game, state, buf, 85), TOURNEY_OK);
    memset(buf, '#', sizeof(buf));
    assert_int_equal(fx.api->format_state(fx.game, state, buf, 84), TOURNEY_ERR_INVALID);
    assert_int_equal(buf[0], '\0');
    free(state);
    fixture_finish(&fx);

    fixture_init(&fx, 5, 4);
    state = new_state(&fx);
    parse_ok(&fx, "1155", state);
    assert_int_equal(fx.api->format_state(fx.game, state, buf, sizeof(buf)), TOURNEY_OK);
    assert_string_equal(buf, ". . . . .\n"
                             ". . . . .\n"
                             "o . . . o\n"
                             "x . . . x\n");
    free(state);
    fixture_finish(&fx);
}

/* Random positions written out and read back, byte for byte; move strings
 * read like the moves played. */
static void round_trips(int columns, int rows, int games)
{
    struct fixture fx;
    uint64_t rng = UINT64_C(0xd1b54a32d192ed03);
    tourney_move moves[CONNECT4_MAX_COLUMNS];
    char text[256];
    char move_string[CONNECT4_MAX_BITS + 1];

    fixture_init(&fx, columns, rows);
    void *state = new_state(&fx);
    void *parsed = new_state(&fx);
    for (int g = 0; g < games; g++) {
        fx.api->initial_state(fx.game, state);
        int ply = 0;
        for (;;) {
            move_string[ply] = '\0';
            parse_ok(&fx, move_string, parsed);
            assert_memory_equal(parsed, state, fx.info.state_size);
            assert_int_equal(fx.api->format_state(fx.game, state, text, sizeof(text)), TOURNEY_OK);
            memset(parsed, 0x5a, fx.info.state_size);
            parse_ok(&fx, text, parsed);
            assert_memory_equal(parsed, state, fx.info.state_size);
            int n = fx.api->legal_moves(fx.game, state, moves);
            if (n == 0) {
                break;
            }
            tourney_move m = moves[next_random(&rng) % (uint64_t)n];
            fx.api->apply(fx.game, state, m);
            move_string[ply++] = (char)('1' + m);
        }
        /* No move after the end. */
        for (int c = 0; c < columns; c++) {
            move_string[ply] = (char)('1' + c);
            move_string[ply + 1] = '\0';
            assert_int_equal(fx.api->parse_state(fx.game, move_string, parsed),
                             TOURNEY_ERR_INVALID);
        }
    }
    free(parsed);
    free(state);
    fixture_finish(&fx);
}

static void test_round_trips(void **unused)
{
    (void)unused;
    round_trips(7, 6, 300);
    round_trips(5, 4, 300);
    round_trips(8, 7, 100);
}

static void test_parse_errors(void **unused)
{
    (void)unused;
    struct fixture fx;
    const char *bad[] = {
        "0",        /* columns count from 1 */
        "8",        /* no column 8 */
        "44a",      /* not a column */
        "44 53",    /* spaces only around the moves */
        "4453 -3",  /* a test set line, not a position */
        "4444444",  /* a seventh stone in column 4 */
        "12121212", /* x won at the seventh move */
        "1x",       /* moves and cells mixed */
        /* Drawn boards: too few cells, a stone in the air, o first, x
         * twice, both with four, x with four after o moved, and x with a
         * four under o's stones that its last move (f1) did not make. */
        ". . . . . . . / . . . . . . .",
        "...... . / ....... / ....... / ....... / ...x... / .......",
        "....... / ....... / ....... / ....... / ....... / ...o...",
        "....... / ....... / ....... / ....... / ....... / ..xx...",
        "....... / ....... / xo..... / xo..... / xo..... / xo.....",
        "....... / ....... / ....... / ....... / o...... / xxxxooo",
        "....... / ....... / ....... / ....... / oooo... / xxxx.x.",
    };

    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    void *before = new_state(&fx);
    parse_ok(&fx, "4453", state);
    memcpy(before, state, fx.info.state_size);
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_int_equal(fx.api->parse_state(fx.game, bad[i], state), TOURNEY_ERR_INVALID);
        /* A refused text leaves the state alone. */
        assert_memory_equal(state, before, fx.info.state_size);
    }
    assert_int_equal(fx.api->parse_state(fx.game, NULL, state), TOURNEY_ERR_INVALID);

    /* Spaces around a move string, and the empty string, are fine. */
    parse_ok(&fx, " 4453\n", state);
    assert_memory_equal(state, before, fx.info.state_size);
    parse_ok(&fx, "", state);
    assert_int_equal(fx.api->legal_moves(fx.game, state, (tourney_move[7]){0}), 7);
    /* A won game reads as won, as a move string and drawn. */
    parse_ok(&fx, "1212121", state);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    parse_ok(&fx, "....... / ....... / x...... / xo..... / xo..... / xo.....", state);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_FIRST);
    parse_ok(&fx, "....... / ....... / ....... / ....... / x...... / xxxoooo", state);
    assert_int_equal(fx.api->status(fx.game, state), TOURNEY_WIN_SECOND);
    free(before);
    free(state);
    fixture_finish(&fx);
}

/* ---- search knowledge ----------------------------------------------------- */

/* The number of empty cells where a stone of the player to move would make
 * four after it plays column c, by the reference. */
static int ref_threats_after(struct ref *b, int c)
{
    int n = 0;
    /* Put the stone down as the mover's without passing the turn. */
    int r = b->height[c];
    b->cell[c][r] = (uint8_t)(1 + (b->ply & 1));
    b->height[c]++;
    for (int cc = 0; cc < b->columns; cc++) {
        for (int rr = b->height[cc]; rr < b->rows; rr++) {
            n += ref_wins_at(b, cc, rr);
        }
    }
    b->height[c]--;
    b->cell[c][r] = 0;
    return n;
}

/* order_moves, winning_move and safe_moves of the ongoing position `state`
 * (also in `b`) against the reference; safe_moves only where the mover has
 * no winning move, as its contract says. */
static void check_search_knowledge(const struct fixture *fx, const void *state, struct ref *b)
{
    tourney_move moves[CONNECT4_MAX_COLUMNS];
    tourney_move expected[CONNECT4_MAX_COLUMNS];
    tourney_move got[CONNECT4_MAX_COLUMNS];
    int score[CONNECT4_MAX_COLUMNS];

    int n = fx->api->legal_moves(fx->game, state, moves);
    fx->search.order_moves(fx->game, state, moves, n);
    /* The same moves, sorted: more threats first, then nearer the centre,
     * then to the left. */
    int legal = ref_legal(b, expected);
    assert_int_equal(n, legal);
    for (int i = 0; i < n; i++) {
        score[moves[i]] = ref_threats_after(b, moves[i]);
        int found = 0;
        for (int j = 0; j < n; j++) {
            found += expected[j] == moves[i];
        }
        assert_int_equal(found, 1);
    }
    for (int i = 1; i < n; i++) {
        int a = moves[i - 1];
        int c = moves[i];
        int da = abs(2 * a - (b->columns - 1));
        int dc = abs(2 * c - (b->columns - 1));
        assert_true(score[a] > score[c] ||
                    (score[a] == score[c] && (da < dc || (da == dc && a < c))));
    }

    int wins = ref_winning_columns(b, expected);
    assert_int_equal(fx->search.winning_move(fx->game, state), wins == 0 ? -1 : expected[0]);

    /* safe_moves is only defined where the mover cannot win at once. */
    if (wins == 0) {
        int safe = ref_safe_columns(b, expected);
        assert_int_equal(fx->search.safe_moves(fx->game, state, got), safe);
        assert_memory_equal(got, expected, sizeof(got[0]) * (size_t)safe);
    }
}

static void random_search_knowledge(int columns, int rows, int games)
{
    struct fixture fx;
    struct ref b;
    uint64_t rng = UINT64_C(0x2545f4914f6cdd1d);
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    fixture_init(&fx, columns, rows);
    void *state = new_state(&fx);
    for (int g = 0; g < games; g++) {
        fx.api->initial_state(fx.game, state);
        ref_init(&b, columns, rows);
        int n;
        while ((n = fx.api->legal_moves(fx.game, state, moves)) > 0) {
            check_search_knowledge(&fx, state, &b);
            tourney_move m = moves[next_random(&rng) % (uint64_t)n];
            fx.api->apply(fx.game, state, m);
            ref_play(&b, m);
        }
    }
    free(state);
    fixture_finish(&fx);
}

static void test_search_knowledge(void **unused)
{
    (void)unused;
    struct fixture fx;
    tourney_move moves[CONNECT4_MAX_COLUMNS];

    fixture_init(&fx, 7, 6);
    void *state = new_state(&fx);
    /* The empty board: centre first, the left before the right. */
    assert_int_equal(fx.api->legal_moves(fx.game, state, moves), 7);
    fx.search.order_moves(fx.game, state, moves, 7);
    assert_memory_equal(moves, ((const tourney_move[]){3, 2, 4, 1, 5, 0, 6}),
                        7 * sizeof(moves[0]));
    parse_ok(&fx, "2737", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), -1);
    /* x has b1 c1 d1: it wins at a1 or e1, and the lower is given. */
    parse_ok(&fx, "273747", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), 0);
    parse_ok(&fx, "27374", state);
    /* o to move faces two playable threats: nothing is safe. */
    assert_int_equal(fx.search.safe_moves(fx.game, state, moves), 0);
    /* o blocks a1; e1 is left. */
    parse_ok(&fx, "273741", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), 4);
    /* o has g1 g2 g3 and x, with only a1 b1 b2, must block g4. */
    parse_ok(&fx, "272717", state);
    assert_int_equal(fx.search.winning_move(fx.game, state), -1);
    assert_int_equal(fx.search.safe_moves(fx.game, state, moves), 1);
    assert_int_equal(moves[0], 6);
    free(state);
    fixture_finish(&fx);

    random_search_knowledge(7, 6, 1500);
    random_search_knowledge(5, 4, 1500);
    random_search_knowledge(8, 7, 500);
    random_search_knowledge(4, 15, 200);
    random_search_knowledge(6, 1, 200);
}

/* One position of the symmetry test: its symmetric hash, and its own and
 * its mirror image's hash (perfect: connect4's hash tells positions apart),
 * the smaller first. */
struct mirrored {
    uint64_t symmetric;
    uint64_t low;
    uint64_t high;
};

static int by_symmetric(const void *a, const void *b)
{
    const struct mirrored *x = a;
    const struct mirrored *y = b;

    return (x->symmetric > y->symmetric) - (x->symmetric < y->symmetric);
}

static int by_pair(const void *a, const void *b)
{
    const struct mirrored *x = a;
    const struct mirrored *y = b;

    if (x->low != y->low) {
        return (x->low > y->low) - (x->low < y->low);
    }
    return (x->high > y->high) - (x->high < y->high);
}

/* Fills `out` with every position of up to `plies` moves (move strings with
 * repeats); returns how many. */
static size_t mirror_positions(const struct fixture *fx, const struct tourney_game_symmetry *sym,
                               int plies, struct mirrored *out)
{
    void *state = new_state(fx);
    void *mirror = new_state(fx);
    int digits[16] = {0};
    size_t count = 0;

    for (;;) {
        bool legal = true;

        fx->api->initial_state(fx->game, state);
        fx->api->initial_state(fx->game, mirror);
        for (int i = 0; i < plies && legal; i++) {
            tourney_move moves[CONNECT4_MAX_COLUMNS];
            int n = fx->api->legal_moves(fx->game, state, moves);
            bool found = false;

            for (int j = 0; j < n; j++) {
                found |= moves[j] == digits[i];
            }
            legal = found;
            if (legal) {
                fx->api->apply(fx->game, state, digits[i]);
                fx->api->apply(fx->game, mirror, fx->columns - 1 - digits[i]);
            }
        }
        if (legal) {
            uint64_t h = fx->api->hash(fx->game, state);
            uint64_t m = fx->api->hash(fx->game, mirror);

            /* The mirror image's symmetric hash is the same. */
            assert_true(sym->symmetric_hash(fx->game, state) ==
                        sym->symmetric_hash(fx->game, mirror));
            out[count].symmetric = sym->symmetric_hash(fx->game, state);
            out[count].low = h < m ? h : m;
            out[count].high = h < m ? m : h;
            count++;
        }
        /* The next move string, as an odometer. */
        int i = 0;
        while (i < plies && ++digits[i] == fx->columns) {
            digits[i++] = 0;
        }
        if (i == plies) {
            break;
        }
    }
    free(mirror);
    free(state);
    return count;
}

/* The symmetric hash of the symmetry extension: a position and its mirror
 * image share it, and no other two positions do. */
static void test_symmetric_hash(void **unused)
{
    (void)unused;
    static const int sizes[][3] = {{7, 6, 5}, {6, 5, 5}, {4, 15, 6}};
    const struct tourney_game_api *game_api = tourney_game_entry();
    const struct tourney_game_symmetry *sym =
        game_api->get_extension(game_api, TOURNEY_GAME_SYMMETRY_ID);

    assert_non_null(sym);
    assert_non_null(sym->symmetric_hash);
    assert_null(game_api->get_extension(game_api, "tourney.no-such-extension"));
    assert_int_equal(sym->struct_size, sizeof(struct tourney_game_symmetry));
    assert_ptr_equal(tourney_game_get_symmetric_hash(game_api), sym->symmetric_hash);
    for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
        struct fixture fx;
        size_t room = 1;
        struct mirrored *all;
        size_t n;

        fixture_init(&fx, sizes[z][0], sizes[z][1]);
        for (int i = 0; i < sizes[z][2]; i++) {
            room *= (size_t)sizes[z][0];
        }
        all = malloc(room * sizeof(*all));
        assert_non_null(all);
        n = mirror_positions(&fx, sym, sizes[z][2], all);
        /* Equal symmetric hashes, equal pairs; and the other way round. */
        qsort(all, n, sizeof(*all), by_symmetric);
        for (size_t i = 1; i < n; i++) {
            if (all[i].symmetric == all[i - 1].symmetric) {
                assert_true(by_pair(&all[i], &all[i - 1]) == 0);
            }
        }
        qsort(all, n, sizeof(*all), by_pair);
        for (size_t i = 1; i < n; i++) {
            if (by_pair(&all[i], &all[i - 1]) == 0) {
                assert_true(all[i].symmetric == all[i - 1].symmetric);
            } else {
                assert_true(all[i].symmetric != all[i - 1].symmetric);
            }
        }
        free(all);
        fixture_finish(&fx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptor),      cmocka_unit_test(test_create),
        cmocka_unit_test(test_wins_everywhere), cmocka_unit_test(test_edges_by_hand),
        cmocka_unit_test(test_full_columns),    cmocka_unit_test(test_draw),
        cmocka_unit_test(test_random_games),    cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_perft),           cmocka_unit_test(test_format_move),
        cmocka_unit_test(test_format_state),    cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_parse_errors),    cmocka_unit_test(test_search_knowledge),
        cmocka_unit_test(test_symmetric_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
