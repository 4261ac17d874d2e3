/*
 * What tourney writes into an output folder someone else could write into,
 * through the real binary: a symbolic or hard link planted in place of every
 * file it writes (the results log, the four reports, the lock file, the
 * temporary names the reports were once written through, an export's file,
 * a merge's log), the output folder itself a link, and a second run into a
 * folder that holds a results log. Each link points at a file outside the
 * folder, which must stay as it was: tourney once overwrote it with
 * results.csv, truncated it and filled it with the log, and a second run
 * replaced the first one's log without a word.
 *
 * As root the target is root's own file; e2e.output-unprivileged runs the
 * same cases as nobody, whose own file is the target.
 */
#include "test.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binary.h"

/* What the link's target holds, before and (it must) after. */
#define TARGET_TEXT "not tourney's to write\n"

/* Quick games of tic-tac-toe: two with SETTINGS. */
#define SETTINGS "seed = 3\ngames_per_pair = 2\n"
static const char tiny_config[] = "[tournament]\nname = tiny\n"
                                  "%s"
                                  "[game]\nplugin = mnk\n"
                                  "[agent first-open]\nplugin = first-open\n"
                                  "[agent random]\nplugin = random\n";

static const char *const report_names[] = {"report.md", "results.csv", "summary.json",
                                           "report.html"};
#define REPORT_COUNT (sizeof(report_names) / sizeof(report_names[0]))

/* A folder of the test's: the config, the target, the output folder. */
struct place {
    struct run run;
    char config[160];
    char target[160];
    char out[160];
    char log[256];
};

static void make_place(struct place *p, const char *prefix)
{
    make_run_dir(&p->run, prefix);
    snprintf(p->config, sizeof(p->config), "%s/tiny.ini", p->run.dir);
    write_file(p->config, tiny_config, SETTINGS);
    snprintf(p->target, sizeof(p->target), "%s/target", p->run.dir);
    write_file(p->target, TARGET_TEXT);
    assert_int_equal(chmod(p->target, 0600), 0);
    snprintf(p->out, sizeof(p->out), "%s/out", p->run.dir);
    snprintf(p->log, sizeof(p->log), "%s/games.jsonl", p->out);
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

static void assert_target_untouched(const struct place *p)
{
    assert_file_is(p->target, TARGET_TEXT);
    struct stat info;
    assert_int_equal(lstat(p->target, &info), 0);
    assert_int_equal(info.st_mode & 07777, 0600);
}

static void assert_is_link(const char *path)
{
    struct stat info;
    assert_int_equal(lstat(path, &info), 0);
    assert_true(S_ISLNK(info.st_mode));
}

static void assert_regular(const char *path)
{
    struct stat info;
    if (lstat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
        print_error("%s is not a regular file\n", path);
        fail();
    }
}

/* P->out/NAME, a symbolic link to the target. */
static void plant_link(const struct place *p, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", p->out, name);
    unlink(path);
    assert_int_equal(symlink(p->target, path), 0);
}

static void run_into(struct place *p, const char *extra)
{
    const char *args[] = {"run",      p->config, "--quiet", "--jobs", "1",
                          "--output", p->out,    extra,     NULL};
    run_tourney(&p->run, args);
}

/* RUN's stderr holds FORMAT with its one "%s" standing for PATH. */
static void expect_error(const struct run *run, const char *format, const char *path)
{
    const char *hole = strstr(format, "%s");
    assert_non_null(hole);
    char expected[1024];
    snprintf(expected, sizeof(expected), "%.*s%s%s", (int)(hole - format), format, path, hole + 2);
    assert_file_has(run->err, expected);
}

/* `tourney report` and `tourney run` with a link in place of each report:
 * that one is refused by name, the others and the log are written. */
static void test_links_in_place_of_reports(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "links");
    for (size_t i = 0; i < REPORT_COUNT; i++) {
        /* A run into a folder where the link waits. */
        assert_int_equal(mkdir(p.out, 0777), 0);
        char link[256];
        plant_link(&p, report_names[i], link, sizeof(link));
        run_into(&p, NULL);
        assert_status(&p.run, 1);
        expect_error(&p.run,
                     "tourney: %s is a symbolic link; tourney writes no file through a link: "
                     "remove it, or write into another directory\n",
                     link);
        assert_target_untouched(&p);
        assert_is_link(link);
        assert_int_equal(count_lines(p.log), 3);
        char *log = slurp(p.log);
        for (size_t j = 0; j < REPORT_COUNT; j++) {
            char path[256];
            snprintf(path, sizeof(path), "%s/%s", p.out, report_names[j]);
            if (j != i) {
                assert_regular(path);
                assert_int_equal(unlink(path), 0); /* for the report below */
            }
        }
        /* `tourney report` on it: the same, and the log untouched. */
        const char *report[] = {"report", p.out, NULL};
        run_tourney(&p.run, report);
        assert_status(&p.run, 1);
        expect_error(&p.run,
                     "tourney: %s is a symbolic link; tourney writes no file through a link: "
                     "remove it, or write into another directory\n",
                     link);
        assert_target_untouched(&p);
        assert_is_link(link);
        for (size_t j = 0; j < REPORT_COUNT; j++) {
            char path[256];
            snprintf(path, sizeof(path), "%s/%s", p.out, report_names[j]);
            if (j != i) {
                assert_regular(path);
            }
        }
        char *after = slurp(p.log);
        assert_string_equal(after, log);
        free(after);
        free(log);
        remove_tree(p.out);
    }
    remove_tree(p.run.dir);
}

