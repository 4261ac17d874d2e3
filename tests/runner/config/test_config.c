/*
 * Config parsing: every kind of mistake is reported with its file and line,
 * all of them in one pass, and a valid file with every option reads back.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "digest.h"
#include "tournament.h"

#define PLUGIN_PATH TOURNEY_TEST_AGENT_DIR ":" TOURNEY_TEST_GAME_DIR

struct fixture {
    char dir[64];
    char path[96];
    struct diagnostics diag;
    struct tournament tournament;
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    snprintf(f->dir, sizeof(f->dir), "/tmp/tourney-config-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof(f->path), "%s/test.ini", f->dir);
    tourney_diag_init(&f->diag);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    unlink(f->path);
    rmdir(f->dir);
    free(f);
    return 0;
}

/* Writes TEXT as the config and opens it with the built plugins. */
static int open_text(struct fixture *f, const char *text)
{
    FILE *file = fopen(f->path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
    /* As if run from the build tree, where the agent host program is. */
    return tourney_tournament_open(&f->tournament, f->path, TOURNEY_TEST_BUILD_ROOT "/tourney",
                                   PLUGIN_PATH, &f->diag);
}

/* Asserts diagnostic I is "<path>:LINE: <starts with MESSAGE>". */
static void assert_diag_n(const struct fixture *f, size_t i, int line, const char *message)
{
    assert_true(i < f->diag.count);
    char expected[512];
    snprintf(expected, sizeof(expected), "%s:%d: %s", f->path, line, message);
    if (strncmp(f->diag.items[i], expected, strlen(expected)) != 0) {
        print_error("expected: %s\n     got: %s\n", expected, f->diag.items[i]);
        fail();
    }
}

/* Asserts the first diagnostic is at LINE and starts with MESSAGE. */
static void assert_diag(const struct fixture *f, int line, const char *message)
{
    assert_diag_n(f, 0, line, message);
}

static const char *const valid_head = "[tournament]\n"
                                      "games_per_pair = 2\n"
                                      "[game]\n"
                                      "plugin = mnk\n"
                                      "[agent a]\n"
                                      "plugin = first-open\n"
                                      "[agent b]\n"
                                      "plugin = random\n";

static void test_every_option(void **state)
{
    struct fixture *f = *state;
    const char *text = "; a comment\n"
                       "# another comment\n"
                       "[tournament]\n"
                       "name = every-option\n"
                       "seed = 18446744073709551615\n"
                       "games_per_pair = 6   ; inline comment\n"
                       "time_per_move_ms = 250\n"
                       "output_dir = out/here\n"
                       "plugin_path = plugins:/abs/plugins\n"
                       "isolation = none\n"
                       "sandbox = off\n"
                       "time_margin_ms = 0\n"
                       "agent_memory_mb = 32\n"
                       "agent_output_limit_kb = 0\n"
                       "jobs = 256\n"
                       "\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "rows = 4\n"
                       "cols = 4\n"
                       "k = 4\n"
                       "\n"
                       "  [agent shallow]\n"
                       "  plugin = minimax\n"
                       "  depth = 2\n"
                       "  tie_break = random\n"
                       "[agent deep]\n"
                       "plugin = minimax\n"
                       "depth = 9\n"
                       "[agent ids]\n"
                       "plugin = negamax-ab-ids\n"
                       "max_depth = 5\n"
                       "iterative = no\n";
    assert_int_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 0);
    const struct tournament_config *c = &f->tournament.config;
    const struct tournament_settings *s = &c->settings;
    assert_string_equal(s->name, "every-option");
    assert_true(s->seed == UINT64_MAX);
    assert_int_equal(s->games_per_pair, 6);
    assert_true(s->time_per_move_ns == UINT64_C(250000000));
    assert_string_equal(s->output_dir, "out/here");
    assert_int_equal(s->jobs, 256);
    assert_int_equal(c->plugin_dir_count, 2);
    char expected[128];
    snprintf(expected, sizeof(expected), "%s/plugins", f->dir);
    assert_string_equal(c->plugin_dirs[0], expected);
    assert_string_equal(c->plugin_dirs[1], "/abs/plugins");
    assert_int_equal(s->isolation, ISOLATION_NONE);
    assert_int_equal(s->limits.sandbox, SANDBOX_OFF);
    assert_true(s->limits.time_margin_ns == 0);
    assert_true(s->limits.memory_bytes == UINT64_C(33554432));
    assert_true(s->limits.output_limit_bytes == 0);
    /* In the runner's process, the agents are loaded there. */
    assert_non_null(f->tournament.entrants[0].plugin->handle);
    assert_string_equal(f->tournament.game_params_text, "rows = 4, cols = 4, k = 4");
    assert_int_equal(f->tournament.game.info.move_limit, 16);

    assert_int_equal(f->tournament.entrant_count, 3);
    const struct entrant *e = f->tournament.entrants;
    assert_string_equal(e[0].name, "shallow");
    assert_string_equal(e[1].name, "deep");
    assert_string_equal(e[2].name, "ids");
    /* One plugin entered twice is loaded once, with two parameter sets. */
    assert_ptr_equal(e[0].plugin, e[1].plugin);
    assert_int_equal(f->tournament.agent_plugin_count, 2);
    assert_non_null(strstr(e[0].params_text, "depth = 2"));
    assert_non_null(strstr(e[0].params_text, "tie_break = random"));
    assert_non_null(strstr(e[1].params_text, "depth = 9"));
    assert_non_null(strstr(e[1].params_text, "tie_break = lowest"));
    assert_non_null(strstr(e[2].params_text, "iterative = false"));
    assert_false(e[0].is_random);
}

