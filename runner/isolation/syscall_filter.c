/* Linux interfaces: CLONE_THREAD, the fcntl commands. */
#define _GNU_SOURCE
#include "syscall_filter.h"

#include <fcntl.h>
#include <unistd.h>

#include "filter_count.h"

#ifdef TOURNEY_HAVE_SECCOMP

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <seccomp.h>

/* Allowed with any arguments, in both stages. */
static const int allowed[] = {
    /* the descriptors it has: the pipes, the control socket */
    SCMP_SYS(read),
    SCMP_SYS(write),
    SCMP_SYS(readv),
    SCMP_SYS(writev),
    SCMP_SYS(pread64),
    SCMP_SYS(pwrite64),
    SCMP_SYS(close),
    SCMP_SYS(lseek),
    SCMP_SYS(fstat),
    /* stdio's first write asks for the descriptor's type this way; it can
     * also look up a path's metadata, but never open it */
    SCMP_SYS(newfstatat),
    /* memory, as malloc and the loader manage it */
    SCMP_SYS(brk),
    SCMP_SYS(mmap),
    SCMP_SYS(munmap),
    SCMP_SYS(mremap),
    SCMP_SYS(mprotect),
    SCMP_SYS(madvise),
    SCMP_SYS(msync),
    SCMP_SYS(membarrier),
    /* threads (clone itself is checked below; futex too) */
    SCMP_SYS(set_robust_list),
    SCMP_SYS(rseq),
    SCMP_SYS(set_tid_address),
    SCMP_SYS(sched_yield),
    SCMP_SYS(sched_getaffinity),
    SCMP_SYS(getcpu),
    /* time, and waiting */
    SCMP_SYS(clock_gettime),
    SCMP_SYS(clock_getres),
    SCMP_SYS(gettimeofday),
    SCMP_SYS(time),
    SCMP_SYS(nanosleep),
    SCMP_SYS(clock_nanosleep),
    SCMP_SYS(poll),
    SCMP_SYS(ppoll),
    SCMP_SYS(select),
    SCMP_SYS(pselect6),
    /* signals, for itself */
    SCMP_SYS(rt_sigreturn),
    SCMP_SYS(rt_sigaction),
    SCMP_SYS(rt_sigprocmask),
    SCMP_SYS(sigaltstack),
    SCMP_SYS(restart_syscall),
    /* facts about itself and the machine */
    SCMP_SYS(getpid),
    SCMP_SYS(gettid),
    SCMP_SYS(getppid),
    SCMP_SYS(getuid),
    SCMP_SYS(geteuid),
    SCMP_SYS(getgid),
    SCMP_SYS(getegid),
    SCMP_SYS(getrlimit),
    SCMP_SYS(getrusage),
    SCMP_SYS(uname),
    SCMP_SYS(sysinfo),
    SCMP_SYS(getrandom),
    /* the end */
    SCMP_SYS(exit),
    SCMP_SYS(exit_group),
};

/* Allowed with any arguments while plugins load: looking at files and
 * directories (opening them is checked below), and installing the second
 * stage (seccomp itself can only narrow what is allowed). */
static const int allowed_loading[] = {
    SCMP_SYS(getdents64), SCMP_SYS(readlink),   SCMP_SYS(readlinkat), SCMP_SYS(access),
    SCMP_SYS(faccessat),  SCMP_SYS(faccessat2), SCMP_SYS(stat),       SCMP_SYS(lstat),
    SCMP_SYS(statx),      SCMP_SYS(statfs),     SCMP_SYS(fstatfs),    SCMP_SYS(getcwd),
    SCMP_SYS(seccomp),
};

/* The fcntl commands a C library uses on descriptors it has. F_SETFL is
 * allowed only without O_ASYNC, below. */
static const int fcntl_commands[] = {F_GETFD, F_SETFD, F_GETFL, F_DUPFD, F_DUPFD_CLOEXEC};

/* Adds one rule, skipping system calls this architecture does not have
 * (libseccomp numbers them negatively). */
static int add(scmp_filter_ctx filter, uint32_t action, int call, unsigned count,
               const struct scmp_arg_cmp *args)
{
    if (call < 0) {
        return 0;
    }
    return seccomp_rule_add_array(filter, action, call, count, args);
}

/* Gives the COUNT system calls of CALLS ACTION, whatever their arguments. */
static int add_each(scmp_filter_ctx filter, uint32_t action, const int *calls, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (add(filter, action, calls[i], 0, NULL) != 0) {
            return -1;
        }
    }
    return 0;
}

static int add_all(scmp_filter_ctx filter, const int *calls, size_t count)
{
    return add_each(filter, SCMP_ACT_ALLOW, calls, count);
}

