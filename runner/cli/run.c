#include "run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "clock.h"
#include "game_player.h"
#include "game_sample.h"
#include "game_set.h"
#include "job_pool.h"
#include "log_game.h"
#include "log_header.h"
#include "tournament_header.h"
#include "output.h"
#include "publish.h"
#include "record.h"
#include "results_log.h"
#include "schedule.h"
#include "stats.h"
#include "table.h"
#include "text.h"

/* Everything a run owns, released in one place. */
struct run_state {
    const struct tournament *tournament;
    const struct run_options *options;
    FILE *err;
    struct log_header header;
    struct schedule schedule;
    struct stats stats;
    struct game_sample games; /* the games report.html shows */
    struct results_log log;
    struct game_set done; /* games already in the log */
    uint64_t to_play;     /* the games of this run: of its shard, or all */
    uint64_t finished;    /* of those, in the log */
    struct progress progress;
    /* Plays the games: in the runner with jobs = 1, in each worker else. */
    struct game_player player;
    bool player_ready;
};

/* Counts a game found in the log being resumed. */
static int count_logged_game(const struct game_record *record, void *context)
{
    struct run_state *run = context;
    if (tourney_game_set_add(&run->done, record->index) &&
        tourney_shard_has(&run->options->shard, record->index)) {
        run->finished++;
    }
    tourney_stats_add(&run->stats, record);
    return tourney_game_sample_add(&run->games, record);
}

static bool stopping(const struct run_options *options)
{
    return options->stop != NULL && *options->stop != 0;
}

/* The first game at or after FROM this run plays, or the schedule's count. */
static uint64_t next_game(void *context, uint64_t from)
{
    struct run_state *run = context;
    uint64_t g = from;
    if (run->stats.sprt.verdict != SPRT_CONTINUE) {
        return run->schedule.count; /* the sequential test has its answer */
    }
    while (g < run->schedule.count &&
           (tourney_game_set_has(&run->done, g) || !tourney_shard_has(&run->options->shard, g))) {
        g++;
    }
    return g;
}

/* The agent in first place and its score rate, for the progress line. */
static const char *leader(const struct run_state *run, double *score)
{
    const struct stats *stats = &run->stats;
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
    return best == SIZE_MAX ? NULL : run->tournament->entrants[best].name;
}

static void show_game(struct run_state *run, const struct game_record *record)
{
    struct progress *p = &run->progress;
    if (p->style == PROGRESS_OFF) {
        tourney_progress_game(p, 0, NULL, 0.0, NULL); /* counted, never shown */
        return;
    }
    char line[320] = "";
    if (p->verbose) {
        const struct entrant *e = run->tournament->entrants;
        snprintf(line, sizeof(line), "game %" PRIu32 ": %s - %s  %s  %s, %zu moves", record->index,
                 e[record->agent[0]].name, e[record->agent[1]].name,
                 tourney_result_text(record->result),
                 tourney_termination_name(record->termination), record->move_count);
    }
    double score = 0.0;
    const char *best = leader(run, &score);
    tourney_progress_game(p, tourney_now_ns(), best, score, p->verbose ? line : NULL);
}

/* Offers a finished game to report.html's sample. A game it keeps is read
 * back from its log line, as `tourney report` and a resumed run read it: a
 * worker's record carries no log or output, and so report.html is the same
 * for any number of jobs, resumed or not. */
static int sample_game(struct run_state *run, const struct game_record *record, const char *line)
{
    if (!tourney_game_sample_wants(&run->games, record)) {
        return tourney_game_sample_add(&run->games, record);
    }
    const struct tournament *t = run->tournament;
    const char **names = calloc(t->entrant_count + 1, sizeof(*names));
    json_t *object = json_loads(line, 0, NULL);
    struct game_record logged;
    tourney_record_init(&logged);
    char reason[256];
    int status = -1;
    if (names != NULL && object != NULL) {
        for (size_t i = 0; i < t->entrant_count; i++) {
            names[i] = t->entrants[i].name;
        }
        status = tourney_record_from_json(object, names, t->entrant_count, &logged, reason,
                                          sizeof(reason)) == 0
                     ? tourney_game_sample_add(&run->games, &logged)
                     : -1;
    }
    tourney_record_finish(&logged);
    json_decref(object);
    free(names);
    return status;
}

/* A finished game, in game order: for the log, then counted. */
static int deliver_game(void *context, const struct game_record *record, const char *line,
                        char *error, size_t error_size)
{
    struct run_state *run = context;
    /* Games played past the sequential test's verdict (by other workers
     * while it was reached) are dropped, so that any number of jobs logs
     * the same games. */
    if (run->stats.sprt.verdict != SPRT_CONTINUE) {
        return 0;
    }
    if (tourney_results_log_add_line(&run->log, line, error, error_size) != 0) {
        return -1;
    }
    tourney_stats_add(&run->stats, record);
    if (sample_game(run, record, line) != 0) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    run->finished++;
    show_game(run, record);
    return 0;
}

