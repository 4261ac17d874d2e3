#include "run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyze.h"
#include "exact_solver.h"
#include "clock.h"
#include "dir_lock.h"
#include "exact_after_run.h"
#include "fits.h"
#include "game_player.h"
#include "game_sample.h"
#include "game_set.h"
#include "job_pool.h"
#include "log_header.h"
#include "log_line.h"
#include "out_dir.h"
#include "publish.h"
#include "report.h"
#include "record.h"
#include "results_log.h"
#include "schedule.h"
#include "stats.h"
#include "table.h"
#include "text.h"
#include "tournament_header.h"
#include "text_escape.h"

/* Everything a run owns, released in one place. */
struct run_state {
    const struct tournament *tournament;
    const struct run_options *options;
    FILE *err;                   /* the progress line's */
    const struct warnings *warn; /* the run's notices */
    struct out_dir dir;          /* the output directory */
    struct dir_lock lock;        /* of the output directory */
    struct log_header header;
    struct schedule schedule;
    struct stats stats;
    struct game_sample games; /* the games report.html shows */
    struct results_log log;
    struct game_set done; /* games in the log: already there, or played since */
    const char **names;   /* the entrants' names, to read a game's line back */
    struct shard shard;   /* the options' shard, dealt over the schedule's pairs */
    uint64_t to_play;     /* the games of this run: of its shard, or all */
    uint64_t finished;    /* of those, in the log */
    struct progress progress;
    /* Plays the games: in the runner with jobs = 1, in each worker else. */
    struct game_player player;
    bool player_ready;
};

/* Counts a game found in the log being resumed. */
static int count_logged_game(const struct game_record *record, void *context, struct error *err)
{
    struct run_state *run = context;
    if (tourney_game_set_add(&run->done, record->index) &&
        tourney_shard_has(&run->shard, record->index)) {
        run->finished++;
    }
    if (tourney_stats_add(&run->stats, record) != ALLOC_OK ||
        tourney_game_sample_add(&run->games, record) != ALLOC_OK) {
        return tourney_error_nomem(err);
    }
    return 0;
}

static bool stopping(const struct run_options *options)
{
    return options->stop != NULL && *options->stop != 0;
}

/* Whether the runner is asked to stop, by now or within the window in which
 * a job's end that stopped an agent process reaches it too (game_player.h).
 * A signal cuts the wait short. */
static bool stop_follows(const struct run_options *options)
{
    uint64_t until = tourney_now_ns() + TOURNEY_OUTSIDE_STOP_WINDOW_NS;
    for (uint64_t now = tourney_now_ns(); !stopping(options) && now < until;
         now = tourney_now_ns()) {
        uint64_t wait_ns = until - now;
        struct timespec wait = {.tv_sec = (time_t)(wait_ns / 1000000000),
                                .tv_nsec = (long)(wait_ns % 1000000000)};
        nanosleep(&wait, NULL);
    }
    return stopping(options);
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
           (tourney_game_set_has(&run->done, g) || !tourney_shard_has(&run->shard, g))) {
        g++;
    }
    return g;
}

/* The agent in first place and its score rate, for the progress line: named
 * only when it is surely ahead of the second, as the reports' verdict has
 * it (their games' LOS at least LEADER_LOS), so never after one game. */
static const char *leader(const struct run_state *run, double *score)
{
    const struct stats *stats = &run->stats;
    size_t best = SIZE_MAX;
    size_t second = SIZE_MAX;
    double best_score = -1.0;
    double second_score = -1.0;
    for (size_t i = 0; i < stats->agent_count; i++) {
        double s = tourney_score_rate(&stats->agents[i].all);
        if (stats->agents[i].all.games == 0) {
            continue;
        }
        if (s > best_score) {
            second = best;
            second_score = best_score;
            best = i;
            best_score = s;
        } else if (s > second_score) {
            second = i;
            second_score = s;
        }
    }
    *score = best_score < 0 ? 0.0 : best_score;
    const struct pair_stats *pair =
        best != SIZE_MAX && second != SIZE_MAX ? tourney_stats_pair(stats, best, second) : NULL;
    if (pair == NULL) {
        return NULL;
    }
    struct tally t = tourney_pair_tally(pair, best, -1);
    struct pentanomial p = tourney_pair_pentanomial(pair, best);
    struct elo_estimate e = tourney_elo_estimate_paired(t.wins, t.draws, t.losses, &p);
    return e.los >= LEADER_LOS ? run->tournament->entrants[best].name : NULL;
}

