#include "run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "game_player.h"
#include "game_set.h"
#include "job_pool.h"
#include "log_header.h"
#include "output.h"
#include "publish.h"
#include "record.h"
#include "results_log.h"
#include "schedule.h"
#include "stats.h"
#include "text.h"

/* Everything a run owns, released in one place. */
struct run_state {
    const struct tournament *tournament;
    const struct run_options *options;
    FILE *err;
    struct log_header header;
    struct schedule schedule;
    struct stats stats;
    struct results_log log;
    struct game_set done; /* games already in the log */
    uint64_t to_play;     /* the games of this run: of its shard, or all */
    uint64_t finished;    /* of those, in the log */
    uint64_t last_progress;
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
    return tourney_stats_add(&run->stats, record);
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
    while (g < run->schedule.count &&
           (tourney_game_set_has(&run->done, g) || !tourney_shard_has(&run->options->shard, g))) {
        g++;
    }
    return g;
}

static void show_progress(struct run_state *run)
{
    uint64_t now = tourney_now_ns();
    if (!run->options->progress ||
        (now - run->last_progress < UINT64_C(500000000) && run->finished < run->to_play)) {
        return;
    }
    run->last_progress = now;
    fprintf(run->err, "\rplayed %" PRIu64 " of %" PRIu64 " games", run->finished, run->to_play);
    if (run->finished == run->to_play) {
        fputc('\n', run->err);
    }
    fflush(run->err);
}

/* A finished game, in game order: for the log, then counted. */
static int deliver_game(void *context, const struct game_record *record, const char *line,
                        char *error, size_t error_size)
{
    struct run_state *run = context;
    if (tourney_results_log_add_line(&run->log, line, error, error_size) != 0) {
        return -1;
    }
    if (tourney_stats_add(&run->stats, record) != 0) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    run->finished++;
    show_progress(run);
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
    tourney_game_set_finish(&run->done);
    tourney_schedule_finish(&run->schedule);
    tourney_header_finish(&run->header);
}

/* Opens the results log fresh, or continues it when resuming. */
static int open_log(struct run_state *run, char *error, size_t size)
{
    const char *dir = run->tournament->config.output_dir;
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
        fprintf(run->err, "tourney: resuming %s: %" PRIu64 " of %" PRIu64 " games already played\n",
                dir, run->finished, run->to_play);
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
    if (tourney_schedule_init(&run.schedule, t->entrant_count, t->config.games_per_pair,
                              t->config.seed, t->gauntlet) != 0) {
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
    if (tourney_mkdir_p(t->config.output_dir, error, sizeof(error)) != 0 ||
        open_log(&run, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        goto out;
    }
    outcome = options->jobs > 1 ? play_in_workers(&run, error, sizeof(error))
                                : play_here(&run, error, sizeof(error));
    if (outcome == RUN_FAILED) {
        fprintf(err, "tourney: %s\n", error[0] ? error : "out of memory");
    }
    if (tourney_results_log_sync(&run.log, error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        outcome = RUN_FAILED;
    }

    /* Reports cover whatever was played, even when the run stopped early. */
    if (tourney_publish(&run.header, &run.stats, t->config.output_dir, options->quiet ? NULL : out,
                        error, sizeof(error)) != 0) {
        fprintf(err, "tourney: %s\n", error);
        outcome = RUN_FAILED;
        goto out;
    }
    if (!options->quiet) {
        fprintf(out, "\nReports written to %s/ (report.md, results.csv, summary.json, %s)\n",
                t->config.output_dir, TOURNEY_LOG_NAME);
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
                run.finished, run.to_play, t->config.output_dir, TOURNEY_LOG_NAME, t->config.path,
                shard, options->output ? " --output " : "", options->output ? options->output : "");
    }
out:
    run_finish(&run);
    return outcome;
}

/* Statistics for a log being read: sized from its header, which the reader
 * fills before it hands over the first game. */
struct rebuild {
    struct log_header header;
    struct stats stats;
    bool ready;
};

static int rebuild_ready(struct rebuild *r)
{
    if (!r->ready && tourney_stats_init_for(&r->stats, &r->header) == 0) {
        r->ready = true;
    }
    return r->ready ? 0 : -1;
}

static int rebuild_game(const struct game_record *record, void *context)
{
    struct rebuild *r = context;
    return rebuild_ready(r) == 0 ? tourney_stats_add(&r->stats, record) : -1;
}

int tourney_rebuild_reports(const char *dir, FILE *out, FILE *err)
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
        status = tourney_publish(&r.header, &r.stats, dir, out, error, sizeof(error));
    }
    if (status != 0) {
        fprintf(err, "tourney: %s\n", error);
    } else if (out != NULL) {
        fprintf(out, "\nReports rebuilt from %s: %" PRIu64 " of %" PRIu64 " games\n", path,
                r.stats.games, tourney_shard_games(&r.header.shard, r.header.games_scheduled));
    }
    if (r.ready) {
        tourney_stats_finish(&r.stats);
    }
    tourney_header_finish(&r.header);
    free(path);
    return status;
}
