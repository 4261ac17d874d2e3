#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_stats.h"
#include "digest.h"
#include "suggest.h"
#include "text.h"
#include "whole_file.h"

#define AGENT_PREFIX "agent "

void tourney_config_default_limits(struct isolation_limits *limits)
{
    struct tournament_settings defaults;
    tourney_settings_init(&defaults);
    *limits = defaults.limits;
}

int tourney_config_line(const struct tournament_config *config, const char *key)
{
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    const struct setting *row = tourney_settings_find(key);
    return row != NULL ? config->setting_lines[row - table] : 0;
}

static char *default_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t length = strlen(base);
    if (tourney_has_suffix(base, ".ini")) {
        length -= 4;
    }
    return strndup(base, length);
}

static char *resolve(const struct tournament_config *config, const char *path)
{
    return path[0] == '/' ? strdup(path) : tourney_format("%s/%s", config->dir, path);
}

static int add_plugin_dirs(struct tournament_config *config, const char *value)
{
    while (*value != '\0') {
        size_t length = strcspn(value, ":");
        if (length > 0) {
            char *dir = strndup(value, length);
            char *resolved = dir ? resolve(config, dir) : NULL;
            free(dir);
            char **dirs = resolved ? realloc(config->plugin_dirs,
                                             (config->plugin_dir_count + 1) * sizeof(*dirs))
                                   : NULL;
            if (dirs == NULL) {
                free(resolved);
                return -1;
            }
            config->plugin_dirs = dirs;
            config->plugin_dirs[config->plugin_dir_count++] = resolved;
        }
        value += length + (value[length] == ':');
    }
    return 0;
}

/* What the keys of [tournament] say together: a gauntlet has its agent,
 * required keys are there, plugin_path's directories are found. */
static void check_tournament(struct tournament_config *config, const struct ini_section *section,
                             struct diagnostics *diag)
{
    const char *file = config->path;
    const struct tournament_settings *s = &config->settings;
    if (s->format == FORMAT_GAUNTLET && s->gauntlet_agent == NULL) {
        tourney_diag_add(diag, file, tourney_config_line(config, "format"),
                         "format = gauntlet needs 'gauntlet_agent' in [tournament] (the agent "
                         "every other agent plays)");
    } else if (s->format != FORMAT_GAUNTLET && s->gauntlet_agent != NULL) {
        tourney_diag_add(diag, file, tourney_config_line(config, "gauntlet_agent"),
                         "'gauntlet_agent' only applies with format = gauntlet");
    }
    if (s->time_control != NULL && tourney_config_line(config, "time_per_move_ms") != 0) {
        tourney_diag_add(diag, file, tourney_config_line(config, "time_control"),
                         "'time_control' and 'time_per_move_ms' exclude each other: a game has "
                         "a clock or a time per move");
    }
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t i = 0; i < count; i++) {
        if (table[i].required && config->setting_lines[i] == 0) {
            tourney_diag_add(diag, file, section->line,
                             "missing required key '%s' in [tournament] (%s)", table[i].key,
                             table[i].help);
        }
    }
    if (s->plugin_path != NULL && add_plugin_dirs(config, s->plugin_path) != 0) {
        tourney_diag_add(diag, file, tourney_config_line(config, "plugin_path"), "out of memory");
    }
}

/* openings, opening_plies and openings_order together: the openings file
 * read whole and digested, as what decides the games is its contents. */
