/*
 * Agents that are programs (command = ...), through the real binary: the
 * Python agent of bindings/python (written from docs/protocol.md alone)
 * plays shipped plugin agents on 3x3 and Connect Four, every game exactly
 * as expected; a program that breaks the protocol in each way loses the
 * games it breaks it in, with the line in the record, and the tournament
 * goes on; programs that cannot start are refused by validate; and clocks
 * (time_control) charge every move, add the increment, tell agents the
 * times and forfeit a move that uses up its clock. A program is confined as
 * a plugin agent is: it cannot read outside what it needs (Landlock) nor
 * write, and a move that computes past cpu_limit loses.
 */
/* syscall (Landlock has no glibc wrapper). */
#define _GNU_SOURCE
#include "test.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <jansson.h>

#include "binary.h"

#define GREEDY TOURNEY_TEST_SOURCE_DIR "/bindings/python/examples/greedy.py"
#define MISBEHAVING TOURNEY_TEST_SOURCE_DIR "/tests/e2e/misbehaving_agent.py"

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* The agent NAME of summary.json's agents. */
static json_t *find_agent(json_t *summary, const char *name)
{
    size_t i;
    json_t *agent;
    json_array_foreach(json_object_get(summary, "agents"), i, agent)
    {
        if (strcmp(text_of(agent, "name"), name) == 0) {
            return agent;
        }
    }
    fail_msg("no agent %s in summary.json", name);
    return NULL;
}

/* Writes CONFIG in a new directory of RUN and plays it; the config's
 * directory is DIR (removed by the caller). */
static void play_config(struct run *run, char *dir, size_t size, const char *text)
{
    make_temp_dir(dir, size, "commands");
    char config[128];
    snprintf(config, sizeof(config), "%s/commands.ini", dir);
    write_file(config, "%s", text);
    play(run, config);
}

/* A game as the test expects it: who played, the moves and the result. */
struct expected_game {
    const char *first;
    const char *second;
    const char *moves; /* as compact JSON */
    const char *result;
};

static void assert_games(const struct run *run, const struct expected_game *expected, size_t count)
{
    json_t *games = load_games(run);
    assert_int_equal(json_array_size(games), count);
    for (size_t i = 0; i < count; i++) {
        json_t *game = json_array_get(games, i);
        char *moves = json_dumps(json_object_get(game, "moves"), JSON_COMPACT);
        if (strcmp(text_of(game, "first"), expected[i].first) != 0 ||
            strcmp(text_of(game, "second"), expected[i].second) != 0 ||
            strcmp(moves, expected[i].moves) != 0 ||
            strcmp(text_of(game, "result"), expected[i].result) != 0 ||
            strcmp(text_of(game, "termination"), "normal") != 0) {
            print_error("game %zu: %s-%s %s %s %s, expected %s-%s %s %s normal\n", i,
                        text_of(game, "first"), text_of(game, "second"), moves,
                        text_of(game, "result"), text_of(game, "termination"), expected[i].first,
                        expected[i].second, expected[i].moves, expected[i].result);
            fail();
        }
        free(moves);
    }
    json_decref(games);
}

/* The field of greedy, the Python agent, against the shipped agents on
 * GAME, with AB_PARAMS for negamax-ab-ids: 2 games a pair, seed 5. */
static void play_greedy(struct run *run, char *dir, size_t size, const char *game,
                        const char *ab_params)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = greedy\nseed = 5\ngames_per_pair = 2\n"
             "time_per_move_ms = 5000\n"
             "[game]\nplugin = %s\n"
             "[agent greedy]\ncommand = %s %s\nread = %s\n"
             "[agent first-open]\nplugin = first-open\n"
             "[agent random]\nplugin = random\n"
             "[agent negamax-ab-ids]\nplugin = negamax-ab-ids\n%s",
             game, TOURNEY_TEST_PYTHON, GREEDY, TOURNEY_TEST_SOURCE_DIR "/bindings/python",
             ab_params);
    play_config(run, dir, size, text);
}

/* Greedy wins when it can, blocks when it must, else takes the centre:
 * against first-open, 4 (b2), then 1 (an edge before a corner) and 7 for
 * the b column; second, 4, then it blocks 2, and 6 completes 2-4-6. The
 * perfect player draws with it either way. */
