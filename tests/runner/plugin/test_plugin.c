/*
 * Plugin loading for real, with small plugins meson builds: what the loader
 * accepts, what it refuses and the messages it gives; and the plugin search.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin.h"
#include "plugin_search.h"
#include "plugin_view.h"

#define ABI_PLUGIN(NAME) TOURNEY_TEST_ABI_DIR "/" NAME ".so"

static char error[1024]; /* what a game's create says */
static struct error err; /* what the runner says */

static void assert_refused(const char *path, enum tourney_plugin_kind kind, const char *reason)
{
    struct plugin plugin;
    assert_int_equal(tourney_plugin_open(&plugin, path, kind, &err), -1);
    assert_null(plugin.handle);
    char expected[1024];
    snprintf(expected, sizeof(expected), "%s: %s", path, reason);
    if (strncmp(err.text, expected, strlen(expected)) != 0) {
        print_error("expected: %s\n     got: %s\n", expected, err.text);
        fail();
    }
}

static void test_good_agent(void **state)
{
    (void)state;
    struct plugin plugin;
    assert_int_equal(tourney_plugin_open(&plugin, TOURNEY_TEST_PLUGIN_DIR "/good_agent.so",
                                         TOURNEY_KIND_AGENT, &err),
                     0);
    assert_string_equal(tourney_plugin_name(&plugin), "last-open");
    assert_string_equal(tourney_plugin_description(&plugin), "the highest-numbered legal move");
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
    assert_int_equal(count, 1);
    assert_string_equal(params[0].name, "unused");
    tourney_plugin_close(&plugin);
}

static void open_ok(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind)
{
    if (tourney_plugin_open(plugin, path, kind, &err) != 0) {
        print_error("%s\n", err.text);
        fail();
    }
}

/* The runner's view of any plugin has this runner's layout. */
static void assert_game_view(const struct tourney_game_api *view)
{
    assert_int_equal(view->header.abi_major, TOURNEY_ABI_MAJOR);
    assert_int_equal(view->header.abi_minor, TOURNEY_ABI_MINOR);
    assert_int_equal(view->header.struct_size, sizeof(*view));
    assert_null(view->legacy_params);
    assert_non_null(view->get_param_info);
    assert_non_null(view->get_extension);
}

/* The view's get_param_info answers as the table does. */
static void assert_param_info(const struct plugin *plugin, uint32_t index)
{
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(plugin, &count);
    struct tourney_param_info info;
    memset(&info, 0xff, sizeof(info));
    info.struct_size = sizeof(info);
    int32_t status = plugin->kind == TOURNEY_KIND_GAME
                         ? plugin->game->get_param_info(plugin->game, index, &info)
                         : plugin->agent->get_param_info(plugin->agent, index, &info);
    if (index >= count) {
        assert_int_equal(status, TOURNEY_ERR_INVALID);
        return;
    }
    assert_int_equal(status, TOURNEY_OK);
    assert_int_equal(info.struct_size, sizeof(info));
    assert_string_equal(info.name, params[index].name);
    assert_int_equal(info.type, params[index].type);
    assert_ptr_equal(info.choices, params[index].choices);
}

/* An agent written against ABI 1.0 and one against 1.1: their parameter
 * arrays are read where those minors put them, every field as it was. */
