/*
 * The results log's header: the text of its settings digest and its JSON are
 * pinned to what logs have always held (logs written before must still
 * resume and merge), it reads back to the same settings, and two headers
 * are told apart by the setting that differs.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log_header.h"

/* A fixed tournament: a round-robin with no test, or (GAUNTLET) a gauntlet
 * with a sequential test, another anchor and a shard. */
static void fill(struct log_header *h, bool gauntlet)
{
    memset(h, 0, sizeof(*h));
    tourney_settings_init(&h->settings);
    struct tournament_settings *s = &h->settings;
    s->name = strdup("pinned");
    s->seed = gauntlet ? UINT64_MAX : 20261122;
    s->games_per_pair = 40;
    s->time_per_move_ns = UINT64_C(250000000);
    if (gauntlet) {
        s->format = FORMAT_GAUNTLET;
        s->gauntlet_agent = strdup("alpha");
        s->sprt = (struct sprt_settings){true, -10.0, 40.5, 0.05, 0.1, SPRT_LOGISTIC};
        s->rating_anchor = ANCHOR_MEAN;
        h->shard = (struct shard){.index = 1, .count = 4};
    }
    h->version = strdup("0.1.0");
    h->config_path = strdup("config/pinned.ini");
    h->game = strdup("mnk");
    h->game_params = strdup("rows = 3, cols = 3, k = 3");
    h->game_digest = strdup("00112233445566778899aabbccddeeff");
    h->game_path = gauntlet ? NULL : strdup("/opt/games/mnk.so");
    h->games_scheduled = 80;
    h->agents = calloc(2, sizeof(*h->agents));
    assert_non_null(h->agents);
    h->agent_count = 2;
    h->agents[0] = (struct header_agent){.name = strdup("alpha"),
                                         .plugin = strdup("minimax"),
                                         .params = strdup("depth = 2, tie_break = lowest"),
                                         .digest = strdup("ffeeddccbbaa99887766554433221100")};
    h->agents[1] = (struct header_agent){.name = strdup("beta"),
                                         .plugin = strdup("random"),
                                         .params = strdup(""),
                                         .digest = strdup("0123456789abcdef0123456789abcdef"),
                                         .is_random = true};
    assert_int_equal(tourney_header_seal(h), 0);
}

/* The texts and lines of the two fixed tournaments, as the runner wrote them
 * before the settings had a table. */
static const char *const pinned_text[2] = {
    "format=round-robin\ngauntlet=\ngame=mnk\ngame_params=rows = 3, cols = 3, k = 3\n"
    "seed=20261122\ngames_per_pair=40\ntime_per_move_ms=250\ntime_margin_ms=500\n"
    "agent_memory_mb=1024\nagent_output_limit_kb=64\n"
    "agent=alpha|minimax|depth = 2, tie_break = lowest\nagent=beta|random|\n",
    "format=gauntlet\ngauntlet=alpha\ngame=mnk\ngame_params=rows = 3, cols = 3, k = 3\n"
    "seed=18446744073709551615\ngames_per_pair=40\ntime_per_move_ms=250\ntime_margin_ms=500\n"
    "agent_memory_mb=1024\nagent_output_limit_kb=64\n"
    "sprt=-10,40.5,0.050000000000000003,0.10000000000000001\n"
    "agent=alpha|minimax|depth = 2, tie_break = lowest\nagent=beta|random|\n",
};

static const char *const pinned_digest[2] = {
    "91cd6116e5cc878491e894748396acbe",
    "75d5134ff0b880f882c9f6608e78d050",
};

