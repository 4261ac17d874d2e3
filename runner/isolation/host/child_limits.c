/* Linux interfaces: prctl, close_range, RLIMIT_AS. */
#define _GNU_SOURCE
#include "child_limits.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "protocol.h"
#include "spawn_process.h"
#include "stop_requests.h"

/* AddressSanitizer reserves terabytes of address space for its shadow
 * memory before main, so an address-space limit would fail every later
 * mapping: sanitizer builds run agents without one. */
#if defined(__SANITIZE_ADDRESS__)
#define LIMIT_ADDRESS_SPACE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LIMIT_ADDRESS_SPACE 0
#endif
#endif
#ifndef LIMIT_ADDRESS_SPACE
#define LIMIT_ADDRESS_SPACE 1
#endif

/* What the fatal-signal handler needs. Global because a signal handler can
 * reach nothing else; this process is the agent host, not the runner. */
static struct {
    int status_fd;
    int control;
    uint64_t limit_kb;
    volatile uint32_t sequence;
    bool unkillable; /* process 1 of a PID namespace */
    pid_t self;      /* its pid, as it sees it */
} watch = {-1, -1, 0, 0, false, 0};

int tourney_child_tie_to_parent(pid_t parent, int control)
{
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
        return -1;
    }
    /* The runner may have died before the request took effect. */
    pid_t seen = getppid();
    if (seen == parent) {
        return 0;
    }
    /* Process 1 of a PID namespace of its own sees no parent (0): the
     * runner is outside it. Its end of the socket, which only it holds,
     * says whether it still lives. */
    struct pollfd runner = {.fd = control, .events = POLLRDHUP};
    if (seen != 0 || poll(&runner, 1, 0) < 0) {
        return -1;
    }
    return (runner.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0 ? -1 : 0;
}

void tourney_child_close_from(int first_closed)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first_closed, ~0U, 0) == 0) {
        return;
    }
#endif
    long last = sysconf(_SC_OPEN_MAX);
    for (long fd = first_closed; fd < (last > 0 ? last : 1024); fd++) {
        close((int)fd);
    }
}

static int set_limit(int resource, rlim_t value, const char *name, struct error *err)
{
    struct rlimit limit = {value, value};
    struct rlimit old;
    /* A hard limit below the wanted one stays: it can only be lowered. */
    if (getrlimit(resource, &old) == 0 && old.rlim_max != RLIM_INFINITY && old.rlim_max < value) {
        limit.rlim_cur = limit.rlim_max = old.rlim_max;
    }
    if (setrlimit(resource, &limit) != 0) {
        return tourney_error_set_errno(err, "cannot set %s", name);
    }
    return 0;
}

int tourney_child_set_limits(uint64_t memory_bytes, rlim_t max_files, struct error *err)
{
    if (set_limit(RLIMIT_CORE, 0, "RLIMIT_CORE", err) != 0 ||
        set_limit(RLIMIT_FSIZE, 0, "RLIMIT_FSIZE", err) != 0 ||
        set_limit(RLIMIT_NOFILE, max_files, "RLIMIT_NOFILE", err) != 0) {
        return -1;
    }
    if (LIMIT_ADDRESS_SPACE && memory_bytes > 0 &&
        set_limit(RLIMIT_AS, (rlim_t)memory_bytes, "RLIMIT_AS", err) != 0) {
        return -1;
    }
    return 0;
}

int tourney_child_limit_tasks(bool separate_user, struct error *err)
{
    /* Process 1 of a PID namespace: started in namespaces of its own. */
    if (getpid() != 1) {
        return 0;
    }
    /* The user SPAWN_TASK_USER of its namespace exists only where a runner
     * running as root mapped it; elsewhere the real user stays, which the
     * namespace already counts apart. */
    if (separate_user) {
        int changed = setresuid(SPAWN_TASK_USER, (uid_t)-1, (uid_t)-1);
        (void)changed;
    }
    /* The capability a runner running as root let it keep for that
     * (spawn_process.c) goes, whether it was used or not. */
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct none[2];
    memset(none, 0, sizeof(none));
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 ||
        syscall(SYS_capset, &header, none) != 0) {
        return tourney_error_set_errno(err, "cannot drop its capabilities");
    }
    return set_limit(RLIMIT_NPROC, CHILD_MAX_TASKS, "RLIMIT_NPROC", err);
}

uint64_t tourney_child_peak_kb(void)
{
    /* Async-signal-safe: pread on a descriptor opened before, no allocation. */
    char text[4096];
    ssize_t length = watch.status_fd >= 0 ? pread(watch.status_fd, text, sizeof(text) - 1, 0) : -1;
    if (length <= 0) {
        return 0;
    }
    text[length] = '\0';
    const char *line = strstr(text, "VmPeak:");
    if (line == NULL) {
        return 0;
    }
    uint64_t kb = 0;
    for (line += 7; *line == ' ' || *line == '\t'; line++) {
    }
    for (; *line >= '0' && *line <= '9'; line++) {
        kb = kb * 10 + (uint64_t)(*line - '0');
    }
    return kb;
}

bool tourney_child_memory_low(uint64_t peak_kb)
{
    if (watch.limit_kb == 0 || peak_kb == 0) {
        return false;
    }
    uint64_t slack = watch.limit_kb / 16 > 4096 ? watch.limit_kb / 16 : 4096;
    return peak_kb + slack >= watch.limit_kb;
}

int tourney_child_status_fd(void)
{
    return watch.status_fd;
}

void tourney_child_set_sequence(uint32_t sequence)
{
    watch.sequence = sequence;
}

