/*
 * plugin.h - loading one game or agent plugin and checking it honours the ABI
 * before anything in it is called.
 */
#ifndef TOURNEY_RUNNER_PLUGIN_H
#define TOURNEY_RUNNER_PLUGIN_H

#include <stddef.h>

#include <tourney/agent.h>
#include <tourney/game.h>

struct plugin {
    char *path;
    void *handle;
    enum tourney_plugin_kind kind;
    const struct tourney_game_api *game;   /* when kind is TOURNEY_KIND_GAME */
    const struct tourney_agent_api *agent; /* when kind is TOURNEY_KIND_AGENT */
};

/* Opens PATH as a plugin of KIND. On failure returns -1 and writes into
 * ERROR a message naming the file and the reason: not a shared object, no
 * entry symbol, another ABI major, a required function missing, ... */
int tourney_plugin_open(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                        char *error, size_t error_size);
void tourney_plugin_close(struct plugin *plugin);

/* The plugin's name and parameter list, whatever its kind. */
const char *tourney_plugin_name(const struct plugin *plugin);
const char *tourney_plugin_description(const struct plugin *plugin);
const struct tourney_param_desc *tourney_plugin_params(const struct plugin *plugin,
                                                       size_t *count);

const char *tourney_kind_name(enum tourney_plugin_kind kind);

#endif /* TOURNEY_RUNNER_PLUGIN_H */
