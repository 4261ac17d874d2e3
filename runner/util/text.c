#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

char *tourney_vformat(const char *fmt, va_list args)
{
    va_list copy;
    va_copy(copy, args);
    int length = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (length < 0) {
        return NULL;
    }
    char *text = malloc((size_t)length + 1);
    if (text == NULL) {
        return NULL;
    }
    vsnprintf(text, (size_t)length + 1, fmt, args);
    return text;
}

char *tourney_format(const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    char *text = tourney_vformat(fmt, args);
    va_end(args);
    return text;
}

char *tourney_strdup(const char *text)
{
    return text == NULL ? NULL : strdup(text);
}

bool tourney_parse_int64(const char *text, int64_t *out)
{
    /* strtoll skips blanks before the number; nothing may come before it. */
    if (text == NULL || (*text != '-' && *text != '+' && (*text < '0' || *text > '9'))) {
        return false;
    }
    char *end = NULL;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') {
        return false;
    }
    *out = (int64_t)value;
    return true;
}

bool tourney_parse_uint64(const char *text, uint64_t *out)
{
    /* strtoull accepts "-1" and wraps it around; refuse any sign. */
    if (text == NULL || *text < '0' || *text > '9') {
        return false;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0') {
        return false;
    }
    *out = (uint64_t)value;
    return true;
}

bool tourney_parse_bool(const char *text, bool *out)
{
    static const char *const truthy[] = {"true", "yes", "on", "1"};
    static const char *const falsy[] = {"false", "no", "off", "0"};
    for (size_t i = 0; i < sizeof(truthy) / sizeof(truthy[0]); i++) {
        if (strcasecmp(text, truthy[i]) == 0) {
            *out = true;
            return true;
        }
        if (strcasecmp(text, falsy[i]) == 0) {
            *out = false;
            return true;
        }
    }
    return false;
}

int tourney_hex_value(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

bool tourney_has_suffix(const char *text, const char *suffix)
{
    size_t length = strlen(text);
    size_t suffix_length = strlen(suffix);
    return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

void tourney_make_printable(char *text, bool allow_newlines)
{
    for (char *c = text; *c != '\0'; c++) {
        bool newline = allow_newlines && (*c == '\n' || *c == '\t');
        if ((*c < 0x20 || *c > 0x7e) && !newline) {
            *c = '?';
        }
    }
}

char *tourney_dirname(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        return strdup(".");
    }
    if (slash == path) {
        return strdup("/");
    }
    return strndup(path, (size_t)(slash - path));
}
