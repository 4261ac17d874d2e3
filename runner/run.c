#include "run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "executor.h"
#include "output.h"
#include "record.h"
#include "report.h"
#include "results_log.h"
#include "schedule.h"
#include "stats.h"

/* Everything the run owns, released in one place. */
struct run_state {
    struct schedule schedule;
    struct stats stats;
    struct results_log log;
    struct report_agent *agents;
    bool *is_random;
};

static int play_all(struct tournament *t, struct run_state *run, const struct run_options *options,
                    FILE *err)
{
    const struct match_rules rules = {
        .api = t->game_plugin.game,
        .game = t->game,
        .info = &t->game_info,
        .budget_ns = t->config.time_per_move_ms * UINT64_C(1000000),
    };
    char error[512];
    uint64_t last_progress = 0;
    for (size_t g = 0; g < run->schedule.count; g++) {
        const struct scheduled_game *scheduled = &run->schedule.games[g];
        struct seat_player players[2];
        const char *names[2];
        for (int seat = 0; seat < 2; seat++) {
            const struct entrant *entrant = &t->entrants[scheduled->agent[seat]];
            players[seat].api = entrant->plugin->agent;
            players[seat].params = entrant->params;
            names[seat] = entrant->name;
        }
        struct game_record record;
        tourney_record_init(&record);
        int status = tourney_play_game(&rules, players, scheduled, &record);
        if (status == 0 &&
            tourney_results_log_append(&run->log, &record, names, error, sizeof(error)) != 0) {
            fprintf(err, "tourney: %s\n", error);
            status = -1;
        }
        if (status == 0 && tourney_stats_add(&run->stats, &record) != 0) {
            fprintf(err, "tourney: out of memory after game %zu\n", g);
            status = -1;
        } else if (status != 0 && error[0] == '\0') {
            fprintf(err, "tourney: out of memory while playing game %zu\n", g);
        }
        tourney_record_finish(&record);
        if (status != 0) {
            return -1;
        }
        uint64_t now = tourney_now_ns();
        if (options->progress && (now - last_progress > UINT64_C(500000000) ||
                                  g + 1 == run->schedule.count)) {
            fprintf(err, "\rplayed %zu of %zu games", g + 1, run->schedule.count);
            if (g + 1 == run->schedule.count) {
                fputc('\n', err);
            }
            fflush(err);
            last_progress = now;
        }
        error[0] = '\0';
    }
    return 0;
}

static void run_finish(struct run_state *run)
{
    tourney_results_log_close(&run->log);
    tourney_stats_finish(&run->stats);
    tourney_schedule_finish(&run->schedule);
    free(run->agents);
    free(run->is_random);
}

int tourney_run(struct tournament *t, const struct run_options *options, FILE *out, FILE *err)
{
    struct run_state run;
    memset(&run, 0, sizeof(run));
    char error[1024];
    int status = -1;
    size_t count = t->entrant_count;
    run.agents = calloc(count, sizeof(*run.agents));
    run.is_random = calloc(count, sizeof(*run.is_random));
    if (run.agents == NULL || run.is_random == NULL ||
        tourney_schedule_build(&run.schedule, count, t->config.games_per_pair, t->config.seed,
                               t->gauntlet) != 0 ||
        tourney_stats_init(&run.stats, count, run.is_random, 0) != 0) {
        fprintf(err, "tourney: out of memory\n");
        goto out;
    }
    for (size_t i = 0; i < count; i++) {
        run.agents[i].name = t->entrants[i].name;
        run.agents[i].plugin = t->entrants[i].plugin->agent->name;
        run.agents[i].params = t->entrants[i].params_text;
        run.stats.is_random[i] = t->entrants[i].is_random;
    }
    run.stats.budget_ns = t->config.time_per_move_ms * UINT64_C(1000000);
    if (tourney_mkdir_p(t->config.output_dir, error, sizeof(error)) != 0 ||
        tourney_results_log_open(&run.log, t->config.output_dir, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        goto out;
    }
    int played = play_all(t, &run, options, err);

    /* Reports cover whatever was played, even when the run stopped early. */
    const struct report_input input = {
        .tournament = t->config.name,
        .config_path = t->config.path,
        .game = t->game_plugin.game->name,
        .game_params = t->game_params_text,
        .format = t->gauntlet == TOURNEY_NO_GAUNTLET ? "round-robin" : "gauntlet",
        .seed = t->config.seed,
        .games_per_pair = t->config.games_per_pair,
        .time_per_move_ms = t->config.time_per_move_ms,
        .games_scheduled = run.schedule.count,
        .agents = run.agents,
        .stats = &run.stats,
    };
    struct report report;
    if (tourney_report_init(&report, &input) != 0) {
        fprintf(err, "tourney: out of memory\n");
        goto out;
    }
    if (!options->quiet) {
        tourney_report_print(&report, out);
    }
    int written = tourney_report_write_files(&report, t->config.output_dir, error, sizeof(error));
    tourney_report_finish(&report);
    if (written != 0) {
        fprintf(err, "tourney: %s\n", error);
        goto out;
    }
    if (!options->quiet) {
        fprintf(out, "\nReports written to %s/ (report.md, results.csv, summary.json, "
                     "games.jsonl)\n",
                t->config.output_dir);
    }
    status = played;
out:
    run_finish(&run);
    return status;
}
