/*
 * test_error.c - the one error type: set (also from a va_list), prefix, errno, NULL
 * and truncation.
 */
#include "test.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "error.h"

static void test_set_and_prefix(void **state)
{
    (void)state;
    struct error err;
    tourney_error_clear(&err);
    assert_false(tourney_error_is_set(&err));
    assert_int_equal(tourney_error_set(&err, "bad value '%s'", "x"), -1);
    assert_true(tourney_error_is_set(&err));
    assert_int_equal(tourney_error_prefix(&err, "%s:%d", "a.ini", 3), -1);
    assert_string_equal(err.text, "a.ini:3: bad value 'x'");
    assert_int_equal(tourney_error_prefix(&err, "config"), -1);
    assert_string_equal(err.text, "config: a.ini:3: bad value 'x'");
}

static void test_prefix_without_reason_is_the_reason(void **state)
{
    (void)state;
    struct error err;
    tourney_error_clear(&err);
    tourney_error_prefix(&err, "cannot start");
    assert_string_equal(err.text, "cannot start");
}

static void test_errno_is_the_one_on_entry(void **state)
{
    (void)state;
    struct error err;
    errno = ENOENT;
    assert_int_equal(tourney_error_set_errno(&err, "cannot open %s", "f"), -1);
    assert_string_equal(err.text, "cannot open f: No such file or directory");
    assert_int_equal(tourney_error_nomem(&err), -1);
    assert_string_equal(err.text, "out of memory");
}

/* A function of its own that takes a format, as a caller would write one. */
__attribute__((format(printf, 2, 3))) static int fail_with(struct error *err, const char *format,
                                                           ...)
{
    va_list args;
    va_start(args, format);
    int status = tourney_error_vset(err, format, args);
    va_end(args);
    return status;
}

static void test_vset_takes_the_arguments_given(void **state)
{
    (void)state;
    struct error err;
    tourney_error_clear(&err);
    assert_int_equal(fail_with(&err, "game %d ended %s", 12, "two workers"), -1);
    assert_string_equal(err.text, "game 12 ended two workers");
    assert_int_equal(fail_with(NULL, "game %d", 3), -1);
}

static void test_null_is_allowed(void **state)
{
    (void)state;
    assert_int_equal(tourney_error_set(NULL, "x"), -1);
    assert_int_equal(tourney_error_prefix(NULL, "x"), -1);
    assert_int_equal(tourney_error_set_errno(NULL, "x"), -1);
    assert_false(tourney_error_is_set(NULL));
}

static void test_long_texts_are_cut_not_overrun(void **state)
{
    (void)state;
    struct error err;
    char long_text[3 * TOURNEY_ERROR_SIZE];
    memset(long_text, 'a', sizeof(long_text) - 1);
    long_text[sizeof(long_text) - 1] = '\0';
    tourney_error_set(&err, "%s", long_text);
    assert_int_equal(strlen(err.text), TOURNEY_ERROR_SIZE - 1);
    tourney_error_prefix(&err, "p");
    assert_int_equal(strlen(err.text), TOURNEY_ERROR_SIZE - 1);
    assert_memory_equal(err.text, "p: aaa", 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_and_prefix),
        cmocka_unit_test(test_prefix_without_reason_is_the_reason),
        cmocka_unit_test(test_errno_is_the_one_on_entry),
        cmocka_unit_test(test_vset_takes_the_arguments_given),
        cmocka_unit_test(test_null_is_allowed),
        cmocka_unit_test(test_long_texts_are_cut_not_overrun),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
