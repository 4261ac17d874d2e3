/*
 * report.html: the escaping and drawing helpers against exact values, the
 * choice of games to show, loading a log's game plugin, and whole pages for
 * small tournaments made by hand, read back with a strict HTML reader and
 * compared figure by figure with summary.json.
 */
#include "test.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "digest.h"
#include "game_sample.h"
#include "html.h"
#include "html_check.h"
#include "html_numbers.h"
#include "host_path.h"
#include "html_summary.h"
#include "log_game.h"
#include "plugin.h"
#include "report_analysis.h"
#include "replay_data.h"
#include "report.h"
#include "svg_chart.h"

#define MNK_PATH TOURNEY_TEST_GAME_DIR "/mnk.so"

/* What a writer produced, as a string (free it). */
static char *capture(int (*write)(const void *context, FILE *out), const void *context)
{
    /* A temporary file rather than open_memstream: GCC 12 takes the text
     * open_memstream hands back for a pointer to the local it was told of,
     * and warns of dangling pointers wherever the text is searched. */
    FILE *out = tmpfile();
    assert_non_null(out);
    assert_int_equal(write(context, out), 0);
    long size = ftell(out);
    assert_true(size >= 0);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    rewind(out);
    assert_int_equal(fread(text, 1, (size_t)size, out), (size_t)size);
    text[size] = '\0';
    assert_int_equal(fclose(out), 0);
    return text;
}

static int write_text(const void *context, FILE *out)
{
    tourney_html_text(out, context);
    return 0;
}

static int write_json(const void *context, FILE *out)
{
    return tourney_html_json(out, context);
}

static void test_escaping(void **state)
{
    (void)state;
    char *text = capture(write_text, "<a href=\"x\">&'ok");
    assert_string_equal(text, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;ok");
    free(text);
    /* Inside <script>, JSON may hold neither "</script" nor "<!--". */
    json_t *value = json_pack("{s:s}", "k", "</script><!--&>");
    char *json = capture(write_json, value);
    assert_string_equal(json, "{\"k\":\"\\u003c/script\\u003e\\u003c!--\\u0026\\u003e\"}");
    json_t *back = json_loads(json, 0, NULL);
    assert_true(json_equal(back, value));
    json_decref(back);
    json_decref(value);
    free(json);
}

/* One style of numbers over the whole page. */
static void test_numbers(void **state)
{
    (void)state;
    char text[64];
    static const struct {
        uint64_t value;
        const char *text;
    } counts[] = {{0, "0"},
                  {999, "999"},
                  {1000, "1,000"},
                  {49512002, "49,512,002"},
                  {UINT64_MAX, "18,446,744,073,709,551,615"}};
    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
        tourney_html_count_text(text, sizeof(text), counts[i].value);
        assert_string_equal(text, counts[i].text);
    }
    tourney_html_decimal_text(text, sizeof(text), 81167.25, 1);
    assert_string_equal(text, "81,167.2");
    tourney_html_decimal_text(text, sizeof(text), -1234.5, 0);
    assert_string_equal(text, "\u22121,234");
    tourney_html_decimal_text(text, sizeof(text), -0.04, 1);
    assert_string_equal(text, "0.0");
    tourney_html_decimal_text(text, sizeof(text), 476.94, 1);
    assert_string_equal(text, "476.9");
    tourney_html_minus_text(text, sizeof(text), "[-41.0, +152.7] <-800 a-b");
    assert_string_equal(text, "[\u221241.0, +152.7] <\u2212800 a-b");
    static const struct {
        double ns;
        const char *text;
    } durations[] = {{0.0, "0 ns"},         {999.0, "999 ns"},      {16384.0, "16.4 \u00b5s"},
                     {999600.0, "1.00 ms"}, {5000000.0, "5.00 ms"}, {105700000.0, "106 ms"},
                     {2.1e9, "2.10 s"}};
    for (size_t i = 0; i < sizeof(durations) / sizeof(durations[0]); i++) {
        tourney_html_duration_text(text, sizeof(text), durations[i].ns);
        assert_string_equal(text, durations[i].text);
    }
    tourney_html_duration_tick(text, sizeof(text), 10.0);
    assert_string_equal(text, "10 ns");
    tourney_html_duration_tick(text, sizeof(text), 0.01 * 1e6);
    assert_string_equal(text, "10 \u00b5s");
    tourney_html_duration_tick(text, sizeof(text), 1e9);
    assert_string_equal(text, "1 s");
    tourney_html_duration_tick(text, sizeof(text), 2.5e6);
    assert_string_equal(text, "2.5 ms");
    /* Too small a buffer: cut, still terminated. */
    char small[4];
    tourney_html_count_text(small, sizeof(small), 123456);
    assert_string_equal(small, "123");
}

static void test_chart_axis(void **state)
{
    (void)state;
    /* Times from 0.048 to 95.7 ms span more than a factor of 100: decades. */
    const double times[] = {0.048, 8.775, 95.687};
    struct chart_axis axis = tourney_chart_axis(times, 3, false);
    assert_true(axis.log);
    assert_float_equal(axis.min, 0.01, 1e-15);
    assert_float_equal(axis.max, 100.0, 1e-12);
    assert_float_equal(tourney_chart_position(&axis, 1.0), 0.5, 1e-12);
    assert_float_equal(tourney_chart_position(&axis, 0.0), 0.0, 0.0);
    assert_float_equal(tourney_chart_position(&axis, 1000.0), 1.0, 0.0);
    /* A smallest value on a power of ten starts a decade lower, so its bar
     * shows. */
    const double nodes[] = {1.0, 81167.2};
    axis = tourney_chart_axis(nodes, 2, false);
    assert_true(axis.log);
    assert_float_equal(axis.min, 0.1, 1e-15);
    assert_float_equal(axis.max, 100000.0, 1e-9);
    /* Within a factor of 100: linear from 0, about five round steps. */
    const double small[] = {0.3, 0.9, 0.0};
    axis = tourney_chart_axis(small, 3, false);
    assert_false(axis.log);
    assert_float_equal(axis.min, 0.0, 0.0);
    assert_float_equal(axis.step, 0.2, 1e-15);
    assert_float_equal(axis.max, 1.0, 1e-12);
    const double plies[] = {3.81, 2.74};
    axis = tourney_chart_axis(plies, 2, false);
    assert_float_equal(axis.step, 1.0, 0.0);
    assert_float_equal(axis.max, 4.0, 0.0);
    assert_float_equal(tourney_chart_position(&axis, 3.0), 0.75, 1e-12);
    /* Nothing positive, and rates: fixed axes. */
    axis = tourney_chart_axis(small + 2, 1, false);
    assert_false(axis.log);
    assert_float_equal(axis.max, 1.0, 0.0);
    axis = tourney_chart_axis(times, 3, true);
    assert_false(axis.log);
    assert_float_equal(axis.max, 1.0, 0.0);
    assert_float_equal(axis.step, 0.2, 0.0);
    /* A range with negative values, as ratings have: round ends, steps of
     * 200, ticks with a minus sign. */
    axis = tourney_chart_axis_range(-41.0, 800.0);
    assert_false(axis.log);
    assert_float_equal(axis.step, 200.0, 0.0);
    assert_float_equal(axis.min, -200.0, 0.0);
    assert_float_equal(axis.max, 800.0, 0.0);
    struct chart_tick ticks[CHART_MAX_TICKS];
    assert_int_equal(tourney_chart_ticks(&axis, false, ticks), 6);
    assert_string_equal(ticks[0].label, "\u2212200");
    assert_string_equal(ticks[1].label, "0");
    assert_string_equal(ticks[5].label, "800");
    /* One value: a unit either side. */
    axis = tourney_chart_axis_range(5.0, 5.0);
    assert_float_equal(axis.min, 4.0, 0.0);
    assert_float_equal(axis.max, 6.0, 0.0);
    axis = tourney_chart_axis_range(0.0, 400.0);
    assert_int_equal(tourney_chart_ticks(&axis, false, ticks), 5);
    assert_string_equal(ticks[4].label, "400");
    axis = tourney_chart_axis(nodes, 2, false);
    assert_int_equal(tourney_chart_ticks(&axis, false, ticks), 7);
    assert_string_equal(ticks[0].label, "0.1");
    assert_string_equal(ticks[6].label, "100k");
}

