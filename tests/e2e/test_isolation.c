/*
 * Agents in processes of their own, through the real binary: each agent of
 * the zoo (tests/plugins/zoo_*.c) misbehaves in one way in the middle of
 * its games; the tournament goes on (exit 0), every one of its games ends
 * with the right termination charged to it, and the games it did not play
 * are exactly those of a tournament where a well-behaved agent took its
 * place. Also: a plugin that exits while it loads is refused by name, and
 * isolation = none plays the very same games as isolation = process.
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    /* Nothing of the runner is open in an agent process: only its stdin,
     * stdout, stderr, the socket to the runner and /proc/self/status. */
    {"zoo_descriptors", NULL, "normal", NULL, NULL, "open descriptors: 0 1 2 3 4", false},
    {"zoo_descriptors", "sandbox = false", "normal", NULL, NULL, "open descriptors: 0 1 2 3 4",
     false},
    /* Threads are allowed, in the sandbox too. */
    {"zoo_threads", NULL, "normal", NULL, NULL, NULL, false},
};

static void check_case(const struct zoo_case *c, json_t *reference)
{
    struct run run;
    print_message("%s%s%s\n", c->plugin, c->extra ? ", " : "", c->extra ? c->extra : "");
    /* Filling 128 MiB can take a loaded machine more than the 1050 ms every
     * other case allows a move; the memory cases are about memory, not
     * time, so they are given 5 s. */
    play_zoo(&run, c->plugin, c->extra, c->needs_address_limit ? 5000 : 0);
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
        assert_int_equal(json_object_size(faults), 9);
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

static void test_the_zoo(void **state)
{
    (void)state;
    /* The same tournament with a well-behaved agent in the zoo's place. */
    struct run reference;
    play_zoo(&reference, "good_agent", NULL, 0);
    json_t *games = load_games(&reference);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (cases[i].needs_address_limit && !HAVE_ADDRESS_LIMIT) {
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_zoo),
        cmocka_unit_test(test_exit_while_loading),
        cmocka_unit_test(test_same_games_in_both_modes),
    };
    return cmocka_run_group_tests_name("isolation", tests, NULL, NULL);
}
