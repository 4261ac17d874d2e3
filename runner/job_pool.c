#include "job_pool.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent_process.h"
#include "clock.h"

/* Games that may be finished and waiting for an earlier one, per job: enough
 * to keep every worker busy behind one slow game, few enough to keep in
 * memory (a game's record and line, a kilobyte or so on 3x3). */
#define WINDOW_PER_JOB 64

/* A reply's text (a log line, or why the runner failed) at most; a record
 * has at most a few hundred moves of 40 bytes. */
#define MAX_REPLY_TEXT (UINT32_C(64) << 20)
#define MAX_REPLY_MOVES (UINT32_C(1) << 24)

/* The runner to a worker: play games FIRST to FIRST + COUNT - 1. */
struct task {
    uint64_t first;
    uint32_t count;
    uint32_t unused;
};

/* A worker to the runner, for each game of its task, followed by the game's
 * moves and a text: the log line, or the reason the runner failed. Workers
 * are forks of the runner, the very same program, so records travel as
 * they are in memory: the runner counts them without parsing any JSON,
 * which keeps it well ahead of its workers. */
struct reply_head {
    uint64_t game;
    uint64_t seed;
    int32_t status; /* 0: played; -1: the runner failed */
    uint32_t agent[2];
    int32_t result;
    int32_t termination;
    int32_t fault_seat;
    uint32_t move_count;
    uint32_t text_length; /* its NUL included */
};
_Static_assert(sizeof(struct reply_head) % _Alignof(struct move_record) == 0,
               "the moves follow the head aligned");

/* Games a worker may have been handed and not yet replied to. */
#define QUEUE_GAMES 16

/* How much work a worker is given beyond the mini-match it plays, when
 * games are quick: enough that it never waits for the runner between two
 * of them. Slow games are dealt one mini-match at a time, so that at the
 * end of a tournament no worker sits on games another could be playing. */
#define QUEUED_WORK_NS UINT64_C(2000000)

struct worker {
    pid_t pid;                   /* 0 when none runs in this place */
    int fd;                      /* the runner's end of its socket */
    uint64_t queue[QUEUE_GAMES]; /* games handed to it, in the order it plays them */
    unsigned head;
    unsigned count;
    uint64_t started_ns; /* when it started on the game at the head */
};

enum slot_state { SLOT_FREE = 0, SLOT_DEALT, SLOT_FINISHED };

/* A game of the window: slots[game % window]. */
struct slot {
    unsigned char state;
    unsigned char deaths; /* workers that died while playing it */
    unsigned char *reply; /* SLOT_FINISHED: head, moves and text */
};

struct pool {
    const struct job_plan *plan;
    struct worker *workers;
    struct slot *slots;
    uint64_t window;
    uint64_t write_next; /* the next game to deliver, or plan->games */
    uint64_t deal_next;  /* the next game never dealt, or plan->games */
    uint64_t *retry;     /* games to deal again, in order */
    struct pollfd *fds;  /* one per worker, to wait with */
    size_t retry_count;
    uint64_t game_ns; /* a game's time in a worker, a moving average; 0 unknown */
    bool failed;
    char *error;
    size_t error_size;
};

static bool busy(const struct worker *w)
{
    return w->count > 0;
}

static uint64_t queued_game(const struct worker *w, unsigned i)
{
    return w->queue[(w->head + i) % QUEUE_GAMES];
}

static struct slot *slot_of(struct pool *p, uint64_t game)
{
    return &p->slots[game % p->window];
}

static void fail(struct pool *p, const char *message)
{
    if (!p->failed) {
        snprintf(p->error, p->error_size, "%s", message);
        p->failed = true;
    }
}

/* Reads SIZE bytes. Returns 1, 0 at the end of the stream (the other side
 * closed it or died), -1 on an error. */
static int read_full(int fd, void *buffer, size_t size)
{
    unsigned char *at = buffer;
    while (size > 0) {
        ssize_t got = read(fd, at, size);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            return got == 0 ? 0 : -1;
        }
        at += got;
        size -= (size_t)got;
    }
    return 1;
}

static int send_full(int fd, const void *buffer, size_t size)
{
    const unsigned char *at = buffer;
    while (size > 0) {
        ssize_t sent = send(fd, at, size, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) {
            continue;
        }
        if (sent <= 0) {
            return -1;
        }
        at += sent;
        size -= (size_t)sent;
    }
    return 0;
}