/* fcntl: the commands above, and F_SETFL without O_ASYNC. Every other
 * command (F_SETOWN, F_SETSIG, leases, notifications, locks, pipe sizes)
 * kills: an allowlist compares the whole 64-bit argument, so a command
 * with stray high bits matches nothing and is refused too. */
static int add_fcntl(scmp_filter_ctx filter)
{
    for (size_t i = 0; i < sizeof(fcntl_commands) / sizeof(fcntl_commands[0]); i++) {
        struct scmp_arg_cmp command = SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)fcntl_commands[i]);
        if (add(filter, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 1, &command) != 0) {
            return -1;
        }
    }
    struct scmp_arg_cmp set_flags[2] = {
        SCMP_A1(SCMP_CMP_EQ, F_SETFL),
        SCMP_A2(SCMP_CMP_MASKED_EQ, O_ASYNC, 0),
    };
    return add(filter, SCMP_ACT_ALLOW, SCMP_SYS(fcntl), 2, set_flags);
}

/* futex, for the process's own threads only. A futex that is not marked
 * private is keyed by the file and offset of the page it is on wherever the
 * page is a file's, read-only private mappings included (every process
 * maps the C library): two agents in different processes that never meet
 * could signal each other through one, whatever the namespaces. So only
 * private operations are allowed; a shared wait fails with EAGAIN (as when
 * the word changed: a C library checks the word again, as pthread_join
 * does, whose wait is shared) and a shared wake wakes nobody (0). Other
 * shared operations (requeueing, priority inheritance) kill. The one
 * shared word a process may wait on is SHARED_WORD (NULL: none), in the
 * memory it shares with the runner alone (shared_channel.h). */
static int add_futex(scmp_filter_ctx filter, const void *shared_word)
{
    struct scmp_arg_cmp private_op =
        SCMP_A1(SCMP_CMP_MASKED_EQ, FUTEX_PRIVATE_FLAG, FUTEX_PRIVATE_FLAG);
    if (add(filter, SCMP_ACT_ALLOW, SCMP_SYS(futex), 1, &private_op) != 0) {
        return -1;
    }
    /* The command, private flag clear, any clock: the low 32 bits the
     * kernel reads, less FUTEX_CLOCK_REALTIME. */
    const scmp_datum_t command = UINT32_C(0xffffffff) & ~(scmp_datum_t)FUTEX_CLOCK_REALTIME;
    static const struct {
        int op;
        int error;
    } shared[] = {
        {FUTEX_WAIT, EAGAIN},
        {FUTEX_WAIT_BITSET, EAGAIN},
        {FUTEX_WAKE, 0},
        {FUTEX_WAKE_BITSET, 0},
    };
    const scmp_datum_t word = (scmp_datum_t)(uintptr_t)shared_word;
    for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++) {
        struct scmp_arg_cmp op[2] = {
            SCMP_A1(SCMP_CMP_MASKED_EQ, command, (scmp_datum_t)shared[i].op),
            SCMP_A0(SCMP_CMP_NE, word),
        };
        bool waits = shared[i].error != 0;
        unsigned compared = waits && shared_word != NULL ? 2 : 1;
        if (add(filter, SCMP_ACT_ERRNO((uint32_t)shared[i].error), SCMP_SYS(futex), compared,
                op) != 0) {
            return -1;
        }
        const struct scmp_arg_cmp own[2] = {op[0], SCMP_A0(SCMP_CMP_EQ, word)};
        if (compared == 2 && add(filter, SCMP_ACT_ALLOW, SCMP_SYS(futex), 2, own) != 0) {
            return -1;
        }
    }
    return 0;
}

/* open and openat for reading only: no write access, no O_CREAT, no
 * O_TRUNC (an O_TMPFILE needs write access, so it is refused too). */
static int add_read_only_opens(scmp_filter_ctx filter)
{
    const scmp_datum_t writing = O_ACCMODE | O_CREAT | O_TRUNC;
    struct scmp_arg_cmp open_flags = SCMP_A1(SCMP_CMP_MASKED_EQ, writing, 0);
    struct scmp_arg_cmp openat_flags = SCMP_A2(SCMP_CMP_MASKED_EQ, writing, 0);
    if (add(filter, SCMP_ACT_ALLOW, SCMP_SYS(open), 1, &open_flags) != 0 ||
        add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1, &openat_flags) != 0) {
        return -1;
    }
    /* openat2's flags are in a structure a filter cannot read: glibc does
     * not use it, and a caller that does falls back to openat. */
    return add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0, NULL);
}

/* What an agent's own program (command = ...) may do besides, so that the
 * program, an interpreter, its libraries and its script can be executed and
 * read: execute a program, open files for reading, read directories and
 * file metadata, duplicate descriptors, epoll (event loops), and set up a
 * new program's thread area. */
