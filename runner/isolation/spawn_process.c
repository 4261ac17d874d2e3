/* Linux and glibc interfaces: clone, the namespace flags, close_range. */
#define _GNU_SOURCE
#include "spawn_process.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent_environment.h"
#include "stop_requests.h"

extern char **environ;

/* Handled signals return to their default action at exec anyway; these
 * are the ones a runner may have been started with ignored (nohup, a
 * shell's background job) or ignores itself. */
static const int reset[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD,
                            SIGXFSZ, SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2};

static bool is_reset(int signal_number)
{
    for (size_t i = 0; i < sizeof(reset) / sizeof(reset[0]); i++) {
        if (reset[i] == signal_number) {
            return true;
        }
    }
    return false;
}

/* The requests to stop (stop_requests.h) start blocked in the new program,
 * whatever the runner blocks: a job's end sent to every process at once
 * would otherwise kill an agent host before it has its handlers, and its
 * game would be recorded as the agent's crash. Pending, they reach the
 * handlers the host installs and then unblocks (tourney_child_watch_signals),
 * which tell the runner it was stopped from outside. */

/* The first descriptor the program must not find open. */
static int first_closed(const struct spawn_request *r)
{
    return r->fds[4] >= 0 ? 6 : r->fds[3] >= 0 ? 5 : 4;
}

static int spawn_plain(const struct spawn_request *r, char *const *env, pid_t *pid,
                       struct error *err)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    if (posix_spawn_file_actions_init(&actions) != 0) {
        return tourney_error_nomem(err);
    }
    if (posix_spawnattr_init(&attr) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return tourney_error_nomem(err);
    }
    sigset_t stops, defaults;
    tourney_stop_requests(&stops);
    sigemptyset(&defaults);
    for (size_t i = 0; i < sizeof(reset) / sizeof(reset[0]); i++) {
        sigaddset(&defaults, reset[i]);
    }
    /* Every other descriptor of the runner is close-on-exec; these three are
     * the only ones the new program finds open, with stdin on /dev/null. */
    int status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    status = status ? status : posix_spawn_file_actions_adddup2(&actions, r->fds[0], 1);
    status = status ? status : posix_spawn_file_actions_adddup2(&actions, r->fds[1], 2);
    status = status ? status : posix_spawn_file_actions_adddup2(&actions, r->fds[2], 3);
    for (int i = 3; i < 5; i++) {
        if (r->fds[i] >= 0) {
            status =
                status ? status : posix_spawn_file_actions_adddup2(&actions, r->fds[i], i + 1);
        }
    }
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    /* Descriptors the runner inherited without close-on-exec go too. */
    status = status ? status : posix_spawn_file_actions_addclosefrom_np(&actions, first_closed(r));
#endif
    /* A process group of its own, so that one kill reaches whatever it
     * starts, and Ctrl-C at the terminal goes to the runner alone; signals
     * as a new program expects them, whatever the runner blocks or ignores. */
    status = status
                 ? status
                 : posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                                       POSIX_SPAWN_SETSIGDEF);
    status = status ? status : posix_spawnattr_setpgroup(&attr, 0);
    status = status ? status : posix_spawnattr_setsigmask(&attr, &stops);
    status = status ? status : posix_spawnattr_setsigdefault(&attr, &defaults);
    if (status == 0) {
        /* posix_spawn's prototype predates const; it does not write to argv. */
        char *const *args;
        memcpy(&args, &r->argv, sizeof(args));
        status = posix_spawn(pid, r->argv[0], &actions, &attr, args, env);
    }
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        return tourney_error_set(err, "cannot start %s: %s", r->argv[0], strerror(status));
    }
    return 0;
}

/* The kernel's struct sigaction, for rt_sigaction (the generic layout of
 * x86-64 and arm64). */
struct kernel_sigaction {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)(void);
    uint64_t mask;
};

/* What the new process needs until it executes the program. */
struct child_plan {
    const struct spawn_request *request;
    char *const *env; /* the program's environment */
    bool keep_setuid; /* the runner is root: it will map a user to count tasks by */
    uint64_t stops;   /* the signal mask it starts with (stop_requests.h) */
    int error;        /* errno of the step that failed, set by the child */
};

