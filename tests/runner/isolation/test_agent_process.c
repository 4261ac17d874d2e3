/*
 * The child-process wrapper, on small shell programs in place of the agent
 * host: how a process ended, time limits enforced with SIGKILL to the whole
 * process group, output drained and capped, garbage on the socket refused,
 * nothing of the runner's open descriptors inherited, and a paused process
 * left running through short waits only while it is seen to sit idle.
 */
#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent_process.h"
#include "clock.h"
#include "plain_paths.h"

#define MS UINT64_C(1000000)

/* Starts `sh -c SCRIPT` with an output limit of LIMIT bytes. */
static void start(struct agent_process *p, const char *script, uint64_t limit)
{
    const char *argv[] = {"/bin/sh", "-c", script, NULL};
    struct error error;
    const struct process_options options = {.output_limit = limit};
    if (tourney_agent_process_start(p, argv, &options, &error) != 0) {
        print_error("%s\n", error.text);
        fail();
    }
}

/* Sends an END_GAME request and waits up to WAIT_MS for its answer. */
static enum process_event call(struct agent_process *p, uint64_t wait_ms, struct error *error)
{
    uint32_t sequence;
    struct wire_writer *request = tourney_agent_process_request(p, &sequence);
    assert_int_equal(tourney_msg_put_empty(request, MSG_END_GAME, sequence), 0);
    struct process_reply reply;
    return tourney_agent_process_call(p, tourney_now_ns() + wait_ms * MS, NULL, NULL, &reply,
                                      error);
}

/* The output kept so far, as a string. */
static char *output_of(const struct agent_process *p)
{
    char *text = calloc(1, p->output.length + 1);
    assert_non_null(text);
    memcpy(text, p->output.tail, p->output.length);
    return text;
}

static void test_exit_status(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    char how[64];
    start(&p, "exit 3", 1000);
    assert_int_equal(call(&p, 5000, &error), PROCESS_EXITED);
    assert_false(p.killed);
    tourney_describe_wait_status(p.wait_status, how, sizeof(how));
    assert_string_equal(how, "exited with status 3");
    tourney_agent_process_finish(&p);

    start(&p, "kill -SEGV $$", 1000);
    assert_int_equal(call(&p, 5000, &error), PROCESS_EXITED);
    tourney_describe_wait_status(p.wait_status, how, sizeof(how));
    assert_string_equal(how, "killed by SIGSEGV");
    tourney_agent_process_finish(&p);
}

static bool gone(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return true;
    }
    char state = '?';
    int matched = fscanf(file, "%*d (%*[^)]) %c", &state);
    fclose(file);
    return matched == 1 && (state == 'Z' || state == 'X');
}