static void test_greedy_on_3x3(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    play_greedy(&run, dir, sizeof(dir), "mnk", "");
    static const struct expected_game expected[] = {
        {"greedy", "first-open", "[4,0,1,2,7]", "1-0"},
        {"first-open", "greedy", "[0,4,1,2,3,6]", "0-1"},
        {"greedy", "random", "[4,2,1,7,3,8,5]", "1-0"},
        {"random", "greedy", "[4,1,0,8,5,3,7,2,6]", "1/2-1/2"},
        {"greedy", "negamax-ab-ids", "[4,0,1,7,3,5,2,6,8]", "1/2-1/2"},
        {"negamax-ab-ids", "greedy", "[0,4,1,2,6,3,5,7,8]", "1/2-1/2"},
        {"first-open", "random", "[0,7,1,5,2]", "1-0"},
        {"random", "first-open", "[2,0,4,1,5,3,7,6]", "0-1"},
        {"first-open", "negamax-ab-ids", "[0,4,1,2,3,6]", "0-1"},
        {"negamax-ab-ids", "first-open", "[0,1,4,2,8]", "1-0"},
        {"random", "negamax-ab-ids", "[8,4,0,1,7,6,3,2]", "0-1"},
        {"negamax-ab-ids", "random", "[0,8,2,1,6,7,3]", "1-0"},
    };
    assert_games(&run, expected, sizeof(expected) / sizeof(expected[0]));

    /* What it told through `info`: as many nodes as legal moves, depth 1,
     * and a proven win in one ply where it won; its selective depth, 1, which
     * first-open (a plugin that reports none) has not. */
    json_t *games = load_games(&run);
    json_t *first = json_array_get(games, 0);
    static const json_int_t nodes[] = {9, 1, 7, 1, 5};
    for (size_t ply = 0; ply < 5; ply++) {
        json_t *n = json_array_get(json_object_get(first, "nodes"), ply);
        assert_int_equal(json_integer_value(n), nodes[ply]);
    }
    assert_int_equal(json_integer_value(json_array_get(json_object_get(first, "depth"), 2)), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(first, "score"), 4)),
                     999999);
    assert_true(json_is_null(json_array_get(json_object_get(first, "score"), 2)));
    for (size_t ply = 0; ply < 5; ply++) {
        json_t *seldepth = json_array_get(json_object_get(first, "seldepth"), ply);
        if (ply % 2 == 0) {
            assert_int_equal(json_integer_value(seldepth), 1);
        } else {
            assert_true(json_is_null(seldepth));
        }
    }
    json_decref(games);

    /* The reports name it by its command, and the log's header keeps it. */
    json_t *summary = load_summary(&run);
    json_t *agent = find_agent(summary, "greedy");
    assert_non_null(strstr(text_of(agent, "plugin"), "examples/greedy.py"));
    assert_string_equal(text_of(agent, "params"), "");
    json_decref(summary);
    char log[128];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    char *header = first_line(log);
    assert_non_null(strstr(header, "{\"name\":\"greedy\",\"command\":\""));
    free(header);

    /* tourney report rebuilds the same reports from the log. */
    char reports[128];
    snprintf(reports, sizeof(reports), "%s/reports", run.dir);
    char *before = slurp(log);
    struct run rebuilt = {0};
    const char *report[] = {"report", reports, NULL};
    run_tourney_ok(&rebuilt, report);
    assert_file_is(log, before);
    free(before);
    remove_tree(rebuilt.dir);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* Connect Four: against first-open, which fills the first column, greedy
 * builds its own in the centre column and wins at its fourth stone, or
 * blocks the first column in time when second. */
