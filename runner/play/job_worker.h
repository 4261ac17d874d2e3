/*
 * job_worker.h - a worker process of the job pool (job_pool.h), and what it
 * and the runner say to each other over their socket pair.
 *
 * The runner sends tasks: a u32 count, a u32 of padding, then the indices of
 * COUNT games (u64 each), to be played in that order. The worker answers
 * each game with a reply: a reply_head, then a text: the game's sealed log
 * line, or the reason the runner failed. The line is the game's one form:
 * the runner writes it to the log as it came and reads its record back from
 * it as `tourney report` and a resumed run do (record_scan.c reads a line
 * in well under a microsecond), so that no copy of the record travels
 * beside it and nothing is read twice. Replies to quick games are sent a
 * task's worth at a time, to spare system calls; a game that took a while
 * is sent at once.
 */
#ifndef TOURNEY_RUNNER_JOB_WORKER_H
#define TOURNEY_RUNNER_JOB_WORKER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "job_pool.h"
#include "record.h"

/* The most games in one task. */
#define JOB_TASK_MAX 32

struct job_task_head {
    uint32_t count;
    uint32_t unused;
};

struct job_reply_head {
    uint64_t game;
    int32_t status;       /* 0: played; -1: the runner failed, the text says why; > 0: an
                           * agent process was stopped from outside by that signal, as far
                           * as the worker can tell: the line as when that agent lost,
                           * then a second text that says which (job_pool.h) */
    uint32_t text_length; /* its NUL (each text's) included */
};

/* A reply's text at most (a log line, or why the runner failed). */
#define JOB_REPLY_MAX_TEXT (UINT32_C(64) << 20)

/* Where the text of a reply begins. */
static inline size_t tourney_job_reply_text_offset(void)
{
    return sizeof(struct job_reply_head);
}

/* The size of the whole reply that starts with HEAD: rounded up to 8 bytes,
 * so that the next reply in a buffer is aligned. */
static inline size_t tourney_job_reply_size(const struct job_reply_head *head)
{
    return (tourney_job_reply_text_offset() + head->text_length + 7) & ~(size_t)7;
}

/* Writes all of BUFFER to FD. Returns 0, or -1 when the other side is gone. */
int tourney_job_send(int fd, const void *buffer, size_t size);

/* The life of a worker: set up, then tasks in, replies out, until the
 * runner closes its end (or dies). While it plays a game, *PLAYING (in
 * memory shared with the runner) holds the game's index plus 1, and 0
 * between games: replies travel in batches, so if the worker dies, that is
 * how the runner knows which game it was playing. Never returns. */
_Noreturn void tourney_job_worker_main(const struct job_plan *plan, int fd, pid_t runner,
                                       volatile uint64_t *playing);

#endif /* TOURNEY_RUNNER_JOB_WORKER_H */
