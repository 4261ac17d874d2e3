/*
 * The progress line: its text, when the plain style writes a line, that the
 * live style redraws in place and ends its line, that --verbose adds a line
 * per game, and when colours are allowed (a terminal, no NO_COLOR); on a
 * clock of the test's own, that the rate and time left wait for a few games
 * over a few seconds, when the leaders' ratings are fitted, and how the
 * leaders are ranked, written and fitted to the terminal's width.
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
    /* No agent surely ahead: no leader named. */
    assert_string_equal(line,
                        "400/400 games (100.0%)  0.1 games/s  took 1:02:05  leader: none yet");
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

static void test_rate_waits_for_games(void **state)
{
    (void)state;
    struct progress p;
    char line[256];
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 400, 0, 10 * SECOND);
    /* One game in half a second says nothing yet. */
    tourney_progress_game(&p, 10 * SECOND + SECOND / 2, NULL, 0.0, NULL);
    assert_false(tourney_progress_rate_known(&p, 10 * SECOND + SECOND / 2));
    tourney_progress_text(&p, 10 * SECOND + SECOND / 2, "a", 1.0, line, sizeof(line));
    assert_string_equal(line, "  1/400 games (  0.2%)  - games/s  ETA ?  leader: a 100.0%");
    /* Four more, but within 2 s of the start: still nothing. */
    for (int i = 0; i < 4; i++) {
        tourney_progress_game(&p, 11 * SECOND, NULL, 0.0, NULL);
    }
    assert_false(tourney_progress_rate_known(&p, 11 * SECOND));
    assert_false(tourney_progress_rate_known(&p, 12 * SECOND - 1));
    /* Five games over 2 s: 2.5 games/s, 395 left take 158 s. */
    assert_true(tourney_progress_rate_known(&p, 12 * SECOND));
    tourney_progress_text(&p, 12 * SECOND, "a", 1.0, line, sizeof(line));
    assert_string_equal(line, "  5/400 games (  1.2%)  2.5 games/s  ETA 2:38  leader: a 100.0%");
    /* Many seconds but four games: nothing. */
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 400, 0, 0);
    for (int i = 0; i < 4; i++) {
        tourney_progress_game(&p, 60 * SECOND, NULL, 0.0, NULL);
    }
    assert_false(tourney_progress_rate_known(&p, 600 * SECOND));
    /* A resumed run counts only its own games. */
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 400, 100, 0);
    for (int i = 0; i < 4; i++) {
        tourney_progress_game(&p, 5 * SECOND, NULL, 0.0, NULL);
    }
    assert_false(tourney_progress_rate_known(&p, 5 * SECOND));
    tourney_progress_game(&p, 5 * SECOND, NULL, 0.0, NULL);
    assert_true(tourney_progress_rate_known(&p, 5 * SECOND));
    /* A run that is over always says how long it took. */
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 2, 0, 0);
    tourney_progress_game(&p, SECOND / 10, NULL, 0.0, NULL);
    tourney_progress_game(&p, SECOND / 5, NULL, 0.0, NULL);
    tourney_progress_text(&p, SECOND / 5, "b", 0.5, line, sizeof(line));
    assert_string_equal(line, "2/2 games (100.0%)  10.0 games/s  took 0:00  leader: b 50.0%");
}

/* A field of four with made-up ratings, and the fits asked for. */
struct field {
    struct rating ratings[4];
    struct ratings fit;
    uint64_t fitted_at[16];
    size_t fits;
};

static const char *const field_names[] = {"alpha", "beta", "gamma", "delta"};

static struct elo_value finite(double value)
{
    return (struct elo_value){.kind = ELO_FINITE, .value = value};
}

static void fake_fit(void *context, struct progress *p, uint64_t now_ns)
{
    struct field *f = context;
    assert_true(f->fits < 16);
    f->fitted_at[f->fits++] = now_ns;
    tourney_progress_set_ratings(p, now_ns, field_names, &f->fit);
}

static void field_init(struct field *f)
{
    memset(f, 0, sizeof(*f));
    /* alpha 0 (the anchor), beta +120 in [+85, +155], gamma beyond the cap,
     * delta -41.6 in [-90.2, +7]. */
    f->ratings[0] = (struct rating){.elo = finite(0), .low = finite(0), .high = finite(0)};
    f->ratings[1] = (struct rating){.elo = finite(120), .low = finite(85), .high = finite(155)};
    f->ratings[2] = (struct rating){
        .elo = {.kind = ELO_ABOVE}, .low = finite(700), .high = {.kind = ELO_ABOVE}};
    f->ratings[3] = (struct rating){.elo = finite(-41.6), .low = finite(-90.2), .high = finite(7)};
    f->fit.agent_count = 4;
    f->fit.agents = f->ratings;
}

