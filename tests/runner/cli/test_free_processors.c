/*
 * The processors free as a run starts and the warning when a run plays more
 * games at once: /proc/stat's line read, the median of the looks, the
 * variable that replaces the measure, and the warning's exact words for
 * counts given, so that no test depends on the machine's load.
 */
#define _GNU_SOURCE
#include "test.h"

#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "free_processors.h"

static const char proc_stat[] = "cpu  4705 356 584 3699176 23060 0 277 0 0 0\n"
                                "cpu0 1393280 32966 572056 13343292 6130 0 17875 0 0 0\n"
                                "intr 1462898 0 9 0\n"
                                "ctxt 115315\n"
                                "btime 1769000000\n"
                                "processes 8734\n"
                                "procs_running 3\n"
                                "procs_blocked 0\n"
                                "softirq 1 2 3\n";

static void test_running_read_from_proc_stat(void **state)
{
    (void)state;
    unsigned running = 99;
    assert_true(tourney_free_processors_running(proc_stat, &running));
    assert_int_equal(running, 3);
    assert_true(tourney_free_processors_running("procs_running 17", &running));
    assert_int_equal(running, 17);
    /* Nothing else is taken for it, and *RUNNING is left alone. */
    running = 99;
    assert_false(tourney_free_processors_running("", &running));
    assert_false(tourney_free_processors_running("procs_blocked 3\n", &running));
    assert_false(tourney_free_processors_running("xprocs_running 3\n", &running));
    assert_false(tourney_free_processors_running("procs_running\n", &running));
    assert_false(tourney_free_processors_running("procs_running x\n", &running));
    assert_false(tourney_free_processors_running("procs_running 3 4\n", &running));
    assert_false(
        tourney_free_processors_running("procs_running 99999999999999999999\n", &running));
    assert_int_equal(running, 99);
}

/* Usable less the others running (the lower median of the looks, this
 * process not counted), never below 0. */
static void test_free_from_looks(void **state)
{
    (void)state;
    const unsigned idle[] = {1, 1, 1, 1, 1};
    assert_int_equal(tourney_free_processors_of(2, idle, 5), 2);
    const unsigned one_busy[] = {3, 1, 2, 2, 9};
    assert_int_equal(tourney_free_processors_of(2, one_busy, 5), 1);
    const unsigned loaded[] = {7, 5, 6, 9, 8};
    assert_int_equal(tourney_free_processors_of(2, loaded, 5), 0);
    assert_int_equal(tourney_free_processors_of(16, loaded, 5), 10);
    /* A passing task in one look of two is not a busy processor. */
    const unsigned passing[] = {2, 1};
    assert_int_equal(tourney_free_processors_of(2, passing, 2), 2);
    /* A look that could not see this process still leaves it usable. */
    const unsigned none[] = {0};
    assert_int_equal(tourney_free_processors_of(4, none, 1), 4);
    assert_int_equal(tourney_free_processors_of(4, NULL, 0), 4);
}

static void test_told(void **state)
{
    (void)state;
    unsigned free = 77;
    assert_true(tourney_free_processors_told("3", &free));
    assert_int_equal(free, 3);
    assert_true(tourney_free_processors_told("0", &free));
    assert_int_equal(free, 0);
    assert_true(tourney_free_processors_told("4096", &free));
    assert_int_equal(free, 4096);
    free = 77;
    const char *refused[] = {
        NULL, "", "-1", " 2", "2 ", "2x", "+2", "4097", "99999999999999999999"};
    for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
        assert_false(tourney_free_processors_told(refused[i], &free));
    }
    assert_int_equal(free, 77);
}

static void assert_warning(unsigned jobs, struct free_processors f, const char *expected)
{
    char text[512];
    memset(text, 'x', sizeof(text));
    text[sizeof(text) - 1] = '\0';
    bool said = tourney_free_processors_warning(jobs, &f, text, sizeof(text));
    if (expected == NULL) {
        assert_false(said);
        assert_int_equal(strspn(text, "x"), sizeof(text) - 1); /* nothing written */
    } else {
        assert_true(said);
        assert_string_equal(text, expected);
    }
}

static void test_warning(void **state)
{
    (void)state;
    struct free_processors measured = {.known = true, .usable = 2, .free = 1};
    assert_warning(2, measured,
                   "jobs = 2, but 1 processor of 2 is free as the run starts (the others are "
                   "busy): an agent waiting for a processor spends its time per move waiting, "
                   "and may go over its budget or lose on time; use --jobs 1 or an idle machine");
    assert_warning(1, measured, NULL);
    measured.free = 2;
    assert_warning(2, measured, NULL);
    measured.free = 0;
    assert_warning(1, measured,
                   "jobs = 1, but 0 processors of 2 are free as the run starts (the others are "
                   "busy): an agent waiting for a processor spends its time per move waiting, "
                   "and may go over its budget or lose on time; use an idle machine");
    struct free_processors told = {.known = true, .told = true, .usable = 8, .free = 3};
    assert_warning(4, told,
                   "jobs = 4, but 3 processors of 8 are free as the run starts (as "
                   "TOURNEY_FREE_PROCESSORS says): an agent waiting for a processor spends its "
                   "time per move waiting, and may go over its budget or lose on time; use "
                   "--jobs 3 or an idle machine");
    assert_warning(3, told, NULL);
    struct free_processors unknown = {.known = false, .usable = 2, .free = 0};
    assert_warning(256, unknown, NULL);
}

/* The variable replaces the measure; without it, the processors usable are
 * this process's affinity: one when it is pinned to one. */
static void test_measure(void **state)
{
    (void)state;
    struct free_processors f = tourney_free_processors_measure("5");
    assert_true(f.known);
    assert_true(f.told);
    assert_int_equal(f.free, 5);

    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        if (sched_getaffinity(0, sizeof(one), &one) != 0) {
            _exit(1);
        }
        int first = 0;
        while (!CPU_ISSET(first, &one)) {
            first++;
        }
        CPU_ZERO(&one);
        CPU_SET(first, &one);
        if (sched_setaffinity(0, sizeof(one), &one) != 0) {
            _exit(2);
        }
        /* A value that is not a number is ignored: measured. */
        struct free_processors pinned = tourney_free_processors_measure("many");
        _exit(pinned.known && !pinned.told && pinned.usable == 1 && pinned.free <= 1 ? 0 : 3);
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);

    cpu_set_t mine;
    assert_int_equal(sched_getaffinity(0, sizeof(mine), &mine), 0);
    f = tourney_free_processors_measure(NULL);
    assert_true(f.known);
    assert_false(f.told);
    assert_int_equal(f.usable, (unsigned)CPU_COUNT(&mine));
    assert_true(f.free <= f.usable);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_running_read_from_proc_stat),
        cmocka_unit_test(test_free_from_looks),
        cmocka_unit_test(test_told),
        cmocka_unit_test(test_warning),
        cmocka_unit_test(test_measure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