static const int command_allowed[] = {
    SCMP_SYS(execve),     SCMP_SYS(execveat),   SCMP_SYS(stat),        SCMP_SYS(lstat),
    SCMP_SYS(statx),      SCMP_SYS(access),     SCMP_SYS(faccessat),   SCMP_SYS(faccessat2),
    SCMP_SYS(readlink),   SCMP_SYS(readlinkat), SCMP_SYS(getdents),    SCMP_SYS(getdents64),
    SCMP_SYS(getcwd),     SCMP_SYS(dup),        SCMP_SYS(dup2),        SCMP_SYS(dup3),
    SCMP_SYS(arch_prctl), SCMP_SYS(getpgrp),    SCMP_SYS(getpgid),     SCMP_SYS(epoll_create1),
    SCMP_SYS(epoll_ctl),  SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait), SCMP_SYS(statfs),
    SCMP_SYS(fstatfs),
};

/* And what node's event loop needs: eventfds and pipes to itself (its
 * wake-ups; no other process can hold their ends, since it can start
 * none), its capabilities read, memory protection keys of its own memory,
 * and what kind of socket its standard input is (never making one). */
static const int command_event_loop[] = {
    SCMP_SYS(eventfd2),    SCMP_SYS(pipe),       SCMP_SYS(pipe2),         SCMP_SYS(capget),
    SCMP_SYS(pkey_alloc),  SCMP_SYS(pkey_free),  SCMP_SYS(pkey_mprotect), SCMP_SYS(getsockname),
    SCMP_SYS(getpeername), SCMP_SYS(getsockopt),
};

/* Changes to the file system fail as on a read-only one (EROFS), rather
 * than kill: interpreters try some (Python caches compiled modules) and
 * carry on without. */
static const int command_read_only[] = {
    SCMP_SYS(creat),     SCMP_SYS(mkdir),     SCMP_SYS(mkdirat),   SCMP_SYS(rmdir),
    SCMP_SYS(rename),    SCMP_SYS(renameat),  SCMP_SYS(renameat2), SCMP_SYS(unlink),
    SCMP_SYS(unlinkat),  SCMP_SYS(link),      SCMP_SYS(linkat),    SCMP_SYS(symlink),
    SCMP_SYS(symlinkat), SCMP_SYS(chmod),     SCMP_SYS(fchmod),    SCMP_SYS(fchmodat),
    SCMP_SYS(truncate),  SCMP_SYS(ftruncate), SCMP_SYS(utimensat), SCMP_SYS(mknod),
    SCMP_SYS(mknodat),
};

/* Opening a file: for reading only; for writing, creating or truncating it
 * fails with EROFS. FLAGS is the argument that holds open's flags. */
