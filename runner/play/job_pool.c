/* Linux: MAP_ANONYMOUS, for the memory shared with the workers. */
#define _GNU_SOURCE
#include "job_pool.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent_process.h"
#include "clock.h"
#include "job_worker.h"

/* Games that may be finished and waiting for an earlier one, per job: enough
 * to keep every worker busy behind one slow game, few enough to keep in
 * memory (a game's record and line, a kilobyte or so on 3x3). */
#define WINDOW_PER_JOB 64

/* Games a worker may have been handed and not yet replied to. */
#define QUEUE_GAMES (2 * JOB_TASK_MAX)

/* How much work a worker is given beyond the game it plays, when games are
 * quick: enough that it never waits for the runner, in tasks large enough
 * that a game costs few system calls. Slow games are dealt one mini-match
 * at a time, so that at the end of a tournament no worker sits on games
 * another could be playing. */
#define QUEUED_WORK_NS UINT64_C(2000000)

/* What is read from a worker at once. */
#define READ_CHUNK 65536

struct worker {
    pid_t pid;                   /* 0 when none runs in this place */
    int fd;                      /* the runner's end of its socket */
    uint64_t queue[QUEUE_GAMES]; /* games handed to it, in the order it plays them */
    unsigned head;
    unsigned count;
    uint64_t started_ns; /* when it started on the game at the head */
    unsigned char *in;   /* replies read, the last perhaps in part */
    size_t in_length;
    size_t in_capacity;
    bool cut_off; /* killed with games no longer needed: its end is no fault */
};

/* SLOT_CLAIMED: an agent process of the game was stopped from outside the
 * tournament, as far as the worker could tell, and the runner waits for a
 * request to stop of its own (job_pool.h). SLOT_STOPPED: it came; the game
 * is no result, and nothing after it is written. */
enum slot_state { SLOT_FREE = 0, SLOT_DEALT, SLOT_FINISHED, SLOT_CLAIMED, SLOT_STOPPED };

/* A game of the window: slots[game % window]. */
struct slot {
    unsigned char state;
    unsigned char deaths; /* workers that died while playing it */
    unsigned char *reply; /* SLOT_FINISHED, SLOT_CLAIMED: the whole reply */
    uint64_t until;       /* SLOT_CLAIMED: when it is the agent's loss without a stop */
};

struct pool {
    const struct job_plan *plan;
    struct worker *workers;
    struct pollfd *fds; /* one per worker, to wait with */
    struct slot *slots;
    uint64_t window;
    uint64_t write_next; /* the next game to deliver, or plan->games */
    uint64_t deal_next;  /* the next game never dealt, or plan->games */
    uint64_t *retry;     /* games to deal again, in order */
    size_t retry_count;
    uint64_t game_ns; /* a game's time in a worker, a moving average; 0 unknown */
    /* Per worker, shared with it: the game it is playing, plus 1; 0 for
     * none (job_worker.h). */
    volatile uint64_t *playing;
    unsigned idle_deaths;  /* workers that died playing no game since the last reply */
    uint64_t stopped_game; /* the first game stopped from outside, or UINT64_MAX */
    unsigned claims;       /* games in SLOT_CLAIMED */
    bool failed;
    struct error *err; /* why it failed */
};

static uint64_t queued_game(const struct worker *w, unsigned i)
{
    return w->queue[(w->head + i) % QUEUE_GAMES];
}

static struct slot *slot_of(struct pool *p, uint64_t game)
{
    return &p->slots[game % p->window];
}

/* The run fails; the first reason is the one it gives. */
__attribute__((format(printf, 2, 3))) static void fail(struct pool *p, const char *format, ...)
{
    if (!p->failed) {
        va_list args;
        va_start(args, format);
        tourney_error_vset(p->err, format, args);
        va_end(args);
        p->failed = true;
    }
}

