/* W_EXITCODE, to describe a signal as the death it stands for. */
#define _DEFAULT_SOURCE
#include "seat_faults.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/wait.h>

#define MS UINT64_C(1000000)

int tourney_seat_at_fault(struct seat_fault *fault, enum termination termination,
                          const char *format, ...)
{
    fault->termination = termination;
    fault->outside_signal = 0;
    va_list args;
    va_start(args, format);
    vsnprintf(fault->reason, sizeof(fault->reason), format, args);
    va_end(args);
    return 1;
}

/* The signal that may have stopped P from outside the tournament, or 0:
 * the one it said it stops on (OUTSIDE) as it exited with 128 + that
 * signal (*SAID set); or SIGKILL that the runner did not send. Either may
 * be the agent's own doing: the frame is its word, and the kernel sends
 * SIGKILL for a limit the agent set itself (RLIMIT_CPU) or, short of
 * memory, to the process that takes most. The runner counts the game as no
 * result only when it was asked to stop too (job_pool.h); else it is the
 * agent's crash, which the reason made here says. */
static int outside_signal(const struct agent_process *p, bool *said)
{
    int status = p->wait_status;
    *said = p->outside_signal > 0 && WIFEXITED(status) &&
            WEXITSTATUS(status) == 128 + p->outside_signal;
    if (*said) {
        return p->outside_signal;
    }
    if (!p->killed && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        return SIGKILL;
    }
    return 0;
}

int tourney_seat_exit_fault(const struct agent_process *p, const char *when,
                            struct seat_fault *fault)
{
    char how[64];
    tourney_describe_wait_status(p->wait_status, how, sizeof(how));
    int signal_number = WIFSIGNALED(p->wait_status) ? WTERMSIG(p->wait_status) : 0;
    bool said = false;
    int outside = outside_signal(p, &said);
    if (outside != 0) {
        char killed[64]; /* "killed by SIGTERM" */
        tourney_describe_wait_status(W_EXITCODE(0, outside), killed, sizeof(killed));
        if (said) {
            tourney_seat_at_fault(fault, TERMINATION_CRASH,
                                  "said it was %s from outside the tournament %s, but the "
                                  "tournament was not stopped",
                                  killed, when);
        } else {
            tourney_seat_at_fault(fault, TERMINATION_CRASH,
                                  "%s %s, not sent by the runner, but the tournament was not "
                                  "stopped",
                                  killed, when);
        }
        fault->outside_signal = outside;
        return 1;
    }
    if (p->memory_note) {
        return tourney_seat_at_fault(
            fault, TERMINATION_MEMORY_LIMIT,
            "ran out of its %llu MiB of address space %s (peak %llu MiB) and %s%s",
            (unsigned long long)(p->memory.limit_kb / 1024), when,
            (unsigned long long)(p->memory.peak_kb / 1024), signal_number ? "was " : "", how);
    }
    if (signal_number == SIGSYS) {
        return tourney_seat_at_fault(fault, TERMINATION_SANDBOX_VIOLATION,
                                     "%s %s: it made a system call the sandbox forbids", how,
                                     when);
    }
    if (signal_number == SIGXFSZ) {
        return tourney_seat_at_fault(fault, TERMINATION_SANDBOX_VIOLATION,
                                     "%s %s: it wrote to a file", how, when);
    }
    return tourney_seat_at_fault(fault,
                                 signal_number != 0 ? TERMINATION_CRASH : TERMINATION_EARLY_EXIT,
                                 "%s %s", how, when);
}

int tourney_seat_event_fault(const struct agent_process *p, const struct isolation_limits *limits,
                             enum process_event event, const char *why, const char *limit,
                             const char *when, struct seat_fault *fault, struct error *err)
{
    switch (event) {
    case PROCESS_TIMEOUT:
        return tourney_seat_at_fault(fault, TERMINATION_TIME_FORFEIT, "no answer within %s %s",
                                     limit, when);
    case PROCESS_OUTPUT_LIMIT:
        return tourney_seat_at_fault(
            fault, TERMINATION_OUTPUT_LIMIT, "printed more than its limit of %llu KiB %s",
            (unsigned long long)(limits->output_limit_bytes / 1024), when);
    case PROCESS_PROTOCOL_ERROR:
        return tourney_seat_at_fault(fault, TERMINATION_PROTOCOL_ERROR,
                                     "broke the protocol %s: %s", when, why);
    case PROCESS_EXITED:
        return tourney_seat_exit_fault(p, when, fault);
    case PROCESS_CPU_LIMIT:
        return tourney_seat_at_fault(
            fault, TERMINATION_CPU_LIMIT,
            "used %llu.%llu ms of CPU time, more than its limit of %llu ms (%llu times "
            "the budget of %llu ms) %s",
            (unsigned long long)(p->reply_cpu_ns / MS),
            (unsigned long long)(p->reply_cpu_ns / (MS / 10) % 10),
            (unsigned long long)(p->cpu_limit_ns / MS), (unsigned long long)limits->cpu_limit,
            (unsigned long long)(p->cpu_limit_ns / (limits->cpu_limit ? limits->cpu_limit : 1) /
                                 MS),
            when);
    case PROCESS_REPLY:
    case PROCESS_FAILED:
        break;
    }
    return tourney_error_set(err, "%s", why);
}

void tourney_seat_describe_limit(const struct isolation_limits *limits, uint64_t budget_ns,
                                 bool clock, char *buf, size_t size)
{
    uint64_t budget_ms = budget_ns / MS;
    uint64_t margin_ms = limits->time_margin_ns / MS;
    snprintf(buf, size, "%llu ms (%s %llu ms plus the margin of %llu ms)",
             (unsigned long long)(budget_ms + margin_ms),
             clock ? "the time left on its clock," : "the budget of",
             (unsigned long long)budget_ms, (unsigned long long)margin_ms);
}

void tourney_seat_keep_output(struct agent_process *process, struct game_record *record, int seat,
                              bool quiet)
{
    if (!quiet) {
        size_t length = 0;
        const char *tail = tourney_capture_tail(&process->output, &length);
        tourney_record_set_output(record, seat, tail, length);
    }
    tourney_capture_init(&process->output);
}
