/*
 * tests/runner/analysis/test_analysis.c - the exact analysis of a results log
 * (runner/analysis/analysis.c): a log of four 3x3 games made in the test,
 * each from an opening whose value is checked by hand, analysed; every
 * agent's figures computed by hand, the cache's hits and misses counted
 * exactly, the value file written and read back, and hostile value files
 * (another game's, cut short, garbage, changed, a link) refused before
 * anything is solved or written; analysis.jsonl read back as it was
 * written, and hostile ones (garbage, another tournament, huge numbers,
 * grades that disagree with the values, a link) refused as a whole.
 */
#include "test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "analysis.h"
#include "analysis_read.h"
#include "exact_solver.h"
#include "export.h"
#include "files.h"
#include "opened_game.h"
#include "out_dir.h"
#include "publish.h"
#include "rebuild.h"
#include "record.h"
#include "sample_log.h"
#include "warning_stream.h"
#include "stats.h"
#include "text.h"

/* Cells a1 b1 c1 / a2 b2 c2 / a3 b3 c3 are moves 0 to 8. */
enum { A1, B1, C1, A2, B2, C2, A3, B3, C3 };

/* One game: alpha is the first player in even games, beta in odd ones. */
static void make_game(struct game_record *r, uint32_t index, const int32_t *opening,
                      const int32_t *moves, size_t count, enum game_result result)
{
    tourney_record_init(r);
    r->index = index;
    r->agent[0] = index % 2;
    r->agent[1] = 1 - index % 2;
    assert_int_equal(tourney_record_opening_set(&r->opening, NULL, opening, 4), 0);
    for (size_t i = 0; i < count; i++) {
        struct move_record m = {.seat = (int32_t)(i % 2), .move = moves[i], .nodes = 1};
        assert_int_equal(tourney_record_add_move(r, &m), 0);
    }
    r->result = result;
    r->termination = TERMINATION_NORMAL;
    r->fault_seat = -1;
}

/* x a1 b1, o a2 b2: x to move wins at c1 (a win in 1).
 * x a1 b2, o b1 c1: x to move wins at c3 (a win in 1), or plays a2 for
 * three threats (a3, c2, c3): o blocks one, x wins (a win in 3). */
static const int32_t row_open[4] = {A1, A2, B1, B2};
static const int32_t diagonal_open[4] = {A1, B1, B2, C1};

/* The four games, by hand:
 * 0 alpha-beta:  alpha c1 wins (best).
 * 1 beta-alpha:  beta a3 (ply 5) lets o win: a blunder; alpha c2 wins (best).
 * 2 alpha-beta:  alpha a2 (ply 5): slower; beta c3 (ply 6) blocks: best (a
 *                loss in 2 either way); alpha a3 wins (best).
 * 3 beta-alpha:  beta c3 wins (best). */
static void make_games(struct game_record games[4])
{
    static const int32_t g0[] = {C1};
    static const int32_t g1[] = {A3, C2};
    static const int32_t g2[] = {A2, C3, A3};
    static const int32_t g3[] = {C3};

    make_game(&games[0], 0, row_open, g0, 1, RESULT_FIRST_WINS);
    make_game(&games[1], 1, row_open, g1, 2, RESULT_SECOND_WINS);
    make_game(&games[2], 2, diagonal_open, g2, 3, RESULT_FIRST_WINS);
    make_game(&games[3], 3, diagonal_open, g3, 1, RESULT_FIRST_WINS);
}

static void write_log(struct sample_dir *s)
{
    struct game_record games[4];

    make_games(games);
    sample_log_of(s->dir, &s->header, games, 4);
    for (int i = 0; i < 4; i++) {
        tourney_record_finish(&games[i]);
    }
}

static struct analysis_request request_for(const struct sample_dir *s, const char *cache)
{
    struct analysis_request q = {
        .dir = s->dir,
        .jobs = 1,
        .budget = TOURNEY_EXACT_DEFAULT_BUDGET,
        .cache_path = cache,
        .env_plugin_path = TOURNEY_TEST_BUILD_ROOT,
    };
    return q;
}

/* What the analysis warns of, on stderr as `tourney analyze` says it. */
static const struct warnings *on_stderr(void)
{
    static struct warning_stream stream;
    warning_stream_init(&stream, stderr, "tourney analyze");
    return &stream.warn;
}

static void run_ok(const struct analysis_request *q, struct analysis *a)
{
    struct error err;
    tourney_error_clear(&err);
    if (tourney_analysis_run(q, a, on_stderr(), &err) != 0) {
        fail_msg("%s", err.text);
    }
}

