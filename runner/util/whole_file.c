#include "whole_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int tourney_read_whole_file(const char *path, char **text, size_t *length, struct error *err)
{
    *text = NULL;
    *length = 0;
    /* "e": close-on-exec, as every descriptor of the runner (glibc). */
    FILE *file = fopen(path, "rbe");
    if (file == NULL) {
        return tourney_error_set_errno(err, "cannot open");
    }
    char *buffer = NULL;
    size_t used = 0;
    size_t capacity = 0;
    int status = 0;
    for (;;) {
        if (capacity - used < 4096) {
            capacity = capacity ? capacity * 2 : 8192;
            char *grown = realloc(buffer, capacity);
            if (grown == NULL) {
                status = tourney_error_set(err, "out of memory while reading");
                break;
            }
            buffer = grown;
        }
        /* Room is left for the NUL. */
        size_t got = fread(buffer + used, 1, capacity - used - 1, file);
        used += got;
        if (got == 0) {
            if (ferror(file)) {
                status = tourney_error_set_errno(err, "cannot read");
            }
            break;
        }
    }
    fclose(file);
    if (status != 0) {
        free(buffer);
        return -1;
    }
    buffer[used] = '\0';
    *text = buffer;
    *length = used;
    return 0;
}