/* Links at the names reports were once written through (.NAME.tmp) are
 * never written through: the reports are written, the links left alone. */
static void test_links_at_temporary_names(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "temporary");
    assert_int_equal(mkdir(p.out, 0777), 0);
    char links[REPORT_COUNT + 1][256];
    for (size_t i = 0; i < REPORT_COUNT; i++) {
        char name[64];
        snprintf(name, sizeof(name), ".%s.tmp", report_names[i]);
        plant_link(&p, name, links[i], sizeof(links[i]));
    }
    run_into(&p, NULL);
    assert_status(&p.run, 0);
    const char *report[] = {"report", p.out, NULL};
    run_tourney(&p.run, report);
    assert_status(&p.run, 0);
    assert_target_untouched(&p);
    for (size_t i = 0; i < REPORT_COUNT; i++) {
        assert_is_link(links[i]);
        char path[256];
        snprintf(path, sizeof(path), "%s/%s", p.out, report_names[i]);
        assert_regular(path);
    }
    /* The log of a merge too (merge writes it through a temporary file). */
    char merged[256];
    snprintf(merged, sizeof(merged), "%s/merged", p.run.dir);
    assert_int_equal(mkdir(merged, 0777), 0);
    char link[320];
    snprintf(link, sizeof(link), "%s/.games.jsonl.tmp", merged);
    assert_int_equal(symlink(p.target, link), 0);
    const char *merge[] = {"merge", merged, p.out, NULL};
    run_tourney(&p.run, merge);
    assert_status(&p.run, 0);
    assert_target_untouched(&p);
    assert_is_link(link);
    remove_tree(p.run.dir);
}

/* A link in place of the results log: a run, a resumed run and a merge
 * refuse it by name. */
static void test_link_in_place_of_the_log(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "log-link");
    assert_int_equal(mkdir(p.out, 0777), 0);
    char link[256];
    plant_link(&p, "games.jsonl", link, sizeof(link));
    const char *message = "tourney: %s is a symbolic link; tourney writes no file through a "
                          "link: remove it, or write into another directory\n";
    const char *ways[] = {NULL, "--resume", "--fresh"};
    for (size_t i = 0; i < sizeof(ways) / sizeof(ways[0]); i++) {
        run_into(&p, ways[i]);
        assert_status(&p.run, 1);
        expect_error(&p.run, message, link);
        assert_target_untouched(&p);
        assert_is_link(link);
    }
    /* A merge into it, of a folder with a log. */
    struct place shard;
    make_place(&shard, "log-link");
    run_into(&shard, NULL);
    assert_status(&shard.run, 0);
    const char *merge[] = {"merge", p.out, shard.out, NULL};
    run_tourney(&p.run, merge);
    assert_status(&p.run, 1);
    assert_target_untouched(&p);
    assert_is_link(link);
    remove_tree(shard.run.dir);
    remove_tree(p.run.dir);
}

