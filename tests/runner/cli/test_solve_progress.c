/*
 * solve's progress line (solve_progress.h): on a clock of the test's own,
 * that it waits for a slow search, is redrawn in place at its period and
 * says the time and, with a file, the line and the positions solved; that
 * stderr written through it clears the line first; that stopping clears it
 * and draws nothing more; and that nothing is ever drawn when not live
 * (stderr not a terminal, or --quiet).
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve_progress.h"

#define SECOND UINT64_C(1000000000)
#define START (7 * SECOND)

/* stderr as the test sees it. */
struct terminal {
    FILE *file;
    char *bytes;
    size_t size;
};

static void open_terminal(struct terminal *t)
{
    t->bytes = NULL;
    t->size = 0;
    t->file = open_memstream(&t->bytes, &t->size);
    assert_non_null(t->file);
}

static const char *shown(struct terminal *t)
{
    fflush(t->file);
    return t->bytes;
}

static void close_terminal(struct terminal *t)
{
    fclose(t->file);
    free(t->bytes);
}

static void test_waits_then_redraws_in_place(void **state)
{
    (void)state;
    struct terminal t;
    struct solve_progress p;
    open_terminal(&t);
    tourney_solve_progress_init(&p, t.file, true, false, START);
    assert_true(p.live);
    assert_false(tourney_solve_progress_due(&p, START));
    assert_false(tourney_solve_progress_due(&p, START + SOLVE_PROGRESS_DELAY_NS - 1));
    assert_true(tourney_solve_progress_due(&p, START + SOLVE_PROGRESS_DELAY_NS));
    tourney_solve_progress_draw(&p, START + SOLVE_PROGRESS_DELAY_NS);
    assert_string_equal(shown(&t), "\rsolving: 0.5 s\033[K");
    uint64_t next = START + SOLVE_PROGRESS_DELAY_NS + SOLVE_PROGRESS_PERIOD_NS;
    assert_false(tourney_solve_progress_due(&p, next - 1));
    assert_true(tourney_solve_progress_due(&p, next));
    /* 52.25 s into a search. */
    tourney_solve_progress_draw(&p, START + 52 * SECOND + SECOND / 4);
    assert_string_equal(shown(&t), "\rsolving: 0.5 s\033[K\rsolving: 52.2 s\033[K");
    tourney_solve_progress_finish(&p);
    assert_string_equal(shown(&t), "\rsolving: 0.5 s\033[K\rsolving: 52.2 s\033[K\r\033[K");
    close_terminal(&t);
}

static void test_file_text(void **state)
{
    (void)state;
    struct solve_progress p;
    char line[160];
    tourney_solve_progress_init(&p, stderr, false, true, START);
    tourney_solve_progress_position(&p, 40, 37, 1577123);
    tourney_solve_progress_text(&p, START + 12 * SECOND + 3 * SECOND / 10, line, sizeof(line));
    assert_string_equal(line, "solving line 40: 12.3 s, 37 positions solved (1577123 nodes)");
    tourney_solve_progress_position(&p, 3, 1, 9);
    tourney_solve_progress_text(&p, START + SECOND, line, sizeof(line));
    assert_string_equal(line, "solving line 3: 1.0 s, 1 position solved (9 nodes)");
    tourney_solve_progress_finish(&p);
}

static void test_messages_clear_the_line_first(void **state)
{
    (void)state;
    struct terminal t;
    struct solve_progress p;
    open_terminal(&t);
    tourney_solve_progress_init(&p, t.file, true, false, START);
    assert_ptr_not_equal(p.stream, t.file);
    tourney_solve_progress_draw(&p, START + SECOND);
    fprintf(p.stream, "tourney solve: %s\n", "a message");
    /* Once cleared, the next message is written as it is. */
    fputs("tourney solve: another\n", p.stream);
    assert_string_equal(shown(&t), "\rsolving: 1.0 s\033[K\r\033[Ktourney solve: a message\n"
                                   "tourney solve: another\n");
    tourney_solve_progress_finish(&p);
    close_terminal(&t);
}

static void test_stopped_draws_no_more(void **state)
{
    (void)state;
    struct terminal t;
    struct solve_progress p;
    open_terminal(&t);
    tourney_solve_progress_init(&p, t.file, true, false, START);
    tourney_solve_progress_draw(&p, START + SECOND);
    tourney_solve_progress_stop(&p);
    assert_string_equal(shown(&t), "\rsolving: 1.0 s\033[K\r\033[K");
    assert_false(tourney_solve_progress_due(&p, START + 60 * SECOND));
    /* stderr still reaches the terminal after the result. */
    fputs("tourney solve: late\n", p.stream);
    tourney_solve_progress_stop(&p);
    tourney_solve_progress_finish(&p);
    assert_string_equal(shown(&t), "\rsolving: 1.0 s\033[K\r\033[Ktourney solve: late\n");
    close_terminal(&t);
}

static void test_not_live_draws_nothing(void **state)
{
    (void)state;
    struct terminal t;
    struct solve_progress p;
    open_terminal(&t);
    tourney_solve_progress_init(&p, t.file, false, true, START);
    assert_false(p.live);
    assert_ptr_equal(p.stream, t.file);
    assert_false(tourney_solve_progress_due(&p, START + 60 * SECOND));
    tourney_solve_progress_run(&p);
    assert_false(p.running);
    fputs("tourney solve: a message\n", p.stream);
    tourney_solve_progress_finish(&p);
    assert_string_equal(shown(&t), "tourney solve: a message\n");
    close_terminal(&t);
}

/* The real thread, on the real clock: however soon or late it is stopped,
 * the terminal is left with no line on it. */
static void test_thread_leaves_the_line_cleared(void **state)
{
    (void)state;
    struct terminal t;
    struct solve_progress p;
    open_terminal(&t);
    /* Started long ago: the line is due at once. */
    tourney_solve_progress_init(&p, t.file, true, false, 0);
    tourney_solve_progress_run(&p);
    assert_true(p.running);
    for (int i = 0; i < 100; i++) {
        fputs("tourney solve: a message\n", p.stream);
    }
    /* Until the thread has drawn the line after them (10 ms a look, for
     * a minute at most: a slow machine, valgrind). */
    bool drawn = false;
    for (int i = 0; i < 6000 && !drawn; i++) {
        pthread_mutex_lock(&p.lock);
        drawn = p.drawn;
        pthread_mutex_unlock(&p.lock);
        if (!drawn) {
            nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
        }
    }
    assert_true(drawn);
    tourney_solve_progress_finish(&p);
    assert_false(p.running);
    const char *text = shown(&t);
    size_t length = strlen(text);
    assert_non_null(strstr(text, "tourney solve: a message\n\rsolving: "));
    assert_true(length >= 4);
    assert_string_equal(text + length - 4, "\r\033[K");
    close_terminal(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_waits_then_redraws_in_place),
        cmocka_unit_test(test_file_text),
        cmocka_unit_test(test_messages_clear_the_line_first),
        cmocka_unit_test(test_stopped_draws_no_more),
        cmocka_unit_test(test_not_live_draws_nothing),
        cmocka_unit_test(test_thread_leaves_the_line_cleared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