/* Lets the program keep, through its exec, capabilities in its own user
 * namespace (where the clone gave it all): to mount, for the view of the
 * file system an agent without the sandbox gets (private_mounts.h), and,
 * under a runner running as root, to take the user the runner maps for it
 * to count its tasks by. Ambient capabilities, which the agent process
 * drops as soon as it has used them (child_limits.h), before any code of
 * an agent runs. Raw system calls, as everything in the child. */
static void keep_capabilities(bool setuid)
{
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct data[2];
    if (syscall(SYS_capget, &header, data) != 0) {
        return;
    }
    data[0].inheritable |= 1U << CAP_SYS_ADMIN;
    if (setuid) {
        data[0].inheritable |= 1U << CAP_SETUID;
    }
    if (syscall(SYS_capset, &header, data) == 0) {
        syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_SYS_ADMIN, 0, 0);
        if (setuid) {
            syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_SETUID, 0, 0);
        }
    }
}

/* The child between clone and exec. It runs in the runner's memory (on a
 * stack of its own, the runner suspended until it execs), as a child of
 * posix_spawn does: so it makes raw system calls only, never a library
 * function that could take a lock, allocate, or be intercepted by a
 * sanitizer. */
static int child_main(void *arg)
{
    struct child_plan *plan = arg;
    const struct spawn_request *r = plan->request;
    /* Signals with a handler in the runner would run it here, in the
     * runner's memory, once unblocked: they go back to their defaults,
     * with those of the reset list. */
    struct kernel_sigaction default_action = {.handler = SIG_DFL};
    for (int sig = 1; sig < _NSIG; sig++) {
        struct kernel_sigaction old;
        if (sig == SIGKILL || sig == SIGSTOP ||
            syscall(SYS_rt_sigaction, sig, NULL, &old, sizeof(old.mask)) != 0) {
            continue;
        }
        if (old.handler != SIG_DFL && (old.handler != SIG_IGN || is_reset(sig))) {
            syscall(SYS_rt_sigaction, sig, &default_action, NULL, sizeof(old.mask));
        }
    }
    int null = (int)syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDONLY, 0);
    bool ok = syscall(SYS_setpgid, 0, 0) == 0 && null >= 0 &&
              (null == 0 || syscall(SYS_dup3, null, 0, 0) == 0) &&
              syscall(SYS_dup3, r->fds[0], 1, 0) == 1 && syscall(SYS_dup3, r->fds[1], 2, 0) == 2 &&
              syscall(SYS_dup3, r->fds[2], 3, 0) == 3 &&
              (r->fds[3] < 0 || syscall(SYS_dup3, r->fds[3], 4, 0) == 4) &&
              (r->fds[4] < 0 || syscall(SYS_dup3, r->fds[4], 5, 0) == 5);
    if (ok) {
#ifdef SYS_close_range
        /* Everything else the runner had open is close-on-exec anyway. */
        syscall(SYS_close_range, (unsigned)first_closed(r), ~0U, 0U);
#endif
        uint64_t stops = plan->stops;
        syscall(SYS_rt_sigprocmask, SIG_SETMASK, &stops, NULL, sizeof(stops));
        keep_capabilities(plan->keep_setuid);
        syscall(SYS_execve, r->argv[0], r->argv, plan->env);
    }
    plan->error = errno != 0 ? errno : EINVAL;
    syscall(SYS_exit_group, 127);
    return 127;
}

/* Starts the program in namespaces of its own. Returns 0, -1 with ERR
 * filled when the program could not be started, or 1 when the kernel
 * refused the namespaces (with *REFUSED, its errno). */
