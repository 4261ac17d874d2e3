#include "log_header.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

#ifndef TOURNEY_VERSION
#error "meson defines TOURNEY_VERSION"
#endif

/* The text the settings digest is taken of: every setting that changes how
 * a game is played, in a fixed order. Names of files and folders are left
 * out, so a config can be moved or commented without orphaning its log. */
static char *settings_text(const struct log_header *h)
{
    char *text = tourney_format(
        "format=%s\ngauntlet=%s\ngame=%s\ngame_params=%s\nseed=%" PRIu64
        "\ngames_per_pair=%" PRIu32 "\ntime_per_move_ms=%" PRIu64 "\ntime_margin_ms=%" PRIu64
        "\nagent_memory_mb=%" PRIu64 "\nagent_output_limit_kb=%" PRIu64 "\n",
        h->format, h->gauntlet ? h->gauntlet : "", h->game, h->game_params, h->seed,
        h->games_per_pair, h->time_per_move_ms, h->time_margin_ms, h->agent_memory_mb,
        h->agent_output_limit_kb);
    if (text != NULL && h->sprt.enabled) {
        char *longer = tourney_format("%ssprt=%.17g,%.17g,%.17g,%.17g\n", text, h->sprt.elo0,
                                      h->sprt.elo1, h->sprt.alpha, h->sprt.beta);
        free(text);
        text = longer;
    }
    for (size_t i = 0; text != NULL && i < h->agent_count; i++) {
        char *longer = tourney_format("%sagent=%s|%s|%s\n", text, h->agents[i].name,
                                      h->agents[i].plugin, h->agents[i].params);
        free(text);
        text = longer;
    }
    return text;
}

int tourney_header_seal(struct log_header *h)
{
    char *text = settings_text(h);
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

json_t *tourney_header_to_json(const struct log_header *h)
{
    char seed[24];
    snprintf(seed, sizeof(seed), "%" PRIu64, h->seed);
    json_t *agents = json_array();
    for (size_t i = 0; agents != NULL && i < h->agent_count; i++) {
        const struct header_agent *a = &h->agents[i];
        json_t *agent = json_pack("{s:s, s:s, s:s, s:s, s:b}", "name", a->name, "plugin",
                                  a->plugin, "params", a->params, "digest", a->digest,
                                  "is_random", a->is_random);
        set_optional(agent, "plugin_id", a->plugin_id);
        set_optional(agent, "plugin_version", a->plugin_version);
        json_array_append_new(agents, agent);
    }
    json_t *sprt = h->sprt.enabled ? json_pack("{s:f, s:f, s:f, s:f}", "elo0", h->sprt.elo0,
                                               "elo1", h->sprt.elo1, "alpha", h->sprt.alpha,
                                               "beta", h->sprt.beta)
                                   : json_null();
    json_t *object = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:s, s:s?, s:s, s:s?, s:s, "
                               "s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:s, s:o, s:s}",
                     "type", "tournament", "log_format", TOURNEY_LOG_FORMAT, "tourney",
                     h->version, "name", h->name, "config", h->config_path, "game", h->game,
                     "game_params", h->game_params, "game_digest", h->game_digest, "game_path",
                     h->game_path, "format",
                     h->format, "gauntlet_agent", h->gauntlet, "seed", seed, "games_per_pair",
                     (json_int_t)h->games_per_pair, "time_per_move_ms",
                     (json_int_t)h->time_per_move_ms, "time_margin_ms",
                     (json_int_t)h->time_margin_ms, "agent_memory_mb",
                     (json_int_t)h->agent_memory_mb, "agent_output_limit_kb",
                     (json_int_t)h->agent_output_limit_kb, "games_scheduled",
                     (json_int_t)h->games_scheduled, "agents", agents, "settings_digest",
                     h->settings_digest, "sprt", sprt, "rating_anchor",
                     tourney_rating_anchor_name(h->rating_anchor));
    set_optional(object, "game_id", h->game_id);
    set_optional(object, "game_version", h->game_version);
    if (object != NULL && h->shard.count > 0 &&
        json_object_set_new(object, "shard",
                            json_pack("{s:I, s:I}", "index", (json_int_t)h->shard.index, "count",
                                      (json_int_t)h->shard.count)) != 0) {
        json_decref(object);
        return NULL;
    }
    return object;
}

