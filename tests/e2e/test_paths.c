/*
 * What an agent may read and know, through the real binary: the runner
 * names the game's plugin file on the game-plugin line and lets a program
 * read it; a program reads its interpreter's installation, its own folder
 * and what the config names for it, and nothing else of the user's (the
 * config, the results being written, other agents' files, the folder above
 * its own, the home), whatever its `#!` line says; it starts through every
 * common launcher (a pyenv-like shim, a virtual environment, a conda-style
 * installation, /usr/bin/env, a shell script, node) and finds modules on
 * PYTHONPATH and in the user's site-packages; and no variable of the runner's environment outside
 * the allow-list reaches a plugin or a program.
 */
/* syscall (Landlock has no glibc wrapper), setenv. */
#define _GNU_SOURCE
#include "test.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>

#include <jansson.h>

#include "binary.h"

#define READING_AGENT TOURNEY_TEST_SOURCE_DIR "/tests/e2e/reading_agent.py"
#define ENVIRONMENT_PLUGIN TOURNEY_TEST_PLUGIN_DIR "/zoo_environment.so"

/* The system's Python, which the unprivileged user can run too. */
static const char *python(void)
{
    return access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : TOURNEY_TEST_PYTHON;
}

static bool have_landlock(void)
{
    /* landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) */
    if (syscall(444, NULL, 0, 1U) < 1) {
        print_message("skipped: this kernel has no Landlock\n");
        return false;
    }
    return true;
}

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

/* Copies the reading agent into L's agents/NAME, with a data file beside
 * it; its path into PATH. */
static void add_agent(const struct layout *l, const char *name, char *path, size_t size)
{
    char dir[192];
    snprintf(dir, sizeof(dir), "%s/%s", l->agents, name);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(path, size, "%s/%s.py", dir, name);
    copy_file(READING_AGENT, path, 0);
    char data[256];
    snprintf(data, sizeof(data), "%s/data.txt", dir);
    write_file(data, "the agent's own data\n");
}

/* Plays the config TEXT of layout L into L's reports; its games. */
static json_t *play_layout(struct layout *l, const char *text)
{
    write_file(l->config, "%s", text);
    const char *args[] = {"run", l->config, "--quiet", "--output", l->out, NULL};
    run_tourney_ok(&l->run, args);
    return load_games(&l->run);
}

/* The first log message of AGENT in GAME that begins with PREFIX, or "". */
static const char *log_of(json_t *game, const char *agent, const char *prefix)
{
    size_t i;
    json_t *entry;
    json_array_foreach(json_object_get(game, "log"), i, entry)
    {
        const char *message = text_of(entry, "message");
        if (strcmp(text_of(entry, "agent"), agent) == 0 &&
            strncmp(message, prefix, strlen(prefix)) == 0) {
            return message;
        }
    }
    return "";
}

/* Every game of GAMES (COUNT of them) ended normally, and AGENT logged
 * EXPECTED (beginning with PREFIX) in each. */
static void assert_logged(json_t *games, size_t count, const char *agent, const char *prefix,
                          const char *expected)
{
    assert_int_equal(json_array_size(games), count);
    for (size_t i = 0; i < count; i++) {
        json_t *game = json_array_get(games, i);
        if (strcmp(text_of(game, "termination"), "normal") != 0) {
            print_error("game %zu: %s: %s\n", i, text_of(game, "termination"),
                        text_of(game, "reason"));
            fail();
        }
        assert_string_equal(log_of(game, agent, prefix), expected);
    }
}

/* The runner names the game's plugin file, canonical, on the game-plugin
 * line, with the parameters, and the program may read it: every game is
 * played to its end, and the agent's log says what it read. */
static void play_knower(const char *prefix)
{
    struct layout l;
    make_layout(&l, prefix);
    char agent[256];
    add_agent(&l, "knower", agent, sizeof(agent));
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\nk = 3\n"
             "[agent knower]\ncommand = %s %s --game-plugin\n"
             "[agent first-open]\nplugin = first-open\n",
             python(), agent);
    json_t *games = play_layout(&l, text);
    assert_logged(games, 2, "knower", "game plugin",
                  "game plugin mnk.so, params rows=3 cols=3 k=3");
    json_decref(games);
    remove_tree(l.run.dir);
}

static void test_the_game_plugin_is_told_and_readable(void **state)
{
    (void)state;
    play_knower("paths-game");
}

/* The secrets of a layout: a home folder with a secret (HOME is set to
 * it), a secret elsewhere (as /etc/shadow would be), another agent (a
 * program, in a folder of its own). */
