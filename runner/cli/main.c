/*
 * main.c - the `tourney` command line. The only place that decides exit codes:
 * 0 success, 1 a run failed, 2 bad usage, config or plugins.
 */
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "diag.h"
#include "fits.h"
#include "analyze.h"
#include "exact_command.h"
#include "exact_vs_random.h"
#include "export.h"
#include "help.h"
#include "merge.h"
#include "option_words.h"
#include "overrides.h"
#include "params.h"
#include "plugin.h"
#include "plugin_search.h"
#include "play.h"
#include "probe.h"
#include "program_access.h"
#include "rebuild.h"
#include "replay.h"
#include "run.h"
#include "shard.h"
#include "solve.h"
#include "suggest.h"
#include "table.h"
#include "text.h"
#include "tournament.h"
#include "text_escape.h"

#ifndef TOURNEY_VERSION
#error "meson defines TOURNEY_VERSION"
#endif

enum { EXIT_RUN_FAILED = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3, EXIT_SIGNALLED = 128 };

/* Set by SIGINT/SIGTERM/SIGHUP to the signal's number: the run stops after
 * the game being played (and a game whose agent process was stopped from
 * outside at about the same time is no result). The one piece of global
 * state, as a signal handler can reach nothing else. */
static volatile sig_atomic_t stop_requested;

static void request_stop(int signal_number)
{
    stop_requested = signal_number;
}

/* A first Ctrl-C stops cleanly; the handler then resets itself, so a second
 * one ends the program at once. A hang-up (the ssh session of a remote
 * shard lost) stops it the same way, unless it was started to ignore
 * hang-ups (nohup). */
static void catch_stop_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = request_stop;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    struct sigaction hangup;
    if (sigaction(SIGHUP, NULL, &hangup) == 0 && hangup.sa_handler != SIG_IGN) {
        sigaction(SIGHUP, &action, NULL);
    }
}

/* Where this program lives, to recognise a run from the build tree. */
static char *exe_path(void)
{
    char buffer[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", buffer, sizeof(buffer) - 1);
    if (length <= 0) {
        return NULL;
    }
    buffer[length] = '\0';
    return strdup(buffer);
}

static int open_tournament(struct tournament *t, const char *config,
                           struct config_overrides *overrides, FILE *err)
{
    struct diagnostics diag;
    tourney_diag_init(&diag);
    char *exe = exe_path();
    int status = tourney_tournament_open_overridden(t, config, overrides, exe,
                                                    getenv("TOURNEY_PLUGIN_PATH"), &diag);
    free(exe);
    if (status != 0 || tourney_diag_any(&diag)) {
        tourney_diag_print(&diag, err);
        fprintf(err, "tourney: %zu error%s in %s; nothing was played\n", diag.count,
                diag.count == 1 ? "" : "s", config);
        status = -1;
    }
    tourney_diag_finish(&diag);
    return status;
}

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

static int parse_jobs(const char *option, const char *text, unsigned *jobs)
{
    if (!tourney_parse_jobs(text, jobs)) {
        fprintf(stderr, "tourney run: bad value '%s' for %s: expected " TOURNEY_JOBS_EXPECTED "\n",
                text, option);
        return -1;
    }
    return 0;
}

/* What the value of OPTION is, for options that take one; NULL else. */
static const char *option_value(const char *option)
{
    static const char *const options[][2] = {
        {"--output", "a directory"},      {"-o", "a directory"},
        {"--jobs", "a number of jobs"},   {"-j", "a number of jobs"},
        {"--shard", "K/N, shard K of N"}, {"--set", "KEY=VALUE"},
        {"--each", "KEY=VALUE"},
    };
    for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
        if (strcmp(option, options[i][0]) == 0) {
            return options[i][1];
        }
    }
    return NULL;
}

/* --set and --each of COMMAND: read into OVERRIDES when OPTION is one of
 * them (returns 1), with the error on stderr (returns -1); 0 for another
 * option. */
static int read_override(const char *command, const char *option, const char *value,
                         struct config_overrides *overrides)
{
    enum override_kind kind;
    if (strcmp(option, "--set") == 0) {
        kind = OVERRIDE_SET;
    } else if (strcmp(option, "--each") == 0) {
        kind = OVERRIDE_EACH;
    } else {
        return 0;
    }
    struct error error;
    if (tourney_overrides_add(overrides, kind, value, &error) != 0) {
        fprintf(stderr, "tourney %s: ", command);
        tourney_terminal_say(stderr, "", error.text);
        return -1;
    }
    return 1;
}

/* The --set or --each at ARGV[*I], with its value, for COMMAND: 1 when it
 * was one (*I moved past its value), 0 when it was not, -1 after saying on
 * stderr what was wrong. */
static int take_override(const char *command, int argc, char **argv, int *i,
                         struct config_overrides *overrides)
{
    const char *option = argv[*i];
    const char *needs = option_value(option);
    if (needs == NULL || (strcmp(option, "--set") != 0 && strcmp(option, "--each") != 0)) {
        return 0;
    }
    if (*i + 1 == argc || argv[*i + 1][0] == '\0') {
        fprintf(stderr, "tourney %s: %s needs %s\n", command, option, needs);
        return -1;
    }
    *i += 1;
    return read_override(command, option, argv[*i], overrides);
}

