/*
 * Agents in processes of their own, through the real binary: each agent of
 * the zoo (tests/plugins/zoo_*.c) misbehaves in one way in the middle of
 * its games; the tournament goes on (exit 0), every one of its games ends
 * with the right termination charged to it, and the games it did not play
 * are exactly those of a tournament where a well-behaved agent took its
 * place. Also: a plugin that exits while it loads is refused by name, and
 * isolation = none plays the very same games as isolation = process.
 *
 * The confinement (the "confinement" group, which TOURNEY_E2E_GROUP =
 * confinement runs alone, as e2e.isolation-unprivileged does as an
 * unprivileged user): agents that make the kernel signal the runner or
 * another process through fcntl, constructors that kill the runner, empty
 * a file, leave a process behind, open a socket or read a file, an agent
 * that thinks on its opponent's time, one that takes more CPU time than
 * its limit, and replies that come after the hard limit while the runner
 * is kept from reading them in time.
 */
/* Linux interfaces: unshare and the namespace flags. */
#define _GNU_SOURCE
#include "test.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "binary.h"

/* AddressSanitizer builds run agents without an address-space limit (its
 * shadow memory needs terabytes of it), so the memory test cannot run. */
#if defined(__SANITIZE_ADDRESS__)
#define HAVE_ADDRESS_LIMIT 0
#else
#define HAVE_ADDRESS_LIMIT 1
#endif

/* The three agents: BAD first, then first-open and random; 2 games per
 * pair, so BAD plays games 0 to 3 and games 4 and 5 are first-open
 * against random. The margin is a second unless MARGIN_MS says otherwise:
 * the hard limit of a move is then far enough over the budget that only an
 * agent that hangs reaches it, however loaded the machine. */
static void write_config(const char *path, const char *bad, const char *extra, int margin_ms)
{
    write_file(path,
               "[tournament]\nname = zoo\nseed = 7\ngames_per_pair = 2\ntime_per_move_ms = 50\n"
               "time_margin_ms = %d\nagent_memory_mb = 128\n%s\n"
               "[game]\nplugin = mnk\n"
               "[agent bad]\nplugin = %s/%s.so\n"
               "[agent first-open]\nplugin = first-open\n"
               "[agent random]\nplugin = random\n",
               margin_ms > 0 ? margin_ms : 1000, extra ? extra : "", TOURNEY_TEST_PLUGIN_DIR, bad);
}

/* Plays BAD against first-open and random into RUN's new directory; the
 * configuration's own directory is gone when it returns. */
static void play_zoo(struct run *run, const char *bad, const char *extra, int margin_ms)
{
    struct run config_dir;
    make_run_dir(&config_dir, "zoo");
    char config[128];
    snprintf(config, sizeof(config), "%s/zoo.ini", config_dir.dir);
    write_config(config, bad, extra, margin_ms);
    play(run, config);
    remove_tree(config_dir.dir);
}

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* A game as the rules played it: who, the moves and how it ended. */
static char *essence(json_t *game)
{
    static const char *const keys[] = {"first",  "second",      "seed", "moves",
                                       "result", "termination", "nodes"};
    json_t *kept = json_object();
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        json_object_set(kept, keys[i], json_object_get(game, keys[i]));
    }
    char *text = json_dumps(kept, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(kept);
    return text;
}

struct zoo_case {
    const char *plugin;      /* in tests/plugins, without .so */
    const char *extra;       /* more [tournament] settings */
    const char *termination; /* of each of its games: "normal" when it survives */
    const char *reason;      /* in the reason of each of its games, or NULL */
    const char *output;      /* in its output excerpt, or NULL */
    const char *log;         /* a message of its in every game, or NULL */
    bool needs_address_limit;
};

static const struct zoo_case cases[] = {
    {"zoo_segfault", NULL, "crash", "killed by SIGSEGV at ply ", NULL, NULL, false},
    {"zoo_abort", NULL, "crash", "killed by SIGABRT at ply ", NULL, NULL, false},
    {"zoo_exit", NULL, "early_exit", "exited with status 0 at ply ", NULL, NULL, false},
    {"zoo_loop", NULL, "time_forfeit",
     "no answer within 1050 ms (the budget of 50 ms plus the margin of 1000 ms) at ply ", NULL,
     NULL, false},
    {"zoo_sleep", NULL, "time_forfeit", "no answer within 1050 ms", NULL, NULL, false},
    {"zoo_memory", NULL, "memory_limit", "ran out of its 128 MiB of address space at ply ", NULL,
     NULL, true},
    {"zoo_memory_checked", NULL, "memory_limit", "choose_move failed with status -2 at ply ", NULL,
     NULL, true},
    {"zoo_flood", NULL, "output_limit", "printed more than its limit of 64 KiB at ply ",
     "all work and no play makes a dull agent\n", NULL, false},
    {"zoo_fork", NULL, "sandbox_violation", ": it made a system call the sandbox forbids", NULL,
     NULL, false},
    {"zoo_fork", "sandbox = false", "normal", NULL, NULL, NULL, false},
    {"zoo_open_file", NULL, "sandbox_violation", "killed by SIGSYS at ply ", NULL, NULL, false},
    {"zoo_open_file", "sandbox = false", "normal", NULL, NULL, NULL, false},
    {"zoo_write_file", NULL, "sandbox_violation", "killed by SIGSYS at ply ", NULL, NULL, false},
    /* Without the sandbox, the file-size limit stops it. */
    {"zoo_write_file", "sandbox = false", "sandbox_violation", "killed by SIGXFSZ at ply ", NULL,
     NULL, false},
    {"zoo_garbage", NULL, "protocol_error", "magic number", NULL, NULL, false},
    /* It writes into the memory it shares with the runner (shared_channel.h):
     * the runner refuses the counts it wrote, and stays up. Only without
     * the sandbox can it find the memory by name. */
    {"zoo_channel", "sandbox = false", "protocol_error", "counts of the runner's", NULL, NULL,
     false},
    /* Nothing of the runner is open in an agent process: only its stdin,
     * stdout, stderr, the socket to the runner, /proc/self/status and the
     * eventfd that wakes the runner (the shared memory's descriptor is
     * closed once mapped: shared_channel.h). */
    {"zoo_descriptors", NULL, "normal", NULL, NULL, "open descriptors: 0 1 2 3 4 5", false},
    {"zoo_descriptors", "sandbox = false", "normal", NULL, NULL, "open descriptors: 0 1 2 3 4 5",
     false},
    /* Threads are allowed, in the sandbox too. */
    {"zoo_threads", NULL, "normal", NULL, NULL, NULL, false},
    /* Held on the runner's processor while its replies are quick, it has
     * every processor back once it thinks (processor_share.h). */
    {"zoo_processors", NULL, "normal", NULL, "processors kept", NULL, false},
};

