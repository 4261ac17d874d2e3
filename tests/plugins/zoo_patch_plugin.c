/* Attacks another agent's plugin on disk, in every move: the file
 * TOURNEY_ZOO_PLUGIN names. It patches its first bytes through a shared
 * mapping (RLIMIT_FSIZE does not see it), then truncates it, renames it
 * and removes it; logs how each went, "done" or why not, in one message:
 * "map: ..., truncate: ..., rename: ..., unlink: ...". */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tourney/tourney.h>

static const struct tourney_host *zoo_host;
static void *zoo_host_context;

#define ZOO_ON_CREATE(init) (zoo_host = (init)->host, zoo_host_context = (init)->host_context)
#define ZOO_NAME "patch-plugin"
#include "zoo_agent.h"

static const char *outcome(int status)
{
    return status == 0 ? "done" : strerror(errno);
}

/* Its ELF header's magic number, overwritten: the loader refuses it. */
static int patch(const char *path)
{
    int fd = open(path, O_RDWR);
    if (fd < 0) {
        return -1;
    }
    char *bytes = mmap(NULL, 4, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    int status = bytes == MAP_FAILED ? -1 : 0;
    if (status == 0) {
        memcpy(bytes, "ZOO!", 4);
        msync(bytes, 4, MS_SYNC);
        munmap(bytes, 4);
    }
    close(fd);
    return status;
}

static int misbehave(tourney_move *move)
{
    (void)move;
    const char *path = getenv("TOURNEY_ZOO_PLUGIN");
    path = path != NULL ? path : "/nonexistent/tourney-zoo-plugin.so";
    char renamed[4096];
    snprintf(renamed, sizeof(renamed), "%s.old", path);
    char message[256];
    int length = snprintf(message, sizeof(message), "map: %s", outcome(patch(path)));
    length += snprintf(message + length, sizeof(message) - (size_t)length, ", truncate: %s",
                       outcome(truncate(path, 0)));
    length += snprintf(message + length, sizeof(message) - (size_t)length, ", rename: %s",
                       outcome(rename(path, renamed)));
    snprintf(message + length, sizeof(message) - (size_t)length, ", unlink: %s",
             outcome(unlink(path)));
    zoo_host->log(zoo_host_context, TOURNEY_LOG_INFO, message);
    return TOURNEY_OK;
}
