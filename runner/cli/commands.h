/*
 * commands.h - the table of tourney's commands: for each its name, its
 * handler and its options, and the words its help prints. Parsing, --help,
 * "needs a value", "--opt=value", bundled short options and "did you mean"
 * all come from this one table (option_parser.h, help.h), so that an option
 * cannot be parsed without being documented or documented without being
 * parsed.
 *
 * A handler gets its arguments already read, returns the program's exit
 * status and leaves what went wrong in ERR, which main prints once: as
 * "tourney COMMAND: why" for a mistake of usage (CLI_EXIT_USAGE), as
 * "tourney: why" for a failure of the work ("tourney COMMAND: why" for a
 * command that names itself). What it says and goes on with goes to the
 * context's warnings (warning.h), which main prints the same way.
 */
#ifndef TOURNEY_RUNNER_COMMANDS_H
#define TOURNEY_RUNNER_COMMANDS_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "error.h"
#include "option_parser.h"
#include "warning.h"

/* main's exit statuses: 0 success, 1 a run failed, 2 bad usage, config or
 * plugins, 3 a merge of shards not all there, 128 + a signal that stopped
 * a run. */
enum cli_exit {
    CLI_EXIT_SUCCESS = 0,
    CLI_EXIT_RUN_FAILED = 1,
    CLI_EXIT_USAGE = 2,
    CLI_EXIT_INCOMPLETE = 3,
    CLI_EXIT_SIGNALLED = 128,
};

/* What a command is given besides its arguments: what main knows of the
 * process it runs in. */
struct cli_context {
    const struct cli_words *args;
    /* Where this program lives, to recognise a run from the build tree;
     * NULL when it cannot be told. */
    const char *exe;
    /* $TOURNEY_PLUGIN_PATH, or NULL. */
    const char *plugin_path;
    /* Set to a signal's number by SIGINT, SIGTERM or SIGHUP once
     * catch_stops has been called: the run stops after the game being
     * played. */
    volatile sig_atomic_t *stop;
    void (*catch_stops)(void);
    /* What the command says and goes on with, printed by main as it
     * prints a failure. */
    const struct warnings *warn;
    /* The command's product (a report, a table, a game). */
    FILE *out;
    /* Lines main prints on stderr as they are, each escaped for the
     * terminal: a config's diagnostics and the count after them, how to
     * resume an interrupted run. */
    const struct warnings *lines;
    /* The terminal's error stream, for what is drawn there and is no
     * message: a progress line. */
    FILE *err;
};

struct cli_command {
    const char *name;
    /* Each line a way to call it, without "tourney ". */
    const char *usage;
    /* What it does, in lines that fit the overview's column. */
    const char *summary;
    /* Its options; NULL when it has none. */
    const struct cli_option *options;
    /* More about it, for its own help only; NULL when the summary says it
     * all. */
    const char *details;
    /* Whether a failure of its work and its warnings read "tourney NAME:
     * why" rather than "tourney: why", as they always have. */
    bool names_itself;
    int (*run)(const struct cli_context *context, struct error *err);
};

/* The commands, in the order the overview lists them; *COUNT gets how
 * many. */
const struct cli_command *const *tourney_cli_commands(size_t *count);

/* The command called NAME, or NULL. */
const struct cli_command *tourney_cli_command(const char *name);

/* The commands, each defined in its own command_NAME.c beside its handler. */
extern const struct cli_command tourney_cli_run_command;
extern const struct cli_command tourney_cli_validate_command;
extern const struct cli_command tourney_cli_agents_command;
extern const struct cli_command tourney_cli_games_command;
extern const struct cli_command tourney_cli_report_command;
extern const struct cli_command tourney_cli_replay_command;
extern const struct cli_command tourney_cli_export_command;
extern const struct cli_command tourney_cli_analyze_command;
extern const struct cli_command tourney_cli_play_command;
extern const struct cli_command tourney_cli_solve_command;
extern const struct cli_command tourney_cli_exact_vs_random_command;
extern const struct cli_command tourney_cli_merge_command;

#endif /* TOURNEY_RUNNER_COMMANDS_H */