struct secrets {
    char home[128];
    char old_home[256];
    bool had_home;
};

static void plant_secrets(const struct layout *l, struct secrets *s, const char *self)
{
    snprintf(s->home, sizeof(s->home), "%s/home", l->run.dir);
    assert_int_equal(mkdir(s->home, 0700), 0);
    char path[256];
    snprintf(path, sizeof(path), "%s/secret.txt", s->home);
    write_file(path, "the home's secret\n");
    snprintf(path, sizeof(path), "%s/elsewhere", l->run.dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof(path), "%s/elsewhere/shadow", l->run.dir);
    write_file(path, "root:secret\n");
    char other[256];
    add_agent(l, "other", other, sizeof(other));
    const char *old = getenv("HOME");
    s->had_home = old != NULL;
    snprintf(s->old_home, sizeof(s->old_home), "%s", old ? old : "");
    setenv("HOME", s->home, 1);
    /* Its own data, then what it must not read: the config, the results
     * being written, the other agent's file and folder, the folder above
     * its own, the home's secret, a secret elsewhere. The list lies beside
     * it (--targets). */
    char list[2048];
    const char *top = l->run.dir;
    snprintf(list, sizeof(list),
             "own=%s/%s/data.txt\ncfg=%s\nout=%s/games.jsonl\nother=%s\notherdir=%s/other\n"
             "above=%s\nhome=%s/secret.txt\nshadow=%s/elsewhere/shadow\n",
             l->agents, self, l->config, l->out, other, l->agents, l->agents, s->home, top);
    snprintf(path, sizeof(path), "%s/%s/targets.txt", l->agents, self);
    write_file(path, "%s", list);
}

static void restore_home(const struct secrets *s)
{
    if (s->had_home) {
        setenv("HOME", s->old_home, 1);
    } else {
        unsetenv("HOME");
    }
}

#define NONE_READ                                                                               \
    "reads: own ok; cfg PermissionError; out PermissionError; other PermissionError; otherdir " \
    "PermissionError; above PermissionError; home PermissionError; shadow PermissionError"

/* PATTERN with each '@' replaced by DIR, into OUT. */
static void expand(char *out, size_t size, const char *pattern, const char *dir)
{
    size_t used = 0;
    for (const char *c = pattern; *c != '\0' && used + 1 < size; c++) {
        int wrote = *c == '@' ? snprintf(out + used, size - used, "%s", dir)
                              : snprintf(out + used, size - used, "%c", *c);
        used += (size_t)wrote < size - used ? (size_t)wrote : size - used - 1;
    }
    out[used] = '\0';
}

/* Saves the variable NAME (into SAVED, *HAD) and sets it to VALUE, or
 * restores it (VALUE NULL). */
static void swap_variable(const char *name, const char *value, char *saved, size_t size, bool *had)
{
    if (value != NULL) {
        const char *old = getenv(name);
        *had = old != NULL;
        snprintf(saved, size, "%s", old ? old : "");
        setenv(name, value, 1);
    } else if (*had) {
        setenv(name, saved, 1);
    } else {
        unsetenv(name);
    }
}

/* A way of starting the reading agent as 'spy': LAUNCHER (the words before
 * its script; '@' stands for the layout's folder) is followed by the
 * script when SCRIPT_TOO, then by MORE. PREPARE, unless NULL, makes what
 * the launcher needs in the layout; PATH_FIRST and PYTHON_PATH, unless
 * NULL, are put first in PATH and made PYTHONPATH. */
struct launch_case {
    const char *name;
    void (*prepare)(const struct layout *l);
    const char *launcher;
    bool script_too;
    const char *more;
    const char *path_first;
    const char *python_path;
    const char *imported[2]; /* what it logs it imported, at least; or NULL */
};

/* Plays the case against first-open and checks that every game ended
 * normally, that it read its own data and nothing else of the user's, and
 * that it imported what it should, from where it should. */
