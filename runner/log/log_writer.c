/* Linux and glibc interfaces: close_range, futex. */
#define _GNU_SOURCE
#include "log_writer.h"

#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "write_all.h"

/* Shared by the runner and the writer. HEAD and TAIL count bytes from the
 * start and never wrap; a byte's place in DATA is its count modulo the
 * capacity. */
struct log_ring {
    _Atomic uint64_t head; /* appended by the runner */
    _Atomic uint64_t tail; /* written to the file by the writer */
    _Atomic int error;     /* the errno of the writer's failed write or flush; 0 */
    /* 1 once the runner is done: write everything, flush, exit. A futex
     * word: the writer naps on it, so the runner's last word wakes it. */
    _Atomic uint32_t closing;
    unsigned char data[];
};

static struct timespec span(uint64_t ns)
{
    return (struct timespec){.tv_sec = (time_t)(ns / 1000000000),
                             .tv_nsec = (long)(ns % 1000000000)};
}

static void nap(uint64_t ns)
{
    struct timespec wait = span(ns);
    nanosleep(&wait, NULL);
}

/* The writer's nap: NS at most, over as the runner says it is done (a
 * run's end does not wait out a nap of up to LOG_WRITER_NAP_MAX_NS). */
static void writer_nap(struct log_ring *ring, uint64_t ns)
{
    struct timespec wait = span(ns);
    syscall(SYS_futex, &ring->closing, FUTEX_WAIT, 0, &wait, NULL, 0);
}

/* Closes every descriptor but FD and KEEP_FD: the writer must not keep the
 * runner's pipes or agents' sockets open past the runner's end. */
static void close_others(int fd, int keep_fd)
{
    int low = fd < keep_fd || keep_fd < 0 ? fd : keep_fd;
    int high = fd < keep_fd ? keep_fd : fd;
    if (low > 0) {
        close_range(0, (unsigned)low - 1, 0);
    }
    if (high > low + 1) {
        close_range((unsigned)low + 1, (unsigned)high - 1, 0);
    }
    close_range((unsigned)high + 1, ~0u, 0);
}

/* Writes what the ring holds from TAIL on, as far as it goes before the
 * end of DATA. Returns the new tail, or 0 with the ring's error set. */
static uint64_t write_some(struct log_ring *ring, size_t capacity, int fd, uint64_t tail,
                           uint64_t head)
{
    size_t at = (size_t)(tail % capacity);
    size_t count = (size_t)(head - tail);
    if (count > capacity - at) {
        count = capacity - at;
    }
    for (;;) {
        ssize_t written = write(fd, ring->data + at, count);
        if (written > 0) {
            return tail + (uint64_t)written;
        }
        if (written < 0 && errno == EINTR) {
            continue;
        }
        atomic_store(&ring->error, written < 0 ? errno : EIO);
        return 0;
    }
}

/* The signals a terminal or a stop sends the whole group, which the writer
 * ignores: it ends when the runner does. */
static const int ignored[] = {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE, SIGTSTP};

static _Noreturn void writer_main(struct log_ring *ring, size_t capacity, int fd, pid_t runner,
                                  uint64_t sync_interval_ns, const sigset_t *mask)
{
    for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) {
        signal(ignored[i], SIG_IGN);
    }
    sigprocmask(SIG_SETMASK, mask, NULL); /* what came meanwhile is dropped */
    uint64_t tail = atomic_load(&ring->tail);
    uint64_t synced_ns = tourney_now_ns();
    bool dirty = false;
    uint64_t nap_ns = LOG_WRITER_NAP_MIN_NS;
    for (;;) {
        uint64_t head = atomic_load_explicit(&ring->head, memory_order_acquire);
        if (head != tail) {
            tail = write_some(ring, capacity, fd, tail, head);
            if (tail == 0) {
                _exit(1);
            }
            atomic_store_explicit(&ring->tail, tail, memory_order_release);
            dirty = true;
            nap_ns = LOG_WRITER_NAP_MIN_NS;
        }
        /* The runner sets CLOSING after its last HEAD: seen closing, the
         * ring is looked at once more before the end. */
        bool done = atomic_load(&ring->closing) || getppid() != runner;
        if (done && atomic_load_explicit(&ring->head, memory_order_acquire) != tail) {
            continue;
        }
        uint64_t now = tourney_now_ns();
        if (dirty && (done || now - synced_ns >= sync_interval_ns)) {
            if (fdatasync(fd) != 0) {
                atomic_store(&ring->error, errno);
                _exit(1);
            }
            dirty = false;
            synced_ns = now;
        }
        if (done) {
            _exit(0);
        }
        if (head == tail) {
            writer_nap(ring, nap_ns);
            nap_ns = nap_ns * 2 > LOG_WRITER_NAP_MAX_NS ? LOG_WRITER_NAP_MAX_NS : nap_ns * 2;
        } else {
            writer_nap(ring, LOG_WRITER_NAP_MIN_NS); /* lines come: let more gather */
        }
    }
}

