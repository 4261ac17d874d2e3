/*
 * The runner trusts no file and no plugin's answer, through the real binary:
 * two tourneys in one output directory; a results log whose header names
 * code to run; plugin files cut short before a run and while it runs; a
 * game that lies about its positions; an agent in the runner's process that
 * writes into the position it is given. Each is an attack that once
 * succeeded: two runs logged the same games twice, `tourney report` ran the
 * file a log named, the runner died of SIGBUS, a status of 42 was logged as
 * a draw, and the agent drew a game it had lost.
 */
#include "test.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#include <xxhash.h>

#include "binary.h"

/* What a second tourney says, after "tourney: " or "tourney merge: ". */
#define LOCK_MESSAGE                                                                          \
    "%s is in use by another tourney (pid %ld), which holds %s/.tourney.lock; wait until it " \
    "is done, or write into another directory\n"

/* A config at DIR/NAME: [tournament] with EXTRA, the game and agents in
 * REST. */
static void write_config(char *path, size_t size, const char *dir, const char *name,
                         const char *extra, const char *rest)
{
    snprintf(path, size, "%s/%s", dir, name);
    write_file(path, "[tournament]\nname = %s\nseed = 5\n%s\n%s", name, extra, rest);
}

static void assert_status(const struct run *run, int status)
{
    if (run->status != status) {
        char *err = slurp(run->err);
        print_error("exit status %d, expected %d; stderr:\n%s\n", run->status, status, err);
        free(err);
        fail();
    }
}

/* ---- one tourney per output directory ------------------------------- */

/* An agent that hangs from its third move on, against first-open: every
 * game waits out its hard limit (120 ms), so a run of 24 games lasts. */
static const char slow_config[] =
    "[game]\nplugin = mnk\n"
    "[agent sleeper]\nplugin = " TOURNEY_TEST_PLUGIN_DIR "/zoo_sleep.so\n"
    "[agent first-open]\nplugin = first-open\n";

static void test_two_runs_one_directory(void **state)
{
    (void)state;
    struct run first;
    make_run_dir(&first, "lock");
    char config[160];
    write_config(config, sizeof(config), first.dir, "slow.ini",
                 "games_per_pair = 24\ntime_per_move_ms = 20\ntime_margin_ms = 100\n",
                 slow_config);
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", first.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    const char *args[] = {"run", config, "--quiet", "--jobs", "2", "--output", output, NULL};
    pid_t pid = start_tourney(&first, args);
    wait_for_lines(log, 2);

    /* While it plays, a second run, a resumed one and a report of its
     * directory refuse at once, naming it; and touch nothing. */
    char expected[512];
    snprintf(expected, sizeof(expected), "tourney: " LOCK_MESSAGE, output, (long)pid, output);
    struct run second;
    make_run_dir(&second, "lock");
    run_tourney(&second, args);
    assert_status(&second, 1);
    assert_file_has(second.err, expected);
    const char *resumed[] = {"run", config, "--quiet", "--resume", "--output", output, NULL};
    run_tourney(&second, resumed);
    assert_status(&second, 1);
    assert_file_has(second.err, expected);
    const char *report[] = {"report", output, NULL};
    run_tourney(&second, report);
    assert_status(&second, 1);
    assert_file_is(second.err, expected);

    wait_tourney(&first, pid);
    assert_status(&first, 0);
    assert_int_equal(count_lines(log), 25);
    /* The games are those of the same run alone. */
    struct run alone;
    play(&alone, config);
    size_t lines = 0;
    size_t alone_lines = 0;
    char *games = games_without_times(&first, &lines);
    char *alone_games = games_without_times(&alone, &alone_lines);
    assert_int_equal(lines, 24);
    assert_int_equal(alone_lines, 24);
    assert_string_equal(games, alone_games);
    free(games);
    free(alone_games);
    /* Once it is done, the directory is free again. */
    run_tourney_ok(&second, report);
    remove_tree(alone.dir);
    remove_tree(second.dir);
    remove_tree(first.dir);
}

