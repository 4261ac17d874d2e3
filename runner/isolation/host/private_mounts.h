/*
 * private_mounts.h - the file system an agent process sees without the
 * sandbox (sandbox = false), where it was started in namespaces of its own:
 * a mount namespace of its own, inside its user namespace, in which
 *
 * - /proc is a new one of its PID namespace: the runner's and every other
 *   process's entries (oom_score_adj, mem, root: a way back into the
 *   runner's writable view) are not there;
 * - the places where the machine keeps named Unix sockets (/run, /tmp,
 *   /var/tmp, /dev/shm, and /var/run, /var/lock where they are folders)
 *   are empty tmpfs, and /dev/log (a socket) is /dev/null; the agent's own
 *   files there (KEEP) are bound back;
 * - every mount is read-only: no file can be written, truncated, renamed,
 *   removed or mapped for writing (MAP_SHARED), whatever its permissions.
 *
 * With the sandbox, Landlock and the filter keep the agent from all this
 * already; without namespaces nothing here can be done.
 *
 * Only the agent host program (tourney-agent-host) uses this.
 */
#ifndef TOURNEY_RUNNER_PRIVATE_MOUNTS_H
#define TOURNEY_RUNNER_PRIVATE_MOUNTS_H

#include <stddef.h>

#include "error.h"

/* Makes the view above for this process. KEEP (COUNT paths, canonical or
 * not) are the files and folders the agent needs: those under a hidden
 * place are bound back. Returns 1 when it is made; 0 when this process has
 * no namespaces of its own or the kernel refused a step that changes what
 * the agent can reach (NOTE, of NOTE_SIZE bytes, says which): the view is
 * then the machine's, as without namespaces; -1 with ERR filled when it
 * failed half way, and the agent must not run. */
int tourney_private_mounts_make(const char *const *keep, size_t count, char *note,
                                size_t note_size, struct error *err);

#endif /* TOURNEY_RUNNER_PRIVATE_MOUNTS_H */
