/*
 * One tourney at a time in an output directory: the lock is taken, refused
 * while held (naming the holder's pid), shared with forks, and free again
 * when every holder let it go; held by the fork of a holder that died, it is
 * waited for; its file is not inherited across exec.
 */
#include "test.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dir_lock.h"
#include "files.h"

/* Takes the lock of DIR as tourney does: through the directory opened. */
static int lock_dir(struct dir_lock *lock, const char *dir, struct error *err)
{
    struct out_dir opened;
    lock->fd = -1;
    if (tourney_out_dir_open(&opened, dir, false, err) != 0) {
        return -1;
    }
    int status = tourney_dir_lock(lock, &opened, err);
    tourney_out_dir_close(&opened);
    return status;
}

static void expect_refusal(const char *dir, long pid)
{
    struct dir_lock lock;
    struct error err;
    assert_int_equal(lock_dir(&lock, dir, &err), -1);
    assert_int_equal(lock.fd, -1);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "%s is in use by another tourney (pid %ld), which holds %s/.tourney.lock; wait until "
             "it is done, or write into another directory",
             dir, pid, dir);
    assert_string_equal(err.text, expected);
}

static void test_lock_refused_while_held(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "lock");
    struct dir_lock lock;
    struct error err;
    assert_int_equal(lock_dir(&lock, dir, &err), 0);
    assert_true(lock.fd >= 0);
    /* Not inherited by a program this process starts. */
    assert_true((fcntl(lock.fd, F_GETFD) & FD_CLOEXEC) != 0);
    char path[128];
    snprintf(path, sizeof(path), "%s/.tourney.lock", dir);
    char pid[32];
    snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
    assert_file_is(path, pid);
    /* Another open of the file is another holder, in this process too. */
    expect_refusal(dir, (long)getpid());
    tourney_dir_unlock(&lock);
    assert_int_equal(lock.fd, -1);
    tourney_dir_unlock(&lock); /* nothing to let go */
    assert_int_equal(lock_dir(&lock, dir, &err), 0);
    tourney_dir_unlock(&lock);
    remove_tree(dir);
}

/* A fork shares the lock, and holds it after the parent let it go. */
static void test_forks_share_the_lock(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "lock");
    struct dir_lock lock;
    struct error err;
    assert_int_equal(lock_dir(&lock, dir, &err), 0);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        close(ready[0]);
        assert_int_equal(write(ready[1], "x", 1), 1);
        pause();
        _exit(0);
    }
    close(ready[1]);
    char byte;
    assert_int_equal(read(ready[0], &byte, 1), 1);
    close(ready[0]);
    tourney_dir_unlock(&lock);
    expect_refusal(dir, (long)getpid());
    kill(child, SIGKILL);
    assert_int_equal(waitpid(child, NULL, 0), child);
    assert_int_equal(lock_dir(&lock, dir, &err), 0);
    tourney_dir_unlock(&lock);
    remove_tree(dir);
}

/* A holder that died while a fork of it still holds the lock (the writer
 * of its results log, finishing it): waited for, then taken. */
static void test_a_dead_holders_fork_is_waited_for(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "lock");
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t holder = fork();
    assert_true(holder >= 0);
    if (holder == 0) {
        struct dir_lock lock;
        struct error err;
        if (lock_dir(&lock, dir, &err) != 0) {
            _exit(2);
        }
        pid_t writer = fork();
        if (writer == 0) {
            /* Holds the lock 100 ms past the holder's end. */
            nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
            _exit(0);
        }
        _exit(writer > 0 && write(ready[1], "x", 1) == 1 ? 0 : 3);
    }
    close(ready[1]);
    int status = 0;
    assert_int_equal(waitpid(holder, &status, 0), holder);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    char byte;
    assert_int_equal(read(ready[0], &byte, 1), 1);
    close(ready[0]);
    struct timespec before;
    struct timespec after;
    clock_gettime(CLOCK_MONOTONIC, &before);
    struct dir_lock lock;
    struct error err;
    assert_int_equal(lock_dir(&lock, dir, &err), 0);
    clock_gettime(CLOCK_MONOTONIC, &after);
    long waited_ms =
        (after.tv_sec - before.tv_sec) * 1000 + (after.tv_nsec - before.tv_nsec) / 1000000;
    print_message("waited %ld ms\n", waited_ms);
    assert_true(waited_ms >= 20);
    tourney_dir_unlock(&lock);
    remove_tree(dir);
}

static void test_no_directory(void **state)
{
    (void)state;
    struct dir_lock lock;
    struct error err;
    assert_int_equal(lock_dir(&lock, "/nonexistent/dir", &err), -1);
    assert_string_equal(err.text, "cannot open directory /nonexistent/dir: No such file or "
                                  "directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lock_refused_while_held),
        cmocka_unit_test(test_forks_share_the_lock),
        cmocka_unit_test(test_a_dead_holders_fork_is_waited_for),
        cmocka_unit_test(test_no_directory),
    };
    return cmocka_run_group_tests_name("dir_lock", tests, NULL, NULL);
}
