/*
 * test_game_adapter.c - the game as the runner uses it: instances made and
 * refused, legal and illegal moves (out of range too) of m,n,k 3x3 and
 * Connect Four, moves and positions as text and back, and the fallbacks of
 * nim (no optional functions) and of a made-up game whose descriptor is
 * shorter than the fields it sets.
 */
#include "test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi_compat.h"
#include "game_adapter.h"
#include "opened_game.h"
#include "plugin.h"

static const struct tourney_param_value mnk_3x3[3] = {{.i = 3}, {.i = 3}, {.i = 3}};
static const struct tourney_param_value connect4_7x6[2] = {{.i = 7}, {.i = 6}};

/* Every move from -2 to LIMIT + 1 and the extremes: legal exactly when
 * listed in LEGAL (COUNT of them). */
static void assert_legal_exactly(struct game_adapter *game, const void *state,
                                 const tourney_move *legal, int count, int32_t limit)
{
    for (int32_t move = -2; move <= limit + 1; move++) {
        bool listed = false;
        for (int i = 0; i < count; i++) {
            listed = listed || legal[i] == move;
        }
        assert_int_equal(tourney_game_adapter_is_legal(game, state, move), listed);
    }
    assert_false(tourney_game_adapter_is_legal(game, state, INT32_MIN));
    assert_false(tourney_game_adapter_is_legal(game, state, INT32_MAX));
}

static void test_mnk_sizes_and_capabilities(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    assert_string_equal(tourney_game_adapter_name(&o.game), "mnk");
    /* 16 bytes of hash, ply, status and padding, and one word per player. */
    assert_int_equal(o.game.info.state_size, 32);
    assert_int_equal(o.game.info.move_limit, 9);
    assert_int_equal(o.game.info.max_plies, 9);
    for (int what = GAME_OPTIONAL_EVALUATE; what <= GAME_OPTIONAL_SAFE_MOVES; what++) {
        assert_true(tourney_game_adapter_has(&o.game, (enum game_optional)what));
    }
    close_game(&o);
}

