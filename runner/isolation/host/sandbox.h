/*
 * sandbox.h - the system calls an agent process may make once its plugin is
 * loaded, enforced by a seccomp filter.
 *
 * An allowlist: computing, memory, threads, time, signals to itself, and
 * reading and writing the descriptors it already has. Anything else (exec,
 * a new process, a socket, ptrace, opening any file, for reading too) kills
 * the whole process with SIGSYS, which the runner records as the
 * termination sandbox_violation. Two calls fail softly instead, because
 * common libraries try them and cope: ioctl (ENOTTY: "not a terminal") and
 * clone3 (ENOSYS, so glibc falls back to clone, whose flags the filter can
 * check, where it cannot read clone3's).
 *
 * Only the agent host program (tourney-agent-host) uses this.
 */
#ifndef TOURNEY_RUNNER_SANDBOX_H
#define TOURNEY_RUNNER_SANDBOX_H

#include "error.h"

/* Installs the filter on every thread of this process. Returns 0, or -1 with
 * ERR saying why it cannot (a kernel without seccomp, a build without
 * libseccomp), in which case nothing changed. */
int tourney_sandbox_apply(struct error *err);

/* The filter of an agent that is a program of its own (command = ...),
 * applied just before the program is executed, so that it binds the program
 * from its first instruction: the same allowlist, and what starting a
 * program and an interpreter needs besides: executing a program, opening
 * files for reading only, reading directories, links and file metadata,
 * duplicating descriptors, epoll. Changing the file system (opening a file
 * for writing, creating, renaming or removing one) fails with EROFS, as on
 * a read-only file system, since interpreters try it and carry on (Python
 * caches compiled modules). No new process, no socket, no signal to
 * another process: those still kill it. Returns as tourney_sandbox_apply. */
int tourney_sandbox_apply_command(struct error *err);

#endif /* TOURNEY_RUNNER_SANDBOX_H */
