/*
 * overrides.h - config values given on the command line of `run` and
 * `validate`:
 *
 *   --set tournament.KEY=VALUE   a key of [tournament]
 *   --set game.KEY=VALUE         a key of [game]: a parameter, or the plugin
 *   --set agent.NAME.KEY=VALUE   a key of [agent NAME]
 *   --each KEY=VALUE             a parameter of every agent whose plugin has it
 *
 * Each stands for a line of the file (its own, or the one it replaces) and
 * is checked as that line would be; its diagnostics name the option as
 * written ("--set tournament.games_per_pair=x: bad value ..."). A --set of
 * one agent's parameter wins over an --each of the same parameter.
 */
#ifndef TOURNEY_RUNNER_OVERRIDES_H
#define TOURNEY_RUNNER_OVERRIDES_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

enum override_kind {
    OVERRIDE_SET,
    OVERRIDE_EACH,
};

struct config_override {
    enum override_kind kind;
    char *option;  /* "--set tournament.seed=3", as diagnostics and the log name it */
    char *section; /* --set: "tournament", "game" or the agent's NAME; --each: NULL */
    bool agent;    /* SECTION is an agent's name */
    char *key;
    char *value;
    int line;     /* where diagnostics place it (diag.h), once a config has read it */
    bool applied; /* --each: some agent's plugin has the parameter */
};

struct config_overrides {
    struct config_override *items;
    size_t count;
};

void tourney_overrides_init(struct config_overrides *overrides);
void tourney_overrides_finish(struct config_overrides *overrides);

/* Adds `--set TEXT` or `--each TEXT`. Returns -1 with the reason in ERR,
 * naming the option, when TEXT is not KEY=VALUE with a KEY of the kind's
 * form (tournament.KEY, game.KEY or agent.NAME.KEY for --set; a
 * parameter's name for --each). Blanks around the key and the value are
 * left out, as in the file. */
int tourney_overrides_add(struct config_overrides *overrides, enum override_kind kind,
                          const char *text, struct error *err);

/* "--set" or "--each". */
const char *tourney_override_option_name(enum override_kind kind);

#endif /* TOURNEY_RUNNER_OVERRIDES_H */