static void check_case(const struct launch_case *c)
{
    print_message("%s\n", c->name);
    struct layout l;
    make_layout(&l, "paths-launch");
    char spy[256];
    add_agent(&l, "spy", spy, sizeof(spy));
    struct secrets s;
    plant_secrets(&l, &s, "spy");
    if (c->prepare != NULL) {
        c->prepare(&l);
    }
    char launcher[512];
    expand(launcher, sizeof(launcher), c->launcher, l.run.dir);
    char saved_path[4096];
    char saved_python[4096];
    bool had_path = false;
    bool had_python = false;
    if (c->path_first != NULL) {
        char first[512];
        expand(first, sizeof(first), c->path_first, l.run.dir);
        char path[4600];
        snprintf(path, sizeof(path), "%s:%s", first, getenv("PATH") ? getenv("PATH") : "");
        swap_variable("PATH", path, saved_path, sizeof(saved_path), &had_path);
    }
    if (c->python_path != NULL) {
        char value[512];
        expand(value, sizeof(value), c->python_path, l.run.dir);
        swap_variable("PYTHONPATH", value, saved_python, sizeof(saved_python), &had_python);
    }
    char text[4096];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\n"
             "[agent spy]\ncommand = %s%s --targets ../agents/spy/targets.txt %s\n"
             "[agent first-open]\nplugin = first-open\n",
             launcher, c->script_too ? " ../agents/spy/spy.py" : "", c->more ? c->more : "");
    json_t *games = play_layout(&l, text);
    restore_home(&s);
    if (c->path_first != NULL) {
        swap_variable("PATH", NULL, saved_path, sizeof(saved_path), &had_path);
    }
    if (c->python_path != NULL) {
        swap_variable("PYTHONPATH", NULL, saved_python, sizeof(saved_python), &had_python);
    }
    assert_logged(games, 2, "spy", "reads:", NONE_READ);
    for (size_t i = 0; i < 2 && c->imported[i] != NULL; i++) {
        char expected[512];
        expand(expected, sizeof(expected), c->imported[i], l.run.dir);
        for (size_t g = 0; g < 2; g++) {
            const char *found = log_of(json_array_get(games, g), "spy", expected);
            if (found[0] == '\0') {
                print_error("%s: no log beginning '%s'\n", c->name, expected);
                fail();
            }
        }
    }
    json_decref(games);
    remove_tree(l.run.dir);
}

/* The layout's folder PATH (with '@'), made. */
static void make_folder(const struct layout *l, const char *pattern)
{
    char path[512];
    expand(path, sizeof(path), pattern, l->run.dir);
    assert_int_equal(mkdir(path, 0755), 0);
}

/* Runs the shell command PATTERN ('@' the layout's folder). */
static void shell(const struct layout *l, const char *pattern)
{
    char command[2048];
    expand(command, sizeof(command), pattern, l->run.dir);
    if (system(command) != 0) {
        fail_msg("failed: %s", command);
    }
}

/* pyenv as it looks: a shims folder whose python3 is a shell script that
 * executes the interpreter of versions/sys (here a link to the system's). */
static void prepare_shim(const struct layout *l)
{
    make_folder(l, "@/pyenv");
    make_folder(l, "@/pyenv/shims");
    make_folder(l, "@/pyenv/versions");
    make_folder(l, "@/pyenv/versions/sys");
    make_folder(l, "@/pyenv/versions/sys/bin");
    char link[512];
    expand(link, sizeof(link), "@/pyenv/versions/sys/bin/python3", l->run.dir);
    assert_int_equal(symlink(python(), link), 0);
    char shim[512];
    expand(shim, sizeof(shim), "@/pyenv/shims/python3", l->run.dir);
    write_file(shim, "#!/bin/sh\nexec %s \"$@\"\n", link);
    assert_int_equal(chmod(shim, 0755), 0);
}

/* pyenv exactly as it is: shims/python3 is pyenv's own shim, which runs
 * libexec/pyenv exec python3; that tool finds the version in subshells
 * ($(...), a fork: .python-version in the working folder, else the global
 * version file) and only then executes versions/VERSION/bin/python3 (here
 * the system's interpreter, resolved). Under the filter of programs the
 * fork kills it, so the runner must start what `pyenv which` names. */
