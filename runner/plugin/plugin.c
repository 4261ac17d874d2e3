#include "plugin.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "params.h"

const char *tourney_kind_name(enum tourney_plugin_kind kind)
{
    return kind == TOURNEY_KIND_GAME ? "game" : "agent";
}

/* The first required function pointer that is NULL, or NULL if none is. */
static const char *missing_game_function(const struct tourney_game_api *api)
{
    if (api->create == NULL) {
        return "create";
    }
    if (api->destroy == NULL) {
        return "destroy";
    }
    if (api->initial_state == NULL) {
        return "initial_state";
    }
    if (api->to_move == NULL) {
        return "to_move";
    }
    if (api->legal_moves == NULL) {
        return "legal_moves";
    }
    if (api->apply == NULL) {
        return "apply";
    }
    if (api->undo == NULL) {
        return "undo";
    }
    if (api->status == NULL) {
        return "status";
    }
    return NULL;
}

static const char *missing_agent_function(const struct tourney_agent_api *api)
{
    if (api->create == NULL) {
        return "create";
    }
    if (api->destroy == NULL) {
        return "destroy";
    }
    if (api->choose_move == NULL) {
        return "choose_move";
    }
    return NULL;
}

/* Checks the descriptor's header and required fields. */
static int check_descriptor(const struct plugin *plugin, const struct tourney_abi_header *header,
                            char *error, size_t error_size)
{
    const char *path = plugin->path;
    if (header->abi_major != TOURNEY_ABI_MAJOR) {
        snprintf(error, error_size,
                 "%s: built for tourney ABI %u.%u, but this runner speaks ABI %d.%d; "
                 "rebuild the plugin against this version's headers",
                 path, header->abi_major, header->abi_minor, TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR);
        return -1;
    }
    if (header->kind != (uint32_t)plugin->kind) {
        snprintf(error, error_size, "%s: the descriptor says it is not %s plugin", path,
                 plugin->kind == TOURNEY_KIND_GAME ? "a game" : "an agent");
        return -1;
    }
    /* Within one major, minor 0 is the smallest descriptor this runner knows;
     * anything shorter is corrupt. Fields past struct_size are never read. */
    size_t expected = plugin->kind == TOURNEY_KIND_GAME ? TOURNEY_GAME_API_SIZE_1_0
                                                        : sizeof(struct tourney_agent_api);
    if (header->struct_size < expected) {
        snprintf(error, error_size, "%s: descriptor is %u bytes, expected at least %zu", path,
                 header->struct_size, expected);
        return -1;
    }
    const char *name = tourney_plugin_name(plugin);
    if (name == NULL || name[0] == '\0') {
        snprintf(error, error_size, "%s: the descriptor has no name", path);
        return -1;
    }
    const char *missing = plugin->kind == TOURNEY_KIND_GAME
                              ? missing_game_function(plugin->game)
                              : missing_agent_function(plugin->agent);
    if (missing != NULL) {
        snprintf(error, error_size, "%s: required function '%s' is NULL in %s plugin '%s'", path,
                 missing, tourney_kind_name(plugin->kind), name);
        return -1;
    }
    size_t count = 0;
    const struct tourney_param_desc *params = tourney_plugin_params(plugin, &count);
    char reason[256];
    if (tourney_params_check_descriptors(params, count, reason, sizeof(reason)) != 0) {
        snprintf(error, error_size, "%s: parameter list of '%s' is broken: %s", path, name,
                 reason);
        return -1;
    }
    return 0;
}

int tourney_plugin_open(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                        char *error, size_t error_size)
{
    memset(plugin, 0, sizeof(*plugin));
    plugin->kind = kind;
    plugin->path = strdup(path);
    if (plugin->path == NULL) {
        snprintf(error, error_size, "%s: out of memory", path);
        return -1;
    }
    /* dlopen's own message for a missing file is vague; say it plainly. */
    struct stat info;
    if (stat(path, &info) != 0) {
        snprintf(error, error_size, "%s: cannot open: %s", path, strerror(errno));
        goto err_path;
    }
    if (!S_ISREG(info.st_mode)) {
        snprintf(error, error_size, "%s: not a regular file", path);
        goto err_path;
    }
    dlerror();
    plugin->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (plugin->handle == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s: not a loadable shared object (%s)", path,
                 why ? why : "unknown dlopen error");
        goto err_path;
    }
    const char *symbol =
        kind == TOURNEY_KIND_GAME ? TOURNEY_GAME_ENTRY_SYMBOL : TOURNEY_AGENT_ENTRY_SYMBOL;
    dlerror();
    void *entry = dlsym(plugin->handle, symbol);
    if (entry == NULL) {
        const char *why = dlerror();
        snprintf(error, error_size, "%s: no entry symbol '%s', so it is not %s plugin (%s)", path,
                 symbol, kind == TOURNEY_KIND_GAME ? "a game" : "an agent",
                 why ? why : "symbol is NULL");
        goto err_handle;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function
     * pointer; the memcpy keeps -Wpedantic quiet about it. */
    const struct tourney_abi_header *header;
    if (kind == TOURNEY_KIND_GAME) {
        tourney_game_entry_fn fn;
        memcpy(&fn, &entry, sizeof(fn));
        plugin->game = fn();
        header = plugin->game ? &plugin->game->header : NULL;
    } else {
        tourney_agent_entry_fn fn;
        memcpy(&fn, &entry, sizeof(fn));
        plugin->agent = fn();
        header = plugin->agent ? &plugin->agent->header : NULL;
    }
    if (header == NULL) {
        snprintf(error, error_size, "%s: entry symbol '%s' returned no descriptor", path, symbol);
        goto err_handle;
    }
    if (check_descriptor(plugin, header, error, error_size) != 0) {
        goto err_handle;
    }
    return 0;

err_handle:
    dlclose(plugin->handle);
err_path:
    free(plugin->path);
    memset(plugin, 0, sizeof(*plugin));
    return -1;
}

