/*
 * config.h - a tournament as written in its INI file, checked for everything
 * that can be checked without loading plugins.
 *
 *   [tournament]            the settings of settings.h, one row of its table
 *                           per key
 *   [game]                  plugin = NAME, then the game's parameters
 *   [agent NAME]            plugin = NAME, then the agent's parameters;
 *                           one section per entrant, so a plugin can enter
 *                           several times with different parameters; or
 *                           command = PROGRAM ARGS..., a program in any
 *                           language that speaks docs/protocol.md, alone
 */
#ifndef TOURNEY_RUNNER_CONFIG_H
#define TOURNEY_RUNNER_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "ini_file.h"
#include "overrides.h"
#include "settings.h"

/* A section that names a plugin; its other keys are the plugin's parameters. */
struct plugin_choice {
    const char *plugin;          /* the `plugin` value; NULL when missing */
    int line;                    /* line of `plugin`, or of the section */
    struct ini_section *section; /* NULL when the section is missing */
};

struct agent_choice {
    char *name; /* the entrant's name, from [agent NAME] */
    /* The plugin; for an agent with a command, choice.plugin is NULL and
     * choice.line the line of `command`. */
    struct plugin_choice choice;
    const char *command; /* the `command` value as written, or NULL */
    /* With a command, `read =`: what else it may read (words as a shell
     * splits them, relative to the config's directory), or NULL. */
    const char *read;
    int read_line;
};

struct tournament_config {
    struct ini_document doc;
    char *path; /* as given */
    char *dir;  /* the directory holding it: relative paths start here */
    /* [tournament]: every key at its default until the file sets it; name
     * and output_dir get theirs from the file's name. */
    struct tournament_settings settings;
    int setting_lines[TOURNEY_SETTINGS_MAX]; /* per row of the table; 0: not set */
    char **plugin_dirs;                      /* settings.plugin_path, resolved against dir */
    size_t plugin_dir_count;
    struct plugin_choice game;
    struct agent_choice *agents;
    size_t agent_count;
    /* settings.openings read whole (its digest is in settings.openings):
     * the path resolved against dir, the contents and their length. The
     * positions are read by the game, once its plugin is loaded
     * (openings.h). NULL without openings. */
    char *openings_file;
    char *openings_text;
    size_t openings_length;
    /* The values the command line set (not owned; NULL when none): each
     * item's line is its place in diagnostics once the config is read. */
    struct config_overrides *overrides;
};

/* The line of [tournament] that set KEY; 0 when the file does not set it. */
int tourney_config_line(const struct tournament_config *config, const char *key);

/* Reads PATH. Every problem is added to DIAG as "file:line: ..."; returns 0
 * when there was none. The config must be finished either way. */
int tourney_config_load(struct tournament_config *config, const char *path,
                        struct diagnostics *diag);
/* The same, with the values OVERRIDES set (may be NULL) in place of the
 * file's: --set values before the file is checked, --each values left for
 * the plugins (tournament.h). OVERRIDES must outlive CONFIG. */
int tourney_config_load_overridden(struct tournament_config *config, const char *path,
                                   struct config_overrides *overrides, struct diagnostics *diag);
/* Whether LINE of CONFIG is that of a --set value. */
bool tourney_config_line_is_set(const struct tournament_config *config, int line);
/* The same for a config already in memory; PATH names it in messages and
 * anchors its relative paths. */
int tourney_config_load_text(struct tournament_config *config, const char *path, const char *text,
                             size_t length, struct diagnostics *diag);
void tourney_config_finish(struct tournament_config *config);

/* The limits a config has where it does not set them. */
void tourney_config_default_limits(struct isolation_limits *limits);

/* Reads TEXT as a number of jobs (`jobs`, `--jobs`), from 1 to TOURNEY_MAX_JOBS; false, with
 * *JOBS untouched, for anything else. What a message says is expected: */
bool tourney_parse_jobs(const char *text, unsigned *jobs);
#define TOURNEY_JOBS_EXPECTED "a whole number of games played at once from 1 to 256"

#endif /* TOURNEY_RUNNER_CONFIG_H */
