/*
 * agent_host_main.c - tourney-agent-host, the program every agent process
 * runs: started by the runner (agent_process.c) with the control socket on
 * descriptor 3 and its output on pipes, never by hand.
 *
 * It is a program of its own, rather than the runner started again, so that
 * a new process starts clean (no heap, no state of the runner) with only the
 * few libraries it needs mapped into the memory a plugin can see.
 */
/* glibc's on_exit, for sanitizer builds. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent_host.h"
#include "child_limits.h"

enum { CONTROL_FD = 3 };

/* Whether a system-call filter is on; set by the protocol loop as it
 * applies the first. */
static bool sandboxed;

#if defined(__SANITIZE_ADDRESS__)
/* Sanitizer builds: AddressSanitizer's handlers of fatal signals print a
 * report, which opens files and may start a symbolizer; under the sandbox
 * the process would be killed half way and a plugin's crash recorded as a
 * sandbox violation. The plugin's crash is what counts here, so the signals
 * keep their default action. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0";
}

/* LeakSanitizer checks for leaks at exit from a tracer process it starts
 * with ptrace, which the sandbox forbids: with the sandbox on, any exit (the
 * helper's own, or a plugin's exit()) ends here first, with the status it
 * was given. Registered in main, so it runs before the sanitizer's check. */
static void exit_before_leak_check(int status, void *unused)
{
    (void)unused;
    if (sandboxed) {
        fflush(NULL);
        _exit(status);
    }
}
#endif

/* A line at a time, as on a terminal, so that what an agent prints reaches
 * the runner (and its excerpt in the record) in order. Static: no stdio
 * buffer is allocated behind the sandbox's back. */
static char stdout_buffer[4096];

int main(int argc, char **argv)
{
    char *end = NULL;
    long parent = argc == 2 ? strtol(argv[1], &end, 10) : 0;
    if (argc != 2 || end == argv[1] || *end != '\0' || parent <= 1) {
        fprintf(stderr, "tourney-agent-host: this program is started by tourney, not by hand\n");
        return 2;
    }
    /* Dies with the runner, and keeps nothing it was not handed. */
    if (tourney_child_tie_to_parent((pid_t)parent, CONTROL_FD) != 0) {
        return 2;
    }
    /* Memory shared with the runner and an eventfd to wake it, where it
     * gave them (shared_channel.h). */
    struct channel_memory *channel = NULL;
    if (fcntl(CHANNEL_MEMORY_FD, F_GETFD) >= 0) {
        channel = tourney_channel_map(CHANNEL_MEMORY_FD);
        if (channel == NULL || fcntl(CHANNEL_WAKE_FD, F_GETFD) < 0) {
            fprintf(stderr,
                    "tourney-agent-host: descriptors %d and %d are not the runner's "
                    "shared memory and eventfd\n",
                    CHANNEL_MEMORY_FD, CHANNEL_WAKE_FD);
            return 2;
        }
        close(CHANNEL_MEMORY_FD);
        tourney_child_close_from(CHANNEL_WAKE_FD + 1);
    } else {
        tourney_child_close_from(CONTROL_FD + 1);
    }
    /* The runner made it a process group of its own as it started it (so a
     * kill can never miss it); made sure of here. */
    if (getpgrp() != getpid() && setpgid(0, 0) != 0) {
        return 2;
    }
    struct stat info;
    if (fstat(CONTROL_FD, &info) != 0 || !S_ISSOCK(info.st_mode)) {
        fprintf(stderr, "tourney-agent-host: descriptor %d is not the runner's socket\n",
                CONTROL_FD);
        return 2;
    }
    setvbuf(stdout, stdout_buffer, _IOLBF, sizeof(stdout_buffer));
    if (tourney_child_watch_signals(CONTROL_FD) != 0) {
        return 2;
    }
#if defined(__SANITIZE_ADDRESS__)
    on_exit(exit_before_leak_check, NULL);
#endif
    struct error err;
    tourney_error_clear(&err);
    int status = tourney_agent_host_run(CONTROL_FD, channel,
                                        channel != NULL ? CHANNEL_WAKE_FD : -1, &sandboxed, &err);
    if (tourney_error_is_set(&err)) {
        fprintf(stderr, "tourney-agent-host: %s\n", err.text);
    }
    return status;
}
