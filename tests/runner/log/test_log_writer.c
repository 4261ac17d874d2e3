/*
 * The results log's writer process: every line appended reaches the file
 * in order, across the ring's wrap and past a line longer than the ring;
 * a runner killed with SIGKILL loses none of what it appended; Ctrl-C does
 * not stop the writer; a failed write is reported with the file's name.
 */
#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "files.h"
#include "log_writer.h"

#define SYNC_NS UINT64_C(50000000)

static int open_log(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
    assert_true(fd >= 0);
    return fd;
}

/* Line I: its number, then I % 300 letters, so lines differ in length. */
static size_t make_line(char *buffer, size_t size, int i)
{
    int length = snprintf(buffer, size, "%d ", i);
    for (int k = 0; k < i % 300; k++) {
        buffer[length++] = (char)('a' + (i + k) % 26);
    }
    buffer[length++] = '\n';
    return (size_t)length;
}

/* Whether the file at PATH holds exactly lines 0 .. COUNT-1 in order, with
 * BIG_AT (when not negative) replaced by a line of BIG bytes. */
static void check_lines(const char *path, int count, int big_at, size_t big)
{
    char *text = slurp(path);
    assert_non_null(text);
    const char *at = text;
    char line[512];
    for (int i = 0; i < count; i++) {
        if (i == big_at) {
            assert_true(strspn(at, "x") == big - 1 && at[big - 1] == '\n');
            at += big;
            continue;
        }
        size_t length = make_line(line, sizeof(line), i);
        if (memcmp(at, line, length) != 0) {
            fail_msg("line %d differs", i);
        }
        at += length;
    }
    assert_int_equal(*at, '\0');
    free(text);
}

/* A writer of a new log in a directory of its own. */
struct fixture {
    char dir[64];
    char path[128];
    int fd;
    struct log_writer writer;
};

static void start_in_temp(struct fixture *f)
{
    make_temp_dir(f->dir, sizeof(f->dir), "log-writer");
    snprintf(f->path, sizeof(f->path), "%s/games.jsonl", f->dir);
    f->fd = open_log(f->path);
    struct error error;
    assert_int_equal(tourney_log_writer_start(&f->writer, f->fd, f->path, -1, SYNC_NS, &error), 0);
}

static void test_lines_in_order_across_the_ring(void **state)
{
    (void)state;
    struct fixture f;
    start_in_temp(&f);
    struct log_writer writer = f.writer;
    struct error error;
    /* About 5 MiB of lines in all, more than the ring holds, with a line
     * longer than the ring among them. */
    const int count = 33000;
    const int big_at = 20000;
    const size_t big = LOG_RING_BYTES + 4096;
    char *huge = malloc(big);
    assert_non_null(huge);
    memset(huge, 'x', big - 1);
    huge[big - 1] = '\n';
    char line[512];
    for (int i = 0; i < count; i++) {
        if (i == big_at) {
            assert_int_equal(tourney_log_writer_append(&writer, huge, big, &error), 0);
            continue;
        }
        size_t length = make_line(line, sizeof(line), i);
        assert_int_equal(tourney_log_writer_append(&writer, line, length, &error), 0);
    }
    free(huge);
    assert_int_equal(tourney_log_writer_finish(&writer, &error), 0);
    assert_null(writer.ring);
    /* Finished, it is appended to no more; finishing again does nothing. */
    assert_int_equal(tourney_log_writer_finish(&writer, &error), 0);
    check_lines(f.path, count, big_at, big);
    close(f.fd);
    remove_tree(f.dir);
}

/* A runner that appends COUNT lines and is killed with SIGKILL: its writer,
 * holding the lock file's lock, writes them all and lets the lock go. */
static void test_a_killed_runner_loses_nothing(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "log-writer");
    char path[128];
    char lock_path[128];
    snprintf(path, sizeof(path), "%s/games.jsonl", dir);
    snprintf(lock_path, sizeof(lock_path), "%s/lock", dir);
    const int count = 20000;
    pid_t runner = fork();
    assert_true(runner >= 0);
    if (runner == 0) {
        int lock = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        int fd = open_log(path);
        struct log_writer writer;
        struct error error;
        if (lock < 0 || flock(lock, LOCK_EX) != 0 ||
            tourney_log_writer_start(&writer, fd, path, lock, SYNC_NS, &error) != 0) {
            _exit(2);
        }
        char line[512];
        for (int i = 0; i < count; i++) {
            size_t length = make_line(line, sizeof(line), i);
            if (tourney_log_writer_append(&writer, line, length, &error) != 0) {
                _exit(3);
            }
        }
        raise(SIGKILL);
    }
    int status = 0;
    assert_int_equal(waitpid(runner, &status, 0), runner);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    /* The writer still holds the lock while it writes. */
    int lock = open(lock_path, O_RDWR | O_CLOEXEC);
    assert_true(lock >= 0);
    assert_int_equal(flock(lock, LOCK_EX), 0);
    close(lock);
    check_lines(path, count, -1, 0);
    remove_tree(dir);
}

/* Ctrl-C goes to the whole foreground group: the writer stays. */
static void test_the_writer_ignores_ctrl_c(void **state)
{
    (void)state;
    struct fixture f;
    start_in_temp(&f);
    struct log_writer writer = f.writer;
    struct error error;
    char line[512];
    for (int i = 0; i < 100; i++) {
        if (i == 50) {
            assert_int_equal(kill(writer.pid, SIGINT), 0);
            assert_int_equal(kill(writer.pid, SIGTERM), 0);
            assert_int_equal(kill(writer.pid, SIGHUP), 0);
        }
        size_t length = make_line(line, sizeof(line), i);
        assert_int_equal(tourney_log_writer_append(&writer, line, length, &error), 0);
    }
    assert_int_equal(tourney_log_writer_finish(&writer, &error), 0);
    check_lines(f.path, 100, -1, 0);
    close(f.fd);
    remove_tree(f.dir);
}

/* A full disk: the failure names the file and the reason. */
static void test_a_failed_write_is_reported(void **state)
{
    (void)state;
    int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    struct log_writer writer;
    struct error error;
    assert_int_equal(
        tourney_log_writer_start(&writer, fd, "/dev/full/games.jsonl", -1, SYNC_NS, &error), 0);
    char line[512];
    int appended = 0;
    /* Taken until the writer's failure is seen (at the latest once the
     * ring is full), then refused. */
    for (int i = 0; i < 100000; i++) {
        size_t length = make_line(line, sizeof(line), i);
        if (tourney_log_writer_append(&writer, line, length, &error) != 0) {
            break;
        }
        appended++;
    }
    if (appended == 100000) {
        assert_int_equal(tourney_log_writer_finish(&writer, &error), -1);
    } else {
        assert_int_equal(tourney_log_writer_finish(&writer, NULL), -1);
    }
    assert_string_equal(error.text,
                        "cannot append to /dev/full/games.jsonl: No space left on device");
    close(fd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_in_order_across_the_ring),
        cmocka_unit_test(test_a_killed_runner_loses_nothing),
        cmocka_unit_test(test_the_writer_ignores_ctrl_c),
        cmocka_unit_test(test_a_failed_write_is_reported),
    };
    return cmocka_run_group_tests_name("log_writer", tests, NULL, NULL);
}