/* Plays C with moves given MARGIN_MS past their budget (0: a second) and
 * checks its games. */
static void check_zoo(const struct zoo_case *c, json_t *reference, int margin_ms)
{
    struct run run;
    print_message("%s%s%s\n", c->plugin, c->extra ? ", " : "", c->extra ? c->extra : "");
    play_zoo(&run, c->plugin, c->extra, margin_ms);
    json_t *summary = load_summary(&run);
    json_t *terminations = json_object_get(summary, "terminations");
    bool faulty = strcmp(c->termination, "normal") != 0;
    /* Its 4 games end its way; nothing else went wrong. */
    assert_int_equal(get_int(terminations, c->termination), faulty ? 4 : 6);
    if (faulty) {
        assert_int_equal(get_int(terminations, "normal"), 2);
    }
    size_t i;
    json_t *agent;
    json_t *agents = json_object_get(summary, "agents");
    assert_true(json_is_array(agents));
    assert_int_equal(json_array_size(agents), 3);
    json_array_foreach(agents, i, agent)
    {
        bool bad = strcmp(text_of(agent, "name"), "bad") == 0;
        /* A count for each termination but "normal", all 0 but the zoo's. */
        json_t *faults = json_object_get(agent, "faults");
        assert_true(json_is_object(faults));
        assert_int_equal(json_object_size(faults), 10);
        if (faulty) {
            assert_int_equal(get_int(faults, c->termination), bad ? 4 : 0);
        }
        const char *key;
        json_t *count;
        json_object_foreach(faults, key, count)
        {
            bool expected = bad && faulty && strcmp(key, c->termination) == 0;
            assert_true(json_is_integer(count));
            assert_int_equal(json_integer_value(count), expected ? 4 : 0);
        }
        if (bad && faulty) {
            assert_int_equal(get_int(json_object_get(agent, "all"), "losses"), 4);
        }
    }
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    json_t *game;
    json_array_foreach(games, i, game)
    {
        if (i >= 4) {
            /* first-open against random: as if the zoo had stayed home. */
            char *got = essence(game);
            char *expected = essence(json_array_get(reference, i));
            assert_string_equal(got, expected);
            free(got);
            free(expected);
            continue;
        }
        assert_string_equal(text_of(game, "termination"), c->termination);
        if (faulty) {
            assert_string_equal(text_of(game, "fault"), "bad");
            assert_string_equal(text_of(game, "winner"),
                                i % 2 == 0 ? text_of(game, "second") : text_of(game, "first"));
        }
        if (c->reason != NULL && strstr(text_of(game, "reason"), c->reason) == NULL) {
            print_error("%s, game %zu: reason '%s' lacks '%s'\n", c->plugin, i,
                        text_of(game, "reason"), c->reason);
            fail();
        }
        const char *output = text_of(json_object_get(game, "output"), "bad");
        if (c->output != NULL) {
            assert_non_null(strstr(output, c->output));
            assert_true(strlen(output) <= 1024);
        } else {
            assert_string_equal(output, "");
        }
        if (c->log != NULL) {
            json_t *first = json_array_get(json_object_get(game, "log"), 0);
            assert_string_equal(text_of(first, "agent"), "bad");
            assert_string_equal(text_of(first, "message"), c->log);
        }
    }
    json_decref(games);
    json_decref(summary);
    remove_tree(run.dir);
}

static void check_case(const struct zoo_case *c, json_t *reference)
{
    /* Filling 128 MiB can take a loaded machine more than the 1050 ms every
     * other case allows a move; the memory cases are about memory, not
     * time, so they are given 5 s. */
    check_zoo(c, reference, c->needs_address_limit ? 5000 : 0);
}

static bool namespaces_available(void);

static void test_the_zoo(void **state)
{
    (void)state;
    /* The same tournament with a well-behaved agent in the zoo's place. */
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    bool namespaces = namespaces_available();
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (cases[i].needs_address_limit && !HAVE_ADDRESS_LIMIT) {
            continue;
        }
        /* With namespaces, an agent without the sandbox cannot open a file
         * for writing at all (its file system is read-only: e2e.unsandboxed);
         * the file-size limit is what stops it without them. */
        if (namespaces && strcmp(cases[i].plugin, "zoo_write_file") == 0 &&
            cases[i].extra != NULL) {
            continue;
        }
        check_case(&cases[i], games);
    }
    json_decref(games);
    remove_tree(reference.dir);
}