static void test_greedy_on_connect4(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    play_greedy(&run, dir, sizeof(dir), "connect4", "max_depth = 4\n");
    static const struct expected_game expected[] = {
        {"greedy", "first-open", "[3,0,3,0,3,0,3]", "1-0"},
        {"first-open", "greedy", "[0,3,0,3,0,0,0,3,0,3]", "0-1"},
        {"greedy", "random", "[3,0,3,2,3,0,3]", "1-0"},
        {"random", "greedy", "[5,3,0,3,5,3,6,3]", "0-1"},
        {"greedy", "negamax-ab-ids",
         "[3,3,3,2,3,4,3,3,2,2,2,2,4,5,4,4,4,6,5,2,5,0,5,5,4,0,0,0,1,0,1,1,1,1,1,0,5,6,6]", "1-0"},
        {"negamax-ab-ids", "greedy", "[2,2,3,2,1,0,4]", "1-0"},
        {"first-open", "random", "[0,6,0,4,0,0,0,4,0,4,1,4]", "0-1"},
        {"random", "first-open", "[4,0,2,0,2,0,4,0]", "0-1"},
        {"first-open", "negamax-ab-ids", "[0,2,0,3,0,0,0,4,0,1]", "0-1"},
        {"negamax-ab-ids", "first-open", "[2,0,3,0,4,0,1]", "1-0"},
        {"random", "negamax-ab-ids", "[6,3,0,2,0,4,1,5]", "0-1"},
        {"negamax-ab-ids", "random", "[2,6,3,3,1,0,4]", "1-0"},
    };
    assert_games(&run, expected, sizeof(expected) / sizeof(expected[0]));
    remove_tree(run.dir);
    remove_tree(dir);
}

/* One way of breaking the protocol: the misbehaving agent's mode, its
 * termination and what the reason of each of its games says. */
struct misdeed {
    const char *mode;
    const char *extra; /* more [tournament] settings */
    int margin_ms;     /* time_margin_ms: 1000 unless the misdeed needs more */
    const char *termination;
    const char *reason;
    const char *output; /* in its output excerpt, or NULL for none */
    int ply;            /* of the fault when it moves first (it moves second a ply later) */
};

static const struct misdeed misdeeds[] = {
    {"garbage", NULL, 1000, "protocol_error", "it sent \"hello there\" (unknown word 'hello')",
     NULL, 2},
    {"out-of-range", NULL, 1000, "protocol_error",
     "it sent 'move 99', but moves are numbered 0 to 8", NULL, 2},
    {"illegal", NULL, 1000, "illegal_move", "'move-text zz9' names no legal move at ply ", NULL,
     2},
    {"silence", NULL, 1000, "time_forfeit",
     "no answer within 1050 ms (the budget of 50 ms plus the margin of 1000 ms) at ply ", NULL, 2},
    {"long-line", NULL, 1000, "protocol_error",
     ": a line longer than 4096 bytes, starting 'log info yyyyyyyyyyyyyyyyyyyy", NULL, 2},
    {"exit", NULL, 1000, "early_exit", "exited with status 3 at ply ", NULL, 2},
    {"bad-seldepth", NULL, 1000, "protocol_error",
     "it sent \"info depth 2 seldepth 99999999999\" ('info seldepth' takes a whole number of 32 "
     "bits, not '99999999999')",
     NULL, 2},
    {"ready", NULL, 1000, "protocol_error",
     "it sent 'ready' where 'info', 'move' or 'move-text' was expected", NULL, 2},
    {"gives-up", NULL, 1000, "agent_error", ": cannot think today", NULL, 2},
    {"loud", "agent_output_limit_kb = 4\n", 1000, "output_limit",
     "printed more than its limit of 4 KiB at ply ", "xxxxxxxxxx\n", 4},
    /* A margin of a minute: on a loaded machine the spinning program may get
     * its 100 ms of CPU time only after seconds of wall time, and the limit
     * under test is the CPU one. */
    {"spin", "cpu_limit = 2\n", 60000, "cpu_limit",
     " ms of CPU time, more than its limit of 100 ms (2 times the budget of 50 ms) at ply ", NULL,
     2},
};

/* The agent of MODE against first-open and random, 2 games a pair: it
 * plays games 0 to 3; games 4 and 5 are first-open against random. */
static void play_misbehaving(struct run *run, char *dir, size_t size, const char *mode,
                             const char *extra, int margin_ms)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = misdeeds\nseed = 7\ngames_per_pair = 2\n"
             "time_per_move_ms = 50\ntime_margin_ms = %d\n%s"
             "[game]\nplugin = mnk\n"
             "[agent bad]\ncommand = %s %s %s\n"
             "[agent first-open]\nplugin = first-open\n"
             "[agent random]\nplugin = random\n",
             margin_ms, extra ? extra : "", TOURNEY_TEST_PYTHON, MISBEHAVING, mode);
    play_config(run, dir, size, text);
}

