/*
 * test_text_bytes.c - any bytes an agent sends kept as UTF-8: stray bytes
 * escaped as \xHH and read back byte for byte, backslashes doubled only
 * where they would be read as an escape, and text cut only between
 * characters.
 */
#include "test.h"

#include <string.h>

#include "text_bytes.h"

/* BYTES (LENGTH of them) escape to EXPECTED and read back as themselves. */
static void assert_escape(const char *bytes, size_t length, const char *expected)
{
    char out[256];
    size_t written = tourney_text_escape(out, sizeof(out), bytes, length);
    assert_string_equal(out, expected);
    assert_int_equal(written, strlen(expected));
    assert_true(tourney_utf8_valid(out, written));
    char back[256];
    assert_int_equal(tourney_text_unescape(back, out), length);
    assert_memory_equal(back, bytes, length);
}

static void test_valid_text_is_kept(void **state)
{
    (void)state;
    assert_escape("plain", 5, "plain");
    assert_escape("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14,
                  "\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
    /* Control characters are valid UTF-8: JSON escapes them itself. */
    assert_escape("a\x1b[31m\n", 7, "a\x1b[31m\n");
    /* A backslash stays single where it cannot be read as an escape. */
    assert_escape("C:\\temp\\", 8, "C:\\temp\\");
}

static void test_stray_bytes_are_escaped(void **state)
{
    (void)state;
    assert_escape("\xff", 1, "\\xff");
    assert_escape("move-text \xff", 11, "move-text \\xff");
    /* Half of a character, a surrogate, an overlong form, past U+10FFFF. */
    assert_escape("a\xc3", 2, "a\\xc3");
    assert_escape("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");
    assert_escape("\xc0\xaf", 2, "\\xc0\\xaf");
    assert_escape("\xf4\x90\x80\x80", 4, "\\xf4\\x90\\x80\\x80");
    /* NUL, which a C string would stop at. */
    assert_escape("a\0b", 3, "a\\x00b");
}

static void test_backslashes_that_would_read_as_escapes(void **state)
{
    (void)state;
    /* An agent that sends the text of an escape gets it back as text. */
    assert_escape("\\xff", 4, "\\\\xff");
    assert_escape("\\\\", 2, "\\\\\\");
    assert_escape("\\\xff", 2, "\\\\\\xff");
    assert_escape("a\\", 2, "a\\");
}

static void test_escape_cuts_between_units(void **state)
{
    (void)state;
    char out[8];
    /* "ab" + \xff (4) fits 6 of 7; the next character would not. */
    assert_int_equal(tourney_text_escape(out, sizeof(out), "ab\xff\xc3\xa9", 5), 6);
    assert_string_equal(out, "ab\\xff");
    assert_int_equal(tourney_text_escape(out, 5, "abc\xff", 4), 3);
    assert_string_equal(out, "abc");
    assert_int_equal(tourney_text_escape(out, 4, "a\xe2\x82\xac", 4), 1);
    assert_string_equal(out, "a");
}

static void test_escape_tail_keeps_the_end(void **state)
{
    (void)state;
    char out[8];
    assert_int_equal(tourney_text_escape_tail(out, sizeof(out), "abcdef\xff", 7), 7);
    assert_string_equal(out, "def\\xff");
    assert_int_equal(tourney_text_escape_tail(out, sizeof(out), "xyz", 3), 3);
    assert_string_equal(out, "xyz");
    assert_int_equal(tourney_text_escape_tail(out, 4, "ab\xe2\x82\xac", 5), 3);
    assert_string_equal(out, "\xe2\x82\xac");
}

static void test_cut_at_a_character(void **state)
{
    (void)state;
    const char *text = "ab\xc3\xa9\xe2\x82\xac";
    assert_int_equal(tourney_utf8_cut(text, 7, 7), 7);
    assert_int_equal(tourney_utf8_cut(text, 7, 6), 4);
    assert_int_equal(tourney_utf8_cut(text, 7, 5), 4);
    assert_int_equal(tourney_utf8_cut(text, 7, 3), 2);
    /* A stray byte is a unit of its own. */
    assert_int_equal(tourney_utf8_cut("a\xff\xffz", 4, 2), 2);
    assert_int_equal(tourney_utf8_prefix("aaa\xc3\xa9", 4), 3);
    assert_int_equal(tourney_utf8_prefix("aaa\xc3\xa9", 5), 5);
    assert_int_equal(tourney_utf8_prefix("aa", 40), 2);
    char out[5];
    tourney_text_copy(out, sizeof(out), "abc\xc3\xa9");
    assert_string_equal(out, "abc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_text_is_kept),
        cmocka_unit_test(test_stray_bytes_are_escaped),
        cmocka_unit_test(test_backslashes_that_would_read_as_escapes),
        cmocka_unit_test(test_escape_cuts_between_units),
        cmocka_unit_test(test_escape_tail_keeps_the_end),
        cmocka_unit_test(test_cut_at_a_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
