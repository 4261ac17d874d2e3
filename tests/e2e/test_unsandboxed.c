/*
 * What an agent without the sandbox (sandbox = false) still cannot reach
 * where agent processes get namespaces, through the real binary: each
 * attack is a zoo plugin (tests/plugins/zoo_*.c) and a program agent
 * (unsandboxed_agent.py) that logs how it went, and the test checks the
 * victim from outside as well:
 *
 * - a named Unix socket of the machine (in /tmp): not found, nobody called;
 * - /proc/PID/oom_score_adj of another process of the user: not found (the
 *   agent has a /proc of its own), the value unchanged;
 * - a file rewritten through mmap(MAP_SHARED): read-only beside the agent,
 *   not found elsewhere in /tmp; the bytes unchanged;
 * - the opponent's plugin patched, truncated, renamed, removed: read-only;
 *   the file unchanged, and the opponent plays every game;
 * - the view undone (the empty /tmp unmounted, / writable again), by the
 *   agent and from a user namespace of its own: refused.
 *
 * Each agent plays its own files' folder, which it keeps (and where its
 * plugin loads from), in /tmp. Skipped where the kernel refuses the
 * namespaces: the agent process then sees the machine's file system.
 * e2e.unsandboxed-unprivileged runs it again as nobody.
 */
/* Linux interfaces: unshare and the namespace flags. */
#define _GNU_SOURCE
#include "test.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "binary.h"

#define FIRST_OPEN TOURNEY_TEST_BUILD_ROOT "/agents/first-open.so"
#define ATTACKING_PROGRAM TOURNEY_TEST_SOURCE_DIR "/tests/e2e/unsandboxed_agent.py"

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
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        return true;
    }
    print_message("skipped: the kernel refuses namespaces here\n");
    return false;
}

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* The folders of a case: the agents' own (the attacker, its opponent, a
 * file beside them) and another one in /tmp (a socket, a file). */
struct scene {
    char agents[64];
    char elsewhere[64];
    char opponent[128];
    char config[128];
};

static void set_scene(struct scene *s)
{
    make_temp_dir(s->agents, sizeof(s->agents), "unsandboxed");
    make_temp_dir(s->elsewhere, sizeof(s->elsewhere), "elsewhere");
    snprintf(s->opponent, sizeof(s->opponent), "%s/opponent.so", s->agents);
    snprintf(s->config, sizeof(s->config), "%s/t.ini", s->agents);
    copy_file(FIRST_OPEN, s->opponent, 0);
}

static void clear_scene(const struct scene *s)
{
    remove_tree(s->agents);
    remove_tree(s->elsewhere);
}

/* The attacker (AGENT_LINE: "plugin = ..." or "command = ...") against the
 * opponent, two games without the sandbox; checks they were played to
 * the end, and that the attacker logged LOGGED in each. */
static void play_attack(const struct scene *s, const char *agent_line, const char *logged)
{
    write_file(s->config,
               "[tournament]\nname = unsandboxed\nseed = 7\ngames_per_pair = 2\n"
               "time_per_move_ms = 50\ntime_margin_ms = 1000\nsandbox = false\n"
               "[game]\nplugin = mnk\n"
               "[agent bad]\n%s\n"
               "[agent opponent]\nplugin = %s\n",
               agent_line, s->opponent);
    struct run run = {0};
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", s->elsewhere);
    const char *args[] = {"run", s->config, "--quiet", "--output", output, NULL};
    run_tourney_ok(&run, args);
    char games_path[160];
    snprintf(games_path, sizeof(games_path), "%s/games.jsonl", output);
    json_error_t error;
    FILE *file = fopen(games_path, "r");
    assert_non_null(file);
    json_t *header = json_loadf(file, JSON_DISABLE_EOF_CHECK, &error);
    assert_non_null(header);
    json_decref(header);
    size_t games = 0;
    for (json_t *game; (game = json_loadf(file, JSON_DISABLE_EOF_CHECK, &error)) != NULL;) {
        assert_string_equal(text_of(game, "termination"), "normal");
        json_t *first = json_array_get(json_object_get(game, "log"), 0);
        assert_string_equal(text_of(first, "agent"), "bad");
        if (strcmp(text_of(first, "message"), logged) != 0) {
            print_error("game %zu: logged '%s', not '%s'\n", games, text_of(first, "message"),
                        logged);
            fail();
        }
        json_decref(game);
        games++;
    }
    fclose(file);
    assert_int_equal(games, 2);
    remove_tree(run.dir);
}

