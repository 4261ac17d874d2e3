/*
 * table.h - a table of text cells, rendered aligned for the console or as
 * Markdown, so the console and report.md show the same figures.
 */
#ifndef TOURNEY_RUNNER_TABLE_H
#define TOURNEY_RUNNER_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct table {
    size_t columns;
    size_t rows;  /* row 0 is the header */
    char **cells; /* rows * columns */
    bool *right;  /* per column: numbers align right */
    bool failed;  /* out of memory somewhere; render refuses */
};

int tourney_table_init(struct table *table, size_t columns);
void tourney_table_finish(struct table *table);
/* Starts a new row; cells are then set left to right with tourney_table_cell. */
void tourney_table_row(struct table *table);
void tourney_table_cell(struct table *table, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Marks column COLUMN as right-aligned. */
void tourney_table_align_right(struct table *table, size_t column);

int tourney_table_print_text(const struct table *table, FILE *out);
int tourney_table_print_markdown(const struct table *table, FILE *out);

#endif /* TOURNEY_RUNNER_TABLE_H */
