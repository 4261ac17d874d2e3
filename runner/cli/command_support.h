/*
 * command_support.h - what several commands do alike: open the tournament
 * a config describes (its diagnostics shown all at once), read --set and
 * --each into overrides, say that an option's value is wrong.
 */
#ifndef TOURNEY_RUNNER_COMMAND_SUPPORT_H
#define TOURNEY_RUNNER_COMMAND_SUPPORT_H

#include <stddef.h>

#include "commands.h"
#include "overrides.h"
#include "tournament.h"

/* The ids of --set and --each, the same in every command that has them. */
enum { CLI_OPTION_SET = 1000, CLI_OPTION_EACH };

/* --set and --each, for a command's table of options. */
#define CLI_OVERRIDE_OPTIONS                                          \
    {CLI_OPTION_SET,                                                  \
     0,                                                               \
     "set",                                                           \
     "KEY=VALUE",                                                     \
     NULL,                                                            \
     "set a value of the config in place of the file's:\n"            \
     "tournament.KEY, game.KEY or agent.NAME.KEY, e.g.\n"             \
     "--set tournament.games_per_pair=100 (repeatable)"},             \
    {                                                                 \
        CLI_OPTION_EACH, 0, "each", "KEY=VALUE", NULL,                \
            "set the parameter KEY of every agent whose plugin has\n" \
            "it, e.g. --each depth=3 (repeatable; a --set of one\n"   \
            "agent's parameter wins)"                                 \
    }

/* Opens the tournament CONFIG describes, with OVERRIDES (may be NULL)
 * applied. Its diagnostics, when there are any, go to CONTEXT's err with a
 * closing line; -1 then (T must be closed either way). */
int tourney_cli_open_tournament(struct tournament *t, const char *config,
                                struct config_overrides *overrides,
                                const struct cli_context *context);

/* Reads WORD into OVERRIDES when it is a --set or --each: 1 then, 0 for
 * another word, -1 with ERR saying why the value is refused. */
int tourney_cli_take_override(const struct cli_word *word, struct config_overrides *overrides,
                              struct error *err);

/* HANDLER called with overrides of its own, released after it; returns
 * what it returns. */
int tourney_cli_with_overrides(const struct cli_context *context, struct error *err,
                               int (*handler)(const struct cli_context *context,
                                              struct config_overrides *overrides,
                                              struct error *err));

/* "bad value 'VALUE' for --OPTION: expected EXPECTED"; returns -1. */
int tourney_cli_bad_value(struct error *err, const struct cli_word *word, const char *expected);

#endif /* TOURNEY_RUNNER_COMMAND_SUPPORT_H */
