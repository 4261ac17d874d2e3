/*
 * child_limits.h - what an agent process does to itself before it loads an
 * agent plugin: die with the runner, keep no descriptor it was not handed,
 * cap its resources, and be ready to say, as it dies of a fatal signal or
 * exits, that it ran out of address space.
 *
 * Only the agent host program (tourney-agent-host) uses this.
 */
#ifndef TOURNEY_RUNNER_CHILD_LIMITS_H
#define TOURNEY_RUNNER_CHILD_LIMITS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "error.h"

/* Descriptors the limits leave room for: the three standard ones, the
 * control socket, /proc/self/status, and a few a plugin's loader needs. */
#define CHILD_MAX_FILES 16
/* What an agent's own program may have open: an interpreter's event loop
 * (node's) takes an epoll, pipes and eventfds per thread. */
#define CHILD_PROGRAM_MAX_FILES 64

/* Tasks (threads and processes) an agent process may have at once, its
 * own first thread included. */
#define CHILD_MAX_TASKS 64

/* Asks for SIGKILL when the runner (PARENT) dies, and checks it did not die
 * already (from outside its PID namespace, by the socket CONTROL). Returns
 * 0, or -1 when the parent is gone. */
int tourney_child_tie_to_parent(pid_t parent, int control);

/* Installs handlers for every signal that ends a process by default. One
 * sent from outside the agent process (a job's end, a stop of the whole
 * cgroup or process group: not the agent's doing) sends an OUTSIDE frame
 * on CONTROL and exits with 128 + the signal, for the runner not to count
 * the game. Any other is the agent's: as process 1 of a PID namespace,
 * which the kernel never lets die of a signal it sends itself (abort,
 * raise, SIGXFSZ at its file-size limit), the handler sends a DYING frame
 * and exits with 128 + the signal, for the runner to record the death it
 * should have been (agent_process.h); elsewhere it dies of the signal. A
 * processor's fault still kills by itself. Returns 0 or -1. */
int tourney_child_watch_signals(int control);

/* Closes FIRST_CLOSED and every descriptor above it. */
void tourney_child_close_from(int first_closed);

/* Sets the resource limits: address space MEMORY_BYTES (0: none), no file
 * may grow (writing to a file raises SIGXFSZ), at most MAX_FILES
 * descriptors, no core dumps. Returns 0, or -1 with ERR filled. */
int tourney_child_set_limits(uint64_t memory_bytes, rlim_t max_files, struct error *err);

/* Limits the tasks of this process to CHILD_MAX_TASKS (RLIMIT_NPROC), in
 * a user namespace of its own only: there the kernel counts the tasks of
 * each user per namespace, so the limit counts this process's alone (in
 * the runner's namespace it would count every process of the user). Root
 * is exempt from the limit, so a process started by root first takes the
 * real user that the runner mapped for it (spawn_process.h), with
 * SEPARATE_USER, keeping its effective user and so its access to files; a
 * program (command = ...) does not, since shells drop privileges when the
 * two differ. Returns 0, or -1 with ERR filled. */
int tourney_child_limit_tasks(bool separate_user, struct error *err);

/* Opens /proc/self/status (while files can still be opened) and installs
 * handlers that, as the process dies of SIGSEGV, SIGBUS or SIGABRT or
 * exits, send a MEMORY frame on CONTROL when its peak address space came
 * within reach of MEMORY_BYTES. Returns 0 or -1. */
int tourney_child_watch_memory(int control, uint64_t memory_bytes);

/* The descriptor of /proc/self/status that tourney_child_watch_memory
 * opened, before any plugin code ran (-1 when it could not). */
int tourney_child_status_fd(void);

/* The sequence number a MEMORY frame carries: the request being answered. */
void tourney_child_set_sequence(uint32_t sequence);

/* The peak address space so far in KiB (VmPeak), 0 when unknown. */
uint64_t tourney_child_peak_kb(void);

/* Whether PEAK_KB came within reach of the limit: within a sixteenth of it
 * (at least 4 MiB), where a failed allocation most likely was the end. */
bool tourney_child_memory_low(uint64_t peak_kb);

#endif /* TOURNEY_RUNNER_CHILD_LIMITS_H */