/* In a worker: one game's reply. */
static int send_reply(int fd, uint64_t game, int status, const struct game_record *record,
                      const char *text)
{
    struct reply_head head;
    memset(&head, 0, sizeof(head));
    head.game = game;
    head.seed = record->seed;
    head.status = status;
    head.agent[0] = record->agent[0];
    head.agent[1] = record->agent[1];
    head.result = (int32_t)record->result;
    head.termination = (int32_t)record->termination;
    head.fault_seat = record->fault_seat;
    head.move_count = status == 0 ? (uint32_t)record->move_count : 0;
    head.text_length = (uint32_t)strlen(text) + 1;
    size_t moves = head.move_count * sizeof(struct move_record);
    size_t size = sizeof(head) + moves + head.text_length;
    unsigned char *buffer = malloc(size);
    if (buffer == NULL) {
        return -1;
    }
    memcpy(buffer, &head, sizeof(head));
    if (moves > 0) {
        memcpy(buffer + sizeof(head), record->moves, moves);
    }
    memcpy(buffer + sizeof(head) + moves, text, head.text_length);
    int sent = send_full(fd, buffer, size);
    free(buffer);
    return sent;
}

/* A worker's life: games in, replies out, until the runner closes its end. */
static void worker_main(const struct job_plan *plan, int fd, pid_t runner)
{
    /* Ctrl-C reaches the whole process group; the runner decides what
     * stops, and a worker finishes the games it was given. */
    struct sigaction ignore;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, NULL);
    sigaction(SIGTERM, &ignore, NULL);
    /* A worker never outlives the runner (killed with SIGKILL, say). */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != runner) {
        _exit(1);
    }
    int ready = plan->worker_init(plan->context);
    struct task task;
    while (read_full(fd, &task, sizeof(task)) == 1) {
        for (uint32_t i = 0; i < task.count; i++) {
            struct game_record record;
            tourney_record_init(&record);
            char *line = NULL;
            char error[512] = "out of memory in a worker process";
            int status = ready == 0 ? plan->play(plan->context, task.first + i, &record, &line,
                                                 error, sizeof(error))
                                    : -1;
            int sent = send_reply(fd, task.first + i, status, &record, status == 0 ? line : error);
            free(line);
            tourney_record_finish(&record);
            if (sent != 0) {
                _exit(1);
            }
        }
    }
    if (ready == 0) {
        plan->worker_finish(plan->context);
    }
    _exit(0);
}

static int start_worker(struct pool *p, struct worker *w)
{
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        snprintf(p->error, p->error_size, "cannot make a socket for a worker process: %s",
                 strerror(errno));
        p->failed = true;
        return -1;
    }
    pid_t runner = getpid();
    /* Buffered output would be written twice, once by each process. */
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(p->error, p->error_size, "cannot start a worker process: %s", strerror(errno));
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
        worker_main(p->plan, pair[1], runner);
    }
    close(pair[1]);
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
 * it was playing is charged with its death, once. */
static void worker_died(struct pool *p, struct worker *w, bool charge)
{
    close(w->fd);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
    }
    char how[64];
    tourney_describe_wait_status(status, how, sizeof(how));
    if (busy(w)) {
        uint64_t game = queued_game(w, 0);
        struct slot *s = slot_of(p, game);
        if (charge && ++s->deaths >= 2) {
            char message[512];
            snprintf(message, sizeof(message),
                     "game %llu ended two worker processes (the second %s); with isolation = "
                     "none an agent that crashes ends the process that plays it, where "
                     "isolation = process would make it lose only its game",
                     (unsigned long long)game, how);
            fail(p, message);
        } else if (charge && p->plan->err != NULL) {
            fprintf(p->plan->err,
                    "tourney: a worker process %s while playing game %llu; playing it again\n", how,
                    (unsigned long long)game);
        }
        for (unsigned i = 0; i < w->count; i++) {
            retry_game(p, queued_game(w, i));
        }
    }
    *w = (struct worker){.pid = 0, .fd = -1};
}

/* The next task to deal, if there is one. */
static bool take_task(struct pool *p, bool stopping, uint64_t *first, uint32_t *count)
{
    const struct job_plan *plan = p->plan;
    if (p->retry_count > 0) {
        *first = p->retry[0];
        *count = 1;
        if (*first % 2 == 0 && p->retry_count > 1 && p->retry[1] == *first + 1) {
            *count = 2;
        }
        p->retry_count -= *count;
        memmove(p->retry, p->retry + *count, p->retry_count * sizeof(*p->retry));
        return true;
    }
    uint64_t end = p->write_next + p->window;
    if (stopping || p->deal_next >= plan->games || p->deal_next >= end) {
        return false;
    }
    /* Both games of a mini-match, when both are to be played, go to the
     * same worker: its agent processes serve the two. */
    *first = p->deal_next;
    *count = 1;
    if (*first % 2 == 0 && *first + 1 < end &&
        plan->next(plan->context, *first + 1) == *first + 1) {
        *count = 2;
    }
    p->deal_next = plan->next(plan->context, *first + *count);
    return true;
}

