/*
 * test_openings.c - the positions games start from: a file of openings read
 * and checked line by line (every mistake with its line), the plies found
 * for each position, which opening each round plays in either order, both
 * games of a mini-match sharing it, and random plies drawn reproducibly
 * without ever ending the game; nim, which cannot read positions, only
 * draws plies.
 */
#include "test.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_adapter.h"
#include "opened_game.h"
#include "openings.h"
#include "plugin.h"
#include "rng.h"
#include "schedule.h"

static const struct tourney_param_value mnk_3x3[3] = {{.i = 3}, {.i = 3}, {.i = 3}};
static const struct tourney_param_value connect4_7x6[2] = {{.i = 7}, {.i = 6}};

/* A game, and the book and diagnostics reading a file into it leaves. */
struct reading {
    struct opened o;
    struct opening_book book;
    struct diagnostics diag;
};

static void start_reading(struct reading *r, const char *path,
                          const struct tourney_param_value *values)
{
    open_game(&r->o, path, values);
    tourney_openings_init(&r->book);
    tourney_diag_init(&r->diag);
}

/* Reads TEXT as the file "o.txt" of the config "t.ini", whose openings key
 * is at line 4, into a new book; the diagnostics are left in r->diag. */
static int read_text(struct reading *r, const char *text, enum openings_order order)
{
    tourney_diag_finish(&r->diag);
    tourney_diag_init(&r->diag);
    return tourney_openings_read(&r->book, &r->o.game, text, strlen(text), "o.txt", order, 42,
                                 "t.ini", 4, &r->diag);
}

static void stop_reading(struct reading *r)
{
    tourney_diag_finish(&r->diag);
    tourney_openings_finish(&r->book);
    close_game(&r->o);
}

/* The diagnostics are exactly the COUNT EXPECTED, in order. */
static void assert_diagnostics(const struct diagnostics *diag, const char *const *expected,
                               size_t count)
{
    for (size_t i = 0; i < diag->count && i < count; i++) {
        assert_string_equal(diag->items[i], expected[i]);
    }
    assert_int_equal(diag->count, count);
}

static void test_every_mistake_with_its_line(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    static const char text[] = "# positions after two plies\n"
                               "\n"
                               "x . . / . o . / . . .   # a corner and the centre\n"
                               "x x\n"
                               "x x x / o o . / . . .\n"
                               "  . . . / . o . / . . x\r\n"
                               "x . . / . o . / . . .\n"
                               "x.. .o. ...\n"
                               "x . . / . o . / . . \xc3\xa9\n"
                               "x x o / o o x / x x o\n"
                               "o . . / . . . / . . .\n"
                               "x . .\t/ . . . / . . .";
    assert_int_equal(read_text(&r, text, OPENINGS_SEQUENTIAL), -1);
    static const char *const expected[] = {
        "o.txt:4: game 'mnk' cannot read the position 'x x'",
        "o.txt:5: the game is over in the position 'x x x / o o . / . . .': the first player "
        "won",
        "o.txt:7: the position 'x . . / . o . / . . .' is the one of line 3",
        "o.txt:8: the position 'x.. .o. ...' is the one of line 3",
        "o.txt:9: the position holds a character that is not printable ASCII",
        "o.txt:10: the game is over in the position 'x x o / o o x / x x o': it is a draw",
        "o.txt:11: game 'mnk' cannot read the position 'o . . / . . . / . . .'",
    };
    assert_diagnostics(&r.diag, expected, sizeof(expected) / sizeof(expected[0]));
    /* A file with mistakes gives no r.book. */
    assert_false(tourney_openings_active(&r.book));
    assert_int_equal(r.book.count, 0);
    stop_reading(&r);
}

static void test_a_file_without_positions(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    assert_int_equal(read_text(&r, "# only a comment\n\n   \n", OPENINGS_SEQUENTIAL), -1);
    static const char *const expected[] = {
        "o.txt: no positions: every line is blank or a comment"};
    assert_diagnostics(&r.diag, expected, 1);
    stop_reading(&r);
}

/* A file for another game: the first ten mistakes, then their count. */
static void test_many_mistakes_are_counted(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    char text[256] = "";
    for (int i = 0; i < 14; i++) {
        snprintf(text + strlen(text), sizeof(text) - strlen(text), "%d\n", 4400 + i);
    }
    assert_int_equal(read_text(&r, text, OPENINGS_SEQUENTIAL), -1);
    assert_int_equal(r.diag.count, 11);
    assert_string_equal(r.diag.items[0], "o.txt:1: game 'mnk' cannot read the position '4400'");
    assert_string_equal(r.diag.items[9], "o.txt:10: game 'mnk' cannot read the position '4409'");
    assert_string_equal(r.diag.items[10], "o.txt: 4 more lines with mistakes");
    stop_reading(&r);
}