static void test_agents_of_old_minors(void **state)
{
    (void)state;
    static const char *const paths[] = {ABI_PLUGIN("old_agent_1_0"), ABI_PLUGIN("old_agent_1_1")};
    static const char *const names[] = {"old-agent-1.0", "old-agent-1.1"};
    for (int i = 0; i < 2; i++) {
        struct plugin plugin;
        open_ok(&plugin, paths[i], TOURNEY_KIND_AGENT);
        assert_string_equal(tourney_plugin_name(&plugin), names[i]);
        assert_null(tourney_plugin_id(&plugin));
        assert_null(tourney_plugin_version(&plugin));
        const struct tourney_agent_api *view = plugin.agent;
        assert_int_equal(view->header.abi_minor, TOURNEY_ABI_MINOR);
        assert_int_equal(view->header.struct_size, sizeof(*view));
        assert_null(view->legacy_params);
        assert_int_equal(view->param_count, 3);
        assert_non_null(view->create);
        /* It has no get_extension of its own to forward to. */
        assert_null(view->get_extension(view, "tourney.agent.anything/1"));

        size_t count = 0;
        const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
        assert_int_equal(count, 3);
        assert_string_equal(params[0].name, "win");
        assert_int_equal(params[0].type, TOURNEY_PARAM_BOOL);
        assert_string_equal(params[0].default_value, "true");
        assert_string_equal(params[1].name, "pick");
        assert_int_equal(params[1].type, TOURNEY_PARAM_CHOICE);
        assert_string_equal(params[1].default_value, "highest");
        assert_string_equal(params[1].choices[0], "lowest");
        assert_string_equal(params[1].choices[1], "highest");
        assert_null(params[1].choices[2]);
        assert_string_equal(params[2].name, "patience");
        assert_int_equal(params[2].type, TOURNEY_PARAM_INT);
        assert_true(params[2].min == -5 && params[2].max == 500);
        assert_string_equal(params[2].default_value, "7");
        assert_string_equal(params[2].help, "read and reported, nothing more");
        for (uint32_t p = 0; p <= 3; p++) {
            assert_param_info(&plugin, p);
        }
        tourney_plugin_close(&plugin);
    }
}

/* A game of 1.0 has no knowledge; one of 1.1 has it in flat fields, which
 * the view offers in those fields and as the search extension alike. */
static void test_games_of_old_minors(void **state)
{
    (void)state;
    struct plugin plugin;
    struct tourney_game_search search;
    open_ok(&plugin, ABI_PLUGIN("old_game_1_0"), TOURNEY_KIND_GAME);
    assert_game_view(plugin.game);
    assert_string_equal(tourney_plugin_name(&plugin), "heap-1.0");
    tourney_game_get_search(plugin.game, &search);
    assert_null(search.order_moves);
    assert_null(search.winning_move);
    assert_null(search.safe_moves);
    assert_null(plugin.game->winning_move);
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
    assert_int_equal(count, 2);
    assert_string_equal(params[1].name, "max_take");
    assert_true(params[1].min == 1 && params[1].max == 9);
    assert_param_info(&plugin, 1);
    assert_param_info(&plugin, 2);
    tourney_plugin_close(&plugin);

    open_ok(&plugin, ABI_PLUGIN("old_game_1_1"), TOURNEY_KIND_GAME);
    assert_game_view(plugin.game);
    tourney_game_get_search(plugin.game, &search);
    assert_non_null(search.order_moves);
    assert_non_null(search.winning_move);
    assert_non_null(search.safe_moves);
    assert_ptr_equal(plugin.game->order_moves, search.order_moves);
    assert_ptr_equal(plugin.game->winning_move, search.winning_move);
    assert_ptr_equal(plugin.game->safe_moves, search.safe_moves);
    /* Its knowledge works: 4 stones, take at most 3, is lost for the mover
     * (every move leaves the opponent a win at once); 3 is won at once. */
    struct tourney_param_value values[2] = {{4}, {3}};
    struct tourney_game_info info;
    void *game = NULL;
    assert_int_equal(plugin.game->create(values, &game, &info, error, sizeof(error)), 0);
    unsigned char heap[16];
    assert_true(info.state_size <= sizeof(heap));
    plugin.game->initial_state(game, heap);
    tourney_move moves[3];
    assert_int_equal(search.winning_move(game, heap), -1);
    assert_int_equal(search.safe_moves(game, heap, moves), 0);
    plugin.game->apply(game, heap, 0);
    assert_int_equal(search.winning_move(game, heap), 2);
    plugin.game->destroy(game);
    tourney_plugin_close(&plugin);
}

/* A game of 1.2 offers its knowledge as an extension only; the view also
 * puts it in the flat fields, for agents written against 1.1, and passes
 * the ids it does not know on to the game. */
