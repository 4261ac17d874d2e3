/*
 * What an agent that is a program may read and know, through the real
 * binary: the runner names the game's plugin file on the game-plugin line
 * and lets the program read it.
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "binary.h"

#define READING_AGENT TOURNEY_TEST_SOURCE_DIR "/tests/e2e/reading_agent.py"

static const char *text_of(json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* A folder for a test: RUN.dir, with the config in DIR/config/t.ini, the
 * agents' files in DIR/agents/NAME, the results in DIR/reports. */
struct layout {
    struct run run;
    char config_dir[128];
    char config[160];
    char agents[128];
    char out[128];
};

static void make_layout(struct layout *l, const char *prefix)
{
    memset(l, 0, sizeof(*l));
    make_run_dir(&l->run, prefix);
    snprintf(l->config_dir, sizeof(l->config_dir), "%s/config", l->run.dir);
    snprintf(l->config, sizeof(l->config), "%s/t.ini", l->config_dir);
    snprintf(l->agents, sizeof(l->agents), "%s/agents", l->run.dir);
    snprintf(l->out, sizeof(l->out), "%s/reports", l->run.dir);
    assert_int_equal(mkdir(l->config_dir, 0755), 0);
    assert_int_equal(mkdir(l->agents, 0755), 0);
}

/* Copies the reading agent into L's agents/NAME; its path into PATH. */
static void add_agent(const struct layout *l, const char *name, char *path, size_t size)
{
    char dir[192];
    snprintf(dir, sizeof(dir), "%s/%s", l->agents, name);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, size, "%s/%s.py", dir, name);
    copy_file(READING_AGENT, path, 0);
}

/* Plays the config TEXT of layout L into L's reports; its games. */
static json_t *play_layout(struct layout *l, const char *text)
{
    write_file(l->config, "%s", text);
    const char *args[] = {"run", l->config, "--quiet", "--output", l->out, NULL};
    run_tourney_ok(&l->run, args);
    return load_games(&l->run);
}

/* The first log message of AGENT in GAME, or "". */
static const char *first_log(json_t *game, const char *agent)
{
    size_t i;
    json_t *entry;
    json_array_foreach(json_object_get(game, "log"), i, entry)
    {
        if (strcmp(text_of(entry, "agent"), agent) == 0) {
            return text_of(entry, "message");
        }
    }
    return "";
}

/* The runner names the game's plugin file, canonical, on the game-plugin
 * line, with the parameters, and the program may read it: every game is
 * played to its end, and the agent's log says what it read. */
static void test_the_game_plugin_is_told_and_readable(void **state)
{
    (void)state;
    struct layout l;
    make_layout(&l, "paths-game");
    char agent[256];
    add_agent(&l, "knower", agent, sizeof(agent));
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\nk = 3\n"
             "[agent knower]\ncommand = %s %s game-plugin\n"
             "[agent first-open]\nplugin = first-open\n",
             TOURNEY_TEST_PYTHON, agent);
    json_t *games = play_layout(&l, text);
    assert_int_equal(json_array_size(games), 2);
    for (size_t i = 0; i < 2; i++) {
        json_t *game = json_array_get(games, i);
        assert_string_equal(text_of(game, "termination"), "normal");
        assert_string_equal(first_log(game, "knower"),
                            "game plugin mnk.so, params rows=3 cols=3 k=3");
    }
    json_decref(games);
    remove_tree(l.run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_game_plugin_is_told_and_readable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
