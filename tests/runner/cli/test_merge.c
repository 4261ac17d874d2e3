/*
 * Merging results logs (tourney_merge, called directly): shards merge into
 * exactly the log of the whole tournament, in game order, whatever order
 * the logs and their games come in; a game found twice is written once if
 * both copies agree and refused if they do not; missing games and shards are
 * named; a log of another tournament, an empty log and a log in the way are
 * refused, leaving the output as it was.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "files.h"
#include "merge.h"
#include "sample_log.h"
#include "warning_stream.h"

#define GAMES 8
#define SEED 7

struct fixture {
    char dir[64];
    char out[96];  /* DIR/out, where the merge goes */
    char log[128]; /* OUT/games.jsonl */
    char *errors;  /* what the last merge said on its error stream */
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof(*f));
    assert_non_null(f);
    make_temp_dir(f->dir, sizeof(f->dir), "merge");
    snprintf(f->out, sizeof(f->out), "%s/out", f->dir);
    snprintf(f->log, sizeof(f->log), "%s/games.jsonl", f->out);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    remove_tree(f->dir);
    free(f->errors);
    free(f);
    return 0;
}

/* DIR/NAME, made, for a log (free it). */
static char *input_dir(const struct fixture *f, const char *name)
{
    char *path = malloc(128);
    assert_non_null(path);
    snprintf(path, 128, "%s/%s", f->dir, name);
    if (access(path, F_OK) != 0) {
        assert_int_equal(mkdir(path, 0700), 0);
    }
    return path;
}

/* Writes the sample log of shard SHARD (count 0: no shard) with seed SEED
 * and the COUNT games GAMES into DIR/NAME. */
static void write_input(const struct fixture *f, const char *name, struct shard shard,
                        const uint32_t *games, size_t count)
{
    struct log_header header;
    sample_header(&header, GAMES, SEED);
    header.shard = shard;
    char *dir = input_dir(f, name);
    sample_log(dir, &header, games, count);
    free(dir);
    tourney_header_finish(&header);
}

/* Merges the logs in DIR/NAMES[i] into OUT; what it warned of, and the
 * reason it failed, are kept in F->errors as `tourney merge` prints them. */
static enum merge_outcome merge(struct fixture *f, const char *const *names, size_t count)
{
    char *dirs[8];
    assert_true(count <= 8);
    for (size_t i = 0; i < count; i++) {
        dirs[i] = malloc(128);
        assert_non_null(dirs[i]);
        snprintf(dirs[i], 128, "%s/%s", f->dir, names[i]);
    }
    free(f->errors);
    f->errors = NULL;
    size_t size = 0;
    FILE *err = open_memstream(&f->errors, &size);
    assert_non_null(err);
    struct warning_stream warn;
    warning_stream_init(&warn, err, "tourney merge");
    struct error error;
    tourney_error_clear(&error);
    enum merge_outcome outcome =
        tourney_merge(f->out, (const char *const *)dirs, count, TOURNEY_TEST_BUILD_ROOT "/tourney",
                      TOURNEY_TEST_GAME_DIR, NULL, &warn.warn, &error);
    /* The reason of a failure, as main prints it after the warnings. */
    assert_true(tourney_error_is_set(&error) == (outcome == MERGE_FAILED));
    if (outcome == MERGE_FAILED) {
        fprintf(err, "tourney merge: %s\n", error.text);
    }
    assert_int_equal(fclose(err), 0);
    for (size_t i = 0; i < count; i++) {
        free(dirs[i]);
    }
    return outcome;
}

/* What the merge said, with every "{dir}" of EXPECTED standing for F's
 * directory. */
static void assert_errors(const struct fixture *f, const char *expected)
{
    char *full = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&full, &size);
    assert_non_null(out);
    for (const char *at = expected; *at != '\0';) {
        const char *mark = strstr(at, "{dir}");
        size_t length = mark != NULL ? (size_t)(mark - at) : strlen(at);
        fprintf(out, "%.*s%s", (int)length, at, mark != NULL ? f->dir : "");
        at += length + (mark != NULL ? 5 : 0);
    }
    assert_int_equal(fclose(out), 0);
    assert_string_equal(f->errors, full);
    free(full);
}

/* The log of the whole tournament with the COUNT games GAMES, as one
 * unsharded run writes it (free it). */
static char *whole_log(const struct fixture *f, const uint32_t *games, size_t count)
{
    char *dir = input_dir(f, "expected");
    struct log_header header;
    sample_header(&header, GAMES, SEED);
    sample_log(dir, &header, games, count);
    tourney_header_finish(&header);
    char path[192];
    snprintf(path, sizeof(path), "%s/games.jsonl", dir);
    char *text = slurp(path);
    remove_tree(dir);
    free(dir);
    return text;
}