static const char *const pinned_json[2] = {
    "{\"type\":\"tournament\",\"log_format\":1,\"tourney\":\"0.1.0\",\"name\":\"pinned\","
    "\"config\":\"config/pinned.ini\",\"game\":\"mnk\",\"game_params\":\"rows = 3, cols = 3, "
    "k = 3\",\"game_digest\":\"00112233445566778899aabbccddeeff\",\"game_path\":"
    "\"/opt/games/mnk.so\",\"format\":\"round-robin\",\"gauntlet_agent\":null,\"seed\":"
    "\"20261122\",\"games_per_pair\":40,\"time_per_move_ms\":250,\"time_margin_ms\":500,"
    "\"agent_memory_mb\":1024,\"agent_output_limit_kb\":64,\"games_scheduled\":80,\"agents\":"
    "[{\"name\":\"alpha\",\"plugin\":\"minimax\",\"params\":\"depth = 2, tie_break = lowest\","
    "\"digest\":\"ffeeddccbbaa99887766554433221100\",\"is_random\":false},{\"name\":\"beta\","
    "\"plugin\":\"random\",\"params\":\"\",\"digest\":\"0123456789abcdef0123456789abcdef\","
    "\"is_random\":true}],\"settings_digest\":\"91cd6116e5cc878491e894748396acbe\",\"sprt\":"
    "null,\"rating_anchor\":\"auto\"}",
    "{\"type\":\"tournament\",\"log_format\":1,\"tourney\":\"0.1.0\",\"name\":\"pinned\","
    "\"config\":\"config/pinned.ini\",\"game\":\"mnk\",\"game_params\":\"rows = 3, cols = 3, "
    "k = 3\",\"game_digest\":\"00112233445566778899aabbccddeeff\",\"game_path\":null,"
    "\"format\":\"gauntlet\",\"gauntlet_agent\":\"alpha\",\"seed\":\"18446744073709551615\","
    "\"games_per_pair\":40,\"time_per_move_ms\":250,\"time_margin_ms\":500,"
    "\"agent_memory_mb\":1024,\"agent_output_limit_kb\":64,\"games_scheduled\":80,\"agents\":"
    "[{\"name\":\"alpha\",\"plugin\":\"minimax\",\"params\":\"depth = 2, tie_break = lowest\","
    "\"digest\":\"ffeeddccbbaa99887766554433221100\",\"is_random\":false},{\"name\":\"beta\","
    "\"plugin\":\"random\",\"params\":\"\",\"digest\":\"0123456789abcdef0123456789abcdef\","
    "\"is_random\":true}],\"settings_digest\":\"75d5134ff0b880f882c9f6608e78d050\",\"sprt\":"
    "{\"elo0\":-10.0,\"elo1\":40.5,\"alpha\":0.050000000000000003,\"beta\":"
    "0.10000000000000001},\"rating_anchor\":\"mean\",\"shard\":{\"index\":1,\"count\":4}}",
};

static char *header_line(const struct log_header *h)
{
    json_t *object = tourney_header_to_json(h);
    assert_non_null(object);
    char *line = json_dumps(object, JSON_COMPACT);
    json_decref(object);
    assert_non_null(line);
    return line;
}

static void test_pinned_digest_text(void **state)
{
    (void)state;
    for (int v = 0; v < 2; v++) {
        struct log_header h;
        fill(&h, v == 1);
        char *text = tourney_header_settings_text(&h);
        assert_string_equal(text, pinned_text[v]);
        assert_string_equal(h.settings_digest, pinned_digest[v]);
        free(text);
        tourney_header_finish(&h);
    }
}

static void test_pinned_json(void **state)
{
    (void)state;
    for (int v = 0; v < 2; v++) {
        struct log_header h;
        fill(&h, v == 1);
        char *line = header_line(&h);
        assert_string_equal(line, pinned_json[v]);
        free(line);
        tourney_header_finish(&h);
    }
}

/* Parses TEXT as a header; returns its status, with the reason in ERROR. */
static int read_header(struct log_header *h, const char *text, struct error *error)
{
    json_t *object = json_loads(text, 0, NULL);
    assert_non_null(object);
    int status = tourney_header_from_json(h, object, error);
    json_decref(object);
    return status;
}

static void test_read_back(void **state)
{
    (void)state;
    for (int v = 0; v < 2; v++) {
        struct log_header h;
        struct error error;
        if (read_header(&h, pinned_json[v], &error) != 0) {
            fail_msg("%s", error.text);
        }
        const struct tournament_settings *s = &h.settings;
        assert_string_equal(s->name, "pinned");
        assert_true(s->seed == (v ? UINT64_MAX : 20261122));
        assert_int_equal(s->format, v ? FORMAT_GAUNTLET : FORMAT_ROUND_ROBIN);
        assert_true(s->sprt.enabled == (v == 1));
        assert_true(!v || (s->sprt.alpha == 0.05 && s->sprt.beta == 0.1));
        assert_int_equal(s->rating_anchor, v ? ANCHOR_MEAN : ANCHOR_AUTO);
        assert_string_equal(h.settings_digest, pinned_digest[v]);
        assert_int_equal(h.shard.count, v ? 4 : 0);
        char *line = header_line(&h);
        assert_string_equal(line, pinned_json[v]);
        free(line);
        tourney_header_finish(&h);
    }
}

