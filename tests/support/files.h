/*
 * files.h - temporary directories and whole files for tests: made, written,
 * read and cut in one call each, failing the running cmocka test when the
 * file system refuses.
 */
#ifndef TOURNEY_TESTS_FILES_H
#define TOURNEY_TESTS_FILES_H

#include <stddef.h>

/* Makes DIR (SIZE bytes) a new empty directory /tmp/tourney-PREFIX-XXXXXX. */
void make_temp_dir(char *dir, size_t size, const char *prefix);

/* Removes DIR and everything below it. */
void remove_tree(const char *dir);

/* A file's contents (free them). */
char *slurp(const char *path);

/* Writes the file at PATH anew with the printf FORMAT. */
void write_file(const char *path, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Writes the file at TO: the file at FROM with its first FIND replaced by
 * REPLACE (FIND must be there). */
void copy_edited(const char *from, const char *to, const char *find, const char *replace);

/* Copies the file at FROM (any bytes) to TO: its first KEEP bytes, or all
 * of it when KEEP is 0. */
void copy_file(const char *from, const char *to, size_t keep);

/* Asserts that the file at PATH holds exactly EXPECTED. */
void assert_file_is(const char *path, const char *expected);

/* Asserts that the file at PATH holds PART somewhere, showing the file when
 * it does not. */
void assert_file_has(const char *path, const char *part);

/* The lines of the file at PATH; 0 when it cannot be read. */
size_t count_lines(const char *path);

/* The first line of the file at PATH, "\n" included (free it). */
char *first_line(const char *path);

/* Where line LINE (from 1) of TEXT ends, its newline included. */
size_t line_end(const char *text, size_t line);

/* Cuts the file at PATH BACK bytes before the end of its line LINE (from 1,
 * the newline counted): a write of line LINE cut short. */
void cut_in_line(const char *path, size_t line, size_t back);

/* Asserts that MESSAGE is EXPECTED with its one "%s" standing for PATH
 * (a temporary file's name is known only when the test runs). */
void assert_names_file(const char *message, const char *expected, const char *path);

#endif /* TOURNEY_TESTS_FILES_H */
