/*
 * The confinement of an agent process, each rule tried in a child process
 * of its own: the first stage of the system-call filter lets a plugin load
 * (files opened for reading) and nothing that reaches outside (files opened
 * for writing, truncated, signals to others, fcntl's ways of making the
 * kernel signal someone, new processes, sockets, exec); the second stage
 * opens nothing at all; Landlock reads only the paths it was given.
 */
/* Linux interfaces: F_SETSIG, F_SETOWN_EX, O_ASYNC. */
#define _GNU_SOURCE
#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "confine.h"
#include "filter_count.h"
#include "syscall_filter.h"
#include "files.h"

/* What a child does once confined: returns whether the call came out as it
 * should for a call that is allowed (a call that is not kills it first). */
typedef bool (*attempt_fn)(const char *path);

static char dir[64];
static char readable[128];
static char other[128];

static int make_files(void **state)
{
    (void)state;
    make_temp_dir(dir, sizeof(dir), "confine");
    snprintf(readable, sizeof(readable), "%s/plugin.so", dir);
    snprintf(other, sizeof(other), "%s/secret", dir);
    write_file(readable, "the plugin\n");
    write_file(other, "the opponent's book\n");
    return 0;
}

static int remove_files(void **state)
{
    (void)state;
    remove_tree(dir);
    return 0;
}

