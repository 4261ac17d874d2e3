/*
 * tourney export on a log made in the test: the text (tags escaped, moves in
 * the game's notation numbered as chess numbers them, from an opening where
 * the second seat moves first, lines wrapped at 79 characters) and the CSV
 * (quoted where needed), exactly; the game found by its name and never at
 * the path the log names; a file written whole; a corrupted log refused; a
 * game whose end does not follow from its moves left out, and named.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "export_format.h"
#include "files.h"
#include "log_game.h"
#include "log_line.h"
#include "sample_log.h"
#include "warning_stream.h"

static void add_move(struct game_record *record, int32_t seat, int32_t move)
{
    struct move_record m = {.seat = seat, .move = move, .depth = 1, .nodes = 5, .time_ns = 7};
    assert_int_equal(tourney_record_add_move(record, &m), 0);
}

/* A draw from the opening a1, O to move: b2 c3 b1 b3 a3 c1 c2 a2, each
 * move the only one that does not lose. */
static const int32_t draw_after_a1[8] = {4, 8, 1, 7, 6, 2, 5, 3};

/* Writes the COUNT games GAMES (finished here) as SAMPLE's log. */
static void write_games(struct sample_dir *sample, struct game_record *games, size_t count);

/* The log: game 0 as sample_game plays it; game 1, beta first, lost by
 * alpha's illegal move with a reason that needs escaping, after an opening
 * of one ply (b2) given without its position and two moves; game 2 a draw
 * from an opening (a1 taken), the second seat to move. The header names
 * connect4.so as the game's path, which export must not load. */
static void write_log(struct sample_dir *sample)
{
    free(sample->header.game_path);
    sample->header.game_path = strdup(TOURNEY_TEST_GAME_DIR "/connect4.so");
    assert_non_null(sample->header.game_path);

    struct game_record games[3];
    sample_game(&games[0], 0, 1000);
    sample_game(&games[1], 1, 1000);
    games[1].move_count = 0;
    add_move(&games[1], 1, 0);
    add_move(&games[1], 0, 1);
    games[1].termination = TERMINATION_ILLEGAL_MOVE;
    games[1].fault_seat = 1;
    snprintf(games[1].reason, sizeof(games[1].reason), "move 9 is \"off\", the board");
    static const int32_t b2[1] = {4};
    assert_int_equal(tourney_record_opening_set(&games[1].opening, NULL, b2, 1), 0);
    sample_game(&games[2], 2, 1000);
    games[2].move_count = 0;
    for (int32_t ply = 0; ply < 8; ply++) {
        add_move(&games[2], (ply + 1) % 2, draw_after_a1[ply]);
    }
    games[2].result = RESULT_DRAW;
    static const int32_t a1[1] = {0};
    assert_int_equal(tourney_record_opening_set(&games[2].opening, "x . . / . . . / . . .", a1, 1),
                     0);
    write_games(sample, games, 3);
}

static void write_games(struct sample_dir *sample, struct game_record *games, size_t count)
{
    char *header = sample_header_line(&sample->header);
    FILE *log = fopen(sample->path, "w");
    assert_non_null(log);
    fputs(header, log);
    free(header);
    for (size_t i = 0; i < count; i++) {
        const char *names[2] = {sample->header.agents[games[i].agent[0]].name,
                                sample->header.agents[games[i].agent[1]].name};
        char *line = tourney_log_line_of_record(&games[i], names);
        assert_non_null(line);
        fputs(line, log);
        free(line);
        tourney_record_finish(&games[i]);
    }
    fclose(log);
}