/* A log from before the test and the anchor were settings lacks their keys:
 * it was played without a test, and reads so, under the same digest. */
static void test_older_log_without_added_keys(void **state)
{
    (void)state;
    char *text = strdup(pinned_json[0]);
    assert_non_null(text);
    char *added = strstr(text, ",\"sprt\":null,\"rating_anchor\":\"auto\"");
    assert_non_null(added);
    strcpy(added, "}");
    struct log_header h;
    struct error error;
    if (read_header(&h, text, &error) != 0) {
        fail_msg("%s", error.text);
    }
    assert_false(h.settings.sprt.enabled);
    assert_int_equal(h.settings.rating_anchor, ANCHOR_AUTO);
    assert_string_equal(h.settings_digest, pinned_digest[0]);
    tourney_header_finish(&h);
    free(text);
}

/* Replaces the first FROM in TEXT by TO; heap string. */
static char *replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t size = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(size);
    assert_non_null(out);
    snprintf(out, size, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

static void assert_refused(const char *text, const char *message)
{
    struct log_header h;
    struct error error;
    assert_int_equal(read_header(&h, text, &error), -1);
    assert_string_equal(error.text, message);
}

static void test_bad_headers(void **state)
{
    (void)state;
    static const struct {
        const char *from, *to, *message;
    } cases[] = {
        {"\"seed\":\"20261122\"", "\"seed\":\"20261123\"",
         "results log header does not match its settings digest"},
        {"\"seed\":\"20261122\",", "", "results log header: 'seed' is missing"},
        {"\"games_per_pair\":40", "\"games_per_pair\":\"40\"",
         "results log header: 'games_per_pair' has the wrong type"},
        {"\"games_per_pair\":40", "\"games_per_pair\":41",
         "results log header: bad value '41' for 'games_per_pair': expected an even number from "
         "2 to 1000000 (each pair plays both seats equally often)"},
        {"\"format\":\"round-robin\"", "\"format\":\"swiss\"",
         "results log header: bad value 'swiss' for 'format': expected round-robin or gauntlet"},
        {"\"name\":\"pinned\"", "\"name\":null", "results log header: 'name' has the wrong type"},
        {"\"sprt\":null", "\"sprt\":{\"elo0\":0}", "results log header: 'sprt' is incomplete"},
        {"\"rating_anchor\":\"auto\"", "\"rating_anchor\":\"median\"",
         "results log header: bad value 'median' for 'rating_anchor': expected auto, random or "
         "mean"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *text = replace(pinned_json[0], cases[i].from, cases[i].to);
        assert_refused(text, cases[i].message);
        free(text);
    }
}

static void test_differences(void **state)
{
    (void)state;
    struct log_header a;
    struct log_header b;
    fill(&a, false);
    fill(&b, false);
    const struct setting *setting = NULL;
    size_t agent = 9;
    struct error why;
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_SAME);
    assert_true(tourney_header_compatible(&a, &b, &why));

    b.settings.time_per_move_ns = UINT64_C(500000000);
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_SETTING);
    assert_ptr_equal(setting, tourney_settings_find("time_per_move_ms"));
    assert_false(tourney_header_compatible(&a, &b, &why));
    assert_string_equal(why.text,
                        "the log was played with time_per_move_ms 250 ms, the config says "
                        "500 ms");

    /* The seed first; the anchor is no difference at all. */
    b.settings.seed = 3;
    b.settings.rating_anchor = ANCHOR_MEAN;
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_false(tourney_header_compatible(&a, &b, &why));
    assert_string_equal(why.text, "the log was played with seed 20261122, the config says 3");
    b.settings.seed = a.settings.seed;
    b.settings.time_per_move_ns = a.settings.time_per_move_ns;
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_SAME);

    free(b.agents[1].params);
    b.agents[1].params = strdup("x = 1");
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_AGENT);
    assert_int_equal(agent, 1);
    assert_false(tourney_header_compatible(&a, &b, &why));
    assert_string_equal(why.text, "the log's agent 2 is beta (random), the config's beta (random: "
                                  "x = 1)");
    tourney_header_finish(&a);
    tourney_header_finish(&b);
}

