/*
 * Reading a results log a game at a time: the header first, then every
 * game with its line, each line's check digest verified; a corrupted,
 * foreign or repeated line is refused with its line number, a torn last
 * line is left out, and a reader can go on from the middle of a log.
 */
#include "test.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "digest.h"
#include "files.h"
#include "log_line.h"
#include "log_reader.h"
#include "sample_log.h"

#define GAMES 6

static int setup(void **state)
{
    *state = sample_dir_create("log-reader", GAMES, 77);
    return 0;
}

static int teardown(void **state)
{
    sample_dir_destroy(*state);
    return 0;
}

/* Writes the log of F's header with games 0 to COUNT - 1 in order. */
static void write_games(const struct sample_dir *f, uint32_t count)
{
    uint32_t games[GAMES] = {0};
    for (uint32_t g = 0; g < count; g++) {
        games[g] = g;
    }
    sample_log(f->dir, &f->header, games, count);
}

/* Opens F's log (which must open) into READER; returns its text (free it). */
static char *open_log(const struct sample_dir *f, struct log_reader *reader)
{
    struct error error;
    if (tourney_log_reader_open(reader, f->path, &error) != 0) {
        print_error("%s\n", error.text);
        fail();
    }
    return slurp(f->path);
}

/* Replaces the first FROM in line LINE of the log with TO (as long). */
static void edit_line(const struct sample_dir *f, size_t line, const char *from, const char *to)
{
    assert_int_equal(strlen(from), strlen(to));
    char *text = slurp(f->path);
    char *start = text + (line > 1 ? line_end(text, line - 1) : 0);
    char *at = strstr(start, from);
    assert_non_null(at);
    assert_true(at < text + line_end(text, line));
    memcpy(at, to, strlen(to));
    write_file(f->path, "%s", text);
    free(text);
}

static void assert_open_fails(const struct sample_dir *f, int status, const char *expected)
{
    struct log_reader reader;
    struct error error;
    assert_int_equal(tourney_log_reader_open(&reader, f->path, &error), status);
    assert_names_file(error.text, expected, f->path);
    /* Everything was released: nothing left to close. */
    assert_null(reader.file);
    assert_null(reader.path);
}

/* Opens the log and reads games until one is refused; its message (with the
 * path in place of %s) must be EXPECTED after GOOD games. */
static void assert_refused_after(const struct sample_dir *f, size_t good, const char *expected)
{
    struct log_reader reader;
    free(open_log(f, &reader));
    struct error error;
    struct game_record record;
    int status;
    size_t read = 0;
    for (;;) {
        tourney_record_init(&record);
        status = tourney_log_reader_next(&reader, &record, &error);
        tourney_record_finish(&record);
        if (status <= 0) {
            break;
        }
        read++;
    }
    assert_int_equal(status, -1);
    assert_int_equal(read, good);
    assert_names_file(error.text, expected, f->path);
    tourney_log_reader_close(&reader);
}

static void test_a_log_read_game_by_game(void **state)
{
    struct sample_dir *f = *state;
    write_games(f, GAMES);
    struct log_reader reader;
    char *text = open_log(f, &reader);
    struct error error;
    assert_string_equal(reader.header.settings.name, "sample");
    assert_int_equal(reader.header.settings.seed, 77);
    assert_int_equal(reader.header.games_scheduled, GAMES);
    assert_string_equal(reader.header.settings_digest, f->header.settings_digest);
    assert_int_equal(reader.name_count, 2);
    assert_string_equal(reader.names[0], "alpha");
    assert_string_equal(reader.names[1], "beta");
    assert_int_equal(reader.line_number, 1);
    assert_int_equal(reader.valid_end, line_end(text, 1));
    for (uint32_t g = 0; g < GAMES; g++) {
        struct game_record record;
        tourney_record_init(&record);
        assert_int_equal(tourney_log_reader_next(&reader, &record, &error), 1);
        struct game_record expected;
        sample_game(&expected, g, 1000);
        assert_int_equal(record.index, g);
        assert_int_equal(record.agent[0], g % 2);
        assert_int_equal(record.agent[1], 1 - g % 2);
        assert_int_equal(record.seed, expected.seed);
        assert_int_equal(record.move_count, 7);
        for (size_t m = 0; m < 7; m++) {
            assert_int_equal(record.moves[m].move, m);
            assert_int_equal(record.moves[m].seat, m % 2);
            assert_int_equal(record.moves[m].time_ns, 1000);
        }
        assert_int_equal(record.result, RESULT_FIRST_WINS);
        assert_int_equal(record.termination, TERMINATION_NORMAL);
        assert_int_equal(record.fault_seat, -1);
        /* The line as it stands in the file, and where the whole lines
         * read so far end. */
        assert_int_equal(reader.line_number, g + 2);
        char *line = sample_line(&f->header, &expected);
        assert_string_equal(reader.line, line);
        free(line);
        assert_int_equal(reader.valid_end, line_end(text, g + 2));
        tourney_record_finish(&expected);
        tourney_record_finish(&record);
    }
    struct game_record record;
    tourney_record_init(&record);
    assert_int_equal(tourney_log_reader_next(&reader, &record, &error), 0);
    tourney_record_finish(&record);
    assert_false(reader.torn);
    assert_int_equal(reader.valid_end, strlen(text));
    assert_int_equal(reader.seen.count, GAMES);
    tourney_log_reader_close(&reader);
    free(text);
}

