#include "log_game.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "host_path.h"
#include "params.h"
#include "probe.h"
#include "text.h"

int tourney_params_from_text(const struct tourney_param_info *params, size_t count,
                             const char *text, struct tourney_param_value *values,
                             struct error *err)
{
    for (size_t i = 0; i < count; i++) {
        tourney_params_parse(&params[i], params[i].default_value, &values[i]);
    }
    /* Values are numbers, booleans and choice words: none holds ", ". */
    const char *item = text;
    while (*item != '\0') {
        const char *end = strstr(item, ", ");
        size_t length = end ? (size_t)(end - item) : strlen(item);
        const char *equals = strstr(item, " = ");
        if (equals == NULL || equals >= item + length) {
            return tourney_error_set(err, "'%.*s' is not 'name = value'", (int)length, item);
        }
        size_t name_length = (size_t)(equals - item);
        const char *value_start = equals + 3;
        char value[128];
        snprintf(value, sizeof(value), "%.*s", (int)(item + length - value_start), value_start);
        bool known = false;
        for (size_t i = 0; i < count && !known; i++) {
            if (strlen(params[i].name) == name_length &&
                strncmp(params[i].name, item, name_length) == 0) {
                known = true;
                if (!tourney_params_parse(&params[i], value, &values[i])) {
                    return tourney_error_set(err, "parameter %s has a bad value '%s'",
                                             params[i].name, value);
                }
            }
        }
        if (!known) {
            return tourney_error_set(err, "no parameter '%.*s'", (int)name_length, item);
        }
        item = end ? end + 2 : item + length;
    }
    return 0;
}

/* The path of the log's game plugin on the plugin path, checked against its
 * digest before any code of it runs. */
static char *find_plugin(const struct log_header *header, const struct plugin_search *search,
                         struct error *err)
{
    char name[80];
    snprintf(name, sizeof(name), "%s", header->game);
    tourney_make_printable(name, false);
    /* A name with a '/' would be a path to load, and the log is data. */
    if (header->game[0] == '\0' || strchr(header->game, '/') != NULL) {
        tourney_error_set(err, "the log names its game '%s', which is not a plugin's name", name);
        return NULL;
    }
    char *path = tourney_plugin_search_find(search, TOURNEY_KIND_GAME, header->game, NULL);
    if (path == NULL) {
        char *dirs = tourney_plugin_search_describe(search);
        tourney_error_set(err, "no game plugin '%s' found in %s%s%s%s", name,
                          dirs == NULL ? "the plugin path"
                          : dirs[0]    ? dirs
                                       : "no directory",
                          header->game_path ? " (the games were played with " : "",
                          header->game_path ? header->game_path : "",
                          header->game_path ? "; put its directory in TOURNEY_PLUGIN_PATH)" : "");
        free(dirs);
        return NULL;
    }
    char digest[TOURNEY_DIGEST_HEX];
    if (tourney_digest_file(path, digest) != 0) {
        tourney_error_set_errno(err, "cannot read %s", path);
        free(path);
        return NULL;
    }
    if (strcmp(digest, header->game_digest) != 0) {
        /* Another version of the game could draw other boards. */
        tourney_error_set(err,
                          "%s is not the game plugin the log was played with (its digest "
                          "differs)",
                          path);
        free(path);
        return NULL;
    }
    return path;
}

/* Loads the game at PATH: by the agent host HOST_PATH first, when that
 * program is there, then here from the very bytes of the log's digest. */
static int load_plugin(struct log_game *game, const char *path, const struct log_header *header,
                       const char *host_path, struct error *err)
{
    struct isolation_limits limits;
    tourney_config_default_limits(&limits);
    const struct probe_options options = {
        .host_path = host_path,
        .memory_bytes = limits.memory_bytes,
        .output_limit = limits.output_limit_bytes,
    };
    return tourney_plugin_open_probed(&game->plugin, path, TOURNEY_KIND_GAME, header->game_digest,
                                      &options, err);
}

int tourney_log_game_open(struct log_game *game, const struct log_header *header,
                          const struct plugin_search *search, const char *host_path,
                          struct error *err)
{
    memset(game, 0, sizeof(*game));
    char *path = find_plugin(header, search, err);
    if (path == NULL) {
        return -1;
    }
    int status = load_plugin(game, path, header, host_path, err);
    free(path);
    if (status != 0) {
        return -1;
    }
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&game->plugin, &count);
    const char *name = tourney_plugin_name(&game->plugin);
    game->params = calloc(count + 1, sizeof(*game->params));
    if (game->params == NULL) {
        return tourney_error_nomem(err);
    }
    if (tourney_params_from_text(params, count, header->game_params, game->params, err) != 0) {
        return tourney_error_prefix(err, "the log's game parameters '%s' do not suit plugin '%s'",
                                    header->game_params, name);
    }
    return tourney_game_adapter_init(&game->game, &game->plugin, game->params, err);
}

int tourney_log_game_find(struct log_game *game, const struct log_header *header,
                          const char *exe_path, const char *env_plugin_path, struct error *err)
{
    struct plugin_search search;
    char *host_path = tourney_agent_host_path(exe_path);
    if (host_path == NULL ||
        tourney_plugin_search_init(&search, NULL, 0, env_plugin_path, exe_path) != 0) {
        free(host_path);
        memset(game, 0, sizeof(*game));
        return tourney_error_nomem(err);
    }
    int status = tourney_log_game_open(game, header, &search, host_path, err);
    tourney_plugin_search_finish(&search);
    free(host_path);
    return status;
}

void tourney_log_game_close(struct log_game *game)
{
    tourney_game_adapter_finish(&game->game);
    free(game->params);
    if (game->plugin.handle != NULL) {
        tourney_plugin_close(&game->plugin);
    }
    memset(game, 0, sizeof(*game));
}
