/*
 * tests/games/test_connect4_data.c - the solved Connect Four positions shipped in
 * tests/data/connect4/ cannot drift: each file holds exactly the positions
 * its difficulty chooses, in the test sets' format, every one a legal game
 * still going; a sample is solved again by the exhaustive solver; and the
 * solver itself gives the published scores of the first lines of Pascal
 * Pons's test set Test_L3_R1.
 *
 * Set TOURNEY_TEST_QUICK in the environment to solve fewer of them (for
 * valgrind).
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/game.h>

#include "connect4_solver.h"
#include "connect4_testdata.h"

/* The Connect Four plugin's source is linked into this test. */
TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void);

#define DATA_DIR TOURNEY_TEST_SOURCE_DIR "/tests/data/connect4"

/* One line of a data file. */
struct solved {
    c4_moves moves;
    int score;
};

/* Reads a data file: lines "MOVES SCORE\n", nothing else. Returns the
 * number of lines, each stored in `lines` (room for `room`). */
static int read_data(const char *file, struct solved *lines, int room)
{
    char path[4096];
    char text[128];
    int n = 0;

    snprintf(path, sizeof(path), "%s/%s", DATA_DIR, file);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    while (fgets(text, sizeof(text), in) != NULL) {
        assert_true(n < room);
        char *space = strchr(text, ' ');
        assert_non_null(space);
        *space = '\0';
        assert_true(strlen(text) <= C4_CELLS);
        strcpy(lines[n].moves, text);
        char *end;
        lines[n].score = (int)strtol(space + 1, &end, 10);
        /* The score, written as %d, and the end of the line. */
        char again[16];
        snprintf(again, sizeof(again), "%d\n", lines[n].score);
        assert_string_equal(space + 1, again);
        n++;
    }
    assert_int_equal(fclose(in), 0);
    return n;
}

static int solve_moves(const char *moves)
{
    struct c4_solver solver;
    struct c4_board board;
    int score;

    assert_int_equal(c4_board_read(&board, moves), 0);
    assert_int_equal(c4_solver_init(&solver), 0);
    assert_int_equal(c4_solve(&solver, &board, &score), 0);
    c4_solver_finish(&solver);
    return score;
}

static void test_published_scores(void **unused)
{
    (void)unused;
    /* The first lines of Test_L3_R1 ("end-easy"), as published. */
    static const struct {
        const char *moves;
        int score;
    } published[] = {
        {"2252576253462244111563365343671351441", -1},
        {"7422341735647741166133573473242566", 1},
        {"23163416124767223154467471272416755633", 0},
        {"71255763773133525731261364622167124446454", 0},
        {"65214673556155731566316327373221417", -1},
        {"52677675164321472411331752454", 0},
        {"3135151421347443544172316522225776773566", 0},
        {"562154564361751726662253737734213275114", 0},
        {"233377345754465174223731671122611552", 1},
        {"6763525635134453444361412671365712", -1},
        {"211376455663355325112113664364524722", 0},
        {"3146762114467714356347741621375222", -1},
        {"67152117737262713366376314254", 6},
        {"2762751722231276466633475674533", 5},
        {"3642756176227637211322113551637574556", 2},
        {"22647455554314246733661634615122372377511", 0},
        {"427566236745127177115664464254", 2},
        {"7172212567451542223676134464437761515", 0},
        {"641154574541323641152467137655232232366", 0},
        {"5775265212657176476365522624313714333", 2},
        {"3575316255751336464276636772271112", -3},
    };

    for (size_t i = 0; i < sizeof(published) / sizeof(published[0]); i++) {
        assert_int_equal(solve_moves(published[i].moves), published[i].score);
    }
}