static void test_a_torn_last_line_is_left_out(void **state)
{
    struct sample_dir *f = *state;
    write_games(f, 4);
    /* The header, games 0 to 2, and 30 bytes short of game 3's end. */
    cut_in_line(f->path, 5, 30);
    struct log_reader reader;
    char *text = open_log(f, &reader);
    struct error error;
    int status;
    size_t games = 0;
    do {
        struct game_record record;
        tourney_record_init(&record);
        status = tourney_log_reader_next(&reader, &record, &error);
        games += status > 0;
        tourney_record_finish(&record);
    } while (status > 0);
    assert_int_equal(status, 0);
    assert_int_equal(games, 3);
    assert_true(reader.torn);
    assert_int_equal(reader.line_number, 4);
    assert_int_equal(reader.valid_end, line_end(text, 4));
    assert_true(reader.valid_end < (off_t)strlen(text));
    tourney_log_reader_close(&reader);
    free(text);
}

static void test_corrupted_lines_are_refused_with_their_line(void **state)
{
    struct sample_dir *f = *state;
    static const char message[] =
        "%s:4: corrupted record (it does not match its check digest); refusing the whole log";
    /* One changed character: valid JSON, a wrong digest. */
    write_games(f, GAMES);
    edit_line(f, 4, "\"result\":\"1-0\"", "\"result\":\"0-1\"");
    assert_refused_after(f, 2, message);

    /* A line cut short and a newline after it, as a crash of the disk and
     * another write would leave it. */
    write_games(f, GAMES);
    char *text = slurp(f->path);
    size_t cut = line_end(text, 4) - 20;
    text[cut] = '\0';
    write_file(f->path, "%s\n%s", text, text + cut + 20);
    free(text);
    assert_refused_after(f, 2, message);

    /* A line that is not JSON; one without its check field. */
    write_games(f, 2);
    text = slurp(f->path);
    write_file(f->path, "%s%s", text, "game 2 was a draw\n");
    assert_refused_after(f, 2, message);
    write_file(f->path, "%s%s", text, "{\"game\":2}\n");
    assert_refused_after(f, 2, message);

    /* A NUL byte hides the rest of a line from the check. */
    FILE *file = fopen(f->path, "w");
    assert_non_null(file);
    fputs(text, file);
    char *line_with_nul = strdup(text + line_end(text, 2));
    line_with_nul[10] = '\0';
    fwrite(line_with_nul, 1, strlen(text + line_end(text, 2)), file);
    fclose(file);
    free(line_with_nul);
    free(text);
    assert_refused_after(f, 2, message);
}