static void prepare_pyenv(const struct layout *l)
{
    make_folder(l, "@/pyenv");
    make_folder(l, "@/pyenv/shims");
    make_folder(l, "@/pyenv/libexec");
    make_folder(l, "@/pyenv/versions");
    make_folder(l, "@/pyenv/versions/sys");
    make_folder(l, "@/pyenv/versions/sys/bin");
    char real[PATH_MAX];
    assert_non_null(realpath(python(), real));
    char link[512];
    expand(link, sizeof(link), "@/pyenv/versions/sys/bin/python3", l->run.dir);
    assert_int_equal(symlink(real, link), 0);
    char path[512];
    expand(path, sizeof(path), "@/pyenv/version", l->run.dir);
    write_file(path, "sys\n");
    char root[512];
    expand(root, sizeof(root), "@/pyenv", l->run.dir);
    expand(path, sizeof(path), "@/pyenv/libexec/pyenv", l->run.dir);
    write_file(path,
               "#!/usr/bin/env bash\n"
               "set -e\n"
               "command=\"$1\"; program=\"$2\"; shift 2\n"
               "version=\"$(cat .python-version 2>/dev/null || cat \"$PYENV_ROOT/version\")\"\n"
               "interpreter=\"$PYENV_ROOT/versions/$version/bin/$program\"\n"
               "if [ ! -x \"$interpreter\" ]; then\n"
               "  echo \"pyenv: version \\`$version' is not installed\" >&2; exit 1\n"
               "fi\n"
               "case \"$command\" in\n"
               "  which) echo \"$interpreter\" ;;\n"
               "  exec) exec \"$interpreter\" \"$@\" ;;\n"
               "esac\n");
    assert_int_equal(chmod(path, 0755), 0);
    expand(path, sizeof(path), "@/pyenv/shims/python3", l->run.dir);
    write_file(path,
               "#!/usr/bin/env bash\n"
               "set -e\n"
               "[ -n \"$PYENV_DEBUG\" ] && set -x\n"
               "\n"
               "program=\"${0##*/}\"\n"
               "\n"
               "export PYENV_ROOT=\"%s\"\n"
               "SHIM_PATH=${0%%/*}\n"
               "if [[ $SHIM_PATH != \"%s/shims\" ]]; then\n"
               "  export _PYENV_SHIM_PATH=\"$SHIM_PATH\"\n"
               "fi\n"
               "exec \"%s/libexec/pyenv\" exec \"$program\" \"$@\"\n",
               root, root, root);
    assert_int_equal(chmod(path, 0755), 0);
}

/* A virtual environment made by venv, with a module of its own. */
static void prepare_venv(const struct layout *l)
{
    char command[512];
    snprintf(command, sizeof(command),
             "'%s' -m venv --without-pip @/venv && "
             "echo 'X = 1' > \"$(echo @/venv/lib/python3*/site-packages)/venvmod.py\"",
             python());
    shell(l, command);
}

/* A folder of PYTHONPATH outside the agent's, with a module. */
static void prepare_pythonpath(const struct layout *l)
{
    make_folder(l, "@/pylib");
    shell(l, "echo 'X = 1' > @/pylib/pathmod.py");
}

/* A module of the user's site-packages (in HOME, which is the test's). */
static void prepare_user_site(const struct layout *l)
{
    char command[512];
    snprintf(command, sizeof(command),
             "site=$('%s' -c 'import site; print(site.getusersitepackages())') && "
             "mkdir -p \"$site\" && echo 'X = 1' > \"$site/usermod.py\"",
             python());
    shell(l, command);
}

/* An interpreter installed outside /usr, conda's way: its own bin. */
static void prepare_conda(const struct layout *l)
{
    make_folder(l, "@/conda");
    make_folder(l, "@/conda/bin");
    char real[4096];
    assert_non_null(realpath(python(), real));
    char copy[512];
    expand(copy, sizeof(copy), "@/conda/bin/python3", l->run.dir);
    copy_file(real, copy, 0);
    assert_int_equal(chmod(copy, 0755), 0);
}

/* A shell script beside the agent that executes the interpreter. */
static void prepare_wrapper(const struct layout *l)
{
    char script[512];
    expand(script, sizeof(script), "@/agents/spy/run.sh", l->run.dir);
    write_file(script, "#!/bin/sh\nexec %s spy.py \"$@\"\n", python());
    assert_int_equal(chmod(script, 0755), 0);
}

/* Every common way of starting an interpreter works, confined as before:
 * each plays its games with no fault, imports what it should from where
 * the user put it, and reads nothing of the user's but its own. */
