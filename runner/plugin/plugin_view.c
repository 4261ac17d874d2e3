#include "plugin_view.h"

#include <stdlib.h>
#include <string.h>

#include "abi_compat.h"

/* Both descriptors begin alike up to param_count, so what lies there is read
 * the same way whatever the kind. */
_Static_assert(offsetof(struct tourney_game_api, name) ==
                       offsetof(struct tourney_agent_api, name) &&
                   offsetof(struct tourney_game_api, description) ==
                       offsetof(struct tourney_agent_api, description) &&
                   offsetof(struct tourney_game_api, legacy_params) ==
                       offsetof(struct tourney_agent_api, legacy_params) &&
                   offsetof(struct tourney_game_api, param_count) ==
                       offsetof(struct tourney_agent_api, param_count),
               "game and agent descriptors share their first fields");

uint32_t tourney_plugin_known_size(const struct tourney_abi_header *header,
                                   enum tourney_plugin_kind kind, size_t *expected)
{
    size_t size;
    if (kind == TOURNEY_KIND_GAME) {
        size = header->abi_minor == 0   ? GAME_API_SIZE_1_0
               : header->abi_minor == 1 ? GAME_API_SIZE_1_1
                                        : sizeof(struct tourney_game_api);
    } else {
        size = header->abi_minor < 2 ? AGENT_API_SIZE_1_1 : sizeof(struct tourney_agent_api);
    }
    if (header->struct_size < size) {
        *expected = size;
        return 0;
    }
    return (uint32_t)size;
}

/* The parameter array of a 1.0 or 1.1 plugin, converted entry by entry. */
static int read_legacy_params(const struct tourney_param_desc_1_1 *legacy, size_t count,
                              struct tourney_param_info *table, struct error *err)
{
    if (count > 0 && legacy == NULL) {
        return tourney_error_set(err, "%zu parameters declared but the list is NULL", count);
    }
    for (size_t i = 0; i < count; i++) {
        table[i] = (struct tourney_param_info){
            .struct_size = sizeof(table[i]),
            .type = (uint32_t)legacy[i].type,
            .name = legacy[i].name,
            .default_value = legacy[i].default_value,
            .min = legacy[i].min,
            .max = legacy[i].max,
            .choices = legacy[i].choices,
            .help = legacy[i].help,
        };
    }
    return 0;
}

/* Asks a 1.2 plugin for each description in turn. */
static int ask_params(const void *raw, enum tourney_plugin_kind kind, size_t count,
                      struct tourney_param_info *table, struct error *err)
{
    const struct tourney_game_api *game = raw;
    const struct tourney_agent_api *agent = raw;
    bool can_ask =
        kind == TOURNEY_KIND_GAME ? game->get_param_info != NULL : agent->get_param_info != NULL;
    if (count > 0 && !can_ask) {
        return tourney_error_set(err, "%zu parameters declared but no get_param_info", count);
    }
    for (size_t i = 0; i < count; i++) {
        table[i].struct_size = sizeof(table[i]);
        int32_t status = kind == TOURNEY_KIND_GAME
                             ? game->get_param_info(game, (uint32_t)i, &table[i])
                             : agent->get_param_info(agent, (uint32_t)i, &table[i]);
        /* The size is ours, whatever the plugin wrote there. */
        table[i].struct_size = sizeof(table[i]);
        if (status != TOURNEY_OK) {
            return tourney_error_set(err, "get_param_info(%zu) failed with status %d", i,
                                     (int)status);
        }
    }
    return 0;
}

int tourney_plugin_read_about(const void *raw, enum tourney_plugin_kind kind, uint32_t known,
                              struct plugin_about *about, struct tourney_param_info **params,
                              struct error *err)
{
    /* The shared first fields, read through the game's layout. */
    const struct tourney_game_api *shared = raw;
    memset(about, 0, sizeof(*about));
    *params = NULL;
    about->name = shared->name;
    about->description = shared->description;
    if (shared->param_count > PLUGIN_MAX_PARAMS) {
        return tourney_error_set(err, "%llu parameters declared, more than %d",
                                 (unsigned long long)shared->param_count, PLUGIN_MAX_PARAMS);
    }
    size_t count = (size_t)shared->param_count;
    struct tourney_param_info *table = calloc(count + 1, sizeof(*table));
    if (table == NULL) {
        return tourney_error_nomem(err);
    }
    int status;
    if (kind == TOURNEY_KIND_GAME && TOURNEY_HAS_FIELD(struct tourney_game_api, known, version)) {
        about->id = shared->id;
        about->version = shared->version;
        status = ask_params(raw, kind, count, table, err);
    } else if (kind == TOURNEY_KIND_AGENT &&
               TOURNEY_HAS_FIELD(struct tourney_agent_api, known, version)) {
        const struct tourney_agent_api *agent = raw;
        about->id = agent->id;
        about->version = agent->version;
        status = ask_params(raw, kind, count, table, err);
    } else {
        status = read_legacy_params(shared->legacy_params, count, table, err);
    }
    if (status != 0) {
        free(table);
        return -1;
    }
    about->params = table;
    about->param_count = count;
    *params = table;
    return 0;
}

/* The copy a view lies in. */
static const struct plugin_copy *copy_of_game(const struct tourney_game_api *api)
{
    return (const void *)((const char *)api - offsetof(struct plugin_copy, game));
}

static const struct plugin_copy *copy_of_agent(const struct tourney_agent_api *api)
{
    return (const void *)((const char *)api - offsetof(struct plugin_copy, agent));
}

static int32_t game_param_info(const struct tourney_game_api *api, uint32_t index,
                               struct tourney_param_info *info)
{
    const struct plugin_copy *copy = copy_of_game(api);
    return tourney_param_info_copy(copy->params, (uint32_t)copy->param_count, index, info);
}