static void read_openings(struct tournament_config *config, struct diagnostics *diag)
{
    struct tournament_settings *s = &config->settings;
    const char *file = config->path;
    if (s->openings.path != NULL && s->opening_plies != 0) {
        tourney_diag_add(diag, file, tourney_config_line(config, "opening_plies"),
                         "'opening_plies' and 'openings' exclude each other: the games start "
                         "either from the file's positions or from random plies");
    }
    int order_line = tourney_config_line(config, "openings_order");
    if (s->openings.path == NULL && order_line != 0) {
        tourney_diag_add(diag, file, order_line, "'openings_order' only applies with 'openings'");
    }
    if (s->openings.path == NULL) {
        return;
    }
    int line = tourney_config_line(config, "openings");
    config->openings_file = resolve(config, s->openings.path);
    if (config->openings_file == NULL) {
        tourney_diag_add(diag, file, line, "out of memory");
        return;
    }
    struct error err;
    if (tourney_read_whole_file(config->openings_file, &config->openings_text,
                                &config->openings_length, &err) != 0) {
        tourney_diag_add(diag, file, line, "openings file %s: %s", config->openings_file,
                         err.text);
        return;
    }
    tourney_digest_bytes(config->openings_text, config->openings_length, s->openings.digest);
}

/* An unknown key of [tournament], with the key it may have meant or else
 * every key there is. */
static void report_unknown_key(const struct tournament_config *config,
                               const struct ini_entry *entry, struct diagnostics *diag)
{
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    struct suggestion guess;
    tourney_suggest_init(&guess, entry->key);
    for (size_t i = 0; i < count; i++) {
        tourney_suggest_consider(&guess, table[i].key);
    }
    if (tourney_suggest_best(&guess) != NULL) {
        tourney_diag_add(diag, config->path, entry->line,
                         "unknown key '%s' in [tournament]; did you mean '%s'?", entry->key,
                         tourney_suggest_best(&guess));
        return;
    }
    char keys[512];
    tourney_settings_list_keys(keys, sizeof(keys));
    tourney_diag_add(diag, config->path, entry->line,
                     "unknown key '%s' in [tournament] (expected one of: %s)", entry->key, keys);
}

/* Reads every key of [tournament] through the settings table. */
static void read_tournament(struct tournament_config *config, struct ini_section *section,
                            struct diagnostics *diag)
{
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    for (size_t e = 0; e < section->entry_count; e++) {
        struct ini_entry *entry = &section->entries[e];
        const struct setting *row = tourney_settings_find(entry->key);
        if (row == NULL) {
            report_unknown_key(config, entry, diag);
            continue;
        }
        entry->used = true;
        config->setting_lines[row - table] = entry->line;
        struct error err;
        if (tourney_setting_parse(row, entry->value, &config->settings, &err) != 0) {
            tourney_diag_add(diag, config->path, entry->line, "%s", err.text);
        }
    }
    check_tournament(config, section, diag);
    read_openings(config, diag);
}

/* Fills CHOICE from SECTION's `plugin` key, reporting it when missing. */
static void read_choice(struct plugin_choice *choice, struct ini_section *section,
                        const char *file, struct diagnostics *diag)
{
    choice->section = section;
    choice->line = section->line;
    struct ini_entry *plugin = tourney_ini_take(section, "plugin");
    if (plugin == NULL || plugin->value[0] == '\0') {
        bool agent = strncmp(section->name, AGENT_PREFIX, strlen(AGENT_PREFIX)) == 0;
        tourney_diag_add(diag, file, plugin ? plugin->line : section->line,
                         "missing required key 'plugin' in [%s] (the plugin's name, or a path "
                         "to its .so%s)",
                         section->name,
                         agent ? "; or 'command', a program that speaks the line protocol" : "");
        return;
    }
    choice->plugin = plugin->value;
    choice->line = plugin->line;
}

/* An agent that is a program of its own (command = ...): it speaks the
 * line protocol, and takes no parameters but what its command line says. */
