/*
 * plugin_search.h - where plugins named in a config are looked for.
 *
 * In order: the config's plugin_path directories, the directories in
 * TOURNEY_PLUGIN_PATH, the build tree when the program runs from it, and the
 * installed plugin directory. In each directory D an agent NAME is looked for
 * as D/NAME.so and then D/agents/NAME.so (games: D/games/NAME.so). A value
 * that contains '/' is a path to a .so and is not searched for; a file name
 * ending in .so ("my.so") is looked for beside the config, then as it is in
 * each directory D and D/agents.
 */
#ifndef TOURNEY_RUNNER_PLUGIN_SEARCH_H
#define TOURNEY_RUNNER_PLUGIN_SEARCH_H

#include <stddef.h>

#include <tourney/abi.h>

#include "error.h"

struct plugin_search {
    char **dirs;
    size_t count;
};

/* Builds the search list. CONFIG_DIRS (may be NULL) come first, then the
 * colon-separated ENV_PATH (may be NULL), then the build tree if EXE_PATH
 * lies inside it, then the installed directory. Returns 0 or -1 (memory). */
int tourney_plugin_search_init(struct plugin_search *search, char *const *config_dirs,
                               size_t config_dir_count, const char *env_path,
                               const char *exe_path);
void tourney_plugin_search_finish(struct plugin_search *search);

/* The path of plugin NAME of KIND: a heap string, or NULL if not found.
 * BASE_DIR resolves relative paths given with a '/'. */
char *tourney_plugin_search_find(const struct plugin_search *search, enum tourney_plugin_kind kind,
                                 const char *name, const char *base_dir);

/* tourney_plugin_search_find, explained: the path of the plugin NAME of
 * KIND, or NULL with ERR saying "unknown agent plugin 'minmax': no
 * minmax.so found in ...; did you mean 'minimax'?", or for a path that is
 * not there, which file was looked for and that a relative path starts at
 * BASE_DIR, the config's directory. */
char *tourney_plugin_search_locate(const struct plugin_search *search,
                                   enum tourney_plugin_kind kind, const char *name,
                                   const char *base_dir, struct error *err);

/* The directories as one "a, b, c" string for messages (heap; NULL on OOM). */
char *tourney_plugin_search_describe(const struct plugin_search *search);

/* Calls VISIT for every *.so file in the search directories that could hold
 * plugins of KIND, in search order. */
void tourney_plugin_search_each(const struct plugin_search *search, enum tourney_plugin_kind kind,
                                void (*visit)(const char *path, void *context), void *context);

#endif /* TOURNEY_RUNNER_PLUGIN_SEARCH_H */
