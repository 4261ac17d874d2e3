/*
 * Plugin parameters: a plugin's own list checked, values read against it
 * (whole numbers within their bounds, booleans in every spelling, choice
 * words), what is expected said in words, the config's entries resolved
 * with defaults, unknown names and bad values reported by line, and the
 * values written as the text the results log keeps and read back from it.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_game.h"
#include "params.h"
#include "warning_stream.h"

static const char *const tie_breaks[] = {"lowest", "random", "highest", NULL};

/* A minimax's list: a bounded number, a choice and a flag. */
static const struct tourney_param_info minimax[] = {
    {.name = "depth", .type = TOURNEY_PARAM_INT, .default_value = "4", .min = 0, .max = 64},
    {.name = "tie_break",
     .type = TOURNEY_PARAM_CHOICE,
     .default_value = "lowest",
     .choices = tie_breaks},
    {.name = "verbose", .type = TOURNEY_PARAM_BOOL, .default_value = "false"},
};
#define MINIMAX_COUNT (sizeof(minimax) / sizeof(minimax[0]))

static bool parses(const struct tourney_param_info *desc, const char *text, int64_t expected)
{
    struct tourney_param_value value = {.i = -12345};
    if (!tourney_params_parse(desc, text, &value)) {
        return false;
    }
    assert_int_equal(value.i, expected);
    return true;
}

static void refused(const struct tourney_param_info *desc, const char *text)
{
    struct tourney_param_value value = {.i = -12345};
    if (tourney_params_parse(desc, text, &value)) {
        print_error("'%s' was read as %lld for '%s'\n", text, (long long)value.i, desc->name);
        fail();
    }
    /* A refused value leaves what was there. */
    assert_int_equal(value.i, -12345);
}

static void test_whole_numbers_within_bounds(void **state)
{
    (void)state;
    const struct tourney_param_info *depth = &minimax[0];
    assert_true(parses(depth, "0", 0));
    assert_true(parses(depth, "64", 64));
    assert_true(parses(depth, "7", 7));
    assert_true(parses(depth, "+7", 7));
    assert_true(parses(depth, "007", 7));
    static const char *const bad[] = {
        "-1", "65", "", "four", "4.0", "4 ", " 4", "4x", "0x10", "1e1", "99999999999999999999",
        "-"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        refused(depth, bad[i]);
    }
    /* Negative bounds, and the whole range of int64. */
    const struct tourney_param_info offset = {
        .name = "offset", .type = TOURNEY_PARAM_INT, .default_value = "0", .min = -5, .max = -2};
    assert_true(parses(&offset, "-5", -5));
    assert_true(parses(&offset, "-2", -2));
    refused(&offset, "-6");
    refused(&offset, "-1");
    const struct tourney_param_info any = {.name = "any",
                                           .type = TOURNEY_PARAM_INT,
                                           .default_value = "0",
                                           .min = INT64_MIN,
                                           .max = INT64_MAX};
    assert_true(parses(&any, "-9223372036854775808", INT64_MIN));
    assert_true(parses(&any, "9223372036854775807", INT64_MAX));
    refused(&any, "9223372036854775808");
    refused(&any, "-9223372036854775809");
}

static void test_booleans_in_every_spelling(void **state)
{
    (void)state;
    const struct tourney_param_info *verbose = &minimax[2];
    static const char *const truthy[] = {"true", "yes", "on", "1", "TRUE", "Yes", "oN", "tRuE"};
    static const char *const falsy[] = {"false", "no", "off", "0", "FALSE", "No", "OFF", "fAlSe"};
    for (size_t i = 0; i < sizeof(truthy) / sizeof(truthy[0]); i++) {
        assert_true(parses(verbose, truthy[i], 1));
        assert_true(parses(verbose, falsy[i], 0));
    }
    static const char *const bad[] = {"",  "2",     "-1",   "y",   "n",       "t",
                                      "f", "truth", "yes ", " no", "enabled", "01"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        refused(verbose, bad[i]);
    }
}

static void test_choices_are_exact_words(void **state)
{
    (void)state;
    const struct tourney_param_info *tie_break = &minimax[1];
    assert_true(parses(tie_break, "lowest", 0));
    assert_true(parses(tie_break, "random", 1));
    assert_true(parses(tie_break, "highest", 2));
    static const char *const bad[] = {"Lowest", "RANDOM", "low", "lowest ", "", "0", "1"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        refused(tie_break, bad[i]);
    }
}

