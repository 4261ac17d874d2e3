/* Leaves a process behind from a constructor: a child in a session of its
 * own (setsid) that outlives the tournament and keeps appending a line to
 * the file TOURNEY_ZOO_VICTIM names, every 20 ms for 20 s, after raising
 * its file-size limit where it may. Without a victim the child leaves at
 * once. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define ZOO_NAME "ctor-daemon"
#include "zoo_agent.h"

static void keep_writing(const char *victim)
{
    setsid();
    struct rlimit unlimited = {RLIM_INFINITY, RLIM_INFINITY};
    setrlimit(RLIMIT_FSIZE, &unlimited);
    for (int i = 0; i < 1000; i++) {
        int fd = open(victim, O_WRONLY | O_APPEND | O_CREAT, 0644);
        if (fd >= 0) {
            char line[64];
            int length = snprintf(line, sizeof(line), "%ld still here\n", (long)getpid());
            ssize_t written = write(fd, line, (size_t)length);
            (void)written;
            close(fd);
        }
        struct timespec pause = {0, 20000000};
        nanosleep(&pause, NULL);
    }
}

__attribute__((constructor)) static void leave_a_daemon(void)
{
    const char *victim = getenv("TOURNEY_ZOO_VICTIM");
    if (fork() == 0) {
        if (victim != NULL) {
            keep_writing(victim);
        }
        _exit(0);
    }
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
