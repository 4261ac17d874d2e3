/*
 * help.h - what `tourney --help` and `tourney COMMAND --help` print, from
 * one table of the commands: each command's usage, what it does and its
 * options. The same table names the options a command knows, so that a
 * mistyped one gets a "did you mean".
 */
#ifndef TOURNEY_RUNNER_HELP_H
#define TOURNEY_RUNNER_HELP_H

#include <stdbool.h>
#include <stdio.h>

/* The overview of every command and the program's options. */
void tourney_help_print_overview(FILE *out);

/* The help of COMMAND ("run", "solve", ...): its usage, what it does and
 * its options. False, printing nothing, for a command there is not. */
bool tourney_help_print_command(const char *command, FILE *out);

/* Whether ARGUMENT asks for help: -h or --help. */
bool tourney_help_wanted(const char *argument);

/* The command closest to COMMAND, for an unknown one; NULL when none is
 * close. */
const char *tourney_help_suggest_command(const char *command);

/* "tourney COMMAND: unknown option 'OPTION'", with the option of COMMAND it
 * may have meant, on ERR. */
void tourney_help_unknown_option(const char *command, const char *option, FILE *err);

#endif /* TOURNEY_RUNNER_HELP_H */