static void test_exit_while_loading(void **state)
{
    (void)state;
    struct run run = {0};
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "zoo");
    char config[128];
    snprintf(config, sizeof(config), "%s/zoo.ini", dir);
    write_config(config, "zoo_exit_on_load", NULL, 0);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "%s:12: cannot load agent plugin '%s/zoo_exit_on_load.so': "
             "%s/zoo_exit_on_load.so: the plugin ended the process that loaded it (exited with "
             "status 0)",
             config, TOURNEY_TEST_PLUGIN_DIR, TOURNEY_TEST_PLUGIN_DIR);
    /* validate and run refuse it by name; the runner itself lives on to say so. */
    const char *validate[] = {"validate", config, NULL};
    run_tourney(&run, validate);
    assert_int_equal(run.status, 2);
    assert_file_has(run.err, expected);
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));
    const char *play_it[] = {"run", config, NULL};
    run_tourney(&run, play_it);
    assert_int_equal(run.status, 2);
    assert_file_has(run.err, expected);
    assert_file_has(run.err, "nothing was played");
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));

    /* The listing names it and lists the rest. */
    const char *agents[] = {"agents", NULL};
    run_tourney(&run, agents);
    assert_int_equal(run.status, 0);
    assert_file_has(run.err, "zoo_exit_on_load.so: the plugin ended the process that "
                             "loaded it (exited with status 0)");
    assert_file_has(run.err, "built for tourney ABI 2.0");
    assert_file_has(run.out, "\nrandom\n");
    assert_file_has(run.out, "\nsegfault\n");
    remove_tree(run.dir);

    /* A wrong ABI is told the same way from the agent process. */
    memset(&run, 0, sizeof(run));
    write_config(config, "wrong_abi", NULL, 0);
    run_tourney(&run, validate);
    assert_int_equal(run.status, 2);
    assert_file_has(run.err, "wrong_abi.so: built for tourney ABI 2.0, but this runner "
                             "speaks ABI 1.2");
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A copy of CONFIG in DIR named NAME with LINE added to [tournament]; its
 * openings, a path relative to CONFIG_DIR, made absolute. */
static void config_copy(const char *config, const char *dir, const char *name, const char *line,
                        char *copy, size_t size)
{
    snprintf(copy, size, "%s/%s", dir, name);
    char section[128];
    snprintf(section, sizeof(section), "[tournament]\n%s", line);
    copy_edited(config, copy, "[tournament]\n", section);
    char *text = slurp(copy);
    bool relative = strstr(text, "\nopenings = openings/") != NULL;
    free(text);
    if (relative) {
        copy_edited(copy, copy, "\nopenings = openings/", "\nopenings = " CONFIG_DIR "/openings/");
    }
}

static void test_same_games_in_both_modes(void **state)
{
    (void)state;
    static const char *const configs[] = {CONFIG_DIR "/classic.ini", CONFIG_DIR "/depths.ini"};
    for (size_t i = 0; i < 2; i++) {
        char dir[64];
        make_temp_dir(dir, sizeof(dir), "modes");
        /* The hard limit of a move is far away: a slow machine (a
         * sanitizer build under load) must not turn a long full-depth
         * search into a time forfeit that only the isolated run has. */
        char isolated_config[128];
        char in_process_config[128];
        config_copy(configs[i], dir, "isolated.ini", "time_margin_ms = 600000\n", isolated_config,
                    sizeof(isolated_config));
        config_copy(configs[i], dir, "in-process.ini", "isolation = none\n", in_process_config,
                    sizeof(in_process_config));
        struct run isolated;
        struct run in_process;
        play(&isolated, isolated_config);
        play(&in_process, in_process_config);
        size_t lines_isolated = 0;
        size_t lines_in_process = 0;
        char *a = games_without_times(&isolated, &lines_isolated);
        char *b = games_without_times(&in_process, &lines_in_process);
        assert_true(lines_isolated > 0);
        assert_int_equal(lines_isolated, lines_in_process);
        assert_string_equal(a, b);
        free(a);
        free(b);
        remove_tree(isolated.dir);
        remove_tree(in_process.dir);
        remove_tree(dir);
    }
}

/* --- The confinement ------------------------------------------------- */

/* Whether this kernel lets this user make the namespaces agent processes
 * get (the runner falls back to none where it does not). */
static bool namespaces_available(void)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        _exit(unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET) == 0 ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static bool landlock_available(void)
{
    /* landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) */
    return syscall(444, NULL, 0, 1U) >= 1;
}

/* A process of the user's that nobody should be able to signal: it waits
 * until it is killed. */
static pid_t start_bystander(void)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        for (;;) {
            pause();
        }
    }
    return pid;
}

static bool still_running(pid_t pid)
{
    int status = 0;
    return waitpid(pid, &status, WNOHANG) == 0;
}

static void end_bystander(pid_t pid)
{
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
}

/* An agent's process is kept between games whoever it plays: BAD plays
 * first-open in games 0 and 1 and random in 2 and 3, and its process sees
 * all four (a process per pairing saw 1, 2, 1, 2). One job, so that one
 * runner plays them all. */
static void test_processes_kept_between_pairings(void **state)
{
    (void)state;
    struct run run;
    play_zoo(&run, "zoo_count", "jobs = 1", 0);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    for (size_t i = 0; i < 4; i++) {
        json_t *game = json_array_get(games, i);
        char expected[64];
        snprintf(expected, sizeof(expected), "game %zu in this process\n", i + 1);
        assert_string_equal(text_of(json_object_get(game, "output"), "bad"), expected);
    }
    json_decref(games);
    remove_tree(run.dir);
}

/* What an agent logs as it answers a move is recorded at that move's ply:
 * its messages go on the socket, its replies through the memory it shares
 * with the runner, and the runner takes the socket's first. */
