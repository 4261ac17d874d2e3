#include "log_header.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settings_json.h"
#include "text.h"

#ifndef TOURNEY_VERSION
#error "meson defines TOURNEY_VERSION"
#endif

/* Adds the heap string PART to *TEXT, freeing both on failure. */
static void append(char **text, char *part)
{
    char *longer = *text != NULL && part != NULL ? tourney_format("%s%s", *text, part) : NULL;
    free(*text);
    free(part);
    *text = longer;
}

/* Every setting that changes how a game is played, in a fixed order: the
 * pairing, the game, the settings of play (then the test and those added
 * since, where not at their defaults), the agents. Names of files and
 * folders are left out, so a config can be moved or commented without
 * orphaning its log. */
char *tourney_header_settings_text(const struct log_header *h)
{
    const struct tournament_settings *s = &h->settings;
    char *text = tourney_settings_digest_text(s, SETTING_LOG_PAIRS);
    append(&text, tourney_format("game=%s\ngame_params=%s\n", h->game, h->game_params));
    append(&text, tourney_settings_digest_text(s, SETTING_LOG_PLAY));
    append(&text, tourney_settings_digest_text(s, SETTING_LOG_JUDGING));
    append(&text, tourney_settings_digest_text(s, SETTING_LOG_ADDED));
    for (size_t i = 0; text != NULL && i < h->agent_count; i++) {
        const struct header_agent *a = &h->agents[i];
        append(&text, tourney_format("agent=%s|%s%s|%s\n", a->name, a->command ? "command=" : "",
                                     a->plugin, a->params));
    }
    return text;
}

int tourney_header_seal(struct log_header *h)
{
    char *text = tourney_header_settings_text(h);
    if (text == NULL) {
        return -1;
    }
    tourney_digest_bytes(text, strlen(text), h->settings_digest);
    free(text);
    return 0;
}

/* KEY = VALUE in OBJECT, unless VALUE is NULL: keys a log may lack. */
static void set_optional(json_t *object, const char *key, const char *value)
{
    if (object != NULL && value != NULL) {
        json_object_set_new(object, key, json_string(value));
    }
}

/* A copy of OBJECT's string KEY, or NULL; sets *FAILED when out of memory. */
static char *get_optional(json_t *object, const char *key, bool *failed)
{
    char *value = tourney_strdup(json_string_value(json_object_get(object, key)));
    *failed = *failed || (value == NULL && json_string_value(json_object_get(object, key)));
    return value;
}

/* The header's keys in the order of log format 1, the settings in their
 * places among them. */
json_t *tourney_header_to_json(const struct log_header *h)
{
    const struct tournament_settings *s = &h->settings;
    json_t *agents = json_array();
    bool agent_failed = false;
    for (size_t i = 0; agents != NULL && i < h->agent_count; i++) {
        const struct header_agent *a = &h->agents[i];
        json_t *agent = json_pack("{s:s, s:s, s:s, s:s, s:b}", "name", a->name,
                                  a->command ? "command" : "plugin", a->plugin, "params",
                                  a->params, "digest", a->digest, "is_random", a->is_random);
        set_optional(agent, "plugin_id", a->plugin_id);
        set_optional(agent, "plugin_version", a->plugin_version);
        /* An agent left out would make a header that no longer matches
         * its digest: the header is not written at all. */
        agent_failed = agent_failed || agent == NULL || json_array_append_new(agents, agent) != 0;
    }
    json_t *object = json_pack("{s:s, s:i, s:s}", "type", "tournament", "log_format",
                               TOURNEY_LOG_FORMAT, "tourney", h->version);
    int status = object != NULL && agents != NULL && !agent_failed ? 0 : -1;
    status |= tourney_settings_add_json(object, s, SETTING_LOG_IDENTITY, false);
    json_t *game = json_pack("{s:s, s:s, s:s, s:s, s:s?}", "config", h->config_path, "game",
                             h->game, "game_params", h->game_params, "game_digest", h->game_digest,
                             "game_path", h->game_path);
    status |= game != NULL ? json_object_update(object, game) : -1;
    json_decref(game);
    status |= tourney_settings_add_json(object, s, SETTING_LOG_PAIRS, false);
    status |= tourney_settings_add_json(object, s, SETTING_LOG_PLAY, false);
    status |= json_object_set_new(object, "games_scheduled",
                                  json_integer((json_int_t)h->games_scheduled));
    status |= json_object_set(object, "agents", agents);
    status |= json_object_set_new(object, "settings_digest", json_string(h->settings_digest));
    status |= tourney_settings_add_json(object, s, SETTING_LOG_JUDGING, false);
    status |= tourney_settings_add_json(object, s, SETTING_LOG_ADDED, false);
    set_optional(object, "game_id", h->game_id);
    set_optional(object, "game_version", h->game_version);
    if (h->override_count > 0) {
        json_t *overrides = json_array();
        for (size_t i = 0; overrides != NULL && i < h->override_count; i++) {
            status |= json_array_append_new(overrides, json_string(h->overrides[i]));
        }
        status |= json_object_set_new(object, "overrides", overrides);
    }
    if (h->shard.count > 0) {
        status |= json_object_set_new(object, "shard",
                                      json_pack("{s:I, s:I}", "index", (json_int_t)h->shard.index,
                                                "count", (json_int_t)h->shard.count));
    }
    json_decref(agents);
    if (status != 0) {
        json_decref(object);
        return NULL;
    }
    return object;
}

