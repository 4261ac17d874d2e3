#include "plugin_search.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/stat.h>

#include "install_path.h"
#include "plugin.h"
#include "suggest.h"
#include "text.h"

#ifndef TOURNEY_BUILD_ROOT
#error "meson defines TOURNEY_BUILD_ROOT"
#endif
#ifndef TOURNEY_INSTALLED_PLUGIN_DIR
#error "meson defines TOURNEY_INSTALLED_PLUGIN_DIR"
#endif
#ifndef TOURNEY_PLUGIN_DIR_FROM_BIN
#error "meson defines TOURNEY_PLUGIN_DIR_FROM_BIN"
#endif

static int add_dir(struct plugin_search *search, const char *dir, size_t length)
{
    if (length == 0) {
        return 0; /* "a::b" or a trailing ':' names no directory */
    }
    char **dirs = realloc(search->dirs, (search->count + 1) * sizeof(*dirs));
    if (dirs == NULL) {
        return -1;
    }
    search->dirs = dirs;
    search->dirs[search->count] = strndup(dir, length);
    if (search->dirs[search->count] == NULL) {
        return -1;
    }
    search->count++;
    return 0;
}

static bool inside(const char *path, const char *dir)
{
    size_t length = strlen(dir);
    return strncmp(path, dir, length) == 0 && path[length] == '/';
}

int tourney_plugin_search_init(struct plugin_search *search, char *const *config_dirs,
                               size_t config_dir_count, const char *env_path, const char *exe_path)
{
    memset(search, 0, sizeof(*search));
    for (size_t i = 0; i < config_dir_count; i++) {
        if (add_dir(search, config_dirs[i], strlen(config_dirs[i])) != 0) {
            goto err_dirs;
        }
    }
    while (env_path != NULL && *env_path != '\0') {
        size_t length = strcspn(env_path, ":");
        if (add_dir(search, env_path, length) != 0) {
            goto err_dirs;
        }
        env_path += length + (env_path[length] == ':');
    }
    if (exe_path != NULL && inside(exe_path, TOURNEY_BUILD_ROOT)) {
        if (add_dir(search, TOURNEY_BUILD_ROOT, strlen(TOURNEY_BUILD_ROOT)) != 0) {
            goto err_dirs;
        }
    }
    /* The installed plugins, from the program's folder where it was
     * installed (a prefix copied elsewhere), else at the prefix. */
    char *installed =
        tourney_install_path(exe_path, TOURNEY_PLUGIN_DIR_FROM_BIN, TOURNEY_INSTALLED_PLUGIN_DIR);
    if (installed == NULL || add_dir(search, installed, strlen(installed)) != 0) {
        free(installed);
        goto err_dirs;
    }
    free(installed);
    return 0;
err_dirs:
    tourney_plugin_search_finish(search);
    return -1;
}

void tourney_plugin_search_finish(struct plugin_search *search)
{
    for (size_t i = 0; i < search->count; i++) {
        free(search->dirs[i]);
    }
    free(search->dirs);
    memset(search, 0, sizeof(*search));
}

