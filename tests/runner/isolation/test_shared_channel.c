/*
 * The memory an agent host shares with the runner: sealed at its size,
 * bytes through each ring in order across its wrap, counts the other side
 * could have written refused, a sleeper woken only for what it waits for,
 * and a host (a forked child here) asleep on its futex woken by a request.
 */
/* Linux interfaces: file seals. */
#define _GNU_SOURCE
#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shared_channel.h"

struct both {
    struct channel_memory *memory;
    int fd;
    struct channel_end runner_requests, runner_replies;
    struct channel_end host_requests, host_replies;
};

static void open_both(struct both *b)
{
    struct error err;
    b->memory = tourney_channel_create(&b->fd, &err);
    assert_non_null(b->memory);
    tourney_channel_ends(b->memory, &b->runner_requests, &b->runner_replies);
    tourney_channel_ends(b->memory, &b->host_requests, &b->host_replies);
}

static void close_both(struct both *b)
{
    tourney_channel_unmap(b->memory);
    close(b->fd);
}

static void test_sealed_at_its_size(void **state)
{
    (void)state;
    struct both b;
    open_both(&b);
    /* Shrunk, the runner's next look at it would fault. */
    assert_int_equal(ftruncate(b.fd, 0), -1);
    assert_int_equal(errno, EPERM);
    assert_int_equal(ftruncate(b.fd, 2 * (off_t)sizeof(struct channel_memory)), -1);
    assert_int_equal(errno, EPERM);
    /* And the seals cannot be changed. */
    assert_int_equal(fcntl(b.fd, F_ADD_SEALS, F_SEAL_WRITE), -1);
    assert_int_equal(errno, EPERM);
    /* Another process maps it by its descriptor. */
    struct channel_memory *again = tourney_channel_map(b.fd);
    assert_non_null(again);
    tourney_channel_unmap(again);
    assert_null(tourney_channel_map(STDIN_FILENO));
    close_both(&b);
}

static void fill(unsigned char *bytes, size_t length, unsigned seed)
{
    for (size_t i = 0; i < length; i++) {
        bytes[i] = (unsigned char)((i * 7 + seed) % 251);
    }
}

static void test_bytes_in_order_across_the_wrap(void **state)
{
    (void)state;
    struct both b;
    open_both(&b);
    static unsigned char sent[3 * CHANNEL_RING_SIZE];
    static unsigned char got[3 * CHANNEL_RING_SIZE];
    fill(sent, sizeof(sent), 3);
    size_t put = 0;
    size_t taken = 0;
    assert_false(tourney_channel_readable(&b.host_requests));
    assert_int_equal(tourney_channel_get(&b.host_requests, got, sizeof(got)), 0);
    /* A ring's worth goes in, and no more. */
    assert_int_equal(tourney_channel_put(&b.runner_requests, sent, sizeof(sent)),
                     CHANNEL_RING_SIZE);
    put += CHANNEL_RING_SIZE;
    assert_false(tourney_channel_writable(&b.runner_requests));
    assert_int_equal(tourney_channel_put(&b.runner_requests, sent + put, 1), 0);
    assert_true(tourney_channel_readable(&b.host_requests));
    /* Read in uneven pieces while more is written, round the ring twice. */
    while (taken < sizeof(got)) {
        long n = tourney_channel_get(&b.host_requests, got + taken, 40000);
        assert_true(n > 0);
        taken += (size_t)n;
        if (put < sizeof(sent)) {
            long m = tourney_channel_put(&b.runner_requests, sent + put, sizeof(sent) - put);
            assert_true(m >= 0);
            put += (size_t)m;
        }
    }
    assert_int_equal(put, sizeof(sent));
    assert_memory_equal(got, sent, sizeof(sent));
    assert_true(tourney_channel_writable(&b.runner_requests));
    assert_false(tourney_channel_readable(&b.host_requests));
    /* The other way the same. */
    assert_int_equal(tourney_channel_put(&b.host_replies, sent, 1000), 1000);
    assert_int_equal(tourney_channel_get(&b.runner_replies, got, sizeof(got)), 1000);
    assert_memory_equal(got, sent, 1000);
    close_both(&b);
}