/* Everything a described plugin owns: its descriptor, and every string and
 * list the descriptor points to, freed together. */
struct plugin_copy {
    union {
        struct tourney_game_api game;
        struct tourney_agent_api agent;
    } api;
    void **owned;
    size_t owned_count;
};

static void copy_free(struct plugin_copy *copy)
{
    for (size_t i = 0; copy != NULL && i < copy->owned_count; i++) {
        free(copy->owned[i]);
    }
    if (copy != NULL) {
        free(copy->owned);
    }
    free(copy);
}

/* Takes POINTER into COPY's keeping; NULL when it is NULL or on failure. */
static void *keep(struct plugin_copy *copy, void *pointer, bool *failed)
{
    if (pointer == NULL) {
        return NULL;
    }
    void **owned = realloc(copy->owned, (copy->owned_count + 1) * sizeof(*owned));
    if (owned == NULL) {
        *failed = true;
        free(pointer);
        return NULL;
    }
    copy->owned = owned;
    copy->owned[copy->owned_count++] = pointer;
    return pointer;
}

static const char *keep_string(struct plugin_copy *copy, const char *text, bool *failed)
{
    if (text == NULL) {
        return NULL;
    }
    char *duplicate = strdup(text);
    *failed = *failed || duplicate == NULL;
    return keep(copy, duplicate, failed);
}

static void copy_param(struct plugin_copy *copy, const struct tourney_param_desc *from,
                       struct tourney_param_desc *to, bool *failed)
{
    *to = *from;
    to->name = keep_string(copy, from->name, failed);
    to->default_value = keep_string(copy, from->default_value, failed);
    to->help = keep_string(copy, from->help, failed);
    size_t count = 0;
    while (from->choices != NULL && from->choices[count] != NULL) {
        count++;
    }
    if (from->choices == NULL) {
        return;
    }
    const char **choices = keep(copy, calloc(count + 1, sizeof(*choices)), failed);
    *failed = *failed || choices == NULL;
    for (size_t i = 0; choices != NULL && i < count; i++) {
        choices[i] = keep_string(copy, from->choices[i], failed);
    }
    to->choices = choices;
}

int tourney_plugin_describe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                            const char *name, const char *description,
                            const struct tourney_param_desc *params, size_t param_count)
{
    memset(plugin, 0, sizeof(*plugin));
    struct plugin_copy *copy = calloc(1, sizeof(*copy));
    if (copy == NULL) {
        return -1;
    }
    bool failed = false;
    struct tourney_param_desc *list = keep(copy, calloc(param_count + 1, sizeof(*list)), &failed);
    for (size_t i = 0; list != NULL && i < param_count; i++) {
        copy_param(copy, &params[i], &list[i], &failed);
    }
    const char *kept_name = keep_string(copy, name, &failed);
    const char *kept_description = keep_string(copy, description, &failed);
    plugin->path = strdup(path);
    if (failed || list == NULL || plugin->path == NULL) {
        free(plugin->path);
        plugin->path = NULL;
        copy_free(copy);
        return -1;
    }
    /* The header tells a reader this is a whole descriptor of this ABI; the
     * functions stay NULL, as nothing was loaded. */
    struct tourney_abi_header header = {TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR, 0, (uint32_t)kind};
    if (kind == TOURNEY_KIND_GAME) {
        header.struct_size = sizeof(struct tourney_game_api);
        copy->api.game = (struct tourney_game_api){.header = header,
                                                   .name = kept_name,
                                                   .description = kept_description,
                                                   .params = list,
                                                   .param_count = param_count};
        plugin->game = &copy->api.game;
    } else {
        header.struct_size = sizeof(struct tourney_agent_api);
        copy->api.agent = (struct tourney_agent_api){.header = header,
                                                     .name = kept_name,
                                                     .description = kept_description,
                                                     .params = list,
                                                     .param_count = param_count};
        plugin->agent = &copy->api.agent;
    }
    plugin->kind = kind;
    plugin->copy = copy;
    return 0;
}

void tourney_plugin_close(struct plugin *plugin)
{
    if (plugin->handle != NULL) {
        dlclose(plugin->handle);
    }
    copy_free(plugin->copy);
    free(plugin->path);
    memset(plugin, 0, sizeof(*plugin));
}

const char *tourney_plugin_name(const struct plugin *plugin)
{
    return plugin->kind == TOURNEY_KIND_GAME ? plugin->game->name : plugin->agent->name;
}

const char *tourney_plugin_description(const struct plugin *plugin)
{
    const char *text =
        plugin->kind == TOURNEY_KIND_GAME ? plugin->game->description : plugin->agent->description;
    return text ? text : "";
}

const struct tourney_param_desc *tourney_plugin_params(const struct plugin *plugin, size_t *count)
{
    if (plugin->kind == TOURNEY_KIND_GAME) {
        *count = plugin->game->param_count;
        return plugin->game->params;
    }
    *count = plugin->agent->param_count;
    return plugin->agent->params;
}
