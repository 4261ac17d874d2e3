/*
 * The settings table: every row is consistent with the struct it points
 * into, values are read and refused as the table says, and docs/config.md's
 * [tournament] table lists exactly the table's keys with their defaults,
 * values and meanings.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "settings.h"

#define CONFIG_MD TOURNEY_TEST_SOURCE_DIR "/docs/config.md"

static const struct setting *row_of(const char *key)
{
    const struct setting *row = tourney_settings_find(key);
    if (row == NULL) {
        fail_msg("no row for '%s'", key);
    }
    return row;
}

/* Each row's type fits the member it points at, and what the log and the
 * reports do with it is possible. */
static void test_rows_are_consistent(void **state)
{
    (void)state;
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t i = 0; i < count; i++) {
        const struct setting *row = &table[i];
        assert_ptr_equal(tourney_settings_find(row->key), row);
        assert_true(row->offset + row->size <= sizeof(struct tournament_settings));
        assert_non_null(row->help);
        switch (row->type) {
        case SETTING_UINT:
            assert_true(row->size == sizeof(uint32_t) || row->size == sizeof(uint64_t));
            assert_true(row->min <= row->max);
            assert_true(row->size == sizeof(uint64_t) || row->max <= UINT32_MAX);
            break;
        case SETTING_CHOICE:
            assert_int_equal(row->size, sizeof(int));
            assert_non_null(row->words);
            for (size_t w = 0; w <= row->default_value; w++) {
                assert_non_null(row->words[w]);
            }
            break;
        case SETTING_SWITCH:
            assert_int_equal(row->size, sizeof(int));
            assert_non_null(row->default_text);
            break;
        case SETTING_TEXT:
            assert_int_equal(row->size, sizeof(char *));
            assert_non_null(row->values);
            break;
        case SETTING_SPRT:
            assert_int_equal(row->size, sizeof(struct sprt_settings));
            assert_non_null(row->values);
            break;
        case SETTING_FILE:
            assert_int_equal(row->size, sizeof(struct setting_file));
            assert_non_null(row->values);
            break;
        }
        /* The digest is computed from the log's header, and reports are
         * made from it too: what they use must be kept there. Only SWITCH
         * has no form in the log. */
        if (row->decides || row->label != NULL || row->summary) {
            assert_int_not_equal(row->place, SETTING_NOT_LOGGED);
        }
        if (row->place != SETTING_NOT_LOGGED) {
            assert_int_not_equal(row->type, SETTING_SWITCH);
        }
        assert_true(row->digest_key == NULL || row->decides);
    }
    assert_null(tourney_settings_find("sede"));
}

static void test_defaults(void **state)
{
    (void)state;
    struct tournament_settings s;
    tourney_settings_init(&s);
    assert_null(s.name);
    assert_true(s.seed == 1);
    assert_int_equal(s.games_per_pair, 0);
    assert_true(s.time_per_move_ns == UINT64_C(1000000000));
    assert_null(s.output_dir);
    assert_null(s.plugin_path);
    assert_int_equal(s.format, FORMAT_ROUND_ROBIN);
    assert_null(s.gauntlet_agent);
    assert_null(s.openings.path);
    assert_string_equal(s.openings.digest, "");
    assert_int_equal(s.opening_plies, 0);
    assert_int_equal(s.openings_order, OPENINGS_SEQUENTIAL);
    assert_int_equal(s.isolation, ISOLATION_PROCESS);
    assert_int_equal(s.limits.sandbox, SANDBOX_AUTO);
    assert_true(s.limits.time_margin_ns == UINT64_C(500000000));
    assert_true(s.limits.memory_bytes == UINT64_C(1073741824));
    assert_true(s.limits.output_limit_bytes == 65536);
    assert_false(s.sprt.enabled);
    assert_int_equal(s.rating_anchor, ANCHOR_AUTO);
    assert_int_equal(s.jobs, 0);
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t i = 0; i < count; i++) {
        /* games_per_pair is required: 0 is no value of it. */
        assert_true(tourney_setting_is_default(&table[i], &s));
    }
    tourney_settings_finish(&s);
}