static void test_defaults(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(open_text(f, valid_head), 0);
    const struct tournament_config *c = &f->tournament.config;
    const struct tournament_settings *s = &c->settings;
    assert_string_equal(s->name, "test");
    assert_true(s->seed == 1);
    assert_true(s->time_per_move_ns == UINT64_C(1000000000));
    assert_string_equal(s->output_dir, "reports/test");
    assert_int_equal(c->plugin_dir_count, 0);
    assert_string_equal(f->tournament.game_params_text, "rows = 3, cols = 3, k = 3");
    assert_true(f->tournament.entrants[1].is_random);
    assert_int_equal(s->isolation, ISOLATION_PROCESS);
    assert_int_equal(s->limits.sandbox, SANDBOX_AUTO);
    assert_true(s->limits.time_margin_ns == UINT64_C(500000000));
    assert_true(s->limits.memory_bytes == UINT64_C(1073741824));
    assert_true(s->limits.output_limit_bytes == 65536);
    /* Isolated agents are only described, never loaded into the runner. */
    const struct plugin *random = f->tournament.entrants[1].plugin;
    assert_null(random->handle);
    assert_string_equal(random->agent->name, "random");
    assert_null(random->agent->create);
    assert_true(f->tournament.sandbox_known);
}

static void test_isolation_values(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\ngames_per_pair = 2\nisolation = thread\nsandbox = maybe\n"
             "time_margin_ms = -1\nagent_memory_mb = 8\nagent_output_limit_kb = lots\n%s",
             valid_head + strlen("[tournament]\ngames_per_pair = 2\n"));
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 5);
    assert_diag_n(f, 0, 3, "bad value 'thread' for 'isolation': expected process or none");
    assert_diag_n(f, 1, 4, "bad value 'maybe' for 'sandbox': expected true or false");
    assert_diag_n(f, 2, 5,
                  "bad value '-1' for 'time_margin_ms': expected a whole number of "
                  "milliseconds from 0 to 3600000");
    assert_diag_n(f, 3, 6,
                  "bad value '8' for 'agent_memory_mb': expected a whole number of MiB "
                  "from 32 to 1048576");
    assert_diag_n(f, 4, 7,
                  "bad value 'lots' for 'agent_output_limit_kb': expected a whole "
                  "number of KiB from 0 to 1048576");
}

