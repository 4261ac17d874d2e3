/*
 * version_shim.h - a version manager's shim named as an agent's program
 * (pyenv's, rbenv's or nodenv's `shims/NAME`, a script that runs
 * `ROOT/libexec/TOOL exec NAME ...`) resolved to the program it stands
 * for, before the agent starts. The shim's tool forks to find the version,
 * which the filter of programs forbids; so the runner asks the tool
 * (`TOOL which NAME`), as the user's own command, outside the sandbox, and
 * starts what it names instead, with the same arguments.
 */
#ifndef TOURNEY_RUNNER_VERSION_SHIM_H
#define TOURNEY_RUNNER_VERSION_SHIM_H

#include "error.h"

/* How long the tool may take to answer, in milliseconds. */
#define TOURNEY_SHIM_TIMEOUT_MS 10000

struct version_shim {
    char *tool;     /* "pyenv", "rbenv" or "nodenv" */
    char *resolved; /* the program it stands for: its folder canonical */
};

/* When PROGRAM (an absolute path) is a version manager's shim, runs its
 * tool's `which` in WORKDIR (where a .python-version counts) with the
 * runner's environment, and fills *SHIM. Returns 1 for a shim resolved, 0
 * for a program that is not a shim (*SHIM empty), or -1 with ERR saying
 * what the tool said (or that it did not answer in time). Free *SHIM with
 * tourney_version_shim_finish either way. */
int tourney_version_shim_resolve(const char *program, const char *workdir,
                                 struct version_shim *shim, struct error *err);
void tourney_version_shim_finish(struct version_shim *shim);

#endif /* TOURNEY_RUNNER_VERSION_SHIM_H */