/* Reads TEXT for KEY into S, asserting it is taken. */
static void parse_ok(struct tournament_settings *s, const char *key, const char *text)
{
    struct error err;
    tourney_error_clear(&err);
    if (tourney_setting_parse(row_of(key), text, s, &err) != 0) {
        fail_msg("%s = %s: %s", key, text, err.text);
    }
}

/* Times are kept in nanoseconds and sizes in bytes, converted once as the
 * text is read; the number as written comes back for the log's header, its
 * digest and the reports, at the largest values too. */
static void test_canonical_units(void **state)
{
    (void)state;
    struct tournament_settings s;
    tourney_settings_init(&s);
    parse_ok(&s, "time_per_move_ms", "86400000");
    parse_ok(&s, "time_margin_ms", "3600000");
    parse_ok(&s, "agent_memory_mb", "1048576");
    parse_ok(&s, "agent_output_limit_kb", "3");
    assert_true(s.time_per_move_ns == UINT64_C(86400000000000));
    assert_true(s.limits.time_margin_ns == UINT64_C(3600000000000));
    assert_true(s.limits.memory_bytes == UINT64_C(1099511627776));
    assert_true(s.limits.output_limit_bytes == 3072);
    const char *keys[] = {"time_per_move_ms", "time_margin_ms", "agent_memory_mb",
                          "agent_output_limit_kb"};
    const char *written[] = {"86400000", "3600000", "1048576", "3"};
    const char *shown[] = {"86400000 ms", "3600000 ms", "1048576 MiB", "3 KiB"};
    for (size_t i = 0; i < 4; i++) {
        char text[64];
        assert_true(tourney_setting_number(row_of(keys[i]), &s) == strtoull(written[i], NULL, 10));
        tourney_setting_text(row_of(keys[i]), &s, text, sizeof(text));
        assert_string_equal(text, written[i]);
        tourney_setting_show(row_of(keys[i]), &s, text, sizeof(text));
        assert_string_equal(text, shown[i]);
    }
    char *digest = tourney_settings_digest_text(&s, SETTING_LOG_PLAY);
    assert_non_null(digest);
    assert_non_null(strstr(digest, "time_per_move_ms=86400000\n"));
    assert_non_null(strstr(digest, "time_margin_ms=3600000\n"));
    assert_non_null(strstr(digest, "agent_memory_mb=1048576\n"));
    assert_non_null(strstr(digest, "agent_output_limit_kb=3\n"));
    free(digest);
    tourney_settings_finish(&s);
}

/* time_control is read into the clock once, as its text is read: a value
 * refused leaves the clock as it was, and the settings a log keeps are
 * copied with their clock. */
static void test_time_control_read_once(void **state)
{
    (void)state;
    struct tournament_settings s;
    tourney_settings_init(&s);
    assert_true(s.clock.base_ns == 0 && s.clock.increment_ns == 0);
    parse_ok(&s, "time_control", "2.5+0.05");
    assert_string_equal(s.time_control, "2.5+0.05");
    assert_true(s.clock.base_ns == UINT64_C(2500000000));
    assert_true(s.clock.increment_ns == UINT64_C(50000000));
    struct error err;
    assert_int_equal(tourney_setting_parse(row_of("time_control"), "1+", &s, &err), -1);
    assert_string_equal(s.time_control, "2.5+0.05");
    assert_true(s.clock.base_ns == UINT64_C(2500000000));
    assert_true(s.clock.increment_ns == UINT64_C(50000000));
    struct tournament_settings copy;
    assert_int_equal(tourney_settings_copy_logged(&copy, &s, &err), 0);
    assert_string_equal(copy.time_control, "2.5+0.05");
    assert_true(copy.clock.base_ns == UINT64_C(2500000000));
    assert_true(copy.clock.increment_ns == UINT64_C(50000000));
    tourney_settings_finish(&copy);
    tourney_settings_finish(&s);
}

