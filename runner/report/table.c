#include "table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "text.h"
#include "text_escape.h"

int tourney_table_init(struct table *table, size_t columns)
{
    memset(table, 0, sizeof(*table));
    table->columns = columns;
    table->right = calloc(columns + 1, sizeof(*table->right));
    table->order = calloc(columns + 1, sizeof(*table->order));
    return table->right != NULL && table->order != NULL ? 0 : -1;
}

void tourney_table_finish(struct table *table)
{
    for (size_t i = 0; i < table->rows * table->columns; i++) {
        free(table->cells[i]);
    }
    free(table->cells);
    free(table->right);
    free(table->order);
    memset(table, 0, sizeof(*table));
}

void tourney_table_row(struct table *table)
{
    if (table->rows == table->capacity) {
        /* Doubling: a table of many rows is built in linear time. */
        size_t capacity = table->capacity ? table->capacity * 2 : 16;
        char **cells = realloc(table->cells, capacity * table->columns * sizeof(*cells));
        if (cells == NULL) {
            table->failed = true;
            return;
        }
        table->cells = cells;
        table->capacity = capacity;
    }
    char **cells = table->cells;
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

void tourney_table_optional(struct table *table, size_t column, unsigned order)
{
    if (column < table->columns) {
        table->order[column] = order;
    }
}

void tourney_table_optional_in_order(struct table *table, const size_t *columns, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        tourney_table_optional(table, columns[k], (unsigned)(count - k));
    }
}

static const char *cell(const struct table *table, size_t row, size_t column)
{
    const char *text = table->cells[row * table->columns + column];
    return text ? text : "";
}

/* The characters a line takes with the columns not in HIDDEN: each column
 * as wide as its widest cell, two spaces between columns. */
static size_t line_width(const struct table *table, const size_t *widths, const bool *hidden)
{
    size_t total = 0;
    size_t shown = 0;
    for (size_t c = 0; c < table->columns; c++) {
        if (!hidden[c]) {
            total += widths[c];
            shown++;
        }
    }
    return total + (shown > 1 ? 2 * (shown - 1) : 0);
}

/* The optional column to leave out next: the highest order, the rightmost
 * of equals; table->columns when none is left. */
static size_t next_to_hide(const struct table *table, const bool *hidden)
{
    size_t best = table->columns;
    for (size_t c = 0; c < table->columns; c++) {
        if (!hidden[c] && table->order[c] > 0 &&
            (best == table->columns || table->order[c] >= table->order[best])) {
            best = c;
        }
    }
    return best;
}

static void print_rows(const struct table *table, const size_t *widths, const bool *hidden,
                       FILE *out)
{
    size_t last = 0;
    for (size_t c = 0; c < table->columns; c++) {
        last = hidden[c] ? last : c;
    }
    for (size_t r = 0; r < table->rows; r++) {
        for (size_t c = 0; c < table->columns; c++) {
            if (hidden[c]) {
                continue;
            }
            int width = (int)widths[c];
            /* A name may come from a log anyone can edit: no control
             * character reaches the terminal. */
            char text[1024];
            tourney_terminal_copy(text, sizeof(text), cell(table, r, c));
            if (table->right[c]) {
                fprintf(out, "%*s%s", width, text, c == last ? "" : "  ");
            } else if (c == last) {
                fprintf(out, "%s", text);
            } else {
                fprintf(out, "%-*s  ", width, text);
            }
        }
        fputc('\n', out);
    }
}

int tourney_table_print_fit(const struct table *table, size_t width, bool *left_out, FILE *out)
{
    if (table->failed) {
        return -1;
    }
    size_t *widths = calloc(table->columns + 1, sizeof(*widths));
    bool *hidden = calloc(table->columns + 1, sizeof(*hidden));
    if (widths == NULL || hidden == NULL) {
        free(widths);
        free(hidden);
        return -1;
    }
    for (size_t r = 0; r < table->rows; r++) {
        for (size_t c = 0; c < table->columns; c++) {
            char text[1024];
            tourney_terminal_copy(text, sizeof(text), cell(table, r, c));
            size_t length = strlen(text);
            widths[c] = length > widths[c] ? length : widths[c];
        }
    }
    int count = 0;
    while (width > 0 && line_width(table, widths, hidden) > width) {
        size_t c = next_to_hide(table, hidden);
        if (c == table->columns) {
            break;
        }
        hidden[c] = true;
        count++;
    }
    print_rows(table, widths, hidden, out);
    if (left_out != NULL) {
        memcpy(left_out, hidden, table->columns * sizeof(*hidden));
    }
    free(widths);
    free(hidden);
    return ferror(out) ? -1 : count;
}

int tourney_table_print_text(const struct table *table, FILE *out)
{
    return tourney_table_print_fit(table, 0, NULL, out) < 0 ? -1 : 0;
}

int tourney_table_print_markdown(const struct table *table, FILE *out)
{
    if (table->failed) {
        return -1;
    }
    for (size_t r = 0; r < table->rows; r++) {
        fputc('|', out);
        for (size_t c = 0; c < table->columns; c++) {
            /* Figures (right-aligned) are the runner's own; text may be a
             * name from a log anyone can edit, whose '|' or line break
             * would forge a cell or a row. */
            fputc(' ', out);
            if (table->right[c] && r > 0) {
                fputs(cell(table, r, c), out);
            } else {
                tourney_markdown_text(out, cell(table, r, c));
            }
            fputs(" |", out);
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

size_t tourney_table_console_width(void)
{
    struct winsize size;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
        return size.ws_col;
    }
    const char *columns = getenv("COLUMNS");
    if (columns != NULL && columns[0] >= '1' && columns[0] <= '9') {
        char *end = NULL;
        unsigned long value = strtoul(columns, &end, 10);
        if (*end == '\0' && value <= TABLE_CONSOLE_WIDTH_MAX) {
            return value;
        }
    }
    return TABLE_CONSOLE_WIDTH;
}
