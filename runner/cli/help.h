/*
 * help.h - what `tourney --help` and `tourney COMMAND --help` print, from
 * the table of the commands (commands.h): each command's usage, what it
 * does and its options, so that the help cannot leave out an option the
 * parser knows.
 */
#ifndef TOURNEY_RUNNER_HELP_H
#define TOURNEY_RUNNER_HELP_H

#include <stdio.h>

#include "commands.h"

/* The overview of every command and the program's options. */
void tourney_help_print_overview(FILE *out);

/* The help of COMMAND: its usage, what it does and its options. */
void tourney_help_print_command(const struct cli_command *command, FILE *out);

/* The command closest to COMMAND, for an unknown one; NULL when none is
 * close. */
const char *tourney_help_suggest_command(const char *command);

#endif /* TOURNEY_RUNNER_HELP_H */
