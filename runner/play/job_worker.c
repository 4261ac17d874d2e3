#include "job_worker.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"

/* A game that took longer than this is replied to at once rather than with
 * the rest of its task: the runner writes it, and deals more, sooner. */
#define QUICK_GAME_NS UINT64_C(1000000)

int tourney_job_send(int fd, const void *buffer, size_t size)
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

/* Reads SIZE bytes. Returns 1, 0 at the end of the stream, -1 on an error. */
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

/* Replies not sent yet. */
struct outbox {
    unsigned char *data;
    size_t length;
    size_t capacity;
};

/* Adds one game's reply to OUT: TEXT is the game's line or why the runner
 * failed; NOTE, for a game stopped from outside, what stopped it. */
static int add_reply(struct outbox *out, uint64_t game, int status, const char *text,
                     const char *note)
{
    struct job_reply_head head;
    memset(&head, 0, sizeof(head));
    head.game = game;
    head.status = status;
    size_t text_length = strlen(text) + 1;
    size_t note_length = status > 0 ? strlen(note) + 1 : 0;
    head.text_length = (uint32_t)(text_length + note_length);
    size_t size = tourney_job_reply_size(&head);
    if (out->length + size > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->length + size) {
            capacity *= 2;
        }
        unsigned char *data = realloc(out->data, capacity);
        if (data == NULL) {
            return -1;
        }
        out->data = data;
        out->capacity = capacity;
    }
    unsigned char *at = out->data + out->length;
    /* Zeroed, so that no byte of padding goes out uninitialised. */
    memset(at, 0, size);
    memcpy(at, &head, sizeof(head));
    memcpy(at + tourney_job_reply_text_offset(), text, text_length);
    if (note_length > 0) {
        memcpy(at + tourney_job_reply_text_offset() + text_length, note, note_length);
    }
    out->length += size;
    return 0;
}

static int send_outbox(int fd, struct outbox *out)
{
    int status = tourney_job_send(fd, out->data, out->length);
    out->length = 0;
    return status;
}

/* Plays GAME and adds its reply to OUT; *STOPPED is set when an agent
 * process was stopped from outside, for the reply to go at once. */
static int play_one(const struct job_plan *plan, bool ready, uint64_t game, struct outbox *out,
                    bool *stopped)
{
    struct game_record record;
    tourney_record_init(&record);
    char *line = NULL;
    struct error err;
    tourney_error_set(&err, "out of memory in a worker process");
    int status = ready ? plan->play(plan->context, game, &record, &line, &err) : -1;
    int added = add_reply(out, game, status, status >= 0 ? line : err.text, err.text);
    *stopped = status > 0;
    free(line);
    tourney_record_finish(&record);
    return added;
}

_Noreturn void tourney_job_worker_main(const struct job_plan *plan, int fd, pid_t runner,
                                       volatile uint64_t *playing)
{
    /* Ctrl-C reaches the whole process group, a job's end or a hang-up
     * every process; the runner decides what stops, and a worker finishes
     * the games it was given. */
    struct sigaction ignore;
    memset(&ignore, 0, sizeof(ignore));
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, NULL);
    sigaction(SIGTERM, &ignore, NULL);
    sigaction(SIGHUP, &ignore, NULL);
    /* A worker never outlives the runner (killed with SIGKILL, say). */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != runner) {
        _exit(1);
    }
    bool ready = plan->worker_init(plan->context) == 0;
    struct outbox out = {0};
    struct job_task_head task;
    uint64_t games[JOB_TASK_MAX];
    int status = 0;
    while (status == 0 && read_full(fd, &task, sizeof(task)) == 1) {
        if (task.count == 0 || task.count > JOB_TASK_MAX ||
            read_full(fd, games, task.count * sizeof(*games)) != 1) {
            status = -1;
            break;
        }
        for (uint32_t i = 0; status == 0 && i < task.count; i++) {
            uint64_t start = tourney_now_ns();
            *playing = games[i] + 1;
            bool stopped = false;
            status = play_one(plan, ready, games[i], &out, &stopped);
            *playing = 0;
            if (status == 0 &&
                (i + 1 == task.count || stopped || tourney_now_ns() - start > QUICK_GAME_NS)) {
                status = send_outbox(fd, &out);
            }
        }
        if (ready && plan->worker_idle != NULL) {
            plan->worker_idle(plan->context);
        }
    }
    free(out.data);
    if (ready) {
        plan->worker_finish(plan->context);
    }
    /* _exit: the runner's buffers and exit handlers are the runner's. */
    _exit(status == 0 ? 0 : 1);
}