static int run_with(int argc, char **argv, struct config_overrides *overrides)
{
    const char *config = NULL;
    const char *output = NULL;
    unsigned jobs = 0;
    bool terminal = isatty(STDERR_FILENO) != 0;
    struct run_options options = {
        .progress = terminal ? PROGRESS_LIVE : PROGRESS_PLAIN,
        .colour = tourney_progress_colour_ok(terminal, getenv("NO_COLOR")),
        .width = terminal_width(),
    };
    for (int i = 0; i < argc; i++) {
        const char *option = argv[i];
        const char *needs = option_value(option);
        if (needs != NULL && (i + 1 == argc || argv[i + 1][0] == '\0')) {
            fprintf(stderr, "tourney run: %s needs %s\n", option, needs);
            return EXIT_USAGE;
        }
        int override = needs != NULL ? read_override("run", option, argv[i + 1], overrides) : 0;
        if (override != 0) {
            if (override < 0) {
                return EXIT_USAGE;
            }
            i++;
        } else if (tourney_help_wanted(option)) {
            tourney_help_print_command("run", stdout);
            return EXIT_SUCCESS;
        } else if (strcmp(option, "--quiet") == 0 || strcmp(option, "-q") == 0) {
            options.quiet = true;
        } else if (strcmp(option, "--verbose") == 0 || strcmp(option, "-v") == 0) {
            options.verbose = true;
        } else if (strcmp(option, "--wide") == 0) {
            options.wide = true;
        } else if (strcmp(option, "--resume") == 0) {
            options.resume = true;
        } else if (strcmp(option, "--fresh") == 0) {
            options.fresh = true;
        } else if (strcmp(option, "--output") == 0 || strcmp(option, "-o") == 0) {
            output = argv[++i];
        } else if (strcmp(option, "--jobs") == 0 || strcmp(option, "-j") == 0) {
            if (parse_jobs(option, argv[++i], &jobs) != 0) {
                return EXIT_USAGE;
            }
        } else if (strcmp(option, "--shard") == 0) {
            struct error error;
            if (tourney_shard_parse(argv[++i], &options.shard, &error) != 0) {
                tourney_terminal_say(stderr, "tourney run: ", error.text);
                return EXIT_USAGE;
            }
        } else if (option[0] == '-' && option[1] != '\0') {
            tourney_help_unknown_option("run", option, stderr);
            return EXIT_USAGE;
        } else if (config == NULL) {
            config = option;
        } else {
            fprintf(stderr, "tourney run: expected one CONFIG, got '%s' too\n", option);
            return EXIT_USAGE;
        }
    }
    if (config == NULL) {
        fprintf(stderr, "tourney run: expected a CONFIG file (see tourney --help)\n");
        return EXIT_USAGE;
    }
    if (options.resume && options.fresh) {
        fprintf(stderr, "tourney run: --resume continues the results log and --fresh starts "
                        "over: give one of them\n");
        return EXIT_USAGE;
    }
    struct tournament t;
    if (open_tournament(&t, config, overrides, stderr) != 0) {
        tourney_tournament_close(&t);
        return EXIT_USAGE;
    }
    /* A shard's reports go beside the others' unless -o says where. */
    char *dir =
        output != NULL ? strdup(output)
        : options.shard.count > 0
            ? tourney_format("%s/shard-%" PRIu32 "-of-%" PRIu32, t.config.settings.output_dir,
                             options.shard.index, options.shard.count)
            : NULL;
    if (dir == NULL && (output != NULL || options.shard.count > 0)) {
        tourney_tournament_close(&t);
        fprintf(stderr, "tourney: out of memory\n");
        return EXIT_RUN_FAILED;
    }
    if (dir != NULL) {
        free(t.config.settings.output_dir);
        t.config.settings.output_dir = dir;
    }
    /* Programs may read nothing of the output folder: this one. */
    struct error error;
    if (tourney_tournament_plan_reads(&t, true, &error) != 0) {
        tourney_tournament_close(&t);
        tourney_terminal_say(stderr, "tourney: ", error.text);
        return EXIT_RUN_FAILED;
    }
    unsigned config_jobs = t.config.settings.jobs;
    options.jobs = jobs != 0 ? jobs : config_jobs != 0 ? config_jobs : default_jobs();
    options.processors = tourney_free_processors_measure(getenv(TOURNEY_FREE_PROCESSORS_ENV));
    options.output = output;
    options.stop = &stop_requested;
    catch_stop_signals();
    char *exe = exe_path();
    options.exe_path = exe;
    options.env_plugin_path = getenv("TOURNEY_PLUGIN_PATH");
    enum run_outcome outcome = tourney_run(&t, &options, stdout, stderr);
    free(exe);
    tourney_tournament_close(&t);
    /* Stopped: 128 + the signal, as a shell reports a program it killed
     * (130 for Ctrl-C, 143 for SIGTERM). */
    int stopped_by = stop_requested;
    return outcome == RUN_COMPLETE ? EXIT_SUCCESS
           : outcome == RUN_INTERRUPTED
               ? (stopped_by > 0 && stopped_by < 64 ? EXIT_SIGNALLED + stopped_by
                                                    : EXIT_SIGNALLED + SIGINT)
               : EXIT_RUN_FAILED;
}