static void test_ratings_due(void **state)
{
    (void)state;
    struct field f;
    field_init(&f);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    struct progress p;
    tourney_progress_init(&p, out, PROGRESS_LIVE, false, false, 40, 0, 0);
    tourney_progress_rate_with(&p, fake_fit, &f);
    /* Games every 0.25 s: the rate is known at the 8th (2 s, 8 games),
     * then the ratings are fitted every 3 s, and for the last game. */
    for (uint64_t g = 1; g <= 40; g++) {
        tourney_progress_game(&p, g * SECOND / 4, "alpha", 0.5, NULL);
    }
    tourney_progress_finish(&p, 10 * SECOND);
    fclose(out);
    assert_int_equal(f.fits, 4);
    assert_int_equal(f.fitted_at[0], 8 * SECOND / 4);
    assert_int_equal(f.fitted_at[1], 20 * SECOND / 4);
    assert_int_equal(f.fitted_at[2], 32 * SECOND / 4);
    assert_int_equal(f.fitted_at[3], 40 * SECOND / 4);
    /* Before the first fit the leader by score, after it the leaders. */
    assert_non_null(strstr(text, " 7/40 games ( 17.5%)  - games/s  ETA ?  leader: alpha 50.0%"));
    assert_non_null(strstr(text, "40/40 games (100.0%)  4.0 games/s  took 0:10  leaders: gamma "
                                 ">+800, beta +120\u00b135, alpha 0\n"));
    free(text);

    /* The plain style never fits. */
    field_init(&f);
    tourney_progress_init(&p, stderr, PROGRESS_PLAIN, false, false, 40, 0, 0);
    tourney_progress_rate_with(&p, fake_fit, &f);
    assert_false(tourney_progress_ratings_due(&p, 100 * SECOND));
    p.style = PROGRESS_OFF;
    assert_false(tourney_progress_ratings_due(&p, 100 * SECOND));
    assert_int_equal(f.fits, 0);
}

static void test_leaders(void **state)
{
    (void)state;
    struct field f;
    field_init(&f);
    struct progress p;
    char line[256];
    tourney_progress_init(&p, stderr, PROGRESS_LIVE, false, false, 400, 0, 0);
    p.done = 100;
    /* Unknown ratings are no leaders; below the cap comes last. */
    f.ratings[0].elo.kind = ELO_UNKNOWN;
    f.ratings[2] = (struct rating){.elo = {.kind = ELO_BELOW}};
    tourney_progress_set_ratings(&p, 0, field_names, &f.fit);
    assert_int_equal(p.leader_count, 3);
    assert_string_equal(p.leaders[0], "beta +120\u00b135");
    assert_string_equal(p.leaders[1], "delta -42\u00b149");
    assert_string_equal(p.leaders[2], "gamma <-800");
    tourney_progress_text(&p, 10 * SECOND, NULL, 0.0, line, sizeof(line));
    assert_string_equal(line, "100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  leaders: beta "
                              "+120\u00b135, delta -42\u00b149, gamma <-800");
    /* A terminal of 84 columns has room for two of them (83 characters). */
    p.width = 84;
    tourney_progress_text(&p, 10 * SECOND, NULL, 0.0, line, sizeof(line));
    assert_string_equal(line, "100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  leaders: beta "
                              "+120\u00b135, delta -42\u00b149");
    p.width = 83;
    tourney_progress_text(&p, 10 * SECOND, NULL, 0.0, line, sizeof(line));
    assert_string_equal(line, "100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  leaders: beta "
                              "+120\u00b135");
    /* Ties keep the field's order; only the best three are kept. */
    field_init(&f);
    f.ratings[0].elo = finite(120);
    f.ratings[2].elo = finite(-200);
    tourney_progress_set_ratings(&p, 0, field_names, &f.fit);
    assert_int_equal(p.leader_count, 3);
    assert_string_equal(p.leaders[0], "alpha +120");
    assert_string_equal(p.leaders[1], "beta +120\u00b135");
    assert_string_equal(p.leaders[2], "delta -42\u00b149");
    /* No one rated: the leader by score again. */
    for (size_t i = 0; i < 4; i++) {
        f.ratings[i].elo.kind = ELO_UNKNOWN;
    }
    tourney_progress_set_ratings(&p, 0, field_names, &f.fit);
    assert_int_equal(p.leader_count, 0);
    tourney_progress_text(&p, 10 * SECOND, "beta", 0.25, line, sizeof(line));
    assert_string_equal(line,
                        "100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  leader: beta 25.0%");
}

/* A live line never wraps: cut to the terminal's width, never within a
 * character. */
static void test_live_line_fits(void **state)
{
    (void)state;
    struct field f;
    field_init(&f);
    f.ratings[2].elo.kind = ELO_BELOW;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    struct progress p;
    tourney_progress_init(&p, out, PROGRESS_LIVE, false, false, 400, 0, 0);
    p.done = 99;
    tourney_progress_set_ratings(&p, 0, field_names, &f.fit);
    /* The line of 100 games at 10 s is 69 columns with its first leader,
     * "beta +120\u00b135": a terminal of 68 shows 67 of them, the "\u00b1"
     * whole; one of 67 shows 66, up to it. */
    p.width = 68;
    tourney_progress_game(&p, 10 * SECOND, NULL, 0.0, NULL);
    p.done--;
    p.last_ns = 0; /* drawn again at once */
    p.width = 67;
    tourney_progress_game(&p, 10 * SECOND, NULL, 0.0, NULL);
    tourney_progress_finish(&p, 10 * SECOND);
    fclose(out);
    assert_string_equal(text, "\r\033[K100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  "
                              "leaders: beta +120\u00b1"
                              "\r\033[K100/400 games ( 25.0%)  10.0 games/s  ETA 0:30  "
                              "leaders: beta +120\n");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_colour_rules),   cmocka_unit_test(test_text),
        cmocka_unit_test(test_plain_and_live), cmocka_unit_test(test_rate_waits_for_games),
        cmocka_unit_test(test_ratings_due),    cmocka_unit_test(test_leaders),
        cmocka_unit_test(test_live_line_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
