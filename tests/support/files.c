/*
 * Files for tests (files.h).
 */
#include "test.h"

#include "files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void make_temp_dir(char *dir, size_t size, const char *prefix)
{
    assert_true((size_t)snprintf(dir, size, "/tmp/tourney-%s-XXXXXX", prefix) < size);
    assert_non_null(mkdtemp(dir));
}

void remove_tree(const char *dir)
{
    char command[256];
    assert_true((size_t)snprintf(command, sizeof(command), "rm -rf '%s'", dir) < sizeof(command));
    assert_int_equal(system(command), 0);
}

char *slurp(const char *path)
{
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        print_error("cannot open %s\n", path);
        fail();
    }
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    assert_non_null(memory);
    char buffer[4096];
    size_t got;
    while ((got = fread(buffer, 1, sizeof(buffer), file)) > 0) {
        assert_int_equal(fwrite(buffer, 1, got, memory), got);
    }
    assert_false(ferror(file));
    fclose(file);
    assert_int_equal(fclose(memory), 0);
    return text;
}

void write_file(const char *path, const char *format, ...)
{
    FILE *file = fopen(path, "w");
    if (file == NULL) {
        print_error("cannot write %s\n", path);
        fail();
    }
    va_list args;
    va_start(args, format);
    assert_true(vfprintf(file, format, args) >= 0);
    va_end(args);
    assert_int_equal(fclose(file), 0);
}

void copy_edited(const char *from, const char *to, const char *find, const char *replace)
{
    char *text = slurp(from);
    char *at = strstr(text, find);
    if (at == NULL) {
        /* Checked apart: gcc's sanitizer build otherwise takes FIND for NULL
         * on this path. */
        fail_msg("'%s' is not in %s", find != NULL ? find : "(null)", from);
    }
    write_file(to, "%.*s%s%s", (int)(at - text), text, replace, at + strlen(find));
    free(text);
}

void copy_file(const char *from, const char *to, size_t keep)
{
    FILE *in = fopen(from, "rb");
    FILE *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buffer[65536];
    size_t copied = 0;
    size_t got;
    while ((keep == 0 || copied < keep) && (got = fread(buffer, 1, sizeof(buffer), in)) > 0) {
        if (keep != 0 && copied + got > keep) {
            got = keep - copied;
        }
        assert_int_equal(fwrite(buffer, 1, got, out), got);
        copied += got;
    }
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

void assert_file_is(const char *path, const char *expected)
{
    char *text = slurp(path);
    assert_string_equal(text, expected);
    free(text);
}

void assert_file_has(const char *path, const char *part)
{
    char *text = slurp(path);
    if (strstr(text, part) == NULL) {
        print_error("%s does not hold: %s\n--- it holds:\n%s---\n", path, part, text);
        fail();
    }
    free(text);
}

size_t count_lines(const char *path)
{
    FILE *file = fopen(path, "r");
    size_t lines = 0;
    int c;
    while (file != NULL && (c = fgetc(file)) != EOF) {
        lines += c == '\n';
    }
    if (file != NULL) {
        fclose(file);
    }
    return lines;
}

char *first_line(const char *path)
{
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    char *line = NULL;
    size_t capacity = 0;
    assert_true(getline(&line, &capacity, file) > 0);
    fclose(file);
    return line;
}

size_t line_end(const char *text, size_t line)
{
    size_t offset = 0;
    for (size_t seen = 0; seen < line; offset++) {
        assert_true(text[offset] != '\0');
        seen += text[offset] == '\n';
    }
    return offset;
}

void cut_in_line(const char *path, size_t line, size_t back)
{
    char *text = slurp(path);
    size_t end = line_end(text, line);
    free(text);
    assert_true(back <= end);
    assert_int_equal(truncate(path, (off_t)(end - back)), 0);
}

void assert_names_file(const char *message, const char *expected, const char *path)
{
    const char *mark = strstr(expected, "%s");
    assert_non_null(mark);
    char *full = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&full, &size);
    assert_non_null(out);
    fprintf(out, "%.*s%s%s", (int)(mark - expected), expected, path, mark + 2);
    assert_int_equal(fclose(out), 0);
    assert_string_equal(message, full);
    free(full);
}