static void assert_rgb(struct rgb c, int r, int g, int b)
{
    assert_int_equal(c.r, r);
    assert_int_equal(c.g, g);
    assert_int_equal(c.b, b);
}

static void test_heat_colours(void **state)
{
    (void)state;
    assert_rgb(tourney_heat_colour(0.0), 178, 24, 43);
    assert_rgb(tourney_heat_colour(0.25), 239, 138, 98);
    assert_rgb(tourney_heat_colour(0.5), 247, 247, 247);
    assert_rgb(tourney_heat_colour(1.0), 33, 102, 172);
    /* Halfway between the first two stops, rounded half away from zero. */
    assert_rgb(tourney_heat_colour(0.125), 209, 81, 71);
    /* Out of range and NaN are clamped. */
    assert_rgb(tourney_heat_colour(-1.0), 178, 24, 43);
    assert_rgb(tourney_heat_colour(2.0), 33, 102, 172);
    assert_rgb(tourney_heat_colour(NAN), 178, 24, 43);
    /* Light text on the dark ends, dark text on the light middle. */
    assert_true(tourney_heat_needs_light_text(tourney_heat_colour(0.0)));
    assert_true(tourney_heat_needs_light_text(tourney_heat_colour(1.0)));
    assert_false(tourney_heat_needs_light_text(tourney_heat_colour(0.5)));
    assert_false(tourney_heat_needs_light_text(tourney_heat_colour(0.25)));
}

/* A record of a game between A (first) and B, without moves. */
static void bare_record(struct game_record *r, uint32_t index, uint32_t a, uint32_t b,
                        bool faulted)
{
    tourney_record_init(r);
    r->index = index;
    r->agent[0] = a;
    r->agent[1] = b;
    r->result = faulted ? RESULT_SECOND_WINS : RESULT_DRAW;
    if (faulted) {
        r->termination = TERMINATION_CRASH;
        r->fault_seat = 0;
        snprintf(r->reason, sizeof(r->reason), "killed by SIGSEGV at ply 0");
    }
}

static void test_game_sample(void **state)
{
    (void)state;
    /* Three agents, three pairings, six games at most: two per pairing. */
    struct game_sample sample;
    assert_int_equal(tourney_game_sample_init(&sample, 3, 3, 6), 0);
    assert_int_equal(sample.per_pair, 2);
    static const uint32_t pairs[10][2] = {{0, 1}, {0, 2}, {1, 2}, {1, 0}, {2, 0},
                                          {2, 1}, {0, 1}, {0, 2}, {1, 2}, {0, 1}};
    for (uint32_t i = 0; i < 10; i++) {
        struct game_record r;
        bare_record(&r, i, pairs[i][0], pairs[i][1], i == 6 || i == 8);
        assert_int_equal(tourney_game_sample_add(&sample, &r), 0);
    }
    /* Kept: the first two games of each pairing and the two faulted ones. */
    assert_int_equal(sample.offered, 10);
    assert_int_equal(sample.count, 8);
    size_t chosen[6];
    size_t count = 0;
    assert_int_equal(tourney_game_sample_select(&sample, chosen, &count), 0);
    /* Faulted 6 and 8 first, then the first game of every pairing (0, 1,
     * 2), then the second of the first pairing (3): in game order. */
    assert_int_equal(count, 6);
    static const uint32_t expected[6] = {0, 1, 2, 3, 6, 8};
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(sample.games[chosen[i]].index, expected[i]);
    }
    assert_string_equal(sample.games[chosen[4]].reason, "killed by SIGSEGV at ply 0");
    tourney_game_sample_finish(&sample);

    /* More faulted games than the limit: the first ones, and nothing else. */
    assert_int_equal(tourney_game_sample_init(&sample, 2, 1, 2), 0);
    for (uint32_t i = 0; i < 5; i++) {
        struct game_record r;
        bare_record(&r, i, 0, 1, true);
        assert_int_equal(tourney_game_sample_add(&sample, &r), 0);
    }
    assert_int_equal(tourney_game_sample_select(&sample, chosen, &count), 0);
    assert_int_equal(count, 2);
    assert_int_equal(sample.games[chosen[0]].index, 0);
    assert_int_equal(sample.games[chosen[1]].index, 1);
    tourney_game_sample_finish(&sample);
}

/* A header that describes a tournament on mnk with GAME_PARAMS. */
static void mnk_header(struct log_header *h, const char *path, const char *game_params)
{
    memset(h, 0, sizeof(*h));
    h->game = strdup("mnk");
    h->game_params = strdup(game_params);
    h->game_path = path ? strdup(path) : NULL;
    char digest[TOURNEY_DIGEST_HEX];
    assert_int_equal(tourney_digest_file(MNK_PATH, digest), 0);
    h->game_digest = strdup(digest);
}

static void test_log_game(void **state)
{
    (void)state;
    struct plugin_search nowhere = {0};
    struct error why;
    struct log_game game;
    struct log_header h;
    char *dirs[] = {(char *)TOURNEY_TEST_BUILD_ROOT};
    struct plugin_search search;
    assert_int_equal(tourney_plugin_search_init(&search, dirs, 1, NULL, NULL), 0);
    char *host = tourney_agent_host_path(TOURNEY_TEST_BUILD_ROOT "/tests/test-report_html");
    assert_non_null(host);

    /* Found by name along the search path, loaded by the agent host first,
     * with the log's parameters. */
    mnk_header(&h, "/nonexistent/mnk.so", "rows = 2, cols = 4, k = 2");
    assert_int_equal(tourney_log_game_open(&game, &h, &search, host, &why), 0);
    assert_string_equal(game.plugin.path, TOURNEY_TEST_BUILD_ROOT "/games/mnk.so");
    assert_string_equal(game.plugin.digest, h.game_digest);
    unsigned char position[512];
    assert_true(game.game.info.state_size <= sizeof(position));
    tourney_game_adapter_initial_state(&game.game, position);
    char text[256];
    assert_true(tourney_game_adapter_board_text(&game.game, position, text, sizeof(text)));
    assert_string_equal(text, ". . . .\n. . . .\n");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);

    /* The file the log names is never loaded, even with the right digest:
     * the log is data, and anyone can write one. */
    mnk_header(&h, MNK_PATH, "rows = 3, cols = 3, k = 3");
    assert_int_equal(tourney_log_game_open(&game, &h, &nowhere, NULL, &why), -1);
    assert_string_equal(why.text, "no game plugin 'mnk' found in no directory (the games were "
                                  "played with " MNK_PATH "; put its directory in "
                                  "TOURNEY_PLUGIN_PATH)");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);

    /* Not found at all; nor by a name that is a path. */
    mnk_header(&h, NULL, "rows = 3, cols = 3, k = 3");
    assert_int_equal(tourney_log_game_open(&game, &h, &nowhere, NULL, &why), -1);
    assert_string_equal(why.text, "no game plugin 'mnk' found in no directory");
    tourney_log_game_close(&game);
    free(h.game);
    h.game = strdup(MNK_PATH);
    assert_int_equal(tourney_log_game_open(&game, &h, &search, NULL, &why), -1);
    assert_string_equal(why.text,
                        "the log names its game '" MNK_PATH "', which is not a plugin's name");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);

    /* Another file than the one the log was played with. */
    mnk_header(&h, MNK_PATH, "rows = 3, cols = 3, k = 3");
    free(h.game_digest);
    h.game_digest = strdup("00000000000000000000000000000000");
    assert_int_equal(tourney_log_game_open(&game, &h, &search, host, &why), -1);
    assert_string_equal(why.text, TOURNEY_TEST_BUILD_ROOT "/games/mnk.so is not the game plugin "
                                                          "the log was played with (its digest "
                                                          "differs)");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);

    /* Parameters it does not know, or values it does not take. */
    mnk_header(&h, MNK_PATH, "rows = 3, speed = 2");
    assert_int_equal(tourney_log_game_open(&game, &h, &search, NULL, &why), -1);
    assert_string_equal(why.text, "the log's game parameters 'rows = 3, speed = 2' do not suit "
                                  "plugin 'mnk': no parameter 'speed'");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);
    mnk_header(&h, MNK_PATH, "rows = many");
    assert_int_equal(tourney_log_game_open(&game, &h, &search, NULL, &why), -1);
    assert_string_equal(why.text, "the log's game parameters 'rows = many' do not suit plugin "
                                  "'mnk': parameter rows has a bad value 'many'");
    tourney_log_game_close(&game);
    tourney_header_finish(&h);
    free(host);
    tourney_plugin_search_finish(&search);
}