static int start_worker(struct pool *p, struct worker *w)
{
    p->playing[w - p->workers] = 0;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        tourney_error_set_errno(p->err, "cannot make a socket for a worker process");
        p->failed = true;
        return -1;
    }
    pid_t runner = getpid();
    /* Buffered output would be written twice, once by each process. */
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        tourney_error_set_errno(p->err, "cannot start a worker process");
        p->failed = true;
        close(pair[0]);
        close(pair[1]);
        return -1;
    }
    if (pid == 0) {
        /* The other workers' sockets stay with the runner, or they would
         * not see the end of their stream when it closes its end. */
        close(pair[0]);
        for (unsigned i = 0; i < p->plan->jobs; i++) {
            if (p->workers[i].pid != 0) {
                close(p->workers[i].fd);
            }
        }
        tourney_job_worker_main(p->plan, pair[1], runner, &p->playing[w - p->workers]);
    }
    close(pair[1]);
    free(w->in);
    *w = (struct worker){.pid = pid, .fd = pair[0]};
    return 0;
}

/* Adds GAME to the games to deal again, keeping them in order. */
static void retry_game(struct pool *p, uint64_t game)
{
    size_t at = p->retry_count;
    while (at > 0 && p->retry[at - 1] > game) {
        p->retry[at] = p->retry[at - 1];
        at--;
    }
    p->retry[at] = game;
    p->retry_count++;
    slot_of(p, game)->state = SLOT_FREE;
}

/* A worker's stream ended: it died. Its games go to another worker; the one
 * it was playing, if it was playing one, is charged with its death. */
