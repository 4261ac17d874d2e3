/*
 * table.h - a table of text cells, rendered aligned for the console or as
 * Markdown, so the console and report.md show the same figures.
 */
#ifndef TOURNEY_RUNNER_TABLE_H
#define TOURNEY_RUNNER_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The console's tables fit this many characters unless all columns are
 * asked for (`--wide`). */
#define TABLE_CONSOLE_WIDTH 100
/* COLUMNS above this is not a width. */
#define TABLE_CONSOLE_WIDTH_MAX 10000

/* The width the console's tables fit: standard output's terminal's, else
 * the COLUMNS environment variable's, else TABLE_CONSOLE_WIDTH. */
size_t tourney_table_console_width(void);

struct table {
    size_t columns;
    size_t rows;     /* row 0 is the header */
    size_t capacity; /* rows the cells have room for */
    char **cells;    /* rows * columns */
    bool *right;     /* per column: numbers align right */
    unsigned *order; /* per column: 0 always shown, else left out to fit, highest first */
    bool failed;     /* out of memory somewhere; render refuses */
};

int tourney_table_init(struct table *table, size_t columns);
void tourney_table_finish(struct table *table);
/* Starts a new row; cells are then set left to right with tourney_table_cell. */
void tourney_table_row(struct table *table);
void tourney_table_cell(struct table *table, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Marks column COLUMN as right-aligned. */
void tourney_table_align_right(struct table *table, size_t column);

/* Marks column COLUMN as one that may be left out when the table must fit a
 * width: those of the highest ORDER (> 0) go first, the rightmost of equal
 * orders first. */
void tourney_table_optional(struct table *table, size_t column, unsigned order);
/* Marks the COUNT columns COLUMNS as optional, to be left out in that order:
 * COLUMNS[0] first. */
void tourney_table_optional_in_order(struct table *table, const size_t *columns, size_t count);

int tourney_table_print_text(const struct table *table, FILE *out);
/* The same, leaving out optional columns until every line fits WIDTH
 * characters or none is left to leave out (WIDTH 0: all columns). Sets
 * LEFT_OUT[c] (when not NULL; one per column) for the columns left out and
 * returns how many, or -1 on failure. */
int tourney_table_print_fit(const struct table *table, size_t width, bool *left_out, FILE *out);
int tourney_table_print_markdown(const struct table *table, FILE *out);

#endif /* TOURNEY_RUNNER_TABLE_H */