static void test_expected_and_formatted_in_words(void **state)
{
    (void)state;
    char text[128];
    tourney_params_expected(&minimax[0], text, sizeof(text));
    assert_string_equal(text, "a whole number from 0 to 64");
    tourney_params_expected(&minimax[1], text, sizeof(text));
    assert_string_equal(text, "one of: lowest, random, highest");
    tourney_params_expected(&minimax[2], text, sizeof(text));
    assert_string_equal(text, "true or false");
    const struct tourney_param_info offset = {
        .name = "offset", .type = TOURNEY_PARAM_INT, .default_value = "0", .min = -5, .max = -2};
    tourney_params_expected(&offset, text, sizeof(text));
    assert_string_equal(text, "a whole number from -5 to -2");
    /* A short buffer is cut, never overrun. */
    char small[12];
    tourney_params_expected(&minimax[1], small, sizeof(small));
    assert_string_equal(small, "one of: low");

    struct tourney_param_value value = {.i = 17};
    tourney_params_format(&minimax[0], &value, text, sizeof(text));
    assert_string_equal(text, "17");
    value.i = -3;
    tourney_params_format(&offset, &value, text, sizeof(text));
    assert_string_equal(text, "-3");
    value.i = 2;
    tourney_params_format(&minimax[1], &value, text, sizeof(text));
    assert_string_equal(text, "highest");
    value.i = 1;
    tourney_params_format(&minimax[2], &value, text, sizeof(text));
    assert_string_equal(text, "true");
    value.i = 0;
    tourney_params_format(&minimax[2], &value, text, sizeof(text));
    assert_string_equal(text, "false");
}

static void assert_refused_list(const struct tourney_param_info *params, size_t count,
                                const char *expected)
{
    struct error reason;
    assert_int_equal(tourney_params_check_descriptors(params, count, &reason), -1);
    assert_string_equal(reason.text, expected);
}

static void test_a_plugins_list_is_checked(void **state)
{
    (void)state;
    struct error reason;
    tourney_error_clear(&reason);
    assert_int_equal(tourney_params_check_descriptors(minimax, MINIMAX_COUNT, &reason), 0);
    assert_int_equal(tourney_params_check_descriptors(NULL, 0, &reason), 0);
    assert_string_equal(reason.text, "");

    assert_refused_list(NULL, 2, "2 parameters declared but the list is NULL");
    struct tourney_param_info list[2] = {minimax[0], minimax[2]};
    list[1].name = NULL;
    assert_refused_list(list, 2, "parameter 1 has no name");
    list[1].name = "";
    assert_refused_list(list, 2, "parameter 1 has no name");
    list[1].name = "depth";
    assert_refused_list(list, 2, "parameter 'depth' is listed twice");
    list[1] = minimax[2];
    list[1].type = (enum tourney_param_type)7;
    assert_refused_list(list, 2, "parameter 'verbose' has unknown type 7");
    list[1] = minimax[0];
    list[1].name = "width";
    list[1].min = 5;
    list[1].max = 4;
    assert_refused_list(list, 2, "parameter 'width' has min > max");
    list[1].min = 5;
    list[1].max = 5;
    list[1].default_value = "5";
    assert_int_equal(tourney_params_check_descriptors(list, 2, &reason), 0);
    /* Defaults must be values the parameter accepts. */
    list[1].default_value = "6";
    assert_refused_list(list, 2, "parameter 'width' has an invalid default");
    list[1].default_value = NULL;
    assert_refused_list(list, 2, "parameter 'width' has an invalid default");
    list[1] = minimax[2];
    list[1].default_value = "maybe";
    assert_refused_list(list, 2, "parameter 'verbose' has an invalid default");
    static const char *const none[] = {NULL};
    list[1] = minimax[1];
    list[1].choices = none;
    assert_refused_list(list, 2, "parameter 'tie_break' has no choices");
    list[1].choices = NULL;
    assert_refused_list(list, 2, "parameter 'tie_break' has no choices");
    list[1].choices = tie_breaks;
    list[1].default_value = "middle";
    assert_refused_list(list, 2, "parameter 'tie_break' has an invalid default");
}

/* The config's [agent] section TEXT, read and resolved against PARAMS
 * (COUNT) with "plugin" reserved; returns the error count and the
 * diagnostics, one a line, in *MESSAGES (free it). */
static int resolve(const struct tourney_param_info *params, size_t count, const char *text,
                   struct tourney_param_value *values, char **messages)
{
    struct diagnostics diag;
    tourney_diag_init(&diag);
    struct ini_document doc;
    assert_int_equal(tourney_ini_parse_text(&doc, "t.ini", text, strlen(text), &diag), 0);
    assert_false(tourney_diag_any(&diag));
    assert_int_equal(doc.section_count, 1);
    static const char *const reserved[] = {"plugin", NULL};
    int errors = tourney_params_resolve(params, count, &doc.sections[0], reserved, "t.ini",
                                        "agent plugin 'minimax'", values, &diag);
    for (size_t i = 0; i < doc.sections[0].entry_count; i++) {
        const struct ini_entry *entry = &doc.sections[0].entries[i];
        /* Reserved keys are left to their owner. */
        assert_int_equal(entry->used, strcmp(entry->key, "plugin") != 0);
    }
    size_t size = 0;
    FILE *out = open_memstream(messages, &size);
    assert_non_null(out);
    struct warning_stream lines;
    warning_stream_init(&lines, out, NULL);
    tourney_diag_say(&diag, &lines.warn);
    assert_int_equal(fclose(out), 0);
    tourney_diag_finish(&diag);
    tourney_ini_finish(&doc);
    return errors;
}