static void test_every_way_of_starting_python(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    const struct launch_case cases[] = {
        {"a pyenv-like shim", prepare_shim, "python3", true, NULL, "@/pyenv/shims", NULL, {NULL}},
        {"a virtual environment",
         prepare_venv,
         "../venv/bin/python",
         true,
         "--import venvmod",
         NULL,
         NULL,
         {"imported venvmod from @/venv/lib/python3", NULL}},
        {"PYTHONPATH outside the agent's folder",
         prepare_pythonpath,
         python(),
         true,
         "--import pathmod --import tourney_agent",
         NULL,
         "@/pylib:" TOURNEY_TEST_SOURCE_DIR "/bindings/python",
         {"imported pathmod from @/pylib",
          "imported tourney_agent from " TOURNEY_TEST_SOURCE_DIR "/bindings/python"}},
        {"the user's site-packages",
         prepare_user_site,
         python(),
         true,
         "--import usermod",
         NULL,
         NULL,
         {"imported usermod from @/home/.local/lib/python3", NULL}},
        {"a conda-style installation",
         prepare_conda,
         "@/conda/bin/python3",
         true,
         NULL,
         NULL,
         NULL,
         {NULL}},
        {"/usr/bin/env python3 through the shim",
         prepare_shim,
         "/usr/bin/env python3",
         true,
         NULL,
         "@/pyenv/shims",
         NULL,
         {NULL}},
        {"a shell script",
         prepare_wrapper,
         "../agents/spy/run.sh",
         false,
         NULL,
         NULL,
         NULL,
         {NULL}},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        check_case(&cases[i]);
    }
    /* An interpreter installed in a folder of its own (pyenv's versions). */
    char real[4096];
    if (realpath(TOURNEY_TEST_PYTHON, real) != NULL && strncmp(real, "/usr/", 5) != 0 &&
        access(real, X_OK) == 0) {
        const struct launch_case own = {"the tests' Python, " TOURNEY_TEST_PYTHON,
                                        NULL,
                                        TOURNEY_TEST_PYTHON,
                                        true,
                                        NULL,
                                        NULL,
                                        NULL,
                                        {NULL}};
        check_case(&own);
    }
}

/* Validates `command = python3 spy.py` with the fake pyenv of
 * prepare_pyenv first on PATH and, unless NULL, VERSION in the agent's
 * .python-version; its output in L's run. */
static void validate_pyenv(struct layout *l, const char *version)
{
    char spy[256];
    add_agent(l, "spy", spy, sizeof(spy));
    prepare_pyenv(l);
    if (version != NULL) {
        char path[512];
        expand(path, sizeof(path), "@/agents/spy/.python-version", l->run.dir);
        write_file(path, "%s\n", version);
    }
    char first[512];
    expand(first, sizeof(first), "@/pyenv/shims", l->run.dir);
    char path[4600];
    snprintf(path, sizeof(path), "%s:%s", first, getenv("PATH") ? getenv("PATH") : "");
    char saved[4096];
    bool had = false;
    swap_variable("PATH", path, saved, sizeof(saved), &had);
    write_file(l->config, "[tournament]\nname = t\ngames_per_pair = 2\n[game]\nplugin = mnk\n"
                          "[agent first-open]\nplugin = first-open\n"
                          "[agent spy]\ncommand = python3 ../agents/spy/spy.py\n");
    const char *args[] = {"validate", l->config, NULL};
    run_tourney(&l->run, args);
    swap_variable("PATH", NULL, saved, sizeof(saved), &had);
}

/* python3 that is pyenv's shim (whose tool forks before it executes the
 * interpreter) plays under the filter of programs, as the interpreter the
 * tool names; validate says so; a version the tool cannot find is an
 * error of that agent, with what the tool said. On this machine, the
 * user's own pyenv likewise. */
static void test_a_pyenv_shim(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    const struct launch_case shim = {"pyenv's shim", prepare_pyenv,   "python3", true,
                                     NULL,           "@/pyenv/shims", NULL,      {NULL}};
    check_case(&shim);

    struct layout l;
    make_layout(&l, "paths-pyenv");
    validate_pyenv(&l, NULL);
    char *out = slurp(l.run.out);
    char top[PATH_MAX];
    assert_non_null(realpath(l.run.dir, top));
    char expected[3 * PATH_MAX + 256];
    snprintf(expected, sizeof(expected),
             "python3 is a pyenv shim for %s/pyenv/versions/sys/bin/python3\n", top);
    if (l.run.status != 0 || strstr(out, expected) == NULL) {
        fail_msg("validate (%d) did not say '%s':\n%s\n%s", l.run.status, expected, out,
                 slurp(l.run.err));
    }
    free(out);
    remove_tree(l.run.dir);

    /* The agent's .python-version counts, and names no installed version. */
    make_layout(&l, "paths-pyenv");
    validate_pyenv(&l, "3.99");
    assert_non_null(realpath(l.run.dir, top));
    char *err = slurp(l.run.err);
    snprintf(expected, sizeof(expected),
             "t.ini:9: cannot run agent 'spy': %s/pyenv/shims/python3 is a pyenv shim, and "
             "'%s/pyenv/libexec/pyenv which python3' (in %s/agents/spy) failed: pyenv: version "
             "`3.99' is not installed\n",
             top, top, top);
    if (l.run.status == 0 || strstr(err, expected) == NULL) {
        fail_msg("validate (%d) did not say '%s':\n%s", l.run.status, expected, err);
    }
    free(err);
    remove_tree(l.run.dir);

    /* The user's own pyenv, with PATH as the user has it. */
    const char *user_shim = "/root/.pyenv/shims/python3";
    char found[PATH_MAX] = "";
    FILE *which = popen("command -v python3", "r");
    if (which != NULL) {
        if (fgets(found, sizeof(found), which) == NULL) {
            found[0] = '\0';
        }
        found[strcspn(found, "\n")] = '\0';
        pclose(which);
    }
    if (geteuid() != 0 || access(user_shim, X_OK) != 0 || strcmp(found, user_shim) != 0) {
        print_message("skipped the user's pyenv: not root, or python3 on PATH is not %s\n",
                      user_shim);
        return;
    }
    const struct launch_case user = {
        "the user's pyenv shim", NULL, "python3", true, NULL, NULL, NULL, {NULL}};
    check_case(&user);
}