/* The keys added after the first log format, absent from older logs. */
static int optional_from_json(struct log_header *h, json_t *object, char *error,
                              size_t error_size)
{
    json_t *sprt = json_object_get(object, "sprt");
    if (sprt != NULL && !json_is_null(sprt)) {
        if (json_unpack(sprt, "{s:F, s:F, s:F, s:F}", "elo0", &h->sprt.elo0, "elo1",
                        &h->sprt.elo1, "alpha", &h->sprt.alpha, "beta", &h->sprt.beta) != 0) {
            snprintf(error, error_size, "results log header: 'sprt' is incomplete");
            return -1;
        }
        h->sprt.enabled = true;
    }
    bool failed = false;
    h->game_id = get_optional(object, "game_id", &failed);
    h->game_version = get_optional(object, "game_version", &failed);
    if (failed) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *anchor = json_string_value(json_object_get(object, "rating_anchor"));
    h->rating_anchor = anchor == NULL                  ? ANCHOR_AUTO
                       : strcmp(anchor, "random") == 0 ? ANCHOR_RANDOM
                       : strcmp(anchor, "mean") == 0   ? ANCHOR_MEAN
                                                       : ANCHOR_AUTO;
    return 0;
}

int tourney_header_from_json(struct log_header *h, json_t *object, char *error,
                             size_t error_size)
{
    memset(h, 0, sizeof(*h));
    const char *type = NULL, *version = NULL, *name = NULL, *config = NULL, *game = NULL;
    const char *game_params = NULL, *game_digest = NULL, *format = NULL, *seed = NULL;
    const char *digest = NULL;
    json_t *gauntlet = NULL;
    json_t *game_path = NULL;
    json_t *agents = NULL;
    json_int_t log_format = 0, per_pair = 0, time_ms = 0, scheduled = 0;
    json_int_t margin = 0, memory = 0, output = 0;
    json_error_t parse_error;
    if (json_unpack_ex(object, &parse_error, 0,
                       "{s:s, s:I, s:s, s:s, s:s, s:s, s:s, s:s, s?o, s:s, s?o, s:s, s:I, s:I, "
                       "s:I, s:I, s:I, s:I, s:o, s:s}",
                       "type", &type, "log_format", &log_format, "tourney", &version, "name",
                       &name, "config", &config, "game", &game, "game_params", &game_params,
                       "game_digest", &game_digest, "game_path", &game_path, "format", &format,
                       "gauntlet_agent",
                       &gauntlet, "seed", &seed, "games_per_pair", &per_pair,
                       "time_per_move_ms", &time_ms, "time_margin_ms", &margin,
                       "agent_memory_mb", &memory, "agent_output_limit_kb", &output,
                       "games_scheduled", &scheduled, "agents",
                       &agents, "settings_digest", &digest) != 0) {
        snprintf(error, error_size, "not a tourney results log header (%s)", parse_error.text);
        return -1;
    }
    if (strcmp(type, "tournament") != 0 || log_format != TOURNEY_LOG_FORMAT) {
        snprintf(error, error_size, "results log format %lld, expected %d",
                 (long long)log_format, TOURNEY_LOG_FORMAT);
        return -1;
    }
    h->version = strdup(version);
    h->name = strdup(name);
    h->config_path = strdup(config);
    h->game = strdup(game);
    h->game_params = strdup(game_params);
    h->game_digest = strdup(game_digest);
    h->format = strdup(format);
    h->gauntlet = tourney_strdup(json_string_value(gauntlet));
    h->game_path = tourney_strdup(json_string_value(game_path));
    h->games_per_pair = (uint32_t)per_pair;
    h->time_per_move_ms = (uint64_t)time_ms;
    h->time_margin_ms = (uint64_t)margin;
    h->agent_memory_mb = (uint64_t)memory;
    h->agent_output_limit_kb = (uint64_t)output;
    h->games_scheduled = (uint64_t)scheduled;
    size_t count = json_array_size(agents);
    h->agents = calloc(count + 1, sizeof(*h->agents));
    if (!tourney_parse_uint64(seed, &h->seed) || h->agents == NULL || h->version == NULL ||
        h->name == NULL || h->config_path == NULL || h->game == NULL || h->game_params == NULL ||
        h->game_digest == NULL || h->format == NULL) {
        snprintf(error, error_size, "results log header is incomplete");
        goto err;
    }
    if (optional_from_json(h, object, error, error_size) != 0) {
        goto err;
    }
    for (size_t i = 0; i < count; i++) {
        const char *a_name = NULL, *plugin = NULL, *params = NULL, *a_digest = NULL;
        int is_random = 0;
        if (json_unpack(json_array_get(agents, i), "{s:s, s:s, s:s, s:s, s:b}", "name", &a_name,
                        "plugin", &plugin, "params", &params, "digest", &a_digest, "is_random",
                        &is_random) != 0) {
            snprintf(error, error_size, "results log header: agent %zu is incomplete", i);
            goto err;
        }
        struct header_agent *a = &h->agents[h->agent_count++];
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
            snprintf(error, error_size, "out of memory");
            goto err;
        }
    }
    json_t *shard = json_object_get(object, "shard");
    if (shard != NULL) {
        json_int_t index = -1, shards = 0;
        if (json_unpack(shard, "{s:I, s:I}", "index", &index, "count", &shards) != 0 ||
            shards < 1 || shards > TOURNEY_MAX_SHARDS || index < 0 || index >= shards) {
            snprintf(error, error_size, "results log header: bad shard");
            goto err;
        }
        h->shard.index = (uint32_t)index;
        h->shard.count = (uint32_t)shards;
    }
    /* The digest is recomputed, not trusted: a header edited by hand no
     * longer matches its own settings. */
    if (tourney_header_seal(h) != 0 || strcmp(h->settings_digest, digest) != 0) {
        snprintf(error, error_size, "results log header does not match its settings digest");
        goto err;
    }
    return 0;
