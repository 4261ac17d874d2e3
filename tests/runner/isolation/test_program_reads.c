/*
 * What a program agent may read, worked out from the real file system
 * (program_reads.h): canonical paths whatever the text says, the folders
 * that are never given whole, the folders trimmed around the config and
 * other agents, arguments made absolute; and the environment's allow-list
 * (agent_environment.h).
 */
/* realpath, symlink (X/Open). */
#define _XOPEN_SOURCE 700
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent_environment.h"
#include "files.h"
#include "program_reads.h"

static bool has(char *const *list, const char *path)
{
    for (size_t i = 0; list != NULL && list[i] != NULL; i++) {
        if (strcmp(list[i], path) == 0) {
            return true;
        }
    }
    return false;
}

/* The canonical form of a path: links, '.', '..' and doubled slashes
 * resolved where it exists, the rest kept. */
static void test_canonical_paths(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "reads");
    char real[256];
    assert_non_null(realpath(dir, real));
    char sub[128];
    snprintf(sub, sizeof(sub), "%s/a", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    char link[128];
    snprintf(link, sizeof(link), "%s/link", dir);
    assert_int_equal(symlink("a", link), 0);
    char expected[320];
    char *got = tourney_canonical_path("link/./x/../y", dir);
    snprintf(expected, sizeof(expected), "%s/a/y", real);
    assert_string_equal(got, expected);
    free(got);
    got = tourney_canonical_path("/.//tmp/../a", dir);
    assert_string_equal(got, "/a");
    free(got);
    got = tourney_canonical_path("not/there", dir);
    snprintf(expected, sizeof(expected), "%s/not/there", real);
    assert_string_equal(got, expected);
    free(got);
    remove_tree(dir);
}

/* A program in DIR/agent/x (the config in DIR): its own file and folder,
 * never the config nor the folder above; the interpreter's installation
 * from its real path, whatever its #! line says. */
static void test_a_script_agent(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "reads");
    char real[256];
    assert_non_null(realpath(dir, real));
    char path[256];
    snprintf(path, sizeof(path), "%s/agent", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof(path), "%s/agent/x", dir);
    write_file(path, "#!//bin/sh\nexit 0\n");
    assert_int_equal(chmod(path, 0755), 0);
    snprintf(path, sizeof(path), "%s/t.ini", dir);
    write_file(path, "[tournament]\n");
    char program[256];
    snprintf(program, sizeof(program), "%s/agent/x", dir);
    const char *argv[] = {program, "agent/x", "data", NULL};
    const char *never[] = {"t.ini", "reports/t", NULL};
    const struct program_reads_input input = {
        .argv = argv,
        .program_word = "agent/x",
        .dir = real,
        .search_path = "/usr/bin:/bin",
        .home = dir,
        .never = never,
    };
    struct program_reads out;
    struct error err;
    assert_int_equal(tourney_program_reads(&input, &out, &err), 0);
    char expected[320];
    snprintf(expected, sizeof(expected), "%s/agent/x", real);
    assert_true(has(out.paths, expected));
    snprintf(expected, sizeof(expected), "%s/agent", real);
    assert_true(has(out.paths, expected));
    assert_string_equal(out.workdir, expected);
    assert_false(has(out.paths, real));
    assert_false(has(out.paths, "/"));
    char sh[256];
    assert_non_null(realpath("/bin/sh", sh));
    assert_true(has(out.paths, sh));
    /* Arguments naming files from the config's folder become absolute;
     * others are kept as written. */
    snprintf(expected, sizeof(expected), "%s/agent/x", real);
    assert_string_equal(out.argv[1], expected);
    assert_string_equal(out.argv[2], "data");
    assert_null(out.argv[3]);
    /* The home (DIR itself here) holds the config: never given whole. */
    for (size_t i = 0; out.paths[i] != NULL; i++) {
        assert_true(strncmp(out.paths[i], real, strlen(real)) != 0 ||
                    strncmp(out.paths[i] + strlen(real), "/agent", 6) == 0);
    }
    assert_null(out.note);
    tourney_program_reads_finish(&out);
    remove_tree(dir);
}

/* An agent beside the config: its folder's entries one by one, but the
 * config and the other agent's file, and a note naming them. */
static void test_a_shared_folder_is_trimmed(void **state)
{
    (void)state;
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "reads");
    char real[256];
    assert_non_null(realpath(dir, real));
    const char *files[] = {"a.py", "b.py", "t.ini", "helper.py"};
    for (size_t i = 0; i < 4; i++) {
        char path[256];
        snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
        write_file(path, "x\n");
    }
    char b[320];
    snprintf(b, sizeof(b), "%s/b.py", real);
    const char *argv[] = {"/bin/true", "a.py", NULL};
    const char *never[] = {"t.ini", NULL};
    const char *forbidden[] = {b, NULL};
    const struct program_reads_input input = {.argv = argv,
                                              .program_word = "/bin/true",
                                              .dir = real,
                                              .never = never,
                                              .forbidden = forbidden};
    struct program_reads out;
    struct error err;
    assert_int_equal(tourney_program_reads(&input, &out, &err), 0);
    char path[320];
    snprintf(path, sizeof(path), "%s/helper.py", real);
    assert_true(has(out.paths, path));
    snprintf(path, sizeof(path), "%s/a.py", real);
    assert_true(has(out.paths, path));
    assert_false(has(out.paths, b));
    snprintf(path, sizeof(path), "%s/t.ini", real);
    assert_false(has(out.paths, path));
    assert_false(has(out.paths, real));
    char expected[1024];
    snprintf(expected, sizeof(expected),
             "%s (its own folder) also holds %s/t.ini, %s/b.py, which it may not read; it may "
             "open the folder's other files by name but not list the folder (so Python cannot "
             "import from it): give the agent a folder of its own, or name what it reads with "
             "read =",
             real, real, real);
    assert_string_equal(out.note, expected);
    tourney_program_reads_finish(&out);
    remove_tree(dir);
}

static void test_the_environment_allow_list(void **state)
{
    (void)state;
    char *env[] = {"PATH=/usr/bin",
                   "SECRET_TOKEN=x",
                   "LC_ALL=C",
                   "LC_=x",
                   "PYTHONPATH=/p",
                   "AWS_SECRET_ACCESS_KEY=y",
                   "TOURNEY_ZOO_HOW=1",
                   "HOME=/h",
                   "NOEQUALS",
                   "PATHX=1",
                   NULL};
    char **kept = tourney_agent_environment(env);
    assert_non_null(kept);
    const char *expected[] = {"PATH=/usr/bin",     "LC_ALL=C", "PYTHONPATH=/p",
                              "TOURNEY_ZOO_HOW=1", "HOME=/h",  NULL};
    for (size_t i = 0; expected[i] != NULL; i++) {
        assert_non_null(kept[i]);
        assert_string_equal(kept[i], expected[i]);
    }
    assert_null(kept[5]);
    free(kept);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canonical_paths),
        cmocka_unit_test(test_a_script_agent),
        cmocka_unit_test(test_a_shared_folder_is_trimmed),
        cmocka_unit_test(test_the_environment_allow_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