int tourney_log_writer_start(struct log_writer *w, int fd, const char *path, int keep_fd,
                             uint64_t sync_interval_ns, struct error *err)
{
    memset(w, 0, sizeof(*w));
    w->fd = fd;
    w->path = path;
    w->capacity = LOG_RING_BYTES;
    struct log_ring *ring = mmap(NULL, sizeof(*ring) + w->capacity, PROT_READ | PROT_WRITE,
                                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (ring == MAP_FAILED) {
        return tourney_error_set_errno(err, "cannot set up the writing of %s", path);
    }
    pid_t runner = getpid();
    /* Blocked across the fork, so that the writer ignores them from its
     * first instruction on. */
    sigset_t blocked;
    sigset_t mask;
    sigemptyset(&blocked);
    for (size_t i = 0; i < sizeof(ignored) / sizeof(ignored[0]); i++) {
        sigaddset(&blocked, ignored[i]);
    }
    sigprocmask(SIG_BLOCK, &blocked, &mask);
    pid_t pid = fork();
    if (pid == 0) {
        close_others(fd, keep_fd);
        writer_main(ring, w->capacity, fd, runner, sync_interval_ns, &mask);
    }
    sigprocmask(SIG_SETMASK, &mask, NULL);
    if (pid < 0) {
        munmap(ring, sizeof(*ring) + w->capacity);
        return tourney_error_set_errno(err, "cannot start the writer of %s", path);
    }
    w->ring = ring;
    w->pid = pid;
    return 0;
}

/* The writer's failure, as a message naming the file. */
static int failed(struct log_writer *w, struct error *err)
{
    int error = atomic_load(&w->ring->error);
    if (error != 0) {
        return tourney_error_set(err, "cannot append to %s: %s", w->path, strerror(error));
    }
    return tourney_error_set(err, "cannot append to %s: its writer process ended", w->path);
}

/* Whether the writer still runs; reaps it when it does not. */
static bool writer_alive(struct log_writer *w)
{
    if (w->pid <= 0) {
        return false;
    }
    pid_t got;
    while ((got = waitpid(w->pid, NULL, WNOHANG)) < 0 && errno == EINTR) {
    }
    if (got == 0) {
        return true;
    }
    w->pid = 0;
    return false;
}

/* Waits until the ring has room for LENGTH bytes (all of it, for 0 when
 * LENGTH is larger than the ring). Returns -1 when the writer failed. */
static int wait_for_room(struct log_writer *w, size_t length, uint64_t head, struct error *err)
{
    size_t wanted = length > w->capacity ? w->capacity : length;
    for (;;) {
        if (atomic_load(&w->ring->error) != 0) {
            return failed(w, err);
        }
        uint64_t tail = atomic_load_explicit(&w->ring->tail, memory_order_acquire);
        if (w->capacity - (size_t)(head - tail) >= wanted) {
            return 0;
        }
        if (!writer_alive(w)) {
            return failed(w, err);
        }
        nap(LOG_ROOM_NAP_NS);
    }
}

/* A line longer than the ring: written here once the writer wrote all
 * before it (the writer writes only what the ring holds, so the two never
 * write at once), and flushed at once, as the writer would have. */
static int write_directly(struct log_writer *w, const char *text, size_t length, struct error *err)
{
    if (tourney_write_all(w->fd, text, length) != 0 || fdatasync(w->fd) != 0) {
        return tourney_error_set(err, "cannot append to %s: %s", w->path,
                                 errno != 0 ? strerror(errno) : "short write");
    }
    return 0;
}

int tourney_log_writer_append(struct log_writer *w, const char *text, size_t length,
                              struct error *err)
{
    uint64_t head = atomic_load_explicit(&w->ring->head, memory_order_relaxed);
    if (wait_for_room(w, length, head, err) != 0) {
        return -1;
    }
    if (length > w->capacity) {
        return write_directly(w, text, length, err);
    }
    size_t at = (size_t)(head % w->capacity);
    size_t first = length < w->capacity - at ? length : w->capacity - at;
    memcpy(w->ring->data + at, text, first);
    memcpy(w->ring->data, text + first, length - first);
    atomic_store_explicit(&w->ring->head, head + length, memory_order_release);
    return 0;
}

static void unmap(struct log_writer *w)
{
    munmap(w->ring, sizeof(*w->ring) + w->capacity);
    w->ring = NULL;
}

int tourney_log_writer_finish(struct log_writer *w, struct error *err)
{
    if (w->ring == NULL) {
        return 0;
    }
    atomic_store(&w->ring->closing, 1);
    syscall(SYS_futex, &w->ring->closing, FUTEX_WAKE, 1, NULL, NULL, 0);
    int status = 0;
    if (w->pid > 0) {
        while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {
        }
        w->pid = 0;
    }
    int result = 0;
    if (atomic_load(&w->ring->error) != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        atomic_load(&w->ring->tail) != atomic_load(&w->ring->head)) {
        result = failed(w, err);
    }
    unmap(w);
    return result;
}

void tourney_log_writer_forget(struct log_writer *w)
{
    if (w->ring != NULL) {
        unmap(w);
    }
    w->pid = 0;
}