static int spawn_in_namespaces(const struct spawn_request *r, char *const *env, pid_t *pid,
                               int *refused, struct error *err)
{
    /* The child needs little: raw system calls and no frames to speak of. */
    const size_t stack_size = 65536;
    char *stack = mmap(NULL, stack_size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
        return tourney_error_set_errno(err, "cannot start %s", r->argv[0]);
    }
    struct child_plan plan = {.request = r,
                              .env = env,
                              .keep_setuid = geteuid() == 0,
                              .stops = tourney_stop_request_mask()};
    /* No handler of the runner may run in the child before it resets them. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int flags = CLONE_VM | CLONE_VFORK | SIGCHLD | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET;
    /* CLONE_VFORK: this returns once the child has executed the program,
     * or given up. */
    *pid = clone(child_main, stack + stack_size, flags, &plan);
    int clone_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    munmap(stack, stack_size);
    if (*pid < 0 && clone_errno == EAGAIN) {
        *pid = 0;
        *refused = EAGAIN;
        /* Too many tasks (a user's limit, a pids cgroup): not a refusal of
         * the namespaces, and a start without them would fail as well. */
        return tourney_error_set(err, "cannot start %s: %s", r->argv[0], strerror(clone_errno));
    }
    if (*pid < 0) {
        *refused = clone_errno;
        return 1;
    }
    if (plan.error != 0) {
        int status;
        while (waitpid(*pid, &status, 0) < 0 && errno == EINTR) {
        }
        *pid = 0;
        return tourney_error_set(err, "cannot start %s: %s", r->argv[0], strerror(plan.error));
    }
    return 0;
}

/* Writes TEXT into /proc/PID/NAME; returns whether it was taken. */
static bool write_proc(pid_t pid, const char *name, const char *text)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%ld/%s", (long)pid, name);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    size_t length = strlen(text);
    bool written = write(fd, text, length) == (ssize_t)length;
    close(fd);
    return written;
}

/* Gives the new user namespace of PID its users (spawn_process.h). Where a
 * write fails (a runner in a container's user namespace, without nobody),
 * its tasks go uncounted, as root's always are, or its view of the file
 * system cannot make folders for what it keeps (private_mounts.h). */
static void map_users(pid_t pid)
{
    char map[96];
    if (geteuid() == 0) {
        snprintf(map, sizeof(map), "%d %d 1\n%d 0 1\n", SPAWN_TASK_USER, SPAWN_TASK_USER_OUTSIDE,
                 SPAWN_OVERFLOW_ID);
        if (!write_proc(pid, "uid_map", map)) {
            snprintf(map, sizeof(map), "%d %d 1\n", SPAWN_TASK_USER, SPAWN_TASK_USER_OUTSIDE);
            write_proc(pid, "uid_map", map);
        }
        snprintf(map, sizeof(map), "%d 0 1\n", SPAWN_OVERFLOW_ID);
        write_proc(pid, "gid_map", map);
        return;
    }
    /* An unprivileged runner may map its own user and group, and the
     * group only once the namespace can never call setgroups. */
    snprintf(map, sizeof(map), "%d %ld 1\n", SPAWN_OVERFLOW_ID, (long)geteuid());
    write_proc(pid, "uid_map", map);
    if (write_proc(pid, "setgroups", "deny")) {
        snprintf(map, sizeof(map), "%d %ld 1\n", SPAWN_OVERFLOW_ID, (long)getegid());
        write_proc(pid, "gid_map", map);
    }
}

int tourney_spawn_process(const struct spawn_request *r, struct spawn_result *result,
                          struct error *err)
{
    memset(result, 0, sizeof(*result));
    /* Only the variables of the allow-list (agent_environment.h): what is
     * not in the new program's environment is nowhere in its memory. */
    char **env = tourney_agent_environment(environ);
    if (env == NULL) {
        return tourney_error_nomem(err);
    }
    int status = 1;
    if (r->namespaces) {
        int refused = 0;
        status = spawn_in_namespaces(r, env, &result->pid, &refused, err);
        /* Tasks run short for a moment (processes of other agents being
         * reaped): tried twice more, 10 and 50 ms later. */
        for (int wait_ms = 10; status < 0 && refused == EAGAIN && wait_ms <= 50; wait_ms *= 5) {
            struct timespec pause = {0, wait_ms * 1000000L};
            nanosleep(&pause, NULL);
            refused = 0;
            status = spawn_in_namespaces(r, env, &result->pid, &refused, err);
        }
        if (status == 0) {
            map_users(result->pid);
        }
        if (status <= 0) {
            result->namespaces = status == 0;
        } else {
            snprintf(result->namespace_error, sizeof(result->namespace_error),
                     "the kernel refused new user, PID and network namespaces: %s",
                     strerror(refused));
        }
    }
    if (status > 0) {
        status = spawn_plain(r, env, &result->pid, err);
        if (status != 0) {
            result->pid = 0;
        }
    }
    free(env);
    return status;
}
