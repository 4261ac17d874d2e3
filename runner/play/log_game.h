/*
 * log_game.h - the game a results log was played with, loaded into this
 * process to draw the boards of report.html and `tourney replay` when all
 * there is is the log (`tourney report DIR`, `merge`, `replay`).
 */
#ifndef TOURNEY_RUNNER_LOG_GAME_H
#define TOURNEY_RUNNER_LOG_GAME_H

#include <stddef.h>

#include <tourney/game.h>

#include "error.h"
#include "game_adapter.h"
#include "log_header.h"
#include "plugin.h"
#include "plugin_search.h"

struct log_game {
    struct plugin plugin;
    struct tourney_param_value *params;
    struct game_adapter game; /* the instance, with the log's parameters */
};

/* Loads the game of HEADER: the plugin of that name found along SEARCH,
 * the way a run looks for it, never a file the log names (a log is data:
 * its game_path says where the run found the game, and is not loaded). The
 * file must be the one the log was played with (its digest, checked before
 * any code of it runs) and must accept the log's parameters. It is loaded
 * by the agent host HOST_PATH first when that program is there (see
 * probe.h), then here from a sealed copy of the bytes whose digest was
 * checked. Returns -1 with the reason in ERR; close GAME in every case. */
int tourney_log_game_open(struct log_game *game, const struct log_header *header,
                          const struct plugin_search *search, const char *host_path,
                          struct error *err);
void tourney_log_game_close(struct log_game *game);

/* tourney_log_game_open along the plugin path a command outside a run has
 * (a config's plugin_path is not known there): ENV_PLUGIN_PATH
 * ($TOURNEY_PLUGIN_PATH, may be NULL), the build tree when EXE_PATH lies in
 * it, and the installed directory; with the agent host of this program. */
int tourney_log_game_find(struct log_game *game, const struct log_header *header,
                          const char *exe_path, const char *env_plugin_path, struct error *err);

/* Reads TEXT, parameters as tourney_params_text writes them ("rows = 3,
 * cols = 3, k = 3"), into VALUES (one per descriptor; unnamed ones take their
 * default). Returns -1 with the reason in ERR for an unknown name or a bad
 * value. */
int tourney_params_from_text(const struct tourney_param_info *params, size_t count,
                             const char *text, struct tourney_param_value *values,
                             struct error *err);

#endif /* TOURNEY_RUNNER_LOG_GAME_H */
