#include "plugin.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "params.h"
#include "plugin_image.h"
#include "text.h"

const char *tourney_kind_name(enum tourney_plugin_kind kind)
{
    return kind == TOURNEY_KIND_GAME ? "game" : "agent";
}

void tourney_plugin_identity(const char *id, const char *version, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s", id ? id : "", id && version ? " " : "",
             !id && version ? "version " : "", version ? version : "");
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

/* Whether TEXT is a well-formed id: letters, digits, '.', '-' and '_'. */
static bool is_id(const char *text)
{
    size_t length = strlen(text);
    if (length == 0 || length > 128) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if (!(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') &&
            c != '.' && c != '-' && c != '_') {
            return false;
        }
    }
    return true;
}

/* Whether TEXT is a well-formed version: printable ASCII without spaces. */
static bool is_version(const char *text)
{
    size_t length = strlen(text);
    if (length == 0 || length > 64) {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        if (text[i] <= ' ' || text[i] > '~') {
            return false;
        }
    }
    return true;
}

/* "the descriptor's id 'TEXT' is not ..." with TEXT made printable. */
static int refuse_text(struct error *err, const char *what, const char *text, const char *expected)
{
    char shown[80];
    snprintf(shown, sizeof(shown), "%s", text);
    tourney_make_printable(shown, false);
    return tourney_error_set(err, "the descriptor's %s '%s' is not %s", what, shown, expected);
}

/* What tourney_plugin_check_about checks, the reason without the path. */
static int check_about(const struct plugin_about *about, struct error *err)
{
    if (about->name == NULL || about->name[0] == '\0') {
        return tourney_error_set(err, "the descriptor has no name");
    }
    if (tourney_params_check_descriptors(about->params, about->param_count, err) != 0) {
        return tourney_error_prefix(err, "parameter list of '%s' is broken", about->name);
    }
    if (about->id != NULL && !is_id(about->id)) {
        return refuse_text(err, "id", about->id,
                           "an id (1 to 128 letters, digits, '.', '-' or '_')");
    }
    if (about->version != NULL && !is_version(about->version)) {
        return refuse_text(err, "version", about->version,
                           "a version (1 to 64 printable characters, no spaces)");
    }
    return 0;
}

int tourney_plugin_check_about(const char *path, const struct plugin_about *about,
                               struct error *err)
{
    if (check_about(about, err) != 0) {
        return tourney_error_prefix(err, "%s", path);
    }
    return 0;
}

/* Checks the descriptor's header, reads what it says about itself and
 * checks it, and makes the plugin's view of it. The reason for a refusal
 * is without the path, which the caller puts in front. */
static int accept_descriptor(struct plugin *plugin, const struct tourney_abi_header *header,
                             struct error *err)
{
    if (header->abi_major != TOURNEY_ABI_MAJOR) {
        return tourney_error_set(err,
                                 "built for tourney ABI %u.%u, but this runner speaks ABI %d.%d; "
                                 "rebuild the plugin against this version's headers",
                                 header->abi_major, header->abi_minor, TOURNEY_ABI_MAJOR,
                                 TOURNEY_ABI_MINOR);
    }
    if (header->kind != (uint32_t)plugin->kind) {
        return tourney_error_set(err, "the descriptor says it is not %s plugin",
                                 plugin->kind == TOURNEY_KIND_GAME ? "a game" : "an agent");
    }
    /* A descriptor is at least as large as its minor's; only that much of it
     * is read (a newer minor's fields are not this runner's business). */
    size_t expected = 0;
    uint32_t known = tourney_plugin_known_size(header, plugin->kind, &expected);
    if (known == 0) {
        return tourney_error_set(err, "descriptor is %u bytes, expected at least %zu",
                                 header->struct_size, expected);
    }
    /* The first fields are laid out alike in both kinds. */
    const char *name = ((const struct tourney_game_api *)(const void *)header)->name;
    if (name == NULL || name[0] == '\0') {
        return tourney_error_set(err, "the descriptor has no name");
    }
    const char *missing = plugin->kind == TOURNEY_KIND_GAME
                              ? missing_game_function((const void *)header)
                              : missing_agent_function((const void *)header);
    if (missing != NULL) {
        return tourney_error_set(err, "required function '%s' is NULL in %s plugin '%s'", missing,
                                 tourney_kind_name(plugin->kind), name);
    }
    struct plugin_about about;
    struct tourney_param_info *params;
    if (tourney_plugin_read_about(header, plugin->kind, known, &about, &params, err) != 0) {
        return tourney_error_prefix(err, "parameter list of '%s' is broken", name);
    }
    int status = check_about(&about, err);
    if (status == 0) {
        plugin->copy = tourney_plugin_copy_create(plugin->kind, header, known, &about);
        if (plugin->copy == NULL) {
            status = tourney_error_nomem(err);
        }
    }
    free(params);
    return status;
}