static void test_counts_written_by_the_other_side_refused(void **state)
{
    (void)state;
    struct both b;
    open_both(&b);
    unsigned char bytes[64] = {0};
    /* The host says it read more than was ever written. */
    atomic_store(&b.memory->to_agent.read, UINT32_C(1) << 30);
    assert_int_equal(tourney_channel_put(&b.runner_requests, bytes, sizeof(bytes)), -1);
    /* Or that it wrote more than the ring holds, or less than was read. */
    atomic_store(&b.memory->to_runner.written, CHANNEL_RING_SIZE + 1);
    assert_int_equal(tourney_channel_get(&b.runner_replies, bytes, sizeof(bytes)), -1);
    atomic_store(&b.memory->to_runner.written, UINT32_MAX);
    assert_int_equal(tourney_channel_get(&b.runner_replies, bytes, sizeof(bytes)), -1);
    /* A whole ring's worth is possible. */
    atomic_store(&b.memory->to_runner.written, CHANNEL_RING_SIZE);
    assert_int_equal(tourney_channel_get(&b.runner_replies, bytes, sizeof(bytes)), sizeof(bytes));
    close_both(&b);
}

static void test_sleeper_woken_for_what_it_waits_for(void **state)
{
    (void)state;
    struct both b;
    open_both(&b);
    _Atomic uint32_t *word = &b.memory->agent_sleeping;
    assert_false(tourney_channel_take_sleeper(word, CHANNEL_WAITS_DATA));
    tourney_channel_announce_sleep(word, CHANNEL_WAITS_DATA);
    /* Reading its reply does not wake a host that waits for a request. */
    assert_false(tourney_channel_take_sleeper(word, CHANNEL_WAITS_ROOM));
    assert_int_equal(atomic_load(word), CHANNEL_WAITS_DATA);
    assert_true(tourney_channel_take_sleeper(word, CHANNEL_WAITS_DATA));
    assert_int_equal(atomic_load(word), 0);
    assert_false(tourney_channel_take_sleeper(word, CHANNEL_WAITS_DATA));
    tourney_channel_announce_sleep(word, CHANNEL_WAITS_DATA | CHANNEL_WAITS_ROOM);
    assert_true(tourney_channel_take_sleeper(word, CHANNEL_WAITS_ROOM));
    close_both(&b);
}

/* Polls CONDITION every millisecond for up to 10 s. */
#define WAIT_FOR(condition)                                                 \
    do {                                                                    \
        for (int waited_ = 0; !(condition) && waited_ < 10000; waited_++) { \
            nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);        \
        }                                                                   \
        assert_true(condition);                                             \
    } while (0)

static void test_sleeping_host_woken_by_a_request(void **state)
{
    (void)state;
    struct both b;
    open_both(&b);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        /* The host: sleeps until a request comes, echoes it reversed. */
        unsigned char request[5];
        size_t got = 0;
        while (got < sizeof(request)) {
            long n = tourney_channel_get(&b.host_requests, request + got, sizeof(request) - got);
            if (n < 0) {
                _exit(3);
            }
            got += (size_t)n;
            if (n == 0) {
                tourney_channel_announce_sleep(&b.memory->agent_sleeping, CHANNEL_WAITS_DATA);
                if (!tourney_channel_readable(&b.host_requests)) {
                    tourney_channel_host_sleep(b.memory, CHANNEL_WAITS_DATA);
                }
                atomic_store(&b.memory->agent_sleeping, 0);
            }
        }
        unsigned char reply[5];
        for (size_t i = 0; i < sizeof(reply); i++) {
            reply[i] = request[sizeof(request) - 1 - i];
        }
        _exit(tourney_channel_put(&b.host_replies, reply, sizeof(reply)) == 5 ? 0 : 4);
    }
    /* Asleep on its futex (or about to be: the word is set first). */
    WAIT_FOR(atomic_load(&b.memory->agent_sleeping) == CHANNEL_WAITS_DATA);
    nanosleep(&(struct timespec){.tv_nsec = 20000000}, NULL);
    assert_int_equal(tourney_channel_put(&b.runner_requests, "abcde", 5), 5);
    assert_true(tourney_channel_take_sleeper(&b.memory->agent_sleeping, CHANNEL_WAITS_DATA));
    tourney_channel_wake_host(b.memory);
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char reply[6] = {0};
    assert_int_equal(tourney_channel_get(&b.runner_replies, reply, 5), 5);
    assert_string_equal(reply, "edcba");
    close_both(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sealed_at_its_size),
        cmocka_unit_test(test_bytes_in_order_across_the_wrap),
        cmocka_unit_test(test_counts_written_by_the_other_side_refused),
        cmocka_unit_test(test_sleeper_woken_for_what_it_waits_for),
        cmocka_unit_test(test_sleeping_host_woken_by_a_request),
    };
    return cmocka_run_group_tests_name("shared_channel", tests, NULL, NULL);
}