static void test_resolved_from_the_config(void **state)
{
    (void)state;
    struct tourney_param_value values[MINIMAX_COUNT];
    char *messages = NULL;

    /* Nothing given: the defaults. */
    memset(values, 0xff, sizeof(values));
    assert_int_equal(
        tourney_params_resolve(minimax, MINIMAX_COUNT, NULL, NULL, "t.ini", "x", values, NULL), 0);
    assert_int_equal(values[0].i, 4);
    assert_int_equal(values[1].i, 0);
    assert_int_equal(values[2].i, 0);

    memset(values, 0xff, sizeof(values));
    assert_int_equal(resolve(minimax, MINIMAX_COUNT,
                             "[agent deep]\nplugin = minimax\nverbose = Yes\ndepth = 9\n", values,
                             &messages),
                     0);
    assert_string_equal(messages, "");
    free(messages);
    assert_int_equal(values[0].i, 9);
    assert_int_equal(values[1].i, 0); /* the default */
    assert_int_equal(values[2].i, 1);

    /* Every mistake, by line; the values that were right are still read. */
    assert_int_equal(resolve(minimax, MINIMAX_COUNT,
                             "[agent bad]\nplugin = minimax\ndepht = 3\ndepth = 65\n"
                             "tie_break = Random\nverbose = on\nPlugin = x\n",
                             values, &messages),
                     4);
    assert_string_equal(
        messages,
        "t.ini:3: unknown parameter 'depht' for agent plugin 'minimax'; did you mean 'depth'?\n"
        "t.ini:4: bad value '65' for 'depth' of agent plugin 'minimax': expected a whole number "
        "from 0 to 64\n"
        "t.ini:5: bad value 'Random' for 'tie_break' of agent plugin 'minimax': expected one of: "
        "lowest, random, highest\n"
        "t.ini:7: unknown parameter 'Plugin' for agent plugin 'minimax' (expected one of: depth, "
        "tie_break, verbose)\n");
    free(messages);
    assert_int_equal(values[0].i, 4);
    assert_int_equal(values[1].i, 0);
    assert_int_equal(values[2].i, 1);

    /* A plugin without parameters says so. */
    assert_int_equal(
        resolve(NULL, 0, "[agent r]\nplugin = random\ndepth = 2\n", values, &messages), 1);
    assert_string_equal(messages, "t.ini:3: unknown parameter 'depth' for agent plugin "
                                  "'minimax', which takes no parameters\n");
    free(messages);
}

static void test_the_params_text_and_back(void **state)
{
    (void)state;
    struct tourney_param_value values[MINIMAX_COUNT] = {{.i = 12}, {.i = 2}, {.i = 1}};
    char *text = tourney_params_text(minimax, MINIMAX_COUNT, values);
    assert_string_equal(text, "depth = 12, tie_break = highest, verbose = true");
    struct tourney_param_value back[MINIMAX_COUNT];
    memset(back, 0, sizeof(back));
    struct error why;
    assert_int_equal(tourney_params_from_text(minimax, MINIMAX_COUNT, text, back, &why), 0);
    assert_int_equal(back[0].i, 12);
    assert_int_equal(back[1].i, 2);
    assert_int_equal(back[2].i, 1);
    free(text);

    text = tourney_params_text(NULL, 0, NULL);
    assert_string_equal(text, "");
    free(text);

    /* Names left out take their defaults; in any order. */
    assert_int_equal(
        tourney_params_from_text(minimax, MINIMAX_COUNT, "verbose = on, depth = 0", back, &why),
        0);
    assert_int_equal(back[0].i, 0);
    assert_int_equal(back[1].i, 0);
    assert_int_equal(back[2].i, 1);
    assert_int_equal(tourney_params_from_text(minimax, MINIMAX_COUNT, "", back, &why), 0);
    assert_int_equal(back[0].i, 4);
    assert_int_equal(back[2].i, 0);

    assert_int_equal(
        tourney_params_from_text(minimax, MINIMAX_COUNT, "depth = 3, width = 4", back, &why), -1);
    assert_string_equal(why.text, "no parameter 'width'");
    assert_int_equal(tourney_params_from_text(minimax, MINIMAX_COUNT, "depth = 99", back, &why),
                     -1);
    assert_string_equal(why.text, "parameter depth has a bad value '99'");
    assert_int_equal(tourney_params_from_text(minimax, MINIMAX_COUNT, "depth=3", back, &why), -1);
    assert_string_equal(why.text, "'depth=3' is not 'name = value'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_numbers_within_bounds),
        cmocka_unit_test(test_booleans_in_every_spelling),
        cmocka_unit_test(test_choices_are_exact_words),
        cmocka_unit_test(test_expected_and_formatted_in_words),
        cmocka_unit_test(test_a_plugins_list_is_checked),
        cmocka_unit_test(test_resolved_from_the_config),
        cmocka_unit_test(test_the_params_text_and_back),
    };
    return cmocka_run_group_tests_name("params", tests, NULL, NULL);
}
