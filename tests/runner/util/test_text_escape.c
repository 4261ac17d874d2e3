/*
 * test_text_escape.c - text from outside written for a terminal, Markdown
 * and CSV: control characters and stray bytes as \xHH, each format's own
 * syntax escaped, exactly.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text_escape.h"

/* What WRITE makes of TEXT. */
static char *written(void (*write)(FILE *out, const char *text), const char *text)
{
    char *buffer = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buffer, &size);
    assert_non_null(out);
    write(out, text);
    fclose(out);
    return buffer;
}

static void terminal_line(FILE *out, const char *text)
{
    tourney_terminal_text(out, text, false);
}

static void terminal_lines(FILE *out, const char *text)
{
    tourney_terminal_text(out, text, true);
}

/* A message: the prefix as it is, the reason escaped, one line. */
static void terminal_message(FILE *out, const char *text)
{
    tourney_terminal_say(out, "tourney:\t", text);
}

static void assert_written(void (*write)(FILE *out, const char *text), const char *text,
                           const char *expected)
{
    char *out = written(write, text);
    assert_string_equal(out, expected);
    free(out);
}

static void test_terminal(void **state)
{
    (void)state;
    assert_written(terminal_line, "plain \xc3\xa9t\xc3\xa9", "plain \xc3\xa9t\xc3\xa9");
    assert_written(terminal_line, "\x1b[2J\x1b]0;owned\x07", "\\x1b[2J\\x1b]0;owned\\x07");
    assert_written(terminal_line, "a\nb\tc\rd\x7f", "a\\x0ab\\x09c\\x0dd\\x7f");
    /* A C1 control (CSI), and bytes that are not UTF-8. */
    assert_written(terminal_line,
                   "\xc2\x9b"
                   "2J \xff\xc3",
                   "\\xc2\\x9b2J \\xff\\xc3");
    assert_written(terminal_lines, "a\nb\tc\r", "a\nb\tc\\x0d");
    assert_written(terminal_message, "no '\x1b[2J'\nforged",
                   "tourney:\tno '\\x1b[2J'\\x0aforged\n");
    char out[12];
    tourney_terminal_copy(out, 10, "ab\x1b\x1b");
    assert_string_equal(out, "ab\\x1b");
    tourney_terminal_copy(out, 11, "abcdefghi\xc3\xa9");
    assert_string_equal(out, "abcdefghi");
}

static void test_markdown(void **state)
{
    (void)state;
    assert_written(tourney_markdown_text, "first-open", "first-open");
    assert_written(tourney_markdown_text, "tie_break = lowest", "tie_break = lowest");
    assert_written(tourney_markdown_text, "x |\n| forged | row |",
                   "x \\|\\x0a\\| forged \\| row \\|");
    assert_written(tourney_markdown_text, "[a](javascript:x) <b> & `c` *d* _e_ ~f~ \\",
                   "\\[a\\](javascript:x) \\<b\\> \\& \\`c\\` \\*d\\* \\_e\\_ \\~f\\~ \\\\");
    assert_written(tourney_markdown_code, "bad-\xff-name", "`bad-\\xff-name`");
    assert_written(tourney_markdown_code, "a`b``c", "```a`b``c```");
    assert_written(tourney_markdown_code, "`x\n", "`` `x\\x0a ``");
}

static void test_csv(void **state)
{
    (void)state;
    assert_written(tourney_csv_field, "plain", "plain");
    assert_written(tourney_csv_field, "a,b", "\"a,b\"");
    assert_written(tourney_csv_field, "say \"hi\"", "\"say \"\"hi\"\"\"");
    assert_written(tourney_csv_field, "row\nforged,1", "\"row\\x0aforged,1\"");
    assert_written(tourney_csv_field, "\x1b[31m\xff", "\\x1b[31m\\xff");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terminal),
        cmocka_unit_test(test_markdown),
        cmocka_unit_test(test_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