/* ---- whole pages ---------------------------------------------------- */

/* Names and parameters that would break a page that did not escape them. */
static const struct report_agent agents[3] = {
    {"alpha", "alpha-plugin", "depth = 2", "org.example.alpha", "1.0"},
    {"b<&\"'>", "weird", "note = </script><!-- & \"quoted\"", NULL, "<b>&"},
    {"random", "random", "", NULL, NULL},
};
static const bool is_random[3] = {false, false, true};

struct small_tournament {
    struct stats stats;
    struct game_sample sample;
    struct plugin plugin;
    struct tourney_param_value params[3];
    struct game_adapter game;
    struct board_source board;
    struct tournament_settings settings;
    struct report_input input;
    struct report report;
};

/* A game of MOVES on 3x3, ending as the caller says. */
static void add_game(struct small_tournament *t, uint32_t index, uint32_t first, uint32_t second,
                     const int32_t *moves, size_t count, enum game_result result)
{
    struct game_record r;
    tourney_record_init(&r);
    r.index = index;
    r.agent[0] = first;
    r.agent[1] = second;
    r.result = result;
    for (size_t i = 0; i < count; i++) {
        struct move_record m = {.seat = (int32_t)(i % 2),
                                .move = moves[i],
                                .depth = (int32_t)(i % 3),
                                .nodes = 10 * (i + 1),
                                .time_ns = 250000 * (i + 1)};
        assert_int_equal(tourney_record_add_move(&r, &m), 0);
    }
    if (index == 1) {
        /* b, first, plays an illegal move at ply 3 and says why in its log. */
        r.termination = TERMINATION_ILLEGAL_MOVE;
        r.fault_seat = 0;
        snprintf(r.reason, sizeof(r.reason),
                 "move 4 is not legal at ply 3 <script>alert(1)</script>");
        tourney_record_add_log(&r, 0, 0, "oops </script><b>bold</b>");
    } else if (index == 3) {
        r.termination = TERMINATION_AGENT_ERROR;
        r.fault_seat = 1;
        snprintf(r.reason, sizeof(r.reason), "choose_move failed with status -3 at ply 1");
        tourney_record_set_output(&r, 1, "printed <&>\n", 12);
    }
    tourney_stats_add(&t->stats, &r);
    assert_int_equal(tourney_game_sample_add(&t->sample, &r), 0);
    tourney_record_finish(&r);
}

/* alpha beats b, b loses to alpha by an illegal move, alpha draws random,
 * and b loses to random by an error. With GAMES false, nothing is played;
 * with BOARDS false, the game plugin is missing. */
static void small_tournament(struct small_tournament *t, bool games, bool boards)
{
    memset(t, 0, sizeof(*t));
    assert_int_equal(tourney_stats_init(&t->stats, 3, is_random, 100000000), 0);
    assert_int_equal(tourney_game_sample_init(&t->sample, 3, 3, GAME_SAMPLE_LIMIT), 0);
    if (games) {
        static const int32_t win[] = {0, 3, 1, 4, 2};
        static const int32_t illegal[] = {4, 0, 8};
        static const int32_t draw[] = {0, 1, 2, 4, 3, 5, 7, 6, 8};
        static const int32_t error[] = {4};
        add_game(t, 0, 0, 1, win, 5, RESULT_FIRST_WINS);
        add_game(t, 1, 1, 0, illegal, 3, RESULT_SECOND_WINS);
        add_game(t, 2, 0, 2, draw, 9, RESULT_DRAW);
        add_game(t, 3, 2, 1, error, 1, RESULT_FIRST_WINS);
    }
    struct error err;
    t->board.note = "no game plugin 'mnk' found in /nowhere";
    if (boards) {
        assert_int_equal(tourney_plugin_open(&t->plugin, MNK_PATH, TOURNEY_KIND_GAME, &err), 0);
        size_t count = 0;
        const struct tourney_param_info *params = tourney_plugin_params(&t->plugin, &count);
        assert_int_equal(
            tourney_params_from_text(params, count, "rows = 3, cols = 3, k = 3", t->params, &err),
            0);
        assert_int_equal(tourney_game_adapter_init(&t->game, &t->plugin, t->params, &err), 0);
        t->board = (struct board_source){.game = &t->game};
    }
    tourney_settings_init(&t->settings);
    t->settings.name = strdup("unit <test>");
    assert_non_null(t->settings.name);
    t->settings.seed = 7;
    t->settings.games_per_pair = 2;
    t->settings.time_per_move_ns = UINT64_C(100000000);
    t->input = (struct report_input){
        .settings = &t->settings,
        .config_path = "a&b.ini",
        .game = "mnk",
        .game_params = "rows = 3, cols = 3, k = 3",
        .games_scheduled = 6,
        .agents = agents,
        .stats = &t->stats,
        .games = &t->sample,
        .board = &t->board,
    };
    assert_int_equal(tourney_report_init(&t->report, &t->input), 0);
}

static void finish_tournament(struct small_tournament *t)
{
    tourney_report_finish(&t->report);
    tourney_settings_finish(&t->settings);
    tourney_game_adapter_finish(&t->game);
    if (t->plugin.handle != NULL) {
        tourney_plugin_close(&t->plugin);
    }
    tourney_game_sample_finish(&t->sample);
    tourney_stats_finish(&t->stats);
}

static int write_page(const void *report, FILE *out)
{
    return tourney_report_write_html(report, out);
}

static int write_summary(const void *report, FILE *out)
{
    return tourney_report_write_json(report, out);
}

static size_t count_charts(const struct html_node *node)
{
    size_t count = 0;
    if (node->name != NULL && strcmp(node->name, "svg") == 0) {
        const char *class_name = html_attr(node, "class");
        count += class_name != NULL && strcmp(class_name, "chart") == 0;
    }
    for (size_t i = 0; i < node->child_count; i++) {
        count += count_charts(node->children[i]);
    }
    return count;
}