static void test_view_of_a_1_2_game(void **state)
{
    (void)state;
    struct plugin plugin;
    open_ok(&plugin, TOURNEY_TEST_GAME_DIR "/mnk.so", TOURNEY_KIND_GAME);
    assert_game_view(plugin.game);
    assert_string_equal(tourney_plugin_id(&plugin), "org.tourney.mnk");
    assert_string_equal(tourney_plugin_version(&plugin), "1.0.0");
    const struct tourney_game_search *ext =
        plugin.game->get_extension(plugin.game, TOURNEY_GAME_SEARCH_ID);
    assert_non_null(ext);
    assert_int_equal(ext->struct_size, sizeof(*ext));
    assert_non_null(ext->order_moves);
    assert_ptr_equal(plugin.game->order_moves, ext->order_moves);
    assert_ptr_equal(plugin.game->winning_move, ext->winning_move);
    assert_ptr_equal(plugin.game->safe_moves, ext->safe_moves);
    assert_null(plugin.game->get_extension(plugin.game, "tourney.game.unknown/1"));
    for (uint32_t p = 0; p <= 3; p++) {
        assert_param_info(&plugin, p);
    }
    tourney_plugin_close(&plugin);
}

/* Rebuilt against the headers of an imagined ABI 1.3, whose descriptors
 * are larger and claim minor 3, unchanged plugins load: the runner reads
 * what it knows of them. */
static void test_plugins_of_a_newer_minor(void **state)
{
    (void)state;
    struct plugin plugin;
    open_ok(&plugin, ABI_PLUGIN("future_greedy"), TOURNEY_KIND_AGENT);
    assert_string_equal(tourney_plugin_name(&plugin), "greedy");
    assert_string_equal(tourney_plugin_id(&plugin), "org.tourney.example.greedy");
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
    assert_int_equal(count, 2);
    assert_string_equal(params[1].name, "tie_break");
    assert_string_equal(params[1].choices[1], "lowest");
    tourney_plugin_close(&plugin);

    open_ok(&plugin, ABI_PLUGIN("future_mnk"), TOURNEY_KIND_GAME);
    assert_game_view(plugin.game);
    assert_non_null(plugin.game->safe_moves);
    params = tourney_plugin_params(&plugin, &count);
    assert_int_equal(count, 3);
    assert_string_equal(params[2].name, "k");
    tourney_plugin_close(&plugin);
}

/* Descriptors the loader refuses, and what it reads of the others, on
 * descriptors in memory. */
static int32_t failing_param_info(const struct tourney_agent_api *api, uint32_t index,
                                  struct tourney_param_info *info)
{
    static const struct tourney_param_info table[1] = {
        {.name = "only", .type = TOURNEY_PARAM_BOOL, .default_value = "true"},
    };
    (void)api;
    return tourney_param_info_copy(table, 1, index, info);
}

static void assert_about_refused(const struct tourney_agent_api *api, const char *reason)
{
    struct plugin_about about;
    struct tourney_param_info *params = NULL;
    struct error why;
    assert_int_equal(tourney_plugin_read_about(api, TOURNEY_KIND_AGENT, api->header.struct_size,
                                               &about, &params, &why),
                     -1);
    assert_null(params);
    assert_string_equal(why.text, reason);
}

static void assert_identity_refused(const char *id, const char *version, const char *message)
{
    const struct plugin_about about = {.name = "x", .id = id, .version = version};
    assert_int_equal(tourney_plugin_check_about("p.so", &about, &err), -1);
    assert_string_equal(err.text, message);
}

