#include "run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "executor.h"
#include "game_sample.h"
#include "log_game.h"
#include "log_header.h"
#include "output.h"
#include "publish.h"
#include "record.h"
#include "results_log.h"
#include "schedule.h"
#include "seat_pool.h"
#include "stats.h"
#include "text.h"

/* Everything a run owns, released in one place. */
struct run_state {
    struct log_header header;
    struct schedule schedule;
    struct stats stats;
    struct game_sample games; /* the games report.html shows */
    struct results_log log;
    unsigned char *done; /* per scheduled game: already in the log */
    size_t done_count;
    struct seat_pool seats; /* where the agents run */
};

/* Counts a game found in the log being resumed. */
static int count_logged_game(const struct game_record *record, void *context)
{
    struct run_state *run = context;
    run->done[record->index] = 1;
    run->done_count++;
    if (tourney_game_sample_add(&run->games, record) != 0) {
        return -1;
    }
    return tourney_stats_add(&run->stats, record);
}

static bool stopping(const struct run_options *options)
{
    return options->stop != NULL && *options->stop != 0;
}

/* The agent in first place and its score rate, for the progress line. */
static const char *leader(const struct tournament *t, const struct stats *stats, double *score)
{
    size_t best = SIZE_MAX;
    double best_score = -1.0;
    for (size_t i = 0; i < stats->agent_count; i++) {
        double s = tourney_score_rate(&stats->agents[i].all);
        if (stats->agents[i].all.games > 0 && s > best_score) {
            best = i;
            best_score = s;
        }
    }
    *score = best_score < 0 ? 0.0 : best_score;
    return best == SIZE_MAX ? NULL : t->entrants[best].name;
}

static void show_game(struct tournament *t, struct run_state *run, struct progress *progress,
                      const struct game_record *record, const char *const names[2])
{
    char line[320];
    snprintf(line, sizeof(line), "game %" PRIu32 ": %s - %s  %s  %s, %zu moves", record->index,
             names[0], names[1], tourney_result_text(record->result),
             tourney_termination_name(record->termination), record->move_count);
    double score = 0.0;
    const char *best = leader(t, &run->stats, &score);
    tourney_progress_game(progress, tourney_now_ns(), best, score, line);
}

static enum run_outcome play_all(struct tournament *t, struct run_state *run,
                                 const struct run_options *options, FILE *err)
{
    const struct match_rules rules = {
        .api = t->game_plugin.game,
        .game = t->game,
        .info = &t->game_info,
        .budget_ns = t->config.time_per_move_ms * UINT64_C(1000000),
    };
    char error[512];
    struct progress progress;
    tourney_progress_init(&progress, err, options->quiet ? PROGRESS_OFF : options->progress,
                          options->colour, options->verbose, run->schedule.count,
                          run->done_count, tourney_now_ns());
    enum run_outcome outcome = RUN_COMPLETE;
    for (size_t g = 0; g < run->schedule.count; g++) {
        if (run->done[g]) {
            continue;
        }
        if (stopping(options)) {
            outcome = RUN_INTERRUPTED;
            break;
        }
        if (run->stats.sprt.verdict != SPRT_CONTINUE) {
            break; /* the sequential test has its answer: the match is over */
        }
        const struct scheduled_game *scheduled = &run->schedule.games[g];
        const char *names[2];
        for (int seat = 0; seat < 2; seat++) {
            names[seat] = t->entrants[scheduled->agent[seat]].name;
        }
        struct seat seats[2];
        tourney_seat_pool_seats(&run->seats, scheduled, seats);
        struct game_record record;
        tourney_record_init(&record);
        error[0] = '\0';
        char why[256] = "";
        int status = tourney_play_game(&rules, seats, scheduled, &record, why, sizeof(why));
        if (status != 0) {
            snprintf(error, sizeof(error), "%s while playing game %zu", why, g);
        } else if (tourney_results_log_append(&run->log, &record, names, error,
                                              sizeof(error)) != 0 ||
                   tourney_stats_add(&run->stats, &record) != 0 ||
                   tourney_game_sample_add(&run->games, &record) != 0) {
            status = -1;
        }
        if (status == 0) {
            show_game(t, run, &progress, &record, names);
        }
        tourney_record_finish(&record);
        if (status != 0) {
            tourney_progress_finish(&progress, tourney_now_ns());
            fprintf(err, "tourney: %s\n", error[0] ? error : "out of memory");
            return RUN_FAILED;
        }
    }
    tourney_progress_finish(&progress, tourney_now_ns());
    return outcome;
}

static void run_finish(struct run_state *run)
{
    tourney_seat_pool_finish(&run->seats);
    tourney_results_log_close(&run->log);
    tourney_game_sample_finish(&run->games);
    tourney_stats_finish(&run->stats);
    tourney_schedule_finish(&run->schedule);
    tourney_header_finish(&run->header);
    free(run->done);
}

/* Opens the results log fresh, or continues it when resuming. */
static int open_log(struct tournament *t, struct run_state *run,
                    const struct run_options *options, FILE *err, char *error, size_t size)
{
    const char *dir = t->config.output_dir;
    if (!options->resume) {
        return tourney_results_log_create(&run->log, dir, &run->header, error, size);
    }
    bool created = false;
    if (tourney_results_log_resume(&run->log, dir, &run->header, count_logged_game, run,
                                   &created, error, size) != 0) {
        return -1;
    }
    if (created) {
        fprintf(err, "tourney: no results log in %s yet; starting the tournament\n", dir);
    } else {
        fprintf(err, "tourney: resuming %s: %zu of %zu games already played\n", dir,
                run->done_count, run->schedule.count);
    }
    return 0;
}

