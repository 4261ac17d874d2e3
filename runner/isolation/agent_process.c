/* Linux and glibc interfaces: pipe2, epoll_pwait2, SOCK_CLOEXEC, pidfd_open,
 * sigabbrev_np. Isolation is built for Linux only. */
#define _GNU_SOURCE
#include "agent_process.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "line_protocol.h"
#include "spawn_process.h"
#include "text.h"

/* Bytes read from the socket at a time. */
#define RECEIVE_CHUNK 65536

static void close_fd(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

/* What each descriptor the epoll instance watches stands for. */
enum watched { WATCH_CONTROL, WATCH_OUT, WATCH_ERR, WATCH_PIDFD, WATCH_WAKE, WATCH_COUNT };

static int watch(struct agent_process *p, int fd, enum watched which)
{
    struct epoll_event event = {.events = EPOLLIN, .data.u32 = which};
    return fd < 0 ? 0 : epoll_ctl(p->epoll, EPOLL_CTL_ADD, fd, &event);
}

/* Closes a watched descriptor, taken out of the epoll instance first: a
 * copy of it in a child being spawned meanwhile would keep it there. */
static void unwatch_and_close(struct agent_process *p, int *fd)
{
    if (*fd >= 0 && p->epoll >= 0) {
        epoll_ctl(p->epoll, EPOLL_CTL_DEL, *fd, NULL);
    }
    close_fd(fd);
}

static int set_nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/* A descriptor that becomes readable when PID exits, so one epoll wait waits
 * for the reply, the output and the exit at once; -1 on kernels before 5.3,
 * where the runner falls back to checking every millisecond once the
 * socket closes. (A raw system call: glibc only wraps it since 2.36.) */
static int open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

/* The child's end of a pipe or socket, moved to 10 or above so that putting
 * the three of them on descriptors 1, 2 and 3 never overwrites one with
 * another, whatever descriptors the runner started with. */
static int child_end(int *fd)
{
    int moved = fcntl(*fd, F_DUPFD_CLOEXEC, 10);
    close_fd(fd);
    return moved;
}

/* Its CPU clock, where the kernel gives one. */
static void open_cpu_clock(struct agent_process *p)
{
    p->has_cpu_clock = clock_getcpuclockid(p->pid, &p->cpu_clock) == 0;
}

/* Stops or continues its process group (agent_pause.h); false when there
 * is no process to signal. */
static bool signal_group(void *context, bool stop)
{
    struct agent_process *p = context;
    if (!tourney_agent_process_alive(p)) {
        return false;
    }
    kill(-p->pid, stop ? SIGSTOP : SIGCONT);
    return true;
}

static bool read_cpu_clock(void *context, uint64_t *ns)
{
    return tourney_agent_process_cpu_ns(context, ns);
}

int tourney_agent_process_start(struct agent_process *p, const char *const *argv,
                                const struct process_options *options, struct error *err)
{
    memset(p, 0, sizeof(*p));
    p->open = true;
    tourney_processor_share_init(&p->share);
    p->control = p->out = p->err = p->pidfd = p->epoll = p->wake = -1;
    p->output_limit = options->output_limit;
    const struct pause_target target = {
        .signal = signal_group, .cpu_ns = read_cpu_clock, .context = p};
    tourney_pause_init(&p->pause, options->pause, options->resting, &target);
    tourney_capture_init(&p->output);
    tourney_wire_writer_init(&p->request, NULL, 0);
    int pair[2] = {-1, -1};
    int out[2] = {-1, -1};
    int errors[2] = {-1, -1};
    int child[5] = {-1, -1, -1, -1, -1};
    int memory = -1;
    int status = -1;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0 ||
        pipe2(out, O_CLOEXEC) != 0 || pipe2(errors, O_CLOEXEC) != 0) {
        tourney_error_set_errno(err, "cannot create the pipes of an agent process");
        goto out;
    }
    child[0] = child_end(&pair[1]);
    child[1] = child_end(&out[1]);
    child[2] = child_end(&errors[1]);
    if (child[0] < 0 || child[1] < 0 || child[2] < 0) {
        tourney_error_set_errno(err, "cannot set up the pipes of an agent process");
        goto out;
    }
    if (options->shared_channel) {
        p->channel = tourney_channel_create(&memory, err);
        if (p->channel == NULL) {
            goto out;
        }
        tourney_channel_ends(p->channel, &p->channel_requests, &p->channel_replies);
        p->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        child[3] = child_end(&memory);
        child[4] = p->wake < 0 ? -1 : fcntl(p->wake, F_DUPFD_CLOEXEC, 10);
        if (child[3] < 0 || child[4] < 0) {
            tourney_error_set_errno(err, "cannot set up the memory shared with an agent process");
            goto out;
        }
    }
    const struct spawn_request request = {
        .argv = argv,
        .fds = {child[1], child[2], child[0], child[3], child[4]},
        .namespaces = options->namespaces,
    };
    struct spawn_result spawned;
    if (tourney_spawn_process(&request, &spawned, err) != 0) {
        goto out;
    }
    p->pid = spawned.pid;
    p->namespaces = spawned.namespaces;
    snprintf(p->namespace_error, sizeof(p->namespace_error), "%s", spawned.namespace_error);
    open_cpu_clock(p);
    p->control = pair[0];
    p->out = out[0];
    p->err = errors[0];
    pair[0] = out[0] = errors[0] = -1;
    p->pidfd = open_pidfd(p->pid);
    if (set_nonblocking(p->control) != 0 || set_nonblocking(p->out) != 0 ||
        set_nonblocking(p->err) != 0) {
        tourney_error_set_errno(err, "cannot set up the pipes of an agent process");
        goto out;
    }
    /* Registered once: each wait is then one epoll_pwait2 on one descriptor. */
    p->epoll = epoll_create1(EPOLL_CLOEXEC);
    p->control_events = EPOLLIN;
    if (p->epoll < 0 || watch(p, p->control, WATCH_CONTROL) != 0 ||
        watch(p, p->out, WATCH_OUT) != 0 || watch(p, p->err, WATCH_ERR) != 0 ||
        watch(p, p->pidfd, WATCH_PIDFD) != 0 || watch(p, p->wake, WATCH_WAKE) != 0) {
        tourney_error_set_errno(err, "cannot set up the waiting for an agent process");
        goto out;
    }
    status = 0;
out:
    for (int i = 0; i < 5; i++) {
        close_fd(&child[i]);
    }
    close_fd(&memory);
    close_fd(&pair[0]);
    close_fd(&pair[1]);
    close_fd(&out[0]);
    close_fd(&out[1]);
    close_fd(&errors[0]);
    close_fd(&errors[1]);
    return status;
}