/* An agent that is a program, and a clock: the header says "command" where
 * a plugin agent has "plugin", the clock comes last, and both read back and
 * tell the tournament apart from one with a plugin of that name. */
static void test_commands_and_clocks(void **state)
{
    (void)state;
    struct log_header h;
    fill(&h, false);
    h.agents[1].command = true;
    free(h.agents[1].plugin);
    h.agents[1].plugin = strdup("python3 greedy.py");
    h.agents[1].is_random = false;
    h.settings.time_control = strdup("10+0.1");
    assert_int_equal(tourney_header_seal(&h), 0);
    char *text = tourney_header_settings_text(&h);
    assert_string_equal(text, "format=round-robin\ngauntlet=\ngame=mnk\n"
                              "game_params=rows = 3, cols = 3, k = 3\n"
                              "seed=20261122\ngames_per_pair=40\ntime_per_move_ms=250\n"
                              "time_margin_ms=500\nagent_memory_mb=1024\n"
                              "agent_output_limit_kb=64\ntime_control=10+0.1\n"
                              "agent=alpha|minimax|depth = 2, tie_break = lowest\n"
                              "agent=beta|command=python3 greedy.py|\n");
    free(text);
    char *line = header_line(&h);
    assert_non_null(strstr(line, "{\"name\":\"beta\",\"command\":\"python3 greedy.py\","
                                 "\"params\":\"\","));
    assert_null(strstr(line, "\"plugin\":\"python3"));
    assert_non_null(strstr(line, ",\"rating_anchor\":\"auto\",\"time_control\":\"10+0.1\"}"));

    struct log_header back;
    struct error error;
    if (read_header(&back, line, &error) != 0) {
        fail_msg("%s", error.text);
    }
    assert_true(back.agents[1].command);
    assert_false(back.agents[0].command);
    assert_string_equal(back.agents[1].plugin, "python3 greedy.py");
    assert_string_equal(back.settings.time_control, "10+0.1");
    /* Read once as the header is read: 10 s on each clock, 100 ms after each move. */
    assert_true(back.settings.clock.base_ns == UINT64_C(10000000000));
    assert_true(back.settings.clock.increment_ns == UINT64_C(100000000));
    assert_string_equal(back.settings_digest, h.settings_digest);
    char *again = header_line(&back);
    assert_string_equal(again, line);
    free(again);
    free(line);

    /* A plugin named as the command is another agent. */
    struct log_header plugin;
    fill(&plugin, false);
    free(plugin.agents[1].plugin);
    plugin.agents[1].plugin = strdup("python3 greedy.py");
    plugin.settings.time_control = strdup("10+0.1");
    assert_int_equal(tourney_header_seal(&plugin), 0);
    const struct setting *setting = NULL;
    size_t agent = 0;
    assert_int_equal(tourney_header_difference(&plugin, &back, &setting, &agent), HEADER_AGENT);
    assert_int_equal(agent, 1);
    struct error why;
    assert_false(tourney_header_compatible(&plugin, &back, &why));
    assert_string_equal(why.text, "the log's agent 2 is beta (python3 greedy.py), the config's "
                                  "beta (command: python3 greedy.py)");
    /* Another clock is another tournament. */
    free(plugin.settings.time_control);
    plugin.settings.time_control = strdup("10+0.2");
    plugin.agents[1].command = true;
    assert_int_equal(tourney_header_seal(&plugin), 0);
    assert_int_equal(tourney_header_difference(&plugin, &back, &setting, &agent), HEADER_SETTING);
    assert_ptr_equal(setting, tourney_settings_find("time_control"));
    tourney_header_finish(&plugin);
    tourney_header_finish(&back);
    tourney_header_finish(&h);
}

/* Openings are in the header only when set: the file's path and the digest
 * of its contents, the digest alone in the settings digest, so that the
 * same file moved is the same tournament and another file another. */
