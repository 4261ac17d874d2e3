#include "error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tourney_error_clear(struct error *err)
{
    if (err != NULL) {
        err->text[0] = '\0';
    }
}

bool tourney_error_is_set(const struct error *err)
{
    return err != NULL && err->text[0] != '\0';
}

int tourney_error_vset(struct error *err, const char *format, va_list args)
{
    if (err != NULL) {
        vsnprintf(err->text, sizeof(err->text), format, args);
    }
    return -1;
}

int tourney_error_set(struct error *err, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    tourney_error_vset(err, format, args);
    va_end(args);
    return -1;
}

int tourney_error_set_errno(struct error *err, const char *format, ...)
{
    int saved = errno;
    if (err == NULL) {
        return -1;
    }
    va_list args;
    va_start(args, format);
    int length = vsnprintf(err->text, sizeof(err->text), format, args);
    va_end(args);
    if (length >= 0 && (size_t)length < sizeof(err->text)) {
        snprintf(err->text + length, sizeof(err->text) - (size_t)length, ": %s", strerror(saved));
    }
    return -1;
}

int tourney_error_prefix(struct error *err, const char *format, ...)
{
    if (err == NULL) {
        return -1;
    }
    char prefix[TOURNEY_ERROR_SIZE];
    va_list args;
    va_start(args, format);
    vsnprintf(prefix, sizeof(prefix), format, args);
    va_end(args);
    if (err->text[0] == '\0') {
        memcpy(err->text, prefix, sizeof(err->text));
        return -1;
    }
    /* Room for both in full, then cut to fit: a long reason loses its end. */
    char joined[2 * TOURNEY_ERROR_SIZE + 2];
    snprintf(joined, sizeof(joined), "%s: %s", prefix, err->text);
    snprintf(err->text, sizeof(err->text), "%.*s", (int)(sizeof(err->text) - 1), joined);
    return -1;
}

int tourney_error_nomem(struct error *err)
{
    return tourney_error_set(err, "out of memory");
}