/* COMMAND with the --set and --each values it reads, released after it. */
static int with_overrides(int (*command)(int, char **, struct config_overrides *), int argc,
                          char **argv)
{
    struct config_overrides overrides;
    tourney_overrides_init(&overrides);
    int status = command(argc, argv, &overrides);
    tourney_overrides_finish(&overrides);
    return status;
}

static int command_report(int argc, char **argv)
{
    const char *dir = NULL;
    bool wide = false;
    for (int i = 0; i < argc; i++) {
        if (tourney_help_wanted(argv[i])) {
            tourney_help_print_command("report", stdout);
            return EXIT_SUCCESS;
        } else if (strcmp(argv[i], "--wide") == 0) {
            wide = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            tourney_help_unknown_option("report", argv[i], stderr);
            return EXIT_USAGE;
        } else if (dir == NULL) {
            dir = argv[i];
        } else {
            dir = NULL;
            break;
        }
    }
    if (dir == NULL) {
        fprintf(stderr, "tourney report: expected exactly one DIR holding games.jsonl\n");
        return EXIT_USAGE;
    }
    char *exe = exe_path();
    int status = tourney_rebuild_reports(dir, exe, getenv("TOURNEY_PLUGIN_PATH"), stdout,
                                         wide ? 0 : tourney_table_console_width(), stderr);
    free(exe);
    return status == 0 ? EXIT_SUCCESS : EXIT_RUN_FAILED;
}

/* What a program agent may read, one line each, and what was held back. */
static void print_program_access(const struct program_reads *access)
{
    /* Paths are the user's file names: any bytes (text_escape.h). */
    printf("  %-20s   runs in ", "");
    tourney_terminal_text(stdout, access->workdir, false);
    fputs(", may read:\n", stdout);
    for (size_t i = 0; access->shown != NULL && access->shown[i] != NULL; i++) {
        printf("  %-20s     ", "");
        tourney_terminal_say(stdout, "", access->shown[i]);
    }
    printf("  %-20s     the system's libraries\n", "");
    if (access->note != NULL) {
        printf("  %-20s   note: ", "");
        tourney_terminal_say(stdout, "", access->note);
    }
}

static int validate_with(int argc, char **argv, struct config_overrides *overrides)
{
    const char *config = NULL;
    for (int i = 0; i < argc; i++) {
        const char *option = argv[i];
        int override = take_override("validate", argc, argv, &i, overrides);
        if (override < 0) {
            return EXIT_USAGE;
        } else if (override > 0) {
            continue;
        } else if (tourney_help_wanted(option)) {
            tourney_help_print_command("validate", stdout);
            return EXIT_SUCCESS;
        } else if (option[0] == '-' && option[1] != '\0') {
            tourney_help_unknown_option("validate", option, stderr);
            return EXIT_USAGE;
        } else if (config != NULL) {
            config = NULL;
            break;
        }
        config = option;
    }
    if (config == NULL) {
        fprintf(stderr, "tourney validate: expected exactly one CONFIG file\n");
        return EXIT_USAGE;
    }
    struct tournament t;
    int status = open_tournament(&t, config, overrides, stderr);
    struct footprint footprint;
    struct error error;
    tourney_error_clear(&error);
    if (status == 0 && tourney_fits_check(&t, tourney_fits_games(&t), &footprint, &error) != 0) {
        tourney_terminal_say(stderr, "tourney: ", error.text);
        status = -1;
    }
    if (status == 0) {
        size_t agents = t.entrant_count;
        /* Plugins name themselves, and paths and commands are the user's
         * file names: any bytes (text_escape.h). */
        char game[256];
        char params[512];
        char shown[1024];
        tourney_terminal_copy(game, sizeof(game), t.game_plugin.game->name);
        tourney_terminal_copy(params, sizeof(params), t.game_params_text);
        tourney_terminal_copy(shown, sizeof(shown), config);
        printf("%s: OK: game %s (%s), %zu agents, %s, %" PRIu64 " games\n", shown, game, params,
               agents, t.gauntlet == TOURNEY_NO_GAUNTLET ? "round-robin" : "gauntlet",
               tourney_fits_games(&t));
        const struct opening_book *book = &t.openings;
        if (book->source == OPENINGS_FILE) {
            tourney_terminal_copy(shown, sizeof(shown), t.config.openings_file);
            printf("  openings: %zu positions from %s, %s\n", book->count, shown,
                   book->order == OPENINGS_RANDOM ? "in an order drawn from the seed"
                                                  : "in the file's order");
        } else if (book->source == OPENINGS_PLIES) {
            printf("  openings: %" PRIu32 " random plies a round\n", book->plies);
        }
        for (size_t i = 0; i < agents; i++) {
            const struct entrant *e = &t.entrants[i];
            if (e->argv != NULL) {
                char program[1024];
                tourney_terminal_copy(shown, sizeof(shown), e->command);
                tourney_terminal_copy(program, sizeof(program), e->argv[0]);
                printf("  %-20s command: %s (%s)\n", e->name, shown, program);
                if (e->shim_tool != NULL) {
                    tourney_terminal_copy(shown, sizeof(shown), e->program_word);
                    printf("  %-20s   %s is a %s shim for %s\n", "", shown, e->shim_tool, program);
                }
                print_program_access(&e->access);
                continue;
            }
            char name[256];
            tourney_terminal_copy(name, sizeof(name), e->plugin->agent->name);
            tourney_terminal_copy(shown, sizeof(shown), e->plugin->path);
            tourney_terminal_copy(params, sizeof(params), e->params_text);
            printf("  %-20s %s (%s)%s%s\n", e->name, name, shown, params[0] ? ": " : "", params);
        }
        char memory[32];
        char reports[32];
        tourney_footprint_bytes_text(footprint.memory_bytes, memory, sizeof(memory));
        tourney_footprint_bytes_text(footprint.reports_bytes, reports, sizeof(reports));
        printf("  statistics and reports: about %s of memory, %s of report files\n", memory,
               reports);
    }
    tourney_tournament_close(&t);
    return status == 0 ? EXIT_SUCCESS : EXIT_USAGE;
}