static void assert_merged_log(const struct fixture *f, const uint32_t *games, size_t count)
{
    char *expected = whole_log(f, games, count);
    char *merged = slurp(f->log);
    assert_string_equal(merged, expected);
    free(merged);
    free(expected);
}

static const uint32_t all_games[GAMES] = {0, 1, 2, 3, 4, 5, 6, 7};

static void test_shards_merge_into_the_whole_log(void **state)
{
    struct fixture *f = *state;
    /* Shard K of 2 plays the mini-matches (pairs of games) K, K + 2, ... */
    static const uint32_t first[] = {0, 1, 4, 5};
    static const uint32_t second[] = {2, 3, 6, 7};
    write_input(f, "s0", (struct shard){.index = 0, .count = 2}, first, 4);
    write_input(f, "s1", (struct shard){.index = 1, .count = 2}, second, 4);
    static const char *const names[] = {"s0", "s1"};
    assert_int_equal(merge(f, names, 2), MERGE_COMPLETE);
    assert_errors(f, "");
    /* The merged header has no shard: it is the whole run's, byte for
     * byte. */
    assert_merged_log(f, all_games, GAMES);
    char *once = slurp(f->log);
    /* The reports are the merged log's. */
    char path[192];
    snprintf(path, sizeof(path), "%s/summary.json", f->out);
    json_t *summary = json_load_file(path, 0, NULL);
    assert_non_null(summary);
    json_t *tournament = json_object_get(summary, "tournament");
    assert_int_equal(json_integer_value(json_object_get(tournament, "games_played")), GAMES);
    json_decref(summary);

    /* Merged again, in the other order, over the first merge: the same
     * bytes. */
    static const char *const reversed[] = {"s1", "s0"};
    assert_int_equal(merge(f, reversed, 2), MERGE_COMPLETE);
    assert_errors(f, "");
    char *twice = slurp(f->log);
    assert_string_equal(twice, once);
    free(once);
    free(twice);
}

/* A log resumed over gaps holds its games in stretches, each in order:
 * they are read side by side like separate logs. */
static void test_games_out_of_order_come_out_in_order(void **state)
{
    struct fixture *f = *state;
    static const uint32_t resumed[] = {0, 1, 6, 7, 2, 3, 4, 5};
    write_input(f, "resumed", (struct shard){0}, resumed, GAMES);
    static const char *const names[] = {"resumed"};
    assert_int_equal(merge(f, names, 1), MERGE_COMPLETE);
    assert_errors(f, "");
    assert_merged_log(f, all_games, GAMES);

    /* Three stretches, and a second log overlapping two of them. */
    static const uint32_t three[] = {4, 5, 0, 1, 6, 2, 3};
    static const uint32_t other[] = {1, 2, 7};
    write_input(f, "three", (struct shard){0}, three, 7);
    write_input(f, "other", (struct shard){0}, other, 3);
    static const char *const both[] = {"three", "other"};
    assert_int_equal(merge(f, both, 2), MERGE_COMPLETE);
    assert_errors(f, "");
    assert_merged_log(f, all_games, GAMES);
}

/* The same game in two logs, played twice: its times differ, the game does
 * not. It is written once, from the first log given that has it. */
static void test_equal_duplicates_are_written_once(void **state)
{
    struct fixture *f = *state;
    write_input(f, "all", (struct shard){0}, all_games, GAMES);
    struct log_header header;
    sample_header(&header, GAMES, SEED);
    struct game_record again[2];
    sample_game(&again[0], 2, 5555);
    sample_game(&again[1], 3, 5555);
    char *dir = input_dir(f, "again");
    sample_log_of(dir, &header, again, 2);
    free(dir);

    static const char *const names[] = {"all", "again", "all"};
    assert_int_equal(merge(f, names, 3), MERGE_COMPLETE);
    assert_errors(f, "");
    assert_merged_log(f, all_games, GAMES);

    /* "again" first: its copies are the ones written. */
    static const char *const first_again[] = {"again", "all"};
    assert_int_equal(merge(f, first_again, 2), MERGE_COMPLETE);
    assert_errors(f, "");
    char *text = slurp(f->log);
    char *expected = whole_log(f, all_games, GAMES);
    size_t start = line_end(expected, 3);
    size_t end = line_end(expected, 5);
    char *line2 = sample_line(&header, &again[0]);
    char *line3 = sample_line(&header, &again[1]);
    assert_int_equal(strncmp(text, expected, start), 0);
    assert_int_equal(strncmp(text + start, line2, strlen(line2)), 0);
    assert_int_equal(strncmp(text + start + strlen(line2), line3, strlen(line3)), 0);
    assert_string_equal(text + start + strlen(line2) + strlen(line3), expected + end);
    free(line2);
    free(line3);
    free(expected);
    free(text);
    tourney_record_finish(&again[0]);
    tourney_record_finish(&again[1]);
    tourney_header_finish(&header);
}

