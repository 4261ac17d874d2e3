/*
 * The JSON writer of the results log's lines against jansson, whose compact
 * dump the log's format was defined by (and whose parser checks every line
 * read back): the same bytes for the same values, and the same texts
 * refused as not UTF-8.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json_out.h"
#include "rng.h"

/* TEXT as a JSON string by the writer; NULL when the writer refused it. */
static char *written_string(const char *text)
{
    struct json_out out;
    tourney_json_out_init(&out, 4);
    tourney_json_out_string(&out, text);
    return tourney_json_out_take(&out);
}

/* TEXT as jansson dumps it; NULL when jansson refuses it. */
static char *jansson_string(const char *text)
{
    json_t *value = json_string(text);
    char *dumped = value ? json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    json_decref(value);
    return dumped;
}

static void assert_same_as_jansson(const char *text)
{
    char *mine = written_string(text);
    char *theirs = jansson_string(text);
    if (theirs == NULL) {
        assert_null(mine);
    } else {
        assert_non_null(mine);
        assert_string_equal(mine, theirs);
    }
    free(mine);
    free(theirs);
}

static void test_strings_are_escaped_as_jansson_escapes_them(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "",
        "plain text, with spaces/slashes",
        "\"quoted\" and \\back\\slashed",
        "\b\f\n\r\t",
        "\x01\x02\x1f\x7f",
        "caf\xc3\xa9",                   /* 2 bytes */
        "\xe2\x82\xac and \xe2\x80\xa8", /* 3 bytes, U+2028 as it is */
        "\xf0\x9f\x98\x80",              /* 4 bytes */
        "\xf4\x8f\xbf\xbf",              /* U+10FFFF, the last there is */
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        char *mine = written_string(texts[i]);
        assert_non_null(mine);
        free(mine);
        assert_same_as_jansson(texts[i]);
    }
    char *escaped = written_string("a\"b\\c\nd\x01\x1f");
    assert_string_equal(escaped, "\"a\\\"b\\\\c\\nd\\u0001\\u001F\"");
    free(escaped);
}

static void test_text_that_is_not_utf8_is_refused(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "\x80",              /* a continuation byte alone */
        "\xc0\x80",          /* overlong NUL */
        "\xc1\xbf",          /* overlong ASCII */
        "\xe0\x80\x80",      /* overlong, 3 bytes */
        "\xf0\x80\x80\x80",  /* overlong, 4 bytes */
        "\xed\xa0\x80",      /* a surrogate */
        "\xf4\x90\x80\x80",  /* past U+10FFFF */
        "\xf5\x80\x80\x80",  /* no such lead byte */
        "ok \xe2\x82",       /* cut short at the end */
        "\xe2\x82 and more", /* cut short inside */
    };
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        char *mine = written_string(texts[i]);
        assert_null(mine);
        char *theirs = jansson_string(texts[i]);
        assert_null(theirs);
    }
}

/* Short texts of bytes drawn from the places where UTF-8 and escaping have
 * their edges, against jansson: a difference anywhere shows here. */
static void test_random_texts_match_jansson(void **state)
{
    (void)state;
    static const unsigned char edges[] = {
        0x01, 0x08, 0x09, 0x0a, 0x1f, 0x20, '"',  '\\', '/',  'a',  0x7f, 0x80, 0x8f, 0x90,
        0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff};
    struct rng rng = {2026};
    int accepted = 0;
    for (int round = 0; round < 20000; round++) {
        char text[9];
        size_t length = (size_t)(tourney_rng_next(&rng) % 9);
        for (size_t i = 0; i < length; i++) {
            text[i] = (char)edges[tourney_rng_next(&rng) % sizeof(edges)];
        }
        text[length] = '\0';
        char *mine = written_string(text);
        accepted += mine != NULL;
        free(mine);
        assert_same_as_jansson(text);
    }
    /* Both outcomes were exercised. */
    assert_in_range(accepted, 1000, 19000);
}

static void test_numbers_and_structure_match_jansson(void **state)
{
    (void)state;
    struct json_out out;
    tourney_json_out_init(&out, 1);
    tourney_json_out_open_object(&out);
    tourney_json_out_key(&out, "numbers");
    tourney_json_out_open_array(&out);
    static const int64_t numbers[] = {0, 1, -1, 9, 10, -10, 99, 100, INT64_MAX, INT64_MIN};
    for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
        tourney_json_out_int(&out, numbers[i]);
    }
    tourney_json_out_close_array(&out);
    tourney_json_out_key(&out, "empty");
    tourney_json_out_open_array(&out);
    tourney_json_out_close_array(&out);
    tourney_json_out_key(&out, "nested");
    tourney_json_out_open_array(&out);
    tourney_json_out_open_object(&out);
    tourney_json_out_close_object(&out);
    tourney_json_out_null(&out);
    tourney_json_out_string_or_null(&out, NULL);
    tourney_json_out_string_or_null(&out, "x");
    tourney_json_out_open_object(&out);
    tourney_json_out_key(&out, "k");
    tourney_json_out_int(&out, 3);
    tourney_json_out_key(&out, "l");
    tourney_json_out_raw_value(&out, "true", 4);
    /* Keys that need an escape, or are not ASCII, take the long way. */
    tourney_json_out_key(&out, "q\"\n\\");
    tourney_json_out_int(&out, 4);
    tourney_json_out_key(&out, "\xc3\xa9t\xc3\xa9");
    tourney_json_out_int(&out, 5);
    tourney_json_out_close_object(&out);
    tourney_json_out_close_array(&out);
    tourney_json_out_close_object(&out);
    char *mine = tourney_json_out_take(&out);

    json_t *expected =
        json_pack("{s:[I,I,I,I,I,I,I,I,I,I], s:[], s:[{}, n, n, s, {s:i, s:b, s:i, s:i}]}",
                  "numbers", (json_int_t)0, (json_int_t)1, (json_int_t)-1, (json_int_t)9,
                  (json_int_t)10, (json_int_t)-10, (json_int_t)99, (json_int_t)100,
                  (json_int_t)INT64_MAX, (json_int_t)INT64_MIN, "empty", "nested", "x", "k", 3,
                  "l", 1, "q\"\n\\", 4, "\xc3\xa9t\xc3\xa9", 5);
    assert_non_null(expected);
    char *theirs = json_dumps(expected, JSON_COMPACT);
    assert_string_equal(mine, theirs);
    free(mine);
    free(theirs);
    json_decref(expected);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings_are_escaped_as_jansson_escapes_them),
        cmocka_unit_test(test_text_that_is_not_utf8_is_refused),
        cmocka_unit_test(test_random_texts_match_jansson),
        cmocka_unit_test(test_numbers_and_structure_match_jansson),
    };
    return cmocka_run_group_tests_name("json_out", tests, NULL, NULL);
}
