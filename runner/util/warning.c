#include "warning.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

void tourney_warn(const struct warnings *warn, const char *format, ...)
{
    if (warn == NULL || warn->say == NULL) {
        return;
    }
    char text[TOURNEY_ERROR_SIZE];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    /* A list of shards or games can be longer than a reason: said whole
     * when there is memory for it, cut when there is not. */
    char *whole = NULL;
    if (length >= (int)sizeof(text)) {
        whole = malloc((size_t)length + 1);
    }
    if (whole != NULL) {
        va_start(args, format);
        vsnprintf(whole, (size_t)length + 1, format, args);
        va_end(args);
    }
    warn->say(warn->context, whole != NULL ? whole : text);
    free(whole);
}