static void read_command(struct agent_choice *agent, struct ini_entry *command,
                         struct ini_section *section, const char *file, struct diagnostics *diag)
{
    agent->choice.section = section;
    agent->choice.line = command->line;
    struct ini_entry *plugin = tourney_ini_take(section, "plugin");
    if (plugin != NULL) {
        tourney_diag_add(diag, file, plugin->line,
                         "[%s] has both 'plugin' and 'command' (line %d): an agent is a plugin "
                         "or a program, not both",
                         section->name, command->line);
        return;
    }
    if (command->value[0] == '\0') {
        tourney_diag_add(diag, file, command->line,
                         "empty 'command' in [%s]: expected the program and its arguments, as a "
                         "shell would split them",
                         section->name);
        return;
    }
    agent->command = command->value;
    struct ini_entry *read = tourney_ini_take(section, "read");
    if (read != NULL) {
        agent->read = read->value;
        agent->read_line = read->line;
    }
    for (size_t e = 0; e < section->entry_count; e++) {
        struct ini_entry *entry = &section->entries[e];
        if (!entry->used) {
            entry->used = true;
            tourney_diag_add(diag, file, entry->line,
                             "unknown key '%s' in [%s]: an agent with a command takes no "
                             "parameters besides read (give them on its command line)",
                             entry->key, section->name);
        }
    }
}

static void read_agent(struct tournament_config *config, struct ini_section *section,
                       struct diagnostics *diag)
{
    const char *name = section->name + strlen(AGENT_PREFIX);
    while (*name == ' ') {
        name++;
    }
    if (!tourney_settings_name_ok(name)) {
        tourney_diag_add(diag, config->path, section->line,
                         "bad agent name '%s' in [%s]: expected 1 to 40 letters, digits, '.', "
                         "'_' or '-', not starting with '.' or '-'",
                         name, section->name);
        return;
    }
    for (size_t i = 0; i < config->agent_count; i++) {
        if (strcmp(config->agents[i].name, name) == 0) {
            tourney_diag_add(diag, config->path, section->line,
                             "duplicate agent name '%s': already defined at line %d", name,
                             config->agents[i].choice.section->line);
            return;
        }
    }
    struct agent_choice *agents =
        realloc(config->agents, (config->agent_count + 1) * sizeof(*agents));
    if (agents == NULL) {
        tourney_diag_add(diag, config->path, section->line, "out of memory");
        return;
    }
    config->agents = agents;
    struct agent_choice *agent = &config->agents[config->agent_count];
    memset(agent, 0, sizeof(*agent));
    agent->name = strdup(name);
    if (agent->name == NULL) {
        tourney_diag_add(diag, config->path, section->line, "out of memory");
        return;
    }
    config->agent_count++;
    struct ini_entry *command = tourney_ini_take(section, "command");
    if (command == NULL) {
        read_choice(&agent->choice, section, config->path, diag);
        return;
    }
    read_command(agent, command, section, config->path, diag);
}

/* A section of no known kind, with the one it may have meant: [gmae] for
 * [game], [agnet x] for [agent x]. */
static void report_unknown_section(const struct tournament_config *config,
                                   const struct ini_section *section, struct diagnostics *diag)
{
    const char *name = section->name;
    size_t word = strcspn(name, " ");
    struct suggestion guess;
    tourney_suggest_init(&guess, name);
    tourney_suggest_consider(&guess, "tournament");
    tourney_suggest_consider(&guess, "game");
    char meant[TOURNEY_SUGGEST_MAX + 8] = "";
    if (tourney_suggest_best(&guess) != NULL) {
        snprintf(meant, sizeof(meant), "%s", tourney_suggest_best(&guess));
    } else if (name[word] == ' ' && tourney_edit_distance(name, word, "agent", 5, 1) <= 1) {
        snprintf(meant, sizeof(meant), "agent%s", name + word);
    }
    tourney_diag_add(diag, config->path, section->line,
                     "unknown section [%s]%s%s%s (expected [tournament], [game] or [agent NAME])",
                     name, meant[0] ? "; did you mean [" : "", meant, meant[0] ? "]?" : "");
}

/* The section of agent NAME in CONFIG's document, or NULL. */
static struct ini_section *agent_section(struct tournament_config *config, const char *name)
{
    for (size_t s = 0; s < config->doc.section_count; s++) {
        const char *section = config->doc.sections[s].name;
        if (strncmp(section, AGENT_PREFIX, strlen(AGENT_PREFIX)) == 0) {
            section += strlen(AGENT_PREFIX);
            while (*section == ' ') {
                section++;
            }
            if (strcmp(section, name) == 0) {
                return &config->doc.sections[s];
            }
        }
    }
    return NULL;
}

