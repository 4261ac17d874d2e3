/* Makes the kernel signal another process for it: in a move it names a
 * process as the owner of its stdout (fcntl F_SETOWN, F_SETOWN_EX, or the
 * ioctl FIOSETOWN), asks for a signal on every change (O_ASYNC) and prints
 * a line; as the runner reads the line, the kernel sends SIGIO (or, after
 * F_SETSIG, the signal named) to the owner. TOURNEY_ZOO_TARGET names the
 * process: "runner" (its parent) or a pid; TOURNEY_ZOO_FCNTL the way:
 * setown, setsig (F_SETOWN and F_SETSIG SIGKILL), setown_ex, async (only
 * O_ASYNC, no owner) or ioctl. Errors are ignored: it plays on. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#define ZOO_NAME "fcntl-signal"
#include "zoo_agent.h"

static pid_t target(void)
{
    const char *named = getenv("TOURNEY_ZOO_TARGET");
    if (named == NULL || strcmp(named, "runner") == 0) {
        return getppid();
    }
    return (pid_t)atoi(named);
}

static int misbehave(tourney_move *move)
{
    const char *how = getenv("TOURNEY_ZOO_FCNTL");
    how = how != NULL ? how : "setown";
    pid_t owner = target();
    if (strcmp(how, "ioctl") == 0) {
        int on = 1;
        ioctl(1, FIOSETOWN, &owner);
        ioctl(1, FIOASYNC, &on);
    } else {
        if (strcmp(how, "setown") == 0 || strcmp(how, "setsig") == 0) {
            fcntl(1, F_SETOWN, owner);
        }
        if (strcmp(how, "setsig") == 0) {
            fcntl(1, F_SETSIG, SIGKILL);
        }
        if (strcmp(how, "setown_ex") == 0) {
            struct f_owner_ex ex = {.type = F_OWNER_PID, .pid = owner};
            fcntl(1, F_SETOWN_EX, &ex);
        }
        fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_ASYNC | O_NONBLOCK);
    }
    static const char line[] = "signalling through stdout\n";
    ssize_t written = write(1, line, sizeof(line) - 1);
    (void)written;
    (void)move;
    return TOURNEY_OK;
}