static void test_jobs_values(void **state)
{
    struct fixture *f = *state;
    static const char *const bad[] = {"0", "257", "-1", "two", "", "1.5"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char text[1024];
        snprintf(text, sizeof(text), "[tournament]\ngames_per_pair = 2\njobs = %s\n%s", bad[i],
                 valid_head + strlen("[tournament]\ngames_per_pair = 2\n"));
        tourney_tournament_close(&f->tournament);
        tourney_diag_finish(&f->diag);
        tourney_diag_init(&f->diag);
        assert_int_not_equal(open_text(f, text), 0);
        assert_int_equal(f->diag.count, 1);
        char expected[160];
        snprintf(expected, sizeof(expected),
                 "bad value '%s' for 'jobs': expected a whole number of games played at once "
                 "from 1 to 256",
                 bad[i]);
        assert_diag_n(f, 0, 3, expected);
    }
    /* Left out, it is 0: the command line or the number of cores decides. */
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    tourney_diag_init(&f->diag);
    assert_int_equal(open_text(f, valid_head), 0);
    assert_int_equal(f->tournament.config.settings.jobs, 0);
}

static void test_unknown_section(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%s[gmae]\nrows = 3\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag_n(f, 0, 9,
                  "unknown section [gmae]; did you mean [game]? (expected [tournament], [game] "
                  "or [agent NAME])");
    /* An agent's section with its kind misspelt, and one like nothing. */
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    snprintf(text, sizeof(text), "%s[agnet c]\nplugin = random\n[players]\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag_n(f, 0, 9,
                  "unknown section [agnet c]; did you mean [agent c]? (expected [tournament], "
                  "[game] or [agent NAME])");
    assert_diag_n(f, 1, 11,
                  "unknown section [players] (expected [tournament], [game] or [agent NAME])");
}

static void test_unknown_key(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "[tournament]\ngames_per_pair = 2\nsede = 3\n%s",
             valid_head + strlen("[tournament]\ngames_per_pair = 2\n"));
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 3, "unknown key 'sede' in [tournament]; did you mean 'seed'?");
    assert_string_equal(strchr(f->diag.items[0], ' ') + 1,
                        "unknown key 'sede' in [tournament]; did you mean 'seed'?");
}

static void test_bad_values(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "games_per_pair = 3\n"
                       "seed = -1\n"
                       "time_per_move_ms = 0\n"
                       "name = has space\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "rows = many\n"
                       "[agent a]\n"
                       "plugin = minimax\n"
                       "depth = -2\n"
                       "tie_break = sometimes\n"
                       "[agent b]\n"
                       "plugin = random\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 7);
    assert_diag_n(f, 0, 2, "bad value '3' for 'games_per_pair': expected an even number");
    assert_diag_n(f, 1, 3, "bad value '-1' for 'seed': expected a whole number");
    assert_diag_n(f, 2, 4, "bad value '0' for 'time_per_move_ms'");
    assert_diag_n(f, 3, 5, "bad value 'has space' for 'name'");
    assert_diag_n(f, 4, 8,
                  "bad value 'many' for 'rows' of game plugin 'mnk': expected a whole "
                  "number from 1 to 16");
    assert_diag_n(f, 5, 11, "bad value '-2' for 'depth' of agent 'a' (plugin 'minimax')");
    assert_diag_n(f, 6, 12,
                  "bad value 'sometimes' for 'tie_break' of agent 'a' (plugin "
                  "'minimax'): expected one of: lowest, random");
}