static void test_scores_by_hand(void **unused)
{
    (void)unused;
    /* Near the end of a drawn game (the one of test_connect4.c), where
     * plain negamax is quick. With 37 stones down o wins at once in column
     * 7 with stone 38: (42 + 1 - 37) / 2 = 3; with 39 down, again o, again
     * column 7, stone 40: 2. With 40 and 41 down only column 7 has room,
     * and the game ends as it did, drawn. */
    const char *drawn = "643426421252361677317153414534371522655677";
    c4_moves prefix;
    const struct {
        int stones;
        int score;
    } cases[] = {{37, 3}, {39, 2}, {40, 0}, {41, 0}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        memcpy(prefix, drawn, (size_t)cases[i].stones);
        prefix[cases[i].stones] = '\0';
        assert_int_equal(solve_moves(prefix), cases[i].score);
    }
    /* The solver's board reads move strings as the plugin does. */
    struct c4_board board;
    assert_int_equal(c4_board_read(&board, "1212121"), 0);
    assert_int_equal(board.last_move_won, 1);
    assert_int_equal(c4_board_read(&board, "12121212"), -1);
    assert_int_equal(c4_board_read(&board, "1111111"), -1);
    assert_int_equal(c4_board_read(&board, "8"), -1);
    assert_int_equal(c4_board_read(&board, "0"), -1);
}

/* The file of `d` holds exactly its chosen positions, each a game the plugin
 * reads as still going, in which the player to move cannot win at once, and
 * a score within what is possible; every `every`-th one (if any) is solved
 * again. */
static void check_file(const struct c4_difficulty *d, int every)
{
    const struct tourney_game_api *api = tourney_game_entry();
    struct tourney_game_search search;
    struct tourney_param_value values[2] = {{7}, {6}};
    struct tourney_game_info info;
    void *game = NULL;
    char error[128];
    int negatives = 0;
    int zeros = 0;
    int positives = 0;

    tourney_game_get_search(api, &search);
    assert_int_equal(api->create(values, &game, &info, error, sizeof(error)), TOURNEY_OK);
    void *state = malloc(info.state_size);
    struct solved *lines = calloc((size_t)d->count + 1, sizeof(*lines));
    c4_moves *chosen = calloc((size_t)d->count, sizeof(*chosen));
    assert_non_null(state);
    assert_non_null(lines);
    assert_non_null(chosen);

    assert_int_equal(read_data(d->file, lines, d->count + 1), d->count);
    c4_choose_positions(d, chosen);
    for (int i = 0; i < d->count; i++) {
        int stones = (int)strlen(lines[i].moves);
        assert_string_equal(lines[i].moves, chosen[i]);
        assert_true(stones >= d->min_stones && stones <= d->max_stones);
        assert_int_equal(api->parse_state(game, lines[i].moves, state), TOURNEY_OK);
        assert_int_equal(api->status(game, state), TOURNEY_ONGOING);
        assert_int_equal(search.winning_move(game, state), -1);
        /* No win at once: at best with the stone after next, stone number
         * stones + 3; at worst a loss to the opponent's next stone. */
        assert_true(lines[i].score <= (42 + 1 - (stones + 2)) / 2);
        assert_true(lines[i].score >= -(42 + 1 - (stones + 1)) / 2);
        negatives += lines[i].score < 0;
        zeros += lines[i].score == 0;
        positives += lines[i].score > 0;
        if (every > 0 && i % every == 0) {
            assert_int_equal(solve_moves(lines[i].moves), lines[i].score);
        }
    }
    /* Wins, draws and losses all appear. */
    assert_true(negatives > 0 && zeros > 0 && positives > 0);
    free(chosen);
    free(lines);
    free(state);
    api->destroy(game);
}

static int quick(void)
{
    return getenv("TOURNEY_TEST_QUICK") != NULL;
}

static void test_end_easy(void **unused)
{
    (void)unused;
    assert_string_equal(c4_difficulties[0].file, "end_easy.txt");
    check_file(&c4_difficulties[0], quick() ? 10 : 3);
}

static void test_mid_easy(void **unused)
{
    (void)unused;
    assert_string_equal(c4_difficulties[1].file, "mid_easy.txt");
    /* About a second each: a sample of ten, none under valgrind. */
    check_file(&c4_difficulties[1], quick() ? 0 : 15);
}

/* The score of MOVES looking DEPTH plies ahead, 0 when undecided there. */
static int solve_moves_within(const char *moves, int depth)
{
    struct c4_solver solver;
    struct c4_board board;
    int score;

    assert_int_equal(c4_board_read(&board, moves), 0);
    assert_int_equal(c4_solver_init(&solver), 0);
    assert_int_equal(c4_solve_within(&solver, &board, depth, &score), 0);
    c4_solver_finish(&solver);
    return score;
}