/* The ratings of the field so far, for the live progress line. */
static void rate_field(void *context, struct progress *p, uint64_t now_ns)
{
    struct run_state *run = context;
    const struct tournament *t = run->tournament;
    const char **names = calloc(t->entrant_count + 1, sizeof(*names));
    struct ratings ratings;
    if (names != NULL &&
        tourney_ratings_fit(&ratings, &run->stats, run->header.settings.rating_anchor) == 0) {
        for (size_t i = 0; i < t->entrant_count; i++) {
            names[i] = t->entrants[i].name;
        }
        tourney_progress_set_ratings(p, now_ns, names, &ratings);
    }
    if (names != NULL) {
        tourney_ratings_finish(&ratings);
    }
    free(names);
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

/* A finished game, its sealed log line, in game order: for the log, then
 * counted. The line is the game's one form: its record is read back from
 * it once, as `tourney report` and a resumed run read it, so that the
 * counts and report.html are the same for any number of jobs, resumed or
 * not. */
static int deliver_game(void *context, const char *line, struct error *err)
{
    struct run_state *run = context;
    /* Games played past the sequential test's verdict (by other workers
     * while it was reached) are dropped, so that any number of jobs logs
     * the same games. */
    if (run->stats.sprt.verdict != SPRT_CONTINUE) {
        return 0;
    }
    struct game_record record;
    tourney_record_init(&record);
    if (tourney_log_line_read_game(line, run->names, run->tournament->entrant_count, &record,
                                   err) != 0) {
        tourney_error_prefix(err, "game %" PRIu32 " does not read back", record.index);
        return -1;
    }
    int status = tourney_results_log_add_line(&run->log, line, err);
    if (status == 0 && (tourney_stats_add(&run->stats, &record) != ALLOC_OK ||
                        tourney_game_sample_add(&run->games, &record) != ALLOC_OK)) {
        status = tourney_error_nomem(err);
    }
    if (status == 0) {
        run->finished++;
        /* The games in the log, those resumed and those played: what the
         * exact win rates against random are over. */
        tourney_game_set_add(&run->done, record.index);
        show_game(run, &record);
    }
    tourney_record_finish(&record);
    return status;
}

/* The games delivered so far, into the log. */
static int write_games(void *context, struct error *err)
{
    struct run_state *run = context;
    return tourney_results_log_write_pending(&run->log, err);
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
                       struct error *err)
{
    struct run_state *run = context;
    return tourney_game_player_play(&run->player, game, record, line, err);
}

/* A worker, as it starts: the directory's lock and its log are the
 * runner's alone. A worker holding its copies would keep the directory of
 * a run killed with SIGKILL locked until it had died too, and refuse the
 * --resume that follows at once. */
static int worker_init(void *context)
{
    struct run_state *run = context;
    tourney_dir_unlock(&run->lock);
    tourney_results_log_forget(&run->log);
    tourney_out_dir_close(&run->dir);
    return player_init(run);
}

static void player_idle(void *context)
{
    struct run_state *run = context;
    tourney_game_player_rest(&run->player);
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

static int sync_log(void *context, struct error *err)
{
    struct run_state *run = context;
    return tourney_results_log_sync(&run->log, err);
}

/* jobs = 1: game after game in the runner's own process. */
static enum run_outcome play_here(struct run_state *run, struct error *err)
{
    if (player_init(run) != 0) {
        tourney_error_nomem(err);
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
        int status = player_play(run, g, &record, &line, err);
        if (status > 0 && stop_follows(run->options)) {
            /* An agent was stopped from outside, and so was the runner: the
             * game is no result, and the run stops. */
            tourney_warn(run->warn, "%s; it will be played again", err->text);
            tourney_error_clear(err);
            free(line);
            tourney_record_finish(&record);
            outcome = RUN_INTERRUPTED;
            break;
        }
        if (status > 0) {
            /* Nothing stopped the runner: the agent's word, or its own
             * doing. It lost the game, as recorded. */
            tourney_error_clear(err);
            status = 0;
        }
        if (status == 0) {
            status = deliver_game(run, line, err);
        }
        if (status == 0) {
            status = write_games(run, err);
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
static enum run_outcome play_in_workers(struct run_state *run, struct error *err)
{
    const struct job_plan plan = {
        .jobs = run->options->jobs,
        .games = run->schedule.count,
        .next = next_game,
        .worker_init = worker_init,
        .play = player_play,
        .worker_finish = player_finish,
        .worker_idle = player_idle,
        .deliver = deliver_game,
        .flush = write_games,
        .due = sync_due,
        .tick = sync_log,
        .context = run,
        .stop = run->options->stop,
        .outside_window_ns = TOURNEY_OUTSIDE_STOP_WINDOW_NS,
        .warn = run->warn,
    };
    switch (tourney_job_pool_run(&plan, err)) {
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
    tourney_dir_unlock(&run->lock);
    tourney_out_dir_close(&run->dir);
    free(run->names);
}

/* The --set and --each options of the run as a command line repeats them,
 * each value quoted for the shell where it needs to be (heap string; NULL
 * when out of memory). */
static char *overrides_text(const struct log_header *header)
{
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < header->override_count; i++) {
        const char *option = header->overrides[i];
        size_t name = strcspn(option, " ");
        const char *value = option + name + (option[name] == ' ');
        bool plain = value[0] != '\0' &&
                     strspn(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                   "0123456789_.,:=+-/@%") == strlen(value);
        char *quoted = NULL;
        if (plain) {
            quoted = strdup(value);
        } else {
            /* '...' with each ' written as '\'' */
            quoted = strdup("'");
            for (const char *c = value; quoted != NULL && *c != '\0'; c++) {
                char *longer = *c == '\'' ? tourney_format("%s'\\''", quoted)
                                          : tourney_format("%s%c", quoted, *c);
                free(quoted);
                quoted = longer;
            }
            char *closed = quoted != NULL ? tourney_format("%s'", quoted) : NULL;
            free(quoted);
            quoted = closed;
        }
        char *longer =
            quoted != NULL ? tourney_format("%s %.*s %s", text, (int)name, option, quoted) : NULL;
        free(quoted);
        free(text);
        text = longer;
    }
    return text;
}

/* A run that does not resume starts a new log: over one the directory
 * holds only when told to start over, and then with the old one moved
 * aside. Never a word-less loss of a log. */
static int start_log(struct run_state *run, struct error *err)
{
    const struct out_dir *dir = &run->dir;
    uint64_t games = 0;
    int held = tourney_results_log_count(dir, &games, err);
    if (held < 0) {
        return -1;
    }
    if (held > 0 && !run->options->fresh) {
        char *aside = tourney_out_dir_free_name(dir, TOURNEY_LOG_NAME);
        tourney_error_set(err,
                          "%s already holds a results log of %" PRIu64 " game%s; continue it "
                          "with --resume, or start over with --fresh (which keeps it as %s/%s)",
                          dir->path, games, games == 1 ? "" : "s", dir->path,
                          aside != NULL ? aside : TOURNEY_LOG_NAME ".N");
        free(aside);
        return -1;
    }
    if (held > 0) {
        char *aside = NULL;
        if (tourney_out_dir_set_aside(dir, TOURNEY_LOG_NAME, &aside, err) != 0) {
            return -1;
        }
        tourney_warn(run->warn,
                     "starting over in %s; its results log of %" PRIu64 " game%s is kept as %s/%s",
                     dir->path, games, games == 1 ? "" : "s", dir->path, aside);
        free(aside);
    }
    return tourney_results_log_create(&run->log, dir, &run->header, err);
}

/* Opens the results log fresh, or continues it when resuming. */
static int open_log(struct run_state *run, struct error *err)
{
    const char *dir = run->dir.path;
    if (!run->options->resume) {
        return start_log(run, err);
    }
    bool created = false;
    if (tourney_results_log_resume(&run->log, &run->dir, &run->header, count_logged_game, run,
                                   &created, err) != 0) {
        return -1;
    }
    if (created) {
        tourney_warn(run->warn, "no results log in %s yet; starting the tournament", dir);
    } else {
        tourney_warn(run->warn, "resuming %s: %" PRIu64 " of %" PRIu64 " games already played",
                     dir, run->finished, run->to_play);
    }
    return 0;
}

/* analysis = exact: every move of the log just written graded, in the
 * folder this run holds locked, with the game it played, before the
 * reports are written so that they show it. Returns 0, or -1 with ERROR
 * saying why. */
static int analyse_games(struct run_state *run, struct tournament *t,
                         const struct run_options *options, struct analysis_request *request,
                         struct analysis *result, const struct warnings *warn, struct error *error)
{
    *request = (struct analysis_request){
        .dir = t->config.settings.output_dir,
        .jobs = options->jobs,
        .budget = TOURNEY_EXACT_DEFAULT_BUDGET,
        .exe_path = options->exe_path,
        .env_plugin_path = options->env_plugin_path,
        .opened = &run->dir,
        .game = &t->game,
    };
    int status = tourney_analysis_run(request, result, warn, error);
    if (status != 0) {
        tourney_error_prefix(error, "the analysis (analysis = exact)");
    }
    return status;
}

/* LATER, a failure after the one in ERROR (if any), kept beside it: a run
 * that failed may fail again while it saves what it played, and the user
 * must hear of both. Returns -1. */
static int also(struct error *error, const struct error *later)
{
    if (!tourney_error_is_set(error)) {
        *error = *later;
        return -1;
    }
    size_t used = strlen(error->text);
    snprintf(error->text + used, sizeof(error->text) - used, "; then %s", later->text);
    return -1;
}

/* The warnings of a run about to start: what the agents run without, and
 * more jobs than free processors. */
static void warn_of_start(const struct tournament *t, const struct run_options *options,
                          const struct warnings *warn)
{
    if (t->sandbox_note != NULL) {
        tourney_warn(warn, "warning: agents run without the system-call sandbox: %s",
                     t->sandbox_note);
    }
    if (t->confinement_note != NULL) {
        tourney_warn(warn, "warning: agent processes run without %s", t->confinement_note);
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        if (t->entrants[i].access.note != NULL) {
            tourney_warn(warn, "warning: agent '%s': %s", t->entrants[i].name,
                         t->entrants[i].access.note);
        }
    }
    char starved[512];
    if (tourney_free_processors_warning(options->jobs, &options->processors, starved,
                                        sizeof(starved))) {
        tourney_warn(warn, "warning: %s", starved);
    }
}

/* How to go on with an interrupted run, two lines to LINES. */
static void say_how_to_resume(const struct run_state *run, const struct tournament *t,
                              const struct run_options *options, const struct warnings *lines)
{
    char shard[64] = "";
    if (options->shard.count > 0) {
        snprintf(shard, sizeof(shard), " --shard %" PRIu32 "/%" PRIu32, options->shard.index,
                 options->shard.count);
    }
    char *overrides = overrides_text(&run->header);
    tourney_warn(lines,
                 "tourney: interrupted after %" PRIu64 " of %" PRIu64 " games; every finished "
                 "game is in %s/%s.",
                 run->finished, run->to_play, t->config.settings.output_dir, TOURNEY_LOG_NAME);
    tourney_warn(lines, "Resume with: tourney run %s --resume%s%s%s%s", t->config.path, shard,
                 options->output ? " --output " : "", options->output ? options->output : "",
                 overrides ? overrides : "");
    free(overrides);
}

enum run_outcome tourney_run(struct tournament *t, const struct run_options *options, FILE *out,
                             FILE *err, const struct warnings *warn, struct error *error)
{
    struct run_state run;
    memset(&run, 0, sizeof(run));
    run.tournament = t;
    run.options = options;
    run.err = err;
    run.warn = warn;
    run.lock.fd = -1;
    run.dir.fd = -1;
    tourney_error_clear(error);
    enum run_outcome outcome = RUN_FAILED;
    if (tourney_header_from_tournament(&run.header, t, error) != 0) {
        return RUN_FAILED;
    }
    const struct tournament_settings *settings = &t->config.settings;
    struct footprint footprint;
    if (tourney_fits_check(t, tourney_fits_games(t), &footprint, error) != 0) {
        goto out;
    }
    if (tourney_schedule_init(&run.schedule, t->entrant_count, settings->games_per_pair,
                              settings->seed, t->gauntlet) != 0) {
        tourney_error_nomem(error);
        goto out;
    }
    if (run.schedule.count > TOURNEY_MAX_GAMES) {
        tourney_error_set(error,
                          "%s schedules %" PRIu64 " games; at most %" PRIu64 " fit in one "
                          "tournament",
                          t->config.path, run.schedule.count, TOURNEY_MAX_GAMES);
        goto out;
    }
    run.names = calloc(t->entrant_count + 1, sizeof(*run.names));
    if (run.names == NULL || tourney_stats_init_for(&run.stats, &run.header) != 0 ||
        tourney_game_sample_init_for(&run.games, &run.header) != 0 ||
        tourney_game_set_init(&run.done, run.schedule.count) != 0) {
        tourney_error_nomem(error);
        goto out;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        run.names[i] = t->entrants[i].name;
    }
    warn_of_start(t, options, warn);
    run.header.games_scheduled = run.schedule.count;
    run.shard = options->shard;
    tourney_shard_deal(&run.shard, run.schedule.pair_count, run.schedule.count);
    run.header.shard = run.shard;
    run.to_play = tourney_shard_games(&run.shard, run.schedule.count);
    /* Nothing in the directory is touched before its lock is held. */
    if (tourney_out_dir_open(&run.dir, t->config.settings.output_dir, true, error) != 0 ||
        tourney_dir_lock(&run.lock, &run.dir, error) != 0 || open_log(&run, error) != 0 ||
        tourney_results_log_start_writer(&run.log, run.lock.fd, error) != 0) {
        goto out;
    }
    tourney_progress_init(&run.progress, err, options->quiet ? PROGRESS_OFF : options->progress,
                          options->colour, options->verbose, run.to_play, run.finished,
                          tourney_now_ns());
    run.progress.width = options->width;
    tourney_progress_rate_with(&run.progress, rate_field, &run);
    outcome = options->jobs > 1 ? play_in_workers(&run, error) : play_here(&run, error);
    tourney_progress_finish(&run.progress, tourney_now_ns());
    if (outcome == RUN_FAILED && !tourney_error_is_set(error)) {
        tourney_error_nomem(error);
    } else if (outcome != RUN_FAILED) {
        /* What a step tried and did without (a log not there yet) is no
         * failure: only what fails from here on is told. */
        tourney_error_clear(error);
    }
    struct error later;
    if (tourney_results_log_sync(&run.log, &later) != 0) {
        outcome = RUN_FAILED;
        also(error, &later);
    }

    struct analysis_request analysis_request;
    struct analysis analysis;
    bool analysed = false;
    memset(&analysis, 0, sizeof(analysis));
    if (outcome == RUN_COMPLETE && settings->analysis == ANALYSIS_EXACT) {
        analysed =
            analyse_games(&run, t, options, &analysis_request, &analysis, warn, &later) == 0;
        if (!analysed) {
            outcome = RUN_FAILED;
            also(error, &later);
        }
    }
    int exact_agents = 0;
    if (outcome == RUN_COMPLETE && settings->exact_vs_random == EXACT_VS_RANDOM_YES) {
        exact_agents = tourney_exact_after_run(t, &run.schedule, &run.done, &run.header,
                                               run.stats.games, &run.dir, &later);
        if (exact_agents < 0) {
            outcome = RUN_FAILED;
            also(error, &later);
        } else if (exact_agents == 0) {
            tourney_warn(warn, "exact_vs_random = yes, but no agent played random");
        }
    }
    /* Reports cover whatever was played, even when the run stopped early. */
    const struct board_source board = {.game = &t->game};
    size_t width = options->wide ? 0 : tourney_table_console_width();
    if (tourney_publish(&run.header, &run.stats, &run.games, &board, &run.dir,
                        options->quiet ? NULL : out, width, warn, &later) != 0) {
        tourney_analysis_finish(&analysis);
        outcome = RUN_FAILED;
        also(error, &later);
        goto out;
    }
    if (!options->quiet) {
        fprintf(out,
                "\nReports written to %s/ (report.md, report.html, results.csv, "
                "summary.json, %s)\n",
                t->config.settings.output_dir, TOURNEY_LOG_NAME);
    }
    if (analysed && !options->quiet) {
        fprintf(out, "\nExact analysis (analysis = exact), written to %s/%s",
                t->config.settings.output_dir, TOURNEY_ANALYSIS_NAME);
        /* Its table is the reports' (above): what was solved is not. */
        tourney_analyze_print_counts(&analysis_request, &analysis, out);
    }
    tourney_analysis_finish(&analysis);
    if (outcome == RUN_INTERRUPTED) {
        say_how_to_resume(&run, t, options, options->lines);
    }
out:
    run_finish(&run);
    /* What a step tried and did without (a log not there yet) is no
     * failure of the run. */
    if (outcome != RUN_FAILED) {
        tourney_error_clear(error);
    }
    return outcome;
}