/* Whether the arguments of COMMAND, which has no options, ask for its help
 * (printed) or hold an option (reported, with *STATUS set). */
static bool no_options(const char *command, int argc, char **argv, int *status)
{
    for (int i = 0; i < argc; i++) {
        if (tourney_help_wanted(argv[i])) {
            tourney_help_print_command(command, stdout);
            *status = EXIT_SUCCESS;
            return false;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            tourney_help_unknown_option(command, argv[i], stderr);
            *status = EXIT_USAGE;
            return false;
        }
    }
    return true;
}

static int command_merge(int argc, char **argv)
{
    int status = EXIT_USAGE;
    if (!no_options("merge", argc, argv, &status)) {
        return status;
    }
    if (argc < 2) {
        fprintf(stderr, "tourney merge: expected OUT_DIR and at least one SHARD_DIR holding "
                        "games.jsonl\n");
        return EXIT_USAGE;
    }
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-' || argv[i][0] == '\0') {
            fprintf(stderr, "tourney merge: expected directories, got '%s'\n", argv[i]);
            return EXIT_USAGE;
        }
    }
    char *exe = exe_path();
    enum merge_outcome outcome =
        tourney_merge(argv[0], (const char *const *)(argv + 1), (size_t)argc - 1, exe,
                      getenv("TOURNEY_PLUGIN_PATH"), stdout, stderr);
    free(exe);
    switch (outcome) {
    case MERGE_COMPLETE:
        return EXIT_SUCCESS;
    case MERGE_INCOMPLETE:
        return EXIT_INCOMPLETE;
    case MERGE_FAILED:
        break;
    }
    return EXIT_RUN_FAILED;
}

struct listing {
    enum tourney_plugin_kind kind;
    struct plugin_opener opener; /* plugins are looked at in a child process */
    char **seen;                 /* names already listed: the first one found shadows the rest */
    size_t seen_count;
    size_t listed;
};

static void list_plugin(const char *path, void *context)
{
    struct listing *listing = context;
    struct plugin plugin;
    struct error error;
    if (tourney_plugin_opener_open(&listing->opener, &plugin, path, listing->kind, &error) != 0) {
        /* A plugin of the other kind is expected in a shared directory; any
         * other failure is worth a word, or a broken plugin would just vanish. */
        enum tourney_plugin_kind other =
            listing->kind == TOURNEY_KIND_GAME ? TOURNEY_KIND_AGENT : TOURNEY_KIND_GAME;
        if (tourney_plugin_opener_open(&listing->opener, &plugin, path, other, NULL) == 0) {
            tourney_plugin_close(&plugin);
        } else {
            tourney_terminal_say(stderr, "tourney: skipping ", error.text);
        }
        return;
    }
    const char *name = tourney_plugin_name(&plugin);
    for (size_t i = 0; i < listing->seen_count; i++) {
        if (strcmp(listing->seen[i], name) == 0) {
            tourney_plugin_close(&plugin);
            return;
        }
    }
    char **seen = realloc(listing->seen, (listing->seen_count + 1) * sizeof(*seen));
    if (seen != NULL) {
        listing->seen = seen;
        listing->seen[listing->seen_count] = strdup(name);
        listing->seen_count += listing->seen[listing->seen_count] != NULL;
    }
    char identity[256];
    tourney_plugin_identity(tourney_plugin_id(&plugin), tourney_plugin_version(&plugin), identity,
                            sizeof(identity));
    /* What a plugin says of itself is any bytes: no escape sequence
     * reaches the terminal, no line break forges a line (text_escape.h). */
    fputs(listing->listed ? "\n" : "", stdout);
    tourney_terminal_text(stdout, name, false);
    fputs("\n  ", stdout);
    tourney_terminal_text(stdout, tourney_plugin_description(&plugin), false);
    printf("\n%s%s%s  %s\n", identity[0] ? "  " : "", identity, identity[0] ? "\n" : "", path);
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
    for (size_t i = 0; i < count; i++) {
        char expected[256];
        char param[4][256];
        tourney_params_expected(&params[i], param[3], sizeof(param[3]));
        tourney_terminal_copy(param[0], sizeof(param[0]), params[i].name);
        tourney_terminal_copy(param[1], sizeof(param[1]), params[i].default_value);
        tourney_terminal_copy(param[2], sizeof(param[2]), params[i].help ? params[i].help : "");
        tourney_terminal_copy(expected, sizeof(expected), param[3]);
        printf("    %-16s = %-8s %s (%s)\n", param[0], param[1], param[2], expected);
    }
    listing->listed++;
    tourney_plugin_close(&plugin);
}