struct wire_writer *tourney_agent_process_request(struct agent_process *p, uint32_t *sequence)
{
    *sequence = ++p->sequence;
    return &p->request;
}

bool tourney_agent_process_alive(const struct agent_process *p)
{
    return p->pid > 0 && !p->exited;
}

bool tourney_agent_process_cpu_ns(const struct agent_process *p, uint64_t *ns)
{
    struct timespec cpu;
    if (!p->has_cpu_clock || !tourney_agent_process_alive(p) ||
        clock_gettime(p->cpu_clock, &cpu) != 0) {
        return false;
    }
    *ns = (uint64_t)cpu.tv_sec * UINT64_C(1000000000) + (uint64_t)cpu.tv_nsec;
    return true;
}

/* Reads what is there on an output pipe. Returns -1 when this takes the
 * process past its output limit. */
static int drain_output(struct agent_process *p, int *fd)
{
    char buffer[16384];
    while (*fd >= 0) {
        ssize_t got = read(*fd, buffer, sizeof(buffer));
        if (got > 0) {
            tourney_capture_add(&p->output, buffer, (size_t)got);
            continue;
        }
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            unwatch_and_close(p, fd); /* end of file: it and all it started closed it */
        }
        break;
    }
    return p->output.total > p->output_limit ? -1 : 0;
}