static const char *const expected_text = "[Tournament \"sample\"]\n"
                                         "[Game \"0\"]\n"
                                         "[Variant \"mnk: rows = 3, cols = 3, k = 3\"]\n"
                                         "[First \"alpha\"]\n"
                                         "[Second \"beta\"]\n"
                                         "[Seed \"9e3779b97f4a7c15\"]\n"
                                         "[Result \"1-0\"]\n"
                                         "[Termination \"normal\"]\n"
                                         "\n"
                                         "1. a1 b1 2. c1 a2 3. b2 c2 4. a3 1-0\n"
                                         "\n"
                                         "[Tournament \"sample\"]\n"
                                         "[Game \"1\"]\n"
                                         "[Variant \"mnk: rows = 3, cols = 3, k = 3\"]\n"
                                         "[First \"beta\"]\n"
                                         "[Second \"alpha\"]\n"
                                         "[Seed \"3c6ef372fe94f82a\"]\n"
                                         "[OpeningMoves \"b2\"]\n"
                                         "[Result \"1-0\"]\n"
                                         "[Termination \"illegal_move\"]\n"
                                         "[Fault \"alpha\"]\n"
                                         "[Reason \"move 9 is \\\"off\\\", the board\"]\n"
                                         "\n"
                                         "1... a1 2. b1 1-0\n"
                                         "\n"
                                         "[Tournament \"sample\"]\n"
                                         "[Game \"2\"]\n"
                                         "[Variant \"mnk: rows = 3, cols = 3, k = 3\"]\n"
                                         "[First \"alpha\"]\n"
                                         "[Second \"beta\"]\n"
                                         "[Seed \"daa66d2c7ddf743f\"]\n"
                                         "[Opening \"x . . / . . . / . . .\"]\n"
                                         "[OpeningMoves \"a1\"]\n"
                                         "[Result \"1/2-1/2\"]\n"
                                         "[Termination \"normal\"]\n"
                                         "\n"
                                         "1... b2 2. c3 b1 3. b3 a3 4. c1 c2 5. a2 1/2-1/2\n"
                                         "\n";

static const char *const expected_csv =
    "game,first,second,seed,opening,opening_moves,result,winner,termination,fault,reason,"
    "plies,moves\n"
    "0,alpha,beta,9e3779b97f4a7c15,,,1-0,alpha,normal,,,7,a1 b1 c1 a2 b2 c2 a3\n"
    "1,beta,alpha,3c6ef372fe94f82a,,b2,1-0,beta,illegal_move,alpha,\"move 9 is \"\"off\"\", the "
    "board\",2,a1 b1\n"
    "2,alpha,beta,daa66d2c7ddf743f,x . . / . . . / . . .,a1,1/2-1/2,,normal,,,8,"
    "b2 c3 b1 b3 a3 c1 c2 a2\n";

/* Exports SAMPLE's log as REQUEST says, the plugins looked for in the game
 * directory alone; returns the status, with what it wrote in *OUT and what
 * `tourney export` would print on stderr in *ERR (free them). */
static int export(struct export_request *request, char **out, char **err)
{
    size_t out_size = 0;
    size_t err_size = 0;
    FILE *out_stream = open_memstream(out, &out_size);
    FILE *err_stream = open_memstream(err, &err_size);
    assert_non_null(out_stream);
    assert_non_null(err_stream);
    struct warning_stream warn;
    warning_stream_init(&warn, err_stream, "tourney");
    struct error error;
    tourney_error_clear(&error);
    int status =
        tourney_export(request, NULL, TOURNEY_TEST_GAME_DIR, out_stream, &warn.warn, &error);
    /* The reason of a failure, as main prints it after the warnings. */
    assert_true(tourney_error_is_set(&error) == (status != 0));
    if (status != 0) {
        fprintf(err_stream, "tourney: %s\n", error.text);
    }
    fclose(out_stream);
    fclose(err_stream);
    return status;
}

static void test_text_and_csv(void **state)
{
    (void)state;
    struct sample_dir *sample = sample_dir_create("export", 4, 1);
    write_log(sample);
    struct export_request request = {.dir = sample->dir, .format = EXPORT_TEXT};
    char *out = NULL;
    char *err = NULL;
    assert_int_equal(export(&request, &out, &err), 0);
    assert_string_equal(out, expected_text);
    assert_string_equal(err, "");
    free(out);
    free(err);

    /* CSV into a file: written whole, nothing on the standard output. */
    char file[128];
    snprintf(file, sizeof(file), "%s/games.csv", sample->dir);
    request.format = EXPORT_CSV;
    request.output = file;
    assert_int_equal(export(&request, &out, &err), 0);
    assert_string_equal(out, "");
    assert_string_equal(err, "");
    assert_file_is(file, expected_csv);
    free(out);
    free(err);
    sample_dir_destroy(sample);
}

