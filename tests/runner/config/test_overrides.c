/*
 * Values set on the command line (--set, --each): how they are read, that
 * they replace or add to the file's values in every section, that they are
 * checked as the file's are with each mistake named by its option, and which
 * agents an --each reaches.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "overrides.h"
#include "tournament.h"

#define PLUGIN_PATH TOURNEY_TEST_AGENT_DIR ":" TOURNEY_TEST_GAME_DIR

struct fixture {
    char dir[64];
    char path[96];
    struct config_overrides overrides;
    struct diagnostics diag;
    struct tournament tournament;
};

static const char *const config_text = "[tournament]\n"       /* 1 */
                                       "games_per_pair = 2\n" /* 2 */
                                       "[game]\n"             /* 3 */
                                       "plugin = mnk\n"       /* 4 */
                                       "[agent deep]\n"       /* 5 */
                                       "plugin = minimax\n"   /* 6 */
                                       "depth = 9\n"          /* 7 */
                                       "[agent shallow]\n"    /* 8 */
                                       "plugin = negamax\n"   /* 9 */
                                       "depth = 2\n"          /* 10 */
                                       "[agent random]\n"     /* 11 */
                                       "plugin = random\n";   /* 12 */

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    snprintf(f->dir, sizeof(f->dir), "/tmp/tourney-overrides-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof(f->path), "%s/t.ini", f->dir);
    FILE *file = fopen(f->path, "w");
    assert_non_null(file);
    fputs(config_text, file);
    fclose(file);
    tourney_overrides_init(&f->overrides);
    tourney_diag_init(&f->diag);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    tourney_overrides_finish(&f->overrides);
    unlink(f->path);
    rmdir(f->dir);
    free(f);
    return 0;
}

static void add(struct fixture *f, enum override_kind kind, const char *text)
{
    struct error error;
    if (tourney_overrides_add(&f->overrides, kind, text, &error) != 0) {
        fail_msg("%s", error.text);
    }
}

/* Asserts the diagnostics are the COUNT EXPECTED ones, each with the
 * config's path as "t.ini"; a NULL one is checked by the caller. */
static void assert_messages(struct fixture *f, const char *const *expected, size_t count)
{
    assert_int_equal(f->diag.count, count);
    for (size_t i = 0; i < count; i++) {
        char *item = f->diag.items[i];
        char *at = strstr(item, f->path);
        if (at != NULL) {
            size_t cut = strlen(f->dir) + 1;
            memmove(at, at + cut, strlen(at + cut) + 1);
        }
        if (expected[i] != NULL) {
            assert_string_equal(item, expected[i]);
        }
    }
}

static int open_config(struct fixture *f)
{
    return tourney_tournament_open_overridden(&f->tournament, f->path, &f->overrides,
                                              TOURNEY_TEST_BUILD_ROOT "/tourney", PLUGIN_PATH,
                                              &f->diag);
}