int tourney_header_from_json(struct log_header *h, json_t *object, struct error *err)
{
    memset(h, 0, sizeof(*h));
    const char *type = NULL, *version = NULL, *config = NULL, *game = NULL;
    const char *game_params = NULL, *game_digest = NULL, *digest = NULL;
    json_t *game_path = NULL;
    json_t *agents = NULL;
    json_int_t log_format = 0, scheduled = 0;
    json_error_t parse_error;
    if (json_unpack_ex(object, &parse_error, 0,
                       "{s:s, s:I, s:s, s:s, s:s, s:s, s:s, s?o, s:I, s:o, s:s}", "type", &type,
                       "log_format", &log_format, "tourney", &version, "config", &config, "game",
                       &game, "game_params", &game_params, "game_digest", &game_digest,
                       "game_path", &game_path, "games_scheduled", &scheduled, "agents", &agents,
                       "settings_digest", &digest) != 0) {
        return tourney_error_set(err, "not a tourney results log header (%s)", parse_error.text);
    }
    if (strcmp(type, "tournament") != 0 || log_format != TOURNEY_LOG_FORMAT) {
        return tourney_error_set(err, "results log format %lld, expected %d",
                                 (long long)log_format, TOURNEY_LOG_FORMAT);
    }
    if (tourney_settings_from_json(&h->settings, object, err) != 0) {
        tourney_error_prefix(err, "results log header");
        goto err_header;
    }
    h->version = strdup(version);
    h->config_path = strdup(config);
    h->game = strdup(game);
    h->game_params = strdup(game_params);
    h->game_digest = strdup(game_digest);
    h->game_path = tourney_strdup(json_string_value(game_path));
    h->games_scheduled = (uint64_t)scheduled;
    bool game_failed = false;
    h->game_id = get_optional(object, "game_id", &game_failed);
    h->game_version = get_optional(object, "game_version", &game_failed);
    size_t count = json_array_size(agents);
    h->agents = calloc(count + 1, sizeof(*h->agents));
    if (h->agents == NULL || h->version == NULL || h->config_path == NULL || h->game == NULL ||
        h->game_params == NULL || h->game_digest == NULL || game_failed) {
        tourney_error_set(err, "results log header is incomplete");
        goto err_header;
    }
    for (size_t i = 0; i < count; i++) {
        const char *a_name = NULL, *plugin = NULL, *params = NULL, *a_digest = NULL;
        int is_random = 0;
        json_t *entry = json_array_get(agents, i);
        /* An agent with a command has it where others have their plugin. */
        bool command = json_object_get(entry, "command") != NULL;
        if (json_unpack(entry, "{s:s, s:s, s:s, s:s, s:b}", "name", &a_name,
                        command ? "command" : "plugin", &plugin, "params", &params, "digest",
                        &a_digest, "is_random", &is_random) != 0) {
            tourney_error_set(err, "results log header: agent %zu is incomplete", i);
            goto err_header;
        }
        struct header_agent *a = &h->agents[h->agent_count++];
        a->command = command;
        a->name = strdup(a_name);
        a->plugin = strdup(plugin);
        a->params = strdup(params);
        a->digest = strdup(a_digest);
        a->is_random = is_random != 0;
        bool failed = false;
        a->plugin_id = get_optional(json_array_get(agents, i), "plugin_id", &failed);
        a->plugin_version = get_optional(json_array_get(agents, i), "plugin_version", &failed);
        if (failed || a->name == NULL || a->plugin == NULL || a->params == NULL ||
            a->digest == NULL) {
            tourney_error_nomem(err);
            goto err_header;
        }
    }
    json_t *shard = json_object_get(object, "shard");
    if (shard != NULL) {
        json_int_t index = -1, shards = 0;
        if (json_unpack(shard, "{s:I, s:I}", "index", &index, "count", &shards) != 0 ||
            shards < 1 || shards > TOURNEY_MAX_SHARDS || index < 0 || index >= shards) {
            tourney_error_set(err, "results log header: bad shard");
            goto err_header;
        }
        h->shard.index = (uint32_t)index;
        h->shard.count = (uint32_t)shards;
        /* The schedule's pairs, each playing games_per_pair. */
        uint64_t per_pair = h->settings.games_per_pair;
        tourney_shard_deal(&h->shard, per_pair > 0 ? h->games_scheduled / per_pair : 0,
                           h->games_scheduled);
    }
    json_t *overrides = json_object_get(object, "overrides");
    size_t override;
    json_t *option;
    json_array_foreach(overrides, override, option)
    {
        if (!json_is_string(option)) {
            tourney_error_set(err, "results log header: bad overrides");
            goto err_header;
        }
        if (tourney_header_add_override(h, json_string_value(option)) != 0) {
            tourney_error_nomem(err);
            goto err_header;
        }
    }
    if (overrides != NULL && !json_is_array(overrides)) {
        tourney_error_set(err, "results log header: bad overrides");
        goto err_header;
    }
    /* The digest is recomputed, not trusted: a header edited by hand no
     * longer matches its own settings. */
    if (tourney_header_seal(h) != 0 || strcmp(h->settings_digest, digest) != 0) {
        tourney_error_set(err, "results log header does not match its settings digest");
        goto err_header;
    }
    return 0;
err_header:
    tourney_header_finish(h);
    return -1;
}