/* A plain program agent: its own folder, not the one above (where the
 * config, the results and the other agent are), nor the home. */
static void test_a_program_reads_only_its_own(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    const struct launch_case plain = {"plain", NULL, python(), true, NULL, NULL, NULL, {NULL}};
    check_case(&plain);
}

/* A script whose #! line names its interpreter through "//bin" or "/./bin"
 * (the folder above "bin" as text is "/"): the same, where /bin/python3 is. */
static void test_a_shebang_cannot_widen_the_reads(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    if (access("/bin/python3", X_OK) != 0) {
        print_message("skipped: no /bin/python3\n");
        return;
    }
    static const char *const shebangs[] = {"#!//bin/python3", "#!/./bin/python3",
                                           "#!/bin/../bin/python3"};
    for (size_t i = 0; i < sizeof(shebangs) / sizeof(shebangs[0]); i++) {
        print_message("%s\n", shebangs[i]);
        struct layout l;
        make_layout(&l, "paths-shebang");
        char spy[256];
        add_agent(&l, "spy", spy, sizeof(spy));
        char *script = slurp(spy);
        write_file(spy, "%s\n%s", shebangs[i], script);
        free(script);
        assert_int_equal(chmod(spy, 0755), 0);
        struct secrets s;
        plant_secrets(&l, &s, "spy");
        char text[4096];
        snprintf(
            text, sizeof(text),
            "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\n"
            "time_per_move_ms = 5000\n[game]\nplugin = mnk\n"
            "[agent spy]\ncommand = ../agents/spy/spy.py --targets ../agents/spy/targets.txt\n"
            "[agent first-open]\nplugin = first-open\n");
        json_t *games = play_layout(&l, text);
        restore_home(&s);
        assert_logged(games, 2, "spy", "reads:", NONE_READ);
        json_decref(games);
        remove_tree(l.run.dir);
    }
}

/* A bash script whose #! line is //bin/bash reads with a redirection (no
 * new process): the secret elsewhere and the config stay closed to it. */
static void play_bash_agent(void)
{
    struct layout l;
    make_layout(&l, "paths-bash");
    char dir[192];
    snprintf(dir, sizeof(dir), "%s/bash", l.agents);
    assert_int_equal(mkdir(dir, 0755), 0);
    char script[256];
    snprintf(script, sizeof(script), "%s/agent.sh", dir);
    char shadow[256];
    snprintf(shadow, sizeof(shadow), "%s/elsewhere/shadow", l.run.dir);
    char secret_dir[192];
    snprintf(secret_dir, sizeof(secret_dir), "%s/elsewhere", l.run.dir);
    assert_int_equal(mkdir(secret_dir, 0755), 0);
    write_file(shadow, "root:secret\n");
    write_file(script,
               "#!//bin/bash\n"
               /* No 2>/dev/null: opening it for writing fails, as any redirection
                * out would. */
               "try() { if read -r line < \"$1\"; then got=ok; else got=refused; fi; }\n"
               "while read -r word rest; do\n"
               "  case $word in\n"
               "    tourney-protocol) echo 'tourney-protocol 1' ;;\n"
               "    new-game) try '%s'; own=$got; try '%s'; shadow=$got; try '%s'; "
               "echo \"log info own $own, shadow $shadow, config $got\"; echo ready ;;\n"
               "    legal) set -- $rest; first=$1 ;;\n"
               "    go) echo \"move $first\" ;;\n"
               "    quit) exit 0 ;;\n"
               "  esac\n"
               "done\n",
               script, shadow, l.config);
    assert_int_equal(chmod(script, 0755), 0);
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\n"
             "[agent bash]\ncommand = ../agents/bash/agent.sh\n"
             "[agent first-open]\nplugin = first-open\n");
    json_t *games = play_layout(&l, text);
    assert_logged(games, 2, "bash", "own", "own ok, shadow refused, config refused");
    json_decref(games);
    remove_tree(l.run.dir);
}

