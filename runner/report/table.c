#include "table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

int tourney_table_init(struct table *table, size_t columns)
{
    memset(table, 0, sizeof(*table));
    table->columns = columns;
    table->right = calloc(columns, sizeof(*table->right));
    return table->right ? 0 : -1;
}

void tourney_table_finish(struct table *table)
{
    for (size_t i = 0; i < table->rows * table->columns; i++) {
        free(table->cells[i]);
    }
    free(table->cells);
    free(table->right);
    memset(table, 0, sizeof(*table));
}

void tourney_table_row(struct table *table)
{
    size_t size = (table->rows + 1) * table->columns;
    char **cells = realloc(table->cells, size * sizeof(*cells));
    if (cells == NULL) {
        table->failed = true;
        return;
    }
    table->cells = cells;
    memset(&cells[table->rows * table->columns], 0, table->columns * sizeof(*cells));
    table->rows++;
}

void tourney_table_cell(struct table *table, const char *fmt, ...)
{
    if (table->rows == 0 || table->failed) {
        table->failed = true;
        return;
    }
    char **row = &table->cells[(table->rows - 1) * table->columns];
    size_t column = 0;
    while (column < table->columns && row[column] != NULL) {
        column++;
    }
    if (column == table->columns) {
        table->failed = true;
        return;
    }
    va_list args;
    va_start(args, fmt);
    row[column] = tourney_vformat(fmt, args);
    va_end(args);
    if (row[column] == NULL) {
        table->failed = true;
    }
}

void tourney_table_align_right(struct table *table, size_t column)
{
    if (column < table->columns) {
        table->right[column] = true;
    }
}

static const char *cell(const struct table *table, size_t row, size_t column)
{
    const char *text = table->cells[row * table->columns + column];
    return text ? text : "";
}

int tourney_table_print_text(const struct table *table, FILE *out)
{
    if (table->failed) {
        return -1;
    }
    size_t *widths = calloc(table->columns + 1, sizeof(*widths));
    if (widths == NULL) {
        return -1;
    }
    for (size_t r = 0; r < table->rows; r++) {
        for (size_t c = 0; c < table->columns; c++) {
            size_t length = strlen(cell(table, r, c));
            widths[c] = length > widths[c] ? length : widths[c];
        }
    }
    for (size_t r = 0; r < table->rows; r++) {
        for (size_t c = 0; c < table->columns; c++) {
            int width = (int)widths[c];
            const char *text = cell(table, r, c);
            bool last = c + 1 == table->columns;
            if (table->right[c]) {
                fprintf(out, "%*s%s", width, text, last ? "" : "  ");
            } else if (last) {
                fprintf(out, "%s", text);
            } else {
                fprintf(out, "%-*s  ", width, text);
            }
        }
        fputc('\n', out);
    }
    free(widths);
    return ferror(out) ? -1 : 0;
}

int tourney_table_print_markdown(const struct table *table, FILE *out)
{
    if (table->failed) {
        return -1;
    }
    for (size_t r = 0; r < table->rows; r++) {
        fputc('|', out);
        for (size_t c = 0; c < table->columns; c++) {
            fprintf(out, " %s |", cell(table, r, c));
        }
        fputc('\n', out);
        if (r == 0) {
            fputc('|', out);
            for (size_t c = 0; c < table->columns; c++) {
                fputs(table->right[c] ? " ---: |" : " --- |", out);
            }
            fputc('\n', out);
        }
    }
    return ferror(out) ? -1 : 0;
}
