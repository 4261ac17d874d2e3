/*
 * bench/isolation_bench.c - what running each agent in a process of its own
 * costs per move: first-open against random on 3x3 tic-tac-toe, GAMES games
 * with the seats alternating, played by the runner's referee (executor.c)
 * once with both agents in the runner (isolation = none) and once with each
 * in its own agent process (isolation = process, sandbox on), the two
 * processes started once and reused for every game, as in one pairing of a
 * tournament. The agents take a microsecond a move, so the difference is the
 * price of isolation: a request and a reply over a socket per move, plus the
 * agent's create and destroy per game and the start of the two processes,
 * all spread over the moves. Prints the median of RUNS runs of each, in
 * microseconds per move, and their ratio; and what starting, loading and
 * stopping one agent process takes, which a tournament pays for each agent
 * of each new pairing. A measurement, never a pass/fail test.
 *
 * Usage: isolation-bench [games [runs]]   (default 2000 games, 5 runs)
 */
/* Linux interfaces: sched_setaffinity, sched_getcpu, the futex call. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "executor.h"
#include "game_adapter.h"
#include "host_path.h"
#include "local_seat.h"
#include "plugin.h"
#include "probe.h"
#include "process_seat.h"
#include "rng.h"

#define DEFAULT_GAMES 2000
#define DEFAULT_RUNS 5
#define MAX_RUNS 101

struct bench {
    struct plugin game_plugin;
    struct game_adapter game;
    struct tourney_param_value game_params[3];
    struct plugin agents[2]; /* first-open, random */
    struct match_rules rules;
    char *host;
    struct isolation_limits limits;
    struct process_settings settings;
    struct resting_processes resting; /* as a seat pool's (agent_process.h) */
};

static int open_plugins(struct bench *b)
{
    struct error err;
    static const char *const agents[2] = {TOURNEY_BENCH_AGENT_DIR "/first-open.so",
                                          TOURNEY_BENCH_AGENT_DIR "/random.so"};
    if (tourney_plugin_open(&b->game_plugin, TOURNEY_BENCH_GAME_DIR "/mnk.so", TOURNEY_KIND_GAME,
                            &err) != 0) {
        fprintf(stderr, "isolation-bench: %s\n", err.text);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        if (tourney_plugin_open(&b->agents[i], agents[i], TOURNEY_KIND_AGENT, &err) != 0) {
            fprintf(stderr, "isolation-bench: %s\n", err.text);
            return -1;
        }
    }
    for (int i = 0; i < 3; i++) {
        b->game_params[i].i = 3;
    }
    if (tourney_game_adapter_init(&b->game, &b->game_plugin, b->game_params, &err) != 0) {
        fprintf(stderr, "isolation-bench: %s\n", err.text);
        return -1;
    }
    b->rules = (struct match_rules){
        .game = &b->game, .move_ns = UINT64_C(1000000000), .setup_ns = UINT64_C(1000000000)};
    b->host = tourney_agent_host_path(TOURNEY_BENCH_BUILD_ROOT "/bench/isolation-bench");
    tourney_config_default_limits(&b->limits);
    b->settings = (struct process_settings){
        .host_path = b->host,
        .limits = &b->limits,
        .sandbox = true,
        .resting = &b->resting,
        .game_path = b->game_plugin.path,
        .game_params = b->game_params,
        .game_param_count = 3,
    };
    return b->host != NULL ? 0 : -1;
}

static void close_plugins(struct bench *b)
{
    tourney_game_adapter_finish(&b->game);
    for (int i = 0; i < 2; i++) {
        tourney_plugin_close(&b->agents[i]);
    }
    tourney_plugin_close(&b->game_plugin);
    free(b->host);
}

/* Plays GAMES games and returns the microseconds per move, or a negative
 * number when a game did not end normally. */
