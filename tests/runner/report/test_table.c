/*
 * Text tables: aligned columns, Markdown, and the optional columns a table
 * leaves out to fit a width, with exact output.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

/* A table with a name, three figures and a note:
 *
 *     name   a     bb  ccc  note
 *     x      1  22222    3  long text
 */
static void make(struct table *t)
{
    assert_int_equal(tourney_table_init(t, 5), 0);
    static const char *const header[] = {"name", "a", "bb", "ccc", "note"};
    static const char *const row[] = {"x", "1", "22222", "3", "long text"};
    tourney_table_row(t);
    for (size_t c = 0; c < 5; c++) {
        tourney_table_cell(t, "%s", header[c]);
    }
    tourney_table_row(t);
    for (size_t c = 0; c < 5; c++) {
        tourney_table_cell(t, "%s", row[c]);
    }
    for (size_t c = 1; c < 4; c++) {
        tourney_table_align_right(t, c);
    }
    /* The note goes first, then bb; a and ccc of equal order, ccc (the
     * rightmost) before a. */
    tourney_table_optional(t, 4, 9);
    tourney_table_optional(t, 2, 5);
    tourney_table_optional(t, 1, 2);
    tourney_table_optional(t, 3, 2);
}

/* What printing T to fit WIDTH writes, and the columns left out. */
static char *print(const struct table *t, size_t width, int expected_left_out, bool *left_out)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    assert_int_equal(tourney_table_print_fit(t, width, left_out, out), expected_left_out);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void test_fit(void **state)
{
    (void)state;
    struct table t;
    make(&t);
    bool left_out[5];
    /* All columns: 4 + 1 + 5 + 3 + 9 and 2 between each = 30 characters. */
    char *text = print(&t, 0, 0, left_out);
    assert_string_equal(text, "name  a     bb  ccc  note\n"
                              "x     1  22222    3  long text\n");
    free(text);
    text = print(&t, 30, 0, NULL);
    assert_string_equal(text, "name  a     bb  ccc  note\n"
                              "x     1  22222    3  long text\n");
    free(text);
    /* 29: the note goes (19 left). */
    text = print(&t, 29, 1, left_out);
    assert_string_equal(text, "name  a     bb  ccc\n"
                              "x     1  22222    3\n");
    assert_true(left_out[4] && !left_out[0] && !left_out[1] && !left_out[2] && !left_out[3]);
    free(text);
    /* 18: bb too (12 left). */
    text = print(&t, 18, 2, left_out);
    assert_string_equal(text, "name  a  ccc\n"
                              "x     1    3\n");
    free(text);
    /* 11: ccc, the rightmost of the two of order 2 (7 left). */
    text = print(&t, 11, 3, left_out);
    assert_string_equal(text, "name  a\n"
                              "x     1\n");
    assert_true(left_out[3] && !left_out[1]);
    free(text);
    /* 3: nothing more may go; the name stays, however wide. */
    text = print(&t, 3, 4, left_out);
    assert_string_equal(text, "name\n"
                              "x\n");
    free(text);
    /* Markdown keeps every column. */
    char *md = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&md, &size);
    assert_int_equal(tourney_table_print_markdown(&t, out), 0);
    assert_int_equal(fclose(out), 0);
    assert_string_equal(md, "| name | a | bb | ccc | note |\n"
                            "| --- | ---: | ---: | ---: | --- |\n"
                            "| x | 1 | 22222 | 3 | long text |\n");
    free(md);
    tourney_table_finish(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit),
    };
    return cmocka_run_group_tests_name("table", tests, NULL, NULL);
}