/* The file of level `l` holds its count of different positions, each a game
 * the plugin reads as still going, with its moves in the level's range, in
 * which the player to move cannot win at once, and whose score leaves as
 * many moves as the level says. Every `every`-th one the exhaustive solver
 * reaches is solved again: to the end from `full_from` stones on, else, in
 * an easy level, 13 plies ahead (where the game ends in an easy level). */
static void check_level(int l, int every, int full_from)
{
    const struct c4_level *level = &c4_levels[l];
    const struct tourney_game_api *api = tourney_game_entry();
    struct tourney_param_value values[2] = {{7}, {6}};
    struct tourney_game_info info;
    void *game = NULL;
    char error[128];
    int checked = 0;
    struct tourney_game_search search;

    tourney_game_get_search(api, &search);
    assert_non_null(search.winning_move);
    assert_int_equal(api->create(values, &game, &info, error, sizeof(error)), TOURNEY_OK);
    void *state = malloc(info.state_size);
    struct solved *lines = calloc((size_t)level->count + 1, sizeof(*lines));
    assert_non_null(state);
    assert_non_null(lines);

    assert_int_equal(read_data(level->file, lines, level->count + 1), level->count);
    for (int i = 0; i < level->count; i++) {
        int stones = (int)strlen(lines[i].moves);
        int remaining = c4_remaining(stones, lines[i].score);

        assert_true(stones >= level->min_moves && stones <= level->max_moves);
        assert_true(remaining >= level->min_remaining && remaining <= level->max_remaining);
        assert_int_equal(api->parse_state(game, lines[i].moves, state), TOURNEY_OK);
        assert_int_equal(api->status(game, state), TOURNEY_ONGOING);
        assert_int_equal(search.winning_move(game, state), -1);
        for (int j = 0; j < i; j++) {
            assert_string_not_equal(lines[i].moves, lines[j].moves);
        }
        if (every == 0 || i % every != 0) {
            continue;
        }
        if (stones >= full_from) {
            assert_int_equal(solve_moves(lines[i].moves), lines[i].score);
            checked++;
        } else if (level->max_remaining <= 13) {
            assert_int_equal(solve_moves_within(lines[i].moves, 13), lines[i].score);
            checked++;
        }
    }
    /* A level that has positions the exhaustive solver reaches had some checked. */
    if (every > 0 && (level->max_moves >= full_from || level->max_remaining <= 13)) {
        assert_true(checked > 0);
    }
    free(lines);
    free(state);
    api->destroy(game);
}

/* The remaining moves of a score: to the winning stone, or the full board. */
static void test_remaining(void **unused)
{
    (void)unused;
    /* Pons's examples: 4455 scores 18, x wins with its 4th stone, the 7th
     * of the game, 3 moves on; 44455554221 scores -15, x wins at once after
     * o's move, with stone 13, 2 moves on. */
    assert_int_equal(c4_remaining(4, 18), 3);
    assert_int_equal(c4_remaining(11, -15), 2);
    /* A win with the last stone of the board, and a draw. */
    assert_int_equal(c4_remaining(40, 1), 1);
    assert_int_equal(c4_remaining(39, -1), 2);
    assert_int_equal(c4_remaining(30, 0), 12);
    /* The levels are Pons's: end, middle, beginning by the moves played;
     * easy and medium by those left. */
    assert_int_equal(c4_levels[0].min_moves, 29);
    assert_int_equal(c4_levels[1].max_moves, 28);
    assert_int_equal(c4_levels[4].max_remaining, 27);
}

static void test_levels(void **unused)
{
    (void)unused;
    /* L3_R1, L2_R1, L2_R2, L1_R1, L1_R2: the end's are quick to solve to
     * the end; the middle's late ones too, the easy ones 13 plies ahead,
     * half a second each; the beginning's easy ones 13 plies ahead, a few
     * seconds each; the beginning's medium ones not at all (see
     * tests/data/connect4/README.md). */
    check_level(0, quick() ? 50 : 5, 29);
    check_level(1, quick() ? 0 : 40, 24);
    check_level(2, quick() ? 0 : 20, 24);
    check_level(3, quick() ? 0 : 100, 42);
    check_level(4, quick() ? 0 : 1, 42);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_scores), cmocka_unit_test(test_scores_by_hand),
        cmocka_unit_test(test_end_easy),         cmocka_unit_test(test_mid_easy),
        cmocka_unit_test(test_remaining),        cmocka_unit_test(test_levels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