static void test_messages_at_the_ply_they_were_logged(void **state)
{
    (void)state;
    struct run run;
    play_zoo(&run, "zoo_log_moves", "jobs = 1", 0);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    for (size_t i = 0; i < 4; i++) {
        json_t *game = json_array_get(games, i);
        assert_string_equal(text_of(game, "termination"), "normal");
        /* Its moves from ply 2 on: every other ply, from its seat's. */
        bool first = strcmp(text_of(game, "first"), "bad") == 0;
        size_t moves = json_array_size(json_object_get(game, "moves"));
        size_t expected = 0;
        for (size_t ply = first ? 2 : 3; ply < moves; ply += 2) {
            expected++;
        }
        json_t *log = json_object_get(game, "log");
        assert_int_equal(json_array_size(log), expected);
        size_t k;
        json_t *entry;
        json_array_foreach(log, k, entry)
        {
            char message[32];
            snprintf(message, sizeof(message), "ply %lld",
                     (long long)json_integer_value(json_object_get(entry, "ply")));
            assert_string_equal(text_of(entry, "agent"), "bad");
            assert_string_equal(text_of(entry, "message"), message);
        }
    }
    json_decref(games);
    remove_tree(run.dir);
}

/* An agent makes the kernel signal a process for it: it names the process
 * as the owner of its stdout (fcntl F_SETOWN, F_SETOWN_EX, F_SETSIG, the
 * ioctl FIOSETOWN), asks for signals (O_ASYNC) and prints; as the runner
 * drains the pipe the kernel would signal the runner, or a process of the
 * user's. The filter kills it at the first such fcntl (sandbox_violation);
 * the ioctl fails softly; without the filter, its PID namespace leaves it
 * no process outside to name. The runner and the bystander live on. */
static void test_fcntl_signals(void **state)
{
    (void)state;
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    pid_t bystander = start_bystander();
    char bystander_pid[24];
    snprintf(bystander_pid, sizeof(bystander_pid), "%ld", (long)bystander);
    static const char forbidden[] = "killed by SIGSYS at ply ";
    static const char printed[] = "signalling through stdout\n";
    static const struct {
        const char *how;
        bool at_runner; /* else at the bystander */
        const char *extra;
        const char *termination;
        const char *reason;
        const char *output;
        bool needs_namespaces;
    } attacks[] = {
        {"setown", true, NULL, "sandbox_violation", forbidden, NULL, false},
        {"setsig", true, NULL, "sandbox_violation", forbidden, NULL, false},
        {"setown_ex", true, NULL, "sandbox_violation", forbidden, NULL, false},
        {"async", true, NULL, "sandbox_violation", forbidden, NULL, false},
        {"setown", false, NULL, "sandbox_violation", forbidden, NULL, false},
        {"setsig", false, NULL, "sandbox_violation", forbidden, NULL, false},
        {"setown_ex", false, NULL, "sandbox_violation", forbidden, NULL, false},
        {"ioctl", false, NULL, "normal", NULL, printed, false},
        {"setsig", true, "sandbox = false", "normal", NULL, printed, true},
        {"setown", false, "sandbox = false", "normal", NULL, printed, true},
        {"setown_ex", false, "sandbox = false", "normal", NULL, printed, true},
    };
    bool namespaces = namespaces_available();
    for (size_t i = 0; i < sizeof(attacks) / sizeof(attacks[0]); i++) {
        if (attacks[i].needs_namespaces && !namespaces) {
            print_message("skipped without namespaces: %s\n", attacks[i].how);
            continue;
        }
        print_message("fcntl %s at the %s\n", attacks[i].how,
                      attacks[i].at_runner ? "runner" : "bystander");
        setenv("TOURNEY_ZOO_FCNTL", attacks[i].how, 1);
        setenv("TOURNEY_ZOO_TARGET", attacks[i].at_runner ? "runner" : bystander_pid, 1);
        const struct zoo_case c = {"zoo_fcntl_signal",
                                   attacks[i].extra,
                                   attacks[i].termination,
                                   attacks[i].reason,
                                   attacks[i].output,
                                   NULL,
                                   false};
        check_case(&c, games);
        assert_true(still_running(bystander));
    }
    unsetenv("TOURNEY_ZOO_FCNTL");
    unsetenv("TOURNEY_ZOO_TARGET");
    end_bystander(bystander);
    json_decref(games);
    remove_tree(reference.dir);
}

/* A TCP listener on 127.0.0.1 that nobody should reach; its port in
 * TOURNEY_ZOO_PORT. */
static int listen_locally(void)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    assert_true(fd >= 0);
    struct sockaddr_in at = {.sin_family = AF_INET};
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(at);
    assert_int_equal(bind(fd, (struct sockaddr *)&at, sizeof(at)), 0);
    assert_int_equal(listen(fd, 4), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&at, &length), 0);
    char port[16];
    snprintf(port, sizeof(port), "%u", (unsigned)ntohs(at.sin_port));
    setenv("TOURNEY_ZOO_PORT", port, 1);
    return fd;
}

static bool anyone_called(int listener)
{
    int fd = accept(listener, NULL, NULL);
    if (fd >= 0) {
        close(fd);
        return true;
    }
    assert_true(errno == EAGAIN || errno == EWOULDBLOCK);
    return false;
}

static long file_size(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 ? (long)info.st_size : -1;
}