static int add_open_rules(scmp_filter_ctx filter, int call, unsigned flags)
{
    const scmp_datum_t writing = O_ACCMODE | O_CREAT | O_TRUNC;
    const struct scmp_arg_cmp reading = {flags, SCMP_CMP_MASKED_EQ, writing, 0};
    const struct scmp_arg_cmp refused[] = {
        {flags, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_WRONLY},
        {flags, SCMP_CMP_MASKED_EQ, O_ACCMODE, O_RDWR},
        {flags, SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT},
        {flags, SCMP_CMP_MASKED_EQ, O_TRUNC, O_TRUNC},
    };
    if (add(filter, SCMP_ACT_ALLOW, call, 1, &reading) != 0) {
        return -1;
    }
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        if (add(filter, SCMP_ACT_ERRNO(EROFS), call, 1, &refused[i]) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Making a socket fails as a host without networking would refuse it
 * (EACCES), rather than kill: the C library tries a socket to nscd each
 * time a program asks who the user is (bash does when SHELL is unset,
 * Python when HOME is), and carries on with /etc/passwd when refused. */
static const int command_no_socket[] = {SCMP_SYS(socket), SCMP_SYS(socketpair)};

static int add_command_rules(scmp_filter_ctx filter)
{
    size_t allowed_count = sizeof(command_allowed) / sizeof(command_allowed[0]);
    size_t read_only_count = sizeof(command_read_only) / sizeof(command_read_only[0]);
    if (add_open_rules(filter, SCMP_SYS(open), 1) != 0 ||
        add_open_rules(filter, SCMP_SYS(openat), 2) != 0 ||
        add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0, NULL) != 0 ||
        add_all(filter, command_allowed, allowed_count) != 0 ||
        add_all(filter, command_event_loop,
                sizeof(command_event_loop) / sizeof(command_event_loop[0])) != 0 ||
        add_each(filter, SCMP_ACT_ERRNO(EROFS), command_read_only, read_only_count) != 0 ||
        add_each(filter, SCMP_ACT_ERRNO(EACCES), command_no_socket,
                 sizeof(command_no_socket) / sizeof(command_no_socket[0])) != 0) {
        return -1;
    }
    return 0;
}

static int add_rules(scmp_filter_ctx filter, enum syscall_stage stage, const void *shared_word)
{
    if (add_all(filter, allowed, sizeof(allowed) / sizeof(allowed[0])) != 0 ||
        add_fcntl(filter) != 0 || add_futex(filter, shared_word) != 0) {
        return -1;
    }
    scmp_datum_t self = (scmp_datum_t)getpid();
    /* Threads, but no new process: clone only with CLONE_THREAD. */
    struct scmp_arg_cmp thread = SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD);
    /* Signals only to itself (raise, abort); never to the runner or others. */
    struct scmp_arg_cmp to_self = SCMP_A0(SCMP_CMP_EQ, self);
    /* Reading its limits, never raising them. */
    struct scmp_arg_cmp read_only = SCMP_A2(SCMP_CMP_EQ, 0);
    if (add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, &thread) != 0 ||
        add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, &to_self) != 0 ||
        add(filter, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, &to_self) != 0 ||
        add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, &read_only) != 0 ||
        add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0, NULL) != 0) {
        return -1;
    }
    /* A program's event loop (node's) makes its descriptors non-blocking
     * with ioctl rather than fcntl: the same change, nothing else. */
    struct scmp_arg_cmp non_blocking = SCMP_A1(SCMP_CMP_EQ, FIONBIO);
    struct scmp_arg_cmp other = SCMP_A1(SCMP_CMP_NE, FIONBIO);
    if (stage != SYSCALL_STAGE_COMMAND
            ? add(filter, SCMP_ACT_ERRNO(ENOTTY), SCMP_SYS(ioctl), 0, NULL) != 0
            : add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, &non_blocking) != 0 ||
                  add(filter, SCMP_ACT_ERRNO(ENOTTY), SCMP_SYS(ioctl), 1, &other) != 0) {
        return -1;
    }
    if (stage == SYSCALL_STAGE_LOADING) {
        /* libseccomp sets no_new_privs as it installs the second stage. */
        struct scmp_arg_cmp no_new_privs = SCMP_A0(SCMP_CMP_EQ, PR_SET_NO_NEW_PRIVS);
        if (add_all(filter, allowed_loading,
                    sizeof(allowed_loading) / sizeof(allowed_loading[0])) != 0 ||
            add_read_only_opens(filter) != 0 ||
            add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, &no_new_privs) != 0) {
            return -1;
        }
    }
    if (stage == SYSCALL_STAGE_COMMAND) {
        return add_command_rules(filter);
    }
    return 0;
}

int tourney_syscall_filter_apply(enum syscall_stage stage, const void *shared_word,
                                 struct error *err)
{
    /* Killing the whole process, not one thread, needs API level 3. */
    if (seccomp_api_get() < 3) {
        return tourney_error_set(err, "this kernel cannot kill a process from a seccomp filter");
    }
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (filter == NULL) {
        return tourney_error_set(err, "seccomp_init failed");
    }
    int status = add_rules(filter, stage, shared_word);
    /* Threads a plugin started while it loaded get the filter too. */
    if (status == 0) {
        status = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    }
    if (status == 0) {
        status = seccomp_load(filter);
    }
    seccomp_release(filter);
    if (status != 0) {
        return tourney_error_set(err, "cannot load the seccomp filter: %s", strerror(-status));
    }
    return 0;
}

#else

int tourney_syscall_filter_apply(enum syscall_stage stage, const void *shared_word,
                                 struct error *err)
{
    (void)stage;
    (void)shared_word;
    return tourney_error_set(err, "this tourney was built without libseccomp");
}

#endif

int tourney_syscall_filter_apply_checked(enum syscall_stage stage, const void *shared_word,
                                         int status_fd, int *count, struct error *err)
{
    int own = status_fd < 0 ? open("/proc/self/status", O_RDONLY | O_CLOEXEC) : -1;
    int fd = status_fd < 0 ? own : status_fd;
    int before = tourney_filter_count_read(fd);
    int status = before < 0 ? tourney_error_set(err, "cannot read the count of seccomp filters "
                                                     "in /proc/self/status")
                            : tourney_syscall_filter_apply(stage, shared_word, err);
    int after = status == 0 ? tourney_filter_count_read(fd) : -1;
    if (status == 0 && after != before + 1) {
        status = tourney_error_set(err,
                                   "the kernel does not enforce the seccomp filter it was given "
                                   "(%d filters before, %d after)",
                                   before, after);
    }
    if (own >= 0) {
        close(own);
    }
    *count = after;
    return status;
}