static double run_once(struct bench *b, bool isolated, int games)
{
    struct local_seat local[2];
    struct process_seat process[2];
    struct seat seats[2];
    for (int i = 0; i < 2; i++) {
        seats[i] =
            isolated ? tourney_process_seat(&process[i], &b->settings, b->agents[i].path, NULL, 0)
                     : tourney_local_seat(&local[i], b->agents[i].agent, NULL);
    }
    uint64_t moves = 0;
    bool all_normal = true;
    uint64_t start = tourney_now_ns();
    for (int g = 0; g < games && all_normal; g++) {
        /* Seats alternate, as in a tournament's mini-matches. */
        struct seat order[2] = {seats[g % 2], seats[1 - g % 2]};
        struct scheduled_game scheduled = {.index = (uint32_t)g,
                                           .agent = {(uint32_t)(g % 2), (uint32_t)(1 - g % 2)},
                                           .seed = tourney_game_seed(2026, (uint64_t)g)};
        struct game_record record;
        tourney_record_init(&record);
        struct error error;
        tourney_error_clear(&error);
        if (tourney_play_game(&b->rules, order, &scheduled, &record, &error) != 0 ||
            record.termination != TERMINATION_NORMAL) {
            fprintf(stderr, "isolation-bench: game %d: %s%s\n", g, error.text, record.reason);
            all_normal = false;
        }
        moves += record.move_count;
        tourney_record_finish(&record);
    }
    for (int i = 0; isolated && i < 2; i++) {
        tourney_process_seat_finish(&process[i]);
    }
    uint64_t elapsed = tourney_now_ns() - start;
    return all_normal && moves > 0 ? (double)elapsed / 1000.0 / (double)moves : -1.0;
}

/* Milliseconds to start an agent process, load a plugin in it (with the
 * limits, and the sandbox or, with SANDBOX false, the view of the file
 * system of its own that replaces it) and have it quit: what a new pairing
 * costs each of its two agents. */
static double start_once(struct bench *b, bool sandbox)
{
    const struct probe_options options = {
        .host_path = b->host,
        .memory_bytes = b->limits.memory_bytes,
        .output_limit = b->limits.output_limit_bytes,
        .try_sandbox = sandbox,
    };
    uint64_t start = tourney_now_ns();
    struct plugin plugin;
    struct error err;
    if (tourney_plugin_probe(&plugin, b->agents[0].path, TOURNEY_KIND_AGENT, &options, NULL,
                             &err) != 0) {
        fprintf(stderr, "isolation-bench: %s\n", err.text);
        return -1.0;
    }
    tourney_plugin_close(&plugin);
    return (double)(tourney_now_ns() - start) / 1e6;
}

/* With ONE_CPU, this process and the ones it forks from now on run on the
 * processor it runs on now, as processor_share.c holds a quick agent on
 * the runner's; without, on every processor SAVED lists. */
static void hold(bool one_cpu, const cpu_set_t *saved)
{
    if (!one_cpu) {
        sched_setaffinity(0, sizeof(*saved), saved);
        return;
    }
    int cpu = sched_getcpu();
    cpu_set_t here;
    CPU_ZERO(&here);
    CPU_SET(cpu < 0 ? 0 : cpu, &here);
    sched_setaffinity(0, sizeof(here), &here);
}

/* Microseconds of one bare request and reply between two processes over a
 * socket pair, waited for with poll as the runner does: the floor under
 * the cost of isolation on this machine. With ONE_CPU, both on one
 * processor (see hold). */
static double round_trip_once(bool one_cpu)
{
    enum { TRIPS = 20000 };
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) {
        return -1.0;
    }
    cpu_set_t saved;
    sched_getaffinity(0, sizeof(saved), &saved);
    hold(one_cpu, &saved);
    pid_t echo = fork();
    if (echo == 0) {
        close(pair[0]);
        char byte[64];
        while (read(pair[1], byte, sizeof(byte)) > 0 && write(pair[1], byte, 40) == 40) {
        }
        _exit(0);
    }
    close(pair[1]);
    char buffer[64] = {0};
    uint64_t start = tourney_now_ns();
    for (int i = 0; echo > 0 && i < TRIPS; i++) {
        struct pollfd ready = {.fd = pair[0], .events = POLLIN};
        if (send(pair[0], buffer, 40, MSG_NOSIGNAL) != 40 || poll(&ready, 1, -1) != 1 ||
            recv(pair[0], buffer, sizeof(buffer), 0) <= 0) {
            break;
        }
    }
    uint64_t elapsed = tourney_now_ns() - start;
    close(pair[0]);
    if (echo > 0) {
        waitpid(echo, NULL, 0);
    }
    hold(false, &saved);
    return echo > 0 ? (double)elapsed / 1000.0 / TRIPS : -1.0;
}

static void futex_wait(_Atomic uint32_t *word, uint32_t value)
{
    syscall(SYS_futex, word, FUTEX_WAIT, value, NULL, NULL, 0);
}

static void futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0);
}