static void pause_ms(long ms)
{
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/* Plugin code that runs as it is loaded (constructors) does what no agent
 * may: kills the runner, empties a file (the results log of a running
 * tournament, say) with truncate() or open(O_TRUNC), leaves a process
 * behind that keeps writing, or connects to a port. It runs in the first
 * stage of the filter, so validate, run and tourney agents all refuse the
 * plugin by name, the runner lives to say so, and the file, the port and
 * the process table are as they were. Without the filter (sandbox = false)
 * the namespaces still hold: no runner to kill, no network, no process
 * that outlives the agent's. */
static void test_constructors(void **state)
{
    (void)state;
    static const struct {
        const char *plugin;
        const char *how; /* TOURNEY_ZOO_HOW */
        const char *extra;
        bool refused;
    } attacks[] = {
        {"zoo_ctor_kill", NULL, NULL, true},
        {"zoo_ctor_truncate", NULL, NULL, true},
        {"zoo_ctor_truncate", "open", NULL, true},
        {"zoo_ctor_daemon", NULL, NULL, true},
        {"zoo_ctor_socket", NULL, NULL, true},
        {"zoo_ctor_kill", NULL, "sandbox = false", false},
        {"zoo_ctor_daemon", NULL, "sandbox = false", false},
        {"zoo_ctor_socket", NULL, "sandbox = false", false},
    };
    bool namespaces = namespaces_available();
    for (size_t i = 0; i < sizeof(attacks) / sizeof(attacks[0]); i++) {
        if (!attacks[i].refused && !namespaces) {
            print_message("skipped without namespaces: %s\n", attacks[i].plugin);
            continue;
        }
        print_message("%s%s%s%s\n", attacks[i].plugin, attacks[i].how ? " with " : "",
                      attacks[i].how ? attacks[i].how : "",
                      attacks[i].extra ? ", sandbox = false" : "");
        char dir[64];
        make_temp_dir(dir, sizeof(dir), "ctor");
        char config[128];
        char victim[128];
        char daemon_log[128];
        snprintf(config, sizeof(config), "%s/zoo.ini", dir);
        snprintf(victim, sizeof(victim), "%s/games.jsonl", dir);
        snprintf(daemon_log, sizeof(daemon_log), "%s/daemon.log", dir);
        write_config(config, attacks[i].plugin, attacks[i].extra, 0);
        write_file(victim, "precious results\n");
        bool daemon = strcmp(attacks[i].plugin, "zoo_ctor_daemon") == 0;
        setenv("TOURNEY_ZOO_VICTIM", daemon ? daemon_log : victim, 1);
        setenv("TOURNEY_ZOO_ARMED", "1", 1);
        if (attacks[i].how != NULL) {
            setenv("TOURNEY_ZOO_HOW", attacks[i].how, 1);
        }
        int listener = listen_locally();
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "%s/%s.so: the plugin ended the process that loaded it (killed by SIGSYS): its "
                 "code made a system call that loading a plugin may not make",
                 TOURNEY_TEST_PLUGIN_DIR, attacks[i].plugin);
        const char *validate[] = {"validate", config, NULL};
        char output[128];
        snprintf(output, sizeof(output), "%s/reports", dir);
        const char *play_it[] = {"run", config, "--quiet", "--output", output, NULL};
        const char *agents[] = {"agents", NULL};
        const char *const *commands[] = {validate, play_it, agents};
        /* tourney agents reads no config: it always confines. */
        size_t command_count = attacks[i].refused ? 3 : 2;
        for (size_t k = 0; k < command_count; k++) {
            struct run run = {0};
            run_tourney(&run, commands[k]);
            int expected_status = attacks[i].refused && k < 2 ? 2 : 0;
            if (run.status != expected_status) {
                char *err = slurp(run.err);
                print_error("%s %s: exit status %d, not %d:\n%s\n", commands[k][0],
                            attacks[i].plugin, run.status, expected_status, err);
                free(err);
                fail();
            }
            if (attacks[i].refused) {
                assert_file_has(run.err, expected);
            }
            remove_tree(run.dir);
        }
        /* Whatever it left behind would have written by now. */
        pause_ms(100);
        long size = file_size(daemon_log);
        pause_ms(200);
        assert_true(size <= 0);
        assert_int_equal(file_size(daemon_log), size);
        assert_file_is(victim, "precious results\n");
        assert_false(anyone_called(listener));
        close(listener);
        unsetenv("TOURNEY_ZOO_VICTIM");
        unsetenv("TOURNEY_ZOO_ARMED");
        unsetenv("TOURNEY_ZOO_HOW");
        unsetenv("TOURNEY_ZOO_PORT");
        remove_tree(dir);
    }
}

/* A constructor may open files for reading (the loader must), but only
 * those loading needs: Landlock refuses the rest. */
static void test_constructor_reads(void **state)
{
    (void)state;
    if (!landlock_available()) {
        print_message("skipped: this kernel has no Landlock\n");
        return;
    }
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "read");
    char secret[128];
    snprintf(secret, sizeof(secret), "%s/secret", dir);
    write_file(secret, "the opponent's opening book\n");
    setenv("TOURNEY_ZOO_VICTIM", secret, 1);
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    const struct zoo_case c = {
        "zoo_ctor_read", NULL, "normal", NULL, NULL, "cannot read it: Permission denied", false};
    check_case(&c, games);
    unsetenv("TOURNEY_ZOO_VICTIM");
    json_decref(games);
    remove_tree(reference.dir);
    remove_tree(dir);
}

/* A constructor switches the sandbox's playing stage off: it installs a
 * filter of its own that answers seccomp() with success, so the host's
 * playing stage is never loaded while the host believes it is, and the
 * agent opens files in its moves. The host counts the kernel's filters
 * and refuses it by name in validate, run and tourney agents. */