static int32_t agent_param_info(const struct tourney_agent_api *api, uint32_t index,
                                struct tourney_param_info *info)
{
    const struct plugin_copy *copy = copy_of_agent(api);
    return tourney_param_info_copy(copy->params, (uint32_t)copy->param_count, index, info);
}

/* The search knowledge, whichever minor the game has; anything else from the
 * game itself, if its minor has extensions. */
static const void *game_extension(const struct tourney_game_api *api, const char *id)
{
    const struct plugin_copy *copy = copy_of_game(api);
    const struct tourney_game_api *raw = copy->raw;
    if (id != NULL && strcmp(id, TOURNEY_GAME_SEARCH_ID) == 0) {
        return &copy->search;
    }
    return TOURNEY_CALL_OPTIONAL(struct tourney_game_api, raw, copy->raw_size, get_extension, NULL,
                                 raw, id);
}

static const void *agent_extension(const struct tourney_agent_api *api, const char *id)
{
    const struct plugin_copy *copy = copy_of_agent(api);
    const struct tourney_agent_api *raw = copy->raw;
    return TOURNEY_CALL_OPTIONAL(struct tourney_agent_api, raw, copy->raw_size, get_extension,
                                 NULL, raw, id);
}

void tourney_plugin_copy_free(struct plugin_copy *copy)
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

/* TEXT itself for a loaded plugin, whose strings live as long as it; a copy
 * for one only described. */
static const char *keep_string(struct plugin_copy *copy, const char *text, bool *failed)
{
    if (text == NULL || copy->raw != NULL) {
        return text;
    }
    char *duplicate = strdup(text);
    *failed = *failed || duplicate == NULL;
    return keep(copy, duplicate, failed);
}

static void copy_param(struct plugin_copy *copy, const struct tourney_param_info *from,
                       struct tourney_param_info *to, bool *failed)
{
    *to = *from;
    to->struct_size = sizeof(*to);
    if (copy->raw != NULL) {
        return;
    }
    to->name = keep_string(copy, from->name, failed);
    to->default_value = keep_string(copy, from->default_value, failed);
    to->help = keep_string(copy, from->help, failed);
    if (from->choices == NULL) {
        return;
    }
    size_t count = 0;
    while (from->choices[count] != NULL) {
        count++;
    }
    const char **choices = keep(copy, calloc(count + 1, sizeof(*choices)), failed);
    *failed = *failed || choices == NULL;
    for (size_t i = 0; choices != NULL && i < count; i++) {
        choices[i] = keep_string(copy, from->choices[i], failed);
    }
    to->choices = choices;
}

/* The view of a game: what the plugin has of the runner's layout, its
 * knowledge found once and offered both ways (see plugin_view.h). */
static void view_game(struct plugin_copy *copy, const struct tourney_game_api *raw)
{
    struct tourney_game_api *view = &copy->game;
    if (raw == NULL) {
        return;
    }
    memcpy(view, raw, copy->raw_size);
    /* A game of minor 1.2 or later is asked itself, through its own
     * descriptor; an older one is read as far as its minor reaches. */
    view->header.struct_size = copy->raw_size;
    tourney_game_get_search(copy->raw_size >= sizeof(*view) ? raw : view, &copy->search);
    view->order_moves = copy->search.order_moves;
    view->winning_move = copy->search.winning_move;
    view->safe_moves = copy->search.safe_moves;
    view->get_extension = game_extension;
}

struct plugin_copy *tourney_plugin_copy_create(enum tourney_plugin_kind kind, const void *raw,
                                               uint32_t known, const struct plugin_about *about)
{
    struct plugin_copy *copy = calloc(1, sizeof(*copy));
    if (copy == NULL) {
        return NULL;
    }
    copy->raw = raw;
    copy->raw_size = raw != NULL ? known : 0;
    bool failed = false;
    copy->params = keep(copy, calloc(about->param_count + 1, sizeof(*copy->params)), &failed);
    failed = failed || copy->params == NULL;
    for (size_t i = 0; copy->params != NULL && i < about->param_count; i++) {
        copy_param(copy, &about->params[i], &copy->params[i], &failed);
    }
    copy->param_count = about->param_count;
    const char *name = keep_string(copy, about->name, &failed);
    const char *description = keep_string(copy, about->description, &failed);
    const char *id = keep_string(copy, about->id, &failed);
    const char *version = keep_string(copy, about->version, &failed);
    if (failed) {
        tourney_plugin_copy_free(copy);
        return NULL;
    }
    /* The view is a whole descriptor of this runner's ABI. */
    struct tourney_abi_header header = {TOURNEY_ABI_MAJOR, TOURNEY_ABI_MINOR, 0, (uint32_t)kind};
    if (kind == TOURNEY_KIND_GAME) {
        struct tourney_game_api *view = &copy->game;
        view_game(copy, raw);
        header.struct_size = sizeof(*view);
        view->header = header;
        view->name = name;
        view->description = description;
        view->legacy_params = NULL;
        view->param_count = copy->param_count;
        view->get_param_info = game_param_info;
        view->id = id;
        view->version = version;
    } else {
        struct tourney_agent_api *view = &copy->agent;
        if (raw != NULL) {
            memcpy(view, raw, known);
            view->get_extension = agent_extension;
        }
        header.struct_size = sizeof(*view);
        view->header = header;
        view->name = name;
        view->description = description;
        view->legacy_params = NULL;
        view->param_count = copy->param_count;
        view->get_param_info = agent_param_info;
        view->id = id;
        view->version = version;
    }
    return copy;
}
