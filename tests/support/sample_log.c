/*
 * The sample tournament's log (sample_log.h).
 */
#include "test.h"

#include "sample_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "files.h"
#include "log_line.h"
#include "results_log.h"
#include "text.h"

#define MNK_PATH TOURNEY_TEST_GAME_DIR "/mnk.so"

static void add_agent(struct log_header *h, const char *name, const char *plugin, bool is_random)
{
    struct header_agent *agent = &h->agents[h->agent_count++];
    agent->name = strdup(name);
    agent->plugin = strdup(plugin);
    agent->params = strdup("");
    agent->digest = strdup("0123456789abcdef0123456789abcdef");
    agent->is_random = is_random;
    assert_non_null(agent->name);
    assert_non_null(agent->plugin);
    assert_non_null(agent->params);
    assert_non_null(agent->digest);
}

void sample_header(struct log_header *h, uint32_t games, uint64_t seed)
{
    memset(h, 0, sizeof(*h));
    char digest[TOURNEY_DIGEST_HEX];
    assert_int_equal(tourney_digest_file(MNK_PATH, digest), 0);
    tourney_settings_init(&h->settings);
    h->version = strdup("0.1.0");
    h->settings.name = strdup("sample");
    h->config_path = strdup("sample.ini");
    h->game = strdup("mnk");
    h->game_params = strdup("rows = 3, cols = 3, k = 3");
    h->game_digest = strdup(digest);
    h->game_path = strdup(MNK_PATH);
    assert_non_null(h->version);
    assert_non_null(h->settings.name);
    assert_non_null(h->config_path);
    assert_non_null(h->game);
    assert_non_null(h->game_params);
    assert_non_null(h->game_digest);
    assert_non_null(h->game_path);
    h->settings.format = FORMAT_ROUND_ROBIN;
    h->settings.seed = seed;
    h->settings.games_per_pair = games;
    h->settings.time_per_move_ns = UINT64_C(1000000000);
    h->settings.limits.time_margin_ns = 500000000;
    h->settings.limits.memory_bytes = UINT64_C(1073741824);
    h->settings.limits.output_limit_bytes = 65536;
    h->games_scheduled = games;
    h->agents = calloc(2, sizeof(*h->agents));
    assert_non_null(h->agents);
    add_agent(h, "alpha", "first-open", false);
    add_agent(h, "beta", "random", true);
    assert_int_equal(tourney_header_seal(h), 0);
}

void sample_game(struct game_record *record, uint32_t index, uint64_t time_ns)
{
    tourney_record_init(record);
    record->index = index;
    record->agent[0] = index % 2;
    record->agent[1] = 1 - index % 2;
    record->seed = UINT64_C(0x9e3779b97f4a7c15) * (index + 1);
    /* X takes 0, 2, 4 and 6, the rising diagonal; O takes 1, 3 and 5. */
    for (int32_t ply = 0; ply < 7; ply++) {
        struct move_record move = {
            .seat = ply % 2, .move = ply, .depth = 1, .nodes = 10, .time_ns = time_ns};
        assert_int_equal(tourney_record_add_move(record, &move), 0);
    }
    record->result = RESULT_FIRST_WINS;
    record->termination = TERMINATION_NORMAL;
    record->fault_seat = -1;
}

char *sample_header_line(const struct log_header *header)
{
    json_t *object = tourney_header_to_json(header);
    assert_non_null(object);
    char *line = tourney_log_line_seal(object);
    assert_non_null(line);
    json_decref(object);
    return line;
}

char *sample_line(const struct log_header *header, const struct game_record *record)
{
    const char *names[2] = {header->agents[record->agent[0]].name,
                            header->agents[record->agent[1]].name};
    char *line = tourney_log_line_of_record(record, names);
    assert_non_null(line);
    return line;
}

void sample_log_of(const char *dir, const struct log_header *header,
                   const struct game_record *records, size_t count)
{
    struct results_log log;
    struct error error;
    /* Written anew: a log there before is replaced. */
    char *path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    assert_non_null(path);
    unlink(path);
    free(path);
    struct out_dir opened;
    if (tourney_out_dir_open(&opened, dir, false, &error) != 0 ||
        tourney_results_log_create(&log, &opened, header, &error) != 0) {
        print_error("%s\n", error.text);
        fail();
    }
    tourney_out_dir_close(&opened);
    for (size_t i = 0; i < count; i++) {
        char *line = sample_line(header, &records[i]);
        assert_int_equal(tourney_results_log_add_line(&log, line, &error), 0);
        free(line);
    }
    assert_int_equal(tourney_results_log_write_pending(&log, &error), 0);
    tourney_results_log_close(&log);
}

void sample_log(const char *dir, const struct log_header *header, const uint32_t *games,
                size_t count)
{
    struct game_record *records = calloc(count + 1, sizeof(*records));
    assert_non_null(records);
    for (size_t i = 0; i < count; i++) {
        sample_game(&records[i], games[i], 1000);
    }
    sample_log_of(dir, header, records, count);
    for (size_t i = 0; i < count; i++) {
        tourney_record_finish(&records[i]);
    }
    free(records);
}

struct sample_dir *sample_dir_create(const char *prefix, uint32_t games, uint64_t seed)
{
    struct sample_dir *sample = calloc(1, sizeof(*sample));
    assert_non_null(sample);
    make_temp_dir(sample->dir, sizeof(sample->dir), prefix);
    snprintf(sample->path, sizeof(sample->path), "%s/games.jsonl", sample->dir);
    sample_header(&sample->header, games, seed);
    return sample;
}

void sample_dir_destroy(struct sample_dir *sample)
{
    tourney_header_finish(&sample->header);
    remove_tree(sample->dir);
    free(sample);
}