static void test_mnk_legal_moves(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    struct game_adapter *g = &o.game;
    unsigned char *s = tourney_game_adapter_new_state(g);
    unsigned char before[32];
    assert_non_null(s);

    static const tourney_move all[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    assert_legal_exactly(g, s, all, 9, 9);
    assert_int_equal(tourney_game_adapter_to_move(g, s), 0);

    assert_true(tourney_game_adapter_play(g, s, 4));
    static const tourney_move after_b2[8] = {0, 1, 2, 3, 5, 6, 7, 8};
    assert_legal_exactly(g, s, after_b2, 8, 9);
    assert_int_equal(tourney_game_adapter_to_move(g, s), 1);
    tourney_move listed[9];
    assert_int_equal(tourney_game_adapter_legal_moves(g, s, listed), 8);
    assert_memory_equal(listed, after_b2, sizeof(after_b2));

    /* An illegal move leaves the position as it was. */
    memcpy(before, s, sizeof(before));
    assert_false(tourney_game_adapter_play(g, s, 4));
    assert_false(tourney_game_adapter_play(g, s, 9));
    assert_false(tourney_game_adapter_play(g, s, -1));
    assert_memory_equal(before, s, sizeof(before));

    /* x b2, o a1, x a2, o c1, x c2: x has the middle row; nothing is legal
     * once the game is over, not even an empty cell. */
    static const tourney_move rest[4] = {0, 3, 2, 5};
    for (int i = 0; i < 4; i++) {
        assert_true(tourney_game_adapter_play(g, s, rest[i]));
    }
    assert_int_equal(tourney_game_adapter_status(g, s), TOURNEY_WIN_FIRST);
    assert_legal_exactly(g, s, NULL, 0, 9);
    assert_int_equal(tourney_game_adapter_legal_moves(g, s, listed), 0);

    /* The starting position again, in the same memory. */
    tourney_game_adapter_initial_state(g, s);
    assert_int_equal(tourney_game_adapter_status(g, s), TOURNEY_ONGOING);
    assert_legal_exactly(g, s, all, 9, 9);
    free(s);
    close_game(&o);
}

static void test_connect4_legal_moves(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    struct game_adapter *g = &o.game;
    assert_string_equal(tourney_game_adapter_name(g), "connect4");
    assert_int_equal(g->info.state_size, 24);
    assert_int_equal(g->info.move_limit, 7);
    assert_int_equal(g->info.max_plies, 42);
    unsigned char *s = tourney_game_adapter_new_state(g);
    assert_non_null(s);

    static const tourney_move all[7] = {0, 1, 2, 3, 4, 5, 6};
    assert_legal_exactly(g, s, all, 7, 7);
    /* Six stones, alternating, fill the middle column without a four. */
    for (int i = 0; i < 6; i++) {
        assert_int_equal(tourney_game_adapter_to_move(g, s), i % 2);
        assert_true(tourney_game_adapter_play(g, s, 3));
    }
    assert_int_equal(tourney_game_adapter_status(g, s), TOURNEY_ONGOING);
    static const tourney_move open_columns[6] = {0, 1, 2, 4, 5, 6};
    assert_legal_exactly(g, s, open_columns, 6, 7);
    assert_false(tourney_game_adapter_play(g, s, 3));

    /* x 1, o 2, x 1, o 2, x 1, o 2, x 1: four in column 1 ends the game. */
    for (int i = 0; i < 7; i++) {
        assert_true(tourney_game_adapter_play(g, s, i % 2 == 0 ? 0 : 1));
    }
    assert_int_equal(tourney_game_adapter_status(g, s), TOURNEY_WIN_FIRST);
    assert_legal_exactly(g, s, NULL, 0, 7);
    free(s);
    close_game(&o);
}

static void test_mnk_text_round_trips(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    struct game_adapter *g = &o.game;
    char text[64];

    tourney_game_adapter_move_text(g, 0, text, sizeof(text));
    assert_string_equal(text, "a1");
    tourney_game_adapter_move_text(g, 4, text, sizeof(text));
    assert_string_equal(text, "b2");
    tourney_game_adapter_move_text(g, 8, text, sizeof(text));
    assert_string_equal(text, "c3");
    /* Moves the game cannot have are numbers, never asked of the game. */
    assert_false(tourney_game_adapter_move_name(g, 9, text, sizeof(text)));
    assert_string_equal(text, "");
    tourney_game_adapter_move_text(g, 9, text, sizeof(text));
    assert_string_equal(text, "#9");
    tourney_game_adapter_move_text(g, -1, text, sizeof(text));
    assert_string_equal(text, "#-1");
    /* Too little room for the name: the number, cut to fit. */
    tourney_game_adapter_move_text(g, 4, text, 2);
    assert_string_equal(text, "#");

    /* Every move's text reads back as that move, in either case. */
    unsigned char *s = tourney_game_adapter_new_state(g);
    assert_non_null(s);
    tourney_move legal[9];
    int count = tourney_game_adapter_legal_moves(g, s, legal);
    assert_int_equal(count, 9);
    for (int i = 0; i < count; i++) {
        tourney_game_adapter_move_text(g, legal[i], text, sizeof(text));
        assert_int_equal(tourney_game_adapter_read_move(g, legal, count, text), legal[i]);
    }
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "B2"), 4);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#4"), 4);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#9"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#4x"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#99999999999"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "d1"), -1);
    assert_true(tourney_game_adapter_play(g, s, 4));
    count = tourney_game_adapter_legal_moves(g, s, legal);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "b2"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "a1"), 0);

    /* The drawing, and the drawing read back as the same position. */
    char board[64];
    assert_true(tourney_game_adapter_board_text(g, s, board, sizeof(board)));
    assert_string_equal(board, ". . .\n. x .\n. . .\n");
    assert_true(tourney_game_adapter_play(g, s, 0));
    assert_true(tourney_game_adapter_board_text(g, s, board, sizeof(board)));
    assert_string_equal(board, "o . .\n. x .\n. . .\n");
    unsigned char read[32];
    memset(read, 0xaa, sizeof(read));
    assert_int_equal(tourney_game_adapter_parse_state(g, board, read), 0);
    assert_memory_equal(read, s, sizeof(read));
    assert_int_equal(tourney_game_adapter_parse_state(g, "x x", read), -1);
    /* 3 rows of "c " and a newline, plus the NUL: 19 bytes; 18 is too few. */
    assert_false(tourney_game_adapter_board_text(g, s, board, 18));
    assert_string_equal(board, "");
    assert_true(tourney_game_adapter_board_text(g, s, board, 19));
    assert_false(tourney_game_adapter_board_text(g, s, board, 0));
    free(s);
    close_game(&o);
}