/* A results log with another name (a hard link to a file outside): never
 * appended to, emptied or replaced. */
static void test_hard_linked_log(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "hard-link");
    run_into(&p, NULL);
    assert_status(&p.run, 0);
    /* The target: this tournament's log cut after two games, so that a
     * resume would append to it. */
    assert_int_equal(unlink(p.target), 0);
    char *log = slurp(p.log);
    copy_file(p.log, p.target, line_end(log, 3));
    free(log);
    assert_int_equal(chmod(p.target, 0600), 0);
    char *kept = slurp(p.target);
    assert_int_equal(unlink(p.log), 0);
    assert_int_equal(link(p.target, p.log), 0);
    const char *ways[] = {"--resume", NULL, "--fresh"};
    for (size_t i = 0; i < sizeof(ways) / sizeof(ways[0]); i++) {
        run_into(&p, ways[i]);
        assert_status(&p.run, 1);
        expect_error(&p.run,
                     "tourney: %s has another name (a hard link); tourney writes no file "
                     "with other names: remove it, or write into another directory\n",
                     p.log);
        char *now = slurp(p.target);
        assert_string_equal(now, kept);
        free(now);
        struct stat info;
        assert_int_equal(stat(p.target, &info), 0);
        assert_int_equal(info.st_nlink, 2);
    }
    free(kept);
    remove_tree(p.run.dir);
}

/* The lock file as a symbolic link and as a hard link: refused by name,
 * the target neither emptied nor written. */
static void test_links_in_place_of_the_lock(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "lock-link");
    assert_int_equal(mkdir(p.out, 0777), 0);
    char lock[256];
    plant_link(&p, ".tourney.lock", lock, sizeof(lock));
    run_into(&p, NULL);
    assert_status(&p.run, 1);
    expect_error(&p.run,
                 "tourney: %s is a symbolic link; tourney writes no file through a link: "
                 "remove it, or write into another directory\n",
                 lock);
    assert_target_untouched(&p);
    assert_int_equal(access(p.log, F_OK), -1);
    const char *report[] = {"report", p.out, NULL};
    run_tourney(&p.run, report);
    assert_status(&p.run, 1);
    assert_target_untouched(&p);

    assert_int_equal(unlink(lock), 0);
    assert_int_equal(link(p.target, lock), 0);
    run_into(&p, NULL);
    assert_status(&p.run, 1);
    expect_error(&p.run,
                 "tourney: %s has another name (a hard link); tourney writes no file with other "
                 "names: remove it, or write into another directory\n",
                 lock);
    assert_target_untouched(&p);
    assert_int_equal(access(p.log, F_OK), -1);
    remove_tree(p.run.dir);
}

/* The output folder itself a link: refused by name, nothing written where
 * it points. */
static void test_output_folder_is_a_link(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "dir-link");
    char real[256];
    snprintf(real, sizeof(real), "%s/real", p.run.dir);
    assert_int_equal(mkdir(real, 0777), 0);
    assert_int_equal(symlink(real, p.out), 0);
    const char *message = "tourney: %s is a symbolic link; tourney writes only into a directory "
                          "itself: give the directory's own path\n";
    run_into(&p, NULL);
    assert_status(&p.run, 1);
    expect_error(&p.run, message, p.out);
    /* With a trailing slash too, which would make the kernel follow it. */
    char slashed[256];
    snprintf(slashed, sizeof(slashed), "%s/", p.out);
    const char *args[] = {"run", p.config, "--quiet", "--output", slashed, NULL};
    run_tourney(&p.run, args);
    assert_status(&p.run, 1);
    expect_error(&p.run, message, p.out);
    const char *report[] = {"report", p.out, NULL};
    run_tourney(&p.run, report);
    assert_status(&p.run, 1);
    expect_error(&p.run, message, p.out);
    char lock[320];
    snprintf(lock, sizeof(lock), "%s/.tourney.lock", real);
    assert_int_equal(access(lock, F_OK), -1);
    remove_tree(p.run.dir);
}