/* The replay data of a page, parsed. */
static json_t *replay_data(const struct html_node *root)
{
    const struct html_node *script = html_find(root, "id", "replay-data");
    assert_non_null(script);
    assert_string_equal(script->name, "script");
    assert_string_equal(html_attr(script, "type"), "application/json");
    /* Every '<' is escaped: nothing can end the element early. */
    assert_null(strchr(script->text, '<'));
    json_error_t error;
    json_t *data = json_loads(script->text, 0, &error);
    if (data == NULL) {
        print_error("replay data: %s at %d\n", error.text, error.position);
        fail();
    }
    return data;
}

/* Position PLY of GAME, rebuilt from its differences as the viewer does. */
static void position(json_t *game, size_t ply, char *text, size_t size)
{
    json_t *list = json_object_get(game, "p");
    assert_true(ply < json_array_size(list));
    snprintf(text, size, "%s", json_string_value(json_array_get(list, 0)));
    for (size_t i = 1; i <= ply; i++) {
        json_t *entry = json_array_get(list, i);
        if (json_is_string(entry)) {
            snprintf(text, size, "%s", json_string_value(entry));
            continue;
        }
        for (size_t k = 0; k + 1 < json_array_size(entry); k += 2) {
            size_t offset = (size_t)json_integer_value(json_array_get(entry, k));
            const char *run = json_string_value(json_array_get(entry, k + 1));
            assert_true(offset + strlen(run) < size);
            memcpy(text + offset, run, strlen(run));
        }
    }
}

static void assert_text_of(const struct html_node *root, const char *attribute, const char *value,
                           const char *expected)
{
    const struct html_node *node = html_find(root, attribute, value);
    assert_non_null(node);
    char *text = html_text(node);
    assert_string_equal(text, expected);
    free(text);
}

static void test_page_with_boards(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, true, true);
    char *page = capture(write_page, &t.report);
    char *summary_text = capture(write_summary, &t.report);
    json_t *summary = json_loads(summary_text, 0, NULL);
    assert_non_null(summary);
    struct html_node *root = html_parse_or_fail(page);

    /* Every figure equals summary.json's. Per agent: 15 in the standings
     * (rank, games, W, D, L, score, rating and its interval, win rate and
     * its interval, the two seats, against random), 11 in the faults
     * table (games and 10 faults), 3 in the ratings chart (the rating and
     * its interval's ends), its score at the end of its line, 6 in the
     * seats chart (W, D, L as first and as second), 4 in the time chart
     * and 1 in the nodes chart; the leader's score and rating at the top;
     * against random, alpha's and b's win rates; and the bins of the move
     * times that are not empty: alpha's moves of 250 us to 2.25 ms fill 5
     * powers of two (2^17 to 2^21 ns), b's 3 and random's 4. Per pair: 4
     * in each of the 6 heat map cells (W, D, L, score) and 15 in each of
     * the 3 Elo rows (games, distinct games, W, D, L, score, Elo, its
     * interval, LOS, 5 pentanomial counts). Of the whole file: games played and scheduled,
     * the mean, shortest and longest game, W, D, L of each seat, the 9
     * bins of game lengths from 1 to 9 plies, the 3 ways games ended
     * (normal, illegal_move, agent_error), and the Leader card's margin
     * with its interval and LOS ("leader"). */
    struct html_figures figures = html_compare_summary(root, summary);
    assert_int_equal(figures.agent_values,
                     3 * (15 + 11 + 3 + 1 + 6 + 4 + 1) + 2 + 2 + (5 + 3 + 4));
    assert_int_equal(figures.pair_values, 6 * 4 + 3 * 15);
    assert_int_equal(figures.summary_values, 2 + 3 + 6 + 9 + 3 + 4);
    /* The verdict the card shows, in summary.json: alpha first, its pair
     * with random drawn 1-1, and not surely ahead of b either. */
    json_t *leader = json_object_get(summary, "leader");
    assert_string_equal(json_string_value(json_object_get(leader, "agent")), "alpha");
    assert_string_equal(json_string_value(json_object_get(leader, "second")), "random");
    assert_true(json_is_false(json_object_get(leader, "separated")));
    assert_float_equal(json_number_value(json_object_get(leader, "los")), 0.5, 1e-12);
    assert_string_equal(json_string_value(json_object_get(leader, "los_from")), "pair");
    assert_float_equal(json_number_value(json_object_get(leader, "margin")), 0.0, 1e-9);
    assert_string_equal(json_string_value(json_object_get(leader, "margin_text")), "+0.0");
    assert_float_equal(json_number_value(json_object_get(leader, "margin_low")), -375.7, 0.05);
    assert_float_equal(json_number_value(json_object_get(leader, "margin_high")), 375.7, 0.05);
    char *tied = json_dumps(json_object_get(leader, "tied"), JSON_COMPACT);
    assert_string_equal(tied, "[\"alpha\",\"random\",\"b<&\\\"'>\"]");
    free(tied);
    /* Null in both: random's rate against random, the Elo and the upper
     * end of the interval of the two pairs one side won every game of (the
     * lower end is a number: a score test bounds it). b's rating is a
     * number although it never scored: the ratings' prior keeps it finite. */
    assert_int_equal(figures.nulls, 1 + 2 * 2);

    /* User text survives as text. */
    /* b's standings row: rank, name, plugin, parameters, 3 games, 0-0-3,
     * score 0, its finite rating with its interval, the ranks whose
     * intervals overlap it (1 and 2), win rate 0, the interval
     * [0, z^2 / (3 + z^2)], and 0 as first, as second and against random. */
    assert_text_of(root, "data-agent", "b<&\"'>",
                   "3b<&\"'>0.0\u2212324.1[\u2212813.1, +164.9]1,230\u20130\u201330.0"
                   "[0.0, 56.1]0.00.00.0");
    assert_non_null(strstr(page, "<code>weird</code> (version &lt;b&gt;&amp;): note = "
                                 "&lt;/script&gt;&lt;!-- &amp; &quot;quoted&quot;</div></td>"));
    assert_non_null(strstr(page, "<code>alpha-plugin</code> (org.example.alpha 1.0): depth = 2"));
    assert_non_null(strstr(page, "<title>unit &lt;test&gt;: tournament report</title>"));
    assert_non_null(strstr(page, "<dd>a&amp;b.ini</dd>"));
    assert_null(strstr(page, "<script>alert"));

    /* Nine charts, as the footer tells the page's script. */
    assert_int_equal(count_charts(root), 9);
    assert_string_equal(html_attr(html_find(root, "id", "page-facts"), "data-charts"), "9");
    static const char *const charts[] = {"chart-ratings", "chart-convergence",    "chart-seats",
                                         "chart-lengths", "chart-time-histogram", "chart-time",
                                         "chart-nodes",   "chart-vs-random",      "chart-endings"};
    for (size_t i = 0; i < sizeof(charts) / sizeof(charts[0]); i++) {
        assert_non_null(html_find(root, "id", charts[i]));
    }
    /* The time chart marks the budget per move, 100 ms: the log axis runs
     * from 100 us at x 16 by 89.3 a decade, so 100 ms falls at 284. */
    assert_non_null(
        strstr(page, " The dashed line marks the budget per move (time_per_move_ms).</p>"));
    assert_non_null(strstr(page, "<g class=\"mark\"><line x1=\"284.0\" y1=\"24.0\" x2=\"284.0\" "
                                 "y2=\"246.0\"/><text class=\"mark-label\" x=\"281.0\" "
                                 "y=\"34.0\" text-anchor=\"end\">budget 100 ms</text></g>"));
    /* The histograms mark it too, at the 100 ms tick of their axis. */
    assert_non_null(strstr(page, "and the line marks its median. The dashed line marks the budget "
                                 "per move (time_per_move_ms).</p>"));
    assert_non_null(strstr(page, "<g class=\"mark\"><line x1=\"330.1\" y1=\"4.0\" x2=\"330.1\" "
                                 "y2=\"154.0\"/><text class=\"mark-label\" x=\"327.1\" "
                                 "y=\"14.0\" text-anchor=\"end\">budget 100 ms</text></g>"));
    /* A budget of a day, far above every move: both axes stretch to reach
     * it, so the line falls inside them (which end at x 344 and 284), not
     * clamped to their ends. */
    t.settings.time_per_move_ns = UINT64_C(86400000000000);
    char *a_day = capture(write_page, &t.report);
    assert_non_null(strstr(a_day, "<g class=\"mark\"><line x1=\"336.3\" y1=\"4.0\" "
                                  "x2=\"336.3\" y2=\"154.0\"/><text class=\"mark-label\" "
                                  "x=\"333.3\" y=\"14.0\" text-anchor=\"end\">budget 86400 "
                                  "s</text></g>"));
    assert_non_null(strstr(a_day, "<g class=\"mark\"><line x1=\"282.1\" y1=\"24.0\" "
                                  "x2=\"282.1\" y2=\"246.0\"/><text class=\"mark-label\" "
                                  "x=\"279.1\" y=\"34.0\" text-anchor=\"end\">budget 86400 "
                                  "s</text></g>"));
    free(a_day);
    t.settings.time_per_move_ns = UINT64_C(100000000);
    /* On a clock no one budget applies to every move: no mark, and the
     * note says why. */
    t.settings.time_control = strdup("10+0.1");
    assert_non_null(t.settings.time_control);
    char *on_clock = capture(write_page, &t.report);
    assert_null(strstr(on_clock, "class=\"mark\""));
    assert_non_null(strstr(on_clock, " No line marks a budget: on a clock each move's time "
                                     "depends on the clock left.</p>"));
    free(on_clock);
    free(t.settings.time_control);
    t.settings.time_control = NULL;
    /* The key figures: the leader, and how games ended. alpha leads on
     * score, but drew its pair with random 1-1 (LOS 50%) and is not surely
     * ahead of b either: the card says the three are tied, by how much
     * alpha leads the second, and that the games do not separate them. */
    assert_text_of(root, "class", "kpi leader",
                   "LeaderTied: alpha, random, b<&\"'>alpha ahead of random by +0.0 Elo "
                   "[\u2212375.7, +375.7], LOS 50.0% (their games): the games do not separate "
                   "them \u00b7 83.3% score, Elo +22.7");
    assert_string_equal(html_attr(html_find(root, "class", "kpi leader"), "data-separated"),
                        "false");

    /* The games, with their moves named and their positions. */
    assert_non_null(strstr(page, "All 4 games (2 lost by a fault)."));
    /* Results with an en dash, a draw in halves. */
    assert_non_null(strstr(page, "<td>1\u20130</td>"));
    assert_non_null(strstr(page, "<td>\u00bd\u2013\u00bd</td>"));
    json_t *data = replay_data(root);
    assert_true(json_is_true(json_object_get(data, "boards")));
    assert_string_equal(json_string_value(json_array_get(json_object_get(data, "agents"), 1)),
                        "b<&\"'>");
    json_t *games = json_object_get(data, "games");
    assert_int_equal(json_array_size(games), 4);
    json_t *first = json_array_get(games, 0);
    char *moves = json_dumps(json_object_get(first, "m"), JSON_COMPACT);
    assert_string_equal(moves, "[\"a1\",\"a2\",\"b1\",\"b2\",\"c1\"]");
    free(moves);
    assert_string_equal(json_string_value(json_object_get(first, "s")), "01010");
    assert_int_equal(json_array_size(json_object_get(first, "p")), 6);
    char board[64];
    position(first, 0, board, sizeof(board));
    assert_string_equal(board, ". . .\n. . .\n. . .\n");
    position(first, 5, board, sizeof(board));
    assert_string_equal(board, "x x x\no o .\n. . .\n");
    /* One changed cell per ply: [offset, "mark"]. */
    char *diff = json_dumps(json_array_get(json_object_get(first, "p"), 2), JSON_COMPACT);
    assert_string_equal(diff, "[6,\"o\"]");
    free(diff);
    json_t *faulted = json_array_get(games, 1);
    assert_string_equal(json_string_value(json_object_get(faulted, "t")), "illegal_move");
    assert_int_equal(json_integer_value(json_object_get(faulted, "f")), 0);
    assert_string_equal(json_string_value(json_object_get(faulted, "why")),
                        "move 4 is not legal at ply 3 <script>alert(1)</script>");
    char *log = json_dumps(json_object_get(faulted, "log"), JSON_COMPACT);
    assert_string_equal(log, "[[0,3,\"error\",\"oops </script><b>bold</b>\"]]");
    free(log);
    json_t *errored = json_array_get(games, 3);
    assert_string_equal(json_string_value(json_array_get(json_object_get(errored, "out"), 1)),
                        "printed <&>\n");
    assert_true(json_is_null(json_object_get(json_array_get(games, 2), "f")));

    json_decref(data);
    html_free(root);
    json_decref(summary);
    free(summary_text);
    free(page);
    finish_tournament(&t);
}

