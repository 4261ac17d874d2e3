/*
 * command_run.c - `tourney run CONFIG`: play the tournament and write its
 * reports.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "command_support.h"
#include "commands.h"
#include "config.h"
#include "free_processors.h"
#include "program_access.h"
#include "progress.h"
#include "run.h"
#include "shard.h"
#include "text.h"

enum {
    RUN_OUTPUT = 1,
    RUN_QUIET,
    RUN_VERBOSE,
    RUN_WIDE,
    RUN_RESUME,
    RUN_FRESH,
    RUN_JOBS,
    RUN_SHARD
};

static const struct cli_option run_options[] = {
    {RUN_OUTPUT, 'o', "output", "DIR", "a directory",
     "write the reports into DIR instead of the config's output_dir"},
    {RUN_QUIET, 'q', "quiet", NULL, NULL, "print no tables and no progress, only errors"},
    {RUN_VERBOSE, 'v', "verbose", NULL, NULL, "also print a line per game as it finishes"},
    {RUN_WIDE, 0, "wide", NULL, NULL,
     "print every column of the tables (by default they\n"
     "fit 100 characters, leaving out the least needed)"},
    {RUN_RESUME, 0, "resume", NULL, NULL,
     "continue the tournament whose results log is in the\n"
     "output folder, playing only the games not in it"},
    {RUN_FRESH, 0, "fresh", NULL, NULL,
     "start over in an output folder that holds a results\n"
     "log, which is kept as games.jsonl.1 (or .2, ...)"},
    {RUN_JOBS, 'j', "jobs", "N", "a number of jobs",
     "play N games at once, each in a worker process\n"
     "(1 to 256; default: the config's jobs, else one per core)"},
    {RUN_SHARD, 0, "shard", "K/N", "K/N, shard K of N",
     "play only shard K of N (K from 0 to N - 1), into\n"
     "OUTPUT_DIR/shard-K-of-N unless -o says otherwise"},
    CLI_OVERRIDE_OPTIONS,
    {0},
};

/* The columns of the terminal stderr is, or 0. */
static size_t terminal_width(void)
{
    struct winsize size;
    if (isatty(STDERR_FILENO) && ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0) {
        return size.ws_col;
    }
    return 0;
}

/* The number of online cores, as the default number of jobs. */
static unsigned default_jobs(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > TOURNEY_MAX_JOBS ? TOURNEY_MAX_JOBS : (unsigned)cores;
}

/* The options of the command line into OPTIONS, *CONFIG, *OUTPUT, *JOBS and
 * OVERRIDES; -1 with ERR saying what is wrong. */
static int read_arguments(const struct cli_words *args, struct run_options *options,
                          const char **config, const char **output, unsigned *jobs,
                          struct config_overrides *overrides, struct error *err)
{
    for (size_t i = 0; i < args->count; i++) {
        const struct cli_word *word = &args->words[i];
        int override = tourney_cli_take_override(word, overrides, err);
        if (override != 0) {
            if (override < 0) {
                return -1;
            }
            continue;
        }
        if (word->option == NULL) {
            if (*config != NULL) {
                return tourney_error_set(err, "expected one CONFIG, got '%s' too", word->value);
            }
            *config = word->value;
            continue;
        }
        switch (word->option->id) {
        case RUN_QUIET:
            options->quiet = true;
            break;
        case RUN_VERBOSE:
            options->verbose = true;
            break;
        case RUN_WIDE:
            options->wide = true;
            break;
        case RUN_RESUME:
            options->resume = true;
            break;
        case RUN_FRESH:
            options->fresh = true;
            break;
        case RUN_OUTPUT:
            *output = word->value;
            break;
        case RUN_JOBS:
            if (!tourney_parse_jobs(word->value, jobs)) {
                return tourney_cli_bad_value(err, word, TOURNEY_JOBS_EXPECTED);
            }
            break;
        case RUN_SHARD:
            if (tourney_shard_parse(word->value, &options->shard, err) != 0) {
                return -1;
            }
            break;
        }
    }
    if (*config == NULL) {
        return tourney_error_set(err, "expected a CONFIG file (see tourney --help)");
    }
    if (options->resume && options->fresh) {
        return tourney_error_set(err, "--resume continues the results log and --fresh starts "
                                      "over: give one of them");
    }
    return 0;
}

