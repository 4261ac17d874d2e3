/*
 * Plugins of other minors of ABI 1, through the real binary (tests/abi/):
 * an agent and a game written against the headers of ABI 1.0 and of 1.1,
 * and the example agent greedy and the m,n,k game rebuilt unchanged against
 * the headers of an imagined ABI 1.3, with larger descriptors and host
 * structs. Each is listed with its parameters, probed and played, in agent
 * processes and with isolation = none, which play the very same games; an
 * agent written against 1.1 finds the search knowledge of a 1.1 and of a
 * 1.2 game, and negamax-ab-ids (1.2) uses that of a 1.1 game. The ids and
 * versions of plugins that have them are recorded and reported.
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "binary.h"

/* What negamax-ab-ids visits in its six games on a heap of 17, taking at
 * most 4: without the game's knowledge (1.0) and with it (1.1). */
#define NODES_HEAP_1_0 12715
#define NODES_HEAP_1_1 4939

#define ABI(NAME) TOURNEY_TEST_ABI_DIR "/" NAME ".so"

/* What the 1.1 agent logs at create when the game offers all its knowledge,
 * and when it offers none (as the 1.0 agent always does). */
#define ALL_KNOWLEDGE "knowledge: order_moves winning_move safe_moves"
#define NO_KNOWLEDGE "knowledge:"

/* Writes a config into DIR/NAME: GAME_LINES in [game], four agents (the
 * agents of 1.0 and 1.1, greedy of 1.3 and negamax-ab-ids searching to the
 * end without a clock), two games a pair, and EXTRA in [tournament]. */
static void write_config(const char *dir, const char *name, const char *game_lines,
                         const char *extra, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", dir, name);
    FILE *file = fopen(path, "w");
    assert_non_null(file);
    fprintf(file,
            "[tournament]\nname = abi\nseed = 11\ngames_per_pair = 2\n"
            "time_margin_ms = 600000\nplugin_path = %s\n%s\n"
            "[game]\n%s\n"
            "[agent old10]\nplugin = old_agent_1_0\n"
            "[agent old11]\nplugin = old_agent_1_1\npick = lowest\npatience = -5\n"
            "[agent greedy13]\nplugin = future_greedy\ntie_break = lowest\n"
            "[agent ab]\nplugin = negamax-ab-ids\nuse_time_budget = false\n",
            TOURNEY_TEST_ABI_DIR, extra, game_lines);
    fclose(file);
}

/* The message the agent NAME logged at create in GAME (a record). */
static const char *create_message(json_t *game, const char *name)
{
    json_t *log = json_object_get(game, "log");
    size_t i;
    json_t *entry;
    json_array_foreach(log, i, entry)
    {
        if (strcmp(json_string_value(json_object_get(entry, "agent")), name) == 0) {
            return json_string_value(json_object_get(entry, "message"));
        }
    }
    return NULL;
}

/* Checks every game of RUN: no fault, and the agents of 1.0 and 1.1 logged
 * the knowledge they found (the 1.1 one KNOWLEDGE, the 1.0 one none). */
static size_t check_games(const struct run *run, const char *knowledge)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/reports/games.jsonl", run->dir);
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    char *line = NULL;
    size_t capacity = 0;
    size_t games = 0;
    while (getline(&line, &capacity, file) > 0) {
        json_t *record = json_loads(line, 0, NULL);
        assert_non_null(record);
        if (json_object_get(record, "type") == NULL) {
            games++;
            assert_string_equal(json_string_value(json_object_get(record, "termination")),
                                "normal");
            const char *old10 = create_message(record, "old10");
            const char *old11 = create_message(record, "old11");
            if (old10 != NULL) {
                assert_non_null(strstr(old10, "old-agent-1.0: patience 7, seat "));
                assert_true(strlen(old10) > strlen(NO_KNOWLEDGE));
                assert_string_equal(old10 + strlen(old10) - strlen(NO_KNOWLEDGE), NO_KNOWLEDGE);
            }
            if (old11 != NULL) {
                assert_non_null(strstr(old11, "old-agent-1.1: patience -5, seat "));
                assert_true(strlen(old11) > strlen(knowledge));
                assert_string_equal(old11 + strlen(old11) - strlen(knowledge), knowledge);
            }
        }
        json_decref(record);
    }
    free(line);
    fclose(file);
    return games;
}

/* The nodes negamax-ab-ids reported in all its moves of RUN's games. */
static json_int_t ab_nodes(const struct run *run)
{
    json_t *summary = load_summary(run);
    json_t *agents = json_object_get(summary, "agents");
    json_int_t nodes = -1;
    size_t i;
    json_t *agent;
    json_array_foreach(agents, i, agent)
    {
        if (strcmp(json_string_value(json_object_get(agent, "name")), "ab") == 0) {
            nodes = get_int(json_object_get(agent, "search"), "nodes");
        }
    }
    json_decref(summary);
    return nodes;
}

/* Plays GAME_LINES in agent processes and in the runner's process: the same
 * 12 games both ways, all normal, the knowledge logged as KNOWLEDGE says.
 * Returns the nodes negamax-ab-ids visited. */