static void test_figures(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis", 4, 1);
    struct analysis a;

    (void)state;
    write_log(s);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    assert_int_equal(a.agent_count, 2);
    assert_string_equal(a.names[0], "alpha");
    const struct agent_grades *alpha = &a.grades[0];
    const struct agent_grades *beta = &a.grades[1];
    /* alpha: 4 games, 4 moves graded: c1, c2, a3 best, a2 slower; perfect
     * in games 0 and 1 (game 3 it made no move). */
    assert_int_equal(alpha->games, 4);
    assert_int_equal(alpha->moves, 4);
    assert_int_equal(alpha->graded, 4);
    assert_int_equal(alpha->best, 3);
    assert_int_equal(alpha->slower, 1);
    assert_int_equal(alpha->blunders, 0);
    assert_int_equal(alpha->perfect_games, 2);
    assert_true(tourney_grades_accuracy(alpha) == 1.0);
    assert_true(tourney_grades_share_graded(alpha) == 1.0);
    assert_true(tourney_grades_blunders_per_game(alpha) == 0.0);
    assert_true(tourney_grades_first_blunder_ply(alpha) == 0.0);
    /* beta: 3 moves: a3 a blunder at ply 5, c3 best twice; perfect in
     * games 2 and 3. */
    assert_int_equal(beta->games, 4);
    assert_int_equal(beta->moves, 3);
    assert_int_equal(beta->graded, 3);
    assert_int_equal(beta->best, 2);
    assert_int_equal(beta->slower, 0);
    assert_int_equal(beta->blunders, 1);
    assert_int_equal(beta->games_with_blunder, 1);
    assert_int_equal(beta->perfect_games, 2);
    assert_true(tourney_grades_accuracy(beta) == 2.0 / 3.0);
    assert_true(tourney_grades_blunders_per_game(beta) == 0.25);
    assert_true(tourney_grades_first_blunder_ply(beta) == 5.0);
    /* Positions where the game goes on: game 0 one, game 1 two (the
     * first is game 0's), game 2 three, game 3 one (game 2's first): 7
     * looked up, 2 found, 5 solved. */
    assert_int_equal(a.counts.games, 4);
    assert_int_equal(a.counts.moves, 7);
    assert_int_equal(a.counts.graded, 7);
    assert_int_equal(a.counts.lookups, 7);
    assert_int_equal(a.counts.hits, 2);
    assert_int_equal(a.counts.misses, 5);
    assert_int_equal(a.counts.unknown, 0);
    assert_int_equal(a.counts.left_out, 0);
    tourney_analysis_finish(&a);

    char path[256];
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    assert_int_equal(count_lines(path), 5);
    assert_file_has(path,
                    "{\"game\":1,\"players\":[\"beta\",\"alpha\"],\"first_ply\":4,\"moves\":["
                    "{\"ply\":5,\"seat\":0,\"move\":\"a3\",\"before\":\"win 1\","
                    "\"after\":\"loss 2\",\"grade\":\"blunder\"},"
                    "{\"ply\":6,\"seat\":1,\"move\":\"c2\",\"before\":\"win 1\","
                    "\"after\":\"win 1\",\"grade\":\"best\"}]}\n");
    assert_file_has(path, "{\"ply\":5,\"seat\":0,\"move\":\"a2\",\"before\":\"win 1\","
                          "\"after\":\"win 3\",\"grade\":\"slower\"}");
    sample_dir_destroy(s);
}

/* A game whose end does not follow from its moves (game 0 recorded as a
 * draw) is left out and counted; the others are analysed. */
static void test_left_out(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-lies", 2, 1);
    struct game_record games[2];
    static const int32_t wins[] = {C1};
    static const int32_t loses[] = {A3, C2};
    struct analysis a;

    (void)state;
    make_game(&games[0], 0, row_open, wins, 1, RESULT_DRAW);
    make_game(&games[1], 1, row_open, loses, 2, RESULT_SECOND_WINS);
    sample_log_of(s->dir, &s->header, games, 2);
    tourney_record_finish(&games[0]);
    tourney_record_finish(&games[1]);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    assert_int_equal(a.counts.left_out, 1);
    assert_int_equal(a.counts.games, 1);
    assert_int_equal(a.counts.moves, 2);
    assert_int_equal(a.grades[1].blunders, 1);
    tourney_analysis_finish(&a);
    sample_dir_destroy(s);
}

/* With a budget of one position, only what the game's knowledge settles at
 * the root is solved: a win at once. Game 2's position after a2 (o to move,
 * every move losing) is unknown: the moves before and after it ungraded. */
static void test_budget(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-budget", 4, 1);
    struct analysis a;

    (void)state;
    write_log(s);
    struct analysis_request q = request_for(s, NULL);
    q.budget = 1;
    run_ok(&q, &a);
    assert_int_equal(a.counts.misses, 5);
    assert_int_equal(a.counts.unknown, 1);
    assert_int_equal(a.counts.graded, 5);
    assert_int_equal(a.grades[0].graded, 3);
    assert_int_equal(a.grades[1].graded, 2);
    tourney_analysis_finish(&a);
    sample_dir_destroy(s);
}

/* The value file: written by the first analysis, read by the next, whose
 * every position is then found; the analysis file the same. An unknown
 * value of a smaller budget is solved again. */
static void test_cache_round_trip(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-cache", 4, 1);
    struct analysis a;
    char cache[256];
    char path[256];

    (void)state;
    write_log(s);
    snprintf(cache, sizeof(cache), "%s/values.txt", s->dir);
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    struct analysis_request q = request_for(s, cache);
    q.budget = 1;
    run_ok(&q, &a);
    assert_int_equal(a.counts.from_file, 0);
    tourney_analysis_finish(&a);
    assert_int_equal(count_lines(cache), 5 + 5 + 1);
    assert_file_has(cache, " unknown 1\n");

    q.budget = TOURNEY_EXACT_DEFAULT_BUDGET;
    run_ok(&q, &a);
    assert_int_equal(a.counts.from_file, 5);
    assert_int_equal(a.counts.hits, 6);
    assert_int_equal(a.counts.misses, 1);
    assert_int_equal(a.counts.unknown, 0);
    assert_int_equal(a.counts.graded, 7);
    tourney_analysis_finish(&a);
    char *first = slurp(path);

    run_ok(&q, &a);
    assert_int_equal(a.counts.from_file, 5);
    assert_int_equal(a.counts.lookups, 7);
    assert_int_equal(a.counts.hits, 7);
    assert_int_equal(a.counts.misses, 0);
    assert_int_equal(a.counts.nodes, 0);
    tourney_analysis_finish(&a);
    assert_file_is(path, first);
    free(first);
    sample_dir_destroy(s);
}

