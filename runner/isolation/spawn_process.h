/*
 * spawn_process.h - starting a program as an agent process: a new program (exec,
 * so it starts clean), in a process group of its own, with signals as a new
 * program expects them, stdin on /dev/null, and the descriptors the
 * caller made on its descriptors 1, 2 and 3, and on 4 and 5 where given
 * (nothing else open), and the runner's environment cut to the allow-list
 * of agent_environment.h.
 *
 * With namespaces it also starts in a user, a PID and a network namespace
 * of its own (clone with CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET, which
 * posix_spawn cannot do): it is process 1 of its PID namespace, so no
 * signal it sends reaches a process outside, and every process it starts
 * dies with it; it has no network at all (a network namespace has only a
 * loopback device, and that down); and whatever privileges the runner has,
 * it has none outside its user namespace. Where the kernel refuses them
 * (user namespaces disabled, a container's filter), it starts without,
 * and says why.
 *
 * The kernel limits the tasks of a user (RLIMIT_NPROC, which the agent
 * process sets itself: child_limits.h) per user namespace, but never those
 * of root. So a runner running as root maps, in each new user namespace,
 * SPAWN_TASK_USER to the unprivileged SPAWN_TASK_USER_OUTSIDE, which the
 * agent process makes its real user (the one the kernel counts tasks by);
 * its effective user, which file access goes by, stays root's.
 *
 * The user and group the runner runs as (root's, or the unprivileged
 * user's) are mapped too, as SPAWN_OVERFLOW_ID: the id the agent saw them
 * as when they were not mapped, so nothing changes for it, but the agent
 * process can then make folders in a tmpfs of its own, for the files it
 * keeps in its own view of the file system (private_mounts.h), which the
 * kernel refuses to a user or group it cannot map.
 */
#ifndef TOURNEY_RUNNER_SPAWN_PROCESS_H
#define TOURNEY_RUNNER_SPAWN_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "error.h"

#define SPAWN_TASK_USER 1             /* in the agent process's namespace */
#define SPAWN_TASK_USER_OUTSIDE 65534 /* nobody, in the runner's */
#define SPAWN_OVERFLOW_ID 65534       /* the runner's user and group, in its namespace */

struct spawn_request {
    const char *const *argv; /* argv[0] is the program's absolute path */
    int fds[5];              /* its stdout, stderr, descriptors 3, 4 and 5; each 6 or
                                above, or -1 for 4 and 5 when not given */
    bool namespaces;         /* try the namespaces */
};

/* The outcome of the namespaces, when they were asked for. */
struct spawn_result {
    pid_t pid;
    bool namespaces;           /* it runs in namespaces of its own */
    char namespace_error[128]; /* why not, when asked for */
};

/* Starts the program. Returns 0 with RESULT filled, or -1 with ERR filled
 * when it could not be started at all. */
int tourney_spawn_process(const struct spawn_request *request, struct spawn_result *result,
                          struct error *err);

#endif /* TOURNEY_RUNNER_SPAWN_PROCESS_H */
