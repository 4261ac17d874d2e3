/*
 * config.h - a tournament as written in its INI file, checked for everything
 * that can be checked without loading plugins.
 *
 *   [tournament]            name, seed, games_per_pair, time_per_move_ms,
 *                           output_dir, plugin_path, format, gauntlet_agent
 *   [game]                  plugin = NAME, then the game's parameters
 *   [agent NAME]            plugin = NAME, then the agent's parameters;
 *                           one section per entrant, so a plugin can enter
 *                           several times with different parameters
 */
#ifndef TOURNEY_RUNNER_CONFIG_H
#define TOURNEY_RUNNER_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "ini_file.h"

/* A section that names a plugin; its other keys are the plugin's parameters. */
struct plugin_choice {
    const char *plugin;          /* the `plugin` value; NULL when missing */
    int line;                    /* line of `plugin`, or of the section */
    struct ini_section *section; /* NULL when the section is missing */
};

struct agent_choice {
    char *name; /* the entrant's name, from [agent NAME] */
    struct plugin_choice choice;
};

struct tournament_config {
    struct ini_document doc;
    char *path;       /* as given */
    char *dir;        /* the directory holding it: relative paths start here */
    char *name;       /* default: the file's name without .ini */
    uint64_t seed;    /* default 1 */
    uint32_t games_per_pair;    /* required, even */
    uint64_t time_per_move_ms;  /* default 1000 */
    char *output_dir;           /* default reports/<name> */
    char *gauntlet_agent;       /* format = gauntlet: the agent everyone plays */
    int gauntlet_line;
    char **plugin_dirs;         /* plugin_path, resolved against dir */
    size_t plugin_dir_count;
    struct plugin_choice game;
    struct agent_choice *agents;
    size_t agent_count;
};

/* Reads PATH. Every problem is added to DIAG as "file:line: ..."; returns 0
 * when there was none. The config must be finished either way. */
int tourney_config_load(struct tournament_config *config, const char *path,
                        struct diagnostics *diag);
void tourney_config_finish(struct tournament_config *config);

/* Names of tournaments and agents: letters, digits, '.', '_', '-', not
 * starting with '.' or '-', at most 40 characters. */
bool tourney_config_name_ok(const char *name);

#endif /* TOURNEY_RUNNER_CONFIG_H */
