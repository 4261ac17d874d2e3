/*
 * log_writer.h - appending to the results log without a system call per
 * game, and without losing a finished game when the runner is killed.
 *
 * A write() to a file costs about 1.3 us, a third of what a game of cheap
 * agents costs the runner in its own process. So the runner copies each
 * line into a ring in memory it shares with a small process of its own
 * (forked as the log opens), which writes what the ring holds to the file,
 * many lines a write, and flushes it to disk (fdatasync) at most
 * LOG_SYNC_INTERVAL_NS after a line came. The ring outlives the runner:
 * when the runner dies, even by SIGKILL, the writer still writes all of it,
 * flushes and exits. It ignores the signals a terminal sends to the whole
 * foreground group (Ctrl-C, Ctrl-\, a hang-up), and holds the directory's
 * lock while it works (KEEP_FD), so that a run started on the directory
 * after a kill waits for it (dir_lock.h) rather than reading a log still
 * being written. Only a SIGKILL of the writer itself, or of the whole
 * process group, loses what the ring held: about the last millisecond of
 * play at most.
 *
 * The writer looks at the ring every millisecond while lines come and backs
 * off to every 10 ms when none do; a line reaches the file within that
 * time.
 */
#ifndef TOURNEY_RUNNER_LOG_WRITER_H
#define TOURNEY_RUNNER_LOG_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "error.h"

/* The ring's size: a line longer than this is written by the runner itself,
 * once the writer has written everything before it. */
#define LOG_RING_BYTES (4u << 20)

/* The writer's naps between looks at the ring: 1 ms while lines come (a
 * wake-up costs the processors the workers play on; a millisecond of the
 * quickest games is some 100 KiB of the ring), backing off to 10 ms while
 * none do. The runner waits for room in naps of LOG_ROOM_NAP_NS. */
#define LOG_WRITER_NAP_MIN_NS UINT64_C(1000000)
#define LOG_WRITER_NAP_MAX_NS UINT64_C(10000000)
#define LOG_ROOM_NAP_NS UINT64_C(50000)

struct log_ring;

struct log_writer {
    struct log_ring *ring; /* NULL: not started, or finished */
    size_t capacity;
    pid_t pid;        /* the writer process */
    int fd;           /* the log, opened for appending */
    const char *path; /* for messages */
};

/* Starts the writer of FD (the log at PATH, open with O_APPEND), which keeps
 * FD and KEEP_FD (-1 for none) open and closes every other descriptor. Lines
 * are flushed to disk at most SYNC_INTERVAL_NS after they were appended. */
int tourney_log_writer_start(struct log_writer *writer, int fd, const char *path, int keep_fd,
                             uint64_t sync_interval_ns, struct error *err);

/* Appends LENGTH bytes (whole lines). Returns -1 when the writer failed
 * (the message names the file and the reason, from the writer's write or
 * flush) or died. */
int tourney_log_writer_append(struct log_writer *writer, const char *text, size_t length,
                              struct error *err);

/* Everything appended is written and flushed to disk; the writer exits and
 * is reaped. Returns -1 when it failed. The log is then appended to
 * directly again. */
int tourney_log_writer_finish(struct log_writer *writer, struct error *err);

/* In a process forked from the runner: lets go of the ring, leaving the
 * writer to the runner. */
void tourney_log_writer_forget(struct log_writer *writer);

#endif /* TOURNEY_RUNNER_LOG_WRITER_H */