static void test_sprt_and_anchor(void **state)
{
    struct fixture *f = *state;
    const char *good = "[tournament]\n"
                       "games_per_pair = 100\n"
                       "sprt = -10, 40.5, 0.05, 0.1\n"
                       "rating_anchor = mean\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "[agent a]\n"
                       "plugin = first-open\n"
                       "[agent b]\n"
                       "plugin = random\n";
    assert_int_equal(open_text(f, good), 0);
    const struct tournament_config *c = &f->tournament.config;
    const struct tournament_settings *s = &c->settings;
    assert_true(s->sprt.enabled);
    assert_true(s->sprt.elo0 == -10.0 && s->sprt.elo1 == 40.5);
    assert_true(s->sprt.alpha == 0.05 && s->sprt.beta == 0.1);
    assert_int_equal(s->rating_anchor, ANCHOR_MEAN);
    tourney_tournament_close(&f->tournament);

    const char *bad = "[tournament]\n"
                      "games_per_pair = 2\n"
                      "sprt = 10, 0, 0.05, 0.05\n"
                      "rating_anchor = median\n"
                      "[game]\n"
                      "plugin = mnk\n"
                      "[agent a]\n"
                      "plugin = first-open\n"
                      "[agent b]\n"
                      "plugin = random\n";
    assert_int_not_equal(open_text(f, bad), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag_n(f, 0, 3, "bad value '10, 0, 0.05, 0.05' for 'sprt': expected elo0 < elo1");
    assert_diag_n(f, 1, 4,
                  "bad value 'median' for 'rating_anchor': expected auto, random or "
                  "mean");
}

/* Writes TEXT as the file NAME in the fixture's directory, into PATH. */
static void write_beside(const struct fixture *f, const char *name, const char *text, char *path,
                         size_t size)
{
    snprintf(path, size, "%s/%s", f->dir, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
}

/* Opens a tournament of first-open and random on 3x3 with LINES in
 * [tournament] from line 3 on. */
static int open_with(struct fixture *f, const char *lines)
{
    char text[512];
    snprintf(text, sizeof(text),
             "[tournament]\ngames_per_pair = 2\n%s[game]\nplugin = mnk\n[agent a]\n"
             "plugin = first-open\n[agent b]\nplugin = random\n",
             lines);
    return open_text(f, text);
}

/* Closes the tournament and forgets its diagnostics, for the next. */
static void start_over(struct fixture *f)
{
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    tourney_diag_init(&f->diag);
}

static void test_openings(void **state)
{
    struct fixture *f = *state;
    char openings[128];
    static const char positions[] = "x . . / . o . / . . .\n. x . / . . . / . o .  # two\n";
    write_beside(f, "o.txt", positions, openings, sizeof(openings));
    static const char good[] = "openings = o.txt\nopenings_order = random\n";
    assert_int_equal(open_with(f, good), 0);
    const struct tournament_config *c = &f->tournament.config;
    /* The path as written, relative to the config's directory, and the
     * digest of what it holds. */
    assert_string_equal(c->settings.openings.path, "o.txt");
    assert_string_equal(c->openings_file, openings);
    char digest[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(positions, strlen(positions), digest);
    assert_string_equal(c->settings.openings.digest, digest);
    assert_int_equal(c->settings.openings_order, OPENINGS_RANDOM);
    assert_int_equal(f->tournament.openings.count, 2);
    assert_int_equal(f->tournament.openings.openings[1].line, 2);
    start_over(f);

    /* A position the game cannot read, with the file's own line. */
    write_beside(f, "o.txt", "x . . / . o . / . . .\nzz\n", openings, sizeof(openings));
    assert_int_not_equal(open_with(f, good), 0);
    assert_int_equal(f->diag.count, 1);
    char expected[256];
    snprintf(expected, sizeof(expected), "%s:2: game 'mnk' cannot read the position 'zz'",
             openings);
    assert_string_equal(f->diag.items[0], expected);
    start_over(f);
    unlink(openings);

    assert_int_not_equal(open_with(f, "openings = missing.txt\nopening_plies = 0\n"), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag_n(f, 0, 4,
                  "bad value '0' for 'opening_plies': expected a whole number of plies from 1 "
                  "to 1000");
    snprintf(expected, sizeof(expected), "openings file %s/missing.txt: cannot open: No such file",
             f->dir);
    assert_diag_n(f, 1, 3, expected);
    start_over(f);

    assert_int_not_equal(open_with(f, "openings = missing.txt\nopening_plies = 2\n"), 0);
    assert_diag_n(f, 0, 4,
                  "'opening_plies' and 'openings' exclude each other: the games start either "
                  "from the file's positions or from random plies");
    start_over(f);

    /* Plies: no order, and fewer than the game's longest game. */
    assert_int_not_equal(open_with(f, "opening_plies = 9\nopenings_order = random\n"), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag_n(f, 0, 4, "'openings_order' only applies with 'openings'");
    assert_diag_n(f, 1, 3,
                  "opening_plies = 9 leaves no move to play: game 'mnk' lasts at most 9 plies");
}

static void test_sprt_needs_two_agents(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "games_per_pair = 2\n"
                       "sprt = 0, 10, 0.05, 0.05\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "[agent a]\n"
                       "plugin = first-open\n"
                       "[agent b]\n"
                       "plugin = random\n"
                       "[agent c]\n"
                       "plugin = random\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_diag(f, 3,
                "'sprt' tests a match of two agents, but this file has 3 [agent NAME] "
                "sections");
}

static void test_missing_required(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "seed = 4\n"
                       "[game]\n"
                       "rows = 3\n"
                       "[agent a]\n"
                       "depth = 2\n"
                       "[agent b]\n"
                       "plugin = random\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 3);
    assert_diag_n(f, 0, 5, "missing required key 'plugin' in [agent a]");
    assert_diag_n(f, 1, 1, "missing required key 'games_per_pair' in [tournament]");
    assert_diag_n(f, 2, 3, "missing required key 'plugin' in [game]");
}

/* An agent with a command: a plugin or a command, never both, no
 * parameters, a command that splits and whose program is found; and a
 * clock or a time per move, never both. */
static void test_commands_and_clocks(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "games_per_pair = 2\n"
                       "time_per_move_ms = 100\n"
                       "time_control = 10+0.1\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "[agent a]\n"
                       "command = /bin/true\n"
                       "plugin = random\n"
                       "[agent b]\n"
                       "command = " TOURNEY_TEST_PYTHON " " TOURNEY_TEST_SOURCE_DIR
                       "/bindings/python/examples/greedy.py\n"
                       "depth = 3\n"
                       "read = " TOURNEY_TEST_SOURCE_DIR "/bindings/python\n"
                       "[agent c]\n"
                       "command =\n"
                       "[agent d]\n"
                       "command = 'unterminated\n"
                       "[agent e]\n"
                       "command = no-such-agent-program\n"
                       "[agent f]\n"
                       "command = ./not-there.py\n"
                       "[agent g]\n"
                       "command = /bin/true\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 8);
    assert_diag_n(f, 0, 9,
                  "[agent a] has both 'plugin' and 'command' (line 8): an agent is a plugin or a "
                  "program, not both");
    assert_diag_n(f, 1, 12,
                  "unknown key 'depth' in [agent b]: an agent with a command takes no "
                  "parameters besides read (give them on its command line)");
    assert_diag_n(f, 2, 15,
                  "empty 'command' in [agent c]: expected the program and its arguments, as a "
                  "shell would split them");
    assert_diag_n(f, 3, 4,
                  "'time_control' and 'time_per_move_ms' exclude each other: a game has a clock "
                  "or a time per move");
    assert_diag_n(f, 4, 17,
                  "bad command ''unterminated' of agent 'd': a single quote without its end");
    assert_diag_n(f, 5, 19,
                  "cannot run agent 'e': no program 'no-such-agent-program' in the directories "
                  "of PATH");
    char expected[256];
    snprintf(expected, sizeof(expected),
             "cannot run agent 'f': cannot run %s/./not-there.py: No such file or directory",
             f->dir);
    assert_diag_n(f, 6, 21, expected);
    /* A program that starts but does not speak the protocol. */
    assert_diag_n(f, 7, 23,
                  "agent 'g' (/bin/true): it exited with status 0 before it answered the "
                  "greeting");
}

/* A command agent that runs: listed with its program found, and told the
 * game as tourney's own words. */
static void test_command_agent_opens(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "games_per_pair = 2\n"
                       "time_control = 2.5+0.05\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "[agent a]\n"
                       "command = " TOURNEY_TEST_PYTHON " " TOURNEY_TEST_SOURCE_DIR
                       "/bindings/python/examples/greedy.py\n"
                       "read = " TOURNEY_TEST_SOURCE_DIR "/bindings/python\n"
                       "[agent b]\n"
                       "plugin = random\n";
    if (open_text(f, text) != 0) {
        fail_msg("%s", f->diag.count ? f->diag.items[0] : "no diagnostic");
    }
    const struct entrant *a = &f->tournament.entrants[0];
    assert_null(a->plugin);
    assert_string_equal(a->command, TOURNEY_TEST_PYTHON " " TOURNEY_TEST_SOURCE_DIR
                                                        "/bindings/python/examples/greedy.py");
    assert_string_equal(a->argv[0], TOURNEY_TEST_PYTHON);
    assert_string_equal(a->argv[1], TOURNEY_TEST_SOURCE_DIR "/bindings/python/examples/greedy.py");
    assert_null(a->argv[2]);
    assert_string_equal(a->params_text, "");
    assert_true(tourney_tournament_has_commands(&f->tournament));
    assert_string_equal(f->tournament.config.settings.time_control, "2.5+0.05");
    assert_true(f->tournament.config.settings.clock.base_ns == UINT64_C(2500000000));
    assert_true(f->tournament.config.settings.clock.increment_ns == UINT64_C(50000000));
    /* It runs in its own folder, and may read the folder read names. */
    assert_string_equal(a->access.workdir, TOURNEY_TEST_SOURCE_DIR "/bindings/python/examples");
    assert_string_equal(a->access.argv[1],
                        TOURNEY_TEST_SOURCE_DIR "/bindings/python/examples/greedy.py");
    bool found = false;
    for (size_t i = 0; a->access.paths[i] != NULL; i++) {
        found =
            found || strcmp(a->access.paths[i], TOURNEY_TEST_SOURCE_DIR "/bindings/python") == 0;
    }
    assert_true(found);
}

/* What read names must be there. */
static void test_read_must_exist(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\n"
                       "games_per_pair = 2\n"
                       "[game]\n"
                       "plugin = mnk\n"
                       "[agent a]\n"
                       "command = /bin/true\n"
                       "read = 'not there/'\n"
                       "[agent b]\n"
                       "plugin = random\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_diag_n(f, 0, 7,
                  "agent 'a' may read 'not there/', which is not there: No such file or "
                  "directory (a relative path starts at the config's directory)");
}

static void test_missing_sections(void **state)
{
    struct fixture *f = *state;
    assert_int_not_equal(open_text(f, "[agent only]\nplugin = random\n"), 0);
    assert_int_equal(f->diag.count, 3);
    char expected[128];
    snprintf(expected, sizeof(expected), "%s: missing section [tournament]", f->path);
    assert_non_null(strstr(f->diag.items[0], expected));
    assert_non_null(strstr(f->diag.items[1], "missing section [game]"));
    assert_non_null(strstr(f->diag.items[2], "at least two [agent NAME] sections, found 1"));
}

static void test_unknown_plugin(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = minmax\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 10, "unknown agent plugin 'minmax': no minmax.so found in");
    assert_non_null(strstr(f->diag.items[0], TOURNEY_TEST_AGENT_DIR));
    const char *end = "; did you mean 'minimax'?";
    const char *message = f->diag.items[0];
    assert_string_equal(message + strlen(message) - strlen(end), end);
    /* Nothing near: where to look instead. */
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = alphazero\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    message = f->diag.items[0];
    end = " (see `tourney agents`)";
    assert_string_equal(message + strlen(message) - strlen(end), end);
}

static void test_plugin_path_missing_file(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = ./nowhere/agent.so\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "agent plugin './nowhere/agent.so': no file %s/nowhere/agent.so (a relative plugin "
             "path is resolved against the directory of the config, %s)",
             f->dir, f->dir);
    assert_diag(f, 10, expected);
    assert_int_equal(strlen(f->diag.items[0]),
                     strlen(f->path) + strlen(":10: ") + strlen(expected));
}

/* plugin = NAME.so: a file beside the config, else that file along the
 * plugin path; said which when it is in neither. */
static void test_plugin_file_name(void **state)
{
    struct fixture *f = *state;
    char mine[160];
    snprintf(mine, sizeof(mine), "%s/mine.so", f->dir);
    assert_int_equal(symlink(TOURNEY_TEST_AGENT_DIR "/first-open.so", mine), 0);
    char text[1024];
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = mine.so\n[agent d]\nplugin = random.so\n",
             valid_head);
    assert_int_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 0);
    assert_int_equal(f->tournament.entrant_count, 4);
    assert_string_equal(f->tournament.entrants[2].plugin->path, mine);
    assert_string_equal(f->tournament.entrants[2].plugin->agent->name, "first-open");
    assert_string_equal(f->tournament.entrants[3].plugin->path,
                        TOURNEY_TEST_AGENT_DIR "/random.so");

    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = theirs.so\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "unknown agent plugin 'theirs.so': no theirs.so beside the config (in %s) nor in "
             "%s",
             f->dir, TOURNEY_TEST_AGENT_DIR);
    assert_diag(f, 10, expected);
    unlink(mine);
}

