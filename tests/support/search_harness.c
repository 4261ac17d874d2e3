/*
 * tests/support/search_harness.c - plugins driven without the runner, see
 * search_harness.h.
 */
#include "search_harness.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *harness_load(const char *dir, const char *name, const char *symbol, void **entry,
                   char *error, size_t error_size)
{
    char path[1024];
    void *handle;

    snprintf(path, sizeof(path), "%s/%s.so", dir, name);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, error_size, "cannot load %s: %s", path, dlerror());
        return NULL;
    }
    *entry = dlsym(handle, symbol);
    if (*entry == NULL) {
        snprintf(error, error_size, "%s has no %s: %s", path, symbol, dlerror());
        dlclose(handle);
        return NULL;
    }
    return handle;
}

void harness_unload(void *handle)
{
    if (handle != NULL) {
        dlclose(handle);
    }
}

const struct tourney_game_api *harness_load_game(const char *dir, const char *name, void **handle,
                                                 char *error, size_t error_size)
{
    tourney_game_entry_fn entry_fn;
    void *entry;

    *handle = harness_load(dir, name, TOURNEY_GAME_ENTRY_SYMBOL, &entry, error, error_size);
    if (*handle == NULL) {
        return NULL;
    }
    *(void **)&entry_fn = entry;
    return entry_fn();
}

const struct tourney_agent_api *harness_load_agent(const char *dir, const char *name,
                                                   void **handle, char *error, size_t error_size)
{
    tourney_agent_entry_fn entry_fn;
    void *entry;

    *handle = harness_load(dir, name, TOURNEY_AGENT_ENTRY_SYMBOL, &entry, error, error_size);
    if (*handle == NULL) {
        return NULL;
    }
    *(void **)&entry_fn = entry;
    return entry_fn();
}

/* Reads one value written as in an INI file. */
static int param_value(const struct tourney_param_info *desc, const char *text, int64_t *value)
{
    char *end;

    switch (desc->type) {
    case TOURNEY_PARAM_INT:
        *value = strtoll(text, &end, 10);
        return *end == '\0' && end != text && *value >= desc->min && *value <= desc->max ? 0 : -1;
    case TOURNEY_PARAM_BOOL:
        *value = strcmp(text, "true") == 0 || strcmp(text, "1") == 0;
        return *value || strcmp(text, "false") == 0 || strcmp(text, "0") == 0 ? 0 : -1;
    case TOURNEY_PARAM_CHOICE:
        for (int i = 0; desc->choices[i] != NULL; i++) {
            if (strcmp(desc->choices[i], text) == 0) {
                *value = i;
                return 0;
            }
        }
        break;
    }
    return -1;
}

/* Asks API, through CALL (its get_param_info), for each of COUNT
 * descriptions. */
static int
read_params(uint64_t count,
            int32_t (*call)(const void *api, uint32_t index, struct tourney_param_info *info),
            const void *api, struct tourney_param_info *descs, char *error, size_t error_size)
{
    if (count > HARNESS_MAX_PARAMS) {
        snprintf(error, error_size, "%llu parameters, more than %d", (unsigned long long)count,
                 HARNESS_MAX_PARAMS);
        return -1;
    }
    for (uint32_t i = 0; i < count; i++) {
        memset(&descs[i], 0, sizeof(descs[i]));
        descs[i].struct_size = sizeof(descs[i]);
        if (call(api, i, &descs[i]) != TOURNEY_OK) {
            snprintf(error, error_size, "get_param_info(%u) failed", (unsigned)i);
            return -1;
        }
    }
    return (int)count;
}

static int32_t game_param_info(const void *api, uint32_t index, struct tourney_param_info *info)
{
    const struct tourney_game_api *game = api;
    return game->get_param_info(game, index, info);
}

static int32_t agent_param_info(const void *api, uint32_t index, struct tourney_param_info *info)
{
    const struct tourney_agent_api *agent = api;
    return agent->get_param_info(agent, index, info);
}

int harness_game_params(const struct tourney_game_api *api, struct tourney_param_info *descs,
                        char *error, size_t error_size)
{
    return read_params(api->param_count, game_param_info, api, descs, error, error_size);
}