static void test_descriptor_checks(void **state)
{
    (void)state;
    struct tourney_agent_api api = {
        .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
        .name = "x",
        .param_count = 2,
    };
    assert_about_refused(&api, "2 parameters declared but no get_param_info");
    api.get_param_info = failing_param_info;
    assert_about_refused(&api, "get_param_info(1) failed with status -1");
    api.param_count = 5000;
    assert_about_refused(&api, "5000 parameters declared, more than 1024");
    /* A 1.1 descriptor points to an array instead. */
    api.header.abi_minor = 1;
    api.header.struct_size = (uint32_t)offsetof(struct tourney_agent_api, get_param_info);
    api.param_count = 2;
    assert_about_refused(&api, "2 parameters declared but the list is NULL");

    /* How much of a descriptor is read: its minor's size, which it must
     * reach; a newer minor is read as far as this runner knows. */
    size_t expected = 0;
    struct tourney_abi_header header = {TOURNEY_ABI_MAJOR, 2, 0, TOURNEY_KIND_AGENT};
    header.struct_size = (uint32_t)offsetof(struct tourney_agent_api, get_param_info);
    assert_int_equal(tourney_plugin_known_size(&header, TOURNEY_KIND_AGENT, &expected), 0);
    assert_int_equal(expected, sizeof(struct tourney_agent_api));
    header.abi_minor = 1;
    assert_int_equal(tourney_plugin_known_size(&header, TOURNEY_KIND_AGENT, &expected),
                     offsetof(struct tourney_agent_api, get_param_info));
    header.abi_minor = 7;
    header.struct_size = 4096;
    assert_int_equal(tourney_plugin_known_size(&header, TOURNEY_KIND_AGENT, &expected),
                     sizeof(struct tourney_agent_api));
    header = (struct tourney_abi_header){TOURNEY_ABI_MAJOR, 1, 160, TOURNEY_KIND_GAME};
    assert_int_equal(tourney_plugin_known_size(&header, TOURNEY_KIND_GAME, &expected), 0);
    assert_int_equal(expected, offsetof(struct tourney_game_api, get_param_info));
    header.abi_minor = 0;
    assert_int_equal(tourney_plugin_known_size(&header, TOURNEY_KIND_GAME, &expected),
                     offsetof(struct tourney_game_api, order_moves));

    /* An id and a version are optional, and well-formed when present. */
    const struct plugin_about fine = {
        .name = "x", .id = "org.example.x-1_2", .version = "2.0-rc1"};
    assert_int_equal(tourney_plugin_check_about("p.so", &fine, &err), 0);
    assert_identity_refused("org example", NULL,
                            "p.so: the descriptor's id 'org example' is not an id (1 to 128 "
                            "letters, digits, '.', '-' or '_')");
    assert_identity_refused("", NULL,
                            "p.so: the descriptor's id '' is not an id (1 to 128 letters, "
                            "digits, '.', '-' or '_')");
    assert_identity_refused("org.x", "1.0 beta",
                            "p.so: the descriptor's version '1.0 beta' is not a version (1 to "
                            "64 printable characters, no spaces)");
    assert_identity_refused("org.x", "1\n",
                            "p.so: the descriptor's version '1?' is not a version (1 to 64 "
                            "printable characters, no spaces)");
}

static void test_good_game(void **state)
{
    (void)state;
    struct plugin plugin;
    assert_int_equal(
        tourney_plugin_open(&plugin, TOURNEY_TEST_GAME_DIR "/mnk.so", TOURNEY_KIND_GAME, &err), 0);
    assert_string_equal(tourney_plugin_name(&plugin), "mnk");
    tourney_plugin_close(&plugin);
    assert_int_equal(tourney_plugin_open(&plugin, TOURNEY_TEST_GAME_DIR "/connect4.so",
                                         TOURNEY_KIND_GAME, &err),
                     0);
    assert_string_equal(tourney_plugin_name(&plugin), "connect4");
    tourney_plugin_close(&plugin);
}

static void test_not_a_shared_object(void **state)
{
    (void)state;
    char path[] = "/tmp/tourney-not-a-plugin-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "hello\n", 6), 6);
    close(fd);
    assert_refused(path, TOURNEY_KIND_AGENT, "not a loadable shared object (");
    unlink(path);
}

static void test_missing_file(void **state)
{
    (void)state;
    assert_refused("/nonexistent/agent.so", TOURNEY_KIND_AGENT,
                   "cannot open: No such file or directory");
    assert_refused("/tmp", TOURNEY_KIND_AGENT, "not a regular file");
}

static void test_missing_entry_symbol(void **state)
{
    (void)state;
    assert_refused(TOURNEY_TEST_PLUGIN_DIR "/missing_entry.so", TOURNEY_KIND_AGENT,
                   "no entry symbol 'tourney_agent_entry', so it is not an agent plugin");
    /* An agent is not a game either. */
    assert_refused(TOURNEY_TEST_PLUGIN_DIR "/good_agent.so", TOURNEY_KIND_GAME,
                   "no entry symbol 'tourney_game_entry', so it is not a game plugin");
}