static void assert_moves(const struct opening *opening, const tourney_move *moves, int32_t count)
{
    assert_int_equal(opening->move_count, count);
    for (int32_t i = 0; i < count; i++) {
        assert_int_equal(opening->moves[i], moves[i]);
    }
}

/* Positions written as boards get the plies that reach them from a search,
 * shallowest first, in the order of the legal moves. */
static void test_boards_and_their_plies(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    static const char text[] = "x . . / . o . / . . .\n"
                               ". . . / . . . / . . .\n"
                               ". . o / . x . / x . .  # x to move after three plies\n";
    assert_int_equal(read_text(&r, text, OPENINGS_SEQUENTIAL), 0);
    assert_int_equal(r.diag.count, 0);
    assert_true(tourney_openings_active(&r.book));
    assert_int_equal(r.book.count, 3);
    assert_string_equal(r.book.openings[0].position, "x . . / . o . / . . .");
    assert_int_equal(r.book.openings[0].line, 1);
    assert_moves(&r.book.openings[0], (const tourney_move[]){0, 4}, 2);
    /* The initial position is an opening too, of no plies. */
    assert_string_equal(r.book.openings[1].position, ". . . / . . . / . . .");
    assert_moves(&r.book.openings[1], NULL, 0);
    assert_string_equal(r.book.openings[2].position, ". . o / . x . / x . .");
    assert_int_equal(r.book.openings[2].line, 3);
    assert_moves(&r.book.openings[2], (const tourney_move[]){4, 2, 6}, 3);
    stop_reading(&r);
}

/* Connect Four's positions written as moves have their plies at once; one
 * written as a board deeper than the search reaches has none. */
static void test_connect4_moves_and_boards(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    static const char text[] = "4453\n"
                               "44444433\n"
                               ". . . . . . . / . . . . . . . / . . . . . . . / "
                               ". . . . . . . / . . . o . . . / . . o x x . .\n"
                               ". . . . . . . / . . . . . . . / . . . . . . . / "
                               ". . . . . . . / x . o o . . x / o x x o . . x\n"
                               "5344\n";
    assert_int_equal(read_text(&r, text, OPENINGS_SEQUENTIAL), -1);
    /* The board of line 3 is 4453, and 5344 the same position. */
    static const char *const expected[] = {
        "o.txt:3: the position '. . . . . . . / . . . . . . . / . . . . . . . / . . . . . . . "
        "/ . . . o . . . / . . o x x . .' is the one of line 1",
        "o.txt:5: the position '5344' is the one of line 1",
    };
    assert_diagnostics(&r.diag, expected, 2);

    static const char good[] = "4453\n"
                               "44444433\n"
                               ". . . . . . . / . . . . . . . / . . . . . . . / "
                               ". . . . . . . / x . o o . . x / o x x o . . x\n";
    assert_int_equal(read_text(&r, good, OPENINGS_SEQUENTIAL), 0);
    assert_int_equal(r.book.count, 3);
    assert_moves(&r.book.openings[0], (const tourney_move[]){3, 3, 4, 2}, 4);
    assert_moves(&r.book.openings[1], (const tourney_move[]){3, 3, 3, 3, 3, 3, 2, 2}, 8);
    /* Nine plies: deeper than the positions the search may visit. */
    assert_int_equal(r.book.openings[2].move_count, -1);
    assert_null(r.book.openings[2].moves);
    stop_reading(&r);
}

static void test_a_game_without_parse_state(void **state)
{
    (void)state;
    struct reading r;
    const struct tourney_param_value five_stones[1] = {{.i = 5}};
    start_reading(&r, TOURNEY_TEST_NIM, five_stones);
    assert_int_equal(read_text(&r, "3\n", OPENINGS_SEQUENTIAL), -1);
    static const char *const expected[] = {
        "t.ini:4: game 'nim' cannot read positions (it has no parse_state): use opening_plies "
        "instead of openings"};
    assert_diagnostics(&r.diag, expected, 1);

    /* Random plies it can do: taking one or two stones, never the last. */
    struct error err;
    tourney_error_clear(&err);
    assert_int_equal(tourney_openings_use_plies(&r.book, &r.o.game, 2, 9, &err), 0);
    struct opening_draw draw;
    assert_int_equal(tourney_opening_draw_init(&draw, &r.book), 0);
    for (uint64_t round = 0; round < 20; round++) {
        struct game_start start;
        assert_int_equal(tourney_openings_start(&r.book, round, &draw, &start, &err), 0);
        assert_null(start.position); /* nim cannot write it */
        assert_int_equal(start.move_count, 2);
        assert_int_equal(tourney_game_adapter_status(&r.o.game, start.state), TOURNEY_ONGOING);
    }
    tourney_opening_draw_finish(&draw);
    stop_reading(&r);
}

