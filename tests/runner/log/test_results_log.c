/*
 * games.jsonl written and read back: created with its header, games
 * appended in order (nothing reaches the file before the write), the whole
 * log read back; resumed after a cut last line (which is cut off and
 * written again), resumed with no log or an empty one, and refused when it
 * belongs to another tournament or to another shard of this one.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "results_log.h"
#include "sample_log.h"

#define GAMES 8

static int setup(void **state)
{
    *state = sample_dir_create("results-log", GAMES, 5);
    return 0;
}

static int teardown(void **state)
{
    sample_dir_destroy(*state);
    return 0;
}

/* tourney_results_log_create and _resume in the directory DIR, opened for
 * the call as tourney opens it (the log keeps its own descriptor). */
static int create_log(struct results_log *log, const char *dir, const struct log_header *header,
                      struct error *error)
{
    struct out_dir opened;
    if (tourney_out_dir_open(&opened, dir, false, error) != 0) {
        return -1;
    }
    int status = tourney_results_log_create(log, &opened, header, error);
    tourney_out_dir_close(&opened);
    return status;
}

static int resume_log(struct results_log *log, const char *dir, const struct log_header *header,
                      tourney_record_fn each, void *context, bool *created, struct error *error)
{
    struct out_dir opened;
    if (tourney_out_dir_open(&opened, dir, false, error) != 0) {
        return -1;
    }
    int status = tourney_results_log_resume(log, &opened, header, each, context, created, error);
    tourney_out_dir_close(&opened);
    return status;
}

/* The games a log hands over, in the order it hands them. */
struct games_seen {
    uint32_t index[GAMES + 1];
    size_t count;
    size_t fail_at; /* refuse the game after this many; 0: never */
};

static int see_game(const struct game_record *record, void *context, struct error *err)
{
    struct games_seen *seen = context;
    if (seen->fail_at > 0 && seen->count == seen->fail_at) {
        return tourney_error_set(err, "game %u is refused", (unsigned)record->index);
    }
    assert_true(seen->count < GAMES + 1);
    seen->index[seen->count++] = record->index;
    return 0;
}

/* The text of the sample log of F's header with games FIRST to LAST in
 * order (free it): what the file must hold. */
static char *expected_log(const struct sample_dir *f, uint32_t first, uint32_t last)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    char *line = sample_header_line(&f->header);
    fputs(line, out);
    free(line);
    for (uint32_t g = first; g <= last && last != UINT32_MAX; g++) {
        struct game_record record;
        sample_game(&record, g, 1000);
        line = sample_line(&f->header, &record);
        fputs(line, out);
        free(line);
        tourney_record_finish(&record);
    }
    assert_int_equal(fclose(out), 0);
    return text;
}

static void assert_log_is(const struct sample_dir *f, const char *expected)
{
    char *text = slurp(f->path);
    assert_string_equal(text, expected);
    free(text);
}

/* Adds game G of the sample as its line, not yet written. */
static void add_game(const struct sample_dir *f, struct results_log *log, uint32_t g)
{
    struct game_record record;
    sample_game(&record, g, 1000);
    char *line = sample_line(&f->header, &record);
    struct error error;
    assert_int_equal(tourney_results_log_add_line(log, line, &error), 0);
    free(line);
    tourney_record_finish(&record);
}

static void test_create_and_append_in_order(void **state)
{
    struct sample_dir *f = *state;
    struct results_log log;
    struct error error;
    assert_int_equal(create_log(&log, f->dir, &f->header, &error), 0);
    assert_string_equal(log.path, f->path);
    /* The header is on disk before any game. */
    assert_int_equal(tourney_results_log_sync_due(&log), UINT64_MAX);
    char *header_only = expected_log(f, 0, UINT32_MAX);
    assert_log_is(f, header_only);

    /* Added lines wait for the write, then go in one piece, in order. */
    add_game(f, &log, 0);
    add_game(f, &log, 1);
    add_game(f, &log, 2);
    assert_log_is(f, header_only);
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    char *three = expected_log(f, 0, 2);
    assert_log_is(f, three);
    assert_int_equal(log.pending_length, 0);
    /* Nothing pending: nothing written. */
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    assert_log_is(f, three);
    /* Written lines are synced now or at the latest 50 ms after the last
     * sync; after a sync nothing is due. */
    if (log.dirty) {
        assert_int_equal(tourney_results_log_sync_due(&log),
                         log.last_sync_ns + TOURNEY_LOG_SYNC_INTERVAL_NS);
    }
    assert_int_equal(tourney_results_log_sync(&log, &error), 0);
    assert_false(log.dirty);
    assert_int_equal(tourney_results_log_sync_due(&log), UINT64_MAX);
    for (uint32_t g = 3; g < GAMES; g++) {
        add_game(f, &log, g);
    }
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    tourney_results_log_close(&log);
    assert_null(log.path);
    char *all = expected_log(f, 0, GAMES - 1);
    assert_log_is(f, all);

    /* Created again: refused, the log kept as it is (a run that starts over
     * moves it aside first). */
    assert_int_equal(create_log(&log, f->dir, &f->header, &error), -1);
    assert_names_file(error.text, "%s is already there", f->path);
    assert_log_is(f, all);
    free(header_only);
    free(three);
    free(all);

    /* A directory that is not there. */
    char missing[128];
    snprintf(missing, sizeof(missing), "%s/missing", f->dir);
    assert_int_equal(create_log(&log, missing, &f->header, &error), -1);
    char expected[256];
    snprintf(expected, sizeof(expected), "cannot open directory %s: No such file or directory",
             missing);
    assert_string_equal(error.text, expected);
    assert_null(log.path);
}

