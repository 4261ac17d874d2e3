/*
 * The job pool with made-up games: whatever the number of workers and
 * however long each game takes, games are delivered once each, in order,
 * each with its log line whole (some far longer than one read), skipping
 * those the plan does not play; a worker killed while playing is replaced
 * and its game played again; a game that kills two workers fails the pool; a failure of the runner
 * in a worker stops it with its reason; the stop flag stops dealing and delivers what was dealt; a
 * game whose agent was stopped from outside is no result when the stop flag follows, and counts as
 * played when it does not.
 */
#include "test.h"

#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "job_pool.h"
#include "warning_stream.h"
#include "text.h"

#define GAMES 200

struct fake {
    uint64_t delivered[GAMES];
    size_t count;
    unsigned flushes;
    volatile sig_atomic_t stop;
    size_t stop_after;     /* set stop after this many deliveries; 0: never */
    uint64_t crash_game;   /* the game whose first players die */
    int crashes;           /* how many workers it kills */
    char markers[2][64];   /* created by the workers it killed */
    uint64_t failing_game; /* the game whose play fails; GAMES for none */
    int idle_fd;           /* where a worker writes its pid each time it goes idle; -1 */
    uint64_t claimed_game; /* the game whose agent was stopped from outside; GAMES for none */
    uint64_t window_ns;    /* how long the pool waits for the stop flag after it */
    bool signal_runner;    /* its worker sends the runner SIGUSR1 as it is stopped */
};

/* Set by SIGUSR1 to the runner (this process): a signal handler reaches
 * nothing else. */
static volatile sig_atomic_t runner_signalled;

static void on_runner_signal(int signal_number)
{
    runner_signalled = signal_number;
}

/* Every game but those with g mod 5 = 3, as if they were in the log. */
static uint64_t next_game(void *context, uint64_t from)
{
    (void)context;
    while (from < GAMES && from % 5 == 3) {
        from++;
    }
    return from;
}

static int worker_init(void *context)
{
    (void)context;
    return 0;
}

static void worker_finish(void *context)
{
    (void)context;
}

static void worker_idle(void *context)
{
    struct fake *f = context;
    pid_t self = getpid();
    if (f->idle_fd >= 0 && write(f->idle_fd, &self, sizeof(self)) != (ssize_t)sizeof(self)) {
        abort();
    }
}

/* Game GAME's line: some short, some far longer than a read (up to 300 kB),
 * of text that differs along its length, so that a reply cut or pieced
 * together wrongly shows. */
static char *line_of(uint64_t game)
{
    size_t length = game % 9 == 0 ? 100000 * (game % 4) : (size_t)(game * 37 % 500);
    char *pad = malloc(length + 1);
    if (pad == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < length; i++) {
        pad[i] = (char)('a' + (i * 7 + game) % 26);
    }
    pad[length] = '\0';
    char *line = tourney_format("{\"game\":%llu,\"pad\":\"%s\"}\n", (unsigned long long)game, pad);
    free(pad);
    return line;
}

static int play(void *context, uint64_t game, struct game_record *record, char **line,
                struct error *err)
{
    struct fake *f = context;
    for (int i = 0; game == f->crash_game && i < f->crashes; i++) {
        int fd = open(f->markers[i], O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd >= 0) {
            close(fd);
            raise(SIGKILL);
        }
    }
    if (game == f->failing_game) {
        return tourney_error_set(err, "the disk is on fire at game %llu",
                                 (unsigned long long)game);
    }
    /* Some games take longer, so that games finish out of order. */
    if (game % 7 == 0) {
        struct timespec pause = {0, 2000000L};
        nanosleep(&pause, NULL);
    }
    record->index = (uint32_t)game;
    *line = line_of(game);
    if (*line == NULL) {
        return -1;
    }
    if (game == f->claimed_game) {
        if (f->signal_runner) {
            kill(getppid(), SIGUSR1);
        }
        tourney_error_set(err, "game %llu was stopped: an agent was killed by SIGTERM",
                          (unsigned long long)game);
        return SIGTERM;
    }
    return 0;
}

static int deliver(void *context, const char *line, struct error *err)
{
    struct fake *f = context;
    (void)err;
    /* The line arrives whole, as the worker made it. */
    unsigned long long game = 0;
    assert_int_equal(sscanf(line, "{\"game\":%llu,", &game), 1);
    char *expected = line_of(game);
    assert_non_null(expected);
    assert_string_equal(line, expected);
    free(expected);
    assert_true(f->count < GAMES);
    f->delivered[f->count++] = game;
    if (f->stop_after != 0 && f->count == f->stop_after) {
        f->stop = 1;
    }
    return 0;
}

