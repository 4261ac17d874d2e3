#include "html.h"

#include <inttypes.h>
#include <stdarg.h>

void tourney_html_text(FILE *out, const char *text)
{
    for (const char *p = text; *p != '\0'; p++) {
        switch (*p) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*p, out);
        }
    }
}

void tourney_html_textf(FILE *out, const char *fmt, ...)
{
    char text[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof(text), fmt, args);
    va_end(args);
    tourney_html_text(out, text);
}

void tourney_html_real(FILE *out, double value)
{
    /* jansson's JSON_REAL_PRECISION(10) prints "%.10g"; parsed back, both
     * give the same double. */
    fprintf(out, "%.10g", value);
}

/* Writes what json_dump_callback hands over, escaping < > &. */
static int dump_escaped(const char *buffer, size_t size, void *data)
{
    FILE *out = data;
    for (size_t i = 0; i < size; i++) {
        switch (buffer[i]) {
        case '<':
            fputs("\\u003c", out);
            break;
        case '>':
            fputs("\\u003e", out);
            break;
        case '&':
            fputs("\\u0026", out);
            break;
        default:
            fputc(buffer[i], out);
        }
    }
    return ferror(out) ? -1 : 0;
}

int tourney_html_json(FILE *out, const json_t *value)
{
    return json_dump_callback(value, dump_escaped, out, JSON_COMPACT | JSON_REAL_PRECISION(10));
}

void tourney_html_data(FILE *out, const char *key, double value)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fputs("\" data-value=\"", out);
    tourney_html_real(out, value);
    fputc('"', out);
}

void tourney_html_data_count(FILE *out, const char *key, uint64_t value)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fprintf(out, "\" data-value=\"%" PRIu64 "\"", value);
}

void tourney_html_data_null(FILE *out, const char *key)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fputs("\" data-value=\"null\"", out);
}

void tourney_html_data_agent(FILE *out, const char *attribute, const char *name)
{
    fprintf(out, " %s=\"", attribute);
    tourney_html_text(out, name);
    fputc('"', out);
}