static void check_misdeed(const struct misdeed *m)
{
    print_message("%s\n", m->mode);
    struct run run;
    char dir[64];
    play_misbehaving(&run, dir, sizeof(dir), m->mode, m->extra, m->margin_ms);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 6);
    for (size_t i = 0; i < 6; i++) {
        json_t *game = json_array_get(games, i);
        if (i >= 4) {
            assert_string_equal(text_of(game, "termination"), "normal");
            continue;
        }
        const char *reason = text_of(game, "reason");
        if (strcmp(text_of(game, "termination"), m->termination) != 0 ||
            strstr(reason, m->reason) == NULL) {
            print_error("%s, game %zu: %s '%s', expected %s with '%s'\n", m->mode, i,
                        text_of(game, "termination"), reason, m->termination, m->reason);
            fail();
        }
        assert_string_equal(text_of(game, "fault"), "bad");
        /* The game it moves second in goes a ply further. */
        char ply[16];
        snprintf(ply, sizeof(ply), "at ply %d", m->ply + (int)(i % 2));
        assert_non_null(strstr(reason, ply));
        const char *output = text_of(json_object_get(game, "output"), "bad");
        if (m->output != NULL) {
            assert_non_null(strstr(output, m->output));
        } else {
            assert_string_equal(output, "");
        }
    }
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

static void test_protocol_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(misdeeds) / sizeof(misdeeds[0]); i++) {
        check_misdeed(&misdeeds[i]);
    }
}

/* A program reads only what it needs (the interpreter, its script, the
 * config's directory): /etc/passwd is refused by Landlock; writing a file
 * fails as on a read-only file system (the filter of programs). */
static void test_a_program_is_confined(void **state)
{
    (void)state;
    /* landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) */
    if (syscall(444, NULL, 0, 1U) < 1) {
        print_message("skipped: this kernel has no Landlock\n");
        return;
    }
    static const struct misdeed snoop = {
        "snoop",
        NULL,
        1000,
        "agent_error",
        ": reading failed: PermissionError; writing failed: OSError",
        NULL,
        2};
    check_misdeed(&snoop);
}

/* The config's text and the directory of its last run's config. */
struct ponder_runs {
    const char *text;
    char dir[64];
};

static void play_ponder(struct run *run, void *context)
{
    struct ponder_runs *runs = context;
    if (runs->dir[0] != '\0') {
        remove_tree(runs->dir);
    }
    play_config(run, runs->dir, sizeof(runs->dir), runs->text);
}

/* A program whose thread spins on, whoever's turn it is, against a search
 * that uses its whole budget: stopped once it has answered, it takes
 * (almost) nothing from its opponent, as a plugin agent (e2e.isolation's
 * no pondering); and each of its moves has its CPU time in the log. */
static void test_a_program_does_not_ponder(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = ponder\nseed = 7\ngames_per_pair = 2\n"
             "time_per_move_ms = 100\ntime_margin_ms = 1000\njobs = 1\n"
             "[game]\nplugin = connect4\n"
             "[agent ponder]\ncommand = %s %s ponder\n"
             "[agent searcher]\nplugin = negamax-ab-ids\n",
             TOURNEY_TEST_PYTHON, MISBEHAVING);
    struct ponder_runs runs = {.text = text, .dir = ""};
    struct run run;
    json_t *games = play_without_pondering(play_ponder, &runs, "ponder", &run);
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        assert_string_equal(text_of(game, "termination"), "normal");
        json_t *cpu = json_object_get(game, "cpu_ns");
        assert_int_equal(json_array_size(cpu), json_array_size(json_object_get(game, "moves")));
        for (size_t m = 0; m < json_array_size(cpu); m++) {
            assert_true(json_is_integer(json_array_get(cpu, m)));
        }
    }
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(runs.dir);
}