/* "; did you mean 'deep'? (its agents: deep, shallow)" for an agent NAME
 * the config does not have, in TEXT. */
static void agent_hint(const struct tournament_config *config, const char *name, char *text,
                       size_t size)
{
    struct suggestion guess;
    tourney_suggest_init(&guess, name);
    size_t used = 0;
    text[0] = '\0';
    char names[512] = "";
    for (size_t s = 0; s < config->doc.section_count; s++) {
        const char *section = config->doc.sections[s].name;
        if (strncmp(section, AGENT_PREFIX, strlen(AGENT_PREFIX)) != 0) {
            continue;
        }
        section += strlen(AGENT_PREFIX);
        while (*section == ' ') {
            section++;
        }
        tourney_suggest_consider(&guess, section);
        if (used < sizeof(names)) {
            used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s", used ? ", " : "",
                                     section);
        }
    }
    const char *best = tourney_suggest_best(&guess);
    snprintf(text, size, "%s%s%s (its agents: %s)", best ? "; did you mean '" : "",
             best ? best : "", best ? "'?" : "", names[0] ? names : "none");
}

/* Puts the --set values into the document, in place of the file's, before
 * anything is read from it; gives every value its place in diagnostics. */
static void apply_overrides(struct tournament_config *config, struct diagnostics *diag)
{
    for (size_t i = 0; config->overrides != NULL && i < config->overrides->count; i++) {
        struct config_override *item = &config->overrides->items[i];
        item->line = tourney_diag_place(diag, item->option);
        item->applied = false;
        if (item->kind != OVERRIDE_SET) {
            continue;
        }
        struct ini_section *section =
            item->agent ? agent_section(config, item->section)
                        : tourney_ini_section(&config->doc, item->section, item->line);
        if (section == NULL && item->agent) {
            char hint[640];
            agent_hint(config, item->section, hint, sizeof(hint));
            tourney_diag_add(diag, config->path, item->line, "%s has no [agent %s]%s",
                             config->path, item->section, hint);
            continue;
        }
        if (section == NULL || tourney_ini_set(section, item->key, item->value, item->line) != 0) {
            tourney_diag_add(diag, config->path, item->line, "out of memory");
            continue;
        }
        item->applied = true;
    }
}

bool tourney_config_line_is_set(const struct tournament_config *config, int line)
{
    for (size_t i = 0; config->overrides != NULL && i < config->overrides->count; i++) {
        const struct config_override *item = &config->overrides->items[i];
        if (item->kind == OVERRIDE_SET && item->line == line && line != 0) {
            return true;
        }
    }
    return false;
}

/* Settings before the file is read. */
static int start(struct tournament_config *config, const char *path, struct diagnostics *diag)
{
    memset(config, 0, sizeof(*config));
    tourney_settings_init(&config->settings);
    config->path = strdup(path);
    config->dir = tourney_dirname(path);
    config->settings.name = default_name(path);
    if (config->path == NULL || config->dir == NULL || config->settings.name == NULL) {
        tourney_diag_add(diag, path, 0, "out of memory");
        return -1;
    }
    return 0;
}