/* tourney export -o FILE: neither FILE nor a temporary name beside it is
 * written through a link. */
static void test_export_through_links(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "export");
    run_into(&p, NULL);
    assert_status(&p.run, 0);
    char file[256];
    char temporary[256];
    snprintf(file, sizeof(file), "%s/games.csv", p.run.dir);
    snprintf(temporary, sizeof(temporary), "%s/.games.csv.tmp", p.run.dir);
    assert_int_equal(symlink(p.target, temporary), 0);
    const char *export[] = {"export", p.out, "--format", "csv", "-o", file, NULL};
    run_tourney(&p.run, export);
    assert_status(&p.run, 0);
    assert_target_untouched(&p);
    assert_is_link(temporary);
    assert_regular(file);
    assert_int_equal(count_lines(file), 3);
    /* FILE itself a link. */
    assert_int_equal(unlink(file), 0);
    assert_int_equal(symlink(p.target, file), 0);
    run_tourney(&p.run, export);
    assert_status(&p.run, 1);
    expect_error(&p.run,
                 "tourney: %s is a symbolic link; tourney writes no file through a link: "
                 "remove it, or write into another directory\n",
                 file);
    assert_target_untouched(&p);
    assert_is_link(file);
    remove_tree(p.run.dir);
}

/* ---- no silent overwrite ---------------------------------------------- */

static void assert_same_file(const char *path, const char *expected)
{
    char *a = slurp(path);
    assert_string_equal(a, expected);
    free(a);
}

/* A second run into a used folder keeps the first log byte for byte; it
 * starts over with --fresh, which moves the log aside under a name that
 * was free, never over another file. */
static void test_second_run_keeps_the_log(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "rerun");
    run_into(&p, NULL);
    assert_status(&p.run, 0);
    char *first = slurp(p.log);
    char *first_report = NULL;
    char report[256];
    snprintf(report, sizeof(report), "%s/report.md", p.out);
    first_report = slurp(report);

    /* The config edited: more games. */
    write_file(p.config, tiny_config, "seed = 3\ngames_per_pair = 4\n");
    run_into(&p, NULL);
    assert_status(&p.run, 1);
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney: %s already holds a results log of 2 games; continue it with --resume, or "
             "start over with --fresh (which keeps it as %s/games.jsonl.1)\n",
             p.out, p.out);
    assert_file_has(p.run.err, expected);
    assert_same_file(p.log, first);
    assert_same_file(report, first_report);

    /* --resume continues it (and refuses another tournament's). */
    run_into(&p, "--resume");
    assert_status(&p.run, 1);
    assert_same_file(p.log, first);

    run_into(&p, "--fresh");
    assert_status(&p.run, 0);
    char aside[320];
    snprintf(aside, sizeof(aside), "%s.1", p.log);
    assert_same_file(aside, first);
    assert_int_equal(count_lines(p.log), 5);
    char *second = slurp(p.log);

    /* A name taken (here by a link) is skipped, never replaced. */
    char taken[320];
    snprintf(taken, sizeof(taken), "%s.2", p.log);
    assert_int_equal(symlink(p.target, taken), 0);
    run_into(&p, "--fresh");
    assert_status(&p.run, 0);
    char third[320];
    snprintf(third, sizeof(third), "%s.3", p.log);
    assert_same_file(third, second);
    assert_same_file(aside, first);
    assert_is_link(taken);
    assert_target_untouched(&p);

    /* Both ways at once make no sense. */
    const char *both[] = {"run", p.config, "--resume", "--fresh", "--output", p.out, NULL};
    run_tourney(&p.run, both);
    assert_status(&p.run, 2);
    assert_file_is(p.run.err, "tourney run: --resume continues the results log and --fresh "
                              "starts over: give one of them\n");
    free(second);
    free(first);
    free(first_report);
    remove_tree(p.run.dir);
}

