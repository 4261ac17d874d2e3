/*
 * confine.h - what a process that is about to run untrusted code does to
 * itself first, so that no code of a plugin (constructors included) ever
 * runs unconfined:
 *
 *  1. Landlock (Linux 5.13 and later): the file system becomes read-only,
 *     and readable only where loading needs it: the files named (the
 *     plugins), the system's library directories, the directories of
 *     LD_LIBRARY_PATH, the loader's cache and the process's own /proc
 *     directory. Nothing may be written, created, removed, renamed or
 *     truncated anywhere. Where the kernel has them (Landlock ABI 4 and 6),
 *     TCP connections and binds are refused too, as are signals to any
 *     process outside the domain and abstract Unix sockets.
 *  2. Optionally, the first stage of the system-call filter
 *     (syscall_filter.h, SYSCALL_STAGE_LOADING), or for an agent's own
 *     program the filter of programs (SYSCALL_STAGE_COMMAND).
 *
 * The namespaces (a user, PID and network namespace of its own) are made
 * by whoever starts the process (spawn_process.h): a PID namespace can only be
 * entered by a new process.
 */
#ifndef TOURNEY_RUNNER_CONFINE_H
#define TOURNEY_RUNNER_CONFINE_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

/* What confinement a process got, for the runner's note. */
struct confine_report {
    int landlock_abi;         /* the Landlock ABI applied, 0 when none was */
    char landlock_error[160]; /* why not, when it was not */
    bool syscall_filter;      /* the first filter stage is on, as the kernel's count says */
    int filter_count;         /* the filters on this process with it (filter_count.h) */
    char filter_error[160];   /* why not, when it was asked for and is not */
};

/* Confines this process: Landlock with read access to PATHS (COUNT of them,
 * files or directories; missing ones are skipped) besides what the loader
 * needs, then the loading stage of the system-call filter when FILTER.
 * Either may be missing from this system: REPORT says which applied and
 * why the other did not. SHARED_WORD is the one futex word that is not
 * private the process may wait on (syscall_filter.h), or NULL. Returns 0, or -1 with ERR filled
 * when something failed that should not have (out of memory, a filter the kernel takes but
 * refuses); a missing feature is not a failure. Single-threaded callers only (Landlock applies to
 * the calling thread). */
int tourney_confine_self(const char *const *paths, size_t count, bool filter,
                         const void *shared_word, struct confine_report *report,
                         struct error *err);

/* As tourney_confine_self, for a process about to execute an agent's own
 * program (command = ...): PATHS and the loader's paths may be executed as
 * well as read (the program, its interpreter, the dynamic loader, a
 * script), and the filter is SYSCALL_STAGE_COMMAND, the only one such a
 * program gets. Each of PATHS must be canonical, and still name the file
 * it named (program_reads.h) as it is opened: else -1, ERR naming it. */
int tourney_confine_program(const char *const *paths, size_t count, bool filter,
                            struct confine_report *report, struct error *err);

/* Only the Landlock part of tourney_confine_self. Returns the ABI applied
 * (at least 1), 0 when this kernel has no Landlock (WHY says so), or -1
 * with ERR filled. */
int tourney_confine_landlock(const char *const *paths, size_t count, char *why, size_t why_size,
                             struct error *err);

#endif /* TOURNEY_RUNNER_CONFINE_H */