/* A gauntlet_agent that is not there, with the agent it may have meant. */
static void test_gauntlet_agent_suggestion(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\ngames_per_pair = 2\nformat = gauntlet\n"
             "gauntlet_agent = bb\n%s",
             valid_head + strlen("[tournament]\ngames_per_pair = 2\n"));
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 4,
                "gauntlet_agent 'bb' is not an [agent NAME] of this file; did you mean "
                "'b'? (its agents: a, b)");
}

static void test_wrong_kind_of_plugin(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = mnk\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    /* The search finds mnk.so in the game directory of the plugin path; the
     * loader then refuses it as an agent, saying why. */
    char expected[256];
    snprintf(expected, sizeof(expected),
             "cannot load agent plugin 'mnk': %s/mnk.so: no entry symbol 'tourney_agent_entry', "
             "so it is not an agent plugin",
             TOURNEY_TEST_GAME_DIR);
    assert_diag(f, 10, expected);
}

static void test_duplicate_agent_name(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%s\n[agent a]\nplugin = negamax\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 10, "duplicate agent name 'a': already defined at line 5");
}

static void test_duplicate_key_and_section(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%splugin = first-open\n[game]\nrows = 3\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag(f, 9, "'plugin' is already set in [agent b] at line 8");
    assert_diag_n(f, 1, 10, "[game] appears twice (first at line 3)");
}

