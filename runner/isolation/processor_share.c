/*
 * processor_share.c - holding a quick agent process on the runner's
 * processor (processor_share.h).
 */
#define _GNU_SOURCE
#include "processor_share.h"

#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

void tourney_processor_share_init(struct processor_share *share)
{
    share->held_on = -1;
    cpu_set_t runner;
    CPU_ZERO(&runner);
    share->able = sched_getaffinity(0, sizeof(runner), &runner) == 0 && CPU_COUNT(&runner) > 1;
}

/* Gives every thread of PID the processors SET. Threads are listed from
 * /proc (affinity belongs to a thread, and an agent may have made more);
 * without /proc, the first thread alone. */
static void set_every_thread(pid_t pid, const cpu_set_t *set)
{
    sched_setaffinity(pid, sizeof(*set), set);
    char path[64];
    snprintf(path, sizeof(path), "/proc/%ld/task", (long)pid);
    DIR *tasks = opendir(path);
    if (tasks == NULL) {
        return;
    }
    for (struct dirent *entry; (entry = readdir(tasks)) != NULL;) {
        char *end = NULL;
        long tid = strtol(entry->d_name, &end, 10);
        if (end != entry->d_name && *end == '\0' && tid != (long)pid) {
            sched_setaffinity((pid_t)tid, sizeof(*set), set);
        }
    }
    closedir(tasks);
}

/* Gives every thread of PID the processors the runner may run on. */
static void set_free(pid_t pid)
{
    cpu_set_t runner;
    CPU_ZERO(&runner);
    if (sched_getaffinity(0, sizeof(runner), &runner) == 0) {
        set_every_thread(pid, &runner);
    }
}

void tourney_processor_share_hold(struct processor_share *share, pid_t pid)
{
    int here = share->able ? sched_getcpu() : -1;
    if (here < 0 || here == share->held_on) {
        return;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(here, &one);
    /* The first thread alone: one system call, as the runner moves from
     * processor to processor on a busy machine. */
    if (sched_setaffinity(pid, sizeof(one), &one) == 0) {
        share->held_on = here;
    } else {
        /* Not allowed: it runs where the kernel puts it, from now on. */
        share->able = false;
        share->held_on = -1;
        set_free(pid);
    }
}

void tourney_processor_share_release(struct processor_share *share, pid_t pid)
{
    if (share->held_on >= 0) {
        set_free(pid);
        share->held_on = -1;
    }
}