void tourney_header_finish(struct log_header *h)
{
    for (size_t i = 0; h->agents != NULL && i < h->agent_count; i++) {
        free(h->agents[i].name);
        free(h->agents[i].plugin);
        free(h->agents[i].params);
        free(h->agents[i].digest);
        free(h->agents[i].plugin_id);
        free(h->agents[i].plugin_version);
    }
    free(h->agents);
    free(h->version);
    free(h->config_path);
    free(h->game);
    free(h->game_params);
    free(h->game_digest);
    free(h->game_path);
    free(h->game_id);
    free(h->game_version);
    for (size_t i = 0; i < h->override_count; i++) {
        free(h->overrides[i]);
    }
    free(h->overrides);
    tourney_settings_finish(&h->settings);
    memset(h, 0, sizeof(*h));
}

enum header_difference tourney_header_difference(const struct log_header *a,
                                                 const struct log_header *b,
                                                 const struct setting **setting, size_t *agent)
{
    *setting = NULL;
    *agent = 0;
    /* The digest is taken of exactly what is compared here, so when it
     * differs one of these does. */
    if (strcmp(a->settings_digest, b->settings_digest) != 0) {
        *setting = tourney_settings_difference(&a->settings, &b->settings);
        if (*setting != NULL) {
            return HEADER_SETTING;
        }
        if (strcmp(a->game, b->game) != 0 || strcmp(a->game_params, b->game_params) != 0) {
            return HEADER_GAME;
        }
        if (a->agent_count != b->agent_count) {
            return HEADER_AGENT_COUNT;
        }
        for (size_t i = 0; i < a->agent_count; i++) {
            if (strcmp(a->agents[i].name, b->agents[i].name) != 0 ||
                a->agents[i].command != b->agents[i].command ||
                strcmp(a->agents[i].plugin, b->agents[i].plugin) != 0 ||
                strcmp(a->agents[i].params, b->agents[i].params) != 0) {
                *agent = i;
                return HEADER_AGENT;
            }
        }
    }
    if (strcmp(a->game_digest, b->game_digest) != 0) {
        return HEADER_GAME_BUILD;
    }
    for (size_t i = 0; i < a->agent_count; i++) {
        if (strcmp(a->agents[i].digest, b->agents[i].digest) != 0) {
            *agent = i;
            return HEADER_AGENT_BUILD;
        }
    }
    return HEADER_SAME;
}