/* Validate refuses what cannot start, at the line of its command. */
static void refused(const char *command, const char *expected)
{
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "commands");
    char config[128];
    snprintf(config, sizeof(config), "%s/refused.ini", dir);
    write_file(config,
               "[tournament]\ngames_per_pair = 2\n[game]\nplugin = mnk\n"
               "[agent bad]\ncommand = %s\n[agent random]\nplugin = random\n",
               command);
    struct run run = {0};
    const char *validate[] = {"validate", config, NULL};
    run_tourney(&run, validate);
    assert_int_equal(run.status, 2);
    char line[256];
    snprintf(line, sizeof(line), "%s:6: ", config);
    assert_file_has(run.err, line);
    assert_file_has(run.err, expected);
    remove_tree(run.dir);
    remove_tree(dir);
}

static void test_programs_that_cannot_start(void **state)
{
    (void)state;
    char command[512];
    snprintf(command, sizeof(command), "%s %s old-greeting", TOURNEY_TEST_PYTHON, MISBEHAVING);
    refused(command, "it broke the protocol: it speaks version 0 of the protocol, the runner "
                     "version 1");
    refused("no-such-agent-program --fast",
            "cannot run agent 'bad': no program 'no-such-agent-program' in the directories of "
            "PATH");
    refused("./missing.py", "cannot run agent 'bad': cannot run ");
    snprintf(command, sizeof(command), "%s -c 'import no_such_module'", TOURNEY_TEST_PYTHON);
    refused(command, "it exited with status 1 before it answered the greeting; its last output: "
                     "ModuleNotFoundError: No module named 'no_such_module'");
    /* A launcher that starts another process, as a shell does for a pipe. */
    refused("/bin/sh -c 'true | true'",
            "it was killed by SIGSYS before it answered the greeting (the sandbox forbade a "
            "system call: a launcher that starts the interpreter as another process cannot run "
            "under it; name the interpreter itself)");
    refused("python3 agent.py > log", "bad command 'python3 agent.py > log' of agent 'bad': '>' "
                                      "outside quotes: the command is not run by a shell");
}

/* The clock of the agent that sleeps, replayed from the moves' times: after
 * each of its moves, the time it took comes off and the increment goes on;
 * each `go` it logged says what was left, in whole milliseconds, the last
 * one that of the move that lost on time (and is not in the record). */
static void check_told_times(json_t *game, int seat, uint64_t base_ns, uint64_t increment_ns,
                             int max_plies)
{
    json_t *times = json_object_get(game, "time_ns");
    json_t *log = json_object_get(game, "log");
    uint64_t clock[2] = {base_ns, base_ns};
    size_t told = 0;
    for (size_t ply = 0; ply <= json_array_size(times); ply++) {
        int mover = (int)(ply % 2);
        if (mover == seat) {
            json_t *message = json_array_get(log, told++);
            assert_non_null(message);
            assert_int_equal(json_integer_value(json_object_get(message, "ply")), (int)ply);
            /* The runner's share (tourney_clock_share): what is left over
             * the moves to come (at most 20), plus the increment, at most a
             * third of what is left. */
            uint64_t moves = (uint64_t)(max_plies - (int)ply + 1) / 2;
            moves = moves < 1 ? 1 : moves > 20 ? 20 : moves;
            uint64_t share = clock[seat] / moves + increment_ns;
            share = share < clock[seat] / 3 ? share : clock[seat] / 3;
            char expected[160];
            snprintf(expected, sizeof(expected),
                     "go budget %llu remaining %llu increment %llu opponent %llu",
                     (unsigned long long)(share / 1000000),
                     (unsigned long long)(clock[seat] / 1000000),
                     (unsigned long long)(increment_ns / 1000000),
                     (unsigned long long)(clock[1 - seat] / 1000000));
            assert_string_equal(text_of(message, "message"), expected);
        }
        if (ply == json_array_size(times)) {
            break;
        }
        uint64_t took = (uint64_t)json_integer_value(json_array_get(times, ply));
        assert_true(took < clock[mover]);
        clock[mover] = clock[mover] - took + increment_ns;
    }
    assert_int_equal(told, json_array_size(log));
}

/* time_control = 0.5+0.1 on 4x4 (four in a row), the agent sleeping 0.25 s
 * a move: 0.5 s, then 0.35, then 0.2, too little for its third move, which
 * loses on time though it comes well within the margin. */