static int flush(void *context, struct error *err)
{
    struct fake *f = context;
    (void)err;
    f->flushes++;
    return 0;
}

static uint64_t due(void *context)
{
    (void)context;
    return UINT64_MAX;
}

static int tick(void *context, struct error *err)
{
    (void)context;
    (void)err;
    return 0;
}

static void init_fake(struct fake *f)
{
    memset(f, 0, sizeof(*f));
    f->crash_game = GAMES;
    f->failing_game = GAMES;
    f->idle_fd = -1;
    f->claimed_game = GAMES;
    for (int i = 0; i < 2; i++) {
        snprintf(f->markers[i], sizeof(f->markers[i]), "/tmp/tourney-pool-XXXXXX");
        int fd = mkstemp(f->markers[i]);
        assert_true(fd >= 0);
        close(fd);
        unlink(f->markers[i]);
    }
}

static void finish_fake(struct fake *f)
{
    for (int i = 0; i < 2; i++) {
        unlink(f->markers[i]);
    }
}

/* Runs the pool with JOBS workers; its notes go to NOTES. They are kept off
 * the heap, so that a failed assertion leaks nothing into the workers the
 * next test forks (valgrind would count it against them). */
static enum job_outcome run_pool(struct fake *f, unsigned jobs, struct error *error,
                                 char (*notes)[512])
{
    memset(*notes, 0, sizeof(*notes));
    FILE *err = fmemopen(*notes, sizeof(*notes) - 1, "w");
    assert_non_null(err);
    setvbuf(err, NULL, _IONBF, 0);
    struct warning_stream notes_stream;
    warning_stream_init(&notes_stream, err, "tourney");
    const struct job_plan plan = {
        .jobs = jobs,
        .games = GAMES,
        .next = next_game,
        .worker_init = worker_init,
        .play = play,
        .worker_finish = worker_finish,
        .worker_idle = worker_idle,
        .deliver = deliver,
        .flush = flush,
        .due = due,
        .tick = tick,
        .context = f,
        .stop = f->signal_runner ? &runner_signalled : &f->stop,
        .outside_window_ns = f->window_ns,
        .warn = &notes_stream.warn,
    };
    enum job_outcome outcome = tourney_job_pool_run(&plan, error);
    fclose(err);
    return outcome;
}

/* F delivered games FROM, FROM + 1, ... (those played) in order, COUNT of them. */
static void assert_delivered_in_order(const struct fake *f, size_t count)
{
    assert_int_equal(f->count, count);
    uint64_t game = next_game(NULL, 0);
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(f->delivered[i], game);
        game = next_game(NULL, game + 1);
    }
}

/* A worker goes idle (and stops the agent processes it left running, in
 * the runner) after each task it played, in the worker: at least once per
 * worker that played, at most once per game. */
static void test_workers_say_when_they_go_idle(void **state)
{
    (void)state;
    struct fake f;
    init_fake(&f);
    int idle[2];
    assert_int_equal(pipe(idle), 0);
    f.idle_fd = idle[1];
    struct error error;
    char notes[512];
    assert_int_equal(run_pool(&f, 2, &error, &notes), JOBS_COMPLETE);
    close(idle[1]);
    pid_t pids[GAMES];
    size_t count = 0;
    while (count < GAMES && read(idle[0], &pids[count], sizeof(pids[0])) == sizeof(pids[0])) {
        assert_true(pids[count] != getpid());
        count++;
    }
    close(idle[0]);
    assert_true(count >= 1);
    assert_true(count <= f.count);
}

static void test_in_order_for_any_number_of_jobs(void **state)
{
    (void)state;
    for (unsigned jobs = 1; jobs <= 4; jobs++) {
        struct fake f;
        init_fake(&f);
        struct error error;
        char notes[512];
        assert_int_equal(run_pool(&f, jobs, &error, &notes), JOBS_COMPLETE);
        assert_string_equal(notes, "");
        assert_delivered_in_order(&f, GAMES - GAMES / 5);
        assert_true(f.flushes >= 1);
        finish_fake(&f);
    }
}

static void test_a_dead_worker_is_replaced(void **state)
{
    (void)state;
    struct fake f;
    init_fake(&f);
    f.crash_game = 10;
    f.crashes = 1;
    struct error error;
    char notes[512];
    assert_int_equal(run_pool(&f, 3, &error, &notes), JOBS_COMPLETE);
    assert_string_equal(notes, "tourney: a worker process killed by SIGKILL while playing game "
                               "10; playing it again\n");
    assert_delivered_in_order(&f, GAMES - GAMES / 5);
    finish_fake(&f);
}