enum run_outcome tourney_run(struct tournament *t, const struct run_options *options, FILE *out,
                             FILE *err)
{
    struct run_state run;
    memset(&run, 0, sizeof(run));
    char error[1024] = "";
    enum run_outcome outcome = RUN_FAILED;
    if (tourney_header_from_tournament(&run.header, t, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        return RUN_FAILED;
    }
    if (tourney_schedule_build(&run.schedule, t->entrant_count, t->config.games_per_pair,
                               t->config.seed, t->gauntlet) != 0 ||
        tourney_stats_init_for(&run.stats, &run.header) != 0 ||
        tourney_game_sample_init_for(&run.games, &run.header) != 0 ||
        (run.done = calloc(run.schedule.count + 1, 1)) == NULL ||
        tourney_seat_pool_init(&run.seats, t) != 0) {
        fprintf(err, "tourney: out of memory\n");
        goto out;
    }
    if (t->sandbox_note != NULL) {
        fprintf(err, "tourney: warning: agents run without the system-call sandbox: %s\n",
                t->sandbox_note);
    }
    run.header.games_scheduled = run.schedule.count;
    if (tourney_mkdir_p(t->config.output_dir, error, sizeof(error)) != 0 ||
        open_log(t, &run, options, err, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        goto out;
    }
    outcome = play_all(t, &run, options, err);

    /* Reports cover whatever was played, even when the run stopped early. */
    const struct board_source board = {
        .api = t->game_plugin.game,
        .game = t->game,
        .info = &t->game_info,
    };
    if (tourney_publish(&run.header, &run.stats, &run.games, &board, t->config.output_dir,
                        options->quiet ? NULL : out, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        outcome = RUN_FAILED;
        goto out;
    }
    if (!options->quiet) {
        fprintf(out, "\nReports written to %s/ (report.md, report.html, results.csv, "
                     "summary.json, %s)\n",
                t->config.output_dir, TOURNEY_LOG_NAME);
    }
    if (outcome == RUN_INTERRUPTED) {
        fprintf(err,
                "tourney: interrupted after %" PRIu64 " of %zu games; every finished game is in "
                "%s/%s.\nResume with: tourney run %s --resume%s%s\n",
                run.stats.games, run.schedule.count, t->config.output_dir, TOURNEY_LOG_NAME,
                t->config.path, options->output ? " --output " : "",
                options->output ? options->output : "");
    }
out:
    run_finish(&run);
    return outcome;
}

/* Statistics and the shown games of a log being read: sized from its
 * header, which the reader fills before it hands over the first game. */
struct rebuild {
    struct log_header header;
    struct stats stats;
    struct game_sample games;
    bool ready;
};

static int rebuild_ready(struct rebuild *r)
{
    if (r->ready) {
        return 0;
    }
    if (tourney_stats_init_for(&r->stats, &r->header) != 0) {
        return -1;
    }
    if (tourney_game_sample_init_for(&r->games, &r->header) != 0) {
        tourney_stats_finish(&r->stats);
        return -1;
    }
    r->ready = true;
    return 0;
}

static int rebuild_game(const struct game_record *record, void *context)
{
    struct rebuild *r = context;
    if (rebuild_ready(r) != 0 || tourney_stats_add(&r->stats, record) != 0) {
        return -1;
    }
    return tourney_game_sample_add(&r->games, record);
}

/* Publishes R's reports, drawing boards with the log's game plugin when it
 * can be found; a report without boards is still a report. */
static int publish_rebuilt(struct rebuild *r, const char *dir, const char *exe_path,
                           const char *env_plugin_path, FILE *out, FILE *err, char *error,
                           size_t error_size)
{
    struct plugin_search search;
    if (tourney_plugin_search_init(&search, NULL, 0, env_plugin_path, exe_path) != 0) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    struct log_game game;
    char why[1024] = "";
    struct board_source board = {.note = why};
    if (tourney_log_game_open(&game, &r->header, &search, why, sizeof(why)) == 0) {
        board.api = game.plugin.game;
        board.game = game.game;
        board.info = &game.info;
    } else {
        fprintf(err, "tourney: report.html shows moves without boards: %s\n", why);
    }
    int status = tourney_publish(&r->header, &r->stats, &r->games, &board, dir, out, error,
                                 error_size);
    tourney_log_game_close(&game);
    tourney_plugin_search_finish(&search);
    return status;
}

int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, FILE *err)
{
    char error[1024] = "";
    char *path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    if (path == NULL) {
        fprintf(err, "tourney: out of memory\n");
        return -1;
    }
    struct rebuild r;
    memset(&r, 0, sizeof(r));
    off_t valid_end = 0;
    bool torn = false;
    int status = tourney_results_log_read(path, &r.header, rebuild_game, &r, &valid_end, &torn,
                                          error, sizeof(error));
    if (status == 0 && rebuild_ready(&r) != 0) {
        snprintf(error, sizeof(error), "out of memory");
        status = -1;
    }
    if (status == 0 && torn) {
        fprintf(err, "tourney: %s ends in a torn record (an interrupted write); it is left out\n",
                path);
    }
    if (status == 0) {
        status = publish_rebuilt(&r, dir, exe_path, env_plugin_path, out, err, error,
                                 sizeof(error));
    }
    if (status != 0) {
        fprintf(err, "tourney: %s\n", error);
    } else if (out != NULL) {
        fprintf(out, "\nReports rebuilt from %s: %" PRIu64 " of %" PRIu64 " games\n", path,
                r.stats.games, r.header.games_scheduled);
    }
    if (r.ready) {
        tourney_game_sample_finish(&r.games);
        tourney_stats_finish(&r.stats);
    }
    tourney_header_finish(&r.header);
    free(path);
    return status;
}
