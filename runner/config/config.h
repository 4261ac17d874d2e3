/*
 * config.h - a tournament as written in its INI file, checked for everything
 * that can be checked without loading plugins.
 *
 *   [tournament]            name, seed, games_per_pair, time_per_move_ms,
 *                           output_dir, plugin_path, format, gauntlet_agent,
 *                           isolation, sandbox, time_margin_ms,
 *                           agent_memory_mb, agent_output_limit_kb,
 *                           sprt, rating_anchor, jobs
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
#include "judging.h"

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

/* Where agent code runs. Process is the default (zero), so a config that
 * was never loaded (as in `tourney agents` without a file) isolates. */
enum isolation {
    ISOLATION_PROCESS = 0, /* each agent in a child process of its own */
    ISOLATION_NONE = 1,    /* in the runner: for trusted agents and benchmarks */
};

/* The system-call sandbox of agent processes. */
enum sandbox_setting {
    SANDBOX_AUTO = 0, /* not set: on wherever the kernel supports it */
    SANDBOX_ON = 1,   /* sandbox = true: required */
    SANDBOX_OFF = 2,  /* sandbox = false */
};

/* How agent processes are limited (isolation = process). */
struct isolation_limits {
    enum sandbox_setting sandbox;
    int sandbox_line;
    uint64_t time_margin_ms;    /* hard limit of a move = budget + margin; default 500 */
    uint64_t memory_mb;         /* address space; default 1024 */
    uint64_t output_limit_kb;   /* stdout + stderr per game; default 64 */
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
    enum isolation isolation;   /* default ISOLATION_PROCESS */
    int isolation_line;
    struct isolation_limits limits;
    unsigned jobs;              /* games played at once; 0 when not set */
    char **plugin_dirs;         /* plugin_path, resolved against dir */
    size_t plugin_dir_count;
    struct sprt_settings sprt;  /* sprt = elo0, elo1, alpha, beta; off by default */
    int sprt_line;
    enum rating_anchor rating_anchor; /* default ANCHOR_AUTO */
    int anchor_line;
    struct plugin_choice game;
    struct agent_choice *agents;
    size_t agent_count;
};

/* Reads PATH. Every problem is added to DIAG as "file:line: ..."; returns 0
 * when there was none. The config must be finished either way. */
int tourney_config_load(struct tournament_config *config, const char *path,
                        struct diagnostics *diag);
/* The same for a config already in memory; PATH names it in messages and
 * anchors its relative paths. */
int tourney_config_load_text(struct tournament_config *config, const char *path,
                             const char *text, size_t length, struct diagnostics *diag);
void tourney_config_finish(struct tournament_config *config);

/* The limits a config has where it does not set them. */
void tourney_config_default_limits(struct isolation_limits *limits);

/* The most games played at once (jobs). */
#define TOURNEY_MAX_JOBS 256

/* Reads TEXT as a number of jobs, from 1 to TOURNEY_MAX_JOBS; false, with
 * *JOBS untouched, for anything else. What a message says is expected: */
bool tourney_parse_jobs(const char *text, unsigned *jobs);
#define TOURNEY_JOBS_EXPECTED "a whole number of games played at once from 1 to 256"

/* Names of tournaments and agents: letters, digits, '.', '_', '-', not
 * starting with '.' or '-', at most 40 characters. */
bool tourney_config_name_ok(const char *name);

#endif /* TOURNEY_RUNNER_CONFIG_H */