static bool filter_works(void)
{
    struct error err;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(tourney_syscall_filter_apply(SYSCALL_STAGE_LOADING, NULL, &err) == 0 ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

enum outcome { ALLOWED, KILLED };

/* Runs ATTEMPT in a child under the filter's stages up to LAST and checks
 * how it ended: exit 0 (ALLOWED, and the call did what it should) or killed
 * by SIGSYS. */
static void check(const char *what, enum syscall_stage last, attempt_fn attempt,
                  enum outcome expected)
{
    print_message("%s\n", what);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct error err;
        if (tourney_syscall_filter_apply(SYSCALL_STAGE_LOADING, NULL, &err) != 0 ||
            (last == SYSCALL_STAGE_PLAYING &&
             tourney_syscall_filter_apply(SYSCALL_STAGE_PLAYING, NULL, &err) != 0)) {
            _exit(2);
        }
        _exit(attempt(readable) ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (expected == ALLOWED) {
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    } else {
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), SIGSYS);
    }
}

static bool open_read(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    return fd >= 0 && close(fd) == 0;
}

static bool open_write(const char *path)
{
    return open(path, O_WRONLY) >= 0;
}

static bool open_truncate(const char *path)
{
    return open(path, O_RDONLY | O_TRUNC) >= 0;
}

static bool open_create(const char *path)
{
    char created[160];
    snprintf(created, sizeof(created), "%s.new", path);
    return open(created, O_RDONLY | O_CREAT, 0600) >= 0;
}

static bool truncate_path(const char *path)
{
    return truncate(path, 0) == 0;
}

static bool truncate_descriptor(const char *path)
{
    int fd = open(path, O_RDONLY);
    return fd >= 0 && ftruncate(fd, 0) == 0;
}

static bool set_owner(const char *path)
{
    (void)path;
    return fcntl(1, F_SETOWN, getppid()) == 0;
}

static bool set_owner_ex(const char *path)
{
    (void)path;
    struct f_owner_ex owner = {.type = F_OWNER_PID, .pid = getppid()};
    return fcntl(1, F_SETOWN_EX, &owner) == 0;
}

static bool set_signal(const char *path)
{
    (void)path;
    return fcntl(1, F_SETSIG, SIGKILL) == 0;
}

static bool set_async(const char *path)
{
    (void)path;
    return fcntl(1, F_SETFL, O_ASYNC | O_NONBLOCK) == 0;
}

static bool set_lease(const char *path)
{
    int fd = open(path, O_RDONLY);
    return fd >= 0 && fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
}

/* What stdio and the loader do: flags read and set, descriptors duplicated. */
static bool ordinary_fcntl(const char *path)
{
    int fd = open(path, O_RDONLY);
    int flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    int copy = flags >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 10) : -1;
    return copy >= 10 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 &&
           fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 && (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0;
}

/* Fails softly: "not a terminal". */
static bool ioctl_async(const char *path)
{
    (void)path;
    int on = 1;
    return ioctl(1, FIOASYNC, &on) == -1 && errno == ENOTTY;
}

static bool signal_parent(const char *path)
{
    (void)path;
    return kill(getppid(), 0) == 0;
}

static bool signal_self(const char *path)
{
    (void)path;
    return kill(getpid(), 0) == 0;
}

/* A futex word on the stack, waited on for at most 50 ms. */
static long futex_wait_briefly(int op)
{
    uint32_t word = 7;
    struct timespec wait = {0, 50000000};
    return syscall(SYS_futex, &word, op, word, &wait, NULL, 0);
}

/* Private: a real wait, which times out. */
static bool futex_private_wait(const char *path)
{
    (void)path;
    return futex_wait_briefly(FUTEX_WAIT_PRIVATE) == -1 && errno == ETIMEDOUT;
}

/* Shared (keyed by a file's page wherever it lies in one): refused at once
 * with EAGAIN, as when the word changed. */
static bool futex_shared_wait(const char *path)
{
    (void)path;
    return futex_wait_briefly(FUTEX_WAIT) == -1 && errno == EAGAIN &&
           futex_wait_briefly(FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME) == -1 && errno == EAGAIN;
}

/* A shared wake wakes nobody. */
static bool futex_shared_wake(const char *path)
{
    (void)path;
    uint32_t word = 0;
    return syscall(SYS_futex, &word, FUTEX_WAKE, 1, NULL, NULL, 0) == 0;
}

static bool futex_shared_requeue(const char *path)
{
    (void)path;
    uint32_t word = 0;
    uint32_t target = 0;
    return syscall(SYS_futex, &word, FUTEX_CMP_REQUEUE, 1, (void *)1, &target, 0) >= 0;
}

static bool new_process(const char *path)
{
    (void)path;
    pid_t pid = fork();
    if (pid == 0) {
        _exit(0);
    }
    return pid > 0;
}

static bool open_socket(const char *path)
{
    (void)path;
    return socket(AF_INET, SOCK_STREAM, 0) >= 0;
}

static bool run_program(const char *path)
{
    (void)path;
    char *const argv[] = {"true", NULL};
    execv("/bin/true", argv);
    return false;
}

static void test_the_loading_stage(void **state)
{
    (void)state;
    if (!filter_works()) {
        print_message("skipped: no seccomp filter here\n");
        return;
    }
    const enum syscall_stage loading = SYSCALL_STAGE_LOADING;
    check("open for reading", loading, open_read, ALLOWED);
    check("open for writing", loading, open_write, KILLED);
    check("open with O_TRUNC", loading, open_truncate, KILLED);
    check("open with O_CREAT", loading, open_create, KILLED);
    check("truncate", loading, truncate_path, KILLED);
    check("ftruncate", loading, truncate_descriptor, KILLED);
    check("fcntl F_SETOWN", loading, set_owner, KILLED);
    check("fcntl F_SETOWN_EX", loading, set_owner_ex, KILLED);
    check("fcntl F_SETSIG", loading, set_signal, KILLED);
    check("fcntl F_SETFL O_ASYNC", loading, set_async, KILLED);
    check("fcntl F_SETLEASE", loading, set_lease, KILLED);
    check("fcntl F_GETFL, F_SETFL, F_SETFD, F_DUPFD_CLOEXEC", loading, ordinary_fcntl, ALLOWED);
    check("ioctl FIOASYNC", loading, ioctl_async, ALLOWED);
    check("kill of the parent", loading, signal_parent, KILLED);
    check("kill of itself", loading, signal_self, ALLOWED);
    check("futex, private", loading, futex_private_wait, ALLOWED);
    check("futex wait, shared", loading, futex_shared_wait, ALLOWED);
    check("futex wake, shared", loading, futex_shared_wake, ALLOWED);
    check("futex requeue, shared", loading, futex_shared_requeue, KILLED);
    check("fork", loading, new_process, KILLED);
    check("socket", loading, open_socket, KILLED);
    check("execve", loading, run_program, KILLED);
    /* Nothing is left behind by the cases that were refused. */
    char created[160];
    snprintf(created, sizeof(created), "%s.new", readable);
    assert_int_equal(access(created, F_OK), -1);
    assert_file_is(readable, "the plugin\n");
}

static void test_the_playing_stage(void **state)
{
    (void)state;
    if (!filter_works()) {
        print_message("skipped: no seccomp filter here\n");
        return;
    }
    const enum syscall_stage playing = SYSCALL_STAGE_PLAYING;
    check("open for reading", playing, open_read, KILLED);
    check("fcntl F_SETOWN", playing, set_owner, KILLED);
    check("fcntl F_GETFL, F_SETFL, F_SETFD, F_DUPFD_CLOEXEC", playing, ordinary_fcntl, KILLED);
    check("ioctl FIOASYNC", playing, ioctl_async, ALLOWED);
    check("kill of itself", playing, signal_self, ALLOWED);
    check("futex, private", playing, futex_private_wait, ALLOWED);
    check("futex wait, shared", playing, futex_shared_wait, ALLOWED);
    check("kill of the parent", playing, signal_parent, KILLED);
}

/* What a plugin's constructor can do under the loading stage: a filter of
 * its own that answers every seccomp() with success, for the kernel. */
static int answer_for_the_kernel(void)
{
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_seccomp, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {.len = sizeof(code) / sizeof(code[0]), .filter = code};
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program);
}