static void test_a_bash_agent_with_slashes(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    if (access("/bin/bash", X_OK) != 0) {
        print_message("skipped: no /bin/bash\n");
        return;
    }
    play_bash_agent();
}

/* Programs started from a bare environment, as cron, containers and CI
 * runners start jobs: with no HOME, SHELL, USER or LOGNAME, bash and
 * Python ask the C library who the user is, which first tries a socket to
 * nscd. The socket is refused, not a reason to kill the program: both play
 * every game and still read only their own. */
static void test_a_bare_environment(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    static const char *const names[] = {"HOME", "SHELL", "USER", "LOGNAME"};
    enum { COUNT = sizeof(names) / sizeof(names[0]) };
    char saved[COUNT][256];
    bool had[COUNT];
    for (size_t i = 0; i < COUNT; i++) {
        const char *old = getenv(names[i]);
        had[i] = old != NULL;
        snprintf(saved[i], sizeof(saved[i]), "%s", old ? old : "");
        unsetenv(names[i]);
    }
    if (access("/bin/bash", X_OK) == 0) {
        play_bash_agent();
    }
    play_knower("paths-bare");
    for (size_t i = 0; i < COUNT; i++) {
        if (had[i]) {
            setenv(names[i], saved[i], 1);
        }
    }
}

/* node agent.js, where node is installed: plays the lowest legal move and
 * logs what it could read, as the Python agent does. */
static void test_node(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    if (access("/usr/bin/node", X_OK) != 0) {
        print_message("skipped: node is not installed (/usr/bin/node)\n");
        return;
    }
    struct layout l;
    make_layout(&l, "paths-node");
    char spy[256];
    add_agent(&l, "spy", spy, sizeof(spy));
    struct secrets s;
    plant_secrets(&l, &s, "spy");
    char script[512];
    expand(script, sizeof(script), "@/agents/spy/agent.js", l.run.dir);
    write_file(script,
               "const fs = require('fs');\n"
               "const readline = require('readline');\n"
               "const targets = fs.readFileSync('targets.txt', 'utf8').split(/\\s+/)\n"
               "    .filter((w) => w).map((w) => w.split('='));\n"
               "function attempt(path) {\n"
               "  try {\n"
               "    if (fs.statSync(path).isDirectory()) { fs.readdirSync(path); }\n"
               "    else { fs.readFileSync(path); }\n"
               "    return 'ok';\n"
               "  } catch (e) { return e.code; }\n"
               "}\n"
               "let legal = [];\n"
               "const say = (text) => process.stdout.write(text + '\\n');\n"
               "readline.createInterface({input: process.stdin}).on('line', (line) => {\n"
               "  const words = line.split(' ');\n"
               "  if (words[0] === 'tourney-protocol') { say('tourney-protocol 1'); }\n"
               "  else if (words[0] === 'new-game') {\n"
               "    say('log info reads: ' + targets.map(([t, p]) => t + ' ' + attempt(p))\n"
               "        .join('; '));\n"
               "    say('ready');\n"
               "  } else if (words[0] === 'legal') { legal = words.slice(1); }\n"
               "  else if (words[0] === 'go') { say('move ' + legal[0]); }\n"
               "  else if (words[0] === 'quit') { process.exit(0); }\n"
               "});\n");
    json_t *games = play_layout(&l, "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\n"
                                    "time_per_move_ms = 5000\n[game]\nplugin = mnk\n"
                                    "[agent spy]\ncommand = node ../agents/spy/agent.js\n"
                                    "[agent first-open]\nplugin = first-open\n");
    restore_home(&s);
    assert_logged(games, 2, "spy", "reads:",
                  "reads: own ok; cfg EACCES; out EACCES; other EACCES; otherdir EACCES; above "
                  "EACCES; home EACCES; shadow EACCES");
    json_decref(games);
    remove_tree(l.run.dir);
}

/* A secret in the runner's environment reaches neither a plugin (by getenv
 * or in the block its process started with) nor a program; PATH does. */
