/*
 * Driving the real `tourney` binary from tests: run it, read what it wrote.
 */
#include "test.h"

#include "binary.h"

#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

const char *test_python(void)
{
    return access(TOURNEY_TEST_PYTHON, X_OK) == 0 ? TOURNEY_TEST_PYTHON : "/usr/bin/python3";
}

/* Runs the binary with ARGS (NULL-terminated, without argv[0]) in RUN's
 * directory (made if RUN->dir is empty), stdout and stderr into files. */
pid_t start_tourney(struct run *run, const char *const *args)
{
    if (run->dir[0] == '\0') {
        make_temp_dir(run->dir, sizeof(run->dir), "e2e");
    }
    snprintf(run->out, sizeof(run->out), "%s/stdout", run->dir);
    snprintf(run->err, sizeof(run->err), "%s/stderr", run->dir);
    char *argv[32] = {strdup(TOURNEY_TEST_EXE)};
    size_t argc = 1;
    for (; args[argc - 1] != NULL && argc < 31; argc++) {
        argv[argc] = strdup(args[argc - 1]);
    }
    argv[argc] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(run->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(run->err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            _exit(126);
        }
        setenv("TOURNEY_PLUGIN_PATH", TOURNEY_TEST_PLUGIN_DIR, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    for (size_t i = 0; i < argc; i++) {
        free(argv[i]);
    }
    return pid;
}

int wait_tourney(struct run *run, pid_t pid)
{
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    run->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return status;
}

void run_tourney(struct run *run, const char *const *args)
{
    int status = wait_tourney(run, start_tourney(run, args));
    assert_true(WIFEXITED(status));
}

void run_tourney_ok(struct run *run, const char *const *args)
{
    run_tourney(run, args);
    if (run->status != 0) {
        char *err = slurp(run->err);
        print_error("tourney");
        for (size_t i = 0; args[i] != NULL; i++) {
            print_error(" %s", args[i]);
        }
        print_error(" failed (%d):\n%s\n", run->status, err);
        free(err);
        fail();
    }
}

void make_run_dir(struct run *run, const char *prefix)
{
    memset(run, 0, sizeof(*run));
    make_temp_dir(run->dir, sizeof(run->dir), prefix);
}

void play(struct run *run, const char *config)
{
    make_run_dir(run, "e2e");
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    const char *args[] = {"run", config, "--output", output, NULL};
    run_tourney_ok(run, args);
}

/* Plays `tourney run CONFIG --quiet --resume ...` into RUN; when MUST_SUCCEED,
 * a failure fails the test with the run's stderr. */
static void run_resume(struct run *run, const char *config, const char *jobs, bool must_succeed)
{
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    /* Room for "--jobs JOBS" before the NULL that ends the list. */
    const char *args[] = {"run",  config, "--quiet", "--resume", "--output",
                          output, NULL,   NULL,      NULL};
    if (jobs != NULL) {
        args[6] = "--jobs";
        args[7] = jobs;
    }
    if (must_succeed) {
        run_tourney_ok(run, args);
    } else {
        run_tourney(run, args);
    }
}

void resume(struct run *run, const char *config, const char *jobs)
{
    run_resume(run, config, jobs, false);
}

void resume_ok(struct run *run, const char *config, const char *jobs)
{
    run_resume(run, config, jobs, true);
}

json_int_t interrupt_run(struct run *run, const char *prefix, const char *jobs, size_t games)
{
    make_run_dir(run, prefix);
    char output[128];
    char log[160];
    snprintf(output, sizeof(output), "%s/reports", run->dir);
    snprintf(log, sizeof(log), "%s/games.jsonl", output);
    const char *args[] = {"run", RESUME_CONFIG, "--quiet", "--output", output, NULL, NULL, NULL};
    if (jobs != NULL) {
        args[5] = "--jobs";
        args[6] = jobs;
    }
    pid_t pid = start_tourney(run, args);
    /* Once the games are on disk the run is under way (its handler
     * installed), and far from its 600th game. */
    wait_for_lines(log, games + 1);
    kill(pid, SIGINT);
    wait_tourney(run, pid);
    assert_int_equal(run->status, 130);
    assert_file_has(run->err, "tourney: interrupted after ");
    assert_file_has(run->err, "Resume with: tourney run " RESUME_CONFIG " --resume --output ");
    /* The reports of the games played are there and agree with the log. */
    json_t *summary = load_summary(run);
    json_int_t played = get_int(json_object_get(summary, "tournament"), "games_played");
    json_decref(summary);
    assert_true(played >= (json_int_t)games && played < 600);
    assert_int_equal(played + 1, (json_int_t)count_lines(log));
    return played;
}

int play_reference(void **state)
{
    struct run *reference = calloc(1, sizeof(*reference));
    assert_non_null(reference);
    play(reference, RESUME_CONFIG);
    *state = reference;
    return 0;
}

int remove_reference(void **state)
{
    struct run *reference = *state;
    remove_tree(reference->dir);
    free(reference);
    return 0;
}

json_t *load_summary(const struct run *run)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/reports/summary.json", run->dir);
    json_error_t error;
    json_t *summary = json_load_file(path, 0, &error);
    if (summary == NULL) {
        print_error("%s:%d: %s\n", path, error.line, error.text);
        fail();
    }
    return summary;
}

json_int_t get_int(json_t *object, const char *key)
{
    json_t *value = json_object_get(object, key);
    assert_true(json_is_integer(value));
    return json_integer_value(value);
}

/* The int at I of GAME's column KEY. */
static json_int_t column_at(json_t *game, const char *key, size_t i)
{
    json_t *value = json_array_get(json_object_get(game, key), i);
    assert_true(json_is_integer(value));
    return json_integer_value(value);
}

void pondering_of(json_t *games, const char *ponderer, json_int_t *stolen_us,
                  json_int_t *thinking_us)
{
    *stolen_us = 0;
    *thinking_us = 0;
    size_t i;
    json_t *game;
    json_array_foreach(games, i, game)
    {
        const char *seats = json_string_value(json_object_get(game, "seats"));
        const char *first = json_string_value(json_object_get(game, "first"));
        assert_non_null(seats);
        assert_non_null(first);
        /* The seat of PONDERER in this game. */
        char own = strcmp(first, ponderer) == 0 ? '0' : '1';
        json_int_t since = -1; /* the opponent's thinking since its last move */
        for (size_t m = 0; seats[m] != '\0'; m++) {
            if (seats[m] != own) {
                since += since >= 0 ? column_at(game, "time_ns", m) / 1000 : 0;
                continue;
            }
            if (since > 0) {
                *stolen_us += column_at(game, "nodes", m);
                *thinking_us += since;
            }
            since = 0;
        }
    }
}

json_t *play_without_pondering(void (*play_once)(struct run *run, void *context), void *context,
                               const char *ponderer, struct run *run)
{
    json_t *games = NULL;
    for (int attempt = 0; attempt < 3; attempt++) {
        if (games != NULL) {
            json_decref(games);
            remove_tree(run->dir);
        }
        play_once(run, context);
        games = load_games(run);
        assert_int_equal(json_array_size(games), 2);
        json_int_t stolen_us;
        json_int_t thinking_us;
        pondering_of(games, ponderer, &stolen_us, &thinking_us);
        print_message("the spinning thread ran %lld us while its opponent thought %lld us\n",
                      (long long)stolen_us, (long long)thinking_us);
        assert_true(thinking_us >= 200000);
        /* Only the moments it takes a stop or a continue to land. */
        if (stolen_us * 20 < thinking_us) {
            break;
        }
        assert_true(attempt < 2);
    }
    return games;
}

json_t *load_games(const struct run *run)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/reports/games.jsonl", run->dir);
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    json_t *games = json_array();
    assert_non_null(games);
    char *line = NULL;
    size_t capacity = 0;
    for (size_t number = 1; getline(&line, &capacity, file) > 0; number++) {
        json_error_t error;
        json_t *record = json_loads(line, 0, &error);
        if (record == NULL) {
            print_error("%s:%zu: %s\n", path, number, error.text);
            fail();
        }
        assert_true(json_is_string(json_object_get(record, "check")));
        if (json_object_get(record, "type") != NULL) {
            /* The header: the first line, and only there. */
            assert_int_equal(number, 1);
            assert_string_equal(json_string_value(json_object_get(record, "type")), "tournament");
            json_decref(record);
            continue;
        }
        assert_int_equal(json_array_append_new(games, record), 0);
    }
    free(line);
    fclose(file);
    return games;
}

