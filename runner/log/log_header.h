/*
 * log_header.h - the first record of a results log: what tournament the log
 * belongs to. It holds everything the reports need besides the games (names,
 * plugins, parameters, the game, the seed), so a log can be turned into
 * reports on its own, and digests of the settings that decide how games are
 * played and of the plugin files, so a log is never resumed or merged with
 * another tournament's games.
 */
#ifndef TOURNEY_RUNNER_LOG_HEADER_H
#define TOURNEY_RUNNER_LOG_HEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "digest.h"
#include "error.h"
#include "settings.h"
#include "shard.h"

/* Version of the results log format; a reader refuses others. */
#define TOURNEY_LOG_FORMAT 1

struct header_agent {
    char *name;
    char *plugin; /* the plugin's descriptor name, or the command as written */
    char *params; /* effective parameters as text */
    char *digest; /* of the plugin's .so file, or of the files a command names */
    bool is_random;
    /* An agent that is a program of its own (command = ...): PLUGIN holds
     * its command. The JSON says "command" instead of "plugin". */
    bool command;
    /* The plugin's id and version (ABI 1.2), NULL when it has none or the
     * log predates them. Not part of the settings digest: they name a
     * build, as the digest of the file does. */
    char *plugin_id;
    char *plugin_version;
};

struct log_header {
    char *version; /* of the tourney that wrote the log */
    char *config_path;
    char *game;
    char *game_params;
    char *game_digest;
    /* Where the game plugin was loaded from, so that `tourney report` can
     * load the same file to draw boards; NULL in logs that do not say. Not
     * part of the settings: a log may move to another machine. */
    char *game_path;
    /* The tournament's settings the log keeps (the table's rows with a
     * place in the log: the name, the format, the seed, the limits of
     * agent processes, the test, ...); the others are at their defaults. */
    struct tournament_settings settings;
    char *game_id; /* the game plugin's id and version, or NULL (as plugin_id) */
    char *game_version;
    uint64_t games_scheduled;
    struct header_agent *agents;
    size_t agent_count;
    char settings_digest[TOURNEY_DIGEST_HEX]; /* of everything that decides the games */
    /* The shard whose games the log holds (count 0: the whole tournament).
     * Not part of the settings digest: every shard, and the merge of them,
     * is the same tournament. */
    struct shard shard;
    /* The --set and --each options the run was given, as written ("--set
     * tournament.seed=3"), in their order; none in logs of runs without.
     * Not part of the settings digest: the settings they made are, and
     * the same settings reached another way are the same tournament. */
    char **overrides;
    size_t override_count;
};

/* Computes the settings digest of H from its fields (the tournament's
 * settings and entrants). Returns -1 when out of memory. */
int tourney_header_seal(struct log_header *h);

/* The text the settings digest is taken of (heap string; NULL when out of
 * memory). */
char *tourney_header_settings_text(const struct log_header *h);

json_t *tourney_header_to_json(const struct log_header *header);
/* Reads a header written by tourney_header_to_json. Returns -1 with the
 * reason in ERR for one that is not a header, is incomplete or does not
 * match its settings digest. */
int tourney_header_from_json(struct log_header *header, json_t *object, struct error *err);
void tourney_header_finish(struct log_header *header);

/* The first way in which two headers' tournaments differ, in the order a
 * user would look for it: *SETTING is the setting for HEADER_SETTING, *AGENT
 * the agent's index for the agents' differences. */
enum header_difference {
    HEADER_SAME = 0,
    HEADER_SETTING, /* a setting that decides the games (the seed, the format, ...) */
    HEADER_GAME,    /* the game plugin or its parameters */
    HEADER_AGENT_COUNT,
    HEADER_AGENT,       /* an agent's name, plugin or parameters */
    HEADER_GAME_BUILD,  /* the same game plugin, another file */
    HEADER_AGENT_BUILD, /* the same agent plugin, another file */
};
enum header_difference tourney_header_difference(const struct log_header *a,
                                                 const struct log_header *b,
                                                 const struct setting **setting, size_t *agent);

/* Adds OPTION ("--set tournament.seed=3") to H's overrides. Returns -1
 * when out of memory. */
int tourney_header_add_override(struct log_header *h, const char *option);

/* Whether a log written under OLD may be continued by the tournament NOW;
 * when not, WHY says the first difference, and the --set and --each options
 * the log was written with when this run's differ. */
bool tourney_header_compatible(const struct log_header *old, const struct log_header *now,
                               struct error *why);

/* Whether a log written under OLD holds the same shard (or the whole
 * tournament) as NOW plays; when not, WHY says what each is. */
bool tourney_header_same_shard(const struct log_header *old, const struct log_header *now,
                               struct error *why);

/* "shard 1/4" or "the whole tournament", for messages. */
void tourney_shard_describe(const struct shard *shard, char *text, size_t size);

#endif /* TOURNEY_RUNNER_LOG_HEADER_H */
