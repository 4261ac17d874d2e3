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

void tourney_job_reply_record(unsigned char *reply, struct game_record *record, const char **text)
{
    struct job_reply_head head;
    memcpy(&head, reply, sizeof(head));
    tourney_record_init(record);
    record->index = (uint32_t)head.game;
    record->seed = head.seed;
    record->agent[0] = head.agent[0];
    record->agent[1] = head.agent[1];
    record->result = (enum game_result)head.result;
    record->termination = (enum termination)head.termination;
    record->fault_seat = head.fault_seat;
    memcpy(record->reason, head.reason, sizeof(record->reason));
    record->reason[sizeof(record->reason) - 1] = '\0';
    record->moves = (struct move_record *)(void *)(reply + sizeof(head));
    record->move_count = head.move_count;
    record->move_capacity = head.move_count;
    *text = (const char *)(reply + tourney_job_reply_text_offset(&head));
    if (head.opening_length > 0) {
        record->opening.position =
            (char *)(reply + tourney_job_reply_text_offset(&head) + head.text_length);
    }
    if (head.opening_move_count >= 0) {
        record->opening.moves =
            (int32_t *)(void *)(reply + tourney_job_reply_opening_offset(&head));
        record->opening.move_count = (size_t)head.opening_move_count;
        record->opening.moves_known = true;
    }
}

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
static int add_reply(struct outbox *out, uint64_t game, int status,
                     const struct game_record *record, const char *text, const char *note)
{
    struct job_reply_head head;
    memset(&head, 0, sizeof(head));
    head.game = game;
    head.seed = record->seed;
    head.status = status;
    head.agent[0] = record->agent[0];
    head.agent[1] = record->agent[1];
    head.result = (int32_t)record->result;
    head.termination = (int32_t)record->termination;
    head.fault_seat = record->fault_seat;
    snprintf(head.reason, sizeof(head.reason), "%s", record->reason);
    /* A game stopped from outside comes whole: it counts if nothing
     * stopped the runner. */
    bool played = status >= 0;
    head.move_count = played ? (uint32_t)record->move_count : 0;
    size_t text_length = strlen(text) + 1;
    size_t note_length = status > 0 ? strlen(note) + 1 : 0;
    head.text_length = (uint32_t)(text_length + note_length);
    const struct record_opening *opening = &record->opening;
    head.opening_move_count = played && opening->moves_known ? (int32_t)opening->move_count : -1;
    head.opening_length =
        played && opening->position != NULL ? (uint32_t)strlen(opening->position) + 1 : 0;
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
    /* Zeroed, and the moves copied field by field, so that no byte of
     * padding goes out uninitialised. */
    memset(at, 0, size);
    memcpy(at, &head, sizeof(head));
    struct move_record *moves = (struct move_record *)(void *)(at + sizeof(head));
    for (uint32_t i = 0; i < head.move_count; i++) {
        const struct move_record *move = &record->moves[i];
        moves[i].seat = move->seat;
        moves[i].move = move->move;
        moves[i].depth = move->depth;
        moves[i].score = move->score;
        moves[i].has_score = move->has_score;
        moves[i].has_cpu = move->has_cpu;
        moves[i].nodes = move->nodes;
        moves[i].time_ns = move->time_ns;
        moves[i].cpu_ns = move->cpu_ns;
    }
    if (head.opening_move_count > 0) {
        memcpy(at + tourney_job_reply_opening_offset(&head), opening->moves,
               (size_t)head.opening_move_count * sizeof(int32_t));
    }
    memcpy(at + tourney_job_reply_text_offset(&head), text, text_length);
    if (note_length > 0) {
        memcpy(at + tourney_job_reply_text_offset(&head) + text_length, note, note_length);
    }
    if (head.opening_length > 0) {
        memcpy(at + tourney_job_reply_text_offset(&head) + head.text_length, opening->position,
               head.opening_length);
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
    int added = add_reply(out, game, status, &record, status >= 0 ? line : err.text, err.text);
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
