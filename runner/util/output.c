#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

int tourney_mkdir_p(const char *path, char *error, size_t error_size)
{
    char *copy = strdup(path);
    if (copy == NULL) {
        snprintf(error, error_size, "%s: out of memory", path);
        return -1;
    }
    /* Create each prefix in turn; existing directories are fine. */
    for (char *p = copy + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char saved = *p;
            *p = '\0';
            if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
                snprintf(error, error_size, "cannot create directory %s: %s", copy,
                         strerror(errno));
                free(copy);
                return -1;
            }
            *p = saved;
            if (saved == '\0') {
                break;
            }
        }
    }
    free(copy);
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISDIR(info.st_mode)) {
        snprintf(error, error_size, "%s exists and is not a directory", path);
        return -1;
    }
    return 0;
}

int tourney_write_atomic(const char *dir, const char *name,
                         int (*write)(const void *context, FILE *out), const void *context,
                         char *error, size_t error_size)
{
    char *target = tourney_format("%s/%s", dir, name);
    char *temporary = tourney_format("%s/.%s.tmp", dir, name);
    int status = -1;
    if (target == NULL || temporary == NULL) {
        snprintf(error, error_size, "%s/%s: out of memory", dir, name);
        goto out;
    }
    FILE *file = fopen(temporary, "we"); /* close-on-exec (glibc) */
    if (file == NULL) {
        snprintf(error, error_size, "cannot create %s: %s", temporary, strerror(errno));
        goto out;
    }
    int written = write(context, file);
    int flushed = fflush(file);
    int synced = fsync(fileno(file));
    int closed = fclose(file);
    if (written != 0 || flushed != 0 || synced != 0 || closed != 0) {
        snprintf(error, error_size, "cannot write %s: %s", temporary,
                 errno ? strerror(errno) : "write failed");
        unlink(temporary);
        goto out;
    }
    if (rename(temporary, target) != 0) {
        snprintf(error, error_size, "cannot rename %s to %s: %s", temporary, target,
                 strerror(errno));
        unlink(temporary);
        goto out;
    }
    status = 0;
out:
    free(target);
    free(temporary);
    return status;
}