static void send_memory_note(int signal_number)
{
    uint64_t peak = tourney_child_peak_kb();
    if (watch.control < 0 || !tourney_child_memory_low(peak)) {
        return;
    }
    unsigned char buffer[64];
    struct wire_writer writer;
    tourney_wire_writer_init(&writer, buffer, sizeof(buffer));
    struct msg_memory note = {
        .peak_kb = peak, .limit_kb = watch.limit_kb, .signal = (uint32_t)signal_number};
    if (tourney_msg_put_memory(&writer, watch.sequence, &note) == 0) {
        ssize_t written = write(watch.control, writer.data, writer.length);
        (void)written;
    }
}

/* Says on the socket that the process dies of SIGNAL_NUMBER, which it
 * raised itself (DYING) or which was sent from outside (OUTSIDE). */
static void send_signal_note(int signal_number, bool outside)
{
    unsigned char buffer[64];
    struct wire_writer writer;
    tourney_wire_writer_init(&writer, buffer, sizeof(buffer));
    int built = outside ? tourney_msg_put_outside(&writer, watch.sequence, (uint32_t)signal_number)
                        : tourney_msg_put_dying(&writer, watch.sequence, (uint32_t)signal_number);
    if (watch.control >= 0 && built == 0) {
        ssize_t written = write(watch.control, writer.data, writer.length);
        (void)written;
    }
}

/* A signal another process sent (kill, sigqueue, tgkill), from outside
 * the agent process: in a PID namespace of its own, the kernel gives the
 * sender's pid as 0 when the sender lives outside the namespace (a process
 * the agent forked, inside it, is its own doing); without one, any sender
 * but itself. Not a signal the kernel raised for what the agent did (a
 * fault, a limit, a timer, a write to a closed pipe, which name the process
 * itself or no process), and not one it raised itself. */
static bool sent_from_outside(const siginfo_t *info)
{
    if (info->si_code != SI_USER && info->si_code != SI_QUEUE && info->si_code != SI_TKILL) {
        return false;
    }
    return watch.unkillable ? info->si_pid == 0 : info->si_pid != watch.self;
}

/* A fault the processor raised (not a signal sent): it happens again as the
 * handler returns, and the kernel's signal for it kills any process. */
static bool is_fault(int signal_number, const siginfo_t *info)
{
    return info->si_code > 0 && (signal_number == SIGSEGV || signal_number == SIGBUS ||
                                 signal_number == SIGILL || signal_number == SIGFPE);
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context)
{
    (void)context;
    if (sent_from_outside(info)) {
        /* Not the agent's doing: the runner does not count the game it was
         * in (a job's end, a Ctrl-C, a stop of its cgroup reaching every
         * process). The system call itself, as below. */
        send_signal_note(signal_number, true);
        syscall(SYS_exit_group, 128 + signal_number);
        return;
    }
    send_memory_note(signal_number);
    /* SA_RESETHAND put the default action back: a fault happens again as
     * the handler returns, and a raised signal is raised once more. */
    if (!watch.unkillable || is_fault(signal_number, info)) {
        raise(signal_number);
        return;
    }
    /* A process 1 ignores a signal it sends itself, even at its default
     * action: it says what it dies of, and exits in the signal's place. */
    send_signal_note(signal_number, false);
    /* The system call itself: a sanitizer build intercepts _exit to check
     * for leaks, which the sandbox forbids. */
    syscall(SYS_exit_group, 128 + signal_number);
}

static int handle_fatal(int signal_number)
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}

int tourney_child_watch_signals(int control)
{
    watch.control = control;
    watch.self = getpid();
    watch.unkillable = watch.self == 1;
    /* Every signal whose default action ends a process. */
    static const int fatal[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGILL,  SIGTRAP, SIGABRT,
                                SIGBUS,  SIGFPE,  SIGUSR1,   SIGSEGV, SIGUSR2, SIGPIPE,
                                SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM,
                                SIGPROF, SIGIO,   SIGPWR,    SIGSYS};
    for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++) {
        if (handle_fatal(fatal[i]) != 0) {
            return -1;
        }
    }
    for (int signal_number = SIGRTMIN; signal_number <= SIGRTMAX; signal_number++) {
        if (handle_fatal(signal_number) != 0) {
            return -1;
        }
    }
    /* The runner started it with the requests to stop blocked, so that one
     * sent before now waited for these handlers (spawn_process.c). */
    sigset_t stops;
    tourney_stop_requests(&stops);
    return sigprocmask(SIG_UNBLOCK, &stops, NULL);
}

static void on_exit_note(void)
{
    send_memory_note(0);
}

int tourney_child_watch_memory(int control, uint64_t memory_bytes)
{
    watch.control = control;
    watch.limit_kb = LIMIT_ADDRESS_SPACE ? memory_bytes / 1024 : 0;
    watch.status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (watch.status_fd < 0 || watch.limit_kb == 0) {
        return watch.status_fd < 0 ? -1 : 0;
    }
    /* A stack of its own for the handler, which may run because the stack
     * overflowed. Freed only by the exit. */
    stack_t stack = {.ss_size = 65536};
    stack.ss_sp = malloc(stack.ss_size);
    if (stack.ss_sp == NULL || sigaltstack(&stack, NULL) != 0) {
        free(stack.ss_sp);
        return -1;
    }
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGABRT};
    for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++) {
        if (handle_fatal(fatal[i]) != 0) {
            return -1;
        }
    }
    return atexit(on_exit_note) == 0 ? 0 : -1;
}