static void worker_died(struct pool *p, struct worker *w)
{
    close(w->fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    char how[64];
    tourney_describe_wait_status(status, how, sizeof(how));
    /* It is dead: whatever it wrote there is there. */
    uint64_t playing = p->playing[w - p->workers];
    bool charge = false;
    for (unsigned i = 0; i < w->count; i++) {
        charge = charge || queued_game(w, i) + 1 == playing;
    }
    if (!charge && ++p->idle_deaths > 2 * p->plan->jobs + 2) {
        /* Something kills workers before they play: not a game's fault,
         * and starting more would not help. */
        fail(p, "worker processes keep dying before they play (the last %s)", how);
    }
    if (charge) {
        uint64_t game = playing - 1;
        struct slot *s = slot_of(p, game);
        if (++s->deaths >= 2) {
            fail(p,
                 "game %llu ended two worker processes (the second %s); with isolation = none an "
                 "agent that crashes ends the process that plays it, where isolation = process "
                 "would make it lose only its game",
                 (unsigned long long)game, how);
        } else {
            tourney_warn(p->plan->warn,
                         "a worker process %s while playing game %llu; playing it "
                         "again",
                         how, (unsigned long long)game);
        }
    }
    /* Games it had finished but not yet replied to are played again too. */
    for (unsigned i = 0; i < w->count; i++) {
        retry_game(p, queued_game(w, i));
    }
    free(w->in);
    *w = (struct worker){.pid = 0, .fd = -1};
}

/* How many games a worker may be handed ahead. */
static unsigned queue_limit(const struct pool *p)
{
    if (p->game_ns == 0 || 2 * p->game_ns >= QUEUED_WORK_NS) {
        return 2;
    }
    uint64_t games = 2 + QUEUED_WORK_NS / p->game_ns;
    return games < QUEUE_GAMES ? (unsigned)games & ~1u : QUEUE_GAMES;
}

/* The worker to hand the next task to: an idle one, else a new one rather
 * than one busy with a game, else the one with the fewest games queued, if
 * it has room for two more; NULL when all have enough. */
static struct worker *pick_worker(struct pool *p)
{
    struct worker *least = NULL;
    struct worker *empty = NULL;
    for (unsigned i = 0; i < p->plan->jobs; i++) {
        struct worker *w = &p->workers[i];
        if (w->pid == 0) {
            empty = empty != NULL ? empty : w;
        } else if (least == NULL || w->count < least->count) {
            least = w;
        }
    }
    if (least != NULL && least->count == 0) {
        return least;
    }
    if (empty != NULL) {
        return empty;
    }
    return least != NULL && least->count + 2 <= queue_limit(p) ? least : NULL;
}

/* Up to MAX games to deal next: games to play again first, then new games
 * within the window, in order, so a task holds whole mini-matches, whose
 * games reuse the same agent processes. Returns how many. */
static uint32_t take_task(struct pool *p, bool stopping, uint32_t max, uint64_t *games)
{
    const struct job_plan *plan = p->plan;
    uint32_t count = 0;
    /* Past a game stopped from outside, nothing is written any more. */
    while (count < max && p->retry_count > 0 && p->retry[0] < p->stopped_game) {
        games[count++] = p->retry[0];
        p->retry_count--;
        memmove(p->retry, p->retry + 1, p->retry_count * sizeof(*p->retry));
    }
    uint64_t end = p->write_next + p->window;
    while (!stopping && count < max && p->deal_next < plan->games && p->deal_next < end) {
        games[count++] = p->deal_next;
        p->deal_next = plan->next(plan->context, p->deal_next + 1);
    }
    return count;
}

/* Hands out tasks while there are games and workers for them. */
static void deal(struct pool *p, bool stopping)
{
    struct worker *w;
    while (!p->failed && (w = pick_worker(p)) != NULL) {
        unsigned limit = queue_limit(p);
        uint32_t room = limit - w->count; /* pick_worker left room for two at least */
        struct {
            struct job_task_head head;
            uint64_t games[JOB_TASK_MAX];
        } task;
        memset(&task, 0, sizeof(task));
        task.head.count =
            take_task(p, stopping, room < JOB_TASK_MAX ? room : JOB_TASK_MAX, task.games);
        if (task.head.count == 0) {
            return;
        }
        if (w->pid == 0 && start_worker(p, w) != 0) {
            return;
        }
        if (w->count == 0) {
            w->started_ns = tourney_now_ns();
        }
        for (uint32_t i = 0; i < task.head.count; i++) {
            slot_of(p, task.games[i])->state = SLOT_DEALT;
            w->queue[(w->head + w->count++) % QUEUE_GAMES] = task.games[i];
        }
        if (tourney_job_send(w->fd, &task,
                             sizeof(task.head) + task.head.count * sizeof(uint64_t)) != 0) {
            /* Its stream is closed: it died. */
            worker_died(p, w);
        }
    }
}

/* Takes the whole reply at DATA from W; SIZE is its size. */
static void take_reply(struct pool *p, struct worker *w, const unsigned char *data, size_t size)
{
    struct job_reply_head head;
    memcpy(&head, data, sizeof(head));
    const char *text = (const char *)data + tourney_job_reply_text_offset();
    if (text[head.text_length - 1] != '\0') {
        fail(p, "a worker process sent a broken reply");
        return;
    }
    if (head.status < 0) {
        fail(p, "%s", text);
        return;
    }
    if (head.status > 0 && strlen(text) + 1 >= head.text_length) {
        fail(p, "a worker process sent a broken reply");
        return;
    }
    unsigned char *reply = malloc(size);
    if (reply == NULL) {
        fail(p, "out of memory");
        return;
    }
    memcpy(reply, data, size);
    struct slot *s = slot_of(p, head.game);
    s->state = SLOT_FINISHED;
    s->reply = reply;
    if (head.status > 0) {
        /* An agent process was stopped from outside the tournament, as it
         * or its death says: settle_claims decides. */
        s->state = SLOT_CLAIMED;
        s->until = tourney_now_ns() + p->plan->outside_window_ns;
        p->claims++;
    }
    w->head = (w->head + 1) % QUEUE_GAMES;
    w->count--;
    p->idle_deaths = 0;
    /* What a game takes, averaged over the last dozen or so. */
    uint64_t now = tourney_now_ns();
    uint64_t took = now - w->started_ns;
    p->game_ns = p->game_ns == 0 ? took : p->game_ns - p->game_ns / 8 + took / 8;
    w->started_ns = now;
}

/* Reads what W sent and takes every whole reply in it. */
static void receive(struct pool *p, struct worker *w)
{
    if (w->in_capacity - w->in_length < READ_CHUNK) {
        size_t capacity = w->in_length + READ_CHUNK;
        unsigned char *in = realloc(w->in, capacity);
        if (in == NULL) {
            fail(p, "out of memory");
            return;
        }
        w->in = in;
        w->in_capacity = capacity;
    }
    ssize_t got = read(w->fd, w->in + w->in_length, w->in_capacity - w->in_length);
    if (got < 0 && errno == EINTR) {
        return;
    }
    if (got <= 0) {
        worker_died(p, w);
        return;
    }
    w->in_length += (size_t)got;
    size_t used = 0;
    while (!p->failed && w->in_length - used >= sizeof(struct job_reply_head)) {
        struct job_reply_head head;
        memcpy(&head, w->in + used, sizeof(head));
        if (w->count == 0 || head.game != queued_game(w, 0) || head.text_length == 0 ||
            head.text_length > JOB_REPLY_MAX_TEXT) {
            fail(p, "a worker process broke the protocol between it and the runner");
            return;
        }
        size_t size = tourney_job_reply_size(&head);
        if (w->in_length - used < size) {
            /* The rest is on its way; make room for it. */
            if (w->in_capacity < used + size) {
                unsigned char *in = realloc(w->in, used + size);
                if (in == NULL) {
                    fail(p, "out of memory");
                    return;
                }
                w->in = in;
                w->in_capacity = used + size;
            }
            break;
        }
        take_reply(p, w, w->in + used, size);
        used += size;
    }
    memmove(w->in, w->in + used, w->in_length - used);
    w->in_length -= used;
}

/* Settles the games an agent process of which was stopped from outside the
 * tournament, as far as the worker saw: a stop that reaches the agents also
 * reaches the runner, at once or within the window (a job's end signals
 * every process), and then the game is no result and whatever stops the
 * runner stops the run; an agent's word alone, or its death by a SIGKILL
 * the runner did not send, is not a stop: the game is that agent's loss, as
 * the worker recorded it, and the run goes on. */
static void settle_claims(struct pool *p)
{
    const struct job_plan *plan = p->plan;
    bool stop = plan->stop != NULL && *plan->stop != 0;
    uint64_t now = tourney_now_ns();
    for (uint64_t i = 0; p->claims > 0 && i < p->window; i++) {
        struct slot *s = &p->slots[i];
        if (s->state != SLOT_CLAIMED || (!stop && now < s->until)) {
            continue;
        }
        p->claims--;
        if (!stop) {
            s->state = SLOT_FINISHED;
            continue;
        }
        struct job_reply_head head;
        memcpy(&head, s->reply, sizeof(head));
        const char *line = (const char *)s->reply + tourney_job_reply_text_offset();
        /* It names the agent: any bytes, escaped where it is printed. */
        tourney_warn(plan->warn, "%s; it will be played again", line + strlen(line) + 1);
        if (head.game < p->stopped_game) {
            p->stopped_game = head.game;
        }
        free(s->reply);
        s->reply = NULL;
        s->state = SLOT_STOPPED;
    }
}

/* When the first claim is settled without a stop, or UINT64_MAX. */
static uint64_t claims_due(const struct pool *p)
{
    uint64_t due = UINT64_MAX;
    for (uint64_t i = 0; p->claims > 0 && i < p->window; i++) {
        if (p->slots[i].state == SLOT_CLAIMED && p->slots[i].until < due) {
            due = p->slots[i].until;
        }
    }
    return due;
}

/* Hands the reply's line over to the runner. */
static int deliver(struct pool *p, struct slot *s)
{
    const char *line = (const char *)s->reply + tourney_job_reply_text_offset();
    int status = p->plan->deliver(p->plan->context, line, p->err);
    free(s->reply);
    *s = (struct slot){.state = SLOT_FREE};
    if (status != 0) {
        p->failed = true;
    }
    return status;
}

/* Delivers every game whose predecessors have all been delivered, then has
 * the runner write them. */
static void deliver_in_order(struct pool *p)
{
    const struct job_plan *plan = p->plan;
    bool delivered = false;
    while (!p->failed && p->write_next < plan->games) {
        struct slot *s = slot_of(p, p->write_next);
        if (s->state != SLOT_FINISHED || deliver(p, s) != 0) {
            break;
        }
        delivered = true;
        p->write_next = plan->next(plan->context, p->write_next + 1);
    }
    if (delivered && !p->failed && plan->flush(plan->context, p->err) != 0) {
        p->failed = true;
    }
}

/* Waits for replies, the runner's own work or a signal. */
static void wait_for_work(struct pool *p)
{
    const struct job_plan *plan = p->plan;
    /* A place without a worker has fd -1, which poll passes over. */
    for (unsigned i = 0; i < plan->jobs; i++) {
        p->fds[i] = (struct pollfd){.fd = p->workers[i].pid != 0 ? p->workers[i].fd : -1,
                                    .events = POLLIN};
    }
    uint64_t due = plan->due(plan->context);
    uint64_t claims = claims_due(p);
    due = claims < due ? claims : due;
    uint64_t now = tourney_now_ns();
    int timeout = -1;
    if (due != UINT64_MAX) {
        uint64_t wait_ms = due > now ? (due - now + 999999) / 1000000 : 0;
        timeout = wait_ms > 60000 ? 60000 : (int)wait_ms;
    }
    int ready = poll(p->fds, plan->jobs, timeout);
    if (ready < 0 && errno != EINTR) {
        fail(p, "cannot wait for the worker processes: %s", strerror(errno));
        return;
    }
    if (tourney_now_ns() >= plan->due(plan->context) && plan->tick(plan->context, p->err) != 0) {
        p->failed = true;
        return;
    }
    for (unsigned i = 0; ready > 0 && i < plan->jobs && !p->failed; i++) {
        if (p->fds[i].fd >= 0 && p->fds[i].revents != 0) {
            receive(p, &p->workers[i]);
        }
    }
}

/* Whether a worker still holds games it was dealt, or a claim waits. */
static bool busy(const struct pool *p)
{
    if (p->claims > 0) {
        return true;
    }
    for (unsigned i = 0; i < p->plan->jobs; i++) {
        if (p->workers[i].pid != 0 && p->workers[i].count > 0) {
            return true;
        }
    }
    return false;
}

/* Ends every worker: asked to (the end of its stream), or killed when the
 * run failed. */
static void stop_workers(struct pool *p)
{
    for (unsigned i = 0; i < p->plan->jobs; i++) {
        struct worker *w = &p->workers[i];
        if (w->pid != 0) {
            if (p->failed) {
                kill(w->pid, SIGKILL);
            }
            close(w->fd);
        }
    }
    for (unsigned i = 0; i < p->plan->jobs; i++) {
        struct worker *w = &p->workers[i];
        int status = 0;
        while (w->pid != 0 && waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
        }
        /* A worker that was done ends with status 0: anything else is a
         * fault of the runner's (valgrind's error exit code included), and
         * worth a failed run even though every game was delivered. */
        if (w->pid != 0 && !p->failed && !w->cut_off &&
            !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            char how[64];
            tourney_describe_wait_status(status, how, sizeof(how));
            fail(p, "a worker process %s when it was done", how);
        }
        free(w->in);
        *w = (struct worker){.pid = 0, .fd = -1};
    }
}

/* Kills the workers that still hold games when every game to write is
 * written (a sequential test reached its verdict): those games would be
 * dropped, and a worker holds several, each perhaps a long one. Its agent
 * processes die with it. */
static void cut_off_busy_workers(struct pool *p)
{
    for (unsigned i = 0; i < p->plan->jobs; i++) {
        struct worker *w = &p->workers[i];
        if (w->pid != 0 && w->count > 0) {
            kill(w->pid, SIGKILL);
            w->cut_off = true;
        }
    }
}

/* Ends at once the workers whose games all come after the first game that
 * was stopped from outside: the log stays in game order, so none of theirs
 * would be written (--resume plays them again). Its agent processes die
 * with it. */
static void cut_off_after_stop(struct pool *p)
{
    for (unsigned i = 0; p->stopped_game != UINT64_MAX && i < p->plan->jobs; i++) {
        struct worker *w = &p->workers[i];
        bool needed = false;
        for (unsigned j = 0; j < w->count; j++) {
            needed = needed || queued_game(w, j) < p->stopped_game;
        }
        if (w->pid == 0 || w->count == 0 || needed) {
            continue;
        }
        kill(w->pid, SIGKILL);
        close(w->fd);
        while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {
        }
        for (unsigned j = 0; j < w->count; j++) {
            slot_of(p, queued_game(w, j))->state = SLOT_FREE;
        }
        free(w->in);
        *w = (struct worker){.pid = 0, .fd = -1};
    }
}

/* After a failure: games that finished after one that never will are
 * delivered anyway, out of order, rather than lost. */
static void salvage(struct pool *p)
{
    /* The run's reason stays the first failure's. */
    struct error ignored;
    struct error *err = p->err;
    p->err = &ignored;
    for (uint64_t i = 0; i < p->window; i++) {
        struct slot *s = slot_of(p, p->write_next + i);
        if (s->state == SLOT_FINISHED) {
            deliver(p, s);
        }
    }
    p->plan->flush(p->plan->context, &ignored);
    p->err = err;
}

static void pool_finish(struct pool *p)
{
    for (uint64_t i = 0; p->slots != NULL && i < p->window; i++) {
        free(p->slots[i].reply);
    }
    free(p->workers);
    free(p->fds);
    free(p->slots);
    free(p->retry);
    if (p->playing != NULL) {
        munmap((void *)(uintptr_t)p->playing, p->plan->jobs * sizeof(*p->playing));
    }
}

enum job_outcome tourney_job_pool_run(const struct job_plan *plan, struct error *err)
{
    struct pool p = {
        .plan = plan,
        .window = (uint64_t)plan->jobs * WINDOW_PER_JOB,
        .stopped_game = UINT64_MAX,
        .err = err,
    };
    p.workers = calloc(plan->jobs, sizeof(*p.workers));
    p.fds = calloc(plan->jobs, sizeof(*p.fds));
    p.slots = calloc(p.window, sizeof(*p.slots));
    p.retry = calloc(p.window, sizeof(*p.retry));
    void *shared = mmap(NULL, plan->jobs * sizeof(*p.playing), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    p.playing = shared != MAP_FAILED ? shared : NULL;
    if (p.workers == NULL || p.fds == NULL || p.slots == NULL || p.retry == NULL ||
        p.playing == NULL) {
        pool_finish(&p);
        tourney_error_nomem(err);
        return JOBS_FAILED;
    }
    p.write_next = p.deal_next = plan->next(plan->context, 0);
    enum job_outcome outcome = JOBS_FAILED;
    for (;;) {
        settle_claims(&p);
        deliver_in_order(&p);
        if (p.failed) {
            break;
        }
        if (p.write_next >= plan->games) {
            /* Every game to write is written. When the run ended early (a
             * sequential test reached its verdict), workers may still hold
             * games, whose results are not needed. */
            cut_off_busy_workers(&p);
            outcome = JOBS_COMPLETE;
            break;
        }
        bool stopping = (plan->stop != NULL && *plan->stop != 0) || p.stopped_game != UINT64_MAX;
        cut_off_after_stop(&p);
        deal(&p, stopping);
        if (p.failed) {
            break;
        }
        if (!busy(&p)) {
            if (stopping) {
                outcome = JOBS_STOPPED;
            } else {
                fail(&p, "no game could be dealt to a worker process");
            }
            break;
        }
        wait_for_work(&p);
    }
    stop_workers(&p);
    if (p.failed) {
        outcome = JOBS_FAILED;
        salvage(&p);
    }
    pool_finish(&p);
    return outcome;
}
