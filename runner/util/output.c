#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out_dir.h"
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
    struct out_dir opened;
    if (tourney_out_dir_open(&opened, dir, false, err) != 0) {
        return -1;
    }
    int status = tourney_out_dir_write(&opened, name, write, context, err);
    tourney_out_dir_close(&opened);
    return status;
}
