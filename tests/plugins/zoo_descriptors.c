/* Behaves, but tells (through the host's log, when created) which file
 * descriptors its process had open when the plugin was loaded, so a test
 * can check that nothing of the runner leaks into agent processes. */
#include <dirent.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define ZOO_NAME "descriptors"
#define ZOO_ON_CREATE(init) init->host->log(init->host_context, TOURNEY_LOG_INFO, descriptors)

/* Written once at load time, before the sandbox forbids opening
 * /proc/self/fd; global only because a constructor has nowhere else. */
static char descriptors[200] = "open descriptors:";

__attribute__((constructor)) static void list_descriptors(void)
{
    DIR *dir = opendir("/proc/self/fd");
    if (dir == NULL) {
        return;
    }
    int own = dirfd(dir);
    struct dirent *entry;
    int listed[64];
    int count = 0;
    while ((entry = readdir(dir)) != NULL && count < 64) {
        if (entry->d_name[0] != '.' && atoi(entry->d_name) != own) {
            listed[count++] = atoi(entry->d_name);
        }
    }
    closedir(dir);
    /* In ascending order, whatever order the directory gave. */
    for (int i = 0; i < count; i++) {
        for (int j = i + 1; j < count; j++) {
            if (listed[j] < listed[i]) {
                int swap = listed[i];
                listed[i] = listed[j];
                listed[j] = swap;
            }
        }
        size_t used = strlen(descriptors);
        snprintf(descriptors + used, sizeof(descriptors) - used, " %d", listed[i]);
    }
}

#include "zoo_agent.h"

static int misbehave(tourney_move *move)
{
    (void)move;
    return TOURNEY_OK;
}