/* Writes DIR/NAME with games 0 to 7 where game 3 is changed by CHANGE. */
static void write_with_game_3(const struct fixture *f, const char *name,
                              void (*change)(struct game_record *record))
{
    struct log_header header;
    sample_header(&header, GAMES, SEED);
    struct game_record records[GAMES];
    for (uint32_t g = 0; g < GAMES; g++) {
        sample_game(&records[g], g, 1000);
    }
    change(&records[3]);
    char *dir = input_dir(f, name);
    sample_log_of(dir, &header, records, GAMES);
    free(dir);
    for (uint32_t g = 0; g < GAMES; g++) {
        tourney_record_finish(&records[g]);
    }
    tourney_header_finish(&header);
}

static void other_last_move(struct game_record *record)
{
    /* X takes 8 instead of 6: the game is still X's. */
    record->moves[6].move = 8;
}

static void other_result(struct game_record *record)
{
    record->result = RESULT_SECOND_WINS;
    record->termination = TERMINATION_TIME_FORFEIT;
    record->fault_seat = 0;
}

/* Game 3 ended before its last move by a fault of X, who was to move:
 * each an end that follows from its moves, as two plays of it could end. */
static void lost_on_time(struct game_record *record)
{
    record->move_count = 6;
    record->result = RESULT_SECOND_WINS;
    record->termination = TERMINATION_TIME_FORFEIT;
    record->fault_seat = 0;
}

static void crashed(struct game_record *record)
{
    lost_on_time(record);
    record->termination = TERMINATION_CRASH;
}

static void other_seed(struct game_record *record)
{
    record->seed++;
}

static void other_figures(struct game_record *record)
{
    for (size_t m = 0; m < record->move_count; m++) {
        record->moves[m].nodes = 1000 + m;
        record->moves[m].depth = 9;
    }
}