static void test_a_game_that_kills_two_workers_fails(void **state)
{
    (void)state;
    struct fake f;
    init_fake(&f);
    f.crash_game = 10;
    f.crashes = 2;
    struct error error;
    char notes[512];
    assert_int_equal(run_pool(&f, 2, &error, &notes), JOBS_FAILED);
    assert_string_equal(error.text,
                        "game 10 ended two worker processes (the second killed by "
                        "SIGKILL); with isolation = none an agent that crashes ends the "
                        "process that plays it, where isolation = process would make it "
                        "lose only its game");
    assert_string_equal(notes, "tourney: a worker process killed by SIGKILL while playing game "
                               "10; playing it again\n");
    /* Finished games are kept, each once, and game 10 never: those whose
     * predecessors had all finished in order, then the rest salvaged after
     * the failure, in order too. Which games had finished depends on how the
     * workers were scheduled (a game before 10 may still have been playing
     * on the other worker), so the whole is only known to be increasing. */
    for (size_t i = 0; i < f.count; i++) {
        assert_int_not_equal(f.delivered[i], 10);
        assert_int_equal(next_game(NULL, f.delivered[i]), f.delivered[i]);
        assert_true(i == 0 || f.delivered[i] > f.delivered[i - 1]);
    }
    finish_fake(&f);
}

static void test_a_failure_in_a_worker_fails_the_pool(void **state)
{
    (void)state;
    struct fake f;
    init_fake(&f);
    f.failing_game = 42;
    struct error error;
    char notes[512];
    assert_int_equal(run_pool(&f, 2, &error, &notes), JOBS_FAILED);
    assert_string_equal(error.text, "the disk is on fire at game 42");
    for (size_t i = 0; i < f.count; i++) {
        assert_int_not_equal(f.delivered[i], 42);
    }
    finish_fake(&f);
}

static void test_stop_delivers_what_was_dealt(void **state)
{
    (void)state;
    struct fake f;
    init_fake(&f);
    f.stop_after = 20;
    struct error error;
    char notes[512];
    assert_int_equal(run_pool(&f, 2, &error, &notes), JOBS_STOPPED);
    /* Every game dealt was played and delivered, in order, and no more. */
    assert_true(f.count >= 20 && f.count < GAMES - GAMES / 5);
    assert_delivered_in_order(&f, f.count);
    finish_fake(&f);
}

/* An agent process that says it was stopped from outside. When nothing
 * stops the runner, the game is delivered as played (the agent's loss, in
 * the runner) once the window has passed, and the pool goes on. When the
 * runner is asked to stop too (the worker signals it, as a job's end
 * would), with a window long enough never to pass, the game is no result,
 * nothing after it is delivered (the 8 games before it are), and the pool
 * says it will be played again. */
static void test_a_stop_from_outside_needs_the_runners_own(void **state)
{
    (void)state;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_runner_signal;
    sigemptyset(&action.sa_mask);
    assert_int_equal(sigaction(SIGUSR1, &action, NULL), 0);
    for (int signalled = 0; signalled <= 1; signalled++) {
        for (unsigned jobs = 1; jobs <= 2; jobs++) {
            struct fake f;
            init_fake(&f);
            f.claimed_game = 10;
            f.signal_runner = signalled;
            f.window_ns = signalled ? UINT64_C(600000000000) : UINT64_C(20000000);
            runner_signalled = 0;
            struct error error;
            char notes[512];
            enum job_outcome outcome = run_pool(&f, jobs, &error, &notes);
            if (signalled) {
                assert_int_equal(outcome, JOBS_STOPPED);
                assert_string_equal(notes, "tourney: game 10 was stopped: an agent was killed "
                                           "by SIGTERM; it will be played again\n");
                assert_delivered_in_order(&f, 8);
            } else {
                assert_int_equal(outcome, JOBS_COMPLETE);
                assert_string_equal(notes, "");
                assert_delivered_in_order(&f, GAMES - GAMES / 5);
            }
            finish_fake(&f);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_order_for_any_number_of_jobs),
        cmocka_unit_test(test_workers_say_when_they_go_idle),
        cmocka_unit_test(test_a_dead_worker_is_replaced),
        cmocka_unit_test(test_a_game_that_kills_two_workers_fails),
        cmocka_unit_test(test_a_failure_in_a_worker_fails_the_pool),
        cmocka_unit_test(test_stop_delivers_what_was_dealt),
        cmocka_unit_test(test_a_stop_from_outside_needs_the_runners_own),
    };
    return cmocka_run_group_tests_name("job_pool", tests, NULL, NULL);
}