/* A hostile value file is refused with a message naming it (and its
 * line), before anything is solved: no analysis file is written, and the
 * file is left as it was. */
static void refused(struct sample_dir *s, const char *cache, const char *why)
{
    struct analysis a;
    struct error err;
    char path[256];
    char *before = slurp(cache);

    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    unlink(path);
    struct analysis_request q = request_for(s, cache);
    tourney_error_clear(&err);
    assert_int_equal(tourney_analysis_run(&q, &a, on_stderr(), &err), -1);
    tourney_analysis_finish(&a);
    if (strstr(err.text, why) == NULL) {
        fail_msg("expected '%s' in: %s", why, err.text);
    }
    assert_non_null(strstr(err.text, cache));
    assert_int_equal(access(path, F_OK), -1);
    assert_file_is(cache, before);
    free(before);
}

static void test_hostile_cache(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-hostile", 4, 1);
    struct analysis a;
    char good[256];
    char bad[256];
    char link[256];

    (void)state;
    write_log(s);
    snprintf(good, sizeof(good), "%s/good.txt", s->dir);
    snprintf(bad, sizeof(bad), "%s/bad.txt", s->dir);
    snprintf(link, sizeof(link), "%s/link.txt", s->dir);
    struct analysis_request q = request_for(s, good);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    char *text = slurp(good);
    size_t length = strlen(text);

    copy_edited(good, bad, "game mnk\n", "game connect4\n");
    refused(s, bad, ":2: the values are of another game");
    copy_edited(good, bad, "rows = 3", "rows = 4");
    refused(s, bad, ":3: the values are of another game");
    copy_edited(good, bad, "game_digest ", "game_digest 0");
    refused(s, bad, ":4: the values are of another game");
    /* Cut short: without its end line, and in the middle of a line. */
    copy_file(good, bad, (size_t)(strrchr(text, 'e') - text) - 1);
    refused(s, bad, "cut short");
    copy_file(good, bad, length - 60);
    refused(s, bad, "cut short");
    write_file(bad, "%s",
               "\x7f"
               "ELF garbage\n\x01\x02");
    refused(s, bad, ":1: not a file of tourney's values");
    /* A value changed, the end line kept: the digest no longer matches. */
    copy_edited(good, bad, " win 1\n", " loss 1\n");
    refused(s, bad, "the file was changed or damaged");
    copy_edited(good, bad, " win 1\n", " win one\n");
    refused(s, bad, "expected a value");
    /* A link to a good file is neither followed nor replaced. */
    assert_int_equal(symlink(good, link), 0);
    refused(s, link, "is a symbolic link");
    struct stat info;
    assert_int_equal(lstat(link, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    free(text);
    sample_dir_destroy(s);
}

static int read_analysis(struct sample_dir *s, struct analysis_read *read, struct error *err)
{
    struct out_dir dir = {.fd = -1};
    tourney_error_clear(err);
    assert_int_equal(tourney_out_dir_open(&dir, s->dir, false, err), 0);
    int status = tourney_analysis_read(&dir, TOURNEY_ANALYSIS_NAME, &s->header, read, err);
    tourney_out_dir_close(&dir);
    return status;
}

static void assert_value(struct exact_value v, enum exact_result result, int32_t plies)
{
    assert_int_equal(v.result, result);
    assert_int_equal(v.plies, plies);
}

/* analysis.jsonl read back: every game by its index, every move's values
 * and grade as written; no file is no analysis. */
static void test_read_back(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-read", 4, 1);
    struct analysis a;
    struct analysis_read read;
    struct error err;

    (void)state;
    write_log(s);
    assert_int_equal(read_analysis(s, &read, &err), 1);
    assert_int_equal(read.count, 0);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    if (read_analysis(s, &read, &err) != 0) {
        fail_msg("%s", err.text);
    }
    assert_int_equal(read.count, 4);
    assert_int_equal(read.budget, TOURNEY_EXACT_DEFAULT_BUDGET);
    assert_null(tourney_analysis_read_find(&read, 4));
    const struct read_game *g1 = tourney_analysis_read_find(&read, 1);
    assert_non_null(g1);
    assert_int_equal(g1->index, 1);
    assert_int_equal(g1->agent[0], 1); /* beta */
    assert_int_equal(g1->agent[1], 0);
    assert_int_equal(g1->first_ply, 4);
    assert_int_equal(g1->move_count, 2);
    assert_int_equal(g1->moves[0].ply, 5);
    assert_int_equal(g1->moves[0].seat, 0);
    assert_value(g1->moves[0].before, EXACT_WIN, 1);
    assert_value(g1->moves[0].reached, EXACT_LOSS, 2);
    assert_int_equal(g1->moves[0].grade, GRADE_BLUNDER);
    assert_int_equal(g1->moves[1].seat, 1);
    assert_int_equal(g1->moves[1].grade, GRADE_BEST);
    const struct read_game *g2 = tourney_analysis_read_find(&read, 2);
    assert_int_equal(g2->move_count, 3);
    assert_value(g2->moves[0].reached, EXACT_WIN, 3);
    assert_int_equal(g2->moves[0].grade, GRADE_SLOWER);
    assert_value(g2->moves[1].before, EXACT_LOSS, 2);
    const uint32_t beta_alpha[2] = {1, 0};
    const uint32_t alpha_beta[2] = {0, 1};
    const unsigned char seats[2] = {0, 1};
    const unsigned char swapped[2] = {1, 0};
    const tourney_move played[2] = {A3, C2};
    const tourney_move other[2] = {A3, C3};
    static const struct tourney_param_value mnk_3x3[3] = {{.i = 3}, {.i = 3}, {.i = 3}};
    struct opened mnk;
    open_game(&mnk, TOURNEY_TEST_GAME_DIR "/mnk.so", mnk_3x3);
    struct read_game_check check = {beta_alpha, 2, seats, played, &mnk.game};
    assert_true(tourney_analysis_read_matches(g1, &check));
    assert_false(tourney_analysis_read_matches(NULL, &check));
    check.moves = other;
    assert_false(tourney_analysis_read_matches(g1, &check));
    check.game = NULL; /* the names not compared */
    assert_true(tourney_analysis_read_matches(g1, &check));
    check.seats = swapped;
    assert_false(tourney_analysis_read_matches(g1, &check));
    check.seats = NULL;
    check.move_count = 3;
    assert_false(tourney_analysis_read_matches(g1, &check));
    check.move_count = 2;
    check.agent = alpha_beta;
    assert_false(tourney_analysis_read_matches(g1, &check));
    close_game(&mnk);
    tourney_analysis_read_finish(&read);
    sample_dir_destroy(s);
}

/* A hostile analysis file is refused whole, naming the file and line. */
static void read_refused(struct sample_dir *s, const char *why)
{
    struct analysis_read read;
    struct error err;
    assert_int_equal(read_analysis(s, &read, &err), -1);
    assert_int_equal(read.count, 0);
    assert_null(read.games);
    if (strstr(err.text, why) == NULL) {
        fail_msg("expected '%s' in: %s", why, err.text);
    }
    assert_non_null(strstr(err.text, TOURNEY_ANALYSIS_NAME));
}

/* The four games analysed, their analysis.jsonl moved to GOOD (in the
 * folder) for the hostile files made from it. */
static struct sample_dir *analysed_aside(const char *prefix, char *good, size_t size)
{
    struct sample_dir *s = sample_dir_create(prefix, 4, 1);
    struct analysis a;
    char path[256];

    write_log(s);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    snprintf(good, size, "%s/good.jsonl", s->dir);
    assert_int_equal(rename(path, good), 0);
    return s;
}

static void test_hostile_analysis_file(void **state)
{
    char path[256];
    char good[256];
    struct sample_dir *s = analysed_aside("analysis-read-hostile", good, sizeof(good));

    (void)state;
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);

    write_file(path, "%s",
               "\x7f"
               "ELF garbage\n\x01\x02");
    read_refused(s, "line 1: not a JSON object");
    write_file(path, "%s", "");
    read_refused(s, "line 1: fewer games than the header says");
    copy_edited(good, path, "\"settings_digest\":\"", "\"settings_digest\":\"0");
    read_refused(s, "line 1: the analysis of another tournament");
    copy_edited(good, path, "\"format\":1", "\"format\":2");
    read_refused(s, "line 1: an analysis of another format");
    copy_edited(good, path, "\"games\":4", "\"games\":5");
    read_refused(s, "line 6: fewer games than the header says");
    copy_edited(good, path, "\"games\":4", "\"games\":3");
    read_refused(s, "line 5: more games than the header says");
    copy_edited(good, path, "\"game\":1,", "\"game\":4294967296,");
    read_refused(s, "line 3: not a game's line");
    copy_edited(good, path, "\"game\":1,", "\"game\":0,");
    read_refused(s, "game 0 analysed twice");
    copy_edited(good, path, "[\"beta\",\"alpha\"]", "[\"beta\",\"<script>alert(1)</script>\"]");
    read_refused(s, "line 3: a player that is not an agent of the log");
    copy_edited(good, path, "\"before\":\"win 1\",\"after\":\"loss 2\"",
                "\"before\":\"win 99999999999\",\"after\":\"loss 2\"");
    read_refused(s, "line 3: move 1 is not a graded move");
    copy_edited(good, path, "\"after\":\"loss 2\",\"grade\":\"blunder\"",
                "\"after\":\"loss 2\",\"grade\":\"best\"");
    read_refused(s, "line 3: move 1 is not a graded move");
    copy_edited(good, path, "{\"ply\":5,\"seat\":0,\"move\":\"a3\"",
                "{\"ply\":7,\"seat\":0,\"move\":\"a3\"");
    read_refused(s, "line 3: move 1 is not a graded move");
    copy_edited(good, path, "{\"ply\":6,\"seat\":1,", "{\"ply\":6,\"seat\":2,");
    read_refused(s, "line 3: move 2 is not a graded move");
    char *text = slurp(good);
    copy_file(good, path, strlen(text) - 1);
    read_refused(s, "line 5: a line cut short");
    free(text);
    /* A link to a good file is not followed. */
    unlink(path);
    assert_int_equal(symlink(good, path), 0);
    read_refused(s, "link");
    sample_dir_destroy(s);
}

/* report.html of the four games, rebuilt from the log; its text. */
static char *rebuilt_page(struct sample_dir *s)
{
    char path[256];
    snprintf(path, sizeof(path), "%s/report.html", s->dir);
    FILE *out = tmpfile();
    assert_non_null(out);
    struct warning_stream warn;
    warning_stream_init(&warn, out, "tourney");
    struct error err;
    if (tourney_rebuild_reports(s->dir, NULL, TOURNEY_TEST_BUILD_ROOT, out, 0, &warn.warn, &err) !=
        0) {
        fail_msg("%s", err.text);
    }
    fclose(out);
    return slurp(path);
}

static void assert_has(const char *text, const char *part)
{
    if (strstr(text, part) == NULL) {
        fail_msg("expected '%s' in the page", part);
    }
}

static void assert_lacks(const char *text, const char *part)
{
    if (strstr(text, part) != NULL) {
        fail_msg("did not expect '%s' in the page", part);
    }
}

/* The replay viewer's data of the four games holds every move's grade and
 * values, as graded by hand above; the analysis's script and style are in
 * the page only with them, and without analysis.jsonl the page is the
 * same as before it was written. */
static void test_report_marks(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-report", 4, 1);
    struct analysis a;
    char path[256];

    (void)state;
    write_log(s);
    char *plain = rebuilt_page(s);
    assert_lacks(plain, "\"g\":");
    assert_lacks(plain, "viewer-values");
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    char *marked = rebuilt_page(s);
    assert_has(marked, "\"g\":\"b\",\"v\":[[\"w1\",\"w1\"]]}");
    assert_has(marked, "\"g\":\"xb\",\"v\":[[\"w1\",\"l2\"],[\"w1\",\"w1\"]]}");
    assert_has(marked, "\"g\":\"sbb\",\"v\":[[\"w1\",\"w3\"],[\"l2\",\"l2\"],[\"w1\",\"w1\"]]}");
    assert_has(marked, "viewer-values");
    assert_has(marked, "svg.values");
    assert_has(marked, "Each move the exact analysis (analysis.jsonl) graded is marked");
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    assert_int_equal(unlink(path), 0);
    char *again = rebuilt_page(s);
    assert_string_equal(again, plain);
    free(again);
    free(marked);
    free(plain);
    sample_dir_destroy(s);
}

/* Hostile analysis files: the reports are written, the page shows no
 * marks of a game whose moves are not the analysis's, and nothing of the
 * file becomes markup. */
static void test_report_hostile_analysis(void **state)
{
    char path[256];
    char good[256];
    struct sample_dir *s = analysed_aside("analysis-report-hostile", good, sizeof(good));

    (void)state;
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);

    /* Garbage: the page without marks, saying why. */
    write_file(path, "%s", "<script>alert(1)</script>\n");
    char *page = rebuilt_page(s);
    assert_lacks(page, "<script>alert");
    assert_lacks(page, "\"g\":");
    assert_has(page, "The exact analysis is not shown: ");
    assert_has(page, "analysis.jsonl, line 1: not a JSON object.");
    free(page);
    /* Game 1's last move gone (a move count that is not the game's), and a
     * move of game 2 named as markup: those two games have no marks, the
     * others keep theirs. */
    copy_edited(good, path,
                ",{\"ply\":6,\"seat\":1,\"move\":\"c2\",\"before\":\"win 1\","
                "\"after\":\"win 1\",\"grade\":\"best\"}",
                "");
    char *cut = slurp(path);
    char *edited = NULL;
    {
        const char *find = "\"move\":\"a2\"";
        char *at = strstr(cut, find);
        assert_non_null(at);
        const char *markup = "\"move\":\"</script><script>alert(2)</script>\"";
        size_t head = (size_t)(at - cut);
        edited = malloc(strlen(cut) + strlen(markup) + 1);
        assert_non_null(edited);
        memcpy(edited, cut, head);
        strcpy(edited + head, markup);
        strcat(edited, at + strlen(find));
    }
    write_file(path, "%s", edited);
    page = rebuilt_page(s);
    assert_lacks(page, "alert(2)");
    assert_lacks(page, "\"g\":\"xb\"");
    assert_lacks(page, "\"g\":\"sbb\"");
    assert_has(page, "\"g\":\"b\",\"v\":[[\"w1\",\"w1\"]]}");
    free(page);
    free(edited);
    free(cut);
    /* Huge numbers and a grade that is not the values': refused whole. */
    copy_edited(good, path, "\"before\":\"win 1\",\"after\":\"loss 2\"",
                "\"before\":\"win 4294967296\",\"after\":\"loss 2\"");
    page = rebuilt_page(s);
    assert_lacks(page, "\"g\":");
    assert_has(page, "line 3: move 1 is not a graded move");
    free(page);
    /* A file of another tournament is not shown, and the page says so. */
    copy_edited(good, path, "\"settings_digest\":\"", "\"settings_digest\":\"f");
    page = rebuilt_page(s);
    assert_lacks(page, "\"g\":");
    assert_has(page, "the analysis of another tournament");
    free(page);
    sample_dir_destroy(s);
}