/* How many games a worker may be handed ahead. */
static unsigned queue_limit(const struct pool *p)
{
    if (p->game_ns == 0 || 2 * p->game_ns >= QUEUED_WORK_NS) {
        return 2;
    }
    uint64_t games = 2 + QUEUED_WORK_NS / p->game_ns;
    return games < QUEUE_GAMES ? (unsigned)games : QUEUE_GAMES;
}

/* The worker to hand the next task to: the one with the fewest games,
 * starting a new one rather than queueing behind a game; NULL when all
 * have enough. */
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
    /* A task is two games at most. */
    return least != NULL && least->count + 2 <= queue_limit(p) ? least : NULL;
}

/* Hands out tasks while there are workers for them. */
static void deal(struct pool *p, bool stopping)
{
    struct worker *w;
    while (!p->failed && (w = pick_worker(p)) != NULL) {
        uint64_t first;
        uint32_t count;
        if (!take_task(p, stopping, &first, &count)) {
            return;
        }
        if (w->pid == 0 && start_worker(p, w) != 0) {
            return;
        }
        if (w->count == 0) {
            w->started_ns = tourney_now_ns();
        }
        for (uint32_t g = 0; g < count; g++) {
            slot_of(p, first + g)->state = SLOT_DEALT;
            w->queue[(w->head + w->count++) % QUEUE_GAMES] = first + g;
        }
        struct task task = {.first = first, .count = count};
        if (send_full(w->fd, &task, sizeof(task)) != 0) {
            /* Its stream is closed: it died, perhaps before it was given
             * anything. Whether it was playing a game, its reply's absence
             * will say; nothing is charged here. */
            worker_died(p, w, false);
        }
    }
}

/* Reads one reply from W. */
static void receive(struct pool *p, struct worker *w)
{
    struct reply_head head;
    int got = read_full(w->fd, &head, sizeof(head));
    unsigned char *reply = NULL;
    if (got == 1) {
        if (!busy(w) || head.game != queued_game(w, 0) || head.text_length == 0 ||
            head.text_length > MAX_REPLY_TEXT || head.move_count > MAX_REPLY_MOVES) {
            fail(p, "a worker process broke the protocol between it and the runner");
            return;
        }
        size_t moves = head.move_count * sizeof(struct move_record);
        size_t size = sizeof(head) + moves + head.text_length;
        reply = malloc(size);
        if (reply == NULL) {
            fail(p, "out of memory");
            return;
        }
        memcpy(reply, &head, sizeof(head));
        got = read_full(w->fd, reply + sizeof(head), size - sizeof(head));
    }
    if (got != 1) {
        free(reply);
        worker_died(p, w, true);
        return;
    }
    const char *text =
        (const char *)reply + sizeof(head) + head.move_count * sizeof(struct move_record);
    if (head.status != 0 || text[head.text_length - 1] != '\0') {
        fail(p, head.status != 0 ? text : "a worker process sent a broken reply");
        free(reply);
        return;
    }
    struct slot *s = slot_of(p, head.game);
    s->state = SLOT_FINISHED;
    s->reply = reply;
    w->head = (w->head + 1) % QUEUE_GAMES;
    w->count--;
    /* What a game takes, averaged over the last dozen or so. */
    uint64_t now = tourney_now_ns();
    uint64_t took = now - w->started_ns;
    p->game_ns = p->game_ns == 0 ? took : p->game_ns - p->game_ns / 8 + took / 8;
    w->started_ns = now;
}

/* Hands the reply over to the runner as a record. */
static int deliver(struct pool *p, struct slot *s)
{
    struct reply_head head;
    memcpy(&head, s->reply, sizeof(head));
    struct game_record record;
    tourney_record_init(&record);
    record.index = (uint32_t)head.game;
    record.seed = head.seed;
    record.agent[0] = head.agent[0];
    record.agent[1] = head.agent[1];
    record.result = (enum game_result)head.result;
    record.termination = (enum termination)head.termination;
    record.fault_seat = head.fault_seat;
    record.moves = (struct move_record *)(void *)(s->reply + sizeof(head));
    record.move_count = head.move_count;
    record.move_capacity = head.move_count;
    const char *line =
        (const char *)(s->reply + sizeof(head) + head.move_count * sizeof(struct move_record));
    int status = p->plan->deliver(p->plan->context, &record, line, p->error, p->error_size);
    free(s->reply);
    *s = (struct slot){.state = SLOT_FREE};
    if (status != 0) {
        p->failed = true;
    }
    return status;
}

