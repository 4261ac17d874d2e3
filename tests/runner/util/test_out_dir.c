/*
 * The output directory's files, opened at its descriptor: a FIFO planted as
 * the log neither hangs nor is written, a log moved aside never replaces
 * the file at a name taken, a file written whole leaves no temporary file
 * behind and replaces nothing but a regular file, and the directory is
 * opened by its own path with trailing slashes or refused when it is a
 * file.
 */
#include "test.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "out_dir.h"

static int write_hello(const void *context, FILE *out)
{
    (void)context;
    return fputs("hello\n", out) == EOF ? -1 : 0;
}

/* The names DIR holds, sorted, one a line (free it). */
static char *names_in(const char *dir)
{
    struct dirent **entries = NULL;
    int count = scandir(dir, &entries, NULL, alphasort);
    assert_true(count >= 0);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    for (int i = 0; i < count; i++) {
        if (strcmp(entries[i]->d_name, ".") != 0 && strcmp(entries[i]->d_name, "..") != 0) {
            fprintf(out, "%s\n", entries[i]->d_name);
        }
        free(entries[i]);
    }
    free(entries);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void assert_names(const char *dir, const char *expected)
{
    char *names = names_in(dir);
    assert_string_equal(names, expected);
    free(names);
}

static void test_a_fifo_is_refused_at_once(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "out-dir");
    char path[128];
    snprintf(path, sizeof(path), "%s/games.jsonl", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    struct out_dir opened;
    struct error err;
    assert_int_equal(tourney_out_dir_open(&opened, dir, false, &err), 0);
    assert_int_equal(tourney_out_dir_open_file(&opened, "games.jsonl", O_RDWR, &err), -1);
    assert_names_file(
        err.text, "%s is not a regular file; remove it, or write into another directory", path);
    /* Written whole over it: refused too, and nothing left behind. */
    assert_int_equal(tourney_out_dir_write(&opened, "games.jsonl", write_hello, NULL, &err), -1);
    assert_names_file(
        err.text, "%s is not a regular file; remove it, or write into another directory", path);
    assert_names(dir, "games.jsonl\n");
    /* Missing: told apart from a refusal. */
    assert_int_equal(tourney_out_dir_open_file(&opened, "other", O_RDWR, &err),
                     TOURNEY_OUT_DIR_NO_FILE);
    tourney_out_dir_close(&opened);
    tourney_out_dir_close(&opened); /* closed already: nothing to do */
    remove_tree(dir);
}

static void test_set_aside_never_replaces(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "out-dir");
    char path[128];
    snprintf(path, sizeof(path), "%s/games.jsonl", dir);
    write_file(path, "the log\n");
    snprintf(path, sizeof(path), "%s/games.jsonl.1", dir);
    write_file(path, "an older log\n");
    struct out_dir opened;
    struct error err;
    assert_int_equal(tourney_out_dir_open(&opened, dir, false, &err), 0);
    char *free_name = tourney_out_dir_free_name(&opened, "games.jsonl");
    assert_string_equal(free_name, "games.jsonl.2");
    free(free_name);
    char *aside = NULL;
    assert_int_equal(tourney_out_dir_set_aside(&opened, "games.jsonl", &aside, &err), 0);
    assert_string_equal(aside, "games.jsonl.2");
    free(aside);
    assert_file_is(path, "an older log\n");
    snprintf(path, sizeof(path), "%s/games.jsonl.2", dir);
    assert_file_is(path, "the log\n");
    assert_names(dir, "games.jsonl.1\ngames.jsonl.2\n");
    /* Nothing left to move. */
    assert_int_equal(tourney_out_dir_set_aside(&opened, "games.jsonl", &aside, &err), -1);
    assert_null(aside);
    tourney_out_dir_close(&opened);
    remove_tree(dir);
}

static void test_written_whole(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "out-dir");
    struct out_dir opened;
    struct error err;
    /* Trailing slashes are left out of the path it names. */
    char slashed[80];
    snprintf(slashed, sizeof(slashed), "%s//", dir);
    assert_int_equal(tourney_out_dir_open(&opened, slashed, false, &err), 0);
    assert_string_equal(opened.path, dir);
    assert_true((fcntl(opened.fd, F_GETFD) & FD_CLOEXEC) != 0);
    assert_int_equal(tourney_out_dir_write(&opened, "report.md", write_hello, NULL, &err), 0);
    assert_int_equal(tourney_out_dir_write(&opened, "report.md", write_hello, NULL, &err), 0);
    assert_names(dir, "report.md\n");
    char path[128];
    snprintf(path, sizeof(path), "%s/report.md", dir);
    assert_file_is(path, "hello\n");
    /* A directory in its place is left as it is. */
    snprintf(path, sizeof(path), "%s/results.csv", dir);
    assert_int_equal(mkdir(path, 0777), 0);
    assert_int_equal(tourney_out_dir_write(&opened, "results.csv", write_hello, NULL, &err), -1);
    assert_names(dir, "report.md\nresults.csv\n");
    tourney_out_dir_close(&opened);
    /* A file is not a directory. */
    snprintf(path, sizeof(path), "%s/report.md", dir);
    assert_int_equal(tourney_out_dir_open(&opened, path, true, &err), -1);
    assert_names_file(err.text, "%s exists and is not a directory", path);
    /* Made with its parents. */
    snprintf(path, sizeof(path), "%s/a/b", dir);
    assert_int_equal(tourney_out_dir_open(&opened, path, true, &err), 0);
    tourney_out_dir_close(&opened);
    struct stat info;
    assert_int_equal(stat(path, &info), 0);
    assert_true(S_ISDIR(info.st_mode));
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_fifo_is_refused_at_once),
        cmocka_unit_test(test_set_aside_never_replaces),
        cmocka_unit_test(test_written_whole),
    };
    return cmocka_run_group_tests_name("out_dir", tests, NULL, NULL);
}
