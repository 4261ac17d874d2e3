/*
 * A stop from outside the tournament that only an agent says happened,
 * through the real binary. A job's end stops the runner and its agents
 * alike, and then the game in flight is no result (e2e.stopped-job); but an
 * agent process can say it was stopped from outside (the host's OUTSIDE
 * frame, forged by a plugin) or die of a SIGKILL the runner did not send (a
 * program that lowers its own limit of CPU time, which the kernel enforces
 * with SIGKILL). Each stopped the whole run, every time its game was played
 * (exit 143 or 137, no game logged). Now the runner waits for a stop of its
 * own, which never comes: the game is that agent's crash, and the run goes
 * on. With one job and with two (worker processes), as root and not as
 * root (outside-stop-unprivileged).
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "binary.h"

#define MISBEHAVING TOURNEY_TEST_SOURCE_DIR "/tests/e2e/misbehaving_agent.py"

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* How "bad" lost each game: the reason, whose ply (2 when it moves first,
 * 3 else) comes between BEFORE and AFTER. */
struct crash_reason {
    const char *before;
    const char *after;
};

/* Plays the agent of AGENT_LINES ("bad") against first-open, GAMES games
 * with JOBS jobs, with TOURNAMENT_LINES more settings; checks that the run
 * went through (exit 0, every game logged) and that "bad" lost each game
 * with a crash, for REASON. */
static void check_loses_every_game(const char *agent_lines, const char *tournament_lines,
                                   int games, const char *jobs, struct crash_reason reason)
{
    print_message("%s jobs, %s", jobs, agent_lines);
    struct run run;
    make_run_dir(&run, "outside");
    char config[128];
    snprintf(config, sizeof(config), "%s/outside.ini", run.dir);
    write_file(config,
               "[tournament]\nname = outside\nseed = 7\ngames_per_pair = %d\n%s"
               "[game]\nplugin = mnk\n"
               "[agent bad]\n%s"
               "[agent first-open]\nplugin = first-open\n",
               games, tournament_lines, agent_lines);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *args[] = {"run", config, "--quiet", "--output", output, "--jobs", jobs, NULL};
    run_tourney_ok(&run, args);
    json_t *logged = load_games(&run);
    assert_int_equal(json_array_size(logged), (size_t)games);
    for (size_t i = 0; i < (size_t)games; i++) {
        json_t *game = json_array_get(logged, i);
        char expected[256];
        snprintf(expected, sizeof(expected), "%s%d%s", reason.before,
                 strcmp(text_of(game, "first"), "bad") == 0 ? 2 : 3, reason.after);
        assert_string_equal(text_of(game, "termination"), "crash");
        assert_string_equal(text_of(game, "reason"), expected);
        assert_string_equal(text_of(game, "fault"), "bad");
        assert_string_equal(text_of(game, "winner"), "first-open");
    }
    json_decref(logged);
    char *err = slurp(run.err);
    assert_null(strstr(err, "stopped"));
    free(err);
    remove_tree(run.dir);
}

/* A plugin that forges OUTSIDE in a move and exits as its host would. */
static void test_plugin_that_says_it_was_stopped(void **state)
{
    (void)state;
    const struct crash_reason reason = {
        "said it was killed by SIGTERM from outside the tournament at ply ",
        ", but the tournament was not stopped"};
    static const char agent[] = "plugin = " TOURNEY_TEST_PLUGIN_DIR "/zoo_forged_stop.so\n";
    check_loses_every_game(agent, "", 4, "1", reason);
    check_loses_every_game(agent, "", 4, "2", reason);
}

/* A program killed by the kernel's SIGKILL for a limit it set itself: in a
 * PID namespace of its own, nothing else in it could have sent one. The
 * filter forbids lowering a limit: sandbox = false, which keeps the
 * namespaces. */
static void test_program_killed_by_its_own_limit(void **state)
{
    (void)state;
    if (access(MISBEHAVING, R_OK) != 0) {
        skip();
    }
    const struct crash_reason reason = {
        "killed by SIGKILL at ply ",
        ", not sent by the runner, but the tournament was not stopped"};
    char agent[512];
    snprintf(agent, sizeof(agent), "command = %s %s cpu-limit\n", test_python(), MISBEHAVING);
    /* The second of CPU time it spins, on a busy machine. */
    static const char slow[] = "time_per_move_ms = 30000\nsandbox = false\n";
    check_loses_every_game(agent, slow, 2, "1", reason);
    check_loses_every_game(agent, slow, 2, "2", reason);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plugin_that_says_it_was_stopped),
        cmocka_unit_test(test_program_killed_by_its_own_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