static void test_reading(void **state)
{
    struct fixture *f = *state;
    add(f, OVERRIDE_SET, "tournament.games_per_pair=100");
    add(f, OVERRIDE_SET, " agent.minimax.d9.depth = 3 ");
    add(f, OVERRIDE_SET, "game.rows=");
    add(f, OVERRIDE_EACH, "tie_break=random");
    assert_int_equal(f->overrides.count, 4);
    const struct config_override *items = f->overrides.items;
    assert_string_equal(items[0].option, "--set tournament.games_per_pair=100");
    assert_string_equal(items[0].section, "tournament");
    assert_false(items[0].agent);
    assert_string_equal(items[0].key, "games_per_pair");
    assert_string_equal(items[0].value, "100");
    /* Agent names may hold dots, keys do not; blanks go as in the file. */
    assert_string_equal(items[1].option, "--set  agent.minimax.d9.depth = 3 ");
    assert_true(items[1].agent);
    assert_string_equal(items[1].section, "minimax.d9");
    assert_string_equal(items[1].key, "depth");
    assert_string_equal(items[1].value, "3");
    assert_string_equal(items[2].section, "game");
    assert_string_equal(items[2].key, "rows");
    assert_string_equal(items[2].value, "");
    assert_int_equal(items[3].kind, OVERRIDE_EACH);
    assert_null(items[3].section);
    assert_string_equal(items[3].key, "tie_break");
    assert_string_equal(items[3].value, "random");

    static const struct {
        enum override_kind kind;
        const char *text;
        const char *error;
    } bad[] = {
        {OVERRIDE_SET, "seed",
         "--set seed: expected tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE"},
        {OVERRIDE_SET, "seed=3",
         "--set seed=3: expected tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE"},
        {OVERRIDE_SET, "tourament.seed=3",
         "--set tourament.seed=3: unknown section 'tourament'; did you mean 'tournament'? "
         "(expected tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE)"},
        {OVERRIDE_SET, "players.seed=3",
         "--set players.seed=3: unknown section 'players' (expected tournament.KEY=VALUE, "
         "game.KEY=VALUE or agent.NAME.KEY=VALUE)"},
        {OVERRIDE_SET, "agent.deep=3", "--set agent.deep=3: expected agent.NAME.KEY=VALUE"},
        {OVERRIDE_SET, "agent..depth=3",
         "--set agent..depth=3: expected tournament.KEY=VALUE, game.KEY=VALUE or "
         "agent.NAME.KEY=VALUE"},
        {OVERRIDE_SET, "game.=4",
         "--set game.=4: expected tournament.KEY=VALUE, game.KEY=VALUE or agent.NAME.KEY=VALUE"},
        {OVERRIDE_EACH, "depth", "--each depth: expected KEY=VALUE"},
        {OVERRIDE_EACH, "agent.deep.depth=3",
         "--each agent.deep.depth=3: expected KEY=VALUE with the name of an agent parameter as "
         "KEY, e.g. --each depth=3"},
        {OVERRIDE_EACH, "=3",
         "--each =3: expected KEY=VALUE with the name of an agent parameter as KEY, e.g. --each "
         "depth=3"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct error error;
        assert_int_equal(tourney_overrides_add(&f->overrides, bad[i].kind, bad[i].text, &error),
                         -1);
        assert_string_equal(error.text, bad[i].error);
        assert_int_equal(f->overrides.count, 4);
    }
}

static void test_values_replaced_and_added(void **state)
{
    struct fixture *f = *state;
    add(f, OVERRIDE_SET, "tournament.games_per_pair=100");
    add(f, OVERRIDE_SET, "tournament.seed=7"); /* not in the file */
    add(f, OVERRIDE_SET, "game.rows=4");
    add(f, OVERRIDE_SET, "agent.deep.depth=3");
    add(f, OVERRIDE_SET, "agent.random.plugin=first-open");
    assert_int_equal(open_config(f), 0);
    assert_int_equal(f->diag.count, 0);
    const struct tournament *t = &f->tournament;
    assert_int_equal(t->config.settings.games_per_pair, 100);
    assert_int_equal(t->config.settings.seed, 7);
    assert_string_equal(t->game_params_text, "rows = 4, cols = 3, k = 3");
    assert_string_equal(t->entrants[0].params_text, "depth = 3, tie_break = lowest");
    assert_string_equal(t->entrants[1].params_text, "depth = 2, tie_break = lowest");
    assert_string_equal(t->entrants[2].plugin->agent->name, "first-open");
    /* The lines of settings set on the command line are their options. */
    assert_int_equal(tourney_config_line(&t->config, "seed"), f->overrides.items[1].line);
    assert_true(tourney_config_line_is_set(&t->config, f->overrides.items[1].line));
    assert_false(tourney_config_line_is_set(&t->config, 2));
}

static void test_mistakes_named_by_option(void **state)
{
    struct fixture *f = *state;
    add(f, OVERRIDE_SET, "tournament.games_per_pair=x");
    add(f, OVERRIDE_SET, "tournament.sede=3");
    add(f, OVERRIDE_SET, "tournament.format=gauntlet");
    add(f, OVERRIDE_SET, "game.rws=4");
    add(f, OVERRIDE_SET, "agent.dep.depth=3");
    add(f, OVERRIDE_SET, "agent.shallow.depth=-1");
    add(f, OVERRIDE_SET, "agent.random.plugin=radnom");
    assert_int_not_equal(open_config(f), 0);
    const char *const expected[] = {
        "--set agent.dep.depth=3: t.ini has no [agent dep]; did you mean 'deep'? (its agents: "
        "deep, shallow, random)",
        "--set tournament.games_per_pair=x: bad value 'x' for 'games_per_pair': expected an even "
        "number from 2 to 1000000 (each pair plays both seats equally often)",
        "--set tournament.sede=3: unknown key 'sede' in [tournament]; did you mean 'seed'?",
        "--set tournament.format=gauntlet: format = gauntlet needs 'gauntlet_agent' in "
        "[tournament] (the agent every other agent plays)",
        "--set game.rws=4: unknown parameter 'rws' for game plugin 'mnk'; did you mean 'rows'?",
        "--set agent.shallow.depth=-1: bad value '-1' for 'depth' of agent 'shallow' (plugin "
        "'negamax'): expected a whole number from 0 to 10000",
        NULL, /* the unknown plugin: its message holds the plugin path */
    };
    assert_messages(f, expected, 7);
    const char *plugin = f->diag.items[6];
    const char *start = "--set agent.random.plugin=radnom: unknown agent plugin 'radnom': no "
                        "radnom.so found in ";
    const char *end = "; did you mean 'random'?";
    assert_memory_equal(plugin, start, strlen(start));
    assert_string_equal(plugin + strlen(plugin) - strlen(end), end);
}

static void test_each(void **state)
{
    struct fixture *f = *state;
    add(f, OVERRIDE_EACH, "depth=4");
    add(f, OVERRIDE_SET, "agent.shallow.depth=1"); /* one agent's own value wins */
    add(f, OVERRIDE_EACH, "tie_break=random");
    assert_int_equal(open_config(f), 0);
    assert_int_equal(f->diag.count, 0);
    const struct tournament *t = &f->tournament;
    assert_string_equal(t->entrants[0].params_text, "depth = 4, tie_break = random");
    assert_string_equal(t->entrants[1].params_text, "depth = 1, tie_break = random");
    assert_string_equal(t->entrants[2].params_text, ""); /* random has neither */
    assert_true(f->overrides.items[0].applied);
    assert_true(f->overrides.items[2].applied);
}

static void test_each_mistakes(void **state)
{
    struct fixture *f = *state;
    add(f, OVERRIDE_EACH, "dpth=4");
    add(f, OVERRIDE_EACH, "tie_break=sometimes");
    add(f, OVERRIDE_EACH, "iterations=100");
    assert_int_not_equal(open_config(f), 0);
    const char *const expected[] = {
        "--each tie_break=sometimes: bad value 'sometimes' for 'tie_break' of agent 'deep' "
        "(plugin 'minimax'): expected one of: lowest, random",
        "--each tie_break=sometimes: bad value 'sometimes' for 'tie_break' of agent 'shallow' "
        "(plugin 'negamax'): expected one of: lowest, random",
        "--each dpth=4: no agent of t.ini has a parameter 'dpth'; did you mean 'depth'?",
        "--each iterations=100: no agent of t.ini has a parameter 'iterations' (`tourney "
        "agents` lists them)",
    };
    assert_messages(f, expected, 4);
}

/* Without overrides, a diagnostic's place is its file and line as ever. */
static void test_places(void **state)
{
    (void)state;
    struct diagnostics diag;
    tourney_diag_init(&diag);
    int line = tourney_diag_place(&diag, "--set tournament.seed=x");
    assert_int_equal(line, TOURNEY_DIAG_FIRST_PLACE);
    assert_true(tourney_diag_is_place(line));
    assert_false(tourney_diag_is_place(TOURNEY_DIAG_FIRST_PLACE - 1));
    assert_int_equal(tourney_diag_place(&diag, "--each depth=x"), TOURNEY_DIAG_FIRST_PLACE + 1);
    tourney_diag_add(&diag, "a.ini", line, "bad value '%s'", "x");
    tourney_diag_add(&diag, "a.ini", line + 1, "no agent");
    tourney_diag_add(&diag, "a.ini", 3, "at a line");
    tourney_diag_add(&diag, "a.ini", 0, "about the file");
    const char *const expected[] = {"--set tournament.seed=x: bad value 'x'",
                                    "--each depth=x: no agent", "a.ini:3: at a line",
                                    "a.ini: about the file"};
    assert_int_equal(diag.count, 4);
    for (size_t i = 0; i < 4; i++) {
        assert_string_equal(diag.items[i], expected[i]);
    }
    tourney_diag_finish(&diag);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_reading, setup, teardown),
        cmocka_unit_test_setup_teardown(test_values_replaced_and_added, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mistakes_named_by_option, setup, teardown),
        cmocka_unit_test_setup_teardown(test_each, setup, teardown),
        cmocka_unit_test_setup_teardown(test_each_mistakes, setup, teardown),
        cmocka_unit_test(test_places),
    };
    return cmocka_run_group_tests_name("overrides", tests, NULL, NULL);
}