/* The reports of the four games' log, written as `tourney report` writes
 * them (publish.h), with whatever analysis.jsonl S's folder holds; what
 * they warned of into WARNED (free it). */
static void publish_reports(const struct sample_dir *s, char **warned)
{
    struct game_record games[4];
    struct stats stats;
    struct out_dir dir = {.fd = -1};
    struct error err;
    char *text = NULL;
    size_t size = 0;
    FILE *warn = open_memstream(&text, &size);
    struct warning_stream warned_to;

    assert_non_null(warn);
    warning_stream_init(&warned_to, warn, "tourney");
    tourney_error_clear(&err);
    make_games(games);
    assert_int_equal(tourney_stats_init_for(&stats, &s->header), 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tourney_stats_add(&stats, &games[i]), 0);
        tourney_record_finish(&games[i]);
    }
    assert_int_equal(tourney_out_dir_open(&dir, s->dir, false, &err), 0);
    if (tourney_publish(&s->header, &stats, NULL, NULL, &dir, NULL, 0, &warned_to.warn, &err) !=
        0) {
        fail_msg("%s", err.text);
    }
    tourney_out_dir_close(&dir);
    tourney_stats_finish(&stats);
    fclose(warn);
    *warned = text;
}

static char *report_file(const struct sample_dir *s, const char *name)
{
    char path[256];
    snprintf(path, sizeof(path), "%s/%s", s->dir, name);
    return slurp(path);
}