/* Kills what is left of its process group, then collects its exit status. */
static void reap(struct agent_process *p)
{
    if (p->pid <= 0 || p->exited) {
        return;
    }
    /* The group goes first: while the child is an unreaped zombie its pid,
     * which names the group, cannot be reused, so the signal reaches only
     * what it started. */
    kill(-p->pid, SIGKILL);
    tourney_pause_leave(&p->pause);
    int status = 0;
    while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR) {
    }
    p->wait_status = status;
    p->exited = true;
    p->control_closed = true;
    unwatch_and_close(p, &p->pidfd);
    drain_output(p, &p->out);
    drain_output(p, &p->err);
}

void tourney_agent_process_kill(struct agent_process *p)
{
    if (tourney_agent_process_alive(p)) {
        p->killed = true;
        reap(p);
    }
}

/* Puts what the ring takes of the queued requests into it, and wakes the
 * host if it sleeps waiting for one. */
static void send_through_channel(struct agent_process *p)
{
    if (p->outbox_sent == p->outbox_length) {
        return;
    }
    long put = tourney_channel_put(&p->channel_requests, p->outbox + p->outbox_sent,
                                   p->outbox_length - p->outbox_sent);
    if (put < 0) {
        p->channel_broken = true;
        return;
    }
    p->outbox_sent += (size_t)put;
    if (p->outbox_sent == p->outbox_length) {
        p->outbox_sent = p->outbox_length = 0;
    }
    if (put > 0 && tourney_channel_take_sleeper(&p->channel->agent_sleeping, CHANNEL_WAITS_DATA)) {
        tourney_channel_wake_host(p->channel);
    }
}

/* Sends what the socket takes of the queued requests. A child that closed
 * its end cannot be written to; what it does next (exit) is what counts. */
static void send_pending(struct agent_process *p)
{
    if (p->channel != NULL) {
        send_through_channel(p);
        return;
    }
    while (p->outbox_sent < p->outbox_length && !p->control_closed) {
        ssize_t sent = send(p->control, p->outbox + p->outbox_sent,
                            p->outbox_length - p->outbox_sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent > 0) {
            p->outbox_sent += (size_t)sent;
        } else if (sent < 0 && errno == EINTR) {
            continue;
        } else if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return;
        } else {
            p->outbox_sent = p->outbox_length;
        }
    }
    if (p->outbox_sent == p->outbox_length) {
        p->outbox_sent = p->outbox_length = 0;
    }
}

/* Reads what the socket holds into the inbox. Returns -1 when out of memory. */
static int receive(struct agent_process *p)
{
    while (!p->control_closed) {
        if (p->inbox_capacity - p->inbox_length < RECEIVE_CHUNK) {
            size_t capacity = p->inbox_length + 2 * RECEIVE_CHUNK;
            unsigned char *inbox = realloc(p->inbox, capacity);
            if (inbox == NULL) {
                return -1;
            }
            p->inbox = inbox;
            p->inbox_capacity = capacity;
        }
        size_t room = p->inbox_capacity - p->inbox_length;
        ssize_t got = recv(p->control, p->inbox + p->inbox_length, room, MSG_DONTWAIT);
        if (got > 0) {
            p->inbox_length += (size_t)got;
            p->received_ns = tourney_now_ns();
            if ((size_t)got < room) {
                return 0; /* all there was; epoll says when there is more */
            }
        } else if (got < 0 && errno == EINTR) {
            continue;
        } else if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return 0;
        } else {
            p->control_closed = true; /* end of file or reset: it closed or died */
        }
    }
    return 0;
}

/* Copies what the ring holds of its replies (at most a ring's worth a
 * call, so that a process that writes without end cannot hold the runner
 * here), and wakes the host if it sleeps waiting for room. Returns -1 when
 * out of memory. */
