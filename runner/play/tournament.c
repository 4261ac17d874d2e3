#include "tournament.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host_path.h"
#include "params.h"
#include "probe.h"
#include "suggest.h"
#include "text.h"

static const char *const reserved_keys[] = {"plugin", NULL};

/* Learns what the agent plugin at PATH is from a child process, and on the
 * first probe whether agent processes can be sandboxed here. */
static int probe_agent(struct tournament *t, const char *path, struct plugin *plugin,
                       struct error *err)
{
    const struct isolation_limits *limits = &t->config.settings.limits;
    struct probe_options options = {
        .host_path = t->agent_host,
        .memory_bytes = limits->memory_mb * 1024 * 1024,
        .output_limit = limits->output_limit_kb * 1024,
        .try_sandbox = limits->sandbox != SANDBOX_OFF && !t->sandbox_known,
    };
    struct probe_result result;
    if (tourney_plugin_probe(plugin, path, TOURNEY_KIND_AGENT, &options, &result, err) != 0) {
        return -1;
    }
    if (options.try_sandbox) {
        t->sandbox_known = true;
        t->sandbox = result.sandbox == SANDBOX_STATE_ACTIVE;
        if (!t->sandbox) {
            free(t->sandbox_note);
            t->sandbox_note = strdup(result.sandbox_error);
        }
    }
    return 0;
}

/* Finds and opens the plugin CHOICE names, reporting at its line. With
 * KNOWN, an agent plugin already opened from the same file is not opened
 * again: *KNOWN is set to it instead. */
static int open_choice(struct tournament *t, const struct plugin_choice *choice,
                       enum tourney_plugin_kind kind, struct plugin *plugin,
                       const struct plugin **known, struct diagnostics *diag)
{
    const char *file = t->config.path;
    struct error err;
    char *path =
        tourney_plugin_search_locate(&t->search, kind, choice->plugin, t->config.dir, &err);
    if (path == NULL) {
        tourney_diag_add(diag, file, choice->line, "%s", err.text);
        return -1;
    }
    for (size_t i = 0; known != NULL && i < t->agent_plugin_count; i++) {
        if (strcmp(t->agent_plugins[i]->path, path) == 0) {
            *known = t->agent_plugins[i];
            free(path);
            return 0;
        }
    }
    /* Agent code is never loaded into the runner when agents are isolated. */
    int status = kind == TOURNEY_KIND_AGENT && t->config.settings.isolation == ISOLATION_PROCESS
                     ? probe_agent(t, path, plugin, &err)
                     : tourney_plugin_open(plugin, path, kind, &err);
    if (status != 0) {
        tourney_diag_add(diag, file, choice->line, "cannot load %s plugin '%s': %s",
                         tourney_kind_name(kind), choice->plugin, err.text);
    }
    free(path);
    return status;
}

static int open_game(struct tournament *t, struct diagnostics *diag)
{
    const struct plugin_choice *choice = &t->config.game;
    const char *file = t->config.path;
    if (open_choice(t, choice, TOURNEY_KIND_GAME, &t->game_plugin, NULL, diag) != 0) {
        return -1;
    }
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&t->game_plugin, &count);
    t->game_params = calloc(count + 1, sizeof(*t->game_params));
    if (t->game_params == NULL) {
        tourney_diag_add(diag, file, choice->line, "out of memory");
        return -1;
    }
    char owner[128];
    snprintf(owner, sizeof(owner), "game plugin '%s'", tourney_plugin_name(&t->game_plugin));
    if (tourney_params_resolve(params, count, choice->section, reserved_keys, file, owner,
                               t->game_params, diag) != 0) {
        return -1;
    }
    struct error err;
    if (tourney_game_adapter_init(&t->game, &t->game_plugin, t->game_params, &err) != 0) {
        tourney_diag_add(diag, file, choice->section->line, "%s", err.text);
        return -1;
    }
    t->game_params_text = tourney_params_text(params, count, t->game_params);
    return t->game_params_text ? 0 : -1;
}