/* A merge into a directory another process holds refuses, naming it. */
static void test_merge_into_a_held_directory(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "lock");
    char config[160];
    write_config(config, sizeof(config), run.dir, "small.ini", "games_per_pair = 2\n",
                 "[game]\nplugin = mnk\n[agent first-open]\nplugin = first-open\n"
                 "[agent random]\nplugin = random\n");
    char shard[128];
    snprintf(shard, sizeof(shard), "%s/shard", run.dir);
    const char *args[] = {"run", config, "--quiet", "--output", shard, NULL};
    run_tourney_ok(&run, args);

    char merged[128];
    char lock[160];
    snprintf(merged, sizeof(merged), "%s/merged", run.dir);
    snprintf(lock, sizeof(lock), "%s/.tourney.lock", merged);
    assert_int_equal(mkdir(merged, 0777), 0);
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
    char pid[32];
    int length = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
    assert_int_equal(write(fd, pid, (size_t)length), length);
    const char *merge[] = {"merge", merged, shard, NULL};
    run_tourney(&run, merge);
    assert_status(&run, 1);
    char expected[512];
    snprintf(expected, sizeof(expected), "tourney merge: " LOCK_MESSAGE, merged, (long)getpid(),
             merged);
    assert_file_is(run.err, expected);
    assert_int_equal(access(merged, F_OK), 0);
    char merged_log[160];
    snprintf(merged_log, sizeof(merged_log), "%s/games.jsonl", merged);
    assert_int_not_equal(access(merged_log, F_OK), 0);
    close(fd);
    run_tourney_ok(&run, merge);
    assert_int_equal(count_lines(merged_log), 3);
    remove_tree(run.dir);
}

/* ---- a results log names no code ----------------------------------- */

static void file_digest(const char *path, char hex[33])
{
    char *bytes = NULL;
    size_t size = 0;
    FILE *file = fopen(path, "rb");
    assert_non_null(file);
    assert_int_equal(fseek(file, 0, SEEK_END), 0);
    size = (size_t)ftell(file);
    rewind(file);
    bytes = malloc(size + 1);
    assert_int_equal(fread(bytes, 1, size, file), size);
    fclose(file);
    XXH128_hash_t hash = XXH3_128bits(bytes, size);
    snprintf(hex, 33, "%016llx%016llx", (unsigned long long)hash.high64,
             (unsigned long long)hash.low64);
    free(bytes);
}

/* Rewrites the header of the log at PATH with KEY set to VALUE, sealed
 * again as the runner seals it: the check is a digest anyone can compute. */
static void reseal_header(const char *path, const char *key, const char *value)
{
    char *text = slurp(path);
    size_t end = line_end(text, 1);
    char *line = strndup(text, end);
    json_t *header = json_loads(line, 0, NULL);
    assert_non_null(header);
    json_object_del(header, "check");
    json_object_set_new(header, key, json_string(value));
    char *body = json_dumps(header, JSON_COMPACT);
    XXH128_hash_t hash = XXH3_128bits(body, strlen(body));
    char check[33];
    snprintf(check, sizeof(check), "%016llx%016llx", (unsigned long long)hash.high64,
             (unsigned long long)hash.low64);
    json_object_set_new(header, "check", json_string(check));
    char *sealed = json_dumps(header, JSON_COMPACT);
    write_file(path, "%s\n%s", sealed, text + end);
    free(sealed);
    free(body);
    json_decref(header);
    free(line);
    free(text);
}

static void test_log_names_no_code(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "trust");
    char config[160];
    write_config(config, sizeof(config), run.dir, "named.ini",
                 "games_per_pair = 2\nisolation = none\n",
                 "[game]\nplugin = mnk\n[agent first-open]\nplugin = first-open\n"
                 "[agent random]\nplugin = random\n");
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    const char *args[] = {"run", config, "--quiet", "--output", output, NULL};
    run_tourney_ok(&run, args);

    /* The header now names a shared object with a constructor, and its
     * digest, sealed again. */
    char digest[33];
    file_digest(TOURNEY_TEST_MARKER_SO, digest);
    reseal_header(log, "game_path", TOURNEY_TEST_MARKER_SO);
    reseal_header(log, "game_digest", digest);
    char marker[160];
    snprintf(marker, sizeof(marker), "%s/the-log-ran-code", run.dir);
    setenv("TOURNEY_TEST_MARKER", marker, 1);

    /* The game is looked up by name; mnk's digest is not the log's now. */
    char refused[512];
    snprintf(refused, sizeof(refused),
             "%s/games/mnk.so is not the game plugin the log was played with (its digest "
             "differs)\n",
             TOURNEY_TEST_BUILD_ROOT);
    const char *report[] = {"report", output, NULL};
    run_tourney(&run, report);
    assert_status(&run, 0);
    assert_int_not_equal(access(marker, F_OK), 0);
    assert_file_has(run.err, "tourney: report.html shows moves without boards, and no game's end "
                             "was checked against its moves: ");
    assert_file_has(run.err, refused);

    const char *replay[] = {"replay", output, "0", NULL};
    run_tourney(&run, replay);
    assert_status(&run, 1);
    assert_int_not_equal(access(marker, F_OK), 0);
    assert_file_has(run.err, "tourney: cannot show the boards: ");
    assert_file_has(run.err, refused);

    char merged[128];
    snprintf(merged, sizeof(merged), "%s/merged", run.dir);
    const char *merge[] = {"merge", merged, output, NULL};
    run_tourney(&run, merge);
    assert_status(&run, 0);
    assert_int_not_equal(access(marker, F_OK), 0);
    assert_file_has(run.err, refused);
    unsetenv("TOURNEY_TEST_MARKER");
    remove_tree(run.dir);
}