static void test_values_are_read(void **state)
{
    (void)state;
    struct tournament_settings s;
    tourney_settings_init(&s);
    parse_ok(&s, "name", "a.b_c-1");
    parse_ok(&s, "seed", "18446744073709551615");
    parse_ok(&s, "games_per_pair", "1000000");
    parse_ok(&s, "time_per_move_ms", "1");
    parse_ok(&s, "output_dir", "out/here");
    parse_ok(&s, "format", "gauntlet");
    parse_ok(&s, "gauntlet_agent", "alpha");
    parse_ok(&s, "isolation", "none");
    parse_ok(&s, "sandbox", "Off");
    parse_ok(&s, "time_margin_ms", "0");
    parse_ok(&s, "agent_memory_mb", "32");
    parse_ok(&s, "agent_output_limit_kb", "1048576");
    parse_ok(&s, "sprt", "-10, 40.5, 0.05, 0.1");
    parse_ok(&s, "rating_anchor", "mean");
    parse_ok(&s, "jobs", "256");
    /* A second value replaces the first (and frees it). */
    parse_ok(&s, "name", "second");
    assert_string_equal(s.name, "second");
    assert_true(s.seed == UINT64_MAX);
    assert_int_equal(s.games_per_pair, 1000000);
    assert_true(s.time_per_move_ns == 1000000);
    assert_string_equal(s.output_dir, "out/here");
    assert_int_equal(s.format, FORMAT_GAUNTLET);
    assert_string_equal(s.gauntlet_agent, "alpha");
    assert_int_equal(s.isolation, ISOLATION_NONE);
    assert_int_equal(s.limits.sandbox, SANDBOX_OFF);
    assert_true(s.limits.time_margin_ns == 0);
    assert_true(s.limits.memory_bytes == UINT64_C(33554432));
    assert_true(s.limits.output_limit_bytes == UINT64_C(1073741824));
    assert_true(s.sprt.enabled && s.sprt.elo0 == -10.0 && s.sprt.elo1 == 40.5 &&
                s.sprt.alpha == 0.05 && s.sprt.beta == 0.1);
    assert_int_equal(s.rating_anchor, ANCHOR_MEAN);
    assert_int_equal(s.jobs, 256);

    char text[128];
    tourney_setting_text(row_of("sprt"), &s, text, sizeof(text));
    assert_string_equal(text, "-10,40.5,0.050000000000000003,0.10000000000000001");
    tourney_setting_show(row_of("sprt"), &s, text, sizeof(text));
    assert_string_equal(text, "-10, 40.5, 0.05, 0.1");
    tourney_setting_show(row_of("time_per_move_ms"), &s, text, sizeof(text));
    assert_string_equal(text, "1 ms");
    tourney_setting_text(row_of("gauntlet_agent"), &s, text, sizeof(text));
    assert_string_equal(text, "alpha");
    tourney_settings_finish(&s);
}

static void test_bad_values(void **state)
{
    (void)state;
    static const struct {
        const char *key, *text, *message;
    } cases[] = {
        {"seed", "-1",
         "bad value '-1' for 'seed': expected a whole number from 0 to 18446744073709551615"},
        {"games_per_pair", "3",
         "bad value '3' for 'games_per_pair': expected an even number from 2 to 1000000 (each "
         "pair plays both seats equally often)"},
        {"games_per_pair", "1000002",
         "bad value '1000002' for 'games_per_pair': expected an even number from 2 to 1000000 "
         "(each pair plays both seats equally often)"},
        {"time_per_move_ms", "0",
         "bad value '0' for 'time_per_move_ms': expected a whole number of milliseconds from 1 "
         "to 86400000"},
        {"name", "has space",
         "bad value 'has space' for 'name': expected 1 to 40 letters, digits, '.', '_' or '-', "
         "not starting with '.' or '-'"},
        {"output_dir", "", "bad value '' for 'output_dir': expected a directory"},
        {"format", "swiss", "bad value 'swiss' for 'format': expected round-robin or gauntlet"},
        {"isolation", "thread", "bad value 'thread' for 'isolation': expected process or none"},
        {"sandbox", "maybe",
         "bad value 'maybe' for 'sandbox': expected true or false (or yes/no, on/off, 1/0)"},
        {"agent_memory_mb", "8",
         "bad value '8' for 'agent_memory_mb': expected a whole number of MiB from 32 to "
         "1048576"},
        {"sprt", "10, 0, 0.05, 0.05",
         "bad value '10, 0, 0.05, 0.05' for 'sprt': expected elo0 < elo1, both within -1000 and "
         "1000"},
        {"rating_anchor", "median",
         "bad value 'median' for 'rating_anchor': expected auto, random or mean"},
        {"jobs", "0", "bad value '0' for 'jobs': expected " TOURNEY_JOBS_EXPECTED},
    };
    struct tournament_settings s;
    tourney_settings_init(&s);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct error err;
        tourney_error_clear(&err);
        assert_int_equal(tourney_setting_parse(row_of(cases[i].key), cases[i].text, &s, &err), -1);
        assert_string_equal(err.text, cases[i].message);
    }
    /* A refused value leaves the default. */
    struct tournament_settings defaults;
    tourney_settings_init(&defaults);
    assert_memory_equal(&s, &defaults, sizeof(s));
    tourney_settings_finish(&s);
}