/* The page's budget for positions: once spent, games keep their named
 * moves but lose their boards. */
static void test_position_budget(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, true, true);
    size_t chosen[GAME_SAMPLE_LIMIT];
    size_t count = 0;
    assert_int_equal(tourney_game_sample_select(&t.sample, chosen, &count), 0);
    assert_int_equal(count, 4);
    const char *names[3] = {agents[0].name, agents[1].name, agents[2].name};
    /* The 18 bytes of the empty 3x3 board, then 8 for each changed cell:
     * the start and two plies of game 0, nothing of the others. */
    json_t *data =
        tourney_replay_data(&t.sample, chosen, count, names, 3, &t.board, 18 + 2 * 8, NULL);
    assert_non_null(data);
    json_t *games = json_object_get(data, "games");
    assert_int_equal(json_array_size(json_object_get(json_array_get(games, 0), "p")), 3);
    for (size_t i = 1; i < 4; i++) {
        assert_int_equal(json_array_size(json_object_get(json_array_get(games, i), "p")), 0);
    }
    char *moves = json_dumps(json_object_get(json_array_get(games, 1), "m"), JSON_COMPACT);
    assert_string_equal(moves, "[\"b2\",\"a1\",\"c3\"]");
    free(moves);
    json_decref(data);
    finish_tournament(&t);
}

/* Games from openings: the boards start from the opening, from its plies
 * where they are known and legal, else from its position read by the game;
 * "o" names the opening; a game from the initial position has none. */