/* The games delivered so far, into the log. */
static int write_games(void *context, char *error, size_t error_size)
{
    struct run_state *run = context;
    return tourney_results_log_write_pending(&run->log, error, error_size);
}

static int player_init(void *context)
{
    struct run_state *run = context;
    if (tourney_game_player_init(&run->player, run->tournament, &run->schedule) != 0) {
        return -1;
    }
    run->player_ready = true;
    return 0;
}

static int player_play(void *context, uint64_t game, struct game_record *record, char **line,
                       char *error, size_t error_size)
{
    struct run_state *run = context;
    return tourney_game_player_play(&run->player, game, record, line, error, error_size);
}

static void player_finish(void *context)
{
    struct run_state *run = context;
    if (run->player_ready) {
        tourney_game_player_finish(&run->player);
        run->player_ready = false;
    }
}

static uint64_t sync_due(void *context)
{
    struct run_state *run = context;
    return tourney_results_log_sync_due(&run->log);
}

static int sync_log(void *context, char *error, size_t error_size)
{
    struct run_state *run = context;
    return tourney_results_log_sync(&run->log, error, error_size);
}

/* jobs = 1: game after game in the runner's own process. */
static enum run_outcome play_here(struct run_state *run, char *error, size_t error_size)
{
    if (player_init(run) != 0) {
        snprintf(error, error_size, "out of memory");
        return RUN_FAILED;
    }
    enum run_outcome outcome = RUN_COMPLETE;
    for (uint64_t g = next_game(run, 0); g < run->schedule.count; g = next_game(run, g + 1)) {
        if (stopping(run->options)) {
            outcome = RUN_INTERRUPTED;
            break;
        }
        struct game_record record;
        tourney_record_init(&record);
        char *line = NULL;
        int status = player_play(run, g, &record, &line, error, error_size);
        if (status == 0) {
            status = deliver_game(run, &record, line, error, error_size);
        }
        if (status == 0) {
            status = write_games(run, error, error_size);
        }
        free(line);
        tourney_record_finish(&record);
        if (status != 0) {
            outcome = RUN_FAILED;
            break;
        }
    }
    player_finish(run);
    return outcome;
}

/* jobs > 1: worker processes play, the runner writes in game order. */
static enum run_outcome play_in_workers(struct run_state *run, char *error, size_t error_size)
{
    const struct job_plan plan = {
        .jobs = run->options->jobs,
        .games = run->schedule.count,
        .next = next_game,
        .worker_init = player_init,
        .play = player_play,
        .worker_finish = player_finish,
        .deliver = deliver_game,
        .flush = write_games,
        .due = sync_due,
        .tick = sync_log,
        .context = run,
        .stop = run->options->stop,
        .err = run->err,
    };
    switch (tourney_job_pool_run(&plan, error, error_size)) {
    case JOBS_COMPLETE:
        return RUN_COMPLETE;
    case JOBS_STOPPED:
        return RUN_INTERRUPTED;
    case JOBS_FAILED:
        break;
    }
    return RUN_FAILED;
}

static void run_finish(struct run_state *run)
{
    tourney_results_log_close(&run->log);
    tourney_stats_finish(&run->stats);
    tourney_game_sample_finish(&run->games);
    tourney_game_set_finish(&run->done);
    tourney_schedule_finish(&run->schedule);
    tourney_header_finish(&run->header);
}

/* Opens the results log fresh, or continues it when resuming. */
static int open_log(struct run_state *run, char *error, size_t size)
{
    const char *dir = run->tournament->config.settings.output_dir;
    if (!run->options->resume) {
        return tourney_results_log_create(&run->log, dir, &run->header, error, size);
    }
    bool created = false;
    if (tourney_results_log_resume(&run->log, dir, &run->header, count_logged_game, run, &created,
                                   error, size) != 0) {
        return -1;
    }
    if (created) {
        fprintf(run->err, "tourney: no results log in %s yet; starting the tournament\n", dir);
    } else {
        fprintf(run->err,
                "tourney: resuming %s: %" PRIu64 " of %" PRIu64 " games already played\n", dir,
                run->finished, run->to_play);
    }
    return 0;
}

