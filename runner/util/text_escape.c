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

static void put_escaped(FILE *out, const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "\\x%02x", (unsigned char)bytes[i]);
    }
}

void tourney_terminal_text(FILE *out, const char *text, bool lines)
{
    while (*text != '\0') {
        bool escape;
        size_t n = next_unit(text, lines, &escape);
        if (escape) {
            put_escaped(out, text, n);
        } else {
            fwrite(text, 1, n, out);
        }
        text += n;
    }
}

void tourney_terminal_copy(char *out, size_t size, const char *text)
{
    static const char hex[] = "0123456789abcdef";
    size_t used = 0;
    while (*text != '\0') {
        bool escape;
        size_t n = next_unit(text, false, &escape);
        size_t width = escape ? 4 * n : n;
        if (used + width >= size) {
            break;
        }
        for (size_t i = 0; i < n; i++) {
            if (escape) {
                unsigned char byte = (unsigned char)text[i];
                out[used++] = '\\';
                out[used++] = 'x';
                out[used++] = hex[byte >> 4];
                out[used++] = hex[byte & 0xf];
            } else {
                out[used++] = text[i];
            }
        }
        text += n;
    }
    out[used] = '\0';
}

static bool is_alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void tourney_markdown_text(FILE *out, const char *text)
{
    char previous = ' ';
    while (*text != '\0') {
        bool escape;
        size_t n = next_unit(text, false, &escape);
        if (escape) {
            put_escaped(out, text, n);
        } else {
            /* An underscore inside a word emphasises nothing (tie_break). */
            bool inside = *text == '_' && is_alnum(previous) && is_alnum(text[1]);
            if (n == 1 && strchr("\\`*_[]<>|&~", *text) != NULL && !inside) {
                fputc('\\', out);
            }
            fwrite(text, 1, n, out);
        }
        previous = *text;
        text += n;
    }
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

void tourney_csv_field(FILE *out, const char *text)
{
    bool quote = strpbrk(text, ",\"") != NULL;
    fputs(quote ? "\"" : "", out);
    while (*text != '\0') {
        bool escape;
        size_t n = next_unit(text, false, &escape);
        if (escape) {
            put_escaped(out, text, n);
        } else {
            fputs(*text == '"' ? "\"" : "", out);
            fwrite(text, 1, n, out);
        }
        text += n;
    }
    fputs(quote ? "\"" : "", out);
}
