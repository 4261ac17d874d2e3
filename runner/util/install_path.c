#include "install_path.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

char *tourney_install_path(const char *exe_path, const char *from_bin, const char *installed)
{
    const char *slash = exe_path != NULL ? strrchr(exe_path, '/') : NULL;
    if (slash != NULL && from_bin[0] != '\0') {
        char *found = tourney_format("%.*s/%s", (int)(slash - exe_path), exe_path, from_bin);
        if (found == NULL || access(found, F_OK) == 0) {
            return found;
        }
        free(found);
    }
    return strdup(installed);
}