/* The already loaded plugin with the same file, or a newly loaded one. */
static const struct plugin *agent_plugin(struct tournament *t, const struct plugin_choice *choice,
                                         struct diagnostics *diag)
{
    struct plugin loaded;
    const struct plugin *known = NULL;
    if (open_choice(t, choice, TOURNEY_KIND_AGENT, &loaded, &known, diag) != 0) {
        return NULL;
    }
    if (known != NULL) {
        return known;
    }
    for (size_t i = 0; i < t->agent_plugin_count; i++) {
        if (t->agent_plugins[i]->agent == loaded.agent) {
            tourney_plugin_close(&loaded); /* dlopen counted it twice */
            return t->agent_plugins[i];
        }
    }
    struct plugin **plugins =
        realloc(t->agent_plugins, (t->agent_plugin_count + 1) * sizeof(*plugins));
    struct plugin *copy = plugins ? malloc(sizeof(*copy)) : NULL;
    if (copy == NULL) {
        if (plugins != NULL) {
            t->agent_plugins = plugins;
        }
        tourney_plugin_close(&loaded);
        tourney_diag_add(diag, t->config.path, choice->line, "out of memory");
        return NULL;
    }
    *copy = loaded;
    t->agent_plugins = plugins;
    t->agent_plugins[t->agent_plugin_count++] = copy;
    return copy;
}

static bool has_param(const struct tourney_param_info *params, size_t count, const char *name)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(params[i].name, name) == 0) {
            return true;
        }
    }
    return false;
}

/* The --each values whose parameter the agent's plugin has (PARAMS), into
 * the agent's SECTION, but for those a --set of this agent gave already. */
static void apply_each(struct tournament *t, struct ini_section *section,
                       const struct tourney_param_info *params, size_t count,
                       struct diagnostics *diag)
{
    struct config_overrides *overrides = t->config.overrides;
    for (size_t i = 0; overrides != NULL && section != NULL && i < overrides->count; i++) {
        struct config_override *item = &overrides->items[i];
        if (item->kind != OVERRIDE_EACH || !has_param(params, count, item->key)) {
            continue;
        }
        item->applied = true;
        bool set_here = false;
        for (size_t e = 0; e < section->entry_count; e++) {
            set_here =
                set_here || (strcmp(section->entries[e].key, item->key) == 0 &&
                             tourney_config_line_is_set(&t->config, section->entries[e].line));
        }
        if (!set_here && tourney_ini_set(section, item->key, item->value, item->line) != 0) {
            tourney_diag_add(diag, t->config.path, item->line, "out of memory");
        }
    }
}

/* An --each that no agent's plugin has a parameter for is a mistake, told
 * once every agent's plugin is known. */
static void check_each(const struct tournament *t, struct diagnostics *diag)
{
    const struct config_overrides *overrides = t->config.overrides;
    for (size_t i = 0; overrides != NULL && i < overrides->count; i++) {
        const struct config_override *item = &overrides->items[i];
        if (item->kind != OVERRIDE_EACH || item->applied) {
            continue;
        }
        struct suggestion guess;
        tourney_suggest_init(&guess, item->key);
        for (size_t e = 0; e < t->entrant_count; e++) {
            if (t->entrants[e].plugin == NULL) {
                return; /* a plugin not loaded may have had it */
            }
            size_t count = 0;
            const struct tourney_param_info *params =
                tourney_plugin_params(t->entrants[e].plugin, &count);
            for (size_t p = 0; p < count; p++) {
                tourney_suggest_consider(&guess, params[p].name);
            }
        }
        const char *best = tourney_suggest_best(&guess);
        tourney_diag_add(diag, t->config.path, item->line,
                         "no agent of %s has a parameter '%s'%s%s%s", t->config.path, item->key,
                         best ? "; did you mean '" : " (`tourney agents` lists them)",
                         best ? best : "", best ? "'?" : "");
    }
}

static void open_entrant(struct tournament *t, const struct agent_choice *choice,
                         struct entrant *entrant, struct diagnostics *diag)
{
    entrant->name = choice->name;
    if (choice->choice.plugin == NULL) {
        return; /* already reported by the config */
    }
    entrant->plugin = agent_plugin(t, &choice->choice, diag);
    if (entrant->plugin == NULL) {
        return;
    }
    const struct tourney_agent_api *api = entrant->plugin->agent;
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(entrant->plugin, &count);
    entrant->params = calloc(count + 1, sizeof(*entrant->params));
    if (entrant->params == NULL) {
        tourney_diag_add(diag, t->config.path, choice->choice.line, "out of memory");
        return;
    }
    apply_each(t, choice->choice.section, params, count, diag);
    char owner[160];
    snprintf(owner, sizeof(owner), "agent '%s' (plugin '%s')", choice->name, api->name);
    tourney_params_resolve(params, count, choice->choice.section, reserved_keys, t->config.path,
                           owner, entrant->params, diag);
    entrant->params_text = tourney_params_text(params, count, entrant->params);
    entrant->is_random = strcmp(api->name, "random") == 0;
}