static void test_digest_text_and_difference(void **state)
{
    (void)state;
    struct tournament_settings a;
    struct tournament_settings b;
    tourney_settings_init(&a);
    tourney_settings_init(&b);
    parse_ok(&a, "games_per_pair", "40");
    parse_ok(&b, "games_per_pair", "40");
    char *text = tourney_settings_digest_text(&a, SETTING_LOG_PAIRS);
    assert_string_equal(text, "format=round-robin\ngauntlet=\n");
    free(text);
    text = tourney_settings_digest_text(&a, SETTING_LOG_PLAY);
    assert_string_equal(text, "seed=1\ngames_per_pair=40\ntime_per_move_ms=1000\n"
                              "time_margin_ms=500\nagent_memory_mb=1024\n"
                              "agent_output_limit_kb=64\n");
    free(text);
    /* After the game: only when not the default. */
    text = tourney_settings_digest_text(&a, SETTING_LOG_JUDGING);
    assert_string_equal(text, "");
    free(text);
    assert_null(tourney_settings_difference(&a, &b));

    /* Neither the anchor nor where a run is carried out decide games. */
    parse_ok(&b, "rating_anchor", "random");
    parse_ok(&b, "jobs", "3");
    parse_ok(&b, "isolation", "none");
    parse_ok(&b, "output_dir", "elsewhere");
    assert_null(tourney_settings_difference(&a, &b));
    parse_ok(&b, "sprt", "0, 50, 0.05, 0.05");
    assert_ptr_equal(tourney_settings_difference(&a, &b), row_of("sprt"));
    text = tourney_settings_digest_text(&b, SETTING_LOG_JUDGING);
    assert_string_equal(text, "sprt=0,50,0.050000000000000003,0.050000000000000003\n");
    free(text);
    parse_ok(&a, "sprt", "0, 50, 0.05, 0.05");
    parse_ok(&b, "agent_memory_mb", "512");
    assert_ptr_equal(tourney_settings_difference(&a, &b), row_of("agent_memory_mb"));
    /* In table order: the seed comes first. */
    parse_ok(&b, "seed", "2");
    assert_ptr_equal(tourney_settings_difference(&a, &b), row_of("seed"));
    tourney_settings_finish(&a);
    tourney_settings_finish(&b);
}

/* A setting added to the log since its first format leaves no trace at its
 * default, so the logs and reports of tournaments that do not use it stay
 * as they were. (No row of the table is such a setting yet: a copy of one
 * stands in.) */
static void test_added_setting_only_when_set(void **state)
{
    (void)state;
    struct setting added = *row_of("time_margin_ms");
    added.place = SETTING_LOG_ADDED;
    struct tournament_settings s;
    tourney_settings_init(&s);
    assert_false(tourney_setting_in_log(&added, &s));
    assert_true(tourney_setting_in_log(row_of("time_margin_ms"), &s));
    assert_true(tourney_setting_in_log(row_of("sprt"), &s));
    assert_false(tourney_setting_in_log(row_of("jobs"), &s));
    s.limits.time_margin_ns = 100000000;
    assert_true(tourney_setting_in_log(&added, &s));
    tourney_settings_finish(&s);
}

/* The keys in table order (a setting added later comes at the end). */
static void test_unknown_key_lists_the_table(void **state)
{
    (void)state;
    char keys[512];
    tourney_settings_list_keys(keys, sizeof(keys));
    static const char known[] =
        "name, seed, games_per_pair, time_per_move_ms, output_dir, "
        "plugin_path, format, gauntlet_agent, isolation, sandbox, "
        "time_margin_ms, agent_memory_mb, agent_output_limit_kb, cpu_limit, sprt, "
        "rating_anchor, jobs, time_control, openings, opening_plies, "
        "openings_order, sprt_model";
    assert_memory_equal(keys, known, sizeof(known) - 1);
    assert_true(keys[sizeof(known) - 1] == '\0' || keys[sizeof(known) - 1] == ',');
}

