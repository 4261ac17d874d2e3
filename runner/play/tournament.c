#include "tournament.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command_line.h"
#include "command_process.h"
#include "host_path.h"
#include "params.h"
#include "plugin_image.h"
#include "probe.h"
#include "program_access.h"
#include "suggest.h"
#include "text.h"
#include "version_shim.h"

/* How many probes of agent plugins load at once (start_probes). */
#define PROBES_AHEAD 4

static const char *const reserved_keys[] = {"plugin", NULL};

/* The first probe's word (of a plugin or a program) on what confines agent
 * processes here: a line naming what is missing, noted once. */
static void note_confinement(struct tournament *t, bool namespaces, const char *namespace_error,
                             bool sandbox, int landlock_abi, const char *landlock_error)
{
    if (t->confinement_known) {
        return;
    }
    t->confinement_known = true;
    char note[512] = "";
    if (!namespaces) {
        snprintf(note, sizeof(note), "namespaces of their own (%s)", namespace_error);
    }
    if (sandbox && landlock_abi == 0) {
        size_t used = strlen(note);
        snprintf(note + used, sizeof(note) - used, "%sLandlock (%s)", used ? " and " : "",
                 landlock_error);
    }
    t->confinement_note = note[0] != '\0' ? strdup(note) : NULL;
}

/* What the first agent process asked to be sandboxed said: whether agent
 * processes can be sandboxed here, and if not why. */
static void note_sandbox(struct tournament *t, enum sandbox_state state, const char *why)
{
    t->sandbox_known = true;
    t->sandbox = state == SANDBOX_STATE_ACTIVE;
    if (!t->sandbox) {
        free(t->sandbox_note);
        t->sandbox_note = strdup(why);
    }
}

/* How a plugin is loaded in an agent process: with the limits of the
 * config's agents, and, with TRY_SANDBOX, under the sandbox (an agent's
 * probe finds out whether agent processes can be sandboxed here). */
static struct probe_options probe_options_of(const struct tournament *t, bool try_sandbox)
{
    const struct isolation_limits *limits = &t->config.settings.limits;
    return (struct probe_options){
        .host_path = t->agent_host,
        .memory_bytes = limits->memory_bytes,
        .output_limit = limits->output_limit_bytes,
        .try_sandbox = try_sandbox,
    };
}

static bool agents_sandboxed(const struct tournament *t)
{
    return t->config.settings.limits.sandbox != SANDBOX_OFF;
}

/* Starts the probe of the next agent plugin, if any is left. */
static void start_next_probe(struct tournament *t)
{
    if (t->probes_started < t->probe_count) {
        size_t i = t->probes_started++;
        const struct probe_options options = probe_options_of(t, agents_sandboxed(t));
        tourney_plugin_probe_start(&t->probes[i], t->probe_paths[i], TOURNEY_KIND_AGENT, &options);
    }
}

/* Learns what the agent plugin at PATH is from a child process, and on the
 * first probe whether agent processes can be sandboxed here. */
static int probe_agent(struct tournament *t, const char *path, struct plugin *plugin,
                       struct error *err)
{
    const struct probe_options options = probe_options_of(t, agents_sandboxed(t));
    struct probe_result result;
    struct plugin_probe *started = NULL;
    for (size_t i = 0; i < t->probes_started && started == NULL; i++) {
        if (t->probes[i].path != NULL && strcmp(t->probes[i].path, path) == 0) {
            started = &t->probes[i];
        }
    }
    int status = started != NULL ? tourney_plugin_probe_finish(started, plugin, &result, err)
                                 : tourney_plugin_probe(plugin, path, TOURNEY_KIND_AGENT, &options,
                                                        &result, err);
    start_next_probe(t);
    if (status != 0) {
        return -1;
    }
    if (options.try_sandbox) {
        note_sandbox(t, result.sandbox, result.sandbox_error);
    }
    note_confinement(t, result.namespaces, result.namespace_error, options.try_sandbox,
                     result.landlock_abi, result.landlock_error);
    return 0;
}

/* Refuses a plugin file that is cut short (plugin_image.h). */
static int check_file(const char *path, struct error *err)
{
    struct plugin_image image;
    if (tourney_plugin_image_read(&image, path, err) != 0) {
        return tourney_error_prefix(err, "%s", path);
    }
    tourney_plugin_image_close(&image);
    return 0;
}

/* Loads the plugin at PATH into the runner, loaded first by an agent
 * process wherever the agent host is at hand (always with
 * isolation = process). */