static void test_read_back(void **state)
{
    struct sample_dir *f = *state;
    static const uint32_t games[] = {0, 1, 2, 3, 4, 5};
    sample_log(f->dir, &f->header, games, 6);
    struct log_header header;
    struct games_seen seen = {.count = 0};
    off_t valid_end = -1;
    bool torn = true;
    struct error error;
    assert_int_equal(
        tourney_results_log_read(f->path, &header, see_game, &seen, &valid_end, &torn, &error), 0);
    assert_int_equal(seen.count, 6);
    for (uint32_t g = 0; g < 6; g++) {
        assert_int_equal(seen.index[g], g);
    }
    char *text = slurp(f->path);
    assert_int_equal(valid_end, strlen(text));
    assert_false(torn);
    size_t agent = 99;
    const struct setting *setting = NULL;
    assert_int_equal(tourney_header_difference(&header, &f->header, &setting, &agent),
                     HEADER_SAME);
    assert_string_equal(header.game_path, f->header.game_path);
    tourney_header_finish(&header);

    /* Cut in its last line: the whole lines are read, the torn one is
     * said, the log itself left as it is. */
    cut_in_line(f->path, 7, 12);
    char *cut = slurp(f->path);
    seen.count = 0;
    assert_int_equal(
        tourney_results_log_read(f->path, &header, see_game, &seen, &valid_end, &torn, &error), 0);
    assert_int_equal(seen.count, 5);
    assert_int_equal(valid_end, line_end(text, 6));
    assert_true(torn);
    tourney_header_finish(&header);
    assert_log_is(f, cut);
    free(cut);

    /* The games only: EACH may be NULL. */
    assert_int_equal(
        tourney_results_log_read(f->path, &header, NULL, NULL, &valid_end, &torn, &error), 0);
    tourney_header_finish(&header);

    /* A game its reader refuses stops the reading, named by line, for the
     * reader's own reason (not a guess that memory ran out). */
    seen = (struct games_seen){.fail_at = 2};
    assert_int_equal(
        tourney_results_log_read(f->path, &header, see_game, &seen, &valid_end, &torn, &error),
        -1);
    char expected[256];
    snprintf(expected, sizeof(expected), "%s:4: game 2 is refused", f->path);
    assert_string_equal(error.text, expected);
    /* The header is released on failure. */
    assert_null(header.settings.name);
    assert_int_equal(header.agent_count, 0);

    /* An empty log. */
    write_file(f->path, "%s", "");
    assert_int_equal(
        tourney_results_log_read(f->path, &header, see_game, &seen, &valid_end, &torn, &error),
        TOURNEY_LOG_EMPTY);
    assert_null(header.settings.name);
    free(text);
}

static void test_resume_without_a_log(void **state)
{
    struct sample_dir *f = *state;
    struct results_log log;
    struct games_seen seen = {.count = 0};
    bool created = false;
    struct error error;
    assert_int_equal(resume_log(&log, f->dir, &f->header, see_game, &seen, &created, &error), 0);
    assert_true(created);
    assert_int_equal(seen.count, 0);
    add_game(f, &log, 0);
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    tourney_results_log_close(&log);
    char *expected = expected_log(f, 0, 0);
    assert_log_is(f, expected);

    /* A log killed before its header was whole is started again. */
    char *header = sample_header_line(&f->header);
    header[50] = '\0';
    write_file(f->path, "%s", header);
    free(header);
    created = false;
    assert_int_equal(resume_log(&log, f->dir, &f->header, see_game, &seen, &created, &error), 0);
    assert_true(created);
    tourney_results_log_close(&log);
    char *header_only = expected_log(f, 0, UINT32_MAX);
    assert_log_is(f, header_only);
    free(header_only);
    free(expected);
}