static void test_clock_runs_out(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = clock\nseed = 3\ngames_per_pair = 2\n"
             "time_control = 0.5+0.1\ntime_margin_ms = 5000\n"
             "[game]\nplugin = mnk\nrows = 4\ncols = 4\nk = 4\n"
             "[agent sleeper]\ncommand = %s %s sleep 0.25\n"
             "[agent first-open]\nplugin = first-open\n",
             TOURNEY_TEST_PYTHON, MISBEHAVING);
    struct run run;
    char dir[64];
    play_config(&run, dir, sizeof(dir), text);
    json_t *games = load_games(&run);
    assert_int_equal(json_array_size(games), 2);
    for (size_t i = 0; i < 2; i++) {
        json_t *game = json_array_get(games, i);
        int seat = (int)i; /* the sleeper moves first in game 0 */
        assert_string_equal(text_of(game, "termination"), "time_forfeit");
        assert_string_equal(text_of(game, "fault"), "sleeper");
        assert_string_equal(text_of(game, "winner"), "first-open");
        /* Its third move, at ply 4 or 5. */
        assert_int_equal(json_array_size(json_object_get(game, "moves")), 4 + i);
        char expected[96];
        snprintf(expected, sizeof(expected), "its clock ran out at ply %zu: the move took 0.2",
                 4 + i);
        assert_non_null(strstr(text_of(game, "reason"), expected));
        check_told_times(game, seat, UINT64_C(500000000), UINT64_C(100000000), 16);
    }
    json_decref(games);

    /* The reports show the clock: the sleeper's lowest was none left. */
    json_t *summary = load_summary(&run);
    assert_string_equal(text_of(json_object_get(summary, "tournament"), "time_control"),
                        "0.5+0.1");
    static const char *const names[] = {"sleeper", "first-open"};
    for (size_t i = 0; i < 2; i++) {
        json_t *agent = find_agent(summary, names[i]);
        json_t *clock = json_object_get(json_object_get(agent, "search"), "clock");
        assert_non_null(clock);
        double lowest = json_real_value(json_object_get(clock, "lowest_s"));
        if (strcmp(text_of(agent, "name"), "sleeper") == 0) {
            assert_true(lowest == 0.0);
            assert_int_equal(get_int(json_object_get(agent, "faults"), "time_forfeit"), 2);
        } else {
            /* first-open answers at once: barely a dent in 0.5 s. */
            assert_true(lowest > 0.4 && lowest < 0.5);
        }
    }
    json_decref(summary);
    char report[128];
    snprintf(report, sizeof(report), "%s/reports/report.md", run.dir);
    assert_file_has(report, "- Time control: 0.5+0.1\n");
    assert_file_has(report, "| clock s/game | lowest clock s |");
    remove_tree(run.dir);
    remove_tree(dir);
}

/* An agent that sleeps past its whole clock and the margin is killed there. */
static void test_clock_hard_limit(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = clock\nseed = 3\ngames_per_pair = 2\n"
             "time_control = 0.3\ntime_margin_ms = 200\n"
             "[game]\nplugin = mnk\n"
             "[agent sleeper]\ncommand = %s %s sleep 30\n"
             "[agent first-open]\nplugin = first-open\n",
             TOURNEY_TEST_PYTHON, MISBEHAVING);
    struct run run;
    char dir[64];
    play_config(&run, dir, sizeof(dir), text);
    json_t *games = load_games(&run);
    for (size_t i = 0; i < 2; i++) {
        json_t *game = json_array_get(games, i);
        assert_string_equal(text_of(game, "termination"), "time_forfeit");
        char expected[160];
        snprintf(expected, sizeof(expected),
                 "no answer within 500 ms (the time left on its clock, 300 ms plus the margin "
                 "of 200 ms) at ply %zu",
                 i);
        assert_string_equal(text_of(game, "reason"), expected);
    }
    json_decref(games);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* negamax-ab-ids on a clock of 2 s and 50 ms a move: it spends the clock
 * as it sees fit and never runs out; the reports say how much it used. */
