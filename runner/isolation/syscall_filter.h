/*
 * syscall_filter.h - the system calls an agent process may make, enforced by
 * seccomp filters in two stages.
 *
 * Both are allowlists: computing, memory, threads and their private
 * futexes (a shared one, keyed by a file's page, could carry signals to
 * another agent's process: a shared wait fails with EAGAIN, a shared wake
 * wakes nobody), time, signals to itself only, and reading and writing the
 * descriptors it already has, with fcntl limited to the commands a C
 * library needs (never F_SETOWN, F_SETOWN_EX, F_SETSIG, F_SETLEASE,
 * F_NOTIFY, and F_SETFL never with O_ASYNC: each would make the kernel
 * signal another process). Anything else (exec, a new process, a socket,
 * ptrace, truncate, signals to others) kills the whole process with
 * SIGSYS, which the runner records as the termination
 * sandbox_violation. Two calls fail softly instead, because common
 * libraries try them and cope: ioctl (ENOTTY: "not a terminal") and clone3
 * (ENOSYS, so glibc falls back to clone, whose flags a filter can check,
 * where it cannot read clone3's).
 *
 * - SYSCALL_STAGE_LOADING goes on before any plugin code runs (constructors
 *   included): it also allows what loading a shared object needs, opening
 *   files for reading only (never for writing, creating or truncating),
 *   their metadata and directories, and installing the next stage.
 * - SYSCALL_STAGE_PLAYING goes on after the plugins are loaded: no file may
 *   be opened at all, for reading either. Filters stack: it only narrows
 *   the first.
 *
 * - SYSCALL_STAGE_COMMAND goes on just before the agent host executes an
 *   agent's own program (command = ...), so that it binds the program from
 *   its first instruction: the same allowlist, and what starting a program
 *   and an interpreter needs besides: executing a program (in its own
 *   place: still no new process), opening files for reading only, reading
 *   directories, links and file metadata, duplicating descriptors, epoll.
 *   Changing the file system (opening a file for writing, creating,
 *   renaming or removing one) fails with EROFS, as on a read-only file
 *   system, since interpreters try it and carry on (Python caches compiled
 *   modules). It is the only stage such a program gets: it cannot narrow
 *   itself after its interpreter has loaded.
 *
 * The agent host uses all three (confine.h applies the first and the
 * last, after Landlock).
 */
#ifndef TOURNEY_RUNNER_SYSCALL_FILTER_H
#define TOURNEY_RUNNER_SYSCALL_FILTER_H

#include "error.h"

enum syscall_stage {
    SYSCALL_STAGE_LOADING, /* before plugin code runs */
    SYSCALL_STAGE_PLAYING, /* once the plugins are loaded */
    SYSCALL_STAGE_COMMAND, /* before an agent's own program is executed */
};

/* Installs the filter of STAGE on every thread of this process, letting it
 * wait on one futex that is not private, SHARED_WORD (NULL: none), the word
 * of the memory shared with the runner alone. Returns 0,
 * or -1 with ERR saying why it cannot (a kernel without seccomp, a build
 * without libseccomp), in which case nothing changed. */
int tourney_syscall_filter_apply(enum syscall_stage stage, const void *shared_word,
                                 struct error *err);

/* As tourney_syscall_filter_apply, then checks that the kernel enforces
 * one filter more than before (filter_count.h), reading the count through
 * STATUS_FD (this process's status file, opened before any untrusted code
 * ran; -1: opened here). *COUNT is the count with the filter on. Returns
 * 0, or -1 with ERR saying why (the count did not grow: something answered
 * for the kernel, or the count cannot be read). */
int tourney_syscall_filter_apply_checked(enum syscall_stage stage, const void *shared_word,
                                         int status_fd, int *count, struct error *err);

#endif /* TOURNEY_RUNNER_SYSCALL_FILTER_H */