/* The default folder, reports/<name>, as a user rerunning an edited config
 * meets it. */
static void test_default_folder_is_kept(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "default");
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof(cwd)));
    assert_int_equal(chdir(p.run.dir), 0);
    const char *args[] = {"run", p.config, "--quiet", NULL};
    run_tourney(&p.run, args);
    assert_status(&p.run, 0);
    char log[256];
    snprintf(log, sizeof(log), "%s/reports/tiny/games.jsonl", p.run.dir);
    char *first = slurp(log);
    write_file(p.config, tiny_config, "seed = 4\ngames_per_pair = 2\n");
    run_tourney(&p.run, args);
    assert_int_equal(chdir(cwd), 0);
    assert_status(&p.run, 1);
    assert_file_has(p.run.err,
                    "tourney: reports/tiny already holds a results log of 2 games; continue it "
                    "with --resume, or start over with --fresh (which keeps it as "
                    "reports/tiny/games.jsonl.1)\n");
    assert_same_file(log, first);
    free(first);
    remove_tree(p.run.dir);
}

/* A shard run again into its folder: kept too; and a merge into a folder
 * whose log holds a game the merge lacks refuses, keeping it. */
static void test_shard_and_merge_keep_logs(void **state)
{
    (void)state;
    struct place p;
    make_place(&p, "shard");
    char shard[256];
    snprintf(shard, sizeof(shard), "%s/shard-0", p.run.dir);
    const char *args[] = {"run", p.config, "--quiet", "--shard", "0/2", "--output", shard, NULL};
    run_tourney(&p.run, args);
    assert_status(&p.run, 0);
    char log[320];
    snprintf(log, sizeof(log), "%s/games.jsonl", shard);
    char *first = slurp(log);
    run_tourney(&p.run, args);
    assert_status(&p.run, 1);
    char expected[768];
    snprintf(expected, sizeof(expected),
             "tourney: %s already holds a results log of 2 games; continue it with --resume, or "
             "start over with --fresh (which keeps it as %s/games.jsonl.1)\n",
             shard, shard);
    assert_file_has(p.run.err, expected);
    assert_same_file(log, first);

    /* The whole run in P.out; a merge of shard 1 alone into it (the pair's
     * two games are shard 0's) would lose the games of its log. */
    run_into(&p, NULL);
    assert_status(&p.run, 0);
    char *whole = slurp(p.log);
    snprintf(shard, sizeof(shard), "%s/shard-1", p.run.dir);
    args[4] = "1/2";
    run_tourney(&p.run, args);
    assert_status(&p.run, 0);
    const char *merge[] = {"merge", p.out, shard, NULL};
    run_tourney(&p.run, merge);
    assert_status(&p.run, 1);
    snprintf(expected, sizeof(expected),
             "tourney merge: %s holds game 0, which none of the directories merged has; add %s "
             "to them to keep its games\n",
             p.log, p.out);
    assert_file_has(p.run.err, expected);
    assert_same_file(p.log, whole);
    free(whole);
    free(first);
    remove_tree(p.run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_links_in_place_of_reports),
        cmocka_unit_test(test_links_at_temporary_names),
        cmocka_unit_test(test_link_in_place_of_the_log),
        cmocka_unit_test(test_hard_linked_log),
        cmocka_unit_test(test_links_in_place_of_the_lock),
        cmocka_unit_test(test_output_folder_is_a_link),
        cmocka_unit_test(test_export_through_links),
        cmocka_unit_test(test_second_run_keeps_the_log),
        cmocka_unit_test(test_default_folder_is_kept),
        cmocka_unit_test(test_shard_and_merge_keep_logs),
    };
    return cmocka_run_group_tests_name("output folder", tests, NULL, NULL);
}