/* Killed while writing game 4: games 0 to 3 are kept and handed over, the
 * torn line cut off, and the games after them appended as if never
 * interrupted. */
static void test_resume_after_a_cut_last_line(void **state)
{
    struct sample_dir *f = *state;
    static const uint32_t games[] = {0, 1, 2, 3, 4};
    sample_log(f->dir, &f->header, games, 5);
    cut_in_line(f->path, 6, 25);
    struct results_log log;
    struct games_seen seen = {.count = 0};
    bool created = true;
    struct error error;
    assert_int_equal(resume_log(&log, f->dir, &f->header, see_game, &seen, &created, &error), 0);
    assert_false(created);
    assert_int_equal(seen.count, 4);
    for (uint32_t g = 0; g < 4; g++) {
        assert_int_equal(seen.index[g], g);
    }
    char *kept = expected_log(f, 0, 3);
    assert_log_is(f, kept);
    free(kept);
    for (uint32_t g = 4; g < GAMES; g++) {
        add_game(f, &log, g);
    }
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    tourney_results_log_close(&log);
    char *all = expected_log(f, 0, GAMES - 1);
    assert_log_is(f, all);
    free(all);
}

/* Resuming F's log under HEADER is refused with EXPECTED ("%s" is the
 * log's path) after handing over GAMES games, and the log is left as it
 * was. */
static void assert_resume_refused(const struct sample_dir *f, const struct log_header *header,
                                  size_t games, const char *expected)
{
    char *before = slurp(f->path);
    struct results_log log;
    struct games_seen seen = {.count = 0};
    bool created = true;
    struct error error;
    assert_int_equal(resume_log(&log, f->dir, header, see_game, &seen, &created, &error), -1);
    assert_false(created);
    assert_int_equal(seen.count, games);
    assert_names_file(error.text, expected, f->path);
    assert_log_is(f, before);
    free(before);
}

static void test_resume_refuses_another_tournament(void **state)
{
    struct sample_dir *f = *state;
    static const uint32_t games[] = {0, 1, 2};
    sample_log(f->dir, &f->header, games, 3);

    /* Not one game of another tournament is handed over. */
    struct log_header other;
    sample_header(&other, GAMES, 6);
    assert_resume_refused(f, &other, 0,
                          "%s belongs to another tournament: the log was played with seed 5, "
                          "the config says 6");
    tourney_header_finish(&other);

    sample_header(&other, GAMES + 2, 5);
    assert_resume_refused(f, &other, 0,
                          "%s belongs to another tournament: the log was played with "
                          "games_per_pair 8, the config says 10");
    tourney_header_finish(&other);

    sample_header(&other, GAMES, 5);
    free(other.agents[1].digest);
    other.agents[1].digest = strdup("fedcba9876543210fedcba9876543210");
    assert_resume_refused(f, &other, 0,
                          "%s belongs to another tournament: the plugin of agent 'beta' has "
                          "changed since the log was written");

    /* The same tournament, another shard of it. */
    free(other.agents[1].digest);
    other.agents[1].digest = strdup(f->header.agents[1].digest);
    other.shard = (struct shard){.index = 2, .count = 4};
    assert_resume_refused(f, &other, 0,
                          "%s is another part of this tournament: the log holds the whole "
                          "tournament and this run is shard 2/4");
    tourney_header_finish(&other);

    /* A corrupted log is refused as a whole. */
    char *text = slurp(f->path);
    char *result = strstr(text + line_end(text, 2), "\"1-0\"");
    assert_non_null(result);
    memcpy(result, "\"0-1\"", 5);
    write_file(f->path, "%s", text);
    free(text);
    /* The games before the corrupted line were handed over; the caller
     * drops them with the log. */
    assert_resume_refused(f, &f->header, 1,
                          "%s:3: corrupted record (it does not match its check digest); "
                          "refusing the whole log");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_create_and_append_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resume_without_a_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resume_after_a_cut_last_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resume_refuses_another_tournament, setup, teardown),
    };
    return cmocka_run_group_tests_name("results_log", tests, NULL, NULL);
}
