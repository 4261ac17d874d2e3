/*
 * The command line read against a table of options: every form of an
 * option and its value gives the same words, bundles split, "--" ends the
 * options, help wins over any mistake, and each mistake is named as it was
 * written, with the option that was probably meant.
 */
#include "test.h"

#include <stdio.h>
#include <string.h>

#include "option_parser.h"

enum { OUTPUT = 1, QUIET, VERBOSE, JOBS, WIDE };

static const struct cli_option options[] = {
    {OUTPUT, 'o', "output", "DIR", "a directory", "where"},
    {QUIET, 'q', "quiet", NULL, NULL, "quiet"},
    {VERBOSE, 'v', "verbose", NULL, NULL, "verbose"},
    {JOBS, 'j', "jobs", "N", "a number of jobs", "jobs"},
    {WIDE, 0, "wide", NULL, NULL, "wide"},
    {0},
};

/* What ARGV reads as, one token a word: "q", "j=2", "o=DIR", ":operand";
 * or "help", or the mistake. */
static const char *read_words(char **argv, char *out, size_t size)
{
    int argc = 0;
    while (argv[argc] != NULL) {
        argc++;
    }
    struct cli_words words;
    struct error err;
    tourney_error_clear(&err);
    enum cli_parse_outcome outcome = tourney_cli_parse(options, argc, argv, &words, &err);
    out[0] = '\0';
    if (outcome == CLI_MISTAKE) {
        snprintf(out, size, "%s", err.text);
    } else if (words.help) {
        snprintf(out, size, "help");
    } else {
        assert_int_equal(outcome, CLI_PARSED);
        for (size_t i = 0; i < words.count; i++) {
            const struct cli_word *w = &words.words[i];
            size_t used = strlen(out);
            if (w->option == NULL) {
                snprintf(out + used, size - used, "%s:%s", i ? " " : "", w->value);
            } else {
                char name[32];
                tourney_cli_word_name(w, name, sizeof(name));
                snprintf(out + used, size - used, "%s%s%s%s", i ? " " : "", name,
                         w->value ? "=" : "", w->value ? w->value : "");
            }
        }
    }
    tourney_cli_words_finish(&words);
    return out;
}

#define READS(expected, ...)                                               \
    do {                                                                   \
        char *argv[] = {__VA_ARGS__, NULL};                                \
        char out[1200];                                                    \
        assert_string_equal(read_words(argv, out, sizeof(out)), expected); \
    } while (0)

static void test_forms_of_a_value(void **state)
{
    (void)state;
    READS("--jobs=2 :c.ini", "--jobs", "2", "c.ini");
    READS("--jobs=2 :c.ini", "--jobs=2", "c.ini");
    READS("-j=2 :c.ini", "-j", "2", "c.ini");
    READS("-j=2 :c.ini", "-j2", "c.ini");
    /* A value is taken whatever it looks like. */
    READS("--output=-q", "--output", "-q");
    READS("-o=--wide", "-o", "--wide");
    READS("--output=a=b", "--output=a=b");
    READS("-o=DIR", "-oDIR");
}

static void test_bundles(void **state)
{
    (void)state;
    READS("-q -v", "-qv");
    READS("-q -j=2", "-qj2");
    READS("-q -j=2 :x", "-qj", "2", "x");
    READS("-q -o=v", "-qov");
}

static void test_operands(void **state)
{
    (void)state;
    /* "-" is an operand (standard input, by custom), and after "--" every
     * word is one. */
    READS(":- -q", "-", "-q");
    READS("-q :--wide :-h", "-q", "--", "--wide", "-h");
    READS(":a :b", "a", "b");
    READS("", "--");
}

static void test_help_wins(void **state)
{
    (void)state;
    READS("help", "--help");
    READS("help", "-h");
    READS("help", "-qh");
    READS("help", "--frobnicate", "--help");
    /* A value is a value, as getopt has it, whatever it looks like. */
    READS("--jobs=--help", "--jobs", "--help");
    READS("--jobs=-h", "--jobs=-h");
    READS("help", "--wide=1", "x", "-h");
    /* After "--" it is an operand like any other. */
    READS(":--help", "--", "--help");
}

static void test_mistakes(void **state)
{
    (void)state;
    READS("unknown option '--wdie'; did you mean '--wide'?", "--wdie");
    READS("unknown option '--verbos'; did you mean '--verbose'?", "--verbos=3");
    READS("unknown option '--frobnicate'", "--frobnicate");
    READS("unknown option '-x'", "-qx");
    READS("unknown option '--hepl'; did you mean '--help'?", "--hepl");
    READS("--jobs needs a number of jobs", "--jobs");
    READS("--jobs needs a number of jobs", "--jobs=");
    READS("--jobs needs a number of jobs", "--jobs", "");
    READS("-j needs a number of jobs", "-qj");
    READS("--wide takes no value (got '--wide=1')", "--wide=1");
    /* The first mistake is the one told. */
    READS("unknown option '--a'", "--a", "--b");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms_of_a_value), cmocka_unit_test(test_bundles),
        cmocka_unit_test(test_operands),         cmocka_unit_test(test_help_wins),
        cmocka_unit_test(test_mistakes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