static void test_syntax_errors(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "%sjust words\n[agent c\n= 3\n", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 3);
    assert_diag(f, 9, "expected '[section]', 'key = value' or a comment");
    assert_diag_n(f, 1, 10, "expected ']' to close the section name");
    assert_diag_n(f, 2, 11, "expected a key before '='");
}

static void test_key_before_section(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text), "seed = 3\n%s", valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 1, "expected a [section] header before the first key");
}

/* inih r55 splits lines longer than its buffer and reads the rest as a new
 * line, so a long value could smuggle in a key. Such lines are refused. */
static void test_overlong_line(void **state)
{
    struct fixture *f = *state;
    char padding[260];
    memset(padding, 'x', sizeof(padding) - 1);
    padding[sizeof(padding) - 1] = '\0';
    /* Exactly where inih would cut, "seed = 99" would start a new line. */
    char text[2048];
    snprintf(text, sizeof(text), "%s[agent c]\nplugin = random\nname = %.*sseed = 99\n",
             valid_head, 189, padding);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 11, "line is 205 characters long; at most 197 are allowed");

    /* A line of exactly 197 characters is still read whole. */
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    tourney_diag_init(&f->diag);
    snprintf(text, sizeof(text), "%s; %.*s\n", valid_head, 195, padding);
    assert_int_equal(open_text(f, text), 0);
}