/* A stage is on only when the kernel counts it: with a filter that answers
 * seccomp() for the kernel, installing the playing stage "succeeds" but
 * the count does not grow, and the check says so. From outside, a process
 * is checked against the count of filters it should have. */
static void test_the_count_of_filters(void **state)
{
    (void)state;
    if (!filter_works()) {
        print_message("skipped: no seccomp filter here\n");
        return;
    }
    int own = tourney_filter_count_of(0);
    assert_true(own >= 0);
    int ready[2];
    int release[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(release), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct error err;
        int count = 0;
        int status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
        if (tourney_syscall_filter_apply_checked(SYSCALL_STAGE_LOADING, NULL, status_fd, &count,
                                                 &err) != 0 ||
            count != own + 1) {
            _exit(2);
        }
        char byte = 'x';
        if (write(ready[1], &byte, 1) != 1 || read(release[0], &byte, 1) != 1) {
            _exit(3);
        }
        if (answer_for_the_kernel() != 0 || tourney_filter_count_read(status_fd) != own + 2) {
            _exit(4);
        }
        /* libseccomp believes it, the count does not. */
        if (tourney_syscall_filter_apply(SYSCALL_STAGE_PLAYING, NULL, &err) != 0) {
            _exit(5);
        }
        int status = tourney_syscall_filter_apply_checked(SYSCALL_STAGE_PLAYING, NULL, status_fd,
                                                          &count, &err);
        char expected[128];
        snprintf(expected, sizeof(expected),
                 "the kernel does not enforce the seccomp filter it was given (%d filters "
                 "before, %d after)",
                 own + 2, own + 2);
        _exit(status != 0 && strcmp(err.text, expected) == 0 ? 0 : 6);
    }
    char byte = 0;
    assert_int_equal(read(ready[0], &byte, 1), 1);
    struct error err;
    assert_int_equal(tourney_filter_count_expect(pid, 1, &err), 0);
    assert_int_equal(tourney_filter_count_expect(pid, 2, &err), -1);
    assert_string_equal(err.text, "the sandbox did not take effect: the kernel enforces 1 "
                                  "seccomp filters on the agent's process, not the sandbox's 2");
    assert_int_equal(write(release[1], &byte, 1), 1);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    close(ready[0]);
    close(ready[1]);
    close(release[0]);
    close(release[1]);
}

/* The one shared futex word a filter is given (the memory the agent host
 * shares with the runner) is waited on for real; any other shared wait is
 * refused at once. */
static void test_the_shared_futex_word(void **state)
{
    (void)state;
    if (!filter_works()) {
        print_message("skipped: no seccomp filter here\n");
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        static uint32_t word = 7;
        static uint32_t elsewhere_word = 7;
        struct error err;
        if (tourney_syscall_filter_apply(SYSCALL_STAGE_LOADING, &word, &err) != 0 ||
            tourney_syscall_filter_apply(SYSCALL_STAGE_PLAYING, &word, &err) != 0) {
            _exit(2);
        }
        struct timespec wait = {0, 50000000};
        long own = syscall(SYS_futex, &word, FUTEX_WAIT, word, &wait, NULL, 0);
        bool waited = own == -1 && errno == ETIMEDOUT;
        long elsewhere =
            syscall(SYS_futex, &elsewhere_word, FUTEX_WAIT, elsewhere_word, &wait, NULL, 0);
        bool refused = elsewhere == -1 && errno == EAGAIN;
        _exit(waited && refused ? 0 : 3);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* The child's verdict on one path: 0 read, 1 refused with EACCES, 2 else. */
static int read_verdict(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd >= 0) {
        close(fd);
        return 0;
    }
    return errno == EACCES ? 1 : 2;
}

static void test_landlock_reads_only_what_it_was_given(void **state)
{
    (void)state;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        const char *const paths[] = {readable};
        char why[160];
        struct error err;
        int abi = tourney_confine_landlock(paths, 1, why, sizeof(why), &err);
        if (abi <= 0) {
            _exit(abi == 0 ? 77 : 3);
        }
        /* The given file reads; another beside it does not; nothing
         * writes, not even the given file; the loader's cache reads. */
        int verdicts = read_verdict(readable) * 1 + read_verdict(other) * 3 +
                       (open(readable, O_WRONLY) < 0 && errno == EACCES ? 0 : 9) +
                       read_verdict("/etc/ld.so.cache") * 27;
        _exit(verdicts == 3 ? 0 : 10 + verdicts);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77) {
        print_message("skipped: this kernel has no Landlock\n");
        return;
    }
    assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_loading_stage),
        cmocka_unit_test(test_the_playing_stage),
        cmocka_unit_test(test_the_count_of_filters),
        cmocka_unit_test(test_the_shared_futex_word),
        cmocka_unit_test(test_landlock_reads_only_what_it_was_given),
    };
    return cmocka_run_group_tests_name("confine", tests, make_files, remove_files);
}