static void test_connect4_text_round_trips(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    struct game_adapter *g = &o.game;
    char text[64];
    tourney_game_adapter_move_text(g, 3, text, sizeof(text));
    assert_string_equal(text, "4");
    tourney_game_adapter_move_text(g, 7, text, sizeof(text));
    assert_string_equal(text, "#7");

    /* Columns 4, 4, 5, 3 played move by move, and read as a move string and
     * as the drawing: the same position, byte for byte. */
    unsigned char *s = tourney_game_adapter_new_state(g);
    assert_non_null(s);
    static const tourney_move moves[4] = {3, 3, 4, 2};
    for (int i = 0; i < 4; i++) {
        assert_true(tourney_game_adapter_play(g, s, moves[i]));
    }
    unsigned char read[24];
    assert_int_equal(tourney_game_adapter_parse_state(g, "4453", read), 0);
    assert_memory_equal(read, s, sizeof(read));
    char board[128];
    assert_true(tourney_game_adapter_board_text(g, s, board, sizeof(board)));
    assert_string_equal(board, ". . . . . . .\n"
                               ". . . . . . .\n"
                               ". . . . . . .\n"
                               ". . . . . . .\n"
                               ". . . o . . .\n"
                               ". . o x x . .\n");
    memset(read, 0, sizeof(read));
    assert_int_equal(tourney_game_adapter_parse_state(g, board, read), 0);
    assert_memory_equal(read, s, sizeof(read));
    /* A move string with a space inside, and a column that is not there. */
    assert_int_equal(tourney_game_adapter_parse_state(g, "4453 3", read), -1);
    assert_int_equal(tourney_game_adapter_parse_state(g, "8", read), -1);
    free(s);
    close_game(&o);
}

static void test_nim_fallbacks(void **state)
{
    (void)state;
    struct opened o;
    const struct tourney_param_value two_stones[1] = {{.i = 2}};
    open_game(&o, TOURNEY_TEST_NIM, two_stones);
    struct game_adapter *g = &o.game;
    for (int what = GAME_OPTIONAL_EVALUATE; what <= GAME_OPTIONAL_SAFE_MOVES; what++) {
        assert_false(tourney_game_adapter_has(g, (enum game_optional)what));
    }
    unsigned char *s = tourney_game_adapter_new_state(g);
    assert_non_null(s);

    /* Moves are their numbers, written and read back. */
    char text[16];
    assert_false(tourney_game_adapter_move_name(g, 1, text, sizeof(text)));
    assert_string_equal(text, "");
    tourney_game_adapter_move_text(g, 1, text, sizeof(text));
    assert_string_equal(text, "#1");
    tourney_move legal[3];
    int count = tourney_game_adapter_legal_moves(g, s, legal);
    assert_int_equal(count, 2);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#0"), 0);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#1"), 1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "#2"), -1);
    assert_int_equal(tourney_game_adapter_read_move(g, legal, count, "1"), -1);

    /* No drawing and no reading of positions. */
    char board[64] = "untouched";
    assert_false(tourney_game_adapter_board_text(g, s, board, sizeof(board)));
    assert_string_equal(board, "");
    assert_int_equal(tourney_game_adapter_parse_state(g, "2", s), -1);

    /* Two stones: taking three is not a move, taking two wins. */
    static const tourney_move take_one_or_two[2] = {0, 1};
    assert_legal_exactly(g, s, take_one_or_two, 2, 3);
    assert_true(tourney_game_adapter_play(g, s, 1));
    assert_int_equal(tourney_game_adapter_status(g, s), TOURNEY_WIN_FIRST);
    assert_legal_exactly(g, s, NULL, 0, 3);
    free(s);
    close_game(&o);
}

/* ---- a made-up game: what create answers comes from its parameters ---- */

/* values: state size, move limit, max plies, and 1 to refuse with a reason,
 * 2 to refuse without one. */
static int fake_create(const struct tourney_param_value *values, void **out,
                       struct tourney_game_info *info, char *error, size_t error_size)
{
    if (values[3].i != 0) {
        snprintf(error, error_size, "%s", values[3].i == 1 ? "too many stones" : "");
        return TOURNEY_ERR_INVALID;
    }
    info->state_size = (size_t)values[0].i;
    info->move_limit = (int32_t)values[1].i;
    info->max_plies = (int32_t)values[2].i;
    *out = NULL;
    return TOURNEY_OK;
}

static void fake_destroy(void *game)
{
    (void)game;
}

static int fake_format_move(const void *game, tourney_move move, char *buf, size_t size)
{
    (void)game;
    /* The adapter only asks about moves in [0, move_limit). */
    assert_in_range(move, 0, 1);
    snprintf(buf, size, "%s", move == 0 ? "left" : "right");
    return TOURNEY_OK;
}