static int command_list(enum tourney_plugin_kind kind, int argc, char **argv)
{
    int usage_status = EXIT_USAGE;
    if (!no_options(kind == TOURNEY_KIND_AGENT ? "agents" : "games", argc, argv, &usage_status)) {
        return usage_status;
    }
    if (argc > 1) {
        fprintf(stderr, "tourney %ss: expected at most one CONFIG file\n",
                tourney_kind_name(kind));
        return EXIT_USAGE;
    }
    struct tournament_config config;
    memset(&config, 0, sizeof(config));
    if (argc == 1) {
        struct diagnostics diag;
        tourney_diag_init(&diag);
        if (tourney_config_load(&config, argv[0], &diag) != 0 && config.doc.path == NULL) {
            tourney_diag_print(&diag, stderr);
            tourney_diag_finish(&diag);
            tourney_config_finish(&config);
            return EXIT_USAGE;
        }
        tourney_diag_finish(&diag);
    }
    struct plugin_search search;
    struct listing listing = {.kind = kind};
    char *exe = exe_path();
    int status = tourney_plugin_search_init(&search, config.plugin_dirs, config.plugin_dir_count,
                                            getenv("TOURNEY_PLUGIN_PATH"), exe);
    if (status == 0 && tourney_plugin_opener_init(&listing.opener, &config, exe) != 0) {
        tourney_plugin_search_finish(&search);
        status = -1;
    }
    free(exe);
    if (status != 0) {
        tourney_config_finish(&config);
        fprintf(stderr, "tourney: out of memory\n");
        return EXIT_RUN_FAILED;
    }
    tourney_plugin_search_each(&search, kind, list_plugin, &listing);
    if (listing.listed == 0) {
        char *dirs = tourney_plugin_search_describe(&search);
        fprintf(stderr, "tourney: no %s plugins found in %s\n", tourney_kind_name(kind),
                dirs ? dirs : "the plugin path");
        free(dirs);
    }
    for (size_t i = 0; i < listing.seen_count; i++) {
        free(listing.seen[i]);
    }
    free(listing.seen);
    tourney_plugin_opener_finish(&listing.opener);
    tourney_plugin_search_finish(&search);
    tourney_config_finish(&config);
    return listing.listed ? EXIT_SUCCESS : EXIT_RUN_FAILED;
}

static int command_replay(int argc, char **argv)
{
    int usage_status = EXIT_USAGE;
    if (!no_options("replay", argc, argv, &usage_status)) {
        return usage_status;
    }
    uint64_t game = 0;
    if (argc != 2 || !tourney_parse_uint64(argv[1], &game) || game > UINT32_MAX) {
        fprintf(stderr, "tourney replay: expected DIR and a game number (the \"game\" of "
                        "games.jsonl, from 0), e.g. tourney replay reports/classic 12\n");
        return EXIT_USAGE;
    }
    char *exe = exe_path();
    int status = tourney_replay(argv[0], (uint32_t)game, exe, getenv("TOURNEY_PLUGIN_PATH"),
                                stdout, stderr);
    free(exe);
    return status == 0 ? EXIT_SUCCESS : EXIT_RUN_FAILED;
}

