/* An agent process's life (agent_process.h): started with its socket,
 * pipes and shared memory, its requests posted, stopped or continued
 * through the pause policy (agent_pause.c), killed with its group and
 * reaped. Its bytes are agent_channel.c's, its waits agent_wait.c's.
 *
 * Linux and glibc interfaces: pipe2, SOCK_CLOEXEC, pidfd_open,
 * sigabbrev_np. Isolation is built for Linux only. */
#define _GNU_SOURCE
#include "agent_process.h"

#include <errno.h>
#include <fcntl.h>
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

#include "agent_life.h"
#include "clock.h"
#include "line_protocol.h"
#include "plain_paths.h"
#include "spawn_process.h"

static void close_fd(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

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
    p->io.control = p->out = p->err = p->pidfd = p->epoll = p->io.wake = -1;
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
    /* Read at each start, as the agent host's path is: the runner's core
     * keeps no state of its own for a switch meant for bisecting. */
    if (tourney_plain_paths_read(getenv(TOURNEY_PLAIN_PATHS_ENV), &p->fast, err) != 0) {
        goto out;
    }
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
    if (options->shared_channel && p->fast.shared_channel) {
        p->io.channel = tourney_channel_create(&memory, err);
        if (p->io.channel == NULL) {
            goto out;
        }
        tourney_channel_ends(p->io.channel, &p->io.channel_requests, &p->io.channel_replies);
        p->io.wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        child[3] = child_end(&memory);
        child[4] = p->io.wake < 0 ? -1 : fcntl(p->io.wake, F_DUPFD_CLOEXEC, 10);
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
    p->io.control = pair[0];
    p->out = out[0];
    p->err = errors[0];
    pair[0] = out[0] = errors[0] = -1;
    p->pidfd = open_pidfd(p->pid);
    if (set_nonblocking(p->io.control) != 0 || set_nonblocking(p->out) != 0 ||
        set_nonblocking(p->err) != 0) {
        tourney_error_set_errno(err, "cannot set up the pipes of an agent process");
        goto out;
    }
    /* Registered once: each wait is then one epoll_pwait2 on one descriptor. */
    p->epoll = epoll_create1(EPOLL_CLOEXEC);
    p->control_events = EPOLLIN;
    if (p->epoll < 0 || watch(p, p->io.control, WATCH_CONTROL) != 0 ||
        watch(p, p->out, WATCH_OUT) != 0 || watch(p, p->err, WATCH_ERR) != 0 ||
        watch(p, p->pidfd, WATCH_PIDFD) != 0 || watch(p, p->io.wake, WATCH_WAKE) != 0) {
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
int tourney_agent_process_drain(struct agent_process *p, int *fd)
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
void tourney_agent_process_reap(struct agent_process *p)
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
    p->io.control_closed = true;
    unwatch_and_close(p, &p->pidfd);
    tourney_agent_process_drain(p, &p->out);
    tourney_agent_process_drain(p, &p->err);
}

void tourney_agent_process_kill(struct agent_process *p)
{
    if (tourney_agent_process_alive(p)) {
        p->killed = true;
        tourney_agent_process_reap(p);
    }
}

void tourney_agent_process_watch_idle(struct agent_process *p)
{
    if (p->fast.idle_watch) {
        tourney_pause_watch_idle(&p->pause);
    }
}

/* Queues LENGTH bytes to be sent and sends what the socket takes. The CPU
 * time of a TIMED request is measured. */
static int queue(struct agent_process *p, const void *bytes, size_t length, bool timed,
                 struct error *err)
{
    if (tourney_agent_channel_queue(&p->io, bytes, length, err) != 0) {
        return -1;
    }
    p->posted_ns = tourney_now_ns();
    /* Read while it is stopped or idle, so that the request's CPU time is
     * exact. Not read at all for a request whose CPU time nothing uses,
     * unless it was left running: the read is a system call, and so is the
     * one as its reply comes. */
    uint64_t cpu = 0;
    bool cpu_known =
        tourney_pause_end_wait(&p->pause, p->posted_ns, p->io.received_ns, timed, &cpu);
    p->cpu_posted_known = timed && cpu_known;
    p->cpu_posted_ns = cpu;
    p->reply_cpu_known = false;
    p->reply_cpu_ns = 0;
    tourney_agent_channel_send(&p->io);
    if (tourney_agent_process_alive(p)) {
        /* Where its replies are quick, it answers on this processor. */
        if (p->fast.processor_share && p->reply_ns != 0 &&
            p->reply_ns <= PROCESSOR_SHARE_QUICK_NS) {
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
    tourney_agent_channel_drop_inbox_consumed(&p->io);
    p->io.lines = true;
}

int tourney_agent_process_send(struct agent_process *p, const char *text, size_t length,
                               struct error *err)
{
    return queue(p, text, length, true, err);
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
    if (p->io.lines) {
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
        while ((p->io.lines ? tourney_agent_process_read_line(p, deadline_ns, LINE_PROTOCOL_MAX,
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
    close_fd(&p->io.control);
    close_fd(&p->out);
    close_fd(&p->err);
    close_fd(&p->pidfd);
    close_fd(&p->io.wake);
    tourney_agent_channel_finish(&p->io);
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