static int load_here(struct tournament *t, const char *path, enum tourney_plugin_kind kind,
                     struct plugin *plugin, struct error *err)
{
    const struct probe_options options = probe_options_of(t, false);
    return tourney_plugin_open_probed(plugin, path, kind, NULL, &options, err);
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
    /* Agent code is never loaded into the runner when agents are isolated.
     * A file cut short is told as such, before a probe dies of it. */
    int status = check_file(path, &err);
    if (status == 0) {
        status = kind == TOURNEY_KIND_AGENT && t->config.settings.isolation == ISOLATION_PROCESS
                     ? probe_agent(t, path, plugin, &err)
                     : load_here(t, path, kind, plugin, &err);
    }
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

/* The openings of the settings, read by the game now that it is loaded:
 * every mistake of the file at its line, or why opening_plies cannot be. */
static void open_openings(struct tournament *t, struct diagnostics *diag)
{
    const struct tournament_config *config = &t->config;
    const struct tournament_settings *s = &config->settings;
    if (config->openings_text != NULL) {
        tourney_openings_read(&t->openings, &t->game, config->openings_text,
                              config->openings_length, config->openings_file, s->openings_order,
                              s->seed, config->path, tourney_config_line(config, "openings"),
                              diag);
    } else if (s->opening_plies > 0 && s->openings.path == NULL) {
        struct error err;
        if (tourney_openings_use_plies(&t->openings, &t->game, s->opening_plies, s->seed, &err) !=
            0) {
            tourney_diag_add(diag, config->path, tourney_config_line(config, "opening_plies"),
                             "%s", err.text);
        }
    }
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

/* Starts the program of an agent with a command once, to see that it runs
 * and speaks the protocol (under the sandbox, which it tells of when no
 * plugin has yet). */
static int probe_command(struct tournament *t, const struct program_reads *access,
                         struct error *err)
{
    const struct isolation_limits *limits = &t->config.settings.limits;
    bool try_sandbox = limits->sandbox != SANDBOX_OFF && (t->sandbox || !t->sandbox_known);
    const struct command_launch launch = {
        .host_path = t->agent_host,
        .argv = (const char *const *)access->argv,
        .dir = access->workdir,
        .reads = (const char *const *)access->paths,
        .memory_bytes = limits->memory_bytes,
        .output_limit = limits->output_limit_bytes,
        .sandbox_flags = !try_sandbox                    ? 0
                         : limits->sandbox == SANDBOX_ON ? LOAD_SANDBOX | LOAD_SANDBOX_REQUIRED
                                                         : LOAD_SANDBOX,
    };
    struct command_started result;
    if (tourney_command_probe(&launch, &result, err) != 0) {
        return -1;
    }
    if (try_sandbox && !t->sandbox_known) {
        note_sandbox(t, result.sandbox, result.sandbox_error);
    }
    note_confinement(t, result.namespaces, result.namespace_error, try_sandbox,
                     result.landlock_abi, result.landlock_error);
    return 0;
}

/* The words of `read =` of agent CHOICE into ENTRANT, each of which must
 * name something. */
static void open_reads(struct tournament *t, const struct agent_choice *choice,
                       struct entrant *entrant, struct diagnostics *diag)
{
    if (choice->read == NULL) {
        return;
    }
    struct error err;
    size_t count = 0;
    entrant->read_words = tourney_command_split(choice->read, &count, &err);
    if (entrant->read_words == NULL) {
        tourney_diag_add(diag, t->config.path, choice->read_line,
                         "bad read '%s' of agent '%s': %s", choice->read, choice->name, err.text);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const char *word = entrant->read_words[i];
        char *path = word[0] == '/' ? strdup(word) : tourney_format("%s/%s", t->config.dir, word);
        if (path == NULL) {
            tourney_diag_add(diag, t->config.path, choice->read_line, "out of memory");
            return;
        }
        if (access(path, F_OK) != 0) {
            tourney_diag_add(diag, t->config.path, choice->read_line,
                             "agent '%s' may read '%s', which is not there: %s (a relative path "
                             "starts at the config's directory)",
                             choice->name, word, strerror(errno));
        }
        free(path);
    }
}

/* An agent that is a program of its own: its command split into words, its
 * program found (it is started once by probe_commands). */
static void open_command(struct tournament *t, const struct agent_choice *choice,
                         struct entrant *entrant, struct diagnostics *diag)
{
    const char *file = t->config.path;
    int line = choice->choice.line;
    entrant->command = choice->command;
    struct error err;
    size_t count = 0;
    char **argv = tourney_command_split(choice->command, &count, &err);
    if (argv == NULL) {
        tourney_diag_add(diag, file, line, "bad command '%s' of agent '%s': %s", choice->command,
                         choice->name, err.text);
        return;
    }
    /* The words lie in ARGV's allocation; the program's path has its own. */
    char *program = tourney_command_find(argv[0], t->config.dir, getenv("PATH"), &err);
    if (program == NULL) {
        tourney_diag_add(diag, file, line, "cannot run agent '%s': %s", choice->name, err.text);
        free(argv);
        return;
    }
    entrant->program_word = strdup(argv[0]);
    argv[0] = program;
    entrant->argv = argv;
    open_reads(t, choice, entrant, diag);
    entrant->params = calloc(1, sizeof(*entrant->params));
    entrant->params_text = strdup("");
    if (entrant->params == NULL || entrant->params_text == NULL || entrant->program_word == NULL) {
        tourney_diag_add(diag, file, line, "out of memory");
    }
}

/* Each program agent whose program is a version manager's shim started
 * through what its tool resolves it to, in the folder the agent runs in
 * (its access planned): the tool forks, which the filter of programs
 * forbids. Once per tournament, not per game. Returns whether any was. */
static bool resolve_shims(struct tournament *t, struct diagnostics *diag)
{
    bool any = false;
    for (size_t i = 0; i < t->entrant_count; i++) {
        struct entrant *e = &t->entrants[i];
        const struct agent_choice *choice = &t->config.agents[i];
        if (e->argv == NULL || e->shim_path != NULL || e->access.workdir == NULL) {
            continue;
        }
        struct version_shim shim;
        struct error err;
        int found = tourney_version_shim_resolve(e->argv[0], e->access.workdir, &shim, &err);
        if (found < 0) {
            tourney_diag_add(diag, t->config.path, choice->choice.line,
                             "cannot run agent '%s': %s", choice->name, err.text);
            e->shim_failed = true;
        } else if (found > 0) {
            e->shim_path = e->argv[0];
            e->argv[0] = shim.resolved;
            e->shim_tool = shim.tool;
            shim.resolved = NULL;
            shim.tool = NULL;
            any = true;
        }
        tourney_version_shim_finish(&shim);
    }
    return any;
}

/* Once every agent is known: what each program may read, then each
 * started once, to see that it runs and speaks the protocol. */
static void probe_commands(struct tournament *t, struct diagnostics *diag)
{
    struct error err;
    if (!tourney_tournament_has_commands(t)) {
        return;
    }
    if (tourney_tournament_plan_reads(t, false, &err) != 0) {
        tourney_diag_add(diag, t->config.path, 0, "%s", err.text);
        return;
    }
    if (resolve_shims(t, diag) && tourney_tournament_plan_reads(t, false, &err) != 0) {
        tourney_diag_add(diag, t->config.path, 0, "%s", err.text);
        return;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        const struct entrant *e = &t->entrants[i];
        const struct agent_choice *choice = &t->config.agents[i];
        if (e->argv == NULL || e->access.argv == NULL || t->agent_host == NULL || e->shim_failed) {
            continue;
        }
        if (probe_command(t, &e->access, &err) != 0) {
            tourney_diag_add(diag, t->config.path, choice->choice.line, "agent '%s' (%s): %s",
                             choice->name, choice->command, err.text);
        }
    }
    /* What validate lists, and a run before its output folder is known. */
    if (tourney_tournament_plan_reads(t, true, &err) != 0) {
        tourney_diag_add(diag, t->config.path, 0, "%s", err.text);
    }
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
            if (t->entrants[e].argv != NULL) {
                continue; /* a program takes no parameters */
            }
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
    if (choice->command != NULL) {
        open_command(t, choice, entrant, diag);
        return;
    }
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
static int find_agent_host(struct tournament *t, struct diagnostics *diag)
{
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

static bool config_has_commands(const struct tournament_config *config)
{
    for (size_t i = 0; i < config->agent_count; i++) {
        if (config->agents[i].command != NULL) {
            return true;
        }
    }
    return false;
}

bool tourney_tournament_has_commands(const struct tournament *t)
{
    return config_has_commands(&t->config);
}

/* Lists the agent plugins the config names (isolation = process) and starts
 * the probes of the first PROBES_AHEAD, so that several load at once: each
 * takes milliseconds, mostly a new process in namespaces of its own. The
 * probes are finished, in the config's order, as the agents are opened,
 * each starting the next. A plugin that cannot be found is left to
 * open_choice, which says so in its turn; so is a file cut short, whose
 * probe is then never finished, only stopped as the tournament closes. */
static void start_probes(struct tournament *t)
{
    size_t count = t->config.agent_count;
    t->probes = calloc(count + 1, sizeof(*t->probes));
    t->probe_paths = calloc(count + 1, sizeof(*t->probe_paths));
    for (size_t i = 0; t->probes != NULL && t->probe_paths != NULL && i < count; i++) {
        const struct plugin_choice *choice = &t->config.agents[i].choice;
        if (choice->plugin == NULL) {
            continue;
        }
        struct error err;
        char *path = tourney_plugin_search_locate(&t->search, TOURNEY_KIND_AGENT, choice->plugin,
                                                  t->config.dir, &err);
        bool fresh = path != NULL;
        for (size_t j = 0; fresh && j < t->probe_count; j++) {
            fresh = strcmp(t->probe_paths[j], path) != 0;
        }
        if (fresh) {
            t->probe_paths[t->probe_count++] = path;
        } else {
            free(path);
        }
    }
    while (t->probes_started < t->probe_count && t->probes_started < PROBES_AHEAD) {
        start_next_probe(t);
    }
}

/* sandbox = true is a promise: refused where it cannot be kept. */
/* rating_anchor = random with no agent of the random plugin would rate the
 * field around its mean without a word: refused, as any setting that
 * cannot be honoured. Only once every agent is known (a plugin that could
 * not be opened is reported already, and might have been random). */
static void check_anchor(const struct tournament *t, struct diagnostics *diag)
{
    if (t->config.settings.rating_anchor != ANCHOR_RANDOM) {
        return;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        const struct entrant *e = &t->entrants[i];
        if (e->is_random || (e->plugin == NULL && e->argv == NULL)) {
            return;
        }
    }
    tourney_diag_add(diag, t->config.path, tourney_config_line(&t->config, "rating_anchor"),
                     "rating_anchor = random needs an agent of the random plugin, and none of "
                     "the %zu agents is one (add [agent random] with plugin = random, or set "
                     "rating_anchor = mean)",
                     t->entrant_count);
}

static void check_sandbox(struct tournament *t, struct diagnostics *diag)
{
    bool processes =
        t->config.settings.isolation == ISOLATION_PROCESS || config_has_commands(&t->config);
    if (!processes || !t->sandbox_known || t->sandbox ||
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
    tourney_openings_init(&t->openings);
    /* Plugins loaded here are loaded by the agent host first. */
    t->agent_host = tourney_agent_host_path(exe_path);
    if (t->agent_host == NULL) {
        tourney_diag_add(diag, config_path, 0, "out of memory");
        return -1;
    }
    if (t->config.settings.isolation == ISOLATION_PROCESS && access(t->agent_host, X_OK) == 0) {
        start_probes(t);
    }
    if (t->config.game.plugin != NULL && open_game(t, diag) == 0) {
        open_openings(t, diag);
    }
    if ((t->config.settings.isolation == ISOLATION_PROCESS || config_has_commands(&t->config)) &&
        find_agent_host(t, diag) != 0) {
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
    probe_commands(t, diag);
    check_each(t, diag);
    check_anchor(t, diag);
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
    for (size_t i = 0; t->probes != NULL && t->probe_paths != NULL && i < t->probe_count; i++) {
        tourney_plugin_probe_cancel(&t->probes[i]);
        free(t->probe_paths[i]);
    }
    free(t->probes);
    free(t->probe_paths);
    free(t->agent_host);
    free(t->sandbox_note);
    free(t->confinement_note);
    for (size_t i = 0; i < t->entrant_count; i++) {
        free(t->entrants[i].params);
        free(t->entrants[i].params_text);
        if (t->entrants[i].argv != NULL) {
            free(t->entrants[i].argv[0]);
            free(t->entrants[i].argv);
        }
        free(t->entrants[i].program_word);
        free(t->entrants[i].shim_path);
        free(t->entrants[i].shim_tool);
        free(t->entrants[i].read_words);
        tourney_program_reads_finish(&t->entrants[i].access);
    }
    free(t->entrants);
    tourney_openings_finish(&t->openings);
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