/* The output folder OUTPUT names, or a shard's own beside the others',
 * into T; -1 when memory ran out. */
static int choose_output(struct tournament *t, const char *output, const struct shard *shard)
{
    if (output == NULL && shard->count == 0) {
        return 0;
    }
    char *dir = output != NULL
                    ? strdup(output)
                    : tourney_format("%s/shard-%" PRIu32 "-of-%" PRIu32,
                                     t->config.settings.output_dir, shard->index, shard->count);
    if (dir == NULL) {
        return -1;
    }
    free(t->config.settings.output_dir);
    t->config.settings.output_dir = dir;
    return 0;
}

static int play(const struct cli_context *context, struct run_options *options, const char *config,
                const char *output, unsigned jobs, struct config_overrides *overrides,
                struct error *err)
{
    struct tournament t;
    if (tourney_cli_open_tournament(&t, config, overrides, context) != 0) {
        tourney_tournament_close(&t);
        return CLI_EXIT_USAGE;
    }
    if (choose_output(&t, output, &options->shard) != 0) {
        tourney_tournament_close(&t);
        tourney_error_nomem(err);
        return CLI_EXIT_RUN_FAILED;
    }
    /* Programs may read nothing of the output folder: this one. */
    if (tourney_tournament_plan_reads(&t, true, err) != 0) {
        tourney_tournament_close(&t);
        return CLI_EXIT_RUN_FAILED;
    }
    unsigned config_jobs = t.config.settings.jobs;
    options->jobs = jobs != 0 ? jobs : config_jobs != 0 ? config_jobs : default_jobs();
    options->processors = tourney_free_processors_measure(getenv(TOURNEY_FREE_PROCESSORS_ENV));
    options->output = output;
    options->stop = context->stop;
    context->catch_stops();
    options->exe_path = context->exe;
    options->env_plugin_path = context->plugin_path;
    options->lines = context->lines;
    enum run_outcome outcome =
        tourney_run(&t, options, context->out, context->err, context->warn, err);
    tourney_tournament_close(&t);
    /* Stopped: 128 + the signal, as a shell reports a program it killed
     * (130 for Ctrl-C, 143 for SIGTERM). */
    int stopped_by = *context->stop;
    return outcome == RUN_COMPLETE ? CLI_EXIT_SUCCESS
           : outcome == RUN_INTERRUPTED
               ? CLI_EXIT_SIGNALLED + (stopped_by > 0 && stopped_by < 64 ? stopped_by : SIGINT)
               : CLI_EXIT_RUN_FAILED;
}

static int run(const struct cli_context *context, struct error *err)
{
    bool terminal = isatty(fileno(context->err)) != 0;
    struct run_options options = {
        .progress = terminal ? PROGRESS_LIVE : PROGRESS_PLAIN,
        .colour = tourney_progress_colour_ok(terminal, getenv("NO_COLOR")),
        .width = terminal_width(),
    };
    const char *config = NULL;
    const char *output = NULL;
    unsigned jobs = 0;
    struct config_overrides overrides;
    tourney_overrides_init(&overrides);
    int status = CLI_EXIT_USAGE;
    if (read_arguments(context->args, &options, &config, &output, &jobs, &overrides, err) == 0) {
        status = play(context, &options, config, output, jobs, &overrides, err);
    }
    tourney_overrides_finish(&overrides);
    return status;
}

const struct cli_command tourney_cli_run_command = {
    .name = "run",
    .usage = "run CONFIG [OPTIONS]",
    .summary = "play the tournament CONFIG describes and write its reports",
    .options = run_options,
    .details = "The tables go to standard output, the progress to standard error. The\n"
               "values set with --set and --each are checked as the file's are, and kept\n"
               "in the results log's header; a run resumed with --resume must set them\n"
               "again. A run into a folder that holds a results log refuses without\n"
               "--resume or --fresh: no result is ever replaced. Nothing is written\n"
               "through a link: the output folder and the files in it must not be links.\n"
               "See docs/config.md.",
    .run = run,
};