/* The views of a plugin's copy, as its kind says. */
static void show_views(struct plugin *plugin)
{
    plugin->game = plugin->kind == TOURNEY_KIND_GAME ? &plugin->copy->game : NULL;
    plugin->agent = plugin->kind == TOURNEY_KIND_AGENT ? &plugin->copy->agent : NULL;
}

/* dlopen's message, without the path it names when that is the path of the
 * image (the caller puts the plugin's own path in front). */
static const char *dlopen_reason(const char *why, const char *loaded)
{
    size_t length = strlen(loaded);
    if (why == NULL) {
        return "unknown dlopen error";
    }
    return strncmp(why, loaded, length) == 0 && strncmp(why + length, ": ", 2) == 0
               ? why + length + 2
               : why;
}

/* dlopen(PATH), with its reason in ERR when it fails. */
static void *open_object(const char *path, struct error *err)
{
    dlerror();
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        tourney_error_set(err, "not a loadable shared object (%s)",
                          dlopen_reason(dlerror(), path));
    }
    return handle;
}

/* Loads the image: from /proc/self/fd/N, a name no other loaded object may
 * have (the dynamic loader hands back an object already loaded under the
 * same name, such as an earlier image whose descriptor number was reused). */
static void *load_image(struct plugin_image *image, struct error *err)
{
    char path[64];
    for (int attempt = 0; attempt < 64; attempt++) {
        tourney_plugin_image_path(image, path, sizeof(path));
        void *taken = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
        if (taken == NULL) {
            return open_object(path, err);
        }
        dlclose(taken);
        if (tourney_plugin_image_renumber(image, err) != 0) {
            return NULL;
        }
    }
    tourney_error_set(err, "no free name to load it under");
    return NULL;
}

/* Loads PATH: from a sealed copy in memory, checked against DIGEST unless it
 * is NULL; or, IN_PLACE, from the file itself. */
static void *load(struct plugin *plugin, const char *path, const char *digest, bool in_place,
                  struct error *err)
{
    if (in_place) {
        /* dlopen's own message for a missing file is vague; say it plainly. */
        struct stat info;
        if (stat(path, &info) != 0) {
            tourney_error_set_errno(err, "cannot open");
            return NULL;
        }
        if (!S_ISREG(info.st_mode)) {
            tourney_error_set(err, "not a regular file");
            return NULL;
        }
        return open_object(path, err);
    }
    struct plugin_image image;
    if (tourney_plugin_image_read(&image, path, err) != 0) {
        return NULL;
    }
    void *handle = NULL;
    if (digest != NULL && strcmp(digest, image.digest) != 0) {
        tourney_error_set(err, "its digest is %s where %s was expected", image.digest, digest);
    } else {
        memcpy(plugin->digest, image.digest, sizeof(plugin->digest));
        handle = load_image(&image, err);
    }
    /* The mapping keeps the copy alive; the descriptor is not needed. */
    tourney_plugin_image_close(&image);
    return handle;
}

