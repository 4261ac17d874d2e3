/*
 * job_worker.h - a worker process of the job pool (job_pool.h), and what it
 * and the runner say to each other over their socket pair.
 *
 * The runner sends tasks: a u32 count, a u32 of padding, then the indices of
 * COUNT games (u64 each), to be played in that order. The worker answers
 * each game with a reply: a reply_head, the game's moves, the plies of its
 * opening, a text (the game's log line or the reason the runner failed),
 * then its opening's position. Workers are forks of the
 * runner, the very same program, so records travel as they are in memory,
 * and the runner counts them without parsing any JSON, which keeps it well
 * ahead of its workers. Replies to quick games are sent a task's worth at a
 * time, to spare system calls; a game that took a while is sent at once.
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
    uint64_t seed;
    int32_t status; /* 0: played; -1: the runner failed, the text says why; > 0: an
                     * agent process was stopped from outside by that signal, as far
                     * as the worker can tell: the record and its line as when that
                     * agent lost, then a second text that says which (job_pool.h) */
    uint32_t agent[2];
    int32_t result;
    int32_t termination;
    int32_t fault_seat;
    uint32_t move_count;
    uint32_t text_length;       /* its NUL (each text's) included */
    char reason[256];           /* the record's reason, for what the runner shows of it */
    int32_t opening_move_count; /* the opening's plies; -1: not known (or none) */
    uint32_t opening_length;    /* its position's, NUL included; 0: none */
};
_Static_assert(sizeof(struct job_reply_head) % _Alignof(struct move_record) == 0,
               "the moves follow the head aligned");

/* A reply's text at most (a log line, or why the runner failed), and its
 * moves: a record has at most a few hundred. */
#define JOB_REPLY_MAX_TEXT (UINT32_C(64) << 20)
#define JOB_REPLY_MAX_MOVES (UINT32_C(1) << 24)

/* Where the opening's plies of the reply that starts with HEAD begin. */
static inline size_t tourney_job_reply_opening_offset(const struct job_reply_head *head)
{
    return sizeof(*head) + head->move_count * sizeof(struct move_record);
}

/* Where the text of the reply that starts with HEAD begins. */
static inline size_t tourney_job_reply_text_offset(const struct job_reply_head *head)
{
    size_t plies = head->opening_move_count > 0 ? (size_t)head->opening_move_count : 0;
    return tourney_job_reply_opening_offset(head) + plies * sizeof(int32_t);
}

/* The size of the whole reply that starts with HEAD: rounded up to 8 bytes,
 * so that the next reply in a buffer, and its moves, are aligned. */
static inline size_t tourney_job_reply_size(const struct job_reply_head *head)
{
    return (tourney_job_reply_text_offset(head) + head->text_length + head->opening_length + 7) &
           ~(size_t)7;
}

/* Reads the record and the text of REPLY, a whole reply that stays where it
 * is: RECORD's moves and opening point into it (never finish RECORD). */
void tourney_job_reply_record(unsigned char *reply, struct game_record *record, const char **text);

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