static void test_the_environment_is_clean(void **state)
{
    (void)state;
    struct layout l;
    make_layout(&l, "paths-env");
    char spy[256];
    add_agent(&l, "spy", spy, sizeof(spy));
    setenv("SECRET_TOKEN", "hunter2", 1);
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\n"
             "[agent spy]\ncommand = %s ../agents/spy/spy.py --env SECRET_TOKEN --env PATH\n"
             "[agent snoop]\nplugin = %s\n",
             python(), ENVIRONMENT_PLUGIN);
    json_t *games = play_layout(&l, text);
    unsetenv("SECRET_TOKEN");
    assert_logged(games, 2, "spy", "env: SECRET", "env: SECRET_TOKEN unset");
    /* A log message keeps 199 bytes. */
    char path[200];
    snprintf(path, sizeof(path), "env: PATH=%s", getenv("PATH") ? getenv("PATH") : "");
    assert_logged(games, 2, "spy", "env: PATH", path);
    assert_logged(games, 2, "snoop", "getenv", "getenv: unset; environ block: has it not");
    json_decref(games);
    remove_tree(l.run.dir);
}

/* An agent beside the config: validate lists what it may read and says
 * that its folder also holds the config and another agent, with the
 * remedy; the run warns likewise, and the agent reads its own data but
 * neither the config nor the other agent. read = adds a folder. */
static void test_an_agent_beside_the_config(void **state)
{
    (void)state;
    if (!have_landlock()) {
        return;
    }
    struct layout l;
    make_layout(&l, "paths-beside");
    char path[512];
    expand(path, sizeof(path), "@/config/spy.py", l.run.dir);
    copy_file(READING_AGENT, path, 0);
    expand(path, sizeof(path), "@/config/other.py", l.run.dir);
    copy_file(READING_AGENT, path, 0);
    expand(path, sizeof(path), "@/config/data.txt", l.run.dir);
    write_file(path, "its data\n");
    expand(path, sizeof(path), "@/config/targets.txt", l.run.dir);
    write_file(path, "own=data.txt\ncfg=t.ini\nother=other.py\nlib=../lib/x.txt\n");
    make_folder(&l, "@/lib");
    expand(path, sizeof(path), "@/lib/x.txt", l.run.dir);
    write_file(path, "a library\n");
    char text[1024];
    snprintf(text, sizeof(text),
             "[tournament]\nname = t\nseed = 3\ngames_per_pair = 2\ntime_per_move_ms = 5000\n"
             "[game]\nplugin = mnk\n"
             "[agent spy]\ncommand = %s spy.py --targets targets.txt\nread = ../lib\n"
             "[agent other]\ncommand = %s other.py\n",
             python(), python());
    write_file(l.config, "%s", text);
    const char *validate[] = {"validate", l.config, NULL};
    run_tourney_ok(&l.run, validate);
    char expected[1024];
    expand(expected, sizeof(expected),
           "note: @/config (its own folder) also holds @/config/t.ini, @/config/other.py, which "
           "it may not read; it may open the folder's other files by name but not list the "
           "folder (so Python cannot import from it): give the agent a folder of its own, or "
           "name what it reads with read =\n",
           l.run.dir);
    assert_file_has(l.run.out, expected);
    expand(expected, sizeof(expected), "  @/lib (read =)\n", l.run.dir);
    assert_file_has(l.run.out, expected);
    json_t *games = play_layout(&l, text);
    expand(expected, sizeof(expected),
           "tourney: warning: agent 'spy': @/config (its own folder) also holds @/config/t.ini, "
           "@/config/other.py, which it may not read",
           l.run.dir);
    assert_file_has(l.run.err, expected);
    assert_logged(games, 2, "spy",
                  "reads:", "reads: own ok; cfg PermissionError; other PermissionError; lib ok");
    json_decref(games);
    remove_tree(l.run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_game_plugin_is_told_and_readable),
        cmocka_unit_test(test_a_program_reads_only_its_own),
        cmocka_unit_test(test_a_shebang_cannot_widen_the_reads),
        cmocka_unit_test(test_a_bash_agent_with_slashes),
        cmocka_unit_test(test_a_bare_environment),
        cmocka_unit_test(test_every_way_of_starting_python),
        cmocka_unit_test(test_a_pyenv_shim),
        cmocka_unit_test(test_node),
        cmocka_unit_test(test_the_environment_is_clean),
        cmocka_unit_test(test_an_agent_beside_the_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