static void fake_order_moves(const void *game, const void *state, tourney_move *moves, int count)
{
    (void)game;
    (void)state;
    (void)moves;
    (void)count;
    fail_msg("order_moves lies past the descriptor's size and must never be called");
}

/* An ABI 1.0 descriptor (its size says so) in a struct that has room for the
 * 1.1 fields, one of them set: past the size, it is not there. */
static const struct tourney_game_api fake_api = {
    .header = {TOURNEY_ABI_MAJOR, 0, (uint32_t)GAME_API_SIZE_1_0, TOURNEY_KIND_GAME},
    .name = "fake",
    .create = fake_create,
    .destroy = fake_destroy,
    .format_move = fake_format_move,
    .order_moves = fake_order_moves,
};

static char fake_path[] = "fake.so";
static int fake_handle; /* stands for the dlopen handle; never read */

static int fake_init(struct game_adapter *game, int64_t state_size, int64_t move_limit,
                     int64_t max_plies, int64_t refuse, struct error *err)
{
    const struct plugin plugin = {
        .path = fake_path,
        .handle = &fake_handle,
        .kind = TOURNEY_KIND_GAME,
        .game = &fake_api,
    };
    const struct tourney_param_value values[4] = {
        {.i = state_size}, {.i = move_limit}, {.i = max_plies}, {.i = refuse}};
    tourney_error_clear(err);
    return tourney_game_adapter_init(game, &plugin, values, err);
}

static void test_descriptor_size_decides(void **state)
{
    (void)state;
    struct game_adapter g;
    struct error err;
    assert_int_equal(fake_init(&g, 4, 2, 10, 0, &err), 0);
    assert_true(tourney_game_adapter_has(&g, GAME_OPTIONAL_FORMAT_MOVE));
    assert_false(tourney_game_adapter_has(&g, GAME_OPTIONAL_ORDER_MOVES));
    assert_false(tourney_game_adapter_has(&g, GAME_OPTIONAL_WINNING_MOVE));
    assert_false(tourney_game_adapter_has(&g, GAME_OPTIONAL_EVALUATE));
    char text[16];
    tourney_game_adapter_move_text(&g, 1, text, sizeof(text));
    assert_string_equal(text, "right");
    tourney_game_adapter_move_text(&g, 2, text, sizeof(text));
    assert_string_equal(text, "#2");
    tourney_game_adapter_finish(&g);
    /* Finishing twice, or a zeroed adapter, does nothing. */
    tourney_game_adapter_finish(&g);
    assert_null(g.api);
}

static void test_refusals(void **state)
{
    (void)state;
    struct game_adapter g;
    struct error err;
    assert_int_equal(fake_init(&g, 4, 2, 10, 1, &err), -1);
    assert_string_equal(err.text, "game 'fake' refused its parameters: too many stones");
    assert_null(g.api);
    tourney_game_adapter_finish(&g);
    assert_int_equal(fake_init(&g, 4, 2, 10, 2, &err), -1);
    assert_string_equal(err.text, "game 'fake' refused its parameters: no reason given");
    tourney_game_adapter_finish(&g);

    assert_int_equal(fake_init(&g, 0, 2, 10, 0, &err), -1);
    assert_string_equal(err.text,
                        "game 'fake' reported an impossible size (state 0 bytes, 2 moves, "
                        "10 plies)");
    /* The instance it made is the adapter's, destroyed by finish. */
    assert_ptr_equal(g.api, &fake_api);
    tourney_game_adapter_finish(&g);
    assert_int_equal(fake_init(&g, 4, 0, 10, 0, &err), -1);
    assert_string_equal(err.text,
                        "game 'fake' reported an impossible size (state 4 bytes, 0 moves, "
                        "10 plies)");
    tourney_game_adapter_finish(&g);
    assert_int_equal(fake_init(&g, 4, 2, -1, 0, &err), -1);
    assert_string_equal(err.text,
                        "game 'fake' reported an impossible size (state 4 bytes, 2 moves, "
                        "-1 plies)");
    tourney_game_adapter_finish(&g);

    /* The m,n,k game's own reason. */
    struct plugin mnk;
    assert_int_equal(
        tourney_plugin_open(&mnk, TOURNEY_TEST_GAME_DIR "/mnk.so", TOURNEY_KIND_GAME, &err), 0);
    const struct tourney_param_value k5[3] = {{.i = 3}, {.i = 3}, {.i = 5}};
    assert_int_equal(tourney_game_adapter_init(&g, &mnk, k5, &err), -1);
    assert_string_equal(err.text, "game 'mnk' refused its parameters: k = 5 cannot fit on a "
                                  "3x3 board");
    tourney_game_adapter_finish(&g);

    /* A plugin only described has no code to make a game with. */
    struct plugin described;
    const struct plugin_about about = {.name = "mnk", .description = "described"};
    assert_int_equal(
        tourney_plugin_describe(&described, "/nowhere/mnk.so", TOURNEY_KIND_GAME, &about), 0);
    assert_int_equal(tourney_game_adapter_init(&g, &described, k5, &err), -1);
    assert_string_equal(err.text, "/nowhere/mnk.so is not a loaded game plugin");
    tourney_game_adapter_finish(&g);
    tourney_plugin_close(&described);
    tourney_plugin_close(&mnk);
}