/* The zoo plugin NAME, copied into the agents' folder: "plugin = ...". */
static void zoo_line(const struct scene *s, const char *name, char *line, size_t size)
{
    char from[512];
    char to[160];
    snprintf(from, sizeof(from), "%s/%s.so", TOURNEY_TEST_PLUGIN_DIR, name);
    snprintf(to, sizeof(to), "%s/%s.so", s->agents, name);
    copy_file(from, to, 0);
    snprintf(line, size, "plugin = %s", to);
}

/* The attacking program, copied into the agents' folder, with ATTACK. */
static void program_line(const struct scene *s, const char *attack, char *line, size_t size)
{
    char to[160];
    snprintf(to, sizeof(to), "%s/agent.py", s->agents);
    copy_file(ATTACKING_PROGRAM, to, 0);
    const char *python = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    snprintf(line, size, "command = %s %s %s", python, to, attack);
}

/* A listening named Unix socket at PATH. */
static int listen_at(const char *path)
{
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    assert_true(fd >= 0);
    struct sockaddr_un at = {.sun_family = AF_UNIX};
    assert_true(strlen(path) < sizeof(at.sun_path));
    memcpy(at.sun_path, path, strlen(path) + 1);
    assert_int_equal(bind(fd, (struct sockaddr *)&at, sizeof(at)), 0);
    assert_int_equal(listen(fd, 4), 0);
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

/* A named socket of the machine, in /tmp (X11's and tmux's are there; the
 * system's services' in /run): the agent does not find it. */
static void test_no_named_socket(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        return;
    }
    for (int program = 0; program < 2; program++) {
        struct scene s;
        set_scene(&s);
        char socket_path[128];
        snprintf(socket_path, sizeof(socket_path), "%s/service.socket", s.elsewhere);
        int listener = listen_at(socket_path);
        setenv("TOURNEY_ZOO_SOCKET", socket_path, 1);
        char line[512];
        char attack[160];
        snprintf(attack, sizeof(attack), "socket=%s", socket_path);
        if (program) {
            program_line(&s, attack, line, sizeof(line));
        } else {
            zoo_line(&s, "zoo_unix_socket", line, sizeof(line));
        }
        play_attack(&s, line,
                    program ? "attacks: socket ENOENT"
                            : "cannot connect: No such file or directory");
        assert_false(anyone_called(listener));
        close(listener);
        unsetenv("TOURNEY_ZOO_SOCKET");
        clear_scene(&s);
    }
}

static char *oom_score_adj(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%ld/oom_score_adj", (long)pid);
    return slurp(path);
}

/* Another process of the user, as the runner is: its oom_score_adj is not
 * in the agent's /proc, and stays as it was. */
static void test_no_write_to_the_runners_proc(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        return;
    }
    fflush(NULL);
    pid_t bystander = fork();
    assert_true(bystander >= 0);
    if (bystander == 0) {
        for (;;) {
            pause();
        }
    }
    char *before = oom_score_adj(bystander);
    char target[24];
    snprintf(target, sizeof(target), "%ld", (long)bystander);
    for (int program = 0; program < 2; program++) {
        struct scene s;
        set_scene(&s);
        setenv("TOURNEY_ZOO_TARGET", target, 1);
        char line[512];
        char attack[64];
        snprintf(attack, sizeof(attack), "oom=%s", target);
        if (program) {
            program_line(&s, attack, line, sizeof(line));
        } else {
            zoo_line(&s, "zoo_oom_score", line, sizeof(line));
        }
        play_attack(&s, line,
                    program ? "attacks: oom ENOENT" : "cannot open it: No such file or directory");
        char *after = oom_score_adj(bystander);
        assert_string_equal(after, before);
        free(after);
        unsetenv("TOURNEY_ZOO_TARGET");
        clear_scene(&s);
    }
    free(before);
    kill(bystander, SIGKILL);
    waitpid(bystander, NULL, 0);
}