static int command_export(int argc, char **argv)
{
    struct export_request request = {.format = EXPORT_TEXT};
    for (int i = 0; i < argc; i++) {
        const char *option = argv[i];
        bool takes_value = strcmp(option, "--format") == 0 || strcmp(option, "-o") == 0 ||
                           strcmp(option, "--output") == 0;
        if (takes_value && (i + 1 == argc || argv[i + 1][0] == '\0')) {
            fprintf(stderr, "tourney export: %s needs %s\n", option,
                    option[2] == 'f' ? "text or csv" : "a FILE");
            return EXIT_USAGE;
        }
        if (tourney_help_wanted(option)) {
            tourney_help_print_command("export", stdout);
            return EXIT_SUCCESS;
        } else if (strcmp(option, "--format") == 0) {
            if (!tourney_export_format_parse(argv[++i], &request.format)) {
                fprintf(stderr,
                        "tourney export: bad value '%s' for --format: expected text or "
                        "csv\n",
                        argv[i]);
                return EXIT_USAGE;
            }
        } else if (takes_value) {
            request.output = argv[++i];
        } else if (option[0] == '-' && option[1] != '\0') {
            tourney_help_unknown_option("export", option, stderr);
            return EXIT_USAGE;
        } else if (request.dir == NULL) {
            request.dir = option;
        } else {
            fprintf(stderr, "tourney export: expected one DIR, got '%s' too\n", option);
            return EXIT_USAGE;
        }
    }
    if (request.dir == NULL) {
        fprintf(stderr, "tourney export: expected a DIR holding games.jsonl\n");
        return EXIT_USAGE;
    }
    char *exe = exe_path();
    int status = tourney_export(&request, exe, getenv("TOURNEY_PLUGIN_PATH"), stdout, stderr);
    free(exe);
    return status == 0 ? EXIT_SUCCESS : EXIT_RUN_FAILED;
}

/* A whole number of at least MIN for OPTION of `tourney analyze`. */
static bool analyze_number(const char *option, const char *text, uint64_t min, uint64_t max,
                           uint64_t *value)
{
    if (!tourney_parse_uint64(text, value) || *value < min || *value > max) {
        fprintf(stderr,
                "tourney analyze: bad value '%s' for %s: expected a whole number from %" PRIu64
                " to %" PRIu64 "\n",
                text, option, min, max);
        return false;
    }
    return true;
}

static int command_analyze(int argc, char **argv)
{
    struct analysis_request request = {.jobs = 1, .budget = TOURNEY_EXACT_DEFAULT_BUDGET};
    bool wide = false;
    for (int i = 0; i < argc; i++) {
        const char *option = argv[i];
        bool takes_value = strcmp(option, "--jobs") == 0 || strcmp(option, "-j") == 0 ||
                           strcmp(option, "--budget") == 0 || strcmp(option, "--cache") == 0;
        uint64_t number = 0;
        if (takes_value && (i + 1 == argc || argv[i + 1][0] == '\0')) {
            fprintf(stderr, "tourney analyze: %s needs %s\n", option,
                    strcmp(option, "--cache") == 0 ? "a FILE" : "a whole number");
            return EXIT_USAGE;
        }
        if (tourney_help_wanted(option)) {
            tourney_help_print_command("analyze", stdout);
            return EXIT_SUCCESS;
        } else if (strcmp(option, "--jobs") == 0 || strcmp(option, "-j") == 0) {
            if (!analyze_number(option, argv[++i], 1, TOURNEY_ANALYSIS_MAX_JOBS, &number)) {
                return EXIT_USAGE;
            }
            request.jobs = (unsigned)number;
        } else if (strcmp(option, "--budget") == 0) {
            if (!analyze_number(option, argv[++i], 0, UINT64_C(1000000000000000), &number)) {
                return EXIT_USAGE;
            }
            request.budget = number;
        } else if (strcmp(option, "--cache") == 0) {
            request.cache_path = argv[++i];
        } else if (strcmp(option, "--wide") == 0) {
            wide = true;
        } else if (option[0] == '-' && option[1] != '\0') {
            tourney_help_unknown_option("analyze", option, stderr);
            return EXIT_USAGE;
        } else if (request.dir == NULL) {
            request.dir = option;
        } else {
            fprintf(stderr, "tourney analyze: expected one DIR, got '%s' too\n", option);
            return EXIT_USAGE;
        }
    }
    if (request.dir == NULL) {
        fprintf(stderr, "tourney analyze: expected a DIR holding games.jsonl\n");
        return EXIT_USAGE;
    }
    char *exe = exe_path();
    request.exe_path = exe;
    request.env_plugin_path = getenv("TOURNEY_PLUGIN_PATH");
    int status =
        tourney_analyze(&request, wide ? 0 : tourney_table_console_width(), stdout, stderr);
    free(exe);
    return status == 0 ? EXIT_SUCCESS : EXIT_RUN_FAILED;
}