/* The referee's questions of an honest game: answered, checked, passed. */
static void test_turn_of_honest_games(void **state)
{
    (void)state;
    struct opened o;
    open_game(&o, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    void *position = tourney_game_adapter_new_state(&o.game);
    tourney_move moves[9];
    struct game_turn turn;
    struct error err;
    /* x 0, o 1, x 2, o 3, x 4, o 5, x 6 wins on the diagonal 2-4-6. */
    for (int32_t ply = 0; ply < 7; ply++) {
        assert_int_equal(tourney_game_adapter_turn(&o.game, position, ply, moves, &turn, &err), 0);
        assert_int_equal(turn.status, TOURNEY_ONGOING);
        assert_int_equal(turn.to_move, ply % 2);
        assert_int_equal(turn.count, 9 - ply);
        assert_int_equal(moves[0], ply);
        tourney_game_adapter_apply(&o.game, position, ply);
    }
    assert_int_equal(tourney_game_adapter_turn(&o.game, position, 7, moves, &turn, &err), 0);
    assert_int_equal(turn.status, TOURNEY_WIN_FIRST);
    assert_int_equal(turn.count, 0);
    free(position);
    close_game(&o);
}

/* The liar (tests/games/plugins/liar.c) breaks the contract in each way, at ply 2
 * of its first game: each is refused with what was wrong and where. */
static void test_turn_of_a_lying_game(void **state)
{
    (void)state;
    static const struct {
        int64_t lie; /* the index of its word in liar.c */
        const char *what;
    } lies[] = {
        {1, "its status is 42, none of ongoing (0), draw (1), first wins (2) and second wins (3)"},
        {2, "it says player 5 is to move, not 0 or 1"},
        {3, "it lists the legal move -2, outside [0, 9) (its move_limit)"},
        {4, "it lists the legal move 1000000, outside [0, 9) (its move_limit)"},
        {5, "it lists the legal move 0 twice"},
        {6, "it lists legal moves out of ascending order (8 before 7)"},
        {7, "it lists 10 legal moves, more than its move_limit of 9"},
        {8, "it says the game goes on, and lists 0 legal moves"},
        {9, "the game goes on past its max_plies of 2"},
    };
    for (size_t i = 0; i < sizeof(lies) / sizeof(lies[0]); i++) {
        const struct tourney_param_value values[3] = {{.i = lies[i].lie}, {.i = 2}, {.i = 0}};
        struct opened o;
        open_game(&o, TOURNEY_TEST_LIAR, values);
        void *position = tourney_game_adapter_new_state(&o.game);
        tourney_move moves[9];
        struct game_turn turn;
        struct error err;
        for (int32_t ply = 0; ply < 2; ply++) {
            assert_int_equal(tourney_game_adapter_turn(&o.game, position, ply, moves, &turn, &err),
                             0);
            tourney_game_adapter_apply(&o.game, position, moves[2]);
        }
        assert_int_equal(tourney_game_adapter_turn(&o.game, position, 2, moves, &turn, &err), -1);
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "game plugin 'liar' broke its contract at ply 2 (in the position . . x / o . . / "
                 ". . .): %s",
                 lies[i].what);
        assert_string_equal(err.text, expected);
        free(position);
        close_game(&o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mnk_sizes_and_capabilities),
        cmocka_unit_test(test_mnk_legal_moves),
        cmocka_unit_test(test_connect4_legal_moves),
        cmocka_unit_test(test_mnk_text_round_trips),
        cmocka_unit_test(test_connect4_text_round_trips),
        cmocka_unit_test(test_nim_fallbacks),
        cmocka_unit_test(test_descriptor_size_decides),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_turn_of_honest_games),
        cmocka_unit_test(test_turn_of_a_lying_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
