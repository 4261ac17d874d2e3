#include "config.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_stats.h"
#include "text.h"

#define AGENT_PREFIX "agent "
#define MAX_TIME_PER_MOVE_MS UINT64_C(86400000)
#define DEFAULT_TIME_MARGIN_MS 500
#define MAX_TIME_MARGIN_MS UINT64_C(3600000)
#define DEFAULT_AGENT_MEMORY_MB 1024
#define MIN_AGENT_MEMORY_MB 32
#define MAX_AGENT_MEMORY_MB UINT64_C(1048576)
#define DEFAULT_OUTPUT_LIMIT_KB 64
#define MAX_OUTPUT_LIMIT_KB UINT64_C(1048576)

void tourney_config_default_limits(struct isolation_limits *limits)
{
    memset(limits, 0, sizeof(*limits));
    limits->sandbox = SANDBOX_AUTO;
    limits->time_margin_ms = DEFAULT_TIME_MARGIN_MS;
    limits->memory_mb = DEFAULT_AGENT_MEMORY_MB;
    limits->output_limit_kb = DEFAULT_OUTPUT_LIMIT_KB;
}

bool tourney_config_name_ok(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length > 40 || name[0] == '.' || name[0] == '-') {
        return false;
    }
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)name[i];
        if (!isalnum(c) && c != '.' && c != '_' && c != '-') {
            return false;
        }
    }
    return true;
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

/* Reads VALUE as a whole number in [MIN, MAX] into *OUT, or reports it. */
static void read_number(const char *file, const struct ini_entry *entry, uint64_t min,
                        uint64_t max, const char *unit, uint64_t *out, struct diagnostics *diag)
{
    uint64_t number = 0;
    if (!tourney_parse_uint64(entry->value, &number) || number < min || number > max) {
        tourney_diag_add(diag, file, entry->line,
                         "bad value '%s' for '%s': expected a whole number of %s from %" PRIu64
                         " to %" PRIu64,
                         entry->value, entry->key, unit, min, max);
        return;
    }
    *out = number;
}

/* The keys that say where agent code runs and how it is limited. Returns
 * false for a key that is not one of them. */
static bool read_isolation_key(struct tournament_config *config, const struct ini_entry *entry,
                               struct diagnostics *diag)
{
    const char *file = config->path;
    const char *key = entry->key;
    const char *value = entry->value;
    struct isolation_limits *limits = &config->limits;
    if (strcmp(key, "isolation") == 0) {
        config->isolation_line = entry->line;
        if (strcmp(value, "process") == 0) {
            config->isolation = ISOLATION_PROCESS;
        } else if (strcmp(value, "none") == 0) {
            config->isolation = ISOLATION_NONE;
        } else {
            tourney_diag_add(diag, file, entry->line,
                             "bad value '%s' for 'isolation': expected process or none", value);
        }
    } else if (strcmp(key, "sandbox") == 0) {
        bool on = false;
        limits->sandbox_line = entry->line;
        if (!tourney_parse_bool(value, &on)) {
            tourney_diag_add(diag, file, entry->line,
                             "bad value '%s' for 'sandbox': expected true or false", value);
        } else {
            limits->sandbox = on ? SANDBOX_ON : SANDBOX_OFF;
        }
    } else if (strcmp(key, "time_margin_ms") == 0) {
        read_number(file, entry, 0, MAX_TIME_MARGIN_MS, "milliseconds", &limits->time_margin_ms,
                    diag);
    } else if (strcmp(key, "agent_memory_mb") == 0) {
        read_number(file, entry, MIN_AGENT_MEMORY_MB, MAX_AGENT_MEMORY_MB, "MiB",
                    &limits->memory_mb, diag);
    } else if (strcmp(key, "agent_output_limit_kb") == 0) {
        read_number(file, entry, 0, MAX_OUTPUT_LIMIT_KB, "KiB", &limits->output_limit_kb, diag);
    } else {
        return false;
    }
    return true;
}

/* "name, seed, ..." */
static void list_keys(const char *const *keys, size_t count, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < count && used < size; k++) {
        used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? ", " : "", keys[k]);
    }
}