static int open_plugin(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                       const char *digest, bool in_place, struct error *err)
{
    memset(plugin, 0, sizeof(*plugin));
    plugin->kind = kind;
    plugin->path = strdup(path);
    if (plugin->path == NULL) {
        tourney_error_nomem(err);
        goto err_path;
    }
    plugin->handle = load(plugin, path, digest, in_place, err);
    if (plugin->handle == NULL) {
        goto err_path;
    }
    const char *symbol =
        kind == TOURNEY_KIND_GAME ? TOURNEY_GAME_ENTRY_SYMBOL : TOURNEY_AGENT_ENTRY_SYMBOL;
    dlerror();
    void *entry = dlsym(plugin->handle, symbol);
    if (entry == NULL) {
        const char *why = dlerror();
        tourney_error_set(err, "no entry symbol '%s', so it is not %s plugin (%s)", symbol,
                          kind == TOURNEY_KIND_GAME ? "a game" : "an agent",
                          why ? why : "symbol is NULL");
        goto err_handle;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function
     * pointer; the memcpy keeps -Wpedantic quiet about it. */
    const struct tourney_abi_header *header;
    if (kind == TOURNEY_KIND_GAME) {
        tourney_game_entry_fn fn;
        memcpy(&fn, &entry, sizeof(fn));
        const struct tourney_game_api *api = fn();
        header = api ? &api->header : NULL;
    } else {
        tourney_agent_entry_fn fn;
        memcpy(&fn, &entry, sizeof(fn));
        const struct tourney_agent_api *api = fn();
        header = api ? &api->header : NULL;
    }
    if (header == NULL) {
        tourney_error_set(err, "entry symbol '%s' returned no descriptor", symbol);
        goto err_handle;
    }
    if (accept_descriptor(plugin, header, err) != 0) {
        goto err_handle;
    }
    show_views(plugin);
    return 0;

err_handle:
    dlclose(plugin->handle);
err_path:
    free(plugin->path);
    memset(plugin, 0, sizeof(*plugin));
    return tourney_error_prefix(err, "%s", path);
}

int tourney_plugin_open(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                        struct error *err)
{
    return open_plugin(plugin, path, kind, NULL, false, err);
}

int tourney_plugin_open_digest(struct plugin *plugin, const char *path,
                               enum tourney_plugin_kind kind, const char *digest,
                               struct error *err)
{
    return open_plugin(plugin, path, kind, digest, false, err);
}

int tourney_plugin_open_in_place(struct plugin *plugin, const char *path,
                                 enum tourney_plugin_kind kind, struct error *err)
{
    return open_plugin(plugin, path, kind, NULL, true, err);
}

int tourney_plugin_describe(struct plugin *plugin, const char *path, enum tourney_plugin_kind kind,
                            const struct plugin_about *about)
{
    memset(plugin, 0, sizeof(*plugin));
    plugin->kind = kind;
    plugin->path = strdup(path);
    plugin->copy = tourney_plugin_copy_create(kind, NULL, 0, about);
    if (plugin->path == NULL || plugin->copy == NULL) {
        tourney_plugin_close(plugin);
        return -1;
    }
    show_views(plugin);
    return 0;
}

void tourney_plugin_close(struct plugin *plugin)
{
    if (plugin->handle != NULL) {
        dlclose(plugin->handle);
    }
    tourney_plugin_copy_free(plugin->copy);
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

const char *tourney_plugin_id(const struct plugin *plugin)
{
    return plugin->kind == TOURNEY_KIND_GAME ? plugin->game->id : plugin->agent->id;
}

const char *tourney_plugin_version(const struct plugin *plugin)
{
    return plugin->kind == TOURNEY_KIND_GAME ? plugin->game->version : plugin->agent->version;
}

const struct tourney_param_info *tourney_plugin_params(const struct plugin *plugin, size_t *count)
{
    *count = plugin->copy->param_count;
    return plugin->copy->params;
}
