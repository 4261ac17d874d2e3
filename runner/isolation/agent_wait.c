/* Waiting for an agent process and judging what it sends
 * (agent_process.h): one epoll wait on its socket, output pipes, exit and
 * wake-ups against the deadline, the frames or lines it sent taken apart,
 * and a reply judged by when the runner read it and the CPU time it took.
 * Apart from its life (agent_process.c) and its bytes (agent_channel.c)
 * because this is where the agent's time is judged: every way a wait ends
 * is a process_event here, and nothing here blocks past the deadline. */
#define _GNU_SOURCE /* epoll_pwait2 */
#include "agent_process.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agent_life.h"
#include "clock.h"
#include "text.h"

/* What a wait is for: the reply to a request (frames), the next line, or
 * the process's end. */
struct awaiting {
    uint32_t sequence; /* frames: the request whose reply ends the wait */
    process_log_fn log;
    void *log_context;
    struct process_reply *reply;
    size_t max_line; /* lines: the longest allowed, its newline included */
    char **line;
    bool end; /* frames: only its end ends the wait; its replies are let go */
};

/* Handles the complete frames in the inbox: LOG and MEMORY frames on the
 * way, up to the reply A waits for (none, while it waits for the end).
 * Returns true with *EVENT set when the wait is over (that reply, or a
 * protocol error). */
static bool handle_frames(struct agent_process *p, const struct awaiting *a,
                          enum process_event *event, struct error *err)
{
    uint32_t awaited = a->sequence;
    size_t offset = 0;
    for (;;) {
        struct wire_header h;
        int found = tourney_wire_frame(p->io.inbox + offset, p->io.inbox_length - offset,
                                       PROTOCOL_VERSION, &h, err);
        if (found == 0) {
            tourney_agent_channel_drop_inbox(&p->io, offset);
            return false;
        }
        if (found < 0) {
            *event = PROCESS_PROTOCOL_ERROR;
            return true;
        }
        const unsigned char *payload = p->io.inbox + offset + WIRE_HEADER_SIZE;
        size_t end = offset + WIRE_HEADER_SIZE + h.length;
        if (h.type == MSG_LOG) {
            struct msg_log message;
            if (tourney_msg_get_log(payload, h.length, &message) != 0) {
                tourney_error_set(err, "a malformed LOG message");
                *event = PROCESS_PROTOCOL_ERROR;
                return true;
            }
            if (a->log != NULL) {
                a->log(a->log_context, &message);
            }
        } else if (h.type == MSG_MEMORY) {
            if (tourney_msg_get_memory(payload, h.length, &p->memory) != 0) {
                tourney_error_set(err, "a malformed MEMORY message");
                *event = PROCESS_PROTOCOL_ERROR;
                return true;
            }
            p->memory_note = true;
        } else if (h.type == MSG_DYING) {
            uint32_t signal_number = 0;
            if (tourney_msg_get_dying(payload, h.length, &signal_number) != 0) {
                tourney_error_set(err, "a malformed DYING message");
                *event = PROCESS_PROTOCOL_ERROR;
                return true;
            }
            p->dying_signal = (int)signal_number;
        } else if (h.type == MSG_OUTSIDE) {
            uint32_t signal_number = 0;
            if (tourney_msg_get_outside(payload, h.length, &signal_number) != 0) {
                tourney_error_set(err, "a malformed OUTSIDE message");
                *event = PROCESS_PROTOCOL_ERROR;
                return true;
            }
            p->outside_signal = (int)signal_number;
        } else if (a->end) {
            /* A reply while its end is awaited: nothing waits for it. */
        } else if (h.sequence != awaited) {
            tourney_error_set(err, "%s numbered %u while waiting for the reply to request %u",
                              tourney_msg_name(h.type), (unsigned)h.sequence, (unsigned)awaited);
            *event = PROCESS_PROTOCOL_ERROR;
            return true;
        } else {
            a->reply->header = h;
            a->reply->payload = payload;
            p->io.inbox_consumed = end; /* it stays where it is until the next call */
            *event = PROCESS_REPLY;
            return true;
        }
        offset = end;
    }
}