static json_t *summary_agent(json_t *summary, size_t rank)
{
    return json_object_get(json_array_get(json_object_get(summary, "agents"), rank), "analysis");
}

static double real_of(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_number(v));
    return json_number_value(v);
}

/* The figures of test_figures, as results.csv, summary.json and report.md
 * give them: alpha (ranked first, 3 wins) graded 4 of 4, all keeping the
 * result, one slower; beta 3 of 3, a blunder at ply 5. */
static void test_reports_show_figures(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-reports", 4, 1);
    struct analysis a;
    char *warned = NULL;

    (void)state;
    write_log(s);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    publish_reports(s, &warned);
    assert_string_equal(warned, "");
    free(warned);

    char *csv = report_file(s, "results.csv");
    assert_non_null(strstr(csv, ",cpu_limit,graded_moves,graded_share,accuracy,best_moves,"
                                "slower_moves,slower_share,blunders,blunders_per_game,"
                                "first_blunder_ply,perfect_games\n1,alpha,"));
    assert_non_null(strstr(csv, ",4,1.000000,1.000000,3,1,0.250000,0,0.000000,,2\n2,beta,"));
    assert_non_null(strstr(csv, ",3,1.000000,0.666667,2,0,0.000000,1,0.250000,5.0000,2\n"));
    free(csv);

    json_error_t why;
    char path[256];
    snprintf(path, sizeof(path), "%s/summary.json", s->dir);
    json_t *summary = json_load_file(path, 0, &why);
    assert_non_null(summary);
    json_t *alpha = summary_agent(summary, 0);
    json_t *beta = summary_agent(summary, 1);
    assert_int_equal(json_integer_value(json_object_get(alpha, "moves")), 4);
    assert_int_equal(json_integer_value(json_object_get(alpha, "graded_moves")), 4);
    assert_true(real_of(alpha, "graded_share") == 1.0);
    assert_true(real_of(alpha, "accuracy") == 1.0);
    assert_true(real_of(alpha, "slower_share") == 0.25);
    assert_int_equal(json_integer_value(json_object_get(alpha, "slower_moves")), 1);
    assert_int_equal(json_integer_value(json_object_get(alpha, "blunders")), 0);
    assert_true(json_is_null(json_object_get(alpha, "first_blunder_ply")));
    assert_int_equal(json_integer_value(json_object_get(alpha, "perfect_games")), 2);
    assert_int_equal(json_array_size(json_object_get(alpha, "blunders_by_ply")), 0);
    /* 2/3 to the 10 digits of summary.json. */
    assert_true(real_of(beta, "accuracy") == 0.6666666667);
    assert_true(real_of(beta, "blunders_per_game") == 0.25);
    assert_true(real_of(beta, "first_blunder_ply") == 5.0);
    assert_int_equal(json_integer_value(json_object_get(beta, "best_moves")), 2);
    assert_int_equal(json_integer_value(json_object_get(beta, "perfect_games")), 2);
    json_t *by_ply = json_object_get(beta, "blunders_by_ply");
    assert_int_equal(json_array_size(by_ply), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(by_ply, 0), "ply")), 5);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(by_ply, 0), "count")), 1);
    json_t *top = json_object_get(summary, "analysis");
    assert_string_equal(json_string_value(json_object_get(top, "file")), "analysis.jsonl");
    assert_int_equal(json_integer_value(json_object_get(top, "games")), 4);
    assert_int_equal(json_integer_value(json_object_get(top, "moves")), 7);
    assert_int_equal(json_integer_value(json_object_get(top, "graded_moves")), 7);
    json_decref(summary);

    /* report.html's accuracy chart, each bar keyed by its summary.json
     * path with the same figure. */
    char *html = report_file(s, "report.html");
    assert_non_null(strstr(html, "<a href=\"#accuracy\">Accuracy against perfect play</a>"));
    assert_non_null(strstr(html, "id=\"chart-accuracy\""));
    assert_non_null(strstr(html, "data-key=\"analysis.accuracy\" data-value=\"0.6666666667\""));
    assert_non_null(strstr(html, "data-key=\"analysis.graded_share\" data-value=\"1\""));
    /* Its blunders by ply: beta's one blunder, at ply 5, as item 0 of its
     * blunders_by_ply. */
    assert_non_null(strstr(html, "<a href=\"#blunders\">Blunders by ply</a>"));
    assert_non_null(strstr(html, "<g data-key=\"analysis.blunders_by_ply.0.ply\" "
                                 "data-value=\"5\"><rect class=\"bar loss\""));
    assert_non_null(strstr(html, "data-key=\"analysis.blunders_by_ply.0.count\" data-value=\"1\">"
                                 "<title>beta: 1 blunder at ply 5</title>"));
    free(html);
    char *md = report_file(s, "report.md");
    assert_non_null(strstr(md, "\n## Exact analysis\n\nExact analysis (analysis.jsonl): 7 moves "
                               "in 4 games, 7 graded (100.0%)."));
    assert_non_null(strstr(md, "| alpha | 4 | 100.0 | 100.0 | 25.0 | 0 | 0.00 | - | 2 |\n"
                               "| beta | 4 | 100.0 | 66.7 | 0.0 | 1 | 0.25 | 5.0 | 2 |\n"));
    free(md);
    sample_dir_destroy(s);
}

