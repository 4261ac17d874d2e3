/*
 * syscall_filter.h - the system calls an agent process may make, enforced by
 * seccomp filters in two stages.
 *
 * Both are allowlists: computing, memory, threads, time, signals to itself
 * only, and reading and writing the descriptors it already has, with fcntl
 * limited to the commands a C library needs (never F_SETOWN, F_SETOWN_EX,
 * F_SETSIG, F_SETLEASE, F_NOTIFY, and F_SETFL never with O_ASYNC: each
 * would make the kernel signal another process). Anything else (exec, a new
 * process, a socket, ptrace, truncate, signals to others) kills the whole
 * process with SIGSYS, which the runner records as the termination
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
 * The agent host uses both; a program that must exec another (an
 * interpreter) can use neither, and relies on confine.h's other layers.
 */
#ifndef TOURNEY_RUNNER_SYSCALL_FILTER_H
#define TOURNEY_RUNNER_SYSCALL_FILTER_H

#include "error.h"

enum syscall_stage {
    SYSCALL_STAGE_LOADING, /* before plugin code runs */
    SYSCALL_STAGE_PLAYING, /* once the plugins are loaded */
};

/* Installs the filter of STAGE on every thread of this process. Returns 0,
 * or -1 with ERR saying why it cannot (a kernel without seccomp, a build
 * without libseccomp), in which case nothing changed. */
int tourney_syscall_filter_apply(enum syscall_stage stage, struct error *err);

#endif /* TOURNEY_RUNNER_SYSCALL_FILTER_H */
