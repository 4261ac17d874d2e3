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

#endif /* TOURNEY_RUNNER_SANDBOX_H */
