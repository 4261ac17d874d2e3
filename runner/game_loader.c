#include "game_loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* Strips blanks from both ends of [*start, *end). */
static void trim(const char **start, const char **end)
{
    while (*start < *end && (**start == ' ' || **start == '\t')) {
        (*start)++;
    }
    while (*end > *start && ((*end)[-1] == ' ' || (*end)[-1] == '\t')) {
        (*end)--;
    }
}

/* Sets the value of one "key = value" item of the parameter text. */
static int set_param(struct loaded_game *g, const char *item, size_t length, char *error,
                     size_t error_size)
{
    const char *end = item + length;
    const char *equals = memchr(item, '=', length);
    if (equals == NULL) {
        snprintf(error, error_size, "game parameter '%.*s' is not 'key = value'", (int)length,
                 item);
        return -1;
    }
    const char *key = item;
    const char *key_end = equals;
    const char *value = equals + 1;
    trim(&key, &key_end);
    trim(&value, &end);
    char text[128];
    snprintf(text, sizeof(text), "%.*s", (int)(end - value), value);
    for (size_t i = 0; i < g->api->param_count; i++) {
        const struct tourney_param_desc *desc = &g->api->params[i];
        if (strlen(desc->name) == (size_t)(key_end - key) &&
            strncmp(desc->name, key, (size_t)(key_end - key)) == 0) {
            if (!tourney_params_parse(desc, text, &g->values[i])) {
                char expected[160];
                tourney_params_expected(desc, expected, sizeof(expected));
                snprintf(error, error_size, "bad value '%s' for '%s' of game '%s': expected %s",
                         text, desc->name, g->api->name, expected);
                return -1;
            }
            return 0;
        }
    }
    snprintf(error, error_size, "game '%s' has no parameter '%.*s'", g->api->name,
             (int)(key_end - key), key);
    return -1;
}

static int set_params(struct loaded_game *g, const char *text, char *error, size_t error_size)
{
    for (size_t i = 0; i < g->api->param_count; i++) {
        if (!tourney_params_parse(&g->api->params[i], g->api->params[i].default_value,
                                  &g->values[i])) {
            snprintf(error, error_size, "game '%s' has a bad default", g->api->name);
            return -1;
        }
    }
    while (text != NULL && *text != '\0') {
        const char *comma = strchr(text, ',');
        size_t length = comma ? (size_t)(comma - text) : strlen(text);
        if (set_param(g, text, length, error, error_size) != 0) {
            return -1;
        }
        text = comma ? comma + 1 : NULL;
    }
    return 0;
}

int tourney_game_load(struct loaded_game *g, const struct plugin_search *search,
                      const char *name, const char *params_text, char *error, size_t error_size)
{
    memset(g, 0, sizeof(*g));
    char *path = tourney_plugin_search_find(search, TOURNEY_KIND_GAME, name, ".");
    if (path == NULL) {
        char *dirs = tourney_plugin_search_describe(search);
        snprintf(error, error_size, "no game plugin '%s' in %s", name,
                 dirs ? dirs : "the plugin path");
        free(dirs);
        return -1;
    }
    int status = tourney_plugin_open(&g->plugin, path, TOURNEY_KIND_GAME, error, error_size);
    free(path);
    if (status != 0) {
        return -1;
    }
    g->api = g->plugin.game;
    g->values = calloc(g->api->param_count + 1, sizeof(*g->values));
    if (g->values == NULL) {
        snprintf(error, error_size, "out of memory");
        goto err;
    }
    if (set_params(g, params_text, error, error_size) != 0) {
        goto err;
    }
    char reason[256] = "";
    if (g->api->create(g->values, &g->game, &g->info, reason, sizeof(reason)) != 0) {
        g->game = NULL;
        snprintf(error, error_size, "game '%s' refused its parameters: %s", g->api->name,
                 reason[0] ? reason : "no reason given");
        goto err;
    }
    if (g->info.state_size == 0 || g->info.move_limit <= 0 || g->info.max_plies <= 0) {
        snprintf(error, error_size, "game '%s' reported an impossible size", g->api->name);
        goto err;
    }
    return 0;
err:
    tourney_game_unload(g);
    return -1;
}

void tourney_game_unload(struct loaded_game *g)
{
    if (g->api != NULL && g->game != NULL) {
        g->api->destroy(g->game);
    }
    free(g->values);
    tourney_plugin_close(&g->plugin);
    memset(g, 0, sizeof(*g));
}

void tourney_game_move_text(const struct loaded_game *g, tourney_move move, char *buf,
                            size_t size)
{
    if (g->api->format_move == NULL || g->api->format_move(g->game, move, buf, size) != 0) {
        snprintf(buf, size, "%d", (int)move);
    }
}