/* The reports of the four games without an analysis, each file whole. */
struct plain_reports {
    char *file[3];
};
static const char *const plain_names[3] = {"results.csv", "summary.json", "report.md"};

/* An analysis.jsonl that is not the log's, or that does not read, is left
 * out: one warning naming the file (and line), and every report as it is
 * without one. EDIT makes it from the good one at PATH. */
static void expect_left_out(const struct sample_dir *s, const struct plain_reports *plain,
                            const char *expected)
{
    char *warned = NULL;
    publish_reports(s, &warned);
    char name[192];
    snprintf(name, sizeof(name), "%s/analysis.jsonl", s->dir);
    if (strncmp(warned, "tourney: the reports", 20) != 0 ||
        strstr(warned, " leave the analysis out: ") == NULL || strstr(warned, name) == NULL ||
        strstr(warned, expected) == NULL || strchr(warned, '\n') != warned + strlen(warned) - 1) {
        fail_msg("expected one warning naming %s with '%s'; got '%s'", name, expected, warned);
    }
    free(warned);
    for (int i = 0; i < 3; i++) {
        char *now = report_file(s, plain_names[i]);
        assert_string_equal(now, plain->file[i]);
        free(now);
    }
}

static void test_reports_leave_out(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-stale", 4, 1);
    struct analysis a;
    struct plain_reports plain;
    char *warned = NULL;
    char path[256];
    char good[256];

    (void)state;
    write_log(s);
    publish_reports(s, &warned);
    assert_string_equal(warned, "");
    free(warned);
    for (int i = 0; i < 3; i++) {
        plain.file[i] = report_file(s, plain_names[i]);
        assert_null(strstr(plain.file[i], "accuracy"));
        assert_null(strstr(plain.file[i], "graded"));
    }
    char *plain_html = report_file(s, "report.html");
    assert_null(strstr(plain_html, "accuracy"));
    assert_null(strstr(plain_html, "lunder"));
    free(plain_html);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    snprintf(path, sizeof(path), "%s/analysis.jsonl", s->dir);
    snprintf(good, sizeof(good), "%s/analysis.good", s->dir);
    copy_file(path, good, 0);
    char *text = slurp(good);
    char digest[64];
    const char *at = strstr(text, "\"settings_digest\":\"");
    assert_non_null(at);
    snprintf(digest, sizeof(digest), "%.51s", at);

    /* Another tournament's (its settings digest), and one of the same
     * tournament but fewer games (as a log continued after it was
     * analysed): refused whole. */
    copy_edited(good, path, digest + 19, "00000000000000000000000000000000");
    expect_left_out(s, &plain, ", line 1: the analysis of another tournament");
    copy_file(good, path, line_end(text, 4));
    copy_edited(path, path, "\"games\":4}", "\"games\":3}");
    expect_left_out(s, &plain,
                    "the reports' figures leave the analysis out: /tmp/tourney-analysis-stale-");
    expect_left_out(s, &plain,
                    "/analysis.jsonl: an analysis of 3 games, and the log has 4 (tourney analyze "
                    "makes a new one)\n");
    /* Cut short in a line and after one, garbage, a number too large for
     * JSON, a grade its values do not make. */
    copy_file(good, path, strlen(text) - 10);
    expect_left_out(s, &plain, ", line 5: a line cut short");
    copy_file(good, path, line_end(text, 4));
    expect_left_out(s, &plain, ", line 5: fewer games than the header says");
    copy_edited(good, path, "{\"game\":2,", "#!/bin/sh\n{\"game\":2,");
    expect_left_out(s, &plain, ", line 4: not a JSON object");
    copy_edited(good, path, "\"first_ply\":4,", "\"first_ply\":99999999999999999999,");
    expect_left_out(s, &plain, ", line 2: not a JSON object");
    copy_edited(good, path, "\"after\":\"loss 2\",\"grade\":\"blunder\"",
                "\"after\":\"loss 2\",\"grade\":\"best\"");
    expect_left_out(s, &plain, ", line 3: move 1 is not a graded move");
    /* A link in its place is not read through, and stays a link. */
    unlink(path);
    assert_int_equal(symlink(good, path), 0);
    expect_left_out(s, &plain, "is a symbolic link");
    struct stat info;
    assert_int_equal(lstat(path, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
    free(text);
    for (int i = 0; i < 3; i++) {
        free(plain.file[i]);
    }
    sample_dir_destroy(s);
}

/* `tourney export` of the four games as text into a string; the messages
 * on standard error into *WARNED (both to free). */
static char *exported(const struct sample_dir *s, enum export_format format, char **warned)
{
    char *text = NULL;
    size_t size = 0;
    char *warn_text = NULL;
    size_t warn_size = 0;
    FILE *out = open_memstream(&text, &size);
    FILE *warn = open_memstream(&warn_text, &warn_size);
    assert_non_null(out);
    assert_non_null(warn);
    struct warning_stream warned_to;
    warning_stream_init(&warned_to, warn, "tourney");
    const struct export_request request = {.dir = s->dir, .format = format};
    struct error err;
    if (tourney_export(&request, NULL, TOURNEY_TEST_BUILD_ROOT, out, &warned_to.warn, &err) != 0) {
        fail_msg("%s", err.text);
    }
    fclose(out);
    fclose(warn);
    *warned = warn_text;
    return text;
}

/* The export of the four games writes each move's values as a comment
 * (the grades by hand above) when the log has an analysis, and nothing
 * else changes: without one, and in the CSV, the output is as before. */
static void test_export_comments(void **state)
{
    struct sample_dir *s = sample_dir_create("analysis-export", 4, 1);
    struct analysis a;
    char *warned;

    (void)state;
    write_log(s);
    char *plain = exported(s, EXPORT_TEXT, &warned);
    assert_string_equal(warned, "");
    free(warned);
    char *csv = exported(s, EXPORT_CSV, &warned);
    free(warned);
    struct analysis_request q = request_for(s, NULL);
    run_ok(&q, &a);
    tourney_analysis_finish(&a);
    char *text = exported(s, EXPORT_TEXT, &warned);
    assert_string_equal(warned, "");
    free(warned);
    assert_non_null(strstr(text, "[Termination \"normal\"]\n"
                                 "[Annotator \"tourney analyze: exact values for the mover\"]\n"
                                 "\n1. c1 {best: win in 1} 1-0\n"));
    assert_non_null(strstr(text, "\n1. a3?? {blunder: win in 1 -> loss in 2} "
                                 "c2 {best: win in 1} 0-1\n"));
    /* Within 79 characters, a move and its comment on one line. */
    assert_non_null(strstr(text, "\n1. a2?! {slower: win in 1 -> win in 3} "
                                 "c3 {best: loss in 2}\n2. a3 {best: win in 1} 1-0\n"));
    char *again = exported(s, EXPORT_CSV, &warned);
    assert_string_equal(again, csv);
    free(warned);
    free(again);
    /* Game 1's last move gone from the analysis: that game is exported
     * without comments, the others with theirs. */
    char path[256];
    char good[256];
    snprintf(path, sizeof(path), "%s/%s", s->dir, TOURNEY_ANALYSIS_NAME);
    snprintf(good, sizeof(good), "%s/good.jsonl", s->dir);
    assert_int_equal(rename(path, good), 0);
    copy_edited(good, path,
                ",{\"ply\":6,\"seat\":1,\"move\":\"c2\",\"before\":\"win 1\","
                "\"after\":\"win 1\",\"grade\":\"best\"}",
                "");
    again = exported(s, EXPORT_TEXT, &warned);
    assert_non_null(strstr(again, "[Termination \"normal\"]\n\n1. a3 c2 0-1\n"));
    assert_non_null(strstr(again, "\n1. c3 {best: win in 1} 1-0\n"));
    free(warned);
    free(again);
    /* Garbage: the export as without, and a line that says why. */
    write_file(path, "%s", "{\"analysis\":\"exact\",\"format\":1}\n\x01");
    again = exported(s, EXPORT_TEXT, &warned);
    assert_string_equal(again, plain);
    assert_non_null(strstr(warned, "tourney: the export leaves the analysis out: "));
    assert_non_null(strstr(warned, "analysis.jsonl, line 1: the analysis of another tournament"));
    free(warned);
    free(again);
    assert_int_equal(unlink(path), 0);
    again = exported(s, EXPORT_TEXT, &warned);
    assert_string_equal(again, plain);
    free(warned);
    free(again);
    free(text);
    free(csv);
    free(plain);
    sample_dir_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures),
        cmocka_unit_test(test_left_out),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_cache_round_trip),
        cmocka_unit_test(test_hostile_cache),
        cmocka_unit_test(test_read_back),
        cmocka_unit_test(test_hostile_analysis_file),
        cmocka_unit_test(test_report_marks),
        cmocka_unit_test(test_report_hostile_analysis),
        cmocka_unit_test(test_reports_show_figures),
        cmocka_unit_test(test_reports_leave_out),
        cmocka_unit_test(test_export_comments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