static void test_unknown_agent_parameter(void **state)
{
    struct fixture *f = *state;
    char text[1024];
    snprintf(text, sizeof(text),
             "%s[agent c]\nplugin = negamax\ndetph = 3\n[agent d]\n"
             "plugin = first-open\ndepth = 1\n",
             valid_head);
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 2);
    assert_diag(f, 11,
                "unknown parameter 'detph' for agent 'c' (plugin 'negamax'); did you mean "
                "'depth'?");
    assert_diag_n(f, 1, 14,
                  "unknown parameter 'depth' for agent 'd' (plugin 'first-open'), "
                  "which takes no parameters");
}

static void test_game_refuses_parameters(void **state)
{
    struct fixture *f = *state;
    const char *text = "[tournament]\ngames_per_pair = 2\n[game]\nplugin = mnk\nk = 5\n"
                       "[agent a]\nplugin = random\n[agent b]\nplugin = random\n";
    assert_int_not_equal(open_text(f, text), 0);
    assert_int_equal(f->diag.count, 1);
    assert_diag(f, 3, "game 'mnk' refused its parameters: k = 5 cannot fit on a 3x3 board");
}

/* A last line without a newline ends where the text ends: the reader must
 * not look past it (found by the fuzzer). The text is copied into a buffer
 * of exactly its length, so a sanitizer sees any read beyond. */