/* ---- plugin files cut short ------------------------------------------ */

static void test_plugin_cut_short(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "trust");
    char path[1024];
    snprintf(path, sizeof(path), "%s/plugins", run.dir);
    assert_int_equal(mkdir(path, 0777), 0);
    snprintf(path, sizeof(path), "%s/plugins/games", run.dir);
    assert_int_equal(mkdir(path, 0777), 0);
    snprintf(path, sizeof(path), "%s/plugins/games/mnk.so", run.dir);
    copy_file(TOURNEY_TEST_GAME_DIR "/mnk.so", path, 20000);
    snprintf(path, sizeof(path), "%s/plugins/cut-random.so", run.dir);
    copy_file(TOURNEY_TEST_AGENT_DIR "/random.so", path, 8000);
    snprintf(path, sizeof(path), "%s/plugins/games/whole.so", run.dir);
    copy_file(TOURNEY_TEST_GAME_DIR "/mnk.so", path, 0);

    static const struct {
        const char *extra;
        const char *game;
        const char *agent;
        const char *file; /* the one refused */
        int line;
    } cases[] = {
        {"", "mnk", "random", "games/mnk.so", 8},
        {"isolation = none\n", "mnk", "random", "games/mnk.so", 9},
        {"isolation = none\n", "whole", "cut-random", "cut-random.so", 13},
        {"", "whole", "cut-random", "cut-random.so", 12},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char extra[128];
        snprintf(extra, sizeof(extra), "plugin_path = plugins\ngames_per_pair = 2\n%s",
                 cases[i].extra);
        char rest[256];
        snprintf(rest, sizeof(rest),
                 "[game]\nplugin = %s\n[agent first-open]\nplugin = first-open\n"
                 "[agent other]\nplugin = %s\n",
                 cases[i].game, cases[i].agent);
        char config[160];
        write_config(config, sizeof(config), run.dir, "cut.ini", extra, rest);
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "%s:%d: cannot load %s plugin '%s': %s/plugins/%s: the file is cut short: it "
                 "has %d bytes, and its ELF headers need ",
                 config, cases[i].line, strstr(cases[i].file, "games/") ? "game" : "agent",
                 strstr(cases[i].file, "games/") ? cases[i].game : cases[i].agent, run.dir,
                 cases[i].file, strstr(cases[i].file, "games/") ? 20000 : 8000);
        const char *validate[] = {"validate", config, NULL};
        run_tourney(&run, validate);
        assert_status(&run, 2);
        assert_file_has(run.err, expected);
        const char *play_it[] = {"run", config, "--quiet", NULL};
        run_tourney(&run, play_it);
        assert_status(&run, 2);
        assert_file_has(run.err, expected);
    }
    remove_tree(run.dir);
}

/* The game and an agent of the runner's process cut to nothing while the
 * tournament plays: what the runner loaded is its own copy. */