static void test_plugins_on_a_clock(void **state)
{
    (void)state;
    struct run run;
    char dir[64];
    play_config(&run, dir, sizeof(dir),
                "[tournament]\nname = clock\nseed = 3\ngames_per_pair = 2\n"
                "time_control = 2+0.05\n"
                "[game]\nplugin = connect4\n"
                "[agent negamax-ab-ids]\nplugin = negamax-ab-ids\n"
                "[agent random]\nplugin = random\n");
    json_t *summary = load_summary(&run);
    assert_int_equal(get_int(json_object_get(summary, "terminations"), "normal"), 2);
    json_t *agent = find_agent(summary, "negamax-ab-ids");
    json_t *search = json_object_get(agent, "search");
    json_t *clock = json_object_get(search, "clock");
    double lowest = json_real_value(json_object_get(clock, "lowest_s"));
    double per_game = json_real_value(json_object_get(clock, "per_game_s"));
    double think = json_real_value(json_object_get(search, "think_s"));
    assert_true(lowest > 0.0 && lowest < 2.05);
    assert_true(fabs(per_game - think / 2) < 1e-9);
    /* No budget was given, so no move went over one. */
    assert_int_equal(get_int(search, "over_budget"), 0);
    json_decref(summary);
    remove_tree(run.dir);
    remove_tree(dir);
}

/* A tournament with a program on a clock resumes to the same games: the
 * log's header names the command and the clock, and a copy of greedy that
 * has since changed makes it another tournament. */
static void test_resume_with_a_program_on_a_clock(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "commands");
    char copy[512];
    /* The helper beside the script: the config's folder is not the agent's. */
    snprintf(copy, sizeof(copy),
             "mkdir '%s/examples' && cp '%s' '%s/examples/' && cp '%s' '%s/examples/'", dir,
             GREEDY, dir, TOURNEY_TEST_SOURCE_DIR "/bindings/python/tourney_agent.py", dir);
    assert_int_equal(system(copy), 0);
    char config[128];
    snprintf(config, sizeof(config), "%s/commands.ini", dir);
    write_file(config,
               "[tournament]\nname = resumed\nseed = 5\ngames_per_pair = 2\n"
               "time_control = 5+0.1\n"
               "[game]\nplugin = mnk\n"
               "[agent greedy]\ncommand = %s examples/greedy.py\n"
               "[agent first-open]\nplugin = first-open\n"
               "[agent random]\nplugin = random\n",
               TOURNEY_TEST_PYTHON);
    struct run full;
    play(&full, config);

    struct run run;
    make_run_dir(&run, "commands");
    char command[512];
    snprintf(command, sizeof(command),
             "mkdir -p '%s/reports' && cp '%s/reports/games.jsonl' '%s/reports/'", run.dir,
             full.dir, run.dir);
    assert_int_equal(system(command), 0);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    /* The header, two whole games and the beginning of the third. */
    cut_in_line(log, 4, 20);
    resume_ok(&run, config, NULL);
    assert_file_has(run.err, "2 of 6 games already played");
    size_t lines = 0;
    size_t full_lines = 0;
    char *games = games_without_times(&run, &lines);
    char *full_games = games_without_times(&full, &full_lines);
    assert_int_equal(lines, 6);
    assert_int_equal(full_lines, 6);
    assert_string_equal(games, full_games);
    free(games);
    free(full_games);

    char script[128];
    snprintf(script, sizeof(script), "%s/examples/greedy.py", dir);
    char *text = slurp(script);
    write_file(script, "%s# changed\n", text);
    free(text);
    cut_in_line(log, 4, 20);
    resume(&run, config, NULL);
    assert_int_equal(run.status, 1);
    assert_file_has(run.err, "the program of agent 'greedy' has changed since the log was "
                             "written");
    remove_tree(run.dir);
    remove_tree(full.dir);
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_on_3x3),
        cmocka_unit_test(test_greedy_on_connect4),
        cmocka_unit_test(test_protocol_errors),
        cmocka_unit_test(test_a_program_is_confined),
        cmocka_unit_test(test_a_program_does_not_ponder),
        cmocka_unit_test(test_programs_that_cannot_start),
        cmocka_unit_test(test_clock_runs_out),
        cmocka_unit_test(test_clock_hard_limit),
        cmocka_unit_test(test_plugins_on_a_clock),
        cmocka_unit_test(test_resume_with_a_program_on_a_clock),
    };
    return cmocka_run_group_tests_name("commands", tests, NULL, NULL);
}
