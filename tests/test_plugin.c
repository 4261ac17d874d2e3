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

static char error[1024];

static void assert_refused(const char *path, enum tourney_plugin_kind kind, const char *reason)
{
    struct plugin plugin;
    assert_int_equal(tourney_plugin_open(&plugin, path, kind, error, sizeof(error)), -1);
    assert_null(plugin.handle);
    char expected[1024];
    snprintf(expected, sizeof(expected), "%s: %s", path, reason);
    if (strncmp(error, expected, strlen(expected)) != 0) {
        print_error("expected: %s\n     got: %s\n", expected, error);
        fail();
    }
}

static void test_good_agent(void **state)
{
    (void)state;
    struct plugin plugin;
    assert_int_equal(tourney_plugin_open(&plugin, TOURNEY_TEST_PLUGIN_DIR "/good_agent.so",
                                         TOURNEY_KIND_AGENT, error, sizeof(error)),
                     0);
    assert_string_equal(tourney_plugin_name(&plugin), "last-open");
    assert_string_equal(tourney_plugin_description(&plugin), "the highest-numbered legal move");
    size_t count = 0;
    const struct tourney_param_desc *params = tourney_plugin_params(&plugin, &count);
    assert_int_equal(count, 1);
    assert_string_equal(params[0].name, "unused");
    tourney_plugin_close(&plugin);
}

static void test_good_game(void **state)
{
    (void)state;
    struct plugin plugin;
    assert_int_equal(tourney_plugin_open(&plugin, TOURNEY_TEST_GAME_DIR "/mnk.so",
                                         TOURNEY_KIND_GAME, error, sizeof(error)),
                     0);
    assert_string_equal(tourney_plugin_name(&plugin), "mnk");
    tourney_plugin_close(&plugin);
    assert_int_equal(tourney_plugin_open(&plugin, TOURNEY_TEST_GAME_DIR "/connect4.so",
                                         TOURNEY_KIND_GAME, error, sizeof(error)),
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
