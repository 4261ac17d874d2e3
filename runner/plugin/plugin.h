/*
 * plugin.h - loading one game or agent plugin and checking it honours the ABI
 * before anything in it is called.
 */
#ifndef TOURNEY_RUNNER_PLUGIN_H
#define TOURNEY_RUNNER_PLUGIN_H

#include <stddef.h>

#include <tourney/agent.h>
#include <tourney/game.h>

#include "digest.h"
#include "error.h"
#include "plugin_view.h"

/* A plugin loaded into this process, or only described: an agent that runs
 * in a child process (isolation = process) is never loaded by the runner,
 * which knows it by what a probe found (probe.h). Whatever ABI 1 minor the
 * plugin was built for, `game` or `agent` is the runner's view of its
 * descriptor, in this runner's layout (plugin_view.h); a described plugin's
 * view has no functions. */
struct plugin {
    char *path;
    void *handle; /* NULL when only described */
    enum tourney_plugin_kind kind;
    const struct tourney_game_api *game;   /* when kind is TOURNEY_KIND_GAME */
    const struct tourney_agent_api *agent; /* when kind is TOURNEY_KIND_AGENT */
    struct plugin_copy *copy;              /* what the views own */
    /* The digest of the bytes loaded; "" when loaded in place or only
     * described. */
    char digest[TOURNEY_DIGEST_HEX];
};

/* Opens PATH as a plugin of KIND. The file is read once into a sealed copy
 * in memory and loaded from there (plugin_image.h): DIGEST is of the very
 * bytes loaded, and the file may be changed, replaced or cut afterwards
 * without reaching the code loaded; a file cut short is refused before it
 * is loaded. On failure returns -1 with "PATH: reason" in ERR: not a shared
 * object, no entry symbol, another ABI major, a required function missing,
 * ... */
int tourney_plugin_open(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                        struct error *err);
/* As tourney_plugin_open, and refused before any code of it runs unless
 * the digest of its bytes is DIGEST. */
int tourney_plugin_open_digest(struct plugin *plugin, const char *path,
                               enum tourney_plugin_kind kind, const char *digest,
                               struct error *err);
/* As tourney_plugin_open, mapping the file where it lies, without a copy or
 * a digest: for the agent host, a process of its own that a broken file can
 * only end, and whose system calls are few. */
int tourney_plugin_open_in_place(struct plugin *plugin, const char *path,
                                 enum tourney_plugin_kind kind, struct error *err);
void tourney_plugin_close(struct plugin *plugin);

/* Checks what a plugin at PATH says about itself, as the loader does: a
 * name, a parameter list that makes sense, an id and a version that are
 * absent or well-formed. On failure returns -1 with a message that starts
 * with PATH. */
int tourney_plugin_check_about(const char *path, const struct plugin_about *about,
                               struct error *err);

/* Fills PLUGIN with a description of the plugin at PATH, copying every
 * string. Returns 0, or -1 when out of memory. */
int tourney_plugin_describe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                            const struct plugin_about *about);

/* What the plugin says about itself, whatever its kind. The id and version
 * are NULL for a plugin without them (every plugin before ABI 1.2). */
const char *tourney_plugin_name(const struct plugin *plugin);
const char *tourney_plugin_description(const struct plugin *plugin);
const char *tourney_plugin_id(const struct plugin *plugin);
const char *tourney_plugin_version(const struct plugin *plugin);
const struct tourney_param_info *tourney_plugin_params(const struct plugin *plugin, size_t *count);

/* "org.tourney.negamax 1.0.0": a plugin's id and version as listings and
 * reports show them (either may be NULL); "" for a plugin with neither. */
void tourney_plugin_identity(const char *id, const char *version, char *buf, size_t size);

const char *tourney_kind_name(enum tourney_plugin_kind kind);

#endif /* TOURNEY_RUNNER_PLUGIN_H */
