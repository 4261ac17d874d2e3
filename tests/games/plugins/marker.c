/*
 * tests/games/plugins/marker.c - code that runs as soon as it is loaded: its
 * constructor creates the file $TOURNEY_TEST_MARKER. A results log whose
 * header names this file as its game must not get `tourney report`,
 * `replay` or `merge` to load it.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void leave_mark(void)
{
    const char *path = getenv("TOURNEY_TEST_MARKER");
    if (path != NULL) {
        int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0) {
            close(fd);
        }
    }
}
