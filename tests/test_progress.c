/*
 * The progress line: its text, when the plain style writes a line, that the
 * live style redraws in place and ends its line, that --verbose adds a line
 * per game, and when colours are allowed (a terminal, no NO_COLOR).
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"

#define SECOND UINT64_C(1000000000)

static void test_colour_rules(void **state)
{
    (void)state;
    assert_true(tourney_progress_colour_ok(true, NULL));
    assert_true(tourney_progress_colour_ok(true, ""));
    assert_false(tourney_progress_colour_ok(true, "1"));
    assert_false(tourney_progress_colour_ok(false, NULL));
}

static void test_text(void **state)
{
    (void)state;
    struct progress p;
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 400, 0, 0);
    p.done = 96;
    char line[256];
    /* 96 games in 2 s: 48 games/s, 304 left take 6.33 s: "0:06". */
    tourney_progress_text(&p, 2 * SECOND, "negamax", 0.75, line, sizeof(line));
    assert_string_equal(line, " 96/400 games ( 24.0%)  48.0 games/s  ETA 0:06  leader: negamax "
                              "75.0%");
    /* Resumed with 100 games already in the log: only this run's count. */
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 400, 100, 0);
    p.done = 400;
    tourney_progress_text(&p, 3725 * SECOND, NULL, 0.0, line, sizeof(line));
    assert_string_equal(line, "400/400 games (100.0%)  0.1 games/s  took 1:02:05  leader: - 0.0%");
}

/* Runs GAMES games at the given times through a progress of STYLE and
 * returns what it wrote (free it). */
static char *drive(enum progress_style style, bool verbose, const uint64_t *times, size_t games)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    struct progress p;
    tourney_progress_init(&p, out, style, true, verbose, games, 0, 0);
    for (size_t i = 0; i < games; i++) {
        tourney_progress_game(&p, times[i], "a", 0.5, "game line");
    }
    tourney_progress_finish(&p, times[games - 1]);
    fclose(out);
    return text;
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *at = strstr(text, what); at != NULL; at = strstr(at + 1, what)) {
        n++;
    }
    return n;
}

static void test_plain_and_live(void **state)
{
    (void)state;
    /* Games at 0.5 s, 1 s, 11 s, 12 s, 30 s: plain lines for the first, the
     * one 10 s after it, and the last. */
    const uint64_t times[] = {SECOND / 2, SECOND, 11 * SECOND, 12 * SECOND, 30 * SECOND};
    char *plain = drive(PROGRESS_PLAIN, false, times, 5);
    assert_int_equal(count(plain, "\n"), 3);
    assert_int_equal(count(plain, "\r"), 0);
    assert_int_equal(count(plain, "\033["), 0); /* never colours in a file */
    assert_non_null(strstr(plain, "1/5 games"));
    assert_non_null(strstr(plain, "3/5 games"));
    assert_non_null(strstr(plain, "5/5 games"));
    free(plain);
    /* Live: redrawn in place (more than 0.1 s apart: every game here), in
     * colour, one line break at the end. */
    char *live = drive(PROGRESS_LIVE, false, times, 5);
    assert_int_equal(count(live, "\r\033[K"), 5);
    assert_int_equal(count(live, "\n"), 1);
    assert_int_equal(count(live, "\033[32m"), 5);
    free(live);
    /* Verbose: a line per game besides. */
    char *verbose = drive(PROGRESS_PLAIN, true, times, 5);
    assert_int_equal(count(verbose, "game line\n"), 5);
    free(verbose);
    /* Off: nothing at all. */
    char *off = drive(PROGRESS_OFF, true, times, 5);
    assert_true(off == NULL || off[0] == '\0');
    free(off);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_colour_rules),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_plain_and_live),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