static json_int_t play_both_ways(const char *game_lines, const char *knowledge)
{
    char dir[] = "/tmp/tourney-abi-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char isolated_config[128];
    char in_process_config[128];
    write_config(dir, "isolated.ini", game_lines, "", isolated_config, sizeof(isolated_config));
    write_config(dir, "in-process.ini", game_lines, "isolation = none", in_process_config,
                 sizeof(in_process_config));
    struct run isolated;
    struct run in_process;
    play(&isolated, isolated_config);
    play(&in_process, in_process_config);
    assert_int_equal(check_games(&isolated, knowledge), 12);
    assert_int_equal(check_games(&in_process, knowledge), 12);
    size_t lines_isolated = 0;
    size_t lines_in_process = 0;
    char *a = games_without_times(&isolated, &lines_isolated);
    char *b = games_without_times(&in_process, &lines_in_process);
    assert_int_equal(lines_isolated, 12);
    assert_int_equal(lines_in_process, 12);
    assert_string_equal(a, b);
    free(a);
    free(b);
    json_int_t nodes = ab_nodes(&isolated);
    assert_int_equal(ab_nodes(&in_process), nodes);
    remove_tree(isolated.dir);
    remove_tree(in_process.dir);
    remove_tree(dir);
    return nodes;
}

#define HEAP_1_0 "plugin = old_game_1_0\nstones = 17\nmax_take = 4\n"
#define HEAP_1_1 "plugin = old_game_1_1\nstones = 17\nmax_take = 4\n"

static void test_games_of_1_0_and_1_1(void **state)
{
    (void)state;
    json_int_t without = play_both_ways(HEAP_1_0, NO_KNOWLEDGE);
    json_int_t with = play_both_ways(HEAP_1_1, ALL_KNOWLEDGE);
    /* The same rules; only the 1.1 game tells negamax-ab-ids (1.2) which
     * moves win and which lose at once, which it finds through
     * tourney_game_search and uses. */
    assert_int_equal(without, NODES_HEAP_1_0);
    assert_int_equal(with, NODES_HEAP_1_1);
}

static void test_games_of_1_2_and_1_3(void **state)
{
    (void)state;
    /* An agent of 1.1 finds the knowledge of a 1.2 game, which offers it
     * only as an extension, in the flat fields of the runner's copy. */
    play_both_ways("plugin = mnk\n", ALL_KNOWLEDGE);
    /* A game of minor 3 with a larger descriptor loads, and its knowledge
     * is found as well. */
    play_both_ways("plugin = future_mnk\n", ALL_KNOWLEDGE);
}

/* The entry of agent NAME in the array AGENTS. */
static json_t *agent_entry(json_t *agents, const char *name)
{
    size_t i;
    json_t *agent;
    json_array_foreach(agents, i, agent)
    {
        if (strcmp(json_string_value(json_object_get(agent, "name")), name) == 0) {
            return agent;
        }
    }
    fail_msg("no agent %s", name);
    return NULL;
}

/* OBJECT's KEY is VALUE, or absent when VALUE is NULL. */
static void assert_optional(json_t *object, const char *key, const char *value)
{
    json_t *found = json_object_get(object, key);
    if (value == NULL) {
        assert_null(found);
    } else {
        assert_string_equal(json_string_value(found), value);
    }
}

/* The id and version of every plugin with one, and nothing for the others,
 * in the results log's header, summary.json and report.md; rebuilt from the
 * log alone, the reports are the same. */