static int command_play(int argc, char **argv)
{
    const char *config = NULL;
    const char *agent = NULL;
    int human_seat = 0;
    uint64_t seed = 1;
    for (int i = 0; i < argc; i++) {
        if (tourney_help_wanted(argv[i])) {
            tourney_help_print_command("play", stdout);
            return EXIT_SUCCESS;
        } else if (strcmp(argv[i], "--second") == 0) {
            human_seat = 1;
        } else if (strcmp(argv[i], "--first") == 0) {
            human_seat = 0;
        } else if (strcmp(argv[i], "--seed") == 0) {
            if (i + 1 == argc || !tourney_parse_uint64(argv[i + 1], &seed)) {
                fprintf(stderr, "tourney play: --seed needs a whole number\n");
                return EXIT_USAGE;
            }
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            tourney_help_unknown_option("play", argv[i], stderr);
            return EXIT_USAGE;
        } else if (config == NULL) {
            config = argv[i];
        } else if (agent == NULL) {
            agent = argv[i];
        } else {
            fprintf(stderr, "tourney play: expected CONFIG and AGENT, got '%s' too\n", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (config == NULL || agent == NULL) {
        fprintf(stderr, "tourney play: expected CONFIG and the NAME of one of its [agent NAME] "
                        "sections\n");
        return EXIT_USAGE;
    }
    struct tournament t;
    if (open_tournament(&t, config, NULL, stderr) != 0) {
        tourney_tournament_close(&t);
        return EXIT_USAGE;
    }
    size_t index = t.entrant_count;
    for (size_t i = 0; i < t.entrant_count; i++) {
        if (strcmp(t.entrants[i].name, agent) == 0) {
            index = i;
        }
    }
    int status = EXIT_USAGE;
    if (index == t.entrant_count) {
        struct suggestion guess;
        tourney_suggest_init(&guess, agent);
        fprintf(stderr, "tourney play: %s has no agent '%s'; its agents are:", config, agent);
        for (size_t i = 0; i < t.entrant_count; i++) {
            fprintf(stderr, " %s", t.entrants[i].name);
            tourney_suggest_consider(&guess, t.entrants[i].name);
        }
        const char *best = tourney_suggest_best(&guess);
        fprintf(stderr, "%s%s%s\n", best ? "; did you mean '" : "", best ? best : "",
                best ? "'?" : "");
    } else {
        status = tourney_play_human(&t, index, human_seat, seed, stdin, stdout, stderr) == 0
                     ? EXIT_SUCCESS
                     : EXIT_RUN_FAILED;
    }
    tourney_tournament_close(&t);
    return status;
}

/* `tourney exact-vs-random CONFIG [AGENT...] [--budget N] [--json]`, with
 * --set and --each as validate has them. */
static int exact_with(int argc, char **argv, struct config_overrides *overrides)
{
    const char *config = NULL;
    char **agents = calloc((size_t)argc + 1, sizeof(*agents));
    size_t agent_count = 0;
    uint64_t budget = EXACT_VS_RANDOM_DEFAULT_BUDGET;
    bool json = false;
    int status = EXIT_USAGE;
    if (agents == NULL) {
        fprintf(stderr, "tourney exact-vs-random: out of memory\n");
        return EXIT_RUN_FAILED;
    }
    for (int i = 0; i < argc; i++) {
        const char *option = argv[i];
        int override = take_override("exact-vs-random", argc, argv, &i, overrides);
        if (override < 0) {
            goto out;
        } else if (override > 0) {
            continue;
        } else if (tourney_help_wanted(option)) {
            tourney_help_print_command("exact-vs-random", stdout);
            status = EXIT_SUCCESS;
            goto out;
        } else if (strcmp(option, "--json") == 0) {
            json = true;
        } else if (strcmp(option, "--budget") == 0) {
            if (i + 1 == argc || !tourney_parse_uint64(argv[i + 1], &budget) || budget == 0) {
                fprintf(stderr, "tourney exact-vs-random: --budget needs a number of positions "
                                "above 0\n");
                goto out;
            }
            i++;
        } else if (option[0] == '-' && option[1] != '\0') {
            tourney_help_unknown_option("exact-vs-random", option, stderr);
            goto out;
        } else if (config == NULL) {
            config = option;
        } else {
            agents[agent_count++] = argv[i];
        }
    }
    if (config == NULL) {
        fprintf(stderr, "tourney exact-vs-random: expected CONFIG, and the NAMEs of its [agent "
                        "NAME] sections to compute (default: every agent but random)\n");
        goto out;
    }
    struct tournament t;
    if (open_tournament(&t, config, overrides, stderr) != 0) {
        tourney_tournament_close(&t);
        goto out;
    }
    int result = tourney_exact_command(&t, agents, agent_count, budget, json, stdout, stderr);
    status = result == 0 ? EXIT_SUCCESS : result == 2 ? EXIT_USAGE : EXIT_RUN_FAILED;
    tourney_tournament_close(&t);
out:
    free(agents);
    return status;
}

static int command_solve(int argc, char **argv)
{
    struct solve_request request = {.json = false};
    bool quiet = false;
    char **game_params = calloc((size_t)argc + 1, sizeof(*game_params));
    char **agent_params = calloc((size_t)argc + 1, sizeof(*agent_params));
    int status = EXIT_USAGE;

    if (game_params == NULL || agent_params == NULL) {
        fprintf(stderr, "tourney solve: out of memory\n");
        status = EXIT_RUN_FAILED;
        goto out;
    }
    request.game_params = game_params;
    request.agent_params = agent_params;
    for (int i = 0; i < argc; i++) {
        if (tourney_help_wanted(argv[i])) {
            tourney_help_print_command("solve", stdout);
            status = EXIT_SUCCESS;
            goto out;
        } else if (strcmp(argv[i], "--json") == 0) {
            request.json = true;
        } else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
            quiet = true;
        } else if (strcmp(argv[i], "--agent-param") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tourney solve: --agent-param needs KEY=VALUE\n");
                goto out;
            }
            agent_params[request.agent_param_count++] = argv[++i];
        } else if (strncmp(argv[i], "--agent-param=", 14) == 0) {
            agent_params[request.agent_param_count++] = argv[i] + 14;
        } else if (strcmp(argv[i], "--file") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tourney solve: --file needs a FILE\n");
                goto out;
            }
            request.file = argv[++i];
        } else if (strncmp(argv[i], "--file=", 7) == 0) {
            request.file = argv[i] + 7;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            tourney_help_unknown_option("solve", argv[i], stderr);
            goto out;
        } else if (request.game == NULL) {
            request.game = argv[i];
        } else if (strchr(argv[i], '=') != NULL && (request.position != NULL || request.file)) {
            game_params[request.game_param_count++] = argv[i];
        } else if (request.position == NULL && request.file == NULL) {
            request.position = argv[i];
        } else if (strchr(argv[i], '=') != NULL) {
            game_params[request.game_param_count++] = argv[i];
        } else {
            fprintf(stderr,
                    "tourney solve: expected the game's PARAM=VALUE after the position, got "
                    "'%s' (quote a position that has spaces)\n",
                    argv[i]);
            goto out;
        }
    }
    if (request.position == NULL && request.file == NULL) {
        fprintf(stderr, "tourney solve: expected a GAME and a POSITION, or a GAME and --file FILE "
                        "(see tourney --help)\n");
        goto out;
    }
    if (request.position != NULL && request.file != NULL) {
        fprintf(stderr, "tourney solve: expected a POSITION or --file FILE, not both\n");
        goto out;
    }
    /* A line that says the search goes on, on a terminal only. */
    request.progress = !quiet && isatty(STDERR_FILENO) != 0;
    char *exe = exe_path();
    enum solve_outcome outcome =
        tourney_solve(&request, getenv("TOURNEY_PLUGIN_PATH"), exe, stdout, stderr);
    free(exe);
    status = outcome == SOLVE_OK       ? EXIT_SUCCESS
             : outcome == SOLVE_FAILED ? EXIT_RUN_FAILED
                                       : EXIT_USAGE;
out:
    free(agent_params);
    free(game_params);
    return status;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        tourney_help_print_overview(stderr);
        return EXIT_USAGE;
    }
    const char *command = argv[1];
    if (strcmp(command, "help") == 0 && argc > 2) {
        if (tourney_help_print_command(argv[2], stdout)) {
            return EXIT_SUCCESS;
        }
        fprintf(stderr, "tourney help: no command '%s' (see tourney --help)\n", argv[2]);
        return EXIT_USAGE;
    }
    if (tourney_help_wanted(command) || strcmp(command, "help") == 0) {
        tourney_help_print_overview(stdout);
        return EXIT_SUCCESS;
    }
    if (strcmp(command, "-V") == 0 || strcmp(command, "--version") == 0) {
        printf("tourney %s (plugin ABI %d.%d)\n", TOURNEY_VERSION, TOURNEY_ABI_MAJOR,
               TOURNEY_ABI_MINOR);
        return EXIT_SUCCESS;
    }
    if (strcmp(command, "run") == 0) {
        return with_overrides(run_with, argc - 2, argv + 2);
    }
    if (strcmp(command, "validate") == 0) {
        return with_overrides(validate_with, argc - 2, argv + 2);
    }
    if (strcmp(command, "report") == 0) {
        return command_report(argc - 2, argv + 2);
    }
    if (strcmp(command, "replay") == 0) {
        return command_replay(argc - 2, argv + 2);
    }
    if (strcmp(command, "play") == 0) {
        return command_play(argc - 2, argv + 2);
    }
    if (strcmp(command, "export") == 0) {
        return command_export(argc - 2, argv + 2);
    }
    if (strcmp(command, "analyze") == 0) {
        return command_analyze(argc - 2, argv + 2);
    }
    if (strcmp(command, "merge") == 0) {
        return command_merge(argc - 2, argv + 2);
    }
    if (strcmp(command, "agents") == 0) {
        return command_list(TOURNEY_KIND_AGENT, argc - 2, argv + 2);
    }
    if (strcmp(command, "games") == 0) {
        return command_list(TOURNEY_KIND_GAME, argc - 2, argv + 2);
    }
    if (strcmp(command, "solve") == 0) {
        return command_solve(argc - 2, argv + 2);
    }
    if (strcmp(command, "exact-vs-random") == 0) {
        return with_overrides(exact_with, argc - 2, argv + 2);
    }
    const char *guess = tourney_help_suggest_command(command);
    fprintf(stderr, "tourney: unknown command '%s'%s%s%s (see tourney --help)\n", command,
            guess ? "; did you mean '" : "", guess ? guess : "", guess ? "'?" : "");
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    /* "--jobs=2" and "-j2" as "--jobs 2", for every command. */
    int count = 0;
    char **words = tourney_option_words(argc, argv, &count);
    if (words == NULL) {
        fprintf(stderr, "tourney: out of memory\n");
        return EXIT_RUN_FAILED;
    }
    int status = dispatch(count, words);
    free(words);
    return status;
}