err:
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
    free(h->name);
    free(h->config_path);
    free(h->game);
    free(h->game_params);
    free(h->game_digest);
    free(h->game_path);
    free(h->game_id);
    free(h->game_version);
    free(h->format);
    free(h->gauntlet);
    memset(h, 0, sizeof(*h));
}

enum header_difference tourney_header_difference(const struct log_header *a,
                                                 const struct log_header *b, size_t *agent)
{
    *agent = 0;
    if (strcmp(a->settings_digest, b->settings_digest) != 0) {
        if (a->seed != b->seed) {
            return HEADER_SEED;
        }
        if (strcmp(a->game, b->game) != 0 || strcmp(a->game_params, b->game_params) != 0) {
            return HEADER_GAME;
        }
        if (a->agent_count != b->agent_count) {
            return HEADER_AGENT_COUNT;
        }
        for (size_t i = 0; i < a->agent_count; i++) {
            if (strcmp(a->agents[i].name, b->agents[i].name) != 0 ||
                strcmp(a->agents[i].plugin, b->agents[i].plugin) != 0 ||
                strcmp(a->agents[i].params, b->agents[i].params) != 0) {
                *agent = i;
                return HEADER_AGENT;
            }
        }
        return HEADER_SETTINGS;
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

bool tourney_header_compatible(const struct log_header *old, const struct log_header *now,
                               char *why, size_t why_size)
{
    size_t i = 0;
    switch (tourney_header_difference(old, now, &i)) {
    case HEADER_SAME:
        return true;
    case HEADER_SEED:
        snprintf(why, why_size, "the log was played with seed %" PRIu64 ", the config says %" PRIu64,
                 old->seed, now->seed);
        break;
    case HEADER_GAME:
        snprintf(why, why_size, "the log's game is %s (%s), the config's %s (%s)", old->game,
                 old->game_params, now->game, now->game_params);
        break;
    case HEADER_AGENT_COUNT:
        snprintf(why, why_size, "the log has %zu agents, the config %zu", old->agent_count,
                 now->agent_count);
        break;
    case HEADER_AGENT:
    case HEADER_SETTINGS:
        snprintf(why, why_size, "the config's agents, parameters, games per pair, format, "
                                "time per move or agent limits differ from the log's");
        break;
    case HEADER_GAME_BUILD:
        snprintf(why, why_size, "the game plugin '%s' has changed since the log was written",
                 now->game);
        break;
    case HEADER_AGENT_BUILD:
        snprintf(why, why_size, "the plugin of agent '%s' has changed since the log was written",
                 now->agents[i].name);
        break;
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
                               char *why, size_t why_size)
{
    if (old->shard.count == now->shard.count && old->shard.index == now->shard.index) {
        return true;
    }
    char was[64];
    char is[64];
    tourney_shard_describe(&old->shard, was, sizeof(was));
    tourney_shard_describe(&now->shard, is, sizeof(is));
    if (old->shard.count == 0) {
        snprintf(why, why_size, "the log holds %s and this run is %s", was, is);
    } else {
        snprintf(why, why_size, "the log holds %s and this run is %s (resume it with --shard "
                                "%" PRIu32 "/%" PRIu32 ")",
                 was, is, old->shard.index, old->shard.count);
    }
    return false;
}