char *games_without_times(const struct run *run, size_t *lines)
{
    json_t *games = load_games(run);
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    assert_non_null(memory);
    size_t i;
    json_t *record;
    json_array_foreach(games, i, record)
    {
        assert_true(json_is_array(json_object_get(record, "time_ns")));
        json_object_del(record, "time_ns");
        json_object_del(record, "cpu_ns");
        json_object_del(record, "check");
        char *dumped = json_dumps(record, JSON_SORT_KEYS | JSON_COMPACT);
        fprintf(memory, "%s\n", dumped);
        free(dumped);
    }
    *lines = json_array_size(games);
    json_decref(games);
    assert_int_equal(fclose(memory), 0);
    return text;
}

json_t *summary_without_times(const struct run *run)
{
    json_t *summary = load_summary(run);
    size_t i;
    json_t *agent;
    json_array_foreach(json_object_get(summary, "agents"), i, agent)
    {
        json_t *search = json_object_get(agent, "search");
        static const char *const clock[] = {"time_mean_ms", "time_median_ms", "time_p95_ms",
                                            "time_max_ms",  "think_s",        "nodes_per_second",
                                            "over_budget"};
        for (size_t k = 0; k < sizeof(clock) / sizeof(clock[0]); k++) {
            assert_int_equal(json_object_del(search, clock[k]), 0);
        }
        assert_int_equal(json_object_del(agent, "time_histogram"), 0);
    }
    return summary;
}