static void test_time_limit_kills_the_group(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    /* A grandchild that would outlive its parent, and holds the pipes. */
    start(&p, "sleep 30 & echo $!; exec sleep 30", 1000);
    assert_int_equal(getpgid(p.pid), p.pid);
    uint64_t before = tourney_now_ns();
    assert_int_equal(call(&p, 200, &error), PROCESS_TIMEOUT);
    uint64_t waited = tourney_now_ns() - before;
    assert_true(waited >= 200 * MS && waited < 2000 * MS);
    tourney_agent_process_kill(&p);
    assert_true(p.killed && p.exited);
    assert_true(WIFSIGNALED(p.wait_status) && WTERMSIG(p.wait_status) == SIGKILL);
    char *text = output_of(&p);
    pid_t grandchild = (pid_t)atoi(text);
    free(text);
    assert_true(grandchild > 0);
    /* The whole group died: the grandchild too (it may linger as a zombie
     * until whoever inherited it reaps it). */
    for (int i = 0; i < 200 && !gone(grandchild); i++) {
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    assert_true(gone(grandchild));
    tourney_agent_process_finish(&p);
}

static void test_output_is_capped(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    start(&p, "exec yes flood", 4096);
    assert_int_equal(call(&p, 5000, &error), PROCESS_OUTPUT_LIMIT);
    assert_true(p.output.total > 4096);
    tourney_agent_process_kill(&p);
    /* The tail is kept, at most an excerpt's worth. */
    assert_true(p.output.length <= sizeof(p.output.tail));
    char *text = output_of(&p);
    assert_non_null(strstr(text, "flood\nflood\n"));
    free(text);
    size_t length = 0;
    const char *tail = tourney_capture_tail(&p.output, &length);
    assert_int_equal(length, CAPTURE_EXCERPT);
    assert_memory_equal(tail + length - 6, "flood\n", 6);
    tourney_capture_init(&p.output);
    assert_int_equal(p.output.total, 0);
    tourney_agent_process_finish(&p);
}

static void test_garbage_is_a_protocol_error(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    start(&p, "printf 'not a frame' >&3; exec sleep 30", 1000);
    assert_int_equal(call(&p, 5000, &error), PROCESS_PROTOCOL_ERROR);
    assert_non_null(strstr(error.text, "magic number"));
    tourney_agent_process_finish(&p);
}

/* Writes into a new file, whose path goes into PATH, the frames of a
 * process that replies to request 7 and then says it was stopped from
 * outside by SIGTERM. */
static void write_frames(char path[64])
{
    snprintf(path, 64, "/tmp/tourney-frames-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    unsigned char fixed[256];
    struct wire_writer frame;
    tourney_wire_writer_init(&frame, fixed, sizeof(fixed));
    for (int i = 0; i < 2; i++) {
        int built = i == 0 ? tourney_msg_put_empty(&frame, MSG_ENDED, 7)
                           : tourney_msg_put_outside(&frame, 0, SIGTERM);
        assert_int_equal(built, 0);
        assert_int_equal(write(fd, frame.data, frame.length), (ssize_t)frame.length);
    }
    close(fd);
    tourney_wire_writer_finish(&frame);
}

/* Waiting for a process's end lets its replies go: one that replies and
 * then says it was stopped from outside and exits is seen to end, with
 * what it said; one that replies and lives on is waited for until the
 * deadline. (Waited for as the reply to a request never sent, the reply
 * was a protocol error, and a job's SIGKILL an agent's agent_error.) */
static void test_waiting_for_the_end_lets_replies_go(void **state)
{
    (void)state;
    char frames[64];
    write_frames(frames);
    char script[160];
    struct agent_process p;
    struct error error;
    snprintf(script, sizeof(script), "cat %s >&3; sleep 0.1; exit 143", frames);
    start(&p, script, 1000);
    assert_int_equal(tourney_agent_process_wait_end(&p, tourney_now_ns() + 5000 * MS, &error),
                     PROCESS_EXITED);
    assert_int_equal(p.outside_signal, SIGTERM);
    assert_true(WIFEXITED(p.wait_status));
    assert_int_equal(WEXITSTATUS(p.wait_status), 143);
    tourney_agent_process_finish(&p);

    snprintf(script, sizeof(script), "cat %s >&3; exec sleep 30", frames);
    start(&p, script, 1000);
    uint64_t start_ns = tourney_now_ns();
    assert_int_equal(tourney_agent_process_wait_end(&p, start_ns + 300 * MS, &error),
                     PROCESS_TIMEOUT);
    assert_true(tourney_now_ns() - start_ns >= 300 * MS);
    assert_true(tourney_agent_process_alive(&p));
    assert_int_equal(p.outside_signal, SIGTERM);
    tourney_agent_process_finish(&p);
    unlink(frames);
}

static void test_only_its_own_descriptors(void **state)
{
    (void)state;
    /* A descriptor the runner inherited without close-on-exec, well past
     * the process's own 0 to 3: the process must not see it either (the
     * runner closes everything past 3 in the child where the C library
     * lets it; the runner's own descriptors are close-on-exec anyway). */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    int opened = open("/dev/null", O_RDONLY);
    assert_true(opened >= 0);
    int runner_file = fcntl(opened, F_DUPFD, 20);
    assert_true(runner_file >= 20);
    assert_int_equal(close(opened), 0);
    assert_int_equal(fcntl(runner_file, F_GETFD) & FD_CLOEXEC, 0);
#else
    int runner_file = open("/dev/null", O_RDONLY | O_CLOEXEC);
    assert_true(runner_file >= 0);
#endif
    struct agent_process p;
    struct error error;
    start(&p, "exec ls /proc/self/fd", 1000);
    assert_int_equal(call(&p, 5000, &error), PROCESS_EXITED);
    char *text = output_of(&p);
    /* stdin, stdout, stderr, the socket, and the directory ls is reading. */
    assert_string_equal(text, "0\n1\n2\n3\n4\n");
    free(text);
    tourney_agent_process_finish(&p);

    start(&p, "exec readlink /proc/self/fd/0", 1000);
    assert_int_equal(call(&p, 5000, &error), PROCESS_EXITED);
    text = output_of(&p);
    assert_string_equal(text, "/dev/null\n");
    free(text);
    tourney_agent_process_finish(&p);
    assert_int_equal(close(runner_file), 0);
}

static void test_stop_kills_what_does_not_quit(void **state)
{
    (void)state;
    struct agent_process p;
    start(&p, "exec sleep 30", 1000);
    uint64_t before = tourney_now_ns();
    tourney_agent_process_stop(&p, tourney_now_ns() + 100 * MS);
    assert_true(tourney_now_ns() - before < 2000 * MS);
    assert_false(tourney_agent_process_alive(&p));
    assert_true(p.killed);
    tourney_agent_process_finish(&p);
    /* Finishing a process that never started does nothing. */
    struct agent_process never;
    memset(&never, 0, sizeof(never));
    tourney_agent_process_finish(&never);
}

static void test_missing_program(void **state)
{
    (void)state;
    struct agent_process p;
    const char *argv[] = {"/nonexistent/tourney-agent-host", "1", NULL};
    struct error error;
    const struct process_options options = {.output_limit = 1000};
    if (tourney_agent_process_start(&p, argv, &options, &error) == 0) {
        /* Under valgrind, posix_spawn is a fork and an exec whose failure
         * the parent does not learn: the child exits with 127 instead. */
        assert_int_equal(call(&p, 5000, &error), PROCESS_EXITED);
        assert_true(WIFEXITED(p.wait_status) && WEXITSTATUS(p.wait_status) == 127);
    } else {
        assert_non_null(strstr(error.text, "cannot start /nonexistent/tourney-agent-host"));
    }
    tourney_agent_process_finish(&p);
}

/* The child of the tests below, this program run again: answers every
 * request on descriptor 3 with an empty ENDED, DELAY_US after it came, and
 * exits at QUIT. With
 * SPIN it never waits for the next: it looks for it again and again,
 * using the processor all the time it is not stopped, as an agent that
 * thinks while not asked would. */
static int replier(bool spin, long delay_us)
{
    unsigned char buffer[4096];
    size_t have = 0;
    for (;;) {
        ssize_t got = recv(3, buffer + have, sizeof(buffer) - have, spin ? MSG_DONTWAIT : 0);
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) {
            continue;
        }
        if (got <= 0) {
            return 0;
        }
        have += (size_t)got;
        struct wire_header header;
        struct error error;
        int found;
        while ((found = tourney_wire_frame(buffer, have, PROTOCOL_VERSION, &header, &error)) > 0) {
            struct timespec delay = {.tv_sec = 0, .tv_nsec = delay_us * 1000};
            nanosleep(&delay, NULL);
            if (header.type == MSG_QUIT) {
                return 0;
            }
            size_t size = WIRE_HEADER_SIZE + header.length;
            unsigned char reply[64];
            struct wire_writer writer;
            tourney_wire_writer_init(&writer, reply, sizeof(reply));
            if (tourney_msg_put_empty(&writer, MSG_ENDED, header.sequence) != 0 ||
                tourney_wire_end(&writer) != 0 ||
                write(3, writer.data, writer.length) != (ssize_t)writer.length) {
                return 2;
            }
            memmove(buffer, buffer + size, have - size);
            have -= size;
        }
        if (found < 0) {
            return 2;
        }
    }
}

/* Starts the replier, paused between requests and watched while idle. */
static void start_replier(struct agent_process *p, const char *mode, const char *delay_us,
                          struct resting_processes *resting)
{
    char self[4096];
    ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
    assert_true(length > 0);
    self[length] = '\0';
    const char *argv[] = {self, "--replier", mode, delay_us, NULL};
    struct error error;
    const struct process_options options = {
        .output_limit = 1000, .pause = true, .resting = resting};
    if (tourney_agent_process_start(p, argv, &options, &error) != 0) {
        print_error("%s\n", error.text);
        fail();
    }
    tourney_agent_process_watch_idle(p);
}

static void pause_us(long us)
{
    struct timespec wait = {.tv_sec = 0, .tv_nsec = us * 1000};
    nanosleep(&wait, NULL);
}

/* A process that sits idle between requests is left running through every
 * short wait (no stop, no continue), stopped after a long one, never taken
 * for one that thinks while not asked. */
static void test_idle_process_is_left_running(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    struct resting_processes resting = {.count = 0};
    start_replier(&p, "wait", "0", &resting);
    int left_running = 0;
    int short_waits = 0;
    for (int i = 0; i < 300; i++) {
        /* Every 50th wait is long: the one after it is stopped. */
        pause_us(i % 50 == 49 ? 3000 : 100);
        assert_int_equal(call(&p, 5000, &error), PROCESS_REPLY);
        assert_true(p.pause.short_wait == !p.pause.stopped);
        if (i % 50 == 49) {
            assert_true(p.pause.stopped);
        }
        left_running += !p.pause.stopped;
        short_waits += p.pause.short_wait;
    }
    assert_false(p.pause.pondered);
    /* Waits of 100 us are short, unless valgrind's slowness and a loaded
     * machine make them longer: left running after each short one. */
    print_message("left running after %d waits of 300\n", left_running);
    assert_int_equal(left_running, short_waits);
    assert_true(left_running > 0);
    tourney_agent_process_stop(&p, tourney_now_ns() + 1000 * MS);
    tourney_agent_process_finish(&p);
}

/* One that uses the processor all the time it is not stopped is found out
 * within a few short waits, and stopped after every reply from then on.
 * (Under valgrind and load, waits are longer and the processor scarcer: a
 * bound on the number of requests that holds there.) */
static void test_process_that_thinks_while_not_asked_is_stopped(void **state)
{
    (void)state;
    struct agent_process p;
    struct error error;
    struct resting_processes resting = {.count = 0};
    start_replier(&p, "spin", "0", &resting);
    int calls = 0;
    while (!p.pause.pondered && calls < 5000) {
        pause_us(200);
        assert_int_equal(call(&p, 5000, &error), PROCESS_REPLY);
        calls++;
    }
    print_message("found out after %d requests\n", calls);
    assert_true(p.pause.pondered);
    assert_true(p.pause.idle_excess_ns > PAUSE_IDLE_EXCESS_NS);
    for (int i = 0; i < 20; i++) {
        pause_us(100);
        assert_int_equal(call(&p, 5000, &error), PROCESS_REPLY);
        assert_true(p.pause.stopped);
    }
    tourney_agent_process_stop(&p, tourney_now_ns() + 1000 * MS);
    tourney_agent_process_finish(&p);
}

/* Asks P (which answers at once) after short waits until it is left
 * running after its reply: at once, unless the machine is slow. */
static void ask_until_left_running(struct agent_process *p)
{
    struct error error;
    int tries = 0;
    do {
        pause_us(100);
        assert_int_equal(call(p, 5000, &error), PROCESS_REPLY);
    } while (p->pause.stopped && ++tries < 100);
    assert_false(p->pause.stopped);
}

/* A process left running is stopped once a wait for another process of
 * the same worker grows long (an opponent that thinks), and is stopped as
 * its next reply comes, that wait having been long; and when its worker is
 * about to wait for more games. */
static void test_long_wait_for_another_stops_the_resting(void **state)
{
    (void)state;
    struct resting_processes resting = {.count = 0};
    struct agent_process idle;
    struct agent_process thinker;
    struct error error;
    start_replier(&idle, "wait", "0", &resting);
    start_replier(&thinker, "wait", "5000", &resting);
    /* The first wait of each is not known to be short: stopped. */
    assert_int_equal(call(&idle, 5000, &error), PROCESS_REPLY);
    assert_true(idle.pause.stopped);
    ask_until_left_running(&idle);
    assert_int_equal(resting.count, 1);
    assert_ptr_equal(resting.process[0], &idle.pause);
    assert_int_equal(call(&thinker, 5000, &error), PROCESS_REPLY);
    assert_true(idle.pause.stopped);
    assert_int_equal(resting.count, 0);
    assert_int_equal(call(&idle, 5000, &error), PROCESS_REPLY);
    assert_false(idle.pause.short_wait);
    assert_true(idle.pause.stopped);
    assert_false(idle.pause.pondered);
    /* A worker that waits for its next games stops it too; asked again,
     * it is continued and answers. */
    ask_until_left_running(&idle);
    assert_int_equal(resting.count, 1);
    tourney_pause_stop_resting(&resting);
    assert_true(idle.pause.stopped);
    assert_int_equal(resting.count, 0);
    assert_int_equal(call(&idle, 5000, &error), PROCESS_REPLY);
    /* A process that ends leaves the list. */
    ask_until_left_running(&idle);
    assert_int_equal(resting.count, 1);
    tourney_agent_process_finish(&idle);
    assert_int_equal(resting.count, 0);
    tourney_agent_process_finish(&thinker);
}

/* TOURNEY_PLAIN_PATHS read word by word; a word that names no fast path is
 * an error that quotes it. */
static void test_plain_paths_read(void **state)
{
    (void)state;
    struct fast_paths f;
    struct error error;
    assert_int_equal(tourney_plain_paths_read(NULL, &f, &error), 0);
    assert_true(f.shared_channel && f.processor_share && f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("", &f, &error), 0);
    assert_true(f.shared_channel && f.processor_share && f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("shared_channel", &f, &error), 0);
    assert_true(!f.shared_channel && f.processor_share && f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("processor_share", &f, &error), 0);
    assert_true(f.shared_channel && !f.processor_share && f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("idle_watch,", &f, &error), 0);
    assert_true(f.shared_channel && f.processor_share && !f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("idle_watch,shared_channel", &f, &error), 0);
    assert_true(!f.shared_channel && f.processor_share && !f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("all", &f, &error), 0);
    assert_true(!f.shared_channel && !f.processor_share && !f.idle_watch);
    assert_int_equal(tourney_plain_paths_read("shared_channel,shared", &f, &error), -1);
    assert_string_equal(error.text, "TOURNEY_PLAIN_PATHS: 'shared' is none of shared_channel, "
                                    "processor_share, idle_watch, all");
    assert_int_equal(tourney_plain_paths_read("alll", &f, &error), -1);
    assert_int_equal(tourney_plain_paths_read("ALL", &f, &error), -1);
}

/* Starts the replier as process_seat.c starts the agent host: paused,
 * watched while idle, and with SHARED with shared memory (which the replier
 * does not use: it is not asked anything then). */
static void start_like_a_seat(struct agent_process *p, struct resting_processes *resting,
                              bool shared)
{
    char self[4096];
    ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
    assert_true(length > 0);
    self[length] = '\0';
    const char *argv[] = {self, "--replier", "wait", "0", NULL};
    struct error error;
    const struct process_options options = {
        .output_limit = 1000, .pause = true, .resting = resting, .shared_channel = shared};
    if (tourney_agent_process_start(p, argv, &options, &error) != 0) {
        print_error("%s\n", error.text);
        fail();
    }
    tourney_agent_process_watch_idle(p);
}

/* Asks P COUNT times after short waits; returns after how many replies it
 * was held on the runner's processor and after how many it was stopped. */
static void ask_often(struct agent_process *p, int count, int *held, int *stopped)
{
    struct error error;
    *held = *stopped = 0;
    for (int i = 0; i < count; i++) {
        pause_us(100);
        assert_int_equal(call(p, 5000, &error), PROCESS_REPLY);
        *held += tourney_processor_share_held(&p->share);
        *stopped += p->pause.stopped;
    }
}

/* Each fast path off under TOURNEY_PLAIN_PATHS: no shared memory, never
 * held on the runner's processor, stopped after every reply however short
 * the waits; the replies come as before. An unknown word fails the start. */
static void test_plain_paths_taken(void **state)
{
    (void)state;
    struct resting_processes resting = {.count = 0};
    struct agent_process p;
    struct error error;
    int held;
    int stopped;
    assert_int_equal(unsetenv(TOURNEY_PLAIN_PATHS_ENV), 0);
    start_like_a_seat(&p, &resting, true);
    assert_non_null(p.io.channel);
    tourney_agent_process_finish(&p);
    start_like_a_seat(&p, &resting, false);
    assert_true(p.pause.idle_watch);
    ask_often(&p, 50, &held, &stopped);
    print_message("fast paths on: held after %d of 50 replies, stopped after %d\n", held, stopped);
    tourney_agent_process_finish(&p);

    assert_int_equal(setenv(TOURNEY_PLAIN_PATHS_ENV, "all", 1), 0);
    start_like_a_seat(&p, &resting, true);
    assert_null(p.io.channel);
    assert_int_equal(p.io.wake, -1);
    assert_false(p.pause.idle_watch);
    ask_often(&p, 50, &held, &stopped);
    assert_int_equal(held, 0);
    assert_int_equal(stopped, 50);
    assert_int_equal(resting.count, 0);
    tourney_agent_process_finish(&p);

    /* One path alone: the others stay on. */
    assert_int_equal(setenv(TOURNEY_PLAIN_PATHS_ENV, "processor_share", 1), 0);
    start_like_a_seat(&p, &resting, true);
    assert_non_null(p.io.channel);
    tourney_agent_process_finish(&p);
    start_like_a_seat(&p, &resting, false);
    assert_true(p.pause.idle_watch);
    ask_often(&p, 50, &held, &stopped);
    assert_int_equal(held, 0);
    tourney_agent_process_finish(&p);

    assert_int_equal(setenv(TOURNEY_PLAIN_PATHS_ENV, "shared-channel", 1), 0);
    const char *argv[] = {"/bin/true", NULL};
    const struct process_options options = {.output_limit = 1000};
    assert_int_equal(tourney_agent_process_start(&p, argv, &options, &error), -1);
    assert_non_null(strstr(error.text, "'shared-channel' is none of"));
    tourney_agent_process_finish(&p);
    assert_int_equal(unsetenv(TOURNEY_PLAIN_PATHS_ENV), 0);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--replier") == 0) {
        return replier(strcmp(argv[2], "spin") == 0, atol(argv[3]));
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exit_status),
        cmocka_unit_test(test_time_limit_kills_the_group),
        cmocka_unit_test(test_output_is_capped),
        cmocka_unit_test(test_garbage_is_a_protocol_error),
        cmocka_unit_test(test_waiting_for_the_end_lets_replies_go),
        cmocka_unit_test(test_only_its_own_descriptors),
        cmocka_unit_test(test_stop_kills_what_does_not_quit),
        cmocka_unit_test(test_missing_program),
        cmocka_unit_test(test_idle_process_is_left_running),
        cmocka_unit_test(test_process_that_thinks_while_not_asked_is_stopped),
        cmocka_unit_test(test_long_wait_for_another_stops_the_resting),
        cmocka_unit_test(test_plain_paths_read),
        cmocka_unit_test(test_plain_paths_taken),
    };
    return cmocka_run_group_tests_name("agent_process", tests, NULL, NULL);
}