/* Microseconds of one bare request and reply through a word in memory two
 * processes share, each sleeping on it (futex) until the other's wake-up:
 * what a shared-memory channel that never waits awake would cost, the
 * floor under it. The word counts the turns: odd, a request is out; even,
 * it was answered. With ONE_CPU, both on one processor (see hold). */
static double futex_trip_once(bool one_cpu)
{
    enum { TRIPS = 20000 };
    void *shared =
        mmap(NULL, sizeof(uint32_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        return -1.0;
    }
    _Atomic uint32_t *word = shared;
    atomic_store(word, 0);
    cpu_set_t saved;
    sched_getaffinity(0, sizeof(saved), &saved);
    hold(one_cpu, &saved);
    pid_t echo = fork();
    if (echo == 0) {
        for (uint32_t expected = 1; expected < 2 * TRIPS; expected += 2) {
            uint32_t seen;
            while ((seen = atomic_load(word)) < expected) {
                futex_wait(word, seen);
            }
            atomic_store(word, expected + 1);
            futex_wake(word);
        }
        _exit(0);
    }
    uint64_t start = tourney_now_ns();
    for (uint32_t i = 0; echo > 0 && i < TRIPS; i++) {
        uint32_t request = 2 * i + 1;
        atomic_store(word, request);
        futex_wake(word);
        while (atomic_load(word) == request) {
            futex_wait(word, request);
        }
    }
    uint64_t elapsed = tourney_now_ns() - start;
    if (echo > 0) {
        waitpid(echo, NULL, 0);
    }
    hold(false, &saved);
    munmap(shared, sizeof(uint32_t));
    return echo > 0 ? (double)elapsed / 1000.0 / TRIPS : -1.0;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof(*values), compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : DEFAULT_GAMES;
    int runs = argc > 2 ? atoi(argv[2]) : DEFAULT_RUNS;
    if (argc > 3 || games < 2 || runs < 1 || runs > MAX_RUNS) {
        fprintf(stderr, "usage: isolation-bench [games >= 2 [runs 1..%d]]\n", MAX_RUNS);
        return 2;
    }
    struct bench b;
    memset(&b, 0, sizeof(b));
    if (open_plugins(&b) != 0) {
        close_plugins(&b);
        return 1;
    }
    double in_process[MAX_RUNS];
    double isolated[MAX_RUNS];
    double starts[MAX_RUNS];
    double starts_unsandboxed[MAX_RUNS];
    double trips[MAX_RUNS];
    double trips_one_cpu[MAX_RUNS];
    double futex_trips[MAX_RUNS];
    double futex_trips_one_cpu[MAX_RUNS];
    int status = 0;
    /* Interleaved, so that a slow spell of the machine hits both alike. */
    for (int r = 0; r < runs && status == 0; r++) {
        in_process[r] = run_once(&b, false, games);
        isolated[r] = run_once(&b, true, games);
        starts[r] = start_once(&b, true);
        starts_unsandboxed[r] = start_once(&b, false);
        trips[r] = round_trip_once(false);
        trips_one_cpu[r] = round_trip_once(true);
        futex_trips[r] = futex_trip_once(false);
        futex_trips_one_cpu[r] = futex_trip_once(true);
        status = in_process[r] < 0 || isolated[r] < 0 || starts[r] < 0 ||
                         starts_unsandboxed[r] < 0 || trips[r] < 0 || trips_one_cpu[r] < 0 ||
                         futex_trips[r] < 0 || futex_trips_one_cpu[r] < 0
                     ? 1
                     : 0;
    }
    if (status == 0) {
        double none = median(in_process, runs);
        double process = median(isolated, runs);
        printf("first-open vs random, 3x3, %d games, median of %d runs\n", games, runs);
        printf("  isolation = none     %9.3f us/move\n", none);
        printf("  isolation = process  %9.3f us/move (sandbox on)\n", process);
        printf("  ratio                %9.1f x\n", process / none);
        printf("  cost of isolation    %9.3f us/move\n", process - none);
        printf("  for scale, a bare request and reply between two processes:\n");
        printf("    socket pair and poll   %9.3f us (one processor: %.3f us)\n",
               median(trips, runs), median(trips_one_cpu, runs));
        printf("    shared word and futex  %9.3f us (one processor: %.3f us)\n",
               median(futex_trips, runs), median(futex_trips_one_cpu, runs));
        printf("  start, load and stop an agent process: %.3f ms\n", median(starts, runs));
        printf("    without the sandbox (its own view of the files): %.3f ms\n",
               median(starts_unsandboxed, runs));
    }
    close_plugins(&b);
    return status;
}