static void read_tournament(struct tournament_config *config, struct ini_section *section,
                            struct diagnostics *diag)
{
    static const char *const keys[] = {
        "name",       "seed",           "games_per_pair", "time_per_move_ms",
        "output_dir", "plugin_path",    "format",         "gauntlet_agent",
        "isolation",  "sandbox",        "time_margin_ms", "agent_memory_mb",
        "agent_output_limit_kb", "sprt", "rating_anchor", "jobs"};
    bool gauntlet = false;
    int format_line = section->line;
    const char *file = config->path;
    for (size_t e = 0; e < section->entry_count; e++) {
        struct ini_entry *entry = &section->entries[e];
        const char *key = entry->key;
        const char *value = entry->value;
        const size_t key_count = sizeof(keys) / sizeof(keys[0]);
        bool known = false;
        for (size_t k = 0; k < key_count; k++) {
            known = known || strcmp(key, keys[k]) == 0;
        }
        if (!known) {
            char names[512];
            list_keys(keys, key_count, names, sizeof(names));
            tourney_diag_add(diag, file, entry->line,
                             "unknown key '%s' in [tournament] (expected one of: %s)", key, names);
            continue;
        }
        entry->used = true;
        if (read_isolation_key(config, entry, diag) ||
            tourney_config_read_stats_key(config, entry, diag)) {
            continue;
        }
        if (strcmp(key, "name") == 0) {
            if (!tourney_config_name_ok(value)) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'name': expected 1 to 40 letters, digits, "
                                 "'.', '_' or '-', not starting with '.' or '-'",
                                 value);
                continue;
            }
            free(config->name);
            config->name = strdup(value);
        } else if (strcmp(key, "seed") == 0) {
            if (!tourney_parse_uint64(value, &config->seed)) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'seed': expected a whole number from 0 to "
                                 "18446744073709551615",
                                 value);
            }
        } else if (strcmp(key, "games_per_pair") == 0) {
            uint64_t games = 0;
            if (!tourney_parse_uint64(value, &games) || games < 2 || games > 1000000 ||
                games % 2 != 0) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'games_per_pair': expected an even number "
                                 "from 2 to 1000000 (each pair plays both seats equally often)",
                                 value);
                continue;
            }
            config->games_per_pair = (uint32_t)games;
        } else if (strcmp(key, "time_per_move_ms") == 0) {
            uint64_t ms = 0;
            if (!tourney_parse_uint64(value, &ms) || ms < 1 || ms > MAX_TIME_PER_MOVE_MS) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'time_per_move_ms': expected a whole number "
                                 "of milliseconds from 1 to 86400000",
                                 value);
                continue;
            }
            config->time_per_move_ms = ms;
        } else if (strcmp(key, "output_dir") == 0) {
            if (value[0] == '\0') {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '' for 'output_dir': expected a directory");
                continue;
            }
            free(config->output_dir);
            config->output_dir = strdup(value);
        } else if (strcmp(key, "format") == 0) {
            format_line = entry->line;
            if (strcmp(value, "gauntlet") == 0) {
                gauntlet = true;
            } else if (strcmp(value, "round-robin") != 0) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'format': expected round-robin or gauntlet",
                                 value);
            }
        } else if (strcmp(key, "gauntlet_agent") == 0) {
            free(config->gauntlet_agent);
            config->gauntlet_agent = strdup(value);
            config->gauntlet_line = entry->line;
        } else if (strcmp(key, "jobs") == 0) {
            if (!tourney_parse_jobs(value, &config->jobs)) {
                tourney_diag_add(diag, file, entry->line,
                                 "bad value '%s' for 'jobs': expected " TOURNEY_JOBS_EXPECTED,
                                 value);
            }
        } else if (strcmp(key, "plugin_path") == 0) {
            if (add_plugin_dirs(config, value) != 0) {
                tourney_diag_add(diag, file, entry->line, "out of memory");
            }
        }
    }
    if (gauntlet && config->gauntlet_agent == NULL) {
        tourney_diag_add(diag, file, format_line,
                         "format = gauntlet needs 'gauntlet_agent' in [tournament] (the agent "
                         "every other agent plays)");
    } else if (!gauntlet && config->gauntlet_agent != NULL) {
        tourney_diag_add(diag, file, config->gauntlet_line,
                         "'gauntlet_agent' only applies with format = gauntlet");
    }
    if (config->games_per_pair == 0 && tourney_ini_take(section, "games_per_pair") == NULL) {
        tourney_diag_add(diag, file, section->line,
                         "missing required key 'games_per_pair' in [tournament] (an even "
                         "number of games each pair plays)");
    }
}