static void test_constructor_filter(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "filter");
    char config[128];
    snprintf(config, sizeof(config), "%s/zoo.ini", dir);
    write_config(config, "zoo_ctor_filter", NULL, 0);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "%s:12: cannot load agent plugin '%s/zoo_ctor_filter.so': %s/zoo_ctor_filter.so: "
             "the plugin installed a seccomp filter of its own as it loaded (",
             config, TOURNEY_TEST_PLUGIN_DIR, TOURNEY_TEST_PLUGIN_DIR);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", dir);
    const char *validate[] = {"validate", config, NULL};
    const char *play_it[] = {"run", config, "--quiet", "--output", output, NULL};
    const char *agents[] = {"agents", NULL};
    const char *const *commands[] = {validate, play_it, agents};
    for (size_t k = 0; k < 3; k++) {
        struct run run = {0};
        run_tourney(&run, commands[k]);
        assert_int_equal(run.status, k < 2 ? 2 : 0);
        assert_file_has(run.err, k < 2 ? expected
                                       : "zoo_ctor_filter.so: the plugin installed a seccomp "
                                         "filter of its own as it loaded (");
        remove_tree(run.dir);
    }
    assert_int_equal(file_size(output), -1);
    remove_tree(dir);
}

/* An agent that hoards tasks (threads, 400 of them) gets the tasks of its
 * limit (64, its first thread included) and plays on, in the sandbox and
 * without: the tasks it could take would be missing from the machine, and
 * the runner could not start the next agent's process. */
static void test_task_limit(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        print_message("skipped: the task limit needs a user namespace of its own\n");
        return;
    }
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    const struct zoo_case sandboxed = {"zoo_hoard",       NULL, "normal", NULL, NULL,
                                       "held 63 threads", false};
    const struct zoo_case unsandboxed = {"zoo_hoard", "sandbox = false", "normal", NULL,
                                         NULL,        "held 63 threads", false};
    check_case(&sandboxed, games);
    check_case(&unsandboxed, games);
    json_decref(games);
    remove_tree(reference.dir);
}

/* A pids cgroup of its own for this process, holding at most MAX tasks, in
 * PATH: 0, or -1 where none can be made (not root, no pids controller).
 * The process's former cgroup's tasks file goes in HOME. */
static int enter_pids_cgroup(long max, char *path, size_t size, char *home, size_t home_size)
{
    FILE *file = fopen("/proc/self/cgroup", "r");
    if (file == NULL) {
        return -1;
    }
    char line[512];
    char root[256] = "";
    char own[256] = "";
    while (fgets(line, sizeof(line), file) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        char *controllers = strchr(line, ':');
        char *at = controllers ? strchr(controllers + 1, ':') : NULL;
        if (at == NULL) {
            continue;
        }
        *at = '\0';
        if (strcmp(controllers + 1, "pids") == 0) {
            snprintf(root, sizeof(root), "/sys/fs/cgroup/pids");
            snprintf(own, sizeof(own), "%s", strcmp(at + 1, "/") == 0 ? "" : at + 1);
        }
    }
    fclose(file);
    if (root[0] == '\0') {
        return -1;
    }
    snprintf(path, size, "%s%s/tourney-e2e-%ld", root, own, (long)getpid());
    snprintf(home, home_size, "%s%s/cgroup.procs", root, own);
    if (mkdir(path, 0755) != 0) {
        return -1;
    }
    char file_path[700];
    snprintf(file_path, sizeof(file_path), "%s/pids.max", path);
    FILE *limit = fopen(file_path, "w");
    bool ok = limit != NULL && fprintf(limit, "%ld\n", max) > 0;
    ok = limit != NULL && fclose(limit) == 0 && ok;
    snprintf(file_path, sizeof(file_path), "%s/cgroup.procs", path);
    FILE *procs = ok ? fopen(file_path, "w") : NULL;
    ok = procs != NULL && fprintf(procs, "%ld\n", (long)getpid()) > 0;
    ok = procs != NULL && fclose(procs) == 0 && ok;
    if (!ok) {
        rmdir(path);
        return -1;
    }
    return 0;
}

static void leave_pids_cgroup(const char *path, const char *home)
{
    FILE *procs = fopen(home, "w");
    assert_non_null(procs);
    assert_true(fprintf(procs, "%ld\n", (long)getpid()) > 0);
    assert_int_equal(fclose(procs), 0);
    assert_int_equal(rmdir(path), 0);
}

/* The runner cannot start an agent's process (the tasks of the cgroup it
 * runs in are all taken, by the hoarder's threads): that agent loses the
 * game it was to play, and the tournament goes on to its end. In a cgroup
 * of 40 tasks, where the hoarder's 63 threads do not fit: random's process
 * can never be started once the hoarder holds its threads (its process is
 * kept, stopped, for its next games), so random loses games 2 to 5, each
 * as agent_error; games 0 and 1 are played to the end. Only root can make
 * the cgroup. */
static void test_agent_that_cannot_start(void **state)
{
    (void)state;
    char cgroup[600];
    char home[600];
    if (!namespaces_available() ||
        enter_pids_cgroup(40, cgroup, sizeof(cgroup), home, sizeof(home)) != 0) {
        print_message("skipped: no pids cgroup can be made here\n");
        return;
    }
    struct run run;
    play_zoo(&run, "zoo_hoard", "jobs = 1", 0);
    leave_pids_cgroup(cgroup, home);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        if (i < 2) {
            assert_string_equal(text_of(game, "termination"), "normal");
            continue;
        }
        assert_string_equal(text_of(game, "termination"), "agent_error");
        assert_string_equal(text_of(game, "fault"), "random");
        const char *reason = text_of(game, "reason");
        if (strstr(reason, "its process could not be started: ") == NULL ||
            strstr(reason, "Resource temporarily unavailable") == NULL) {
            print_error("game %zu: reason '%s'\n", i, reason);
            fail();
        }
    }
    json_decref(games);
    remove_tree(run.dir);
}

/* A process that wakes, every millisecond, whoever waits on a futex that
 * is not private on the first page of the C library (zoo_futex.c). */