static void test_replay_from_openings(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, false, true);
    struct game_sample sample;
    assert_int_equal(tourney_game_sample_init(&sample, 3, 3, 4), 0);
    static const int32_t plies[2] = {0, 4};
    static const int32_t illegal[2] = {0, 0};
    struct {
        const char *position;
        const int32_t *plies;
        int32_t count;
    } openings[4] = {
        {"x . . / . o . / . . .", plies, 2},
        {"x . . / . o . / . . x", NULL, -1},
        {NULL, illegal, 2},
        {NULL, NULL, -1},
    };
    for (uint32_t i = 0; i < 4; i++) {
        struct game_record r;
        bare_record(&r, i, i % 3, (i + 1) % 3, false);
        struct move_record move = {.seat = 0, .move = 2};
        assert_int_equal(tourney_record_add_move(&r, &move), 0);
        if (openings[i].position != NULL || openings[i].count >= 0) {
            assert_int_equal(tourney_record_opening_set(&r.opening, openings[i].position,
                                                        openings[i].plies, openings[i].count),
                             0);
        }
        assert_int_equal(tourney_game_sample_add(&sample, &r), 0);
        tourney_record_finish(&r);
    }
    size_t chosen[4];
    size_t count = 0;
    assert_int_equal(tourney_game_sample_select(&sample, chosen, &count), 0);
    assert_int_equal(count, 4);
    const char *names[3] = {agents[0].name, agents[1].name, agents[2].name};
    json_t *data = tourney_replay_data(&sample, chosen, count, names, 3, &t.board,
                                       REPLAY_POSITION_BUDGET, NULL);
    assert_non_null(data);
    json_t *games = json_object_get(data, "games");
    char board[64];
    /* Plies known: named, and played. */
    json_t *game = json_array_get(games, 0);
    assert_string_equal(json_string_value(json_object_get(game, "o")), "a1 b2");
    assert_int_equal(json_array_size(json_object_get(game, "p")), 2);
    position(game, 0, board, sizeof(board));
    assert_string_equal(board, "x . .\n. o .\n. . .\n");
    position(game, 1, board, sizeof(board));
    assert_string_equal(board, "x . x\n. o .\n. . .\n");
    /* Only the position: shown as it is, read by the game. */
    game = json_array_get(games, 1);
    assert_string_equal(json_string_value(json_object_get(game, "o")), "x . . / . o . / . . x");
    position(game, 0, board, sizeof(board));
    assert_string_equal(board, "x . .\n. o .\n. . x\n");
    /* Plies the game refuses and no position: named, but no boards. */
    game = json_array_get(games, 2);
    assert_string_equal(json_string_value(json_object_get(game, "o")), "a1 a1");
    assert_int_equal(json_array_size(json_object_get(game, "p")), 0);
    /* From the initial position. */
    game = json_array_get(games, 3);
    assert_null(json_object_get(game, "o"));
    position(game, 0, board, sizeof(board));
    assert_string_equal(board, ". . .\n. . .\n. . .\n");
    json_decref(data);
    tourney_game_sample_finish(&sample);
    finish_tournament(&t);
}

static void test_page_without_boards(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, true, false);
    char *page = capture(write_page, &t.report);
    struct html_node *root = html_parse_or_fail(page);
    assert_non_null(strstr(page, " Boards are not drawn: no game plugin &#39;mnk&#39; found in "
                                 "/nowhere; moves are the game's move numbers."));
    json_t *data = replay_data(root);
    assert_true(json_is_false(json_object_get(data, "boards")));
    json_t *first = json_array_get(json_object_get(data, "games"), 0);
    assert_null(json_object_get(first, "p"));
    char *moves = json_dumps(json_object_get(first, "m"), JSON_COMPACT);
    assert_string_equal(moves, "[\"0\",\"3\",\"1\",\"4\",\"2\"]");
    free(moves);
    json_decref(data);
    html_free(root);
    free(page);
    finish_tournament(&t);
}

static void test_page_without_games(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, false, true);
    char *page = capture(write_page, &t.report);
    char *summary_text = capture(write_summary, &t.report);
    json_t *summary = json_loads(summary_text, 0, NULL);
    struct html_node *root = html_parse_or_fail(page);
    /* Without games the rates are null: score, win rate, the seats and
     * against random, for each agent; the time and nodes charts show
     * zeros, and the only way games ended, normal, none. */
    struct html_figures figures = html_compare_summary(root, summary);
    assert_int_equal(figures.agent_values, 3 * (13 + 11 + 4 + 1));
    assert_int_equal(figures.pair_values, 0);
    assert_int_equal(figures.summary_values, 2 + 1);
    assert_int_equal(figures.nulls, 3 * 5 + 3 * 3); /* and the unknown ratings */
    assert_non_null(strstr(page, "<p class=\"note\">No games to show.</p>"));
    assert_non_null(strstr(page, "No agent played against an entrant of the random plugin"));
    assert_non_null(strstr(page, "No pair has played yet."));
    assert_non_null(strstr(page, "No agent has a rating yet"));
    assert_non_null(strstr(page, "No games yet, so no scores to follow."));
    assert_non_null(strstr(page, "No moves yet."));
    assert_int_equal(count_charts(root), 3);
    assert_null(html_find(root, "id", "replay-data"));
    html_free(root);
    json_decref(summary);
    free(summary_text);
    free(page);
    finish_tournament(&t);
}

/* PAGE without the first occurrence of CUT (free it). */
static char *without(const char *page, const char *cut)
{
    const char *at = strstr(page, cut);
    assert_non_null(at);
    size_t head = (size_t)(at - page);
    char *out = malloc(strlen(page) - strlen(cut) + 1);
    assert_non_null(out);
    memcpy(out, page, head);
    strcpy(out + head, at + strlen(cut));
    return out;
}

/* The element below NODE with data-list, of AGENT. */
static const struct html_node *list_of(const struct html_node *node, const char *agent)
{
    const char *name = node->name != NULL ? html_attr(node, "data-agent") : NULL;
    if (name != NULL && strcmp(name, agent) == 0 && html_attr(node, "data-list") != NULL) {
        return node;
    }
    for (size_t i = 0; i < node->child_count; i++) {
        const struct html_node *hit = list_of(node->children[i], agent);
        if (hit != NULL) {
            return hit;
        }
    }
    return NULL;
}

/* An exact analysis of the small tournament, made by hand: alpha made no
 * blunder, b two at ply 3 and one at ply 5, random one at ply 3 and four
 * at ply 9 (by ply, then agent, as report_analysis.h keeps them). */
static struct agent_grades blunder_grades[3] = {
    {.games = 3, .moves = 9, .graded = 9, .best = 9, .perfect_games = 3},
    {.games = 3,
     .moves = 5,
     .graded = 5,
     .best = 2,
     .blunders = 3,
     .games_with_blunder = 2,
     .first_blunder_plies = 8},
    {.games = 2,
     .moves = 5,
     .graded = 5,
     .blunders = 5,
     .slower = 0,
     .games_with_blunder = 2,
     .first_blunder_plies = 12},
};
static struct ply_blunders blunder_plies[4] = {
    {.ply = 3, .agent = 1, .count = 2},
    {.ply = 3, .agent = 2, .count = 1},
    {.ply = 5, .agent = 1, .count = 1},
    {.ply = 9, .agent = 2, .count = 4},
};

/* report.html's blunders by ply: a strip per agent on one ply axis, every
 * bar's ply and count keyed by its place in the agent's blunders_by_ply of
 * summary.json, each strip holding the whole list; the same figures as a
 * table; and nothing of it in a page without the analysis. */