/* The agent host program, which isolation = process cannot do without. */
static int find_agent_host(struct tournament *t, const char *exe_path, struct diagnostics *diag)
{
    t->agent_host = tourney_agent_host_path(exe_path);
    if (t->agent_host == NULL) {
        tourney_diag_add(diag, t->config.path, 0, "out of memory");
        return -1;
    }
    if (access(t->agent_host, X_OK) != 0) {
        tourney_diag_add(diag, t->config.path, tourney_config_line(&t->config, "isolation"),
                         "cannot run %s, which runs every agent in a process of its own: %s "
                         "(install tourney completely, or set isolation = none to run agents "
                         "in the runner's process)",
                         t->agent_host, strerror(errno));
        return -1;
    }
    return 0;
}

/* sandbox = true is a promise: refused where it cannot be kept. */
static void check_sandbox(struct tournament *t, struct diagnostics *diag)
{
    if (t->config.settings.isolation != ISOLATION_PROCESS || !t->sandbox_known || t->sandbox ||
        t->config.settings.limits.sandbox != SANDBOX_ON) {
        return;
    }
    tourney_diag_add(diag, t->config.path, tourney_config_line(&t->config, "sandbox"),
                     "sandbox = true, but agent processes cannot be sandboxed here: %s",
                     t->sandbox_note ? t->sandbox_note : "unknown reason");
}

int tourney_tournament_open_overridden(struct tournament *t, const char *config_path,
                                       struct config_overrides *overrides, const char *exe_path,
                                       const char *env_plugin_path, struct diagnostics *diag)
{
    memset(t, 0, sizeof(*t));
    size_t errors_before = diag->count;
    /* Go on after config errors: plugin problems are worth reporting in the
     * same run, as long as the sections they come from could be read. */
    tourney_config_load_overridden(&t->config, config_path, overrides, diag);
    if (t->config.doc.path == NULL) {
        return -1; /* the file could not be read at all */
    }
    if (tourney_plugin_search_init(&t->search, t->config.plugin_dirs, t->config.plugin_dir_count,
                                   env_plugin_path, exe_path) != 0) {
        tourney_diag_add(diag, config_path, 0, "out of memory");
        return -1;
    }
    if (t->config.game.plugin != NULL) {
        open_game(t, diag);
    }
    if (t->config.settings.isolation == ISOLATION_PROCESS &&
        find_agent_host(t, exe_path, diag) != 0) {
        return -1;
    }
    t->entrants = calloc(t->config.agent_count + 1, sizeof(*t->entrants));
    if (t->entrants == NULL) {
        tourney_diag_add(diag, config_path, 0, "out of memory");
        return -1;
    }
    t->entrant_count = t->config.agent_count;
    t->gauntlet = TOURNEY_NO_GAUNTLET;
    for (size_t i = 0; i < t->config.agent_count; i++) {
        open_entrant(t, &t->config.agents[i], &t->entrants[i], diag);
        const char *gauntlet_agent = t->config.settings.gauntlet_agent;
        if (gauntlet_agent != NULL && strcmp(gauntlet_agent, t->config.agents[i].name) == 0) {
            t->gauntlet = i;
        }
    }
    check_each(t, diag);
    check_sandbox(t, diag);
    return diag->count > errors_before || diag->out_of_memory ? -1 : 0;
}

int tourney_tournament_open(struct tournament *t, const char *config_path, const char *exe_path,
                            const char *env_plugin_path, struct diagnostics *diag)
{
    return tourney_tournament_open_overridden(t, config_path, NULL, exe_path, env_plugin_path,
                                              diag);
}

void tourney_tournament_close(struct tournament *t)
{
    free(t->agent_host);
    free(t->sandbox_note);
    for (size_t i = 0; i < t->entrant_count; i++) {
        free(t->entrants[i].params);
        free(t->entrants[i].params_text);
    }
    free(t->entrants);
    /* Instances go before the code that made them is unloaded. */
    tourney_game_adapter_finish(&t->game);
    free(t->game_params);
    free(t->game_params_text);
    for (size_t i = 0; i < t->agent_plugin_count; i++) {
        tourney_plugin_close(t->agent_plugins[i]);
        free(t->agent_plugins[i]);
    }
    free(t->agent_plugins);
    if (t->game_plugin.handle != NULL) {
        tourney_plugin_close(&t->game_plugin);
    }
    tourney_plugin_search_finish(&t->search);
    tourney_config_finish(&t->config);
    memset(t, 0, sizeof(*t));
}
