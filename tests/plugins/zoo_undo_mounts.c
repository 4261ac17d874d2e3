/* Tries, in every move, to undo the read-only view of the file system an
 * agent without the sandbox gets: unmount the empty /tmp that hides the
 * machine's, and mount / writable again; then the same from a child in a
 * user and mount namespace of its own, where it has every capability.
 * Logs how each went: "umount: ..., remount: ..., in a namespace of its
 * own: umount: ..., remount: ..." ("done", or why not). */
/* Linux interfaces: unshare, umount2, the namespace flags. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "undo-mounts"
#include "zoo_agent.h"

static const char *outcome(int status)
{
    return status == 0 ? "done" : strerror(errno);
}

static int attempt(char *text, size_t size)
{
    int length = snprintf(text, size, "umount: %s", outcome(umount2("/tmp", MNT_DETACH)));
    return length + snprintf(text + length, size - (size_t)length, ", remount: %s",
                             outcome(mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND, NULL)));
}

static int misbehave(tourney_move *move)
{
    (void)move;
    char message[512];
    int length = attempt(message, sizeof(message));
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {
        return TOURNEY_OK;
    }
    pid_t child = fork();
    if (child == 0) {
        char text[256];
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
            snprintf(text, sizeof(text), "no namespace: %s", strerror(errno));
        } else {
            attempt(text, sizeof(text));
        }
        ssize_t written = write(pipe_fds[1], text, strlen(text));
        (void)written;
        _exit(0);
    }
    close(pipe_fds[1]);
    char text[256] = "";
    ssize_t got = child > 0 ? read(pipe_fds[0], text, sizeof(text) - 1) : -1;
    text[got > 0 ? got : 0] = '\0';
    close(pipe_fds[0]);
    if (child > 0) {
        waitpid(child, NULL, 0);
    }
    snprintf(message + length, sizeof(message) - (size_t)length, ", in a namespace of its own: %s",
             text);
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