static void test_page_with_blunders(void **state)
{
    (void)state;
    struct small_tournament t;
    small_tournament(&t, true, false);
    char *plain_page = capture(write_page, &t.report);
    char *plain_summary = capture(write_summary, &t.report);
    json_t *summary = json_loads(plain_summary, 0, NULL);
    struct html_node *root = html_parse_or_fail(plain_page);
    struct html_figures plain = html_compare_summary(root, summary);
    assert_int_equal(plain.list_items, 0);
    assert_null(strstr(plain_page, "lunder"));
    html_free(root);
    json_decref(summary);

    struct report_analysis analysis = {.agent_count = 3,
                                       .grades = blunder_grades,
                                       .by_ply = blunder_plies,
                                       .by_ply_count = 4,
                                       .games = 4,
                                       .budget = 1000};
    t.input.grades = &analysis;
    char *page = capture(write_page, &t.report);
    char *summary_text = capture(write_summary, &t.report);
    summary = json_loads(summary_text, 0, NULL);
    assert_non_null(summary);
    root = html_parse_or_fail(page);
    /* Beside the plain page's: 2 figures per agent in the accuracy chart,
     * 2 per bar (its ply and its count) of the 4 bars, and each agent's
     * blunders in the table; the 3 strips give their lists whole, 0, 2 and
     * 2 items. */
    struct html_figures figures = html_compare_summary(root, summary);
    assert_int_equal(figures.agent_values, plain.agent_values + 3 * 2 + 4 * 2 + 3);
    assert_int_equal(figures.list_items, 4);
    assert_int_equal(count_charts(root), 11);
    assert_string_equal(html_attr(html_find(root, "id", "page-facts"), "data-charts"), "11");
    assert_non_null(strstr(page, "<li><a href=\"#blunders\">Blunders by ply</a></li>"));
    assert_non_null(strstr(page, "<svg class=\"chart\" id=\"chart-blunders\" viewBox=\"0 0 360 "
                                 "194\" role=\"img\" aria-labelledby=\"chart-blunders-title\">"
                                 "<title id=\"chart-blunders-title\">Each agent&#39;s blunders "
                                 "by the ply they were made at</title>"));
    assert_non_null(strstr(page, "Every bar is on one scale, the tallest 4 blunders.</p>"));
    /* Plies 1 to 9 (the longest game), a slot of 328 / 9 each from x 16:
     * ply 1 at 34.2, every second labelled. Agents in rank order (alpha,
     * random, b), 50 apart; the tallest bar, 4 blunders, 26 high; b's 2
     * blunders at ply 3 centred at 107.1, half as tall, on its base at 146. */
    assert_non_null(strstr(page, "<text class=\"tick\" x=\"34.2\" y=\"168.0\" text-anchor=\""
                                 "middle\">1</text><line x1=\"70.7\" y1=\"4.0\" x2=\"70.7\" "
                                 "y2=\"154.0\"/><text class=\"tick\" x=\"70.7\" y=\"168.0\" "
                                 "text-anchor=\"middle\">2</text><line x1=\"143.6\""));
    assert_non_null(strstr(page, "<g class=\"row\" data-agent=\"alpha\" data-list=\"analysis."
                                 "blunders_by_ply\"><text class=\"label\" x=\"16.0\" y=\"16.0\">"
                                 "alpha: no blunders</text><line class=\"base\" x1=\"16.0\" "
                                 "y1=\"46.0\" x2=\"344.0\" y2=\"46.0\"/></g>"));
    assert_non_null(strstr(page, "<g data-key=\"analysis.blunders_by_ply.1.ply\" data-value=\"9\">"
                                 "<rect class=\"bar loss\" x=\"308.1\" y=\"70.0\" width=\"35.4\" "
                                 "height=\"26.0\" data-key=\"analysis.blunders_by_ply.1.count\" "
                                 "data-value=\"4\"><title>random: 4 blunders at ply 9</title>"));
    const char *b_bar = "<g data-key=\"analysis.blunders_by_ply.1.ply\" data-value=\"5\"><rect "
                        "class=\"bar loss\" x=\"162.3\" y=\"139.5\" width=\"35.4\" "
                        "height=\"6.5\" data-key=\"analysis.blunders_by_ply.1.count\" "
                        "data-value=\"1\"><title>b&lt;&amp;&quot;&#39;&gt;: 1 blunder at ply "
                        "5</title></rect></g>";
    assert_non_null(strstr(page, "<g class=\"row\" data-agent=\"b&lt;&amp;&quot;&#39;&gt;\" "
                                 "data-list=\"analysis.blunders_by_ply\"><text class=\"label\" "
                                 "x=\"16.0\" y=\"116.0\">b&lt;&amp;&quot;&#39;&gt;: 3 blunders"
                                 "</text><line class=\"base\" x1=\"16.0\" y1=\"146.0\" "
                                 "x2=\"344.0\" y2=\"146.0\"/><g data-key=\"analysis.blunders_by_"
                                 "ply.0.ply\" data-value=\"3\"><rect class=\"bar loss\" "
                                 "x=\"89.4\" y=\"133.0\" width=\"35.4\" height=\"13.0\""));
    assert_non_null(strstr(page, b_bar));
    /* The table, for readers who do not see the drawing. */
    assert_text_of(root, "class", "blunders",
                   "agentblundersat ply (how many, when more than one)\nalpha0\u2013\n"
                   "random53, 9 (4)\nb<&\"'>33 (2), 5\n");

    /* The check sees a bar left out: b's strip without its bar of ply 5
     * lacks item 1 of b's list. */
    json_t *b = summary_agent(summary, "b<&\"'>");
    char missing[160] = "";
    const struct html_node *strip = list_of(root, "b<&\"'>");
    assert_non_null(strip);
    assert_true(html_list_whole(strip, b, missing, sizeof(missing)));
    char *cut = without(page, b_bar);
    struct html_node *cut_root = html_parse_or_fail(cut);
    const struct html_node *cut_strip = list_of(cut_root, "b<&\"'>");
    assert_non_null(cut_strip);
    assert_false(html_list_whole(cut_strip, b, missing, sizeof(missing)));
    assert_string_equal(missing, "analysis.blunders_by_ply.1");
    html_free(cut_root);
    free(cut);

    /* No blunder at all: a sentence instead of the chart. */
    analysis.by_ply_count = 0;
    blunder_grades[1].blunders = 0;
    blunder_grades[2].blunders = 0;
    char *none = capture(write_page, &t.report);
    assert_non_null(strstr(none, "<p class=\"note\">No agent shown made a blunder in its graded "
                                 "moves.</p>\n</section>"));
    assert_null(strstr(none, "chart-blunders"));
    free(none);
    blunder_grades[1].blunders = 3;
    blunder_grades[2].blunders = 5;

    html_free(root);
    json_decref(summary);
    free(summary_text);
    free(page);
    free(plain_summary);
    free(plain_page);
    finish_tournament(&t);
}

