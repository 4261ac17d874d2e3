/*
 * Holding a quick agent process on the runner's processor: its first
 * thread is held there, a thread it makes while held too, and every thread
 * gets the runner's processors back when it is let go.
 */
#define _GNU_SOURCE
#include "test.h"

#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "processor_share.h"

static void *sleep_forever(void *unused)
{
    (void)unused;
    for (;;) {
        pause();
    }
    return NULL;
}

/* A child of two threads; each byte written to *ORDERS makes it one more,
 * and it answers on *DONE once the thread runs. */
static pid_t start_child(int *orders, int *done)
{
    int to_child[2];
    int from_child[2];
    assert_int_equal(pipe(to_child), 0);
    assert_int_equal(pipe(from_child), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(to_child[1]);
        close(from_child[0]);
        pthread_t thread;
        char byte = 'x';
        if (pthread_create(&thread, NULL, sleep_forever, NULL) != 0 ||
            write(from_child[1], &byte, 1) != 1) {
            _exit(1);
        }
        while (read(to_child[0], &byte, 1) == 1) {
            if (pthread_create(&thread, NULL, sleep_forever, NULL) != 0 ||
                write(from_child[1], &byte, 1) != 1) {
                _exit(1);
            }
        }
        _exit(0);
    }
    close(to_child[0]);
    close(from_child[1]);
    *orders = to_child[1];
    *done = from_child[0];
    char byte;
    assert_int_equal(read(*done, &byte, 1), 1);
    return pid;
}

/* The processors thread TID may run on, as /proc says ("0-1", "1"). */
static void allowed(const char *status_path, char *list, size_t size)
{
    FILE *status = fopen(status_path, "r");
    assert_non_null(status);
    char line[256];
    list[0] = '\0';
    while (fgets(line, sizeof(line), status) != NULL) {
        if (strncmp(line, "Cpus_allowed_list:", 18) == 0) {
            char *value = line + 18;
            value += strspn(value, " \t");
            value[strcspn(value, "\n")] = '\0';
            snprintf(list, size, "%s", value);
        }
    }
    fclose(status);
    assert_true(list[0] != '\0');
}

/* Thread TID of PID may run on EXPECTED. */
static void assert_thread_on(pid_t pid, pid_t tid, const char *expected)
{
    char status[128];
    snprintf(status, sizeof(status), "/proc/%ld/task/%ld/status", (long)pid, (long)tid);
    char list[128];
    allowed(status, list, sizeof(list));
    assert_string_equal(list, expected);
}

/* How many threads PID has (*ALL) and how many of them may run on EXPECTED
 * (and nowhere else). */
static int threads_on(pid_t pid, const char *expected, int *all)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%ld/task", (long)pid);
    DIR *tasks = opendir(path);
    assert_non_null(tasks);
    int count = 0;
    *all = 0;
    for (struct dirent *entry; (entry = readdir(tasks)) != NULL;) {
        if (entry->d_name[0] == '.') {
            continue;
        }
        char status[400];
        snprintf(status, sizeof(status), "%s/%s/status", path, entry->d_name);
        char list[128];
        allowed(status, list, sizeof(list));
        count += strcmp(list, expected) == 0;
        (*all)++;
    }
    closedir(tasks);
    return count;
}

/* Every thread of PID may run on EXPECTED, and there are THREADS of them. */
static void assert_every_thread_on(pid_t pid, const char *expected, int threads)
{
    int all = 0;
    assert_int_equal(threads_on(pid, expected, &all), threads);
    assert_int_equal(all, threads);
}

static void test_every_thread_is_held_and_let_go(void **state)
{
    (void)state;
    struct processor_share share;
    tourney_processor_share_init(&share);
    if (!share.able) {
        skip(); /* one processor: nothing to hold */
    }
    char runner[128];
    allowed("/proc/self/status", runner, sizeof(runner));
    int orders;
    int done;
    pid_t child = start_child(&orders, &done);
    assert_false(tourney_processor_share_held(&share));
    assert_every_thread_on(child, runner, 2);

    tourney_processor_share_hold(&share, child);
    assert_true(tourney_processor_share_held(&share));
    char one[16];
    snprintf(one, sizeof(one), "%d", share.held_on);
    assert_thread_on(child, child, one);

    /* A thread made while it is held is held with the first... */
    char byte = 'x';
    assert_int_equal(write(orders, &byte, 1), 1);
    assert_int_equal(read(done, &byte, 1), 1);
    int all = 0;
    assert_int_equal(threads_on(child, one, &all), 2);
    assert_int_equal(all, 3);

    /* ...and every thread gets the runner's processors back. */
    tourney_processor_share_release(&share, child);
    assert_false(tourney_processor_share_held(&share));
    assert_every_thread_on(child, runner, 3);
    tourney_processor_share_release(&share, child); /* nothing held: nothing done */
    assert_every_thread_on(child, runner, 3);

    kill(child, SIGKILL);
    assert_int_equal(waitpid(child, NULL, 0), child);
    close(orders);
    close(done);
}

/* A process the runner may not move (gone here) is never held. */
static void test_a_process_that_cannot_be_held(void **state)
{
    (void)state;
    struct processor_share share;
    tourney_processor_share_init(&share);
    if (!share.able) {
        skip();
    }
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        _exit(0);
    }
    assert_int_equal(waitpid(child, NULL, 0), child);
    tourney_processor_share_hold(&share, child);
    assert_false(tourney_processor_share_held(&share));
    assert_false(share.able);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_thread_is_held_and_let_go),
        cmocka_unit_test(test_a_process_that_cannot_be_held),
    };
    return cmocka_run_group_tests_name("processor_share", tests, NULL, NULL);
}