/* A file rewritten through a shared mapping, which RLIMIT_FSIZE does not
 * see: beside the agent (where it keeps its folder) it is read-only,
 * elsewhere in /tmp it is not there. */
static void test_no_writable_mapping(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        return;
    }
    for (int program = 0; program < 2; program++) {
        for (int beside = 0; beside < 2; beside++) {
            struct scene s;
            set_scene(&s);
            char victim[128];
            snprintf(victim, sizeof(victim), "%s/games.jsonl", beside ? s.agents : s.elsewhere);
            write_file(victim, "precious results\n");
            setenv("TOURNEY_ZOO_VICTIM", victim, 1);
            char line[512];
            char attack[160];
            snprintf(attack, sizeof(attack), "map=%s", victim);
            if (program) {
                program_line(&s, attack, line, sizeof(line));
            } else {
                zoo_line(&s, "zoo_map_shared", line, sizeof(line));
            }
            const char *logged = program ? (beside ? "attacks: map EROFS" : "attacks: map ENOENT")
                                 : beside
                                     ? "cannot open it for writing: Read-only file system"
                                     : "cannot open it for writing: No such file or directory";
            play_attack(&s, line, logged);
            assert_file_is(victim, "precious results\n");
            unsetenv("TOURNEY_ZOO_VICTIM");
            clear_scene(&s);
        }
    }
}

/* Whether the files at A and B hold the same bytes. */
static bool same_bytes(const char *a, const char *b)
{
    FILE *one = fopen(a, "rb");
    FILE *other = fopen(b, "rb");
    assert_non_null(one);
    assert_non_null(other);
    bool same = true;
    for (int c; same && (c = getc(one)) != EOF;) {
        same = getc(other) == c;
    }
    same = same && getc(other) == EOF;
    fclose(one);
    fclose(other);
    return same;
}

/* The opponent's plugin, in the attacker's folder: patched through a shared
 * mapping, truncated, renamed, removed. Every step is refused, the file
 * keeps its bytes and the opponent plays. */
static void test_no_patched_plugin(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        return;
    }
    for (int program = 0; program < 2; program++) {
        struct scene s;
        set_scene(&s);
        setenv("TOURNEY_ZOO_PLUGIN", s.opponent, 1);
        char line[512];
        char attack[160];
        snprintf(attack, sizeof(attack), "patch=%s", s.opponent);
        if (program) {
            program_line(&s, attack, line, sizeof(line));
        } else {
            zoo_line(&s, "zoo_patch_plugin", line, sizeof(line));
        }
        play_attack(&s, line,
                    program ? "attacks: patch EROFS"
                            : "map: Read-only file system, truncate: Read-only file system, "
                              "rename: Read-only file system, unlink: Read-only file system");
        assert_true(same_bytes(s.opponent, FIRST_OPEN));
        unsetenv("TOURNEY_ZOO_PLUGIN");
        clear_scene(&s);
    }
}

/* The view undone: the empty /tmp unmounted, / mounted writable again,
 * by the agent and by a child of its in a user and mount namespace of its
 * own (where it has every capability, over mounts the kernel locked as it
 * copied them). Each is refused, and the socket in /tmp stays hidden. */
static void test_no_undoing_the_view(void **state)
{
    (void)state;
    if (!namespaces_available()) {
        return;
    }
    struct scene s;
    set_scene(&s);
    char line[512];
    zoo_line(&s, "zoo_undo_mounts", line, sizeof(line));
    play_attack(&s, line,
                "umount: Operation not permitted, remount: Operation not permitted, in a "
                "namespace of its own: umount: Invalid argument, remount: Operation not "
                "permitted");
    clear_scene(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_named_socket),
        cmocka_unit_test(test_no_write_to_the_runners_proc),
        cmocka_unit_test(test_no_writable_mapping),
        cmocka_unit_test(test_no_patched_plugin),
        cmocka_unit_test(test_no_undoing_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