/* The strict reader refuses what a careless writer would produce. */
static void test_checker_refuses(void **state)
{
    (void)state;
    static const struct {
        const char *page;
        const char *error;
    } cases[] = {
        {"<html><head><title>t</title></head><body></body></html>",
         "line 1: the page does not start with <!DOCTYPE html>"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p>a</b></body></html>",
         "line 1: </b> closes <p>"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p>a < b</p></body></html>",
         "line 1: '<' that starts no tag"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body>\n<p>a & b</p></body></html>",
         "line 2: a bare '&' or an unknown character reference: & b</p></bod"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p class=x>a</p></body>"
         "</html>",
         "line 1: attribute class of <p> is not in double quotes"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><div/></body></html>",
         "line 1: <div/> closes itself outside <svg>"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><script>a</script>b"
         "</script></body></html>",
         "line 1: </script> closes <body>"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p>a > b</p></body></html>",
         "line 1: a bare '>' in text"},
        {"<!DOCTYPE html><html><head></head><body></body></html>",
         "line 1: 1 html, 1 head, 1 body and 0 title elements: expected one each"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p id=\"a\"></p>"
         "<p id=\"a\"></p></body></html>",
         "line 1: id 'a' used twice"},
        {"<!DOCTYPE html><html><head><title>t</title></head><body><p>", "line 1: <p> is never "
                                                                        "closed"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char error[512] = "";
        assert_null(html_parse(cases[i].page, error, sizeof(error)));
        assert_string_equal(error, cases[i].error);
    }
    char error[512] = "";
    struct html_node *root = html_parse(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>"
        "<svg><title>s</title><line x1=\"0\"/></svg><p hidden>&lt;&#233;&#x41;</p></body></html>",
        error, sizeof(error));
    assert_non_null(root);
    assert_text_of(root, "hidden", NULL,
                   "<\xC3\xA9"
                   "A");
    html_free(root);
}

/* ---- large fields --------------------------------------------------- */

/* A field of COUNT agents named a0, a1, ... where the first PLAYING play a
 * round robin of two games a pair, a few moves each: the lower index wins
 * as first player, the second game is drawn. */
struct field {
    struct report_agent *agents;
    char (*names)[16];
    bool *is_random;
    struct stats stats;
    struct tournament_settings settings;
    struct report_input input;
    struct report report;
};

static void make_field(struct field *f, size_t count, size_t playing)
{
    memset(f, 0, sizeof(*f));
    f->agents = calloc(count, sizeof(*f->agents));
    f->names = calloc(count, sizeof(*f->names));
    f->is_random = calloc(count, sizeof(*f->is_random));
    assert_non_null(f->agents);
    assert_non_null(f->names);
    assert_non_null(f->is_random);
    for (size_t i = 0; i < count; i++) {
        snprintf(f->names[i], sizeof(f->names[i]), "a%zu", i);
        f->agents[i] = (struct report_agent){f->names[i], "first-open", "", NULL, NULL};
    }
    assert_int_equal(tourney_stats_init(&f->stats, count, f->is_random, 100000000), 0);
    uint32_t index = 0;
    for (uint32_t a = 0; a < playing; a++) {
        for (uint32_t b = a + 1; b < playing; b++) {
            for (int k = 0; k < 2; k++) {
                struct game_record r;
                tourney_record_init(&r);
                r.index = index++;
                r.agent[0] = k ? b : a;
                r.agent[1] = k ? a : b;
                r.result = k ? RESULT_DRAW : RESULT_FIRST_WINS;
                for (size_t i = 0; i < 3 + r.index % 5; i++) {
                    struct move_record m = {.seat = (int32_t)(i % 2),
                                            .move = (int32_t)i,
                                            .nodes = 1 + i,
                                            .time_ns = 1000 * (1 + r.index % 97)};
                    assert_int_equal(tourney_record_add_move(&r, &m), 0);
                }
                tourney_stats_add(&f->stats, &r);
                tourney_record_finish(&r);
            }
        }
    }
    tourney_settings_init(&f->settings);
    f->settings.name = strdup("field");
    f->settings.games_per_pair = 2;
    f->input = (struct report_input){
        .settings = &f->settings,
        .config_path = "field.ini",
        .game = "mnk",
        .game_params = "",
        .games_scheduled = index,
        .agents = f->agents,
        .stats = &f->stats,
    };
    assert_int_equal(tourney_report_init(&f->report, &f->input), 0);
}

static void finish_field(struct field *f)
{
    tourney_report_finish(&f->report);
    tourney_settings_finish(&f->settings);
    tourney_stats_finish(&f->stats);
    free(f->agents);
    free(f->names);
    free(f->is_random);
}

/* The bytes of the page's drawings, <svg> to </svg>. */
static size_t svg_bytes(const char *page)
{
    size_t total = 0;
    size_t at = 0;
    const char *open = NULL;
    while ((open = strstr(page + at, "<svg")) != NULL) {
        const char *end = strstr(open, "</svg>");
        assert_non_null(end);
        total += (size_t)(end - open) + 6;
        at = (size_t)(end - page) + 6;
    }
    return total;
}

/* The elements with data-agent below NODE. */
static size_t agents_in_children(const struct html_node *node)
{
    size_t count = 0;
    for (size_t i = 0; i < node->child_count; i++) {
        count +=
            node->children[i]->name != NULL && html_attr(node->children[i], "data-agent") != NULL;
        count += agents_in_children(node->children[i]);
    }
    return count;
}

/* The rows with data-agent inside the element of id ID. */
static size_t agents_in(const struct html_node *root, const char *id)
{
    const struct html_node *node = html_find(root, "id", id);
    assert_non_null(node);
    return agents_in_children(node);
}

/* A field of 40 shows whole where a chart has a row per agent, and its 12
 * or 8 best placed where a chart has more than a bar per agent; the page
 * still matches summary.json. */
static void test_field_of_40(void **state)
{
    (void)state;
    struct field f;
    make_field(&f, 40, 40);
    char *page = capture(write_page, &f.report);
    char *summary_text = capture(write_summary, &f.report);
    json_t *summary = json_loads(summary_text, 0, NULL);
    assert_non_null(summary);
    struct html_node *root = html_parse_or_fail(page);
    struct html_figures figures = html_compare_summary(root, summary);
    assert_int_equal(figures.pair_values, 40 * 39 * 4 + 40 * 39 / 2 * 15);
    assert_int_equal(agents_in(root, "chart-ratings"), 40);
    assert_int_equal(agents_in(root, "chart-nodes"), 40);
    assert_int_equal(agents_in(root, "chart-time"), 12);
    assert_int_equal(agents_in(root, "chart-seats"), 12);
    assert_int_equal(agents_in(root, "chart-time-histogram"), 12);
    assert_int_equal(agents_in(root, "chart-convergence"), 8);
    assert_non_null(strstr(page, "<p class=\"note top\">Lines of the 8 best placed of 40 "
                                 "agents.</p>"));
    assert_null(strstr(page, "Ratings of the"));
    /* 1,560 games: a checkpoint every 32 games, 48 of them and the last
     * game's. */
    assert_int_equal(f.stats.history.every, 32);
    assert_int_equal(tourney_stats_history_length(&f.stats), 49);
    assert_non_null(strstr(page, "after every 32 games of the tournament"));
    html_free(root);
    json_decref(summary);
    free(summary_text);
    free(page);
    finish_field(&f);
}

/* A field of a thousand: every chart and table shows the best placed 40 at
 * most, and says so; the drawings stay small. */
static void test_field_of_1000(void **state)
{
    (void)state;
    struct field f;
    make_field(&f, 1000, 50);
    char *page = capture(write_page, &f.report);
    struct html_node *root = html_parse_or_fail(page);
    assert_int_equal(agents_in(root, "chart-ratings"), 40);
    assert_int_equal(agents_in(root, "chart-convergence"), 8);
    assert_non_null(strstr(page, "<p class=\"note top\">Ratings of the 40 best placed of 1,000 "
                                 "agents.</p>"));
    assert_non_null(strstr(page, "Rows and columns of the 40 best placed of 1,000 agents."));
    assert_non_null(strstr(page, "Pairs of the 40 best placed of 1,000 agents."));
    /* The standings and faults tables show the best placed 100 (results.csv
     * and summary.json have every agent), and the drawings stay small. */
    const struct html_node *standings = html_find(root, "class", "standings");
    assert_non_null(standings);
    assert_int_equal(agents_in_children(standings), 100);
    assert_non_null(strstr(page, "<p class=\"note top\">Rows of the 100 best placed of 1,000 "
                                 "agents.</p>"));
    assert_null(strstr(page, "data-agent=\"a999\""));
    size_t svg = svg_bytes(page);
    assert_true(svg < 200 * 1024);
    html_free(root);
    free(page);
    finish_field(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_chart_axis),
        cmocka_unit_test(test_field_of_40),
        cmocka_unit_test(test_field_of_1000),
        cmocka_unit_test(test_heat_colours),
        cmocka_unit_test(test_game_sample),
        cmocka_unit_test(test_log_game),
        cmocka_unit_test(test_page_with_boards),
        cmocka_unit_test(test_position_budget),
        cmocka_unit_test(test_replay_from_openings),
        cmocka_unit_test(test_page_without_boards),
        cmocka_unit_test(test_page_without_games),
        cmocka_unit_test(test_page_with_blunders),
        cmocka_unit_test(test_checker_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