static void test_plugin_cut_while_running(void **state)
{
    (void)state;
    const char rest[] = "[game]\nplugin = mnk\nrows = 7\ncols = 7\nk = 5\n"
                        "[agent mcts]\nplugin = mcts\niterations = 3000\n"
                        "[agent random]\nplugin = random\n";
    const char extra[] = "plugin_path = plugins\nisolation = none\ngames_per_pair = 12\n";
    struct run runs[2];
    for (int i = 0; i < 2; i++) {
        make_run_dir(&runs[i], "trust");
        char path[1024];
        snprintf(path, sizeof(path), "%s/plugins", runs[i].dir);
        assert_int_equal(mkdir(path, 0777), 0);
        snprintf(path, sizeof(path), "%s/plugins/games", runs[i].dir);
        assert_int_equal(mkdir(path, 0777), 0);
        snprintf(path, sizeof(path), "%s/plugins/games/mnk.so", runs[i].dir);
        copy_file(TOURNEY_TEST_GAME_DIR "/mnk.so", path, 0);
        snprintf(path, sizeof(path), "%s/plugins/mcts.so", runs[i].dir);
        copy_file(TOURNEY_TEST_AGENT_DIR "/mcts.so", path, 0);
    }
    char config[160];
    write_config(config, sizeof(config), runs[0].dir, "cut.ini", extra, rest);
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", runs[0].dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    const char *args[] = {"run", config, "--quiet", "--jobs", "1", "--output", output, NULL};
    pid_t pid = start_tourney(&runs[0], args);
    wait_for_lines(log, 3);
    char path[1024];
    snprintf(path, sizeof(path), "%s/plugins/games/mnk.so", runs[0].dir);
    assert_int_equal(truncate(path, 0), 0);
    snprintf(path, sizeof(path), "%s/plugins/mcts.so", runs[0].dir);
    assert_int_equal(truncate(path, 0), 0);
    wait_tourney(&runs[0], pid);
    assert_status(&runs[0], 0);

    /* The same games as a run whose files were left alone. */
    char whole[160];
    write_config(whole, sizeof(whole), runs[1].dir, "cut.ini", extra, rest);
    snprintf(output, sizeof(output), "%s/reports", runs[1].dir);
    args[1] = whole;
    args[6] = output;
    run_tourney_ok(&runs[1], args);
    size_t lines[2];
    char *games[2];
    for (int i = 0; i < 2; i++) {
        games[i] = games_without_times(&runs[i], &lines[i]);
    }
    assert_int_equal(lines[0], 12);
    assert_int_equal(lines[1], 12);
    assert_string_equal(games[0], games[1]);
    for (int i = 0; i < 2; i++) {
        free(games[i]);
        remove_tree(runs[i].dir);
    }
}

/* ---- a game that lies -------------------------------------------------- */

/* Plays the liar (tests/games/plugins/liar.c) telling LIE from game FROM_GAME on at
 * ply 2: first-open against random, four games. */
static void play_liar(struct run *run, const char *lie, int from_game, const char *jobs)
{
    make_run_dir(run, "liar");
    char extra[64];
    snprintf(extra, sizeof(extra), "games_per_pair = 4\n");
    char rest[512];
    snprintf(rest, sizeof(rest),
             "[game]\nplugin = " TOURNEY_TEST_LIAR "\nlie = %s\nfrom_game = %d\n"
             "[agent first-open]\nplugin = first-open\n[agent random]\nplugin = random\n",
             lie, from_game);
    char config[160];
    write_config(config, sizeof(config), run->dir, "liar.ini", extra, rest);
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    const char *args[] = {"run", config, "--quiet", "--jobs", jobs, "--output", output, NULL};
    run_tourney(run, args);
}

