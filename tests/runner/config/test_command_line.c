/*
 * An agent's command: split into words as a POSIX shell splits them, what
 * only a shell could do refused with a reason, and its program found the
 * way a shell finds it (a path from the config's directory, a name in
 * PATH).
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command_line.h"
#include "files.h"

/* TEXT splits into the NULL-terminated WORDS. */
static void splits(const char *text, const char *const *words)
{
    size_t count = 0;
    struct error err;
    char **got = tourney_command_split(text, &count, &err);
    if (got == NULL) {
        fail_msg("'%s' did not split: %s", text, err.text);
    }
    size_t expected = 0;
    while (words[expected] != NULL) {
        expected++;
    }
    assert_int_equal(count, expected);
    for (size_t i = 0; i < count; i++) {
        assert_string_equal(got[i], words[i]);
    }
    assert_null(got[count]);
    free(got);
}

static void refused(const char *text, const char *reason)
{
    size_t count = 7;
    struct error err;
    assert_null(tourney_command_split(text, &count, &err));
    assert_int_equal(count, 7);
    assert_string_equal(err.text, reason);
}

static void test_words(void **state)
{
    (void)state;
    splits("python3 agent.py", (const char *[]){"python3", "agent.py", NULL});
    splits("  python3\tagent.py  --depth   3 ",
           (const char *[]){"python3", "agent.py", "--depth", "3", NULL});
    splits("x", (const char *[]){"x", NULL});
    /* Quotes keep blanks; a word may be made of several quoted parts. */
    splits("run 'my agent.py' \"a b\" c'd e'f",
           (const char *[]){"run", "my agent.py", "a b", "cd ef", NULL});
    splits("echo '' \"\"", (const char *[]){"echo", "", "", NULL});
    /* Single quotes keep everything; double quotes let \ escape \ " $ `. */
    splits("p '$HOME \\n *' \"\\$x \\\" \\\\ \\n\"",
           (const char *[]){"p", "$HOME \\n *", "$x \" \\ \\n", NULL});
    /* A backslash outside quotes keeps the next character. */
    splits("p a\\ b \\| \\$HOME \\~", (const char *[]){"p", "a b", "|", "$HOME", "~", NULL});
    /* ~ and # are only special at the start of a word. */
    splits("p a~b a#b", (const char *[]){"p", "a~b", "a#b", NULL});
}

static void test_what_only_a_shell_does(void **state)
{
    (void)state;
    refused("", "no program in it");
    refused("  \t ", "no program in it");
    refused("p 'a", "a single quote without its end");
    refused("p \"a", "a double quote without its end");
    refused("p a\\", "a backslash at the end");
    refused(
        "python3 agent.py > log",
        "'>' outside quotes: the command is not run by a shell (quote it to pass it as it is)");
    refused(
        "a | b",
        "'|' outside quotes: the command is not run by a shell (quote it to pass it as it is)");
    refused(
        "p $HOME",
        "'$' outside quotes: the command is not run by a shell (quote it to pass it as it is)");
    refused(
        "p *.py",
        "'*' outside quotes: the command is not run by a shell (quote it to pass it as it is)");
    refused(
        "p a;b",
        "';' outside quotes: the command is not run by a shell (quote it to pass it as it is)");
    refused("p \"$HOME\"", "'$' in double quotes: the command is not run by a shell (write \\$ "
                           "to pass it as it is)");
    refused("p ~/agent.py", "'~' at the start of a word: the command is not run by a shell "
                            "(quote it to pass it as it is)");
    refused("p # comment", "'#' at the start of a word: the command is not run by a shell "
                           "(quote it to pass it as it is)");
}

static void make_program(const char *path, mode_t mode)
{
    write_file(path, "#!/bin/sh\n");
    assert_int_equal(chmod(path, mode), 0);
}

static void test_finding_the_program(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "command");
    char bin[128];
    char other[128];
    char path[512];
    snprintf(bin, sizeof(bin), "%s/bin", dir);
    snprintf(other, sizeof(other), "%s/other", dir);
    assert_int_equal(mkdir(bin, 0755), 0);
    assert_int_equal(mkdir(other, 0755), 0);
    snprintf(path, sizeof(path), "%s/agent", bin);
    make_program(path, 0755);
    snprintf(path, sizeof(path), "%s/agent", other);
    make_program(path, 0755);
    snprintf(path, sizeof(path), "%s/plain", bin);
    make_program(path, 0644);

    /* In PATH, the first directory that has it, skipping what cannot run. */
    struct error err;
    char search[512];
    snprintf(search, sizeof(search), "/nonexistent:%s:%s", other, bin);
    char *found = tourney_command_find("agent", dir, search, &err);
    snprintf(path, sizeof(path), "%s/agent", other);
    assert_non_null(found);
    assert_string_equal(found, path);
    free(found);
    assert_null(tourney_command_find("plain", dir, search, &err));
    assert_string_equal(err.text, "no program 'plain' in the directories of PATH");
    assert_null(tourney_command_find("agent", dir, NULL, &err));

    /* A path is taken from the config's directory when relative. */
    found = tourney_command_find("bin/agent", dir, "", &err);
    snprintf(path, sizeof(path), "%s/bin/agent", dir);
    assert_non_null(found);
    assert_string_equal(found, path);
    free(found);
    found = tourney_command_find("./bin/../other/agent", dir, "", &err);
    snprintf(path, sizeof(path), "%s/./bin/../other/agent", dir);
    assert_non_null(found);
    assert_string_equal(found, path);
    free(found);
    assert_null(tourney_command_find("bin/plain", dir, search, &err));
    snprintf(path, sizeof(path), "%s/bin/plain is not an executable file", dir);
    assert_string_equal(err.text, path);
    assert_null(tourney_command_find("bin", dir, search, &err));
    assert_null(tourney_command_find("./missing", dir, search, &err));
    snprintf(path, sizeof(path), "cannot run %s/./missing: No such file or directory", dir);
    assert_string_equal(err.text, path);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_what_only_a_shell_does),
        cmocka_unit_test(test_finding_the_program),
    };
    return cmocka_run_group_tests_name("command_line", tests, NULL, NULL);
}
