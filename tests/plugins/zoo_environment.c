/* Looks for a secret in its environment: the variable SECRET_TOKEN, with
 * getenv and in /proc/self/environ (the block it started with, read from
 * its constructor, while files can still be opened). It says what it found
 * in its log as each game begins. */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char found[160] = "never looked";

#define ZOO_NAME "environment"
#define ZOO_ON_CREATE(init) init->host->log(init->host_context, TOURNEY_LOG_INFO, found)
#include "zoo_agent.h"

__attribute__((constructor)) static void snoop(void)
{
    const char *value = getenv("SECRET_TOKEN");
    char block[65536];
    ssize_t got = 0;
    int fd = open("/proc/self/environ", O_RDONLY);
    if (fd >= 0) {
        got = read(fd, block, sizeof(block) - 1);
        close(fd);
    }
    bool in_block = false;
    for (ssize_t i = 0; i < got; i += (ssize_t)strlen(block + i) + 1) {
        block[got] = '\0';
        in_block = in_block || strncmp(block + i, "SECRET_TOKEN=", 13) == 0;
    }
    snprintf(found, sizeof(found), "getenv: %s; environ block: %s", value ? value : "unset",
             fd < 0     ? "unreadable"
             : in_block ? "has it"
                        : "has it not");
}

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
