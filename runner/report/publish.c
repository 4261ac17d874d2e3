#include "publish.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_read.h"
#include "report.h"

int tourney_stats_init_for(struct stats *stats, const struct log_header *header)
{
    bool *is_random = calloc(header->agent_count + 1, sizeof(*is_random));
    if (is_random == NULL) {
        return -1;
    }
    for (size_t i = 0; i < header->agent_count; i++) {
        is_random[i] = header->agents[i].is_random;
    }
    int status = tourney_stats_init(stats, header->agent_count, is_random,
                                    header->settings.time_per_move_ns);
    free(is_random);
    if (status == 0 && header->settings.sprt.enabled) {
        tourney_stats_set_sprt(stats, &header->settings.sprt);
    }
    if (status == 0 && header->settings.clock.base_ns > 0) {
        tourney_stats_set_clock(stats, &header->settings.clock);
    }
    return status;
}

int tourney_game_sample_init_for(struct game_sample *sample, const struct log_header *header)
{
    size_t n = header->agent_count;
    size_t pairs = header->settings.gauntlet_agent != NULL ? n - (n > 0) : n * (n - (n > 0)) / 2;
    return tourney_game_sample_init(sample, n, pairs, GAME_SAMPLE_LIMIT);
}

/* DIR's analysis of the log into READ when it has one that can be used;
 * else READ empty and, when one is there, why it is not used in WHY (and
 * warned of). */
static const struct analysis_read *read_analysis(const struct out_dir *dir,
                                                 const struct log_header *header,
                                                 struct analysis_read *read, struct error *why,
                                                 const struct warnings *warn)
{
    tourney_error_clear(why);
    int status = tourney_analysis_read(dir, TOURNEY_ANALYSIS_NAME, header, read, why);
    if (status > 0) {
        tourney_error_clear(why); /* no file: nothing to say */
    }
    if (status < 0) {
        tourney_warn(warn, "the reports leave the analysis out: %s", why->text);
    }
    return status == 0 ? read : NULL;
}

/* Each agent's grades in READ (NULL: none) into GRADES, when READ is of
 * every one of the GAMES of the reports; else NULL, warning why. */
static const struct report_analysis *
add_up_analysis(const struct analysis_read *read, const struct out_dir *dir,
                const struct log_header *header, uint64_t games, struct report_analysis *grades,
                const struct warnings *warn)
{
    struct error why;
    memset(grades, 0, sizeof(*grades));
    if (read == NULL) {
        return NULL;
    }
    char *path = tourney_out_dir_name(dir, TOURNEY_ANALYSIS_NAME);
    int status = tourney_report_analysis_add_up(
        grades, read, path != NULL ? path : TOURNEY_ANALYSIS_NAME, header, games, &why);
    free(path);
    if (status != 0) {
        tourney_warn(warn, "the reports' figures leave the analysis out: %s", why.text);
        return NULL;
    }
    return grades;
}

/* DIR's exact win rates against random into FILE when they are of the
 * log and its games; else NULL, warning why when a file is there. */
static const struct exact_file *read_exact(const struct out_dir *dir,
                                           const struct log_header *header,
                                           const struct stats *stats, struct exact_file *file,
                                           const struct warnings *warn)
{
    struct error why;
    int status = tourney_exact_file_read(dir, header, file, &why);
    if (status == 0 && tourney_report_exact_check(file, stats, &why) != 0) {
        char *path = tourney_out_dir_name(dir, TOURNEY_EXACT_FILE_NAME);
        tourney_error_prefix(&why, "%s", path != NULL ? path : TOURNEY_EXACT_FILE_NAME);
        free(path);
        status = -1;
    }
    if (status < 0) {
        tourney_warn(warn, "the reports leave the exact win rates against random out: %s",
                     why.text);
    }
    return status == 0 ? file : NULL;
}

int tourney_publish(const struct log_header *header, struct stats *stats,
                    const struct game_sample *games, const struct board_source *board,
                    const struct out_dir *dir, FILE *out, size_t width,
                    const struct warnings *warn, struct error *err)
{
    struct report_agent *agents = calloc(header->agent_count + 1, sizeof(*agents));
    if (agents == NULL) {
        return tourney_error_nomem(err);
    }
    char shard[32] = "";
    if (header->shard.count > 0) {
        snprintf(shard, sizeof(shard), "%" PRIu32 "/%" PRIu32, header->shard.index,
                 header->shard.count);
    }
    struct analysis_read analysis;
    struct error analysis_why;
    const struct analysis_read *analysed =
        read_analysis(dir, header, &analysis, &analysis_why, warn);
    struct report_analysis grades;
    const struct report_analysis *graded =
        add_up_analysis(analysed, dir, header, stats->games, &grades, warn);
    struct exact_file exact;
    const struct exact_file *exact_read = read_exact(dir, header, stats, &exact, warn);
    for (size_t i = 0; i < header->agent_count; i++) {
        agents[i].name = header->agents[i].name;
        agents[i].plugin = header->agents[i].plugin;
        agents[i].params = header->agents[i].params;
        agents[i].plugin_id = header->agents[i].plugin_id;
        agents[i].plugin_version = header->agents[i].plugin_version;
    }
    const struct report_input input = {
        .settings = &header->settings,
        .config_path = header->config_path,
        .game = header->game,
        .game_params = header->game_params,
        .game_id = header->game_id,
        .game_version = header->game_version,
        .games_scheduled = tourney_shard_games(&header->shard, header->games_scheduled),
        .shard = header->shard.count > 0 ? shard : NULL,
        .agents = agents,
        .stats = stats,
        .games = games,
        .board = board,
        .analysis = analysed,
        .analysis_note = tourney_error_is_set(&analysis_why) ? analysis_why.text : NULL,
        .grades = graded,
        .exact = exact_read,
    };
    struct report report;
    int status = tourney_report_init(&report, &input);
    if (status != 0) {
        tourney_error_nomem(err);
    } else {
        if (out != NULL) {
            tourney_report_print(&report, width, out);
        }
        status = tourney_report_write_files(&report, dir, err);
        tourney_report_finish(&report);
    }
    tourney_report_analysis_finish(&grades);
    tourney_analysis_read_finish(&analysis);
    tourney_exact_file_finish(&exact);
    free(agents);
    return status;
}

int tourney_publish_from_log(const struct log_header *header, struct stats *stats,
                             const struct game_sample *games, struct game_adapter *game,
                             const char *why_no_game, const struct out_dir *dir, FILE *out,
                             size_t width, const struct warnings *warn, struct error *error)
{
    struct board_source board = {.game = game, .note = why_no_game};
    if (game == NULL) {
        tourney_warn(warn,
                     "report.html shows moves without boards, and no game's end was checked "
                     "against its moves: %s",
                     why_no_game);
    }
    return tourney_publish(header, stats, games, &board, dir, out, width, warn, error);
}