static void test_refusals(void **state)
{
    (void)state;
    struct sample_dir *sample = sample_dir_create("export", 4, 1);
    write_log(sample);
    char file[128];
    snprintf(file, sizeof(file), "%s/games.txt", sample->dir);
    write_file(file, "what was there\n");

    /* A line changed on disk: refused, the file there left alone. */
    char *log = slurp(sample->path);
    char *at = strstr(log, "\"moves\":[0,1,2,");
    assert_non_null(at);
    at[9] = '4';
    write_file(sample->path, "%s", log);
    free(log);
    struct export_request request = {.dir = sample->dir, .format = EXPORT_TEXT, .output = file};
    char *out = NULL;
    char *err = NULL;
    assert_int_equal(export(&request, &out, &err), -1);
    char expected[256];
    snprintf(expected, sizeof(expected),
             "tourney: %s:2: corrupted record (it does not match its check digest); refusing "
             "the whole log\n",
             sample->path);
    assert_string_equal(err, expected);
    assert_file_is(file, "what was there\n");
    free(out);
    free(err);

    /* No log at all. */
    request.dir = TOURNEY_TEST_GAME_DIR;
    assert_int_equal(export(&request, &out, &err), -1);
    assert_non_null(strstr(err, "games.jsonl"));
    free(out);
    free(err);
    sample_dir_destroy(sample);
}

/* A game of 20 plies on the 3x3 board: its end cannot follow from its
 * moves (the first to move had won at ply 7, and squares are taken
 * twice after), so export leaves it out and names it,
 * exporting the others; written alone, its moves wrap at 79 characters. */
static void test_long_games(void **state)
{
    (void)state;
    struct sample_dir *sample = sample_dir_create("export", 4, 1);
    struct game_record games[2];
    sample_game(&games[0], 0, 1000);
    sample_game(&games[1], 1, 1000);
    games[1].move_count = 0;
    for (int32_t ply = 0; ply < 20; ply++) {
        add_move(&games[1], ply % 2, ply % 9);
    }
    games[1].result = RESULT_DRAW;
    write_games(sample, games, 2);
    struct export_request request = {.dir = sample->dir, .format = EXPORT_CSV};
    char *out = NULL;
    char *err = NULL;
    assert_int_equal(export(&request, &out, &err), -1);
    assert_string_equal(out, "game,first,second,seed,opening,opening_moves,result,winner,"
                             "termination,fault,reason,plies,moves\n"
                             "0,alpha,beta,9e3779b97f4a7c15,,,1-0,alpha,normal,,,7,a1 b1 c1 a2 "
                             "b2 c2 a3\n");
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney: game 1 (beta against alpha): it goes on after its end, at ply 7\n"
             "tourney: left out of the export: 1 game of %s whose end does not "
             "follow from its moves\n",
             sample->path);
    assert_string_equal(err, expected);
    free(out);
    free(err);

    struct log_game game;
    struct error why;
    assert_int_equal(
        tourney_log_game_find(&game, &sample->header, NULL, TOURNEY_TEST_GAME_DIR, &why), 0);
    const struct export_source source = {.header = &sample->header, .game = &game.game};
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    assert_non_null(stream);
    sample_game(&games[1], 1, 1000);
    games[1].move_count = 0;
    for (int32_t ply = 0; ply < 20; ply++) {
        add_move(&games[1], ply % 2, ply % 9);
    }
    games[1].result = RESULT_DRAW;
    assert_int_equal(tourney_export_text_game(stream, &source, &games[1]), 0);
    assert_int_equal(fclose(stream), 0);
    assert_string_equal(out,
                        "[Tournament \"sample\"]\n"
                        "[Game \"1\"]\n"
                        "[Variant \"mnk: rows = 3, cols = 3, k = 3\"]\n"
                        "[First \"beta\"]\n"
                        "[Second \"alpha\"]\n"
                        "[Seed \"3c6ef372fe94f82a\"]\n"
                        "[Result \"1/2-1/2\"]\n"
                        "[Termination \"normal\"]\n"
                        "\n"
                        "1. a1 b1 2. c1 a2 3. b2 c2 4. a3 b3 5. c3 a1 6. b1 c1 7. a2 b2 8. c2 "
                        "a3 9. b3\n"
                        "c3 10. a1 b1 1/2-1/2\n"
                        "\n");
    free(out);
    tourney_record_finish(&games[1]);
    tourney_log_game_close(&game);
    sample_dir_destroy(sample);
}

static void test_format_names(void **state)
{
    (void)state;
    enum export_format format = EXPORT_TEXT;
    assert_true(tourney_export_format_parse("csv", &format));
    assert_int_equal(format, EXPORT_CSV);
    assert_true(tourney_export_format_parse("text", &format));
    assert_int_equal(format, EXPORT_TEXT);
    assert_false(tourney_export_format_parse("pgn", &format));
    assert_false(tourney_export_format_parse("CSV", &format));
    assert_int_equal(format, EXPORT_TEXT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_and_csv),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_long_games),
        cmocka_unit_test(test_format_names),
    };
    return cmocka_run_group_tests_name("export", tests, NULL, NULL);
}
