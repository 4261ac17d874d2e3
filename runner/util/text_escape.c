#include "text_escape.h"

#include <string.h>

#include "text_bytes.h"

/* The length of the unit at TEXT as it is written: the character itself
 * (*ESCAPE false), or \xHH for each of its bytes (*ESCAPE true). KEEP_LINES
 * keeps line breaks and tabs. */
static size_t next_unit(const char *text, bool keep_lines, bool *escape)
{
    size_t length = strnlen(text, 4);
    size_t n = tourney_utf8_char_length(text, length);
    unsigned char first = (unsigned char)text[0];
    if (n == 0) {
        *escape = true;
        return 1;
    }
    bool line = keep_lines && (first == '\n' || first == '\t');
    bool c0 = first < 0x20 || first == 0x7f;
    /* U+0080 to U+009F: C1 controls, which some terminals obey (CSI). */
    bool c1 = first == 0xc2 && (unsigned char)text[1] < 0xa0;
    *escape = (c0 && !line) || c1;
    return n;
}

/* Where the units of a text go, as each writer wants them: a character
 * written as itself (ESCAPE false) or as \xHH per byte (ESCAPE true).
 * Returns false to stop the walk. */
typedef bool (*unit_sink)(void *context, const char *unit, size_t n, bool escape);

/* Hands TEXT's units, one at a time, to SINK: the one walk all writers
 * share, so that all escape the very same bytes. */
static void walk(const char *text, bool keep_lines, unit_sink sink, void *context)
{
    while (*text != '\0') {
        bool escape;
        size_t n = next_unit(text, keep_lines, &escape);
        if (!sink(context, text, n, escape)) {
            return;
        }
        text += n;
    }
}

static void put_escaped(FILE *out, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "\\x%02x", (unsigned char)bytes[i]);
    }
}

static bool to_terminal(void *context, const char *unit, size_t n, bool escape)
{
    FILE *out = context;
    if (escape) {
        put_escaped(out, unit, n);
    } else {
        fwrite(unit, 1, n, out);
    }
    return true;
}

void tourney_terminal_text(FILE *out, const char *text, bool lines)
{
    walk(text, lines, to_terminal, out);
}

void tourney_terminal_say(FILE *out, const char *prefix, const char *text)
{
    fputs(prefix, out);
    tourney_terminal_text(out, text, false);
    fputc('\n', out);
}

/* A buffer filled by tourney_terminal_copy. */
struct copy {
    char *out;
    size_t size;
    size_t used;
};

static bool to_copy(void *context, const char *unit, size_t n, bool escape)
{
    static const char hex[] = "0123456789abcdef";
    struct copy *c = context;
    size_t width = escape ? 4 * n : n;
    if (c->used + width >= c->size) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (escape) {
            unsigned char byte = (unsigned char)unit[i];
            c->out[c->used++] = '\\';
            c->out[c->used++] = 'x';
            c->out[c->used++] = hex[byte >> 4];
            c->out[c->used++] = hex[byte & 0xf];
        } else {
            c->out[c->used++] = unit[i];
        }
    }
    return true;
}

void tourney_terminal_copy(char *out, size_t size, const char *text)
{
    struct copy c = {.out = out, .size = size, .used = 0};
    walk(text, false, to_copy, &c);
    out[c.used] = '\0';
}

static bool is_alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Markdown being written: the character before the unit at hand. */
struct markdown {
    FILE *out;
    char previous;
};

static bool to_markdown(void *context, const char *unit, size_t n, bool escape)
{
    struct markdown *m = context;
    if (escape) {
        put_escaped(m->out, unit, n);
    } else {
        /* An underscore inside a word emphasises nothing (tie_break). */
        bool inside = *unit == '_' && is_alnum(m->previous) && is_alnum(unit[1]);
        if (n == 1 && strchr("\\`*_[]<>|&~", *unit) != NULL && !inside) {
            fputc('\\', m->out);
        }
        fwrite(unit, 1, n, m->out);
    }
    m->previous = *unit;
    return true;
}

void tourney_markdown_text(FILE *out, const char *text)
{
    struct markdown m = {.out = out, .previous = ' '};
    walk(text, false, to_markdown, &m);
}

void tourney_markdown_code(FILE *out, const char *text)
{
    /* A fence one backtick longer than the longest run inside; a space
     * inside it where the text starts or ends with a backtick. */
    size_t longest = 0;
    size_t run = 0;
    for (const char *p = text; *p != '\0'; p++) {
        run = *p == '`' ? run + 1 : 0;
        longest = run > longest ? run : longest;
    }
    size_t length = strlen(text);
    bool pad = length > 0 && (text[0] == '`' || text[length - 1] == '`');
    for (size_t i = 0; i <= longest; i++) {
        fputc('`', out);
    }
    fputs(pad ? " " : "", out);
    tourney_terminal_text(out, text, false);
    fputs(pad ? " " : "", out);
    for (size_t i = 0; i <= longest; i++) {
        fputc('`', out);
    }
}

static bool to_csv(void *context, const char *unit, size_t n, bool escape)
{
    FILE *out = context;
    if (escape) {
        put_escaped(out, unit, n);
    } else {
        fputs(*unit == '"' ? "\"" : "", out);
        fwrite(unit, 1, n, out);
    }
    return true;
}

void tourney_csv_field(FILE *out, const char *text)
{
    bool quote = strpbrk(text, ",\"") != NULL;
    fputs(quote ? "\"" : "", out);
    walk(text, false, to_csv, out);
    fputs(quote ? "\"" : "", out);
}