static bool is_file(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

static const char *kind_dir(enum tourney_plugin_kind kind)
{
    return kind == TOURNEY_KIND_GAME ? "games" : "agents";
}

/* What NAME, a path, is relative to BASE_DIR (heap string). */
static char *resolve_path(const char *name, const char *base_dir)
{
    while (strncmp(name, "./", 2) == 0) {
        name += 2; /* "./x.so" reads better in messages as "dir/x.so" */
    }
    return name[0] == '/' || base_dir == NULL ? strdup(name)
                                              : tourney_format("%s/%s", base_dir, name);
}

char *tourney_plugin_search_find(const struct plugin_search *search, enum tourney_plugin_kind kind,
                                 const char *name, const char *base_dir)
{
    if (strchr(name, '/') != NULL) {
        /* Returned even when missing: the loader then says why it fails. */
        return resolve_path(name, base_dir);
    }
    /* "x.so" is a file's name: beside the config first, then as it is along
     * the path; "x" is a plugin's, looked for as x.so along the path. */
    const char *suffix = ".so";
    if (tourney_has_suffix(name, ".so")) {
        suffix = "";
        char *beside = base_dir != NULL ? tourney_format("%s/%s", base_dir, name) : NULL;
        if (beside != NULL && is_file(beside)) {
            return beside;
        }
        free(beside);
    }
    for (size_t i = 0; i < search->count; i++) {
        char *direct = tourney_format("%s/%s%s", search->dirs[i], name, suffix);
        if (direct == NULL || is_file(direct)) {
            return direct;
        }
        free(direct);
        char *nested = tourney_format("%s/%s/%s%s", search->dirs[i], kind_dir(kind), name, suffix);
        if (nested == NULL || is_file(nested)) {
            return nested;
        }
        free(nested);
    }
    return NULL;
}

/* Offers the name of the plugin file at PATH ("minimax" for
 * .../minimax.so) to the suggestion in CONTEXT. */
static void consider_file(const char *path, void *context)
{
    const char *base = strrchr(path, '/');
    base = base != NULL ? base + 1 : path;
    tourney_suggest_consider_n(context, base, strlen(base) - strlen(".so"));
}

char *tourney_plugin_search_locate(const struct plugin_search *search,
                                   enum tourney_plugin_kind kind, const char *name,
                                   const char *base_dir, struct error *err)
{
    errno = 0;
    char *path = tourney_plugin_search_find(search, kind, name, base_dir);
    if (path == NULL && errno == ENOMEM) {
        tourney_error_nomem(err);
        return NULL;
    }
    if (path != NULL && (strchr(name, '/') == NULL || is_file(path))) {
        return path;
    }
    const char *kind_name = tourney_kind_name(kind);
    if (path != NULL) {
        bool relative = name[0] != '/' && base_dir != NULL;
        tourney_error_set(err, "%s plugin '%s': no file %s%s%s%s", kind_name, name, path,
                          relative ? " (a relative plugin path is resolved against the "
                                     "directory of the config, "
                                   : "",
                          relative ? base_dir : "", relative ? ")" : "");
        free(path);
        return NULL;
    }
    char *dirs = tourney_plugin_search_describe(search);
    if (tourney_has_suffix(name, ".so")) {
        tourney_error_set(err, "unknown %s plugin '%s': no %s beside the config (in %s) nor in %s",
                          kind_name, name, name, base_dir ? base_dir : ".",
                          dirs ? dirs : "the plugin path");
        free(dirs);
        return NULL;
    }
    struct suggestion guess;
    tourney_suggest_init(&guess, name);
    tourney_plugin_search_each(search, kind, consider_file, &guess);
    const char *best = tourney_suggest_best(&guess);
    char hint[TOURNEY_SUGGEST_MAX + 64];
    if (best != NULL) {
        snprintf(hint, sizeof(hint), "; did you mean '%s'?", best);
    } else {
        snprintf(hint, sizeof(hint), " (see `tourney %ss`)", kind_name);
    }
    tourney_error_set(err, "unknown %s plugin '%s': no %s.so found in %s%s", kind_name, name, name,
                      dirs ? dirs : "the plugin path", hint);
    free(dirs);
    return NULL;
}

char *tourney_plugin_search_describe(const struct plugin_search *search)
{
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < search->count; i++) {
        char *longer = tourney_format("%s%s%s", text, i ? ", " : "", search->dirs[i]);
        free(text);
        text = longer;
    }
    return text;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Visits DIR's *.so files in name order, so listings are stable. */
static void visit_dir(const char *dir, void (*visit)(const char *path, void *context),
                      void *context)
{
    DIR *handle = opendir(dir);
    if (handle == NULL) {
        return;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(handle)) != NULL) {
        if (!tourney_has_suffix(entry->d_name, ".so")) {
            continue;
        }
        char **grown = realloc(names, (count + 1) * sizeof(*names));
        if (grown == NULL) {
            break;
        }
        names = grown;
        names[count] = tourney_format("%s/%s", dir, entry->d_name);
        if (names[count] == NULL) {
            break;
        }
        count++;
    }
    closedir(handle);
    if (count > 0) {
        qsort(names, count, sizeof(*names), compare_names);
    }
    for (size_t i = 0; i < count; i++) {
        if (is_file(names[i])) {
            visit(names[i], context);
        }
        free(names[i]);
    }
    free(names);
}

void tourney_plugin_search_each(const struct plugin_search *search, enum tourney_plugin_kind kind,
                                void (*visit)(const char *path, void *context), void *context)
{
    for (size_t i = 0; i < search->count; i++) {
        visit_dir(search->dirs[i], visit, context);
        char *nested = tourney_format("%s/%s", search->dirs[i], kind_dir(kind));
        if (nested != NULL) {
            visit_dir(nested, visit, context);
            free(nested);
        }
    }
}
