/*
 * main.c - the `tourney` command line: finds the command in the table
 * (commands.h), reads its arguments against its options, runs it, and is
 * the one place that prints a command's mistake and decides the exit code.
 */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "help.h"
#include "option_parser.h"
#include "text_escape.h"
#include "tourney/abi.h"

#ifndef TOURNEY_VERSION
#error "meson defines TOURNEY_VERSION"
#endif

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

/* How COMMAND's messages start: "tourney COMMAND: " for a mistake of usage
 * and for every message of a command that names itself, "tourney: " for
 * the others. */
static void say_prefix(const struct cli_command *command, bool usage)
{
    if (usage || command->names_itself) {
        fprintf(stderr, "tourney %s: ", command->name);
    } else {
        fputs("tourney: ", stderr);
    }
}

/* A warning of COMMAND's, printed as it comes: the text may hold any bytes
 * a file or a plugin put there (text_escape.h). */
static void say_warning(void *context, const char *text)
{
    const struct cli_command *const *command = context;
    say_prefix(*command, false);
    tourney_terminal_say(stderr, "", text);
}

/* A line a command hands main to print as it is (commands.h). */
static void say_line(void *context, const char *text)
{
    (void)context;
    tourney_terminal_text(stderr, text, false);
    fputc('\n', stderr);
}

/* COMMAND with the ARGC words of ARGV after its name. */
static int run_command(const struct cli_command *command, int argc, char **argv)
{
    struct cli_words args;
    struct error error;
    tourney_error_clear(&error);
    int status = CLI_EXIT_USAGE;
    enum cli_parse_outcome parsed = tourney_cli_parse(command->options, argc, argv, &args, &error);
    if (parsed == CLI_NO_MEMORY) {
        tourney_error_nomem(&error);
        status = CLI_EXIT_RUN_FAILED;
    } else if (parsed == CLI_MISTAKE) {
        status = CLI_EXIT_USAGE;
    } else if (args.help) {
        tourney_help_print_command(command, stdout);
        status = CLI_EXIT_SUCCESS;
    } else {
        char *exe = exe_path();
        /* The sink's context is the command, which names the prefix. */
        const struct warnings warn = {.say = say_warning, .context = &command};
        const struct warnings lines = {.say = say_line, .context = NULL};
        struct cli_context context = {
            .args = &args,
            .exe = exe,
            .plugin_path = getenv("TOURNEY_PLUGIN_PATH"),
            .stop = &stop_requested,
            .catch_stops = catch_stop_signals,
            .warn = &warn,
            .lines = &lines,
            .out = stdout,
            .err = stderr,
        };
        status = command->run(&context, &error);
        free(exe);
    }
    tourney_cli_words_finish(&args);
    /* ERROR says why only when the command failed. */
    if (status != CLI_EXIT_SUCCESS && tourney_error_is_set(&error)) {
        /* A mistake in how the command was called names the command; a
         * failure of its work is the program's. The text may hold any
         * bytes the user typed or a file held (text_escape.h). */
        say_prefix(command, status == CLI_EXIT_USAGE);
        tourney_terminal_say(stderr, "", error.text);
    }
    return status;
}

static bool wants_help(const char *word)
{
    return strcmp(word, "-h") == 0 || strcmp(word, "--help") == 0 || strcmp(word, "help") == 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        tourney_help_print_overview(stderr);
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 && argc > 2) {
        const struct cli_command *command = tourney_cli_command(argv[2]);
        if (command == NULL) {
            fprintf(stderr, "tourney help: no command '");
            tourney_terminal_text(stderr, argv[2], false);
            fprintf(stderr, "' (see tourney --help)\n");
            return CLI_EXIT_USAGE;
        }
        tourney_help_print_command(command, stdout);
        return CLI_EXIT_SUCCESS;
    }
    if (wants_help(name)) {
        tourney_help_print_overview(stdout);
        return CLI_EXIT_SUCCESS;
    }
    if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
        printf("tourney %s (plugin ABI %d.%d)\n", TOURNEY_VERSION, TOURNEY_ABI_MAJOR,
               TOURNEY_ABI_MINOR);
        return CLI_EXIT_SUCCESS;
    }
    const struct cli_command *command = tourney_cli_command(name);
    if (command == NULL) {
        const char *guess = tourney_help_suggest_command(name);
        fprintf(stderr, "tourney: unknown command '");
        tourney_terminal_text(stderr, name, false);
        fprintf(stderr, "'%s%s%s (see tourney --help)\n", guess ? "; did you mean '" : "",
                guess ? guess : "", guess ? "'?" : "");
        return CLI_EXIT_USAGE;
    }
    return run_command(command, argc - 2, argv + 2);
}