int harness_agent_params(const struct tourney_agent_api *api, struct tourney_param_info *descs,
                         char *error, size_t error_size)
{
    return read_params(api->param_count, agent_param_info, api, descs, error, error_size);
}

int harness_params(const struct tourney_param_info *descs, size_t count,
                   struct tourney_param_value *values, const char *overrides, char *error,
                   size_t error_size)
{
    char copy[512];
    char *save = NULL;

    if (count > HARNESS_MAX_PARAMS) {
        snprintf(error, error_size, "%zu parameters, more than %d", count, HARNESS_MAX_PARAMS);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        if (param_value(&descs[i], descs[i].default_value, &values[i].i) != 0) {
            snprintf(error, error_size, "bad default for %s", descs[i].name);
            return -1;
        }
    }
    snprintf(copy, sizeof(copy), "%s", overrides == NULL ? "" : overrides);
    for (char *word = strtok_r(copy, " ", &save); word != NULL;
         word = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(word, '=');
        size_t i = 0;

        if (eq == NULL) {
            snprintf(error, error_size, "'%s' is not key=value", word);
            return -1;
        }
        *eq = '\0';
        while (i < count && strcmp(descs[i].name, word) != 0) {
            i++;
        }
        if (i == count) {
            snprintf(error, error_size, "no parameter %s", word);
            return -1;
        }
        if (param_value(&descs[i], eq + 1, &values[i].i) != 0) {
            snprintf(error, error_size, "bad value '%s' for %s", eq + 1, word);
            return -1;
        }
    }
    return 0;
}

int harness_game_create(struct harness_game *g, const struct tourney_game_api *api,
                        const char *params, char *error, size_t error_size)
{
    struct tourney_param_value values[HARNESS_MAX_PARAMS];
    struct tourney_param_info descs[HARNESS_MAX_PARAMS];
    int count = harness_game_params(api, descs, error, error_size);

    memset(g, 0, sizeof(*g));
    g->api = api;
    if (count < 0 ||
        harness_params(descs, (size_t)count, values, params, error, error_size) != 0) {
        return -1;
    }
    if (api->create(values, &g->instance, &g->info, error, error_size) != TOURNEY_OK) {
        g->instance = NULL;
        return -1;
    }
    return 0;
}

void harness_game_destroy(struct harness_game *g)
{
    if (g->instance != NULL) {
        g->api->destroy(g->instance);
        g->instance = NULL;
    }
}

int harness_state(const struct harness_game *g, const char *text, void *state)
{
    if (text == NULL) {
        g->api->initial_state(g->instance, state);
        return 0;
    }
    if (g->api->parse_state == NULL) {
        return -1;
    }
    return g->api->parse_state(g->instance, text, state) == TOURNEY_OK ? 0 : -1;
}

int harness_agent_create(struct harness_agent *a, const struct tourney_agent_api *api,
                         const struct tourney_game_api *game_api, const void *game,
                         const struct tourney_game_info *info, const char *params, uint64_t seed,
                         char *error, size_t error_size)
{
    struct tourney_param_info descs[HARNESS_MAX_PARAMS];
    int count = harness_agent_params(api, descs, error, error_size);

    memset(a, 0, sizeof(*a));
    if (count < 0 ||
        harness_params(descs, (size_t)count, a->values, params, error, error_size) != 0) {
        return -1;
    }
    if (tourney_fake_agent_create(&a->fake, api, game_api, game, info, a->values, 0, seed) !=
        TOURNEY_OK) {
        snprintf(error, error_size, "%s: create failed: %s", api->name, a->fake.host.last_message);
        return -1;
    }
    return 0;
}

void harness_agent_destroy(struct harness_agent *a)
{
    tourney_fake_agent_destroy(&a->fake);
}

int harness_choose(struct harness_agent *a, const void *state, uint64_t budget_ns,
                   struct tourney_move_report *report, tourney_move *move)
{
    return tourney_fake_agent_move(&a->fake, state, budget_ns, a->ply, report, move);
}