static void test_wrong_abi_major(void **state)
{
    (void)state;
    char reason[256];
    snprintf(reason, sizeof(reason),
             "built for tourney ABI %d.0, but this runner speaks ABI %d.%d; rebuild the plugin",
             TOURNEY_ABI_MAJOR + 1, TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR);
    assert_refused(TOURNEY_TEST_PLUGIN_DIR "/wrong_abi.so", TOURNEY_KIND_AGENT, reason);
}

static void test_null_required_function(void **state)
{
    (void)state;
    assert_refused(TOURNEY_TEST_PLUGIN_DIR "/null_function.so", TOURNEY_KIND_AGENT,
                   "required function 'choose_move' is NULL in agent plugin 'no-choose-move'");
}

static void test_search_order(void **state)
{
    (void)state;
    struct plugin_search search;
    char *const config_dirs[] = {"/nonexistent/first"};
    assert_int_equal(tourney_plugin_search_init(&search, config_dirs, 1,
                                                "::" TOURNEY_TEST_PLUGIN_DIR ":", NULL),
                     0);
    /* config dirs, then the environment's (empty parts skipped), then the
     * installed directory; no build tree without an executable path. */
    assert_int_equal(search.count, 3);
    assert_string_equal(search.dirs[0], "/nonexistent/first");
    assert_string_equal(search.dirs[1], TOURNEY_TEST_PLUGIN_DIR);

    char *found = tourney_plugin_search_find(&search, TOURNEY_KIND_AGENT, "good_agent", NULL);
    assert_string_equal(found, TOURNEY_TEST_PLUGIN_DIR "/good_agent.so");
    free(found);
    assert_null(tourney_plugin_search_find(&search, TOURNEY_KIND_AGENT, "nothing-here", NULL));

    /* A value with a '/' is a path, relative to the config's directory. */
    found = tourney_plugin_search_find(&search, TOURNEY_KIND_AGENT, "lib/x.so", "/etc/cfg");
    assert_string_equal(found, "/etc/cfg/lib/x.so");
    free(found);
    found = tourney_plugin_search_find(&search, TOURNEY_KIND_AGENT, "/abs/x.so", "/etc/cfg");
    assert_string_equal(found, "/abs/x.so");
    free(found);
    tourney_plugin_search_finish(&search);
}

static void test_search_build_tree(void **state)
{
    (void)state;
    struct plugin_search search;
    /* Run from the build tree, the build's agents/ and games/ are searched. */
    assert_int_equal(
        tourney_plugin_search_init(&search, NULL, 0, NULL, TOURNEY_TEST_BUILD_ROOT "/tourney"), 0);
    assert_int_equal(search.count, 2);
    char *found = tourney_plugin_search_find(&search, TOURNEY_KIND_AGENT, "negamax", NULL);
    assert_string_equal(found, TOURNEY_TEST_AGENT_DIR "/negamax.so");
    free(found);
    found = tourney_plugin_search_find(&search, TOURNEY_KIND_GAME, "mnk", NULL);
    assert_string_equal(found, TOURNEY_TEST_GAME_DIR "/mnk.so");
    free(found);
    found = tourney_plugin_search_find(&search, TOURNEY_KIND_GAME, "connect4", NULL);
    assert_string_equal(found, TOURNEY_TEST_GAME_DIR "/connect4.so");
    free(found);
    tourney_plugin_search_finish(&search);

    /* Elsewhere it is not. */
    assert_int_equal(tourney_plugin_search_init(&search, NULL, 0, NULL, "/usr/bin/tourney"), 0);
    assert_int_equal(search.count, 1);
    tourney_plugin_search_finish(&search);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_agent),
        cmocka_unit_test(test_good_game),
        cmocka_unit_test(test_agents_of_old_minors),
        cmocka_unit_test(test_games_of_old_minors),
        cmocka_unit_test(test_view_of_a_1_2_game),
        cmocka_unit_test(test_plugins_of_a_newer_minor),
        cmocka_unit_test(test_descriptor_checks),
        cmocka_unit_test(test_not_a_shared_object),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_missing_entry_symbol),
        cmocka_unit_test(test_wrong_abi_major),
        cmocka_unit_test(test_null_required_function),
        cmocka_unit_test(test_search_order),
        cmocka_unit_test(test_search_build_tree),
    };
    return cmocka_run_group_tests_name("plugin", tests, NULL, NULL);
}
