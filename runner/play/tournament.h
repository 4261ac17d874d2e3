/*
 * tournament.h - a config turned into something playable: the game plugin
 * loaded and instantiated, every entrant's plugin loaded and its parameters
 * checked. Nothing is played here.
 */
#ifndef TOURNEY_RUNNER_TOURNAMENT_H
#define TOURNEY_RUNNER_TOURNAMENT_H

#include <stdbool.h>
#include <stddef.h>

#include <tourney/agent.h>
#include <tourney/game.h>

#include "config.h"
#include "diag.h"
#include "game_adapter.h"
#include "openings.h"
#include "plugin.h"
#include "program_reads.h"
#include "probe.h"
#include "plugin_search.h"
#include "schedule.h"

struct entrant {
    const char *name;            /* owned by the config */
    const struct plugin *plugin; /* owned by the tournament; only described (never loaded)
                                  * with isolation = process; NULL for a command */
    /* An agent that is a program of its own (command = ...): its words,
     * NULL-terminated, the program's absolute path first; NULL for a
     * plugin. Such an agent always runs in a process of its own. */
    char **argv;
    const char *command; /* the command as written (the config's) */
    char *program_word;  /* the command's first word as written */
    /* When that program was a version manager's shim (version_shim.h):
     * the shim's path and its tool ("pyenv"); argv[0] is then what the
     * tool resolved it to. NULL otherwise. */
    char *shim_path;
    char *shim_tool;
    bool shim_failed;  /* a shim its tool could not resolve (told already) */
    char **read_words; /* its `read =` words (one allocation), or NULL */
    /* What the program may read, where it runs and its arguments as it is
     * given them (program_access.h). */
    struct program_reads access;
    struct tourney_param_value *params;
    char *params_text; /* "depth = 4, tie_break = lowest": effective values */
    bool is_random;    /* the reference opponent of "win % against random" */
};

struct tournament {
    struct tournament_config config;
    struct plugin_search search;
    struct plugin game_plugin;
    struct tourney_param_value *game_params;
    char *game_params_text;
    struct game_adapter game;      /* the game plugin's instance with game_params */
    struct opening_book openings;  /* where games start: settings openings, opening_plies */
    struct plugin **agent_plugins; /* each loaded once, however many entrants use it */
    size_t agent_plugin_count;
    struct entrant *entrants;
    size_t entrant_count;
    size_t gauntlet;  /* entrant everyone plays, or TOURNEY_NO_GAUNTLET */
    char *agent_host; /* the program agent processes run, and that loads every
                       * plugin before the runner does */
    /* isolation = process, or agents with a command */
    bool sandbox;       /* agent processes are sandboxed */
    bool sandbox_known; /* a probe found out whether they can be */
    char *sandbox_note; /* why they are not, where the config did not say; or NULL */
    bool confinement_known;
    char *confinement_note; /* what else of their confinement is missing here, or NULL */
    /* isolation = process: the probes of the agents' plugins, a few
     * started ahead, finished one at a time as each agent is opened. */
    struct plugin_probe *probes;
    char **probe_paths;
    size_t probe_count;
    size_t probes_started;
};

/* Reads CONFIG_PATH and loads everything it names: the game into this
 * process, and agents too with isolation = none, each loaded first in a
 * child process (a probe) when the agent host program is there; with
 * isolation = process, agents are only probed in a child process. Every problem goes to
 * DIAG as "file:line: ..."; returns 0 when there was none. An agent with a
 * command is started once, greeted and stopped, to see that it runs (its
 * program is looked for in the directories of PATH). EXE_PATH is where
 * this program lives (for the build tree), ENV_PLUGIN_PATH the value of
 * TOURNEY_PLUGIN_PATH (either may be NULL). Close it in every case. */
int tourney_tournament_open(struct tournament *tournament, const char *config_path,
                            const char *exe_path, const char *env_plugin_path,
                            struct diagnostics *diag);

/* Whether any entrant is an agent with a command. */
bool tourney_tournament_has_commands(const struct tournament *tournament);
/* The same with the values the command line set (overrides.h; may be
 * NULL), which must outlive the tournament. */
int tourney_tournament_open_overridden(struct tournament *tournament, const char *config_path,
                                       struct config_overrides *overrides, const char *exe_path,
                                       const char *env_plugin_path, struct diagnostics *diag);
void tourney_tournament_close(struct tournament *tournament);

#endif /* TOURNEY_RUNNER_TOURNAMENT_H */