void wait_for_lines(const char *path, size_t lines)
{
    struct timespec pause = {0, 1000000L};
    for (int waited = 0; count_lines(path) < lines; waited++) {
        assert_true(waited < 30000);
        nanosleep(&pause, NULL);
    }
}

/* The games report.html shows, as the JSON it embeds for its replay viewer
 * (moves, agents' logs and output: no times). */
static char *replay_data(const struct run *run)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/reports/report.html", run->dir);
    char *html = slurp(path);
    static const char start[] = "<script type=\"application/json\" id=\"replay-data\">";
    char *from = strstr(html, start);
    assert_non_null(from);
    from += strlen(start);
    char *to = strstr(from, "</script>");
    assert_non_null(to);
    char *data = strndup(from, (size_t)(to - from));
    free(html);
    return data;
}

void assert_same_results(const struct run *run, const struct run *expected)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/reports/games.jsonl", expected->dir);
    char *expected_header = first_line(path);
    snprintf(path, sizeof(path), "%s/reports/games.jsonl", run->dir);
    char *header = first_line(path);
    assert_string_equal(header, expected_header);
    free(header);
    free(expected_header);
    size_t expected_lines = 0;
    size_t lines = 0;
    char *expected_games = games_without_times(expected, &expected_lines);
    char *games = games_without_times(run, &lines);
    assert_int_equal(lines, expected_lines);
    assert_string_equal(games, expected_games);
    free(expected_games);
    free(games);
    json_t *a = summary_without_times(expected);
    json_t *b = summary_without_times(run);
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    char *expected_replay = replay_data(expected);
    char *replay = replay_data(run);
    assert_string_equal(replay, expected_replay);
    free(expected_replay);
    free(replay);
}