static void test_openings(void **state)
{
    (void)state;
    struct log_header a;
    struct log_header b;
    fill(&a, false);
    fill(&b, false);
    a.settings.openings.path = strdup("openings/x.txt");
    snprintf(a.settings.openings.digest, sizeof(a.settings.openings.digest), "%s",
             "0123456789abcdef0123456789abcdef");
    a.settings.openings_order = OPENINGS_RANDOM;
    assert_int_equal(tourney_header_seal(&a), 0);
    char *text = tourney_header_settings_text(&a);
    const char *added = strstr(text, "agent_output_limit_kb=64\n");
    assert_non_null(added);
    assert_string_equal(added, "agent_output_limit_kb=64\n"
                               "openings=0123456789abcdef0123456789abcdef\n"
                               "openings_order=random\n"
                               "agent=alpha|minimax|depth = 2, tie_break = lowest\n"
                               "agent=beta|random|\n");
    free(text);
    char *line = header_line(&a);
    assert_non_null(strstr(line, "\"rating_anchor\":\"auto\",\"openings\":{\"file\":"
                                 "\"openings/x.txt\",\"digest\":\"0123456789abcdef0123456789abcdef"
                                 "\"},\"openings_order\":\"random\"}"));

    /* Read back as written. */
    struct log_header read;
    struct error error;
    if (read_header(&read, line, &error) != 0) {
        fail_msg("%s", error.text);
    }
    assert_string_equal(read.settings.openings.path, "openings/x.txt");
    assert_string_equal(read.settings.openings.digest, a.settings.openings.digest);
    assert_int_equal(read.settings.openings_order, OPENINGS_RANDOM);
    assert_string_equal(read.settings_digest, a.settings_digest);
    free(line);
    tourney_header_finish(&read);

    /* The same contents under another path: the same tournament. */
    b.settings.openings.path = strdup("elsewhere/y.txt");
    memcpy(b.settings.openings.digest, a.settings.openings.digest, TOURNEY_DIGEST_HEX);
    b.settings.openings_order = OPENINGS_RANDOM;
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_string_equal(b.settings_digest, a.settings_digest);
    const struct setting *setting = NULL;
    size_t agent = 0;
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_SAME);

    /* Other contents: another. */
    b.settings.openings.digest[0] = 'f';
    assert_int_equal(tourney_header_seal(&b), 0);
    assert_int_equal(tourney_header_difference(&a, &b, &setting, &agent), HEADER_SETTING);
    assert_ptr_equal(setting, tourney_settings_find("openings"));
    struct error why;
    assert_false(tourney_header_compatible(&a, &b, &why));
    assert_string_equal(why.text, "the log was played with openings openings/x.txt (contents "
                                  "01234567), the config says elsewhere/y.txt (contents "
                                  "f1234567)");

    /* Random plies instead of a file. */
    free(b.settings.openings.path);
    b.settings.openings.path = NULL;
    b.settings.openings.digest[0] = '\0';
    b.settings.openings_order = OPENINGS_SEQUENTIAL;
    b.settings.opening_plies = 4;
    assert_int_equal(tourney_header_seal(&b), 0);
    text = tourney_header_settings_text(&b);
    assert_non_null(strstr(text, "agent_output_limit_kb=64\nopening_plies=4\nagent=alpha"));
    free(text);
    line = header_line(&b);
    assert_non_null(strstr(line, "\"rating_anchor\":\"auto\",\"opening_plies\":4}"));
    free(line);
    assert_false(tourney_header_compatible(&a, &b, &why));
    assert_string_equal(why.text, "the log was played with openings openings/x.txt (contents "
                                  "01234567), the config says none");
    tourney_header_finish(&a);
    tourney_header_finish(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commands_and_clocks),
        cmocka_unit_test(test_pinned_digest_text),
        cmocka_unit_test(test_pinned_json),
        cmocka_unit_test(test_read_back),
        cmocka_unit_test(test_older_log_without_added_keys),
        cmocka_unit_test(test_bad_headers),
        cmocka_unit_test(test_differences),
        cmocka_unit_test(test_openings),
    };
    return cmocka_run_group_tests_name("log_header", tests, NULL, NULL);
}