static void test_lying_game(void **state)
{
    (void)state;
    static const struct {
        const char *lie;
        const char *what;
    } lies[] = {
        {"status", "its status is 42, none of ongoing (0), draw (1), first wins (2) and second "
                   "wins (3)"},
        {"to_move", "it says player 5 is to move, not 0 or 1"},
        {"negative", "it lists the legal move -2, outside [0, 9) (its move_limit)"},
        {"huge", "it lists the legal move 1000000, outside [0, 9) (its move_limit)"},
        {"twice", "it lists the legal move 1 twice"},
        {"order", "it lists legal moves out of ascending order (8 before 7)"},
        {"count", "it lists 10 legal moves, more than its move_limit of 9"},
        {"none", "it says the game goes on, and lists 0 legal moves"},
    };
    for (size_t i = 0; i < sizeof(lies) / sizeof(lies[0]); i++) {
        struct run run;
        play_liar(&run, lies[i].lie, 2, "1");
        assert_status(&run, 1);
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "tourney: game plugin 'liar' broke its contract at ply 2 (in the position "
                 "x . . / o . . / . . .): %s while playing game 2\n",
                 lies[i].what);
        assert_file_has(run.err, expected);
        /* The games before it are in the log and the reports. */
        char log[160];
        snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
        assert_int_equal(count_lines(log), 3);
        json_t *summary = load_summary(&run);
        assert_int_equal(get_int(json_object_get(summary, "tournament"), "games_played"), 2);
        json_decref(summary);
        remove_tree(run.dir);
    }

    /* Past its own max_plies, in every game. */
    struct run run;
    play_liar(&run, "endless", 0, "1");
    assert_status(&run, 1);
    assert_file_has(run.err, "tourney: game plugin 'liar' broke its contract at ply 2 (in the "
                             "position x . . / . o . / . . .): the game goes on past its "
                             "max_plies of 2 while playing game 0\n");
    remove_tree(run.dir);

    /* Told by a worker process just the same. */
    play_liar(&run, "status", 0, "2");
    assert_status(&run, 1);
    /* Which worker is first to find it depends on timing. */
    assert_file_has(run.err, "tourney: game plugin 'liar' broke its contract at ply 2 (in the "
                             "position x . . / ");
    assert_file_has(run.err, "): its status is 42, none of ongoing (0), draw (1), first wins "
                             "(2) and second wins (3) while playing game ");
    json_t *summary = load_summary(&run);
    json_decref(summary);
    remove_tree(run.dir);

    /* Honest, it plays every game. */
    play_liar(&run, "honest", 0, "1");
    assert_status(&run, 0);
    char log[160];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    assert_int_equal(count_lines(log), 5);
    remove_tree(run.dir);
}

/* ---- an agent that writes into its const position ------------------- */

static void test_agent_writes_its_position(void **state)
{
    (void)state;
    static const char *const modes[] = {"none", "process"};
    for (int m = 0; m < 2; m++) {
        struct run run;
        make_run_dir(&run, "trust");
        char extra[64];
        snprintf(extra, sizeof(extra), "games_per_pair = 2\nisolation = %s\n", modes[m]);
        char config[160];
        write_config(config, sizeof(config), run.dir, "scribble.ini", extra,
                     "[game]\nplugin = mnk\n[agent scribbler]\nplugin = " TOURNEY_TEST_PLUGIN_DIR
                     "/zoo_const_state.so\n[agent first-open]\nplugin = first-open\n");
        char output[128];
        snprintf(output, sizeof(output), "%s/reports", run.dir);
        const char *args[] = {"run", config, "--quiet", "--output", output, NULL};
        run_tourney_ok(&run, args);
        json_t *games = load_games(&run);
        assert_int_equal(json_array_size(games), 2);
        for (size_t g = 0; g < 2; g++) {
            json_t *game = json_array_get(games, g);
            const char *termination = json_string_value(json_object_get(game, "termination"));
            const char *reason = json_string_value(json_object_get(game, "reason"));
            const char *result = json_string_value(json_object_get(game, "result"));
            if (m == 0) {
                /* In the runner's process: caught, and charged to it. */
                char expected[128];
                snprintf(expected, sizeof(expected),
                         "changed the position it was given (which is const) at ply %d",
                         g == 0 ? 2 : 3);
                assert_string_equal(termination, "agent_error");
                assert_string_equal(json_string_value(json_object_get(game, "fault")),
                                    "scribbler");
                assert_string_equal(reason, expected);
                assert_string_equal(result, g == 0 ? "0-1" : "1-0");
            } else {
                /* In its own process it wrote into its own copy. */
                assert_string_equal(termination, "normal");
                assert_string_equal(result, "1-0");
                assert_int_equal(json_array_size(json_object_get(game, "moves")), 7);
            }
        }
        json_decref(games);
        remove_tree(run.dir);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_runs_one_directory),
        cmocka_unit_test(test_merge_into_a_held_directory),
        cmocka_unit_test(test_log_names_no_code),
        cmocka_unit_test(test_plugin_cut_short),
        cmocka_unit_test(test_plugin_cut_while_running),
        cmocka_unit_test(test_lying_game),
        cmocka_unit_test(test_agent_writes_its_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