static void test_last_line_without_newline(void **state)
{
    struct fixture *f = *state;
    static const char text[] = "[tournament]\ngames_per_pair = 2\nb-ids";
    char *exact = malloc(sizeof(text) - 1);
    assert_non_null(exact);
    memcpy(exact, text, sizeof(text) - 1);
    struct tournament_config config;
    assert_int_not_equal(
        tourney_config_load_text(&config, f->path, exact, sizeof(text) - 1, &f->diag), 0);
    assert_diag(f, 3, "expected '[section]', 'key = value' or a comment");
    tourney_config_finish(&config);
    free(exact);
}

static void test_unreadable_file(void **state)
{
    struct fixture *f = *state;
    assert_int_not_equal(
        tourney_tournament_open(&f->tournament, "/nonexistent/x.ini", NULL, PLUGIN_PATH, &f->diag),
        0);
    assert_int_equal(f->diag.count, 1);
    assert_string_equal(f->diag.items[0],
                        "/nonexistent/x.ini: cannot open: No such file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_every_option, setup, teardown),
        cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_isolation_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_jobs_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_section, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_key, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sprt_and_anchor, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sprt_needs_two_agents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_required, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_sections, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_plugin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plugin_path_missing_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plugin_file_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gauntlet_agent_suggestion, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrong_kind_of_plugin, setup, teardown),
        cmocka_unit_test_setup_teardown(test_duplicate_agent_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_duplicate_key_and_section, setup, teardown),
        cmocka_unit_test_setup_teardown(test_syntax_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_key_before_section, setup, teardown),
        cmocka_unit_test_setup_teardown(test_overlong_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_agent_parameter, setup, teardown),
        cmocka_unit_test_setup_teardown(test_game_refuses_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_last_line_without_newline, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unreadable_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commands_and_clocks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_command_agent_opens, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_must_exist, setup, teardown),
        cmocka_unit_test_setup_teardown(test_openings, setup, teardown),
    };
    return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