static void test_identity_recorded(void **state)
{
    (void)state;
    static const char *const games[] = {"plugin = mnk\n", HEAP_1_1};
    for (int g = 0; g < 2; g++) {
        char dir[] = "/tmp/tourney-abi-id-XXXXXX";
        assert_non_null(mkdtemp(dir));
        char config[128];
        write_config(dir, "id.ini", games[g], "", config, sizeof(config));
        struct run run;
        play(&run, config);
        char path[160];
        snprintf(path, sizeof(path), "%s/reports/games.jsonl", run.dir);
        char *line = first_line(path);
        json_t *header = json_loads(line, 0, NULL);
        assert_non_null(header);
        json_t *summary = load_summary(&run);
        json_t *objects[2] = {header, json_object_get(summary, "tournament")};
        for (int o = 0; o < 2; o++) {
            assert_optional(objects[o], "game_id", g == 0 ? "org.tourney.mnk" : NULL);
            assert_optional(objects[o], "game_version", g == 0 ? "1.0.0" : NULL);
        }
        json_t *lists[2] = {json_object_get(header, "agents"), json_object_get(summary, "agents")};
        for (int l = 0; l < 2; l++) {
            assert_optional(agent_entry(lists[l], "old10"), "plugin_id", NULL);
            assert_optional(agent_entry(lists[l], "old11"), "plugin_version", NULL);
            assert_optional(agent_entry(lists[l], "greedy13"), "plugin_id",
                            "org.tourney.example.greedy");
            assert_optional(agent_entry(lists[l], "greedy13"), "plugin_version", "1.0.0");
            assert_optional(agent_entry(lists[l], "ab"), "plugin_id",
                            "org.tourney.negamax-ab-ids");
        }
        json_decref(summary);
        json_decref(header);
        free(line);

        snprintf(path, sizeof(path), "%s/reports/report.md", run.dir);
        char *markdown = slurp(path);
        assert_non_null(strstr(markdown, "\n- `old10`: plugin `old-agent-1.0`, win = true, "
                                         "pick = highest, patience = 7\n"));
        assert_non_null(strstr(markdown, "\n- `greedy13`: plugin `greedy` "
                                         "(`org.tourney.example.greedy 1.0.0`), block = true, "
                                         "tie_break = lowest\n"));
        snprintf(path, sizeof(path), "%s/reports/summary.json", run.dir);
        char *json = slurp(path);
        struct run rebuilt = {0};
        snprintf(path, sizeof(path), "%s/reports", run.dir);
        const char *args[] = {"report", path, NULL};
        run_tourney(&rebuilt, args);
        assert_int_equal(rebuilt.status, 0);
        snprintf(path, sizeof(path), "%s/reports/report.md", run.dir);
        char *markdown_again = slurp(path);
        snprintf(path, sizeof(path), "%s/reports/summary.json", run.dir);
        char *json_again = slurp(path);
        assert_string_equal(markdown_again, markdown);
        assert_string_equal(json_again, json);
        free(json_again);
        free(markdown_again);
        free(json);
        free(markdown);
        remove_tree(rebuilt.dir);
        remove_tree(run.dir);
        remove_tree(dir);
    }
}

/* `tourney agents` and `tourney games` describe the plugins of every minor,
 * in agent processes and, with isolation = none, in the runner. */
static void test_listings(void **state)
{
    (void)state;
    static const char *const agents[] = {
        "old-agent-1.0\n"
        "  an agent of an old ABI: wins at once when it can, else a fixed pick\n"
        "  " ABI(
            "old_agent_1_0") "\n"
                             "    win              = true     take a win at once when there is "
                             "one (true or false)\n"
                             "    pick             = highest  otherwise the lowest or the highest "
                             "legal move "
                             "(one of: lowest, highest)\n"
                             "    patience         = 7        read and reported, nothing more "
                             "(a whole number from -5 to 500)\n",
        "old-agent-1.1\n"
        "  an agent of an old ABI: wins at once when it can, else a fixed pick\n"
        "  " ABI("old_agent_1_1") "\n"
                                  "    win              = true ",
        "greedy\n"
        "  Wins at once if it can, else avoids moves that let the opponent win at once\n"
        "  org.tourney.example.greedy 1.0.0\n"
        "  " ABI("future_greedy") "\n"
                                  "    block            = true     avoid moves after which the "
                                  "opponent can win at "
                                  "once (true or false)\n"
                                  "    tie_break        = random   among equally good moves: one "
                                  "at random, or the "
                                  "lowest-numbered (one of: random, lowest)\n",
    };
    static const char *const games[] = {
        "heap-1.0\n"
        "  Take 1 to max_take stones from one heap; the last stone wins\n"
        "  " ABI("old_game_1_0") "\n"
                                 "    stones           = 21       stones on the heap at the start "
                                 "(a whole number from 1 to 200)\n"
                                 "    max_take         = 3        the most stones one move takes "
                                 "(a whole number from 1 to 9)\n",
        "heap-1.1\n",
        "mnk\n"
        "  m,n,k game: k in a row on an m x n board (3,3,3 is tic-tac-toe)\n"
        "  org.tourney.mnk 1.0.0\n"
        "  " ABI("future_mnk") "\n"
                               "    rows             = 3        rows of the board (a whole number "
                               "from 1 to 16)\n",
    };
    char dir[] = "/tmp/tourney-abi-list-XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (int in_process = 0; in_process <= 1; in_process++) {
        char config[128];
        write_config(dir, "list.ini", HEAP_1_0, in_process ? "isolation = none" : "", config,
                     sizeof(config));
        for (int kind = 0; kind < 2; kind++) {
            struct run run = {0};
            const char *args[] = {kind == 0 ? "agents" : "games", config, NULL};
            run_tourney(&run, args);
            assert_int_equal(run.status, 0);
            char *out = slurp(run.out);
            const char *const *expected = kind == 0 ? agents : games;
            for (size_t i = 0; i < 3; i++) {
                if (strstr(out, expected[i]) == NULL) {
                    print_error("expected in the listing:\n%s\ngot:\n%s\n", expected[i], out);
                    fail();
                }
            }
            free(out);
            remove_tree(run.dir);
        }
    }
    remove_tree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listings),
        cmocka_unit_test(test_games_of_1_0_and_1_1),
        cmocka_unit_test(test_games_of_1_2_and_1_3),
        cmocka_unit_test(test_identity_recorded),
    };
    return cmocka_run_group_tests_name("abi", tests, NULL, NULL);
}