static int receive_from_channel(struct agent_process *p)
{
    if (p->replies_capacity - p->replies_length < CHANNEL_RING_SIZE) {
        size_t capacity = p->replies_length + 2 * (size_t)CHANNEL_RING_SIZE;
        unsigned char *replies = realloc(p->replies, capacity);
        if (replies == NULL) {
            return -1;
        }
        p->replies = replies;
        p->replies_capacity = capacity;
    }
    long got = tourney_channel_get(&p->channel_replies, p->replies + p->replies_length,
                                   p->replies_capacity - p->replies_length);
    if (got < 0) {
        p->channel_broken = true;
    } else if (got > 0) {
        p->replies_length += (size_t)got;
        p->received_ns = tourney_now_ns();
        if (tourney_channel_take_sleeper(&p->channel->agent_sleeping, CHANNEL_WAITS_ROOM)) {
            tourney_channel_wake_host(p->channel);
        }
    }
    return 0;
}

/* Drops the first COUNT of the LENGTH bytes at BYTES (the inbox, or the
 * replies read from the channel). */
static void drop_bytes(unsigned char *bytes, size_t *length, size_t count)
{
    if (count == 0) {
        return;
    }
    memmove(bytes, bytes + count, *length - count);
    *length -= count;
}

static void drop_front(struct agent_process *p, size_t count)
{
    drop_bytes(p->inbox, &p->inbox_length, count);
}

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
        int found = tourney_wire_frame(p->inbox + offset, p->inbox_length - offset,
                                       PROTOCOL_VERSION, &h, err);
        if (found == 0) {
            drop_front(p, offset);
            return false;
        }
        if (found < 0) {
            *event = PROCESS_PROTOCOL_ERROR;
            return true;
        }
        const unsigned char *payload = p->inbox + offset + WIRE_HEADER_SIZE;
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
            p->inbox_consumed = end; /* it stays where it is until the next call */
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
    size_t scanned = p->inbox_length < a->max_line ? p->inbox_length : a->max_line;
    unsigned char *end = memchr(p->inbox, '\n', scanned);
    if (end == NULL) {
        if (p->inbox_length < a->max_line) {
            return false;
        }
        char start[48];
        snprintf(start, sizeof(start), "%.*s", 40, (const char *)p->inbox);
        tourney_make_printable(start, false);
        tourney_error_set(err, "a line longer than %zu bytes, starting '%s'", a->max_line, start);
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    *end = '\0';
    *a->line = (char *)p->inbox;
    p->inbox_consumed = (size_t)(end - p->inbox) + 1;
    p->line_bytes += p->inbox_consumed;
    *event =
        p->output.total + p->line_bytes > p->output_limit ? PROCESS_OUTPUT_LIMIT : PROCESS_REPLY;
    return true;
}

/* Without a pidfd, a closed socket is the sign of an exit; the exit itself
 * is then looked for once per millisecond, without reaping (WNOWAIT), so
 * that reap can still kill the group first. */
static void check_exit_without_pidfd(struct agent_process *p)
{
    siginfo_t info;
    memset(&info, 0, sizeof(info));
    if (p->pidfd < 0 && p->control_closed && !p->exited &&
        waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == p->pid) {
        reap(p);
    }
}