/* A line of another kind or another tournament, sealed as a log line is. */
static void test_foreign_lines_are_refused_with_their_line(void **state)
{
    struct sample_dir *f = *state;
    write_games(f, 2);
    char *text = slurp(f->path);

    /* An entrant the header does not list. */
    struct log_header other;
    sample_header(&other, GAMES, 77);
    free(other.agents[1].name);
    other.agents[1].name = strdup("gamma");
    struct game_record record;
    sample_game(&record, 2, 1000);
    char *line = sample_line(&other, &record);
    write_file(f->path, "%s%s", text, line);
    free(line);
    tourney_record_finish(&record);
    tourney_header_finish(&other);
    assert_refused_after(f, 2, "%s:4: game 2 names an agent the tournament does not have");

    /* A game the schedule does not have. */
    sample_game(&record, GAMES + 3, 1000);
    line = sample_line(&f->header, &record);
    write_file(f->path, "%s%s", text, line);
    free(line);
    tourney_record_finish(&record);
    assert_refused_after(f, 2, "%s:4: game 9 is not in a schedule of 6 games");

    /* A game recorded twice, wherever the second copy is. */
    sample_game(&record, 0, 2000);
    line = sample_line(&f->header, &record);
    write_file(f->path, "%s%s", text, line);
    free(line);
    tourney_record_finish(&record);
    assert_refused_after(f, 2, "%s:4: game 0 is recorded twice");

    /* A second header (whose "game" is the game's name: jansson's words). */
    line = sample_header_line(&f->header);
    write_file(f->path, "%s%s", text, line);
    free(line);
    assert_refused_after(f, 2, "%s:4: Expected integer, got string");
    free(text);
}

static void test_the_header_is_checked(void **state)
{
    struct sample_dir *f = *state;
    /* An empty log; one killed while writing its header. */
    write_file(f->path, "%s", "");
    assert_open_fails(f, TOURNEY_LOG_EMPTY, "%s: no tournament header: the log is empty");
    char *header = sample_header_line(&f->header);
    header[40] = '\0';
    write_file(f->path, "%s", header);
    free(header);
    assert_open_fails(f, TOURNEY_LOG_EMPTY,
                      "%s: no tournament header: the log is empty but for a torn first line");

    /* A game where the header should be. */
    write_games(f, 1);
    char *text = slurp(f->path);
    write_file(f->path, "%s", text + line_end(text, 1));
    free(text);
    assert_open_fails(f, -1,
                      "%s:1: not a tourney results log header (Object item not found: "
                      "type)");

    /* A corrupted header; a header whose settings were edited and sealed
     * again; a header of another format. */
    write_games(f, 1);
    edit_line(f, 1, "\"seed\":\"77\"", "\"seed\":\"78\"");
    assert_open_fails(f, -1,
                      "%s:1: corrupted record (it does not match its check digest); "
                      "refusing the whole log");
    json_t *object = tourney_header_to_json(&f->header);
    json_object_set_new(object, "seed", json_string("78"));
    char *line = tourney_log_line_seal(object);
    json_decref(object);
    write_file(f->path, "%s", line);
    free(line);
    assert_open_fails(f, -1, "%s:1: results log header does not match its settings digest");
    object = tourney_header_to_json(&f->header);
    json_object_set_new(object, "log_format", json_integer(2));
    line = tourney_log_line_seal(object);
    json_decref(object);
    write_file(f->path, "%s", line);
    free(line);
    assert_open_fails(f, -1, "%s:1: results log format 2, expected 1");

    /* A log that is not there. */
    remove_tree(f->dir);
    assert_open_fails(f, -1, "cannot open %s: No such file or directory");
    assert_int_equal(mkdir(f->dir, 0700), 0);
}

/* Opens the log and reads every game; there must be COUNT. */
static void assert_reads_all(const struct sample_dir *f, size_t count)
{
    struct log_reader reader;
    free(open_log(f, &reader));
    struct error error;
    size_t read = 0;
    int status;
    do {
        struct game_record record;
        tourney_record_init(&record);
        status = tourney_log_reader_next(&reader, &record, &error);
        if (status < 0) {
            print_error("%s\n", error.text);
        }
        read += status > 0;
        tourney_record_finish(&record);
    } while (status > 0);
    assert_int_equal(status, 0);
    assert_int_equal(read, count);
    tourney_log_reader_close(&reader);
}

/* Writes the log of GAMES games with line 3 (game 1) rewritten: a space
 * after its first colon, and then the check it had (CHECK_OF_TEXT false) or
 * the digest of the rewritten text before it (true). EDIT, when not NULL,
 * is then replaced by a text as long in the line. */