static void test_conflicting_duplicates_are_refused(void **state)
{
    struct fixture *f = *state;
    write_input(f, "a", (struct shard){0}, all_games, GAMES);
    write_with_game_3(f, "moves", other_last_move);
    write_with_game_3(f, "result", other_result);
    write_with_game_3(f, "seed", other_seed);
    static const char *const moves[] = {"a", "moves"};
    assert_int_equal(merge(f, moves, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: game 3 differs between {dir}/a/games.jsonl and "
                     "{dir}/moves/games.jsonl (its moves); refusing to merge\n");
    /* Nothing was written. */
    assert_int_not_equal(access(f->log, F_OK), 0);
    write_with_game_3(f, "on-time", lost_on_time);
    write_with_game_3(f, "crash", crashed);
    static const char *const result[] = {"on-time", "crash"};
    assert_int_equal(merge(f, result, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: game 3 differs between {dir}/on-time/games.jsonl and "
                     "{dir}/crash/games.jsonl (its result); refusing to merge\n");
    /* A result its moves do not give is never merged, whatever the other
     * logs hold. */
    static const char *const edited[] = {"a", "result"};
    assert_int_equal(merge(f, edited, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: {dir}/result/games.jsonl: game 3 (beta against alpha): its "
                     "end (time_forfeit, 0-1) does not follow from its moves: the rules had "
                     "ended the game; refusing to merge (take its line out of the log to merge "
                     "the other games)\n");
    static const char *const seed[] = {"a", "seed"};
    assert_int_equal(merge(f, seed, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: game 3 differs between {dir}/a/games.jsonl and "
                     "{dir}/seed/games.jsonl (its players or seed); refusing to merge\n");
    assert_int_not_equal(access(f->log, F_OK), 0);

    /* Search figures, like times, may differ between two plays. */
    write_with_game_3(f, "figures", other_figures);
    static const char *const figures[] = {"a", "figures"};
    assert_int_equal(merge(f, figures, 2), MERGE_COMPLETE);
    assert_errors(f, "");
    assert_merged_log(f, all_games, GAMES);
}

static void test_missing_games_and_shards_are_named(void **state)
{
    struct fixture *f = *state;
    /* Shards 0, 1 and 3 of 4: shard 2 (games 4 and 5) is not there. */
    static const uint32_t s0[] = {0, 1};
    static const uint32_t s1[] = {2, 3};
    static const uint32_t s3[] = {6};
    write_input(f, "s0", (struct shard){.index = 0, .count = 4}, s0, 2);
    write_input(f, "s1", (struct shard){.index = 1, .count = 4}, s1, 2);
    write_input(f, "s3", (struct shard){.index = 3, .count = 4}, s3, 1);
    static const char *const names[] = {"s0", "s1", "s3"};
    assert_int_equal(merge(f, names, 3), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: 3 of 8 games are missing: games 4-5, 7\n"
                     "tourney merge: no directory given holds shard 2/4\n"
                     "tourney merge: shards 2-3 of 4 have games missing\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");
    static const uint32_t merged[] = {0, 1, 2, 3, 6};
    assert_merged_log(f, merged, 5);

    /* The shards that play missing games are named as a job array's list
     * of task ids: those of stopped shards as well as of absent ones, a
     * run of them as a range. */
    remove_tree(f->out);
    static const uint32_t stopped[] = {0};
    write_input(f, "s0-stopped", (struct shard){.index = 0, .count = 4}, stopped, 1);
    static const char *const some_stopped[] = {"s0-stopped", "s1", "s3"};
    assert_int_equal(merge(f, some_stopped, 3), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: 4 of 8 games are missing: games 1, 4-5, 7\n"
                     "tourney merge: no directory given holds shard 2/4\n"
                     "tourney merge: shards 0,2-3 of 4 have games missing\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");
    /* One shard short of one game. */
    remove_tree(f->out);
    static const uint32_t s2[] = {4, 5};
    write_input(f, "s2", (struct shard){.index = 2, .count = 4}, s2, 2);
    static const char *const only_s3[] = {"s0", "s1", "s2", "s3"};
    assert_int_equal(merge(f, only_s3, 4), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: 1 of 8 games are missing: games 7\n"
                     "tourney merge: shard 3 of 4 has games missing\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");

    /* Logs of the whole run name no shards. */
    static const uint32_t some[] = {0, 3};
    write_input(f, "some", (struct shard){0}, some, 2);
    static const char *const whole[] = {"some"};
    assert_int_equal(merge(f, whole, 1), MERGE_FAILED);
    /* OUT holds games the merge would lose. */
    assert_errors(f, "tourney merge: {dir}/out/games.jsonl holds game 1, which none of the "
                     "directories merged has; add {dir}/out to them to keep its games\n");
    remove_tree(f->out);
    assert_int_equal(merge(f, whole, 1), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: 6 of 8 games are missing: games 1-2, 4-7\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");
    assert_merged_log(f, some, 2);
}

/* Writes DIR/NAME: all games, under the sample header as CHANGE leaves it
 * (sealed again). */
static void write_other_header(const struct fixture *f, const char *name,
                               void (*change)(struct log_header *header))
{
    struct log_header header;
    sample_header(&header, GAMES, SEED);
    change(&header);
    assert_int_equal(tourney_header_seal(&header), 0);
    char *dir = input_dir(f, name);
    sample_log(dir, &header, all_games, GAMES);
    free(dir);
    tourney_header_finish(&header);
}

static void other_header_seed(struct log_header *header)
{
    header->settings.seed = 8;
}

static void other_time_per_move(struct log_header *header)
{
    header->settings.time_per_move_ns = UINT64_C(250000000);
}

static void other_agent(struct log_header *header)
{
    free(header->agents[1].plugin);
    header->agents[1].plugin = strdup("minimax");
}

static void other_agent_build(struct log_header *header)
{
    header->agents[0].digest[0] = 'f';
}

static void other_game_build(struct log_header *header)
{
    header->game_digest[0] = header->game_digest[0] == '0' ? '1' : '0';
}

static void test_headers_that_differ_are_refused(void **state)
{
    struct fixture *f = *state;
    write_input(f, "a", (struct shard){0}, all_games, GAMES);
    static const struct {
        const char *name;
        void (*change)(struct log_header *header);
        const char *difference;
    } cases[] = {
        {"seed", other_header_seed, "it has seed 8 where the first has 7"},
        {"time", other_time_per_move,
         "it has time_per_move_ms 250 ms where the first has 1000 ms"},
        {"agent", other_agent,
         "its agent 2 is beta (minimax: ) where the first's is beta (random: )"},
        {"agent-build", other_agent_build,
         "it has another build of the plugin of agent 'alpha' than the first"},
        {"game-build", other_game_build,
         "it has another build of the game plugin 'mnk' than the first"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        write_other_header(f, cases[i].name, cases[i].change);
        const char *names[] = {"a", cases[i].name};
        assert_int_equal(merge(f, names, 2), MERGE_FAILED);
        char expected[512];
        snprintf(expected, sizeof(expected),
                 "tourney merge: {dir}/%s/games.jsonl belongs to another tournament than "
                 "{dir}/a/games.jsonl: %s; refusing to merge\n",
                 cases[i].name, cases[i].difference);
        assert_errors(f, expected);
        assert_int_not_equal(access(f->log, F_OK), 0);
    }
}

static void test_empty_torn_and_corrupted_logs(void **state)
{
    struct fixture *f = *state;
    write_input(f, "a", (struct shard){0}, all_games, GAMES);
    char *dir = input_dir(f, "empty");
    char path[192];
    snprintf(path, sizeof(path), "%s/games.jsonl", dir);
    write_file(path, "%s", "");
    free(dir);
    /* A shard killed before it wrote its header (an empty log), or before
     * it made its log (a folder without one), holds no games: its shard is
     * missing, whichever place it has among the directories. */
    static const uint32_t s0[] = {0, 1, 4, 5};
    write_input(f, "s0", (struct shard){.index = 0, .count = 2}, s0, 4);
    free(input_dir(f, "bare"));
    static const char *const killed[] = {"empty", "s0", "bare"};
    assert_int_equal(merge(f, killed, 3), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: {dir}/empty/games.jsonl is empty (its run was killed before "
                     "it wrote the header): no games\n"
                     "tourney merge: {dir}/bare/games.jsonl does not exist yet (its run never "
                     "started): no games\n"
                     "tourney merge: 4 of 8 games are missing: games 2-3, 6-7\n"
                     "tourney merge: no directory given holds shard 1/2\n"
                     "tourney merge: shard 1 of 2 has games missing\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");
    assert_merged_log(f, s0, 4);
    remove_tree(f->out);
    static const char *const empty[] = {"a", "empty"};
    assert_int_equal(merge(f, empty, 2), MERGE_COMPLETE);
    assert_merged_log(f, all_games, GAMES);
    remove_tree(f->out);
    static const char *const only_empty[] = {"empty", "bare"};
    assert_int_equal(merge(f, only_empty, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: {dir}/empty/games.jsonl is empty (its run was killed before "
                     "it wrote the header): no games\n"
                     "tourney merge: {dir}/bare/games.jsonl does not exist yet (its run never "
                     "started): no games\n"
                     "tourney merge: no directory given holds a results log with games\n");
    /* A folder that is not there is a mistake, not a shard to be played. */
    static const char *const nothing[] = {"a", "none"};
    assert_int_equal(merge(f, nothing, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: cannot open {dir}/none/games.jsonl: No such file or "
                     "directory\n");
    assert_int_not_equal(access(f->log, F_OK), 0);

    /* A torn last line is left out, and said. */
    write_input(f, "torn", (struct shard){0}, all_games, GAMES);
    snprintf(path, sizeof(path), "%s/torn/games.jsonl", f->dir);
    cut_in_line(path, 9, 10);
    static const char *const torn[] = {"torn"};
    assert_int_equal(merge(f, torn, 1), MERGE_INCOMPLETE);
    assert_errors(f, "tourney merge: {dir}/torn/games.jsonl ends in a torn record (an "
                     "interrupted write); it is left out\n"
                     "tourney merge: 1 of 8 games are missing: games 7\n"
                     "tourney merge: play the missing games with: tourney run CONFIG --resume "
                     "--output {dir}/out (or merge again with the missing shards)\n");
    assert_merged_log(f, all_games, GAMES - 1);

    /* A corrupted line refuses the whole log. */
    remove_tree(f->out);
    char *text = slurp(path);
    char *result = strstr(text + line_end(text, 4), "\"1-0\"");
    assert_non_null(result);
    memcpy(result, "\"0-1\"", 5);
    write_file(path, "%s", text);
    free(text);
    static const char *const corrupted[] = {"a", "torn"};
    assert_int_equal(merge(f, corrupted, 2), MERGE_FAILED);
    assert_errors(f, "tourney merge: {dir}/torn/games.jsonl:5: corrupted record (it does not "
                     "match its check digest); refusing the whole log\n");
    assert_int_not_equal(access(f->log, F_OK), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_shards_merge_into_the_whole_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_games_out_of_order_come_out_in_order, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_equal_duplicates_are_written_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_conflicting_duplicates_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_games_and_shards_are_named, setup, teardown),
        cmocka_unit_test_setup_teardown(test_headers_that_differ_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_empty_torn_and_corrupted_logs, setup, teardown),
    };
    return cmocka_run_group_tests_name("merge", tests, NULL, NULL);
}