/* Which opening each round plays: the file's in turn, or each pass over the
 * file in an order of its own. */
static void test_the_opening_of_each_round(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    static const char text[] = "1\n2\n3\n4\n5\n";
    assert_int_equal(read_text(&r, text, OPENINGS_SEQUENTIAL), 0);
    for (uint64_t round = 0; round < 12; round++) {
        assert_int_equal(tourney_openings_index(&r.book, round), round % 5);
    }

    assert_int_equal(read_text(&r, text, OPENINGS_RANDOM), 0);
    static const size_t expected[15] = {4, 2, 1, 0, 3, 4, 3, 1, 2, 0, 1, 3, 2, 4, 0};
    for (uint64_t pass = 0; pass < 3; pass++) {
        bool seen[5] = {false};
        for (uint64_t i = 0; i < 5; i++) {
            size_t index = tourney_openings_index(&r.book, pass * 5 + i);
            assert_int_equal(index, expected[pass * 5 + i]);
            assert_false(seen[index]); /* every opening once a pass */
            seen[index] = true;
        }
    }
    /* Round 1000 of the same seed is the same whenever it is asked. */
    assert_int_equal(tourney_openings_index(&r.book, 1000), tourney_openings_index(&r.book, 1000));
    stop_reading(&r);
}

/* Every order of a larger file is a permutation in every pass. */
static void test_random_order_is_a_permutation(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    /* The 49 positions of two plies. */
    char distinct[49 * 3 + 1] = "";
    for (int a = 1; a <= 7; a++) {
        for (int b = 1; b <= 7; b++) {
            snprintf(distinct + strlen(distinct), 4, "%d%d\n", a, b);
        }
    }
    assert_int_equal(read_text(&r, distinct, OPENINGS_RANDOM), 0);
    assert_int_equal(r.book.count, 49);
    for (uint64_t pass = 0; pass < 4; pass++) {
        bool seen[49] = {false};
        size_t same = 0;
        for (uint64_t i = 0; i < 49; i++) {
            size_t index = tourney_openings_index(&r.book, pass * 49 + i);
            assert_true(index < 49);
            assert_false(seen[index]);
            seen[index] = true;
            same += index == i;
        }
        assert_true(same < 49); /* shuffled, not the file's order */
    }
    stop_reading(&r);
}

/* Both games of a mini-match, and every pair in a round, start from the
 * round's opening. */
static void test_a_round_shares_its_opening(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/connect4.so", connect4_7x6);
    assert_int_equal(read_text(&r, "4453\n12\n7\n", OPENINGS_SEQUENTIAL), 0);
    struct schedule schedule;
    /* Four agents: six pairs, twelve games a round. */
    assert_int_equal(tourney_schedule_init(&schedule, 4, 6, 42, TOURNEY_NO_GAUNTLET), 0);
    assert_int_equal(schedule.count, 36);
    struct opening_draw draw;
    assert_int_equal(tourney_opening_draw_init(&draw, &r.book), 0);
    static const char *const positions[3] = {"4453", "12", "7"};
    for (uint64_t index = 0; index < schedule.count; index++) {
        struct scheduled_game game;
        tourney_schedule_game(&schedule, index, &game);
        assert_int_equal(game.round, index / 12);
        struct game_start start;
        struct error err;
        assert_int_equal(tourney_openings_start(&r.book, game.round, &draw, &start, &err), 0);
        assert_string_equal(start.position, positions[index / 12]);
        assert_ptr_equal(start.state,
                         r.book.states + (index / 12) * (size_t)r.o.game.info.state_size);
        if (index % 2 == 1) {
            struct scheduled_game previous;
            tourney_schedule_game(&schedule, index - 1, &previous);
            assert_int_equal(previous.round, game.round);
            assert_int_equal(previous.agent[0], game.agent[1]);
        }
    }
    tourney_opening_draw_finish(&draw);
    tourney_schedule_finish(&schedule);
    stop_reading(&r);
}