static void write_spaced_line(const struct sample_dir *f, bool check_of_text, const char *edit,
                              const char *replacement)
{
    write_games(f, GAMES);
    char *text = slurp(f->path);
    size_t start = line_end(text, 2);
    size_t end = line_end(text, 3);
    char *line = strndup(text + start, end - start);
    char *tail = strstr(line, ",\"check\":\"");
    assert_non_null(tail);
    char *colon = strchr(line, ':');
    char body[4096];
    snprintf(body, sizeof(body), "%.*s %.*s", (int)(colon + 1 - line), line,
             (int)(tail - colon - 1), colon + 1);
    char check[TOURNEY_DIGEST_HEX];
    snprintf(check, sizeof(check), "%.32s", tail + strlen(",\"check\":\""));
    if (check_of_text) {
        char closed[sizeof(body) + 1];
        snprintf(closed, sizeof(closed), "%s}", body);
        tourney_digest_bytes(closed, strlen(closed), check);
    }
    if (edit != NULL) {
        char *at = strstr(body, edit);
        assert_non_null(at);
        assert_int_equal(strlen(edit), strlen(replacement));
        memcpy(at, replacement, strlen(replacement));
    }
    write_file(f->path, "%.*s%s,\"check\":\"%s\"}\n%s", (int)start, text, body, check, text + end);
    free(line);
    free(text);
}

/* A line's check is the digest of the text before it, as tourney writes
 * it; a line written otherwise (here with a space jansson would not write)
 * holds when its check is the digest of the compact JSON of the rest. */
static void test_a_line_holds_by_its_text_or_its_compact_json(void **state)
{
    struct sample_dir *f = *state;
    static const char message[] =
        "%s:3: corrupted record (it does not match its check digest); refusing the whole log";
    /* The check of the compact JSON, which the line's text no longer is. */
    write_spaced_line(f, false, NULL, NULL);
    assert_reads_all(f, GAMES);
    /* The check of the line's text as it is. */
    write_spaced_line(f, true, NULL, NULL);
    assert_reads_all(f, GAMES);
    /* Either, with a result changed after: neither digest holds. */
    write_spaced_line(f, false, "\"1-0\"", "\"0-1\"");
    assert_refused_after(f, 1, message);
    write_spaced_line(f, true, "\"1-0\"", "\"0-1\"");
    assert_refused_after(f, 1, message);
}

/* A header alone is a log without games. */
static void test_a_log_without_games(void **state)
{
    struct sample_dir *f = *state;
    write_games(f, 0);
    struct log_reader reader;
    free(open_log(f, &reader));
    struct error error;
    struct game_record record;
    tourney_record_init(&record);
    assert_int_equal(tourney_log_reader_next(&reader, &record, &error), 0);
    tourney_record_finish(&record);
    assert_false(reader.torn);
    assert_int_equal(reader.line_number, 1);
    assert_int_equal(reader.seen.count, 0);
    tourney_log_reader_close(&reader);
}

/* Read once to find where a line starts, then read again from there, as a
 * merge reads stretches of one log side by side. */
static void test_reading_on_from_the_middle(void **state)
{
    struct sample_dir *f = *state;
    write_games(f, GAMES);
    struct log_reader reader;
    char *text = open_log(f, &reader);
    struct error error;
    /* Game 3 is on line 5, after four lines. */
    off_t offset = (off_t)line_end(text, 4);
    assert_int_equal(tourney_log_reader_seek(&reader, offset, 5, &error), 0);
    assert_int_equal(reader.valid_end, offset);
    for (uint32_t g = 3; g < GAMES; g++) {
        struct game_record record;
        tourney_record_init(&record);
        assert_int_equal(tourney_log_reader_next(&reader, &record, &error), 1);
        assert_int_equal(record.index, g);
        assert_int_equal(reader.line_number, g + 2);
        tourney_record_finish(&record);
    }
    /* Read again from game 1: the games seen before are not counted twice
     * (whoever seeks checked the whole log first). */
    offset = (off_t)line_end(text, 2);
    assert_int_equal(tourney_log_reader_seek(&reader, offset, 3, &error), 0);
    struct game_record record;
    tourney_record_init(&record);
    assert_int_equal(tourney_log_reader_next(&reader, &record, &error), 1);
    assert_int_equal(record.index, 1);
    assert_int_equal(reader.line_number, 3);
    assert_int_equal(reader.valid_end, line_end(text, 3));
    tourney_record_finish(&record);
    tourney_log_reader_close(&reader);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_log_read_game_by_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_torn_last_line_is_left_out, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupted_lines_are_refused_with_their_line, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_foreign_lines_are_refused_with_their_line, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_the_header_is_checked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_line_holds_by_its_text_or_its_compact_json, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_log_without_games, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reading_on_from_the_middle, setup, teardown),
    };
    return cmocka_run_group_tests_name("log_reader", tests, NULL, NULL);
}