/* Fills CHOICE from SECTION's `plugin` key, reporting it when missing. */
static void read_choice(struct plugin_choice *choice, struct ini_section *section,
                        const char *file, struct diagnostics *diag)
{
    choice->section = section;
    choice->line = section->line;
    struct ini_entry *plugin = tourney_ini_take(section, "plugin");
    if (plugin == NULL || plugin->value[0] == '\0') {
        tourney_diag_add(diag, file, plugin ? plugin->line : section->line,
                         "missing required key 'plugin' in [%s] (the plugin's name, or a path "
                         "to its .so)",
                         section->name);
        return;
    }
    choice->plugin = plugin->value;
    choice->line = plugin->line;
}

static void read_agent(struct tournament_config *config, struct ini_section *section,
                       struct diagnostics *diag)
{
    const char *name = section->name + strlen(AGENT_PREFIX);
    while (*name == ' ') {
        name++;
    }
    if (!tourney_config_name_ok(name)) {
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
    read_choice(&agent->choice, section, config->path, diag);
}

/* Settings before the file is read. */
static int start(struct tournament_config *config, const char *path, struct diagnostics *diag)
{
    memset(config, 0, sizeof(*config));
    config->seed = 1;
    config->time_per_move_ms = 1000;
    tourney_config_default_limits(&config->limits);
    config->path = strdup(path);
    config->dir = tourney_dirname(path);
    config->name = default_name(path);
    if (config->path == NULL || config->dir == NULL || config->name == NULL) {
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
            tourney_diag_add(diag, path, section->line,
                             "unknown section [%s] (expected [tournament], [game] or "
                             "[agent NAME])",
                             section->name);
        }
    }
    if (tournament == NULL) {
        tourney_diag_add(diag, path, 0,
                         "missing section [tournament] (with at least games_per_pair)");
    } else {
        read_tournament(config, tournament, diag);
    }
    if (!tourney_config_name_ok(config->name)) {
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
    if (config->gauntlet_agent != NULL) {
        bool found = false;
        for (size_t i = 0; i < config->agent_count; i++) {
            found = found || strcmp(config->agents[i].name, config->gauntlet_agent) == 0;
        }
        if (!found) {
            tourney_diag_add(diag, path, config->gauntlet_line,
                             "gauntlet_agent '%s' is not an [agent NAME] of this file",
                             config->gauntlet_agent);
        }
    }
    if (config->output_dir == NULL) {
        config->output_dir = tourney_format("reports/%s", config->name);
        if (config->output_dir == NULL) {
            tourney_diag_add(diag, path, 0, "out of memory");
        }
    }
    return diag->count > errors_before || diag->out_of_memory ? -1 : 0;
}

int tourney_config_load(struct tournament_config *config, const char *path,
                        struct diagnostics *diag)
{
    size_t errors_before = diag->count;
    if (start(config, path, diag) != 0 || tourney_ini_read(&config->doc, path, diag) != 0) {
        return -1;
    }
    return interpret(config, errors_before, diag);
}

int tourney_config_load_text(struct tournament_config *config, const char *path,
                             const char *text, size_t length, struct diagnostics *diag)
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
    free(config->output_dir);
    free(config->gauntlet_agent);
    free(config->name);
    free(config->dir);
    free(config->path);
    tourney_ini_finish(&config->doc);
    memset(config, 0, sizeof(*config));
}

_Static_assert(TOURNEY_MAX_JOBS == 256, "TOURNEY_JOBS_EXPECTED names the most jobs");

bool tourney_parse_jobs(const char *text, unsigned *jobs)
{
    uint64_t value = 0;
    if (!tourney_parse_uint64(text, &value) || value < 1 || value > TOURNEY_MAX_JOBS) {
        return false;
    }
    *jobs = (unsigned)value;
    return true;
}