/* Hands out the next line in the inbox, when a whole one is there. Returns
 * true with *EVENT set when the wait is over (a line, or one too long). */
static bool take_line(struct agent_process *p, const struct awaiting *a, enum process_event *event,
                      struct error *err)
{
    size_t scanned = p->io.inbox_length < a->max_line ? p->io.inbox_length : a->max_line;
    unsigned char *end = memchr(p->io.inbox, '\n', scanned);
    if (end == NULL) {
        if (p->io.inbox_length < a->max_line) {
            return false;
        }
        char start[48];
        snprintf(start, sizeof(start), "%.*s", 40, (const char *)p->io.inbox);
        tourney_make_printable(start, false);
        tourney_error_set(err, "a line longer than %zu bytes, starting '%s'", a->max_line, start);
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    *end = '\0';
    *a->line = (char *)p->io.inbox;
    p->io.inbox_consumed = (size_t)(end - p->io.inbox) + 1;
    p->io.line_bytes += p->io.inbox_consumed;
    *event = p->output.total + p->io.line_bytes > p->output_limit ? PROCESS_OUTPUT_LIMIT
                                                                  : PROCESS_REPLY;
    return true;
}

/* Without a pidfd, a closed socket is the sign of an exit; the exit itself
 * is then looked for once per millisecond, without reaping (WNOWAIT), so
 * that reap can still kill the group first. */
static void check_exit_without_pidfd(struct agent_process *p)
{
    siginfo_t info;
    memset(&info, 0, sizeof(info));
    if (p->pidfd < 0 && p->io.control_closed && !p->exited &&
        waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == p->pid) {
        tourney_agent_process_reap(p);
    }
}

/* Empties the eventfd a host wakes the runner with. */
static void drain_wake(struct agent_process *p)
{
    uint64_t count;
    while (read(p->io.wake, &count, sizeof(count)) < 0 && errno == EINTR) {
    }
}

static bool over(enum process_event *event, enum process_event what)
{
    *event = what;
    return true;
}

/* Handles what epoll said is ready: sends, receives, drains the output,
 * reaps. Returns true with *EVENT set when the wait is over (the output
 * limit, or a failure of the runner). */
static bool handle_ready(struct agent_process *p, const struct epoll_event *ready, int count,
                         enum process_event *event, struct error *err)
{
    /* Handled in a fixed order, whatever order they came in. */
    uint32_t revents[WATCH_COUNT] = {0};
    for (int i = 0; i < count; i++) {
        if (ready[i].data.u32 < WATCH_COUNT) {
            revents[ready[i].data.u32] |= ready[i].events;
        }
    }
    if (revents[WATCH_WAKE] != 0) {
        drain_wake(p);
    }
    if (revents[WATCH_CONTROL] != 0 && !p->io.control_closed) {
        if ((revents[WATCH_CONTROL] & EPOLLOUT) != 0) {
            tourney_agent_channel_send(&p->io);
        }
        if ((revents[WATCH_CONTROL] & (EPOLLIN | EPOLLHUP | EPOLLERR)) != 0 &&
            tourney_agent_channel_receive(&p->io) != 0) {
            tourney_error_nomem(err);
            return over(event, PROCESS_FAILED);
        }
    }
    int *pipes[2] = {&p->out, &p->err};
    for (int i = 0; i < 2; i++) {
        if (revents[WATCH_OUT + i] != 0 && *pipes[i] >= 0 &&
            tourney_agent_process_drain(p, pipes[i]) != 0) {
            return over(event, PROCESS_OUTPUT_LIMIT);
        }
    }
    if (revents[WATCH_PIDFD] != 0 && p->pidfd >= 0) {
        /* What it sent before it died comes first. */
        if (tourney_agent_channel_receive(&p->io) != 0) {
            tourney_error_nomem(err);
            return over(event, PROCESS_FAILED);
        }
        tourney_agent_process_reap(p);
    }
    check_exit_without_pidfd(p);
    if (p->output.total > p->output_limit) {
        return over(event, PROCESS_OUTPUT_LIMIT);
    }
    return false;
}

/* The reply to request AWAITED from the channel, once every LOG frame the
 * host sent on the socket before it was handled. Returns true with *EVENT
 * set when the wait is over (that reply, or a protocol error). */
static bool take_channel_reply(struct agent_process *p, const struct awaiting *a,
                               enum process_event *event, struct error *err)
{
    uint32_t awaited = a->sequence;
    if (tourney_agent_channel_receive_shared(&p->io) != 0) {
        tourney_error_nomem(err);
        *event = PROCESS_FAILED;
        return true;
    }
    if (p->io.channel_broken) {
        tourney_error_set(err, "counts of the runner's written into the memory it shares");
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    struct wire_header h;
    int found = tourney_wire_frame(p->io.replies, p->io.replies_length, PROTOCOL_VERSION, &h, err);
    if (found == 0) {
        return false;
    }
    if (found < 0) {
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    /* What it sent on the socket and printed before it replied comes
     * first, as when everything went through the socket: one look at what
     * is ready, without waiting. */
    struct epoll_event ready[WATCH_COUNT];
    int count = epoll_wait(p->epoll, ready, WATCH_COUNT, 0);
    if ((count > 0 && handle_ready(p, ready, count, event, err)) ||
        handle_frames(p, a, event, err)) {
        return true;
    }
    if (h.type == MSG_LOG || h.type == MSG_MEMORY || h.type == MSG_DYING ||
        h.type == MSG_OUTSIDE || h.sequence != awaited) {
        tourney_error_set(err,
                          "%s numbered %u in the shared memory while waiting for the reply "
                          "to request %u",
                          tourney_msg_name(h.type), (unsigned)h.sequence, (unsigned)awaited);
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    a->reply->header = h;
    a->reply->payload = p->io.replies + WIRE_HEADER_SIZE;
    p->io.replies_consumed = WIRE_HEADER_SIZE + (size_t)h.length;
    *event = PROCESS_REPLY;
    return true;
}

/* Lets go of what the channel holds of its replies, while its end is
 * awaited. Returns true with *EVENT set when the wait is over (the runner
 * is out of memory, or the process wrote counts of the runner's). */
static bool drop_channel_replies(struct agent_process *p, enum process_event *event,
                                 struct error *err)
{
    if (tourney_agent_channel_receive_shared(&p->io) != 0) {
        tourney_error_nomem(err);
        return over(event, PROCESS_FAILED);
    }
    if (p->io.channel_broken) {
        tourney_error_set(err, "counts of the runner's written into the memory it shares");
        return over(event, PROCESS_PROTOCOL_ERROR);
    }
    p->io.replies_length = 0;
    p->io.replies_consumed = 0;
    return false;
}

/* Whether the wait is over, from what the inbox (and the channel) holds. */
static bool take(struct agent_process *p, const struct awaiting *a, enum process_event *event,
                 struct error *err)
{
    if (p->io.lines) {
        return take_line(p, a, event, err);
    }
    if (a->end) {
        return handle_frames(p, a, event, err) ||
               (p->io.channel != NULL && drop_channel_replies(p, event, err));
    }
    return handle_frames(p, a, event, err) ||
           (p->io.channel != NULL && take_channel_reply(p, a, event, err));
}

/* Keeps what the epoll instance watches the socket for up to date: its
 * replies, room for the rest of a request, nothing once it closed. */
static int watch_control(struct agent_process *p)
{
    bool pending = p->io.channel == NULL && p->io.outbox_sent < p->io.outbox_length;
    uint32_t wanted = p->io.control_closed ? 0 : pending ? EPOLLIN | EPOLLOUT : EPOLLIN;
    if (wanted == p->control_events) {
        return 0;
    }
    struct epoll_event event = {.events = wanted, .data.u32 = WATCH_CONTROL};
    int op = wanted == 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD;
    if (epoll_ctl(p->epoll, op, p->io.control, &event) != 0) {
        return -1;
    }
    p->control_events = wanted;
    return 0;
}

/* epoll_pwait2, whose timeout is exact; epoll_wait's, in milliseconds
 * rounded up so that it never wakes before the deadline, on kernels before
 * 5.11. */
static int wait_events(int epoll, struct epoll_event *ready, const struct timespec *timeout,
                       uint64_t wait_ns)
{
    int count = epoll_pwait2(epoll, ready, WATCH_COUNT, timeout, NULL);
    if (count < 0 && errno == ENOSYS) {
        uint64_t ms = (wait_ns + UINT64_C(999999)) / UINT64_C(1000000);
        count = epoll_wait(epoll, ready, WATCH_COUNT, ms > INT32_MAX ? INT32_MAX : (int)ms);
    }
    return count;
}

/* A process 1 of a PID namespace cannot die of a signal it sends itself:
 * one that said it is dying of signal N (DYING) and exited with 128 + N
 * is given the wait status of that death. What it says can only change how
 * its own end is described. */
static void settle_dying(struct agent_process *p)
{
    int status = p->wait_status;
    if (p->dying_signal > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 128 + p->dying_signal) {
        p->wait_status = W_EXITCODE(0, p->dying_signal);
    }
}

/* The CPU time of the request being waited for went past its limit (kept
 * in reply_cpu_ns for the message). */
static bool over_cpu_limit(struct agent_process *p)
{
    uint64_t cpu = 0;
    if (p->cpu_limit_ns == 0 || !p->cpu_posted_known || !tourney_agent_process_cpu_ns(p, &cpu) ||
        cpu - p->cpu_posted_ns <= p->cpu_limit_ns) {
        return false;
    }
    p->reply_cpu_known = true;
    p->reply_cpu_ns = cpu - p->cpu_posted_ns;
    return true;
}

static enum process_event wait_for_reply(struct agent_process *p, const struct awaiting *a,
                                         uint64_t deadline_ns, struct error *err)
{
    for (;;) {
        enum process_event event;
        if (p->io.channel != NULL) {
            tourney_agent_channel_send(&p->io); /* the rest of a request longer than the room */
        }
        if (take(p, a, &event, err)) {
            return event;
        }
        if (p->exited) {
            settle_dying(p);
            return PROCESS_EXITED;
        }
        uint64_t now = tourney_now_ns();
        if (now >= deadline_ns) {
            return PROCESS_TIMEOUT;
        }
        if (over_cpu_limit(p)) {
            return PROCESS_CPU_LIMIT;
        }
        uint64_t wait = deadline_ns - now;
        if (p->pidfd < 0 && p->io.control_closed && wait > UINT64_C(1000000)) {
            wait = UINT64_C(1000000);
        }
        if (p->cpu_limit_ns > 0 && wait > CPU_CHECK_NS) {
            wait = CPU_CHECK_NS;
        }
        wait = tourney_pause_limit_wait(&p->pause, p->posted_ns, now, wait);
        if (tourney_processor_share_held(&p->share)) {
            /* A request that takes long: an agent that thinks gets every
             * processor again. */
            uint64_t release_at = p->posted_ns + PROCESSOR_SHARE_HOLD_NS;
            if (now >= release_at) {
                tourney_processor_share_release(&p->share, p->pid);
            } else if (wait > release_at - now) {
                wait = release_at - now;
            }
        }
        if (p->io.channel != NULL && !p->exited) {
            /* A quick agent on this processor answers as this one yields it. */
            if (p->reply_ns != 0 && p->reply_ns <= PROCESSOR_SHARE_QUICK_NS &&
                now - p->posted_ns < CHANNEL_YIELD_NS) {
                sched_yield();
                continue;
            }
            if (tourney_agent_channel_ready_before_sleep(&p->io)) {
                continue;
            }
        }
        if (watch_control(p) != 0) {
            tourney_error_set_errno(err, "cannot wait for an agent process");
            return PROCESS_FAILED;
        }
        struct timespec timeout = {
            .tv_sec = (time_t)(wait / UINT64_C(1000000000)),
            .tv_nsec = (long)(wait % UINT64_C(1000000000)),
        };
        struct epoll_event ready[WATCH_COUNT];
        int count = wait_events(p->epoll, ready, &timeout, wait);
        if (p->io.channel != NULL) {
            tourney_agent_channel_awake(&p->io);
        }
        if (count < 0) {
            if (errno == EINTR) {
                continue; /* a signal for the runner (Ctrl-C): keep waiting */
            }
            tourney_error_set_errno(err, "cannot wait for an agent process");
            return PROCESS_FAILED;
        }
        if (handle_ready(p, ready, count, &event, err)) {
            return event;
        }
    }
}

/* The CPU time of the reply just read, from its request on. */
static void measure_reply(struct agent_process *p)
{
    uint64_t cpu = 0;
    p->reply_cpu_known = p->cpu_posted_known && tourney_agent_process_cpu_ns(p, &cpu);
    p->reply_cpu_ns = p->reply_cpu_known ? cpu - p->cpu_posted_ns : 0;
}

/* What a reply read by DEADLINE_NS stands for: itself, or a limit it broke. */
static enum process_event judge_reply(const struct agent_process *p, uint64_t deadline_ns)
{
    /* Judged by when the runner read it: a reply that came after the
     * deadline (the runner woke late, or was busy) is no reply. */
    if (p->io.received_ns > deadline_ns) {
        return PROCESS_TIMEOUT;
    }
    if (p->cpu_limit_ns > 0 && p->reply_cpu_known && p->reply_cpu_ns > p->cpu_limit_ns) {
        return PROCESS_CPU_LIMIT;
    }
    return PROCESS_REPLY;
}

enum process_event tourney_agent_process_wait(struct agent_process *p, uint32_t awaited,
                                              uint64_t deadline_ns, process_log_fn log,
                                              void *log_context, struct process_reply *reply,
                                              struct error *err)
{
    tourney_agent_channel_drop_consumed(&p->io);
    const struct awaiting a = {
        .sequence = awaited, .log = log, .log_context = log_context, .reply = reply};
    enum process_event event = wait_for_reply(p, &a, deadline_ns, err);
    if (event != PROCESS_REPLY) {
        return event;
    }
    measure_reply(p);
    if (awaited == p->sequence) {
        /* Nothing more is asked of it for now. */
        tourney_pause_rest(&p->pause, p->reply_cpu_known, p->cpu_posted_ns + p->reply_cpu_ns);
    }
    if (reply->header.type != MSG_LOADED) {
        /* Loading takes milliseconds once: it says nothing of the replies
         * to come (processor_share.h). */
        p->reply_ns = tourney_now_ns() - p->posted_ns;
    }
    return judge_reply(p, deadline_ns);
}

enum process_event tourney_agent_process_wait_end(struct agent_process *p, uint64_t deadline_ns,
                                                  struct error *err)
{
    tourney_agent_channel_drop_consumed(&p->io);
    const struct awaiting a = {.end = true};
    return wait_for_reply(p, &a, deadline_ns, err);
}

enum process_event tourney_agent_process_read_line(struct agent_process *p, uint64_t deadline_ns,
                                                   size_t max, char **line, struct error *err)
{
    tourney_agent_channel_drop_inbox_consumed(&p->io);
    const struct awaiting a = {.max_line = max, .line = line};
    enum process_event event = wait_for_reply(p, &a, deadline_ns, err);
    if (event != PROCESS_REPLY) {
        return event;
    }
    measure_reply(p);
    return judge_reply(p, deadline_ns);
}