/* TEXT without markdown's code spans and strong emphasis, in place. */
static void strip_markdown(char *text)
{
    char *to = text;
    for (const char *from = text; *from != '\0'; from++) {
        if (*from == '`' || (from[0] == '*' && from[1] == '*')) {
            from += *from == '*';
            continue;
        }
        *to++ = *from;
    }
    *to = '\0';
}

/* Splits "| a | b | c | d |" into its four cells, stripped of markdown;
 * false for a line of another shape. */
static bool split_row(char *line, char *cells[4])
{
    size_t length = strlen(line);
    if (length < 4 || strncmp(line, "| ", 2) != 0 || strcmp(line + length - 2, " |") != 0) {
        return false;
    }
    line[length - 2] = '\0';
    char *cell = line + 2;
    for (int i = 0; i < 4; i++) {
        char *end = strstr(cell, " | ");
        if ((end == NULL) != (i == 3)) {
            return false;
        }
        if (end != NULL) {
            *end = '\0';
        }
        strip_markdown(cell);
        cells[i] = cell;
        cell = end != NULL ? end + 3 : NULL;
    }
    return true;
}

/* docs/config.md's [tournament] table: key, default, values and meaning
 * of every row of the settings table, in its order, and nothing else. */
static void test_docs_table(void **state)
{
    (void)state;
    FILE *file = fopen(CONFIG_MD, "r");
    assert_non_null(file);
    char line[2048];
    bool in_section = false;
    bool in_table = false;
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    size_t seen = 0;
    while (fgets(line, sizeof(line), file) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "## ", 3) == 0) {
            in_section = strcmp(line, "## `[tournament]`") == 0;
            continue;
        }
        if (!in_section) {
            continue;
        }
        if (line[0] != '|') {
            if (in_table) {
                break; /* the table's end */
            }
            continue;
        }
        if (!in_table) {
            assert_string_equal(line, "| key | default | values | meaning |");
            assert_non_null(fgets(line, sizeof(line), file));
            assert_string_equal(line, "| --- | --- | --- | --- |\n");
            in_table = true;
            continue;
        }
        char *cells[4];
        if (!split_row(line, cells)) {
            fail_msg("docs/config.md: not a row of four cells: %s", line);
        }
        if (seen >= count) {
            fail_msg("docs/config.md: '%s' has no row in the settings table", cells[0]);
        }
        const struct setting *row = &table[seen++];
        char expected[512];
        assert_string_equal(cells[0], row->key);
        tourney_setting_default(row, expected, sizeof(expected));
        assert_string_equal(cells[1], expected);
        tourney_setting_values(row, expected, sizeof(expected));
        assert_string_equal(cells[2], expected);
        assert_string_equal(cells[3], row->help);
    }
    fclose(file);
    assert_true(in_table);
    if (seen != count) {
        fail_msg("docs/config.md lacks '%s'", table[seen].key);
    }
}

/* The message of `--jobs` says what the jobs row takes. */
static void test_jobs_expected(void **state)
{
    (void)state;
    char values[128];
    tourney_setting_values(row_of("jobs"), values, sizeof(values));
    assert_string_equal(values, TOURNEY_JOBS_EXPECTED);
    unsigned jobs = 7;
    assert_false(tourney_parse_jobs("257", &jobs));
    assert_int_equal(jobs, 7);
    assert_true(tourney_parse_jobs("12", &jobs));
    assert_int_equal(jobs, 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_are_consistent),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_values_are_read),
        cmocka_unit_test(test_canonical_units),
        cmocka_unit_test(test_time_control_read_once),
        cmocka_unit_test(test_bad_values),
        cmocka_unit_test(test_digest_text_and_difference),
        cmocka_unit_test(test_added_setting_only_when_set),
        cmocka_unit_test(test_unknown_key_lists_the_table),
        cmocka_unit_test(test_docs_table),
        cmocka_unit_test(test_jobs_expected),
    };
    return cmocka_run_group_tests_name("settings", tests, NULL, NULL);
}
