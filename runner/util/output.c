#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

int tourney_mkdir_p(const char *path, struct error *err)
{
    char *copy = strdup(path);
    if (copy == NULL) {
        return tourney_error_set(err, "%s: out of memory", path);
    }
    /* Create each prefix in turn; existing directories are fine. */
    for (char *p = copy + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char saved = *p;
            *p = '\0';
            if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
                tourney_error_set_errno(err, "cannot create directory %s", copy);
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
        return tourney_error_set(err, "%s exists and is not a directory", path);
    }
    return 0;
}

int tourney_write_atomic(const char *dir, const char *name,
                         int (*write)(const void *context, FILE *out), const void *context,
                         struct error *err)
{
    char *target = tourney_format("%s/%s", dir, name);
    char *temporary = tourney_format("%s/.%s.tmp", dir, name);
    int status = -1;
    if (target == NULL || temporary == NULL) {
        tourney_error_set(err, "%s/%s: out of memory", dir, name);
        goto out;
    }
    FILE *file = fopen(temporary, "we"); /* close-on-exec (glibc) */
    if (file == NULL) {
        tourney_error_set_errno(err, "cannot create %s", temporary);
        goto out;
    }
    int written = write(context, file);
    int flushed = fflush(file);
    int synced = fsync(fileno(file));
    int closed = fclose(file);
    if (written != 0 || flushed != 0 || synced != 0 || closed != 0) {
        tourney_error_set(err, "cannot write %s: %s", temporary,
                          errno ? strerror(errno) : "write failed");
        unlink(temporary);
        goto out;
    }
    if (rename(temporary, target) != 0) {
        tourney_error_set_errno(err, "cannot rename %s to %s", temporary, target);
        unlink(temporary);
        goto out;
    }
    status = 0;
out:
    free(target);
    free(temporary);
    return status;
}