static pid_t start_waker(void)
{
    size_t (*function)(const char *) = strlen;
    void *address = NULL;
    memcpy(&address, &function, sizeof(address));
    Dl_info libc;
    assert_true(dladdr(address, &libc) != 0 && libc.dli_fname != NULL);
    int fd = open(libc.dli_fname, O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    uint32_t *word = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
    assert_true(word != MAP_FAILED);
    close(fd);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* Not a moment longer than the test, should it fail. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        for (;;) {
            syscall(SYS_futex, word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
            pause_ms(1);
        }
    }
    munmap(word, 4096);
    return pid;
}

/* Two agents that never meet, in processes of their own, signal each other
 * through a futex on a page of the C library, which every process maps
 * (not private, such a futex is keyed by the file and offset). Here the
 * test wakes it from outside: in the sandbox the agent's wait is refused
 * (EAGAIN) at once, never woken, in every game. */
static void test_no_futex_between_processes(void **state)
{
    (void)state;
    pid_t waker = start_waker();
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    const struct zoo_case c = {"zoo_futex", NULL, "normal",
                               NULL,        NULL, "refused: Resource temporarily unavailable",
                               false};
    check_case(&c, games);
    end_bystander(waker);
    json_decref(games);
    remove_tree(reference.dir);
}

/* The name of the agent that made move I of GAME. */
static const char *mover(json_t *game, size_t i)
{
    const char *seats = text_of(game, "seats");
    return text_of(game, seats[i] == '0' ? "first" : "second");
}

static json_int_t column(json_t *game, const char *key, size_t i)
{
    json_t *value = json_array_get(json_object_get(game, key), i);
    assert_true(json_is_integer(value));
    return json_integer_value(value);
}

static void play_config(struct run *run, void *config)
{
    play(run, config);
}

/* An agent whose thread spins on, whoever's turn it is, against a search
 * that uses its whole budget: stopped while it is not its turn, it takes
 * (almost) nothing from its opponent. The zoo agent reports as its nodes
 * the microseconds of processor time its thread used since its previous
 * move; that time is set against its opponent's thinking time between the
 * two. Each move's CPU time is in the log, and a single-threaded search
 * never uses more of it than its wall time. */
static void test_no_pondering(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "ponder");
    char config[128];
    snprintf(config, sizeof(config), "%s/ponder.ini", dir);
    write_file(config,
               "[tournament]\nname = ponder\nseed = 7\ngames_per_pair = 2\n"
               "time_per_move_ms = 100\ntime_margin_ms = 1000\njobs = 1\n"
               "[game]\nplugin = connect4\n"
               "[agent ponder]\nplugin = %s/zoo_ponder.so\n"
               "[agent searcher]\nplugin = negamax-ab-ids\n",
               TOURNEY_TEST_PLUGIN_DIR);
    struct run run;
    json_t *games = play_without_pondering(play_config, config, "ponder", &run);
    /* A single-threaded search uses no more CPU time than wall time. */
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        size_t moves = json_array_size(json_object_get(game, "moves"));
        for (size_t m = 0; m < moves; m++) {
            if (strcmp(mover(game, m), "searcher") == 0) {
                assert_true(column(game, "cpu_ns", m) <= column(game, "time_ns", m));
            }
        }
    }
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* The program agent of tests/e2e/misbehaving_agent.py whose thread spins
 * all the time, between games too; through the system's Python, which an
 * unprivileged user can run. */
#define PYTHON "/usr/bin/python3"
#define MISBEHAVING TOURNEY_TEST_SOURCE_DIR "/tests/e2e/misbehaving_agent.py"

/* The CPU time (us) the agents that made GAME's moves used, one of them
 * NAME's. */
static json_int_t cpu_us_of(json_t *game, const char *name)
{
    json_int_t total = 0;
    size_t moves = json_array_size(json_object_get(game, "moves"));
    for (size_t m = 0; m < moves; m++) {
        if (strcmp(mover(game, m), name) == 0) {
            total += column(game, "cpu_ns", m) / 1000;
        }
    }
    return total;
}

/* Nothing between games: a program whose thread spins all the time plays
 * games 0 and 1, two searchers that use their whole budget play games 2
 * and 3 without it, and it plays again in games 4 and 5. Its first move in
 * game 4 says (info nodes) how much CPU time its thread used since its last
 * move in game 1: through its end-game, the other games and both agents'
 * making in game 4. Stopped from its end-game on, and while its opponent
 * is made, it used a sliver of what the searchers used meanwhile; left
 * running, it took a processor's share (as much as one searcher). */
static void test_nothing_between_games(void **state)
{
    (void)state;
    if (access(PYTHON, X_OK) != 0) {
        print_message("skipped: no %s\n", PYTHON);
        return;
    }
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "between");
    char config[128];
    snprintf(config, sizeof(config), "%s/between.ini", dir);
    write_file(config,
               "[tournament]\nname = between\nseed = 7\ngames_per_pair = 2\n"
               "time_per_move_ms = 50\ntime_margin_ms = 2000\njobs = 1\n"
               "[game]\nplugin = connect4\n"
               "[agent searcher]\nplugin = negamax-ab-ids\n"
               "[agent ponder]\ncommand = %s %s ponder\n"
               "[agent other]\nplugin = negamax-ab-ids\n",
               PYTHON, MISBEHAVING);
    struct run run;
    play(&run, config);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        assert_string_equal(text_of(game, "termination"), "normal");
    }
    json_int_t searchers_us = 0;
    for (size_t g = 2; g < 4; g++) {
        game = json_array_get(games, g);
        assert_string_equal(text_of(game, "first"), g == 2 ? "searcher" : "other");
        searchers_us += cpu_us_of(game, "searcher") + cpu_us_of(game, "other");
    }
    game = json_array_get(games, 4);
    size_t first = strcmp(mover(game, 0), "ponder") == 0 ? 0 : 1;
    assert_string_equal(mover(game, first), "ponder");
    json_int_t spun_us = column(game, "nodes", first);
    print_message("the spinning thread ran %lld us between its games, while the searchers "
                  "used %lld us\n",
                  (long long)spun_us, (long long)searchers_us);
    assert_true(searchers_us >= 50000);
    assert_true(spun_us * 10 < searchers_us);
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* Four threads that spin until they used four budgets of CPU time in a
 * move: in the log with what they used; a limit of two budgets makes it a
 * loss (cpu_limit), found while it spins or as it answers. */