/* Empties the eventfd a host wakes the runner with. */
static void drain_wake(struct agent_process *p)
{
    uint64_t count;
    while (read(p->wake, &count, sizeof(count)) < 0 && errno == EINTR) {
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
    if (revents[WATCH_CONTROL] != 0 && !p->control_closed) {
        if ((revents[WATCH_CONTROL] & EPOLLOUT) != 0) {
            send_pending(p);
        }
        if ((revents[WATCH_CONTROL] & (EPOLLIN | EPOLLHUP | EPOLLERR)) != 0 && receive(p) != 0) {
            tourney_error_nomem(err);
            return over(event, PROCESS_FAILED);
        }
    }
    int *pipes[2] = {&p->out, &p->err};
    for (int i = 0; i < 2; i++) {
        if (revents[WATCH_OUT + i] != 0 && *pipes[i] >= 0 && drain_output(p, pipes[i]) != 0) {
            return over(event, PROCESS_OUTPUT_LIMIT);
        }
    }
    if (revents[WATCH_PIDFD] != 0 && p->pidfd >= 0) {
        /* What it sent before it died comes first. */
        if (receive(p) != 0) {
            tourney_error_nomem(err);
            return over(event, PROCESS_FAILED);
        }
        reap(p);
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
    if (receive_from_channel(p) != 0) {
        tourney_error_nomem(err);
        *event = PROCESS_FAILED;
        return true;
    }
    if (p->channel_broken) {
        tourney_error_set(err, "counts of the runner's written into the memory it shares");
        *event = PROCESS_PROTOCOL_ERROR;
        return true;
    }
    struct wire_header h;
    int found = tourney_wire_frame(p->replies, p->replies_length, PROTOCOL_VERSION, &h, err);
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
    a->reply->payload = p->replies + WIRE_HEADER_SIZE;
    p->replies_consumed = WIRE_HEADER_SIZE + (size_t)h.length;
    *event = PROCESS_REPLY;
    return true;
}

/* Lets go of what the channel holds of its replies, while its end is
 * awaited. Returns true with *EVENT set when the wait is over (the runner
 * is out of memory, or the process wrote counts of the runner's). */
static bool drop_channel_replies(struct agent_process *p, enum process_event *event,
                                 struct error *err)
{
    if (receive_from_channel(p) != 0) {
        tourney_error_nomem(err);
        return over(event, PROCESS_FAILED);
    }
    if (p->channel_broken) {
        tourney_error_set(err, "counts of the runner's written into the memory it shares");
        return over(event, PROCESS_PROTOCOL_ERROR);
    }
    p->replies_length = 0;
    p->replies_consumed = 0;
    return false;
}

/* Whether the wait is over, from what the inbox (and the channel) holds. */
static bool take(struct agent_process *p, const struct awaiting *a, enum process_event *event,
                 struct error *err)
{
    if (p->lines) {
        return take_line(p, a, event, err);
    }
    if (a->end) {
        return handle_frames(p, a, event, err) ||
               (p->channel != NULL && drop_channel_replies(p, event, err));
    }
    return handle_frames(p, a, event, err) ||
           (p->channel != NULL && take_channel_reply(p, a, event, err));
}

/* Drops the reply handed out last, from the inbox or the channel's. */
static void drop_consumed(struct agent_process *p)
{
    drop_front(p, p->inbox_consumed);
    p->inbox_consumed = 0;
    drop_bytes(p->replies, &p->replies_length, p->replies_consumed);
    p->replies_consumed = 0;
}

/* Before the runner sleeps waiting for a process with a channel: says so in
 * the memory, and whether something came meanwhile (then it does not). */
static bool channel_ready_before_sleep(struct agent_process *p)
{
    bool room_wanted = p->outbox_sent < p->outbox_length;
    tourney_channel_announce_sleep(&p->channel->runner_sleeping,
                                   CHANNEL_WAITS_DATA | (room_wanted ? CHANNEL_WAITS_ROOM : 0));
    if (tourney_channel_readable(&p->channel_replies) ||
        (room_wanted && tourney_channel_writable(&p->channel_requests))) {
        atomic_store_explicit(&p->channel->runner_sleeping, 0, memory_order_relaxed);
        return true;
    }
    return false;
}

/* Keeps what the epoll instance watches the socket for up to date: its
 * replies, room for the rest of a request, nothing once it closed. */
static int watch_control(struct agent_process *p)
{
    bool pending = p->channel == NULL && p->outbox_sent < p->outbox_length;
    uint32_t wanted = p->control_closed ? 0 : pending ? EPOLLIN | EPOLLOUT : EPOLLIN;
    if (wanted == p->control_events) {
        return 0;
    }
    struct epoll_event event = {.events = wanted, .data.u32 = WATCH_CONTROL};
    int op = wanted == 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD;
    if (epoll_ctl(p->epoll, op, p->control, &event) != 0) {
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
        if (p->channel != NULL) {
            send_through_channel(p); /* the rest of a request longer than the room */
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
        if (p->pidfd < 0 && p->control_closed && wait > UINT64_C(1000000)) {
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
        if (p->channel != NULL && !p->exited) {
            /* A quick agent on this processor answers as this one yields it. */
            if (p->reply_ns != 0 && p->reply_ns <= PROCESSOR_SHARE_QUICK_NS &&
                now - p->posted_ns < CHANNEL_YIELD_NS) {
                sched_yield();
                continue;
            }
            if (channel_ready_before_sleep(p)) {
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
        if (p->channel != NULL) {
            atomic_store_explicit(&p->channel->runner_sleeping, 0, memory_order_relaxed);
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

void tourney_agent_process_watch_idle(struct agent_process *p)
{
    tourney_pause_watch_idle(&p->pause);
}

/* What a reply read by DEADLINE_NS stands for: itself, or a limit it broke. */
static enum process_event judge_reply(const struct agent_process *p, uint64_t deadline_ns)
{
    /* Judged by when the runner read it: a reply that came after the
     * deadline (the runner woke late, or was busy) is no reply. */
    if (p->received_ns > deadline_ns) {
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
    drop_consumed(p);
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
    drop_consumed(p);
    const struct awaiting a = {.end = true};
    return wait_for_reply(p, &a, deadline_ns, err);
}

/* Queues LENGTH bytes to be sent and sends what the socket takes. The CPU
 * time of a TIMED request is measured. */
static int queue(struct agent_process *p, const void *bytes, size_t length, bool timed,
                 struct error *err)
{
    if (p->outbox_capacity - p->outbox_length < length) {
        size_t capacity = p->outbox_length + length + 4096;
        unsigned char *outbox = realloc(p->outbox, capacity);
        if (outbox == NULL) {
            return tourney_error_nomem(err);
        }
        p->outbox = outbox;
        p->outbox_capacity = capacity;
    }
    memcpy(p->outbox + p->outbox_length, bytes, length);
    p->outbox_length += length;
    p->posted_ns = tourney_now_ns();
    /* Read while it is stopped or idle, so that the request's CPU time is
     * exact. Not read at all for a request whose CPU time nothing uses,
     * unless it was left running: the read is a system call, and so is the
     * one as its reply comes. */
    uint64_t cpu = 0;
    bool cpu_known = tourney_pause_end_wait(&p->pause, p->posted_ns, p->received_ns, timed, &cpu);
    p->cpu_posted_known = timed && cpu_known;
    p->cpu_posted_ns = cpu;
    p->reply_cpu_known = false;
    p->reply_cpu_ns = 0;
    send_pending(p);
    if (tourney_agent_process_alive(p)) {
        /* Where its replies are quick, it answers on this processor. */
        if (p->reply_ns != 0 && p->reply_ns <= PROCESSOR_SHARE_QUICK_NS) {
            tourney_processor_share_hold(&p->share, p->pid);
        } else {
            tourney_processor_share_release(&p->share, p->pid);
        }
    }
    /* The request is in the socket before it wakes: one wake-up, not two. */
    tourney_pause_set_stopped(&p->pause, false);
    return 0;
}

static int post(struct agent_process *p, bool timed, struct error *err)
{
    struct wire_writer *request = &p->request;
    if (tourney_wire_end(request) != 0) {
        return tourney_error_set(err, "cannot build a request: out of memory or too large");
    }
    return queue(p, request->data, request->length, timed, err);
}

int tourney_agent_process_post(struct agent_process *p, struct error *err)
{
    return post(p, true, err);
}

int tourney_agent_process_post_untimed(struct agent_process *p, struct error *err)
{
    return post(p, false, err);
}

void tourney_agent_process_use_lines(struct agent_process *p)
{
    drop_front(p, p->inbox_consumed);
    p->inbox_consumed = 0;
    p->lines = true;
}

int tourney_agent_process_send(struct agent_process *p, const char *text, size_t length,
                               struct error *err)
{
    return queue(p, text, length, true, err);
}

enum process_event tourney_agent_process_read_line(struct agent_process *p, uint64_t deadline_ns,
                                                   size_t max, char **line, struct error *err)
{
    drop_front(p, p->inbox_consumed);
    p->inbox_consumed = 0;
    const struct awaiting a = {.max_line = max, .line = line};
    enum process_event event = wait_for_reply(p, &a, deadline_ns, err);
    if (event != PROCESS_REPLY) {
        return event;
    }
    measure_reply(p);
    return judge_reply(p, deadline_ns);
}

void tourney_agent_process_pause(struct agent_process *p)
{
    if (p->pause.enabled) {
        tourney_pause_set_stopped(&p->pause, true);
    }
}

enum process_event tourney_agent_process_call(struct agent_process *p, uint64_t deadline_ns,
                                              process_log_fn log, void *log_context,
                                              struct process_reply *reply, struct error *err)
{
    if (tourney_agent_process_post(p, err) != 0) {
        return PROCESS_FAILED;
    }
    return tourney_agent_process_wait(p, p->sequence, deadline_ns, log, log_context, reply, err);
}

void tourney_agent_process_quit(struct agent_process *p)
{
    if (!tourney_agent_process_alive(p) || p->quit_sent) {
        return;
    }
    if (p->lines) {
        static const char quit[] = "quit\n";
        p->quit_sent = queue(p, quit, sizeof(quit) - 1, true, NULL) == 0;
        return;
    }
    uint32_t sequence;
    struct wire_writer *request = tourney_agent_process_request(p, &sequence);
    p->quit_sent = tourney_msg_put_empty(request, MSG_QUIT, sequence) == 0 &&
                   tourney_agent_process_post(p, NULL) == 0;
}

void tourney_agent_process_stop(struct agent_process *p, uint64_t deadline_ns)
{
    tourney_agent_process_quit(p);
    if (p->quit_sent && tourney_agent_process_alive(p)) {
        struct process_reply reply;
        char *line;
        /* Nothing answers QUIT: this returns as it exits, or at the deadline
         * (or when it sends what it should not); why does not matter. What
         * a program says as it quits is read and let go. */
        while ((p->lines ? tourney_agent_process_read_line(p, deadline_ns, LINE_PROTOCOL_MAX,
                                                           &line, NULL)
                         : tourney_agent_process_wait(p, p->sequence, deadline_ns, NULL, NULL,
                                                      &reply, NULL)) == PROCESS_REPLY) {
        }
    }
    tourney_agent_process_kill(p);
}

void tourney_agent_process_finish(struct agent_process *p)
{
    if (!p->open) {
        return;
    }
    tourney_agent_process_kill(p); /* out of the resting, as it is reaped */
    close_fd(&p->epoll);
    close_fd(&p->control);
    close_fd(&p->out);
    close_fd(&p->err);
    close_fd(&p->pidfd);
    close_fd(&p->wake);
    tourney_channel_unmap(p->channel);
    free(p->replies);
    free(p->inbox);
    free(p->outbox);
    tourney_wire_writer_finish(&p->request);
    memset(p, 0, sizeof(*p));
}

void tourney_describe_wait_status(int status, char *buf, size_t size)
{
    if (WIFEXITED(status)) {
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        const char *name = sigabbrev_np(WTERMSIG(status));
        if (name != NULL) {
            snprintf(buf, size, "killed by SIG%s", name);
        } else {
            snprintf(buf, size, "killed by signal %d", WTERMSIG(status));
        }
    } else {
        snprintf(buf, size, "stopped with wait status %d", status);
    }
}