/* Delivers every game whose predecessors have all been delivered. */
static void deliver_in_order(struct pool *p)
{
    const struct job_plan *plan = p->plan;
    while (!p->failed && p->write_next < plan->games) {
        struct slot *s = slot_of(p, p->write_next);
        if (s->state != SLOT_FINISHED || deliver(p, s) != 0) {
            return;
        }
        p->write_next = plan->next(plan->context, p->write_next + 1);
    }
}

/* Waits for replies, the runner's own work or a signal. */
static void wait_for_work(struct pool *p)
{
    const struct job_plan *plan = p->plan;
    /* A place without a worker has fd -1, which poll passes over. */
    struct pollfd *fds = p->fds;
    for (unsigned i = 0; i < plan->jobs; i++) {
        fds[i] =
            (struct pollfd){.fd = p->workers[i].pid != 0 ? p->workers[i].fd : -1, .events = POLLIN};
    }
    uint64_t due = plan->due(plan->context);
    uint64_t now = tourney_now_ns();
    int timeout = -1;
    if (due != UINT64_MAX) {
        uint64_t wait_ms = due > now ? (due - now + 999999) / 1000000 : 0;
        timeout = wait_ms > 60000 ? 60000 : (int)wait_ms;
    }
    int ready = poll(fds, plan->jobs, timeout);
    if (ready < 0 && errno != EINTR) {
        char message[256];
        snprintf(message, sizeof(message), "cannot wait for the worker processes: %s",
                 strerror(errno));
        fail(p, message);
        return;
    }
    if (tourney_now_ns() >= plan->due(plan->context) &&
        plan->tick(plan->context, p->error, p->error_size) != 0) {
        p->failed = true;
        return;
    }
    for (unsigned i = 0; ready > 0 && i < plan->jobs && !p->failed; i++) {
        if (fds[i].fd >= 0 && fds[i].revents != 0) {
            receive(p, &p->workers[i]);
        }
    }
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
        while (w->pid != 0 && waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {
        }
        w->pid = 0;
    }
}

/* After a failure: games that finished after one that never will are
 * delivered anyway, out of order, rather than lost. */
static void salvage(struct pool *p)
{
    char ignored[256];
    char *error = p->error;
    size_t error_size = p->error_size;
    p->error = ignored;
    p->error_size = sizeof(ignored);
    for (uint64_t i = 0; i < p->window; i++) {
        struct slot *s = slot_of(p, p->write_next + i);
        if (s->state == SLOT_FINISHED) {
            deliver(p, s);
        }
    }
    p->error = error;
    p->error_size = error_size;
}

enum job_outcome tourney_job_pool_run(const struct job_plan *plan, char *error, size_t error_size)
{
    struct pool p = {
        .plan = plan,
        .window = (uint64_t)plan->jobs * WINDOW_PER_JOB,
        .error = error,
        .error_size = error_size,
    };
    p.workers = calloc(plan->jobs, sizeof(*p.workers));
    p.slots = calloc(p.window, sizeof(*p.slots));
    p.retry = calloc(p.window, sizeof(*p.retry));
    p.fds = calloc(plan->jobs, sizeof(*p.fds));
    if (p.workers == NULL || p.slots == NULL || p.retry == NULL || p.fds == NULL) {
        free(p.workers);
        free(p.slots);
        free(p.retry);
        free(p.fds);
        snprintf(error, error_size, "out of memory");
        return JOBS_FAILED;
    }
    p.write_next = p.deal_next = plan->next(plan->context, 0);
    enum job_outcome outcome = JOBS_FAILED;
    for (;;) {
        deliver_in_order(&p);
        if (p.failed) {
            break;
        }
        if (p.write_next >= plan->games) {
            outcome = JOBS_COMPLETE;
            break;
        }
        bool stopping = plan->stop != NULL && *plan->stop != 0;
        deal(&p, stopping);
        bool any_busy = false;
        for (unsigned i = 0; i < plan->jobs; i++) {
            any_busy = any_busy || (p.workers[i].pid != 0 && busy(&p.workers[i]));
        }
        if (p.failed) {
            break;
        }
        if (!any_busy) {
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
        salvage(&p);
    }
    for (uint64_t i = 0; i < p.window; i++) {
        free(p.slots[i].reply);
    }
    free(p.workers);
    free(p.slots);
    free(p.retry);
    free(p.fds);
    return outcome;
}
