#include "dir_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "text.h"

/* The pid the holder wrote into the lock file at FD, or 0 if it has not
 * yet (it writes just after it locks). */
static long holder_pid(int fd)
{
    char text[32];
    ssize_t got = pread(fd, text, sizeof(text) - 1, 0);
    if (got <= 0) {
        return 0;
    }
    text[got] = '\0';
    char *end = NULL;
    long pid = strtol(text, &end, 10);
    return end != text && (*end == '\n' || *end == '\0') && pid > 0 ? pid : 0;
}

/* Whether no process has the pid PID any more. */
static bool holder_gone(long pid)
{
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

static int refuse(const char *dir, const char *path, long pid, struct error *err)
{
    char holder[96] = "";
    if (pid > 0 && holder_gone(pid)) {
        snprintf(holder, sizeof(holder),
                 " (pid %ld, ended; its results log is still being written)", pid);
    } else if (pid > 0) {
        snprintf(holder, sizeof(holder), " (pid %ld)", pid);
    }
    return tourney_error_set(err,
                             "%s is in use by another tourney%s, which holds %s; wait until it "
                             "is done, or write into another directory",
                             dir, holder, path);
}

int tourney_dir_lock(struct dir_lock *lock, const struct out_dir *dir, struct error *err)
{
    lock->fd = -1;
    char *path = tourney_out_dir_name(dir, TOURNEY_LOCK_NAME);
    if (path == NULL) {
        return tourney_error_nomem(err);
    }
    int status = -1;
    /* Never through a link: the file is emptied and written below. */
    int fd = tourney_out_dir_open_file(dir, TOURNEY_LOCK_NAME, O_RDWR | O_CREAT, err);
    if (fd < 0) {
        goto out;
    }
    int waited_ms = 0;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) {
            continue;
        }
        if (errno == EWOULDBLOCK) {
            /* The holder may be between its lock and its pid: a moment's
             * patience names it. */
            long pid = holder_pid(fd);
            for (int tries = 0; pid == 0 && tries < 20; tries++) {
                nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
                pid = holder_pid(fd);
            }
            if (pid > 0 && holder_gone(pid) && waited_ms < LOCK_WAIT_FOR_WRITER_MS) {
                /* The runner that wrote its pid is dead, and its log's
                 * writer finishes the log: waited for. */
                nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
                waited_ms++;
                continue;
            }
            refuse(dir->path, path, pid, err);
        } else {
            tourney_error_set_errno(err, "cannot lock %s", path);
        }
        close(fd);
        goto out;
    }
    char text[32];
    int length = snprintf(text, sizeof(text), "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)length, 0) != length) {
        tourney_error_set_errno(err, "cannot write %s", path);
        close(fd);
        goto out;
    }
    lock->fd = fd;
    status = 0;
out:
    free(path);
    return status;
}

void tourney_dir_unlock(struct dir_lock *lock)
{
    if (lock->fd >= 0) {
        close(lock->fd);
    }
    lock->fd = -1;
}