/* Plays the COUNT MOVES from the initial position, each legal; returns the
 * status after them. */
static int replay(struct game_adapter *game, const tourney_move *moves, int32_t count)
{
    unsigned char *s = tourney_game_adapter_new_state(game);
    assert_non_null(s);
    for (int32_t i = 0; i < count; i++) {
        assert_true(tourney_game_adapter_play(game, s, moves[i]));
    }
    int status = tourney_game_adapter_status(game, s);
    free(s);
    return status;
}

/* Seven random plies on 3x3 often end the game; each round's draw is one
 * that does not, the same however often it is drawn. */
static void test_plies_are_drawn_reproducibly(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    struct error err;
    tourney_error_clear(&err);
    assert_int_equal(tourney_openings_use_plies(&r.book, &r.o.game, 7, 5, &err), 0);
    struct opening_draw draw;
    struct opening_draw again;
    assert_int_equal(tourney_opening_draw_init(&draw, &r.book), 0);
    assert_int_equal(tourney_opening_draw_init(&again, &r.book), 0);
    size_t first_draw_ended = 0;
    for (uint64_t round = 0; round < 200; round++) {
        struct game_start start;
        struct game_start same;
        assert_int_equal(tourney_openings_start(&r.book, round, &draw, &start, &err), 0);
        assert_int_equal(tourney_openings_start(&r.book, round, &again, &same, &err), 0);
        assert_int_equal(start.move_count, 7);
        assert_memory_equal(start.moves, same.moves, 7 * sizeof(tourney_move));
        assert_string_equal(start.position, same.position);
        assert_int_equal(replay(&r.o.game, start.moves, 7), TOURNEY_ONGOING);
        assert_int_equal(tourney_game_adapter_status(&r.o.game, start.state), TOURNEY_ONGOING);
        /* The stream of the round, drawn as the book draws: did its first
         * seven plies end the game? */
        struct rng rng = {tourney_opening_seed(5, round)};
        unsigned char *s = tourney_game_adapter_new_state(&r.o.game);
        tourney_move legal[9];
        for (int ply = 0; ply < 7; ply++) {
            int count = tourney_game_adapter_status(&r.o.game, s) == TOURNEY_ONGOING
                            ? tourney_game_adapter_legal_moves(&r.o.game, s, legal)
                            : 0;
            if (count == 0) {
                break;
            }
            tourney_game_adapter_apply(&r.o.game, s,
                                       legal[tourney_rng_next(&rng) % (uint64_t)count]);
        }
        first_draw_ended += tourney_game_adapter_status(&r.o.game, s) != TOURNEY_ONGOING;
        free(s);
    }
    /* Redrawing happened, and often. */
    assert_int_equal(first_draw_ended, 86);

    /* The first round's opening, exactly, as the game draws it. */
    struct game_start start;
    assert_int_equal(tourney_openings_start(&r.book, 0, &draw, &start, &err), 0);
    static const tourney_move round_0[7] = {2, 0, 1, 7, 4, 8, 5};
    assert_memory_equal(start.moves, round_0, sizeof(round_0));
    assert_string_equal(start.position, "o x x\n. x x\n. o o\n");
    tourney_opening_draw_finish(&again);
    tourney_opening_draw_finish(&draw);
    stop_reading(&r);
}

static void test_plies_the_game_cannot_last(void **state)
{
    (void)state;
    struct reading r;
    start_reading(&r, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    struct error err;
    tourney_error_clear(&err);
    assert_int_equal(tourney_openings_use_plies(&r.book, &r.o.game, 9, 5, &err), -1);
    assert_string_equal(err.text,
                        "opening_plies = 9 leaves no move to play: game 'mnk' lasts at most 9 "
                        "plies");
    assert_false(tourney_openings_active(&r.book));
    stop_reading(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_mistake_with_its_line),
        cmocka_unit_test(test_a_file_without_positions),
        cmocka_unit_test(test_many_mistakes_are_counted),
        cmocka_unit_test(test_boards_and_their_plies),
        cmocka_unit_test(test_connect4_moves_and_boards),
        cmocka_unit_test(test_a_game_without_parse_state),
        cmocka_unit_test(test_the_opening_of_each_round),
        cmocka_unit_test(test_random_order_is_a_permutation),
        cmocka_unit_test(test_a_round_shares_its_opening),
        cmocka_unit_test(test_plies_are_drawn_reproducibly),
        cmocka_unit_test(test_plies_the_game_cannot_last),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
