/*
 * plugin.h - loading one game or agent plugin and checking it honours the ABI
 * before anything in it is called.
 */
#ifndef TOURNEY_RUNNER_PLUGIN_H
#define TOURNEY_RUNNER_PLUGIN_H

#include <stddef.h>

#include <tourney/agent.h>
#include <tourney/game.h>

/* A plugin loaded into this process, or only described: an agent that runs
 * in a child process (isolation = process) is never loaded by the runner,
 * which knows it by what a probe found (probe.h). A described plugin has no
 * handle, and its descriptor is a copy whose functions are all NULL. */
struct plugin {
    char *path;
    void *handle; /* NULL when only described */
    enum tourney_plugin_kind kind;
    const struct tourney_game_api *game;   /* when kind is TOURNEY_KIND_GAME */
    const struct tourney_agent_api *agent; /* when kind is TOURNEY_KIND_AGENT */
    struct plugin_copy *copy;              /* what a described plugin owns */
};

/* Opens PATH as a plugin of KIND. On failure returns -1 and writes into
 * ERROR a message naming the file and the reason: not a shared object, no
 * entry symbol, another ABI major, a required function missing, ... */
int tourney_plugin_open(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                        char *error, size_t error_size);
void tourney_plugin_close(struct plugin *plugin);

/* Fills PLUGIN with a description of the plugin at PATH, copying every
 * string. Returns 0, or -1 when out of memory. */
int tourney_plugin_describe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                            const char *name, const char *description,
                            const struct tourney_param_desc *params, size_t param_count);

/* The plugin's name and parameter list, whatever its kind. */
const char *tourney_plugin_name(const struct plugin *plugin);
const char *tourney_plugin_description(const struct plugin *plugin);
const struct tourney_param_desc *tourney_plugin_params(const struct plugin *plugin, size_t *count);

const char *tourney_kind_name(enum tourney_plugin_kind kind);

#endif /* TOURNEY_RUNNER_PLUGIN_H */