/* Checks the sections of the document read into CONFIG. */
static int interpret(struct tournament_config *config, size_t errors_before,
                     struct diagnostics *diag)
{
    const char *path = config->path;
    struct ini_section *tournament = NULL;
    struct ini_section *game = NULL;
    for (size_t s = 0; s < config->doc.section_count; s++) {
        struct ini_section *section = &config->doc.sections[s];
        if (strcmp(section->name, "tournament") == 0 || strcmp(section->name, "game") == 0) {
            struct ini_section **slot = section->name[0] == 't' ? &tournament : &game;
            if (*slot != NULL) {
                tourney_diag_add(diag, path, section->line,
                                 "[%s] appears twice (first at line %d)", section->name,
                                 (*slot)->line);
                continue;
            }
            *slot = section;
        } else if (strncmp(section->name, AGENT_PREFIX, strlen(AGENT_PREFIX)) == 0) {
            read_agent(config, section, diag);
        } else {
            report_unknown_section(config, section, diag);
        }
    }
    if (tournament == NULL) {
        tourney_diag_add(diag, path, 0,
                         "missing section [tournament] (with at least games_per_pair)");
    } else {
        read_tournament(config, tournament, diag);
    }
    if (!tourney_settings_name_ok(config->settings.name)) {
        tourney_diag_add(diag, path, 0,
                         "the file name does not make a valid tournament name; set 'name' in "
                         "[tournament]");
    }
    if (game == NULL) {
        tourney_diag_add(diag, path, 0, "missing section [game] (with plugin = NAME)");
    } else {
        read_choice(&config->game, game, path, diag);
    }
    if (config->agent_count < 2) {
        tourney_diag_add(diag, path, 0,
                         "a tournament needs at least two [agent NAME] sections, found %zu",
                         config->agent_count);
    }
    tourney_config_check_stats(config, diag);
    struct tournament_settings *s = &config->settings;
    if (s->gauntlet_agent != NULL) {
        bool found = false;
        for (size_t i = 0; i < config->agent_count; i++) {
            found = found || strcmp(config->agents[i].name, s->gauntlet_agent) == 0;
        }
        if (!found) {
            char hint[640];
            agent_hint(config, s->gauntlet_agent, hint, sizeof(hint));
            tourney_diag_add(diag, path, tourney_config_line(config, "gauntlet_agent"),
                             "gauntlet_agent '%s' is not an [agent NAME] of this file%s",
                             s->gauntlet_agent, hint);
        }
    }
    if (s->output_dir == NULL) {
        s->output_dir = tourney_format("reports/%s", s->name);
        if (s->output_dir == NULL) {
            tourney_diag_add(diag, path, 0, "out of memory");
        }
    }
    return diag->count > errors_before || diag->out_of_memory ? -1 : 0;
}

int tourney_config_load_overridden(struct tournament_config *config, const char *path,
                                   struct config_overrides *overrides, struct diagnostics *diag)
{
    size_t errors_before = diag->count;
    if (start(config, path, diag) != 0 || tourney_ini_read(&config->doc, path, diag) != 0) {
        return -1;
    }
    config->overrides = overrides;
    apply_overrides(config, diag);
    return interpret(config, errors_before, diag);
}

int tourney_config_load(struct tournament_config *config, const char *path,
                        struct diagnostics *diag)
{
    return tourney_config_load_overridden(config, path, NULL, diag);
}

int tourney_config_load_text(struct tournament_config *config, const char *path, const char *text,
                             size_t length, struct diagnostics *diag)
{
    size_t errors_before = diag->count;
    if (start(config, path, diag) != 0 ||
        tourney_ini_parse_text(&config->doc, path, text, length, diag) != 0) {
        return -1;
    }
    return interpret(config, errors_before, diag);
}

void tourney_config_finish(struct tournament_config *config)
{
    for (size_t i = 0; i < config->agent_count; i++) {
        free(config->agents[i].name);
    }
    free(config->agents);
    for (size_t i = 0; i < config->plugin_dir_count; i++) {
        free(config->plugin_dirs[i]);
    }
    free(config->plugin_dirs);
    free(config->openings_file);
    free(config->openings_text);
    tourney_settings_finish(&config->settings);
    free(config->dir);
    free(config->path);
    tourney_ini_finish(&config->doc);
    memset(config, 0, sizeof(*config));
}

bool tourney_parse_jobs(const char *text, unsigned *jobs)
{
    struct tournament_settings settings;
    tourney_settings_init(&settings);
    if (tourney_setting_parse(tourney_settings_find("jobs"), text, &settings, NULL) != 0) {
        return false;
    }
    *jobs = settings.jobs;
    return true;
}