enum run_outcome tourney_run(struct tournament *t, const struct run_options *options, FILE *out,
                             FILE *err)
{
    struct run_state run;
    memset(&run, 0, sizeof(run));
    run.tournament = t;
    run.options = options;
    run.err = err;
    char error[1024] = "";
    enum run_outcome outcome = RUN_FAILED;
    if (tourney_header_from_tournament(&run.header, t, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        return RUN_FAILED;
    }
    const struct tournament_settings *settings = &t->config.settings;
    if (tourney_schedule_init(&run.schedule, t->entrant_count, settings->games_per_pair,
                              settings->seed, t->gauntlet) != 0) {
        fprintf(err, "tourney: out of memory\n");
        goto out;
    }
    if (run.schedule.count > TOURNEY_MAX_GAMES) {
        fprintf(err,
                "tourney: %s schedules %" PRIu64 " games; at most %" PRIu64 " fit in one "
                "tournament\n",
                t->config.path, run.schedule.count, TOURNEY_MAX_GAMES);
        goto out;
    }
    if (tourney_stats_init_for(&run.stats, &run.header) != 0 ||
        tourney_game_sample_init_for(&run.games, &run.header) != 0 ||
        tourney_game_set_init(&run.done, run.schedule.count) != 0) {
        fprintf(err, "tourney: out of memory\n");
        goto out;
    }
    if (t->sandbox_note != NULL) {
        fprintf(err, "tourney: warning: agents run without the system-call sandbox: %s\n",
                t->sandbox_note);
    }
    run.header.games_scheduled = run.schedule.count;
    run.header.shard = options->shard;
    run.to_play = tourney_shard_games(&options->shard, run.schedule.count);
    if (tourney_mkdir_p(t->config.settings.output_dir, error, sizeof(error)) != 0 ||
        open_log(&run, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        goto out;
    }
    tourney_progress_init(&run.progress, err, options->quiet ? PROGRESS_OFF : options->progress,
                          options->colour, options->verbose, run.to_play, run.finished,
                          tourney_now_ns());
    outcome = options->jobs > 1 ? play_in_workers(&run, error, sizeof(error))
                                : play_here(&run, error, sizeof(error));
    tourney_progress_finish(&run.progress, tourney_now_ns());
    if (outcome == RUN_FAILED) {
        fprintf(err, "tourney: %s\n", error[0] ? error : "out of memory");
    }
    if (tourney_results_log_sync(&run.log, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        outcome = RUN_FAILED;
    }

    /* Reports cover whatever was played, even when the run stopped early. */
    const struct board_source board = {.game = &t->game};
    if (tourney_publish(&run.header, &run.stats, &run.games, &board, t->config.settings.output_dir,
                        options->quiet ? NULL : out, options->wide ? 0 : TABLE_CONSOLE_WIDTH,
                        error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        outcome = RUN_FAILED;
        goto out;
    }
    if (!options->quiet) {
        fprintf(out,
                "\nReports written to %s/ (report.md, report.html, results.csv, "
                "summary.json, %s)\n",
                t->config.settings.output_dir, TOURNEY_LOG_NAME);
    }
    if (outcome == RUN_INTERRUPTED) {
        char shard[64] = "";
        if (options->shard.count > 0) {
            snprintf(shard, sizeof(shard), " --shard %" PRIu32 "/%" PRIu32, options->shard.index,
                     options->shard.count);
        }
        fprintf(err,
                "tourney: interrupted after %" PRIu64 " of %" PRIu64 " games; every finished "
                "game is in %s/%s.\nResume with: tourney run %s --resume%s%s%s\n",
                run.finished, run.to_play, t->config.settings.output_dir, TOURNEY_LOG_NAME,
                t->config.path, shard, options->output ? " --output " : "",
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
    if (rebuild_ready(r) != 0) {
        return -1;
    }
    tourney_stats_add(&r->stats, record);
    return tourney_game_sample_add(&r->games, record);
}

int tourney_publish_from_log(const struct log_header *header, struct stats *stats,
                             const struct game_sample *games, const char *dir,
                             const char *exe_path, const char *env_plugin_path, FILE *out,
                             size_t width, FILE *err, char *error, size_t error_size)
{
    struct log_game game;
    char why[1024] = "";
    struct board_source board = {.note = why};
    if (tourney_log_game_find(&game, header, exe_path, env_plugin_path, why, sizeof(why)) == 0) {
        board.game = &game.game;
    } else {
        fprintf(err, "tourney: report.html shows moves without boards: %s\n", why);
    }
    int status = tourney_publish(header, stats, games, &board, dir, out, width, error, error_size);
    tourney_log_game_close(&game);
    return status;
}

int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, size_t width, FILE *err)
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
        status = tourney_publish_from_log(&r.header, &r.stats, &r.games, dir, exe_path,
                                          env_plugin_path, out, width, err, error, sizeof(error));
    }
    if (status != 0) {
        fprintf(err, "tourney: %s\n", error);
    } else if (out != NULL) {
        fprintf(out, "\nReports rebuilt from %s: %" PRIu64 " of %" PRIu64 " games\n", path,
                r.stats.games, tourney_shard_games(&r.header.shard, r.header.games_scheduled));
    }
    if (r.ready) {
        tourney_game_sample_finish(&r.games);
        tourney_stats_finish(&r.stats);
    }
    tourney_header_finish(&r.header);
    free(path);
    return status;
}