int tourney_header_add_override(struct log_header *h, const char *option)
{
    char **overrides = realloc(h->overrides, (h->override_count + 1) * sizeof(*overrides));
    if (overrides == NULL) {
        return -1;
    }
    h->overrides = overrides;
    overrides[h->override_count] = strdup(option);
    if (overrides[h->override_count] == NULL) {
        return -1;
    }
    h->override_count++;
    return 0;
}

static bool same_overrides(const struct log_header *a, const struct log_header *b)
{
    if (a->override_count != b->override_count) {
        return false;
    }
    for (size_t i = 0; i < a->override_count; i++) {
        if (strcmp(a->overrides[i], b->overrides[i]) != 0) {
            return false;
        }
    }
    return true;
}

/* "; the log was written with --set a=1 --each b=2", or "... without --set
 * or --each": what a resumed run may have forgotten to give again. */
static void explain_overrides(const struct log_header *old, struct error *why)
{
    char text[TOURNEY_ERROR_SIZE] = "";
    size_t used = 0;
    for (size_t i = 0; i < old->override_count && used < sizeof(text); i++) {
        used += (size_t)snprintf(text + used, sizeof(text) - used, " %s", old->overrides[i]);
    }
    char reason[TOURNEY_ERROR_SIZE];
    snprintf(reason, sizeof(reason), "%s", why->text);
    tourney_error_set(why, "%s; the log was written %s%s", reason,
                      old->override_count > 0 ? "with" : "without --set or --each", text);
}

/* "name (plugin: parameters)", "name (command: python3 x.py)" */
static void describe_agent(const struct header_agent *a, char *text, size_t size)
{
    snprintf(text, size, "%s (%s%s%s%s)", a->name, a->command ? "command: " : "", a->plugin,
             a->params[0] ? ": " : "", a->params);
}

bool tourney_header_compatible(const struct log_header *old, const struct log_header *now,
                               struct error *why)
{
    const struct setting *setting = NULL;
    size_t i = 0;
    char was[256];
    char is[256];
    switch (tourney_header_difference(old, now, &setting, &i)) {
    case HEADER_SAME:
        return true;
    case HEADER_SETTING:
        tourney_setting_show(setting, &old->settings, was, sizeof(was));
        tourney_setting_show(setting, &now->settings, is, sizeof(is));
        tourney_error_set(why, "the log was played with %s %s, the config says %s", setting->key,
                          was, is);
        break;
    case HEADER_GAME:
        tourney_error_set(why, "the log's game is %s (%s), the config's %s (%s)", old->game,
                          old->game_params, now->game, now->game_params);
        break;
    case HEADER_AGENT_COUNT:
        tourney_error_set(why, "the log has %zu agents, the config %zu", old->agent_count,
                          now->agent_count);
        break;
    case HEADER_AGENT:
        describe_agent(&old->agents[i], was, sizeof(was));
        describe_agent(&now->agents[i], is, sizeof(is));
        tourney_error_set(why, "the log's agent %zu is %s, the config's %s", i + 1, was, is);
        break;
    case HEADER_GAME_BUILD:
        tourney_error_set(why, "the game plugin '%s' has changed since the log was written",
                          now->game);
        return false;
    case HEADER_AGENT_BUILD:
        tourney_error_set(why, "the %s of agent '%s' has changed since the log was written",
                          now->agents[i].command ? "program" : "plugin", now->agents[i].name);
        return false;
    }
    if (why != NULL && !same_overrides(old, now)) {
        explain_overrides(old, why);
    }
    return false;
}

void tourney_shard_describe(const struct shard *shard, char *text, size_t size)
{
    if (shard->count == 0) {
        snprintf(text, size, "the whole tournament");
    } else {
        snprintf(text, size, "shard %" PRIu32 "/%" PRIu32, shard->index, shard->count);
    }
}

bool tourney_header_same_shard(const struct log_header *old, const struct log_header *now,
                               struct error *why)
{
    if (old->shard.count == now->shard.count && old->shard.index == now->shard.index) {
        return true;
    }
    char was[64];
    char is[64];
    tourney_shard_describe(&old->shard, was, sizeof(was));
    tourney_shard_describe(&now->shard, is, sizeof(is));
    if (old->shard.count == 0) {
        tourney_error_set(why, "the log holds %s and this run is %s", was, is);
    } else {
        tourney_error_set(why,
                          "the log holds %s and this run is %s (resume it with --shard "
                          "%" PRIu32 "/%" PRIu32 ")",
                          was, is, old->shard.index, old->shard.count);
    }
    return false;
}