static void test_cpu_limit(void **state)
{
    (void)state;
    struct run run;
    play_zoo(&run, "zoo_cpu_hog", NULL, 5000);
    json_t *games = load_games(&run);
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        assert_string_equal(text_of(game, "termination"), "normal");
        size_t moves = json_array_size(json_object_get(game, "moves"));
        for (size_t m = 0; m < moves; m++) {
            json_int_t cpu_ns = column(game, "cpu_ns", m);
            if (strcmp(mover(game, m), "bad") == 0 && m >= 2) {
                assert_true(cpu_ns >= 4 * 50 * 1000000LL);
            }
        }
    }
    json_decref(games);
    remove_tree(run.dir);

    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    games = load_games(&reference);
    const struct zoo_case c = {
        "zoo_cpu_hog",
        "cpu_limit = 2",
        "cpu_limit",
        " ms of CPU time, more than its limit of 100 ms (2 times the budget of 50 ms) at ply ",
        NULL,
        NULL,
        false};
    /* Four budgets of CPU time take a loaded machine more than a second. */
    check_zoo(&c, games, 5000);
    json_decref(games);
    remove_tree(reference.dir);
}

/* The three agents of the zoo with games_per_pair 6, margin 20 ms and the
 * games played in the runner's own process (jobs = 1). */
static void write_late_config(const char *path, const char *bad)
{
    write_file(path,
               "[tournament]\nname = late\nseed = 7\ngames_per_pair = 6\ntime_per_move_ms = 50\n"
               "time_margin_ms = 20\njobs = 1\n"
               "[game]\nplugin = mnk\n"
               "[agent bad]\nplugin = %s/%s.so\n"
               "[agent first-open]\nplugin = first-open\n"
               "[agent random]\nplugin = random\n",
               TOURNEY_TEST_PLUGIN_DIR, bad);
}

/* An agent answers 1 ms after its hard limit while the runner is kept
 * from running most of the time (stopped 4 ms, run 0.5 ms, as a loaded
 * machine might): a reply that was waiting in the socket when the runner
 * came to look is late all the same. Every one of its games is a time
 * forfeit at its first late move, and the other games are those of a run
 * without it. */
static void test_late_replies(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "late");
    char config[128];
    snprintf(config, sizeof(config), "%s/late.ini", dir);
    write_late_config(config, "good_agent");
    struct run reference;
    play(&reference, config);
    json_t *expected = load_games(&reference);
    write_late_config(config, "zoo_late");
    struct run run;
    make_run_dir(&run, "late");
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *args[] = {"run", config, "--quiet", "--output", output, NULL};
    pid_t pid = start_tourney(&run, args);
    int status = 0;
    pid_t done;
    while ((done = waitpid(pid, &status, WNOHANG)) == 0) {
        kill(pid, SIGSTOP);
        pause_ms(4);
        kill(pid, SIGCONT);
        struct timespec half = {0, 500000};
        nanosleep(&half, NULL);
    }
    assert_int_equal(done, pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), json_array_size(expected));
    size_t i;
    json_t *game;
    size_t late = 0;
    json_array_foreach(games, i, game)
    {
        bool first = strcmp(text_of(game, "first"), "bad") == 0;
        if (!first && strcmp(text_of(game, "second"), "bad") != 0) {
            char *got = essence(game);
            char *want = essence(json_array_get(expected, i));
            assert_string_equal(got, want);
            free(got);
            free(want);
            continue;
        }
        late++;
        char reason[160];
        snprintf(reason, sizeof(reason),
                 "no answer within 70 ms (the budget of 50 ms plus the margin of 20 ms) at ply %d",
                 first ? 2 : 3);
        assert_string_equal(text_of(game, "termination"), "time_forfeit");
        assert_string_equal(text_of(game, "fault"), "bad");
        assert_string_equal(text_of(game, "reason"), reason);
    }
    assert_int_equal(late, 12);
    json_decref(games);
    json_decref(expected);
    remove_tree(run.dir);
    remove_tree(reference.dir);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_zoo),
        cmocka_unit_test(test_exit_while_loading),
        cmocka_unit_test(test_same_games_in_both_modes),
        cmocka_unit_test(test_processes_kept_between_pairings),
        cmocka_unit_test(test_messages_at_the_ply_they_were_logged),
    };
    const struct CMUnitTest confinement[] = {
        cmocka_unit_test(test_fcntl_signals),
        cmocka_unit_test(test_constructors),
        cmocka_unit_test(test_constructor_reads),
        cmocka_unit_test(test_constructor_filter),
        cmocka_unit_test(test_task_limit),
        cmocka_unit_test(test_agent_that_cannot_start),
        cmocka_unit_test(test_no_pondering),
        cmocka_unit_test(test_nothing_between_games),
        cmocka_unit_test(test_cpu_limit),
        cmocka_unit_test(test_late_replies),
        cmocka_unit_test(test_no_futex_between_processes),
    };
    const char *group = getenv("TOURNEY_E2E_GROUP");
    if (group != NULL && strcmp(group, "confinement") == 0) {
        return cmocka_run_group_tests_name("confinement", confinement, NULL, NULL);
    }
    int failed = cmocka_run_group_tests_name("isolation", tests, NULL, NULL);
    return failed + cmocka_run_group_tests_name("confinement", confinement, NULL, NULL);
}
