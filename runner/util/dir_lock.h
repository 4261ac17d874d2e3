/*
 * dir_lock.h - one tourney at a time in an output directory. `run` (fresh
 * or resumed), `merge` (its output directory) and `report` hold an exclusive
 * lock (flock) on DIR/.tourney.lock while they read and write there, so
 * that a second one refuses at once, naming the first, instead of writing
 * the same log and reports beside it.
 *
 * The lock belongs to the open file, and goes when the last process holding
 * it exits, however it exits: a fork shares it until it lets its copy go.
 * The runner's worker processes do as they start (run.c), so that a run
 * killed with SIGKILL can be resumed at once, while its workers are still
 * dying. The writer of its results log keeps it (log_writer.h): when the
 * process whose pid the file holds is gone and the lock is still held, that
 * writer is finishing the log of a killed run, and is waited for, up to
 * LOCK_WAIT_FOR_WRITER_MS. The file is opened close-on-exec, so agent processes never hold it. The
 * holder writes its pid into the file, for the second one's message; the
 * file stays behind (removing it would race with a process about to lock
 * it), and holds the pid of the last holder.
 */
#ifndef TOURNEY_RUNNER_DIR_LOCK_H
#define TOURNEY_RUNNER_DIR_LOCK_H

#include "error.h"
#include "out_dir.h"

#define TOURNEY_LOCK_NAME ".tourney.lock"

/* How long a lock held after its holder died is waited for (a log writer
 * writes what it holds within milliseconds; see above). */
#define LOCK_WAIT_FOR_WRITER_MS 5000

struct dir_lock {
    int fd; /* -1 when not held */
};

/* Takes the lock of directory DIR. Returns 0; or -1 with ERR naming DIR
 * and the holder's pid when another process holds it, or saying why the
 * lock file cannot be made (a link in its place among the reasons:
 * out_dir.h). */
int tourney_dir_lock(struct dir_lock *lock, const struct out_dir *dir, struct error *err);

/* Lets the lock go (in this process: forks that share it keep it until
 * they let go too, or exit). Does nothing to a lock not held. */
void tourney_dir_unlock(struct dir_lock *lock);

#endif /* TOURNEY_RUNNER_DIR_LOCK_H */
