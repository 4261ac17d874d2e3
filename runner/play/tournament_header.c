#include "tournament_header.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

#ifndef TOURNEY_VERSION
#error "meson defines TOURNEY_VERSION"
#endif

/* The digest of the file at PATH (heap string); NULL with the reason in ERR
 * when it cannot be read, NULL alone when out of memory. */
static char *file_digest(const char *path, struct error *err)
{
    char hex[TOURNEY_DIGEST_HEX];
    if (tourney_digest_file(path, hex) != 0) {
        tourney_error_set_errno(err, "cannot read %s", path);
        return NULL;
    }
    return strdup(hex);
}

/* PATH made absolute, so that the log can be reported on from any
 * directory (heap string; NULL when out of memory). */
static char *absolute_path(const char *path)
{
    char cwd[4096];
    if (path[0] == '/' || getcwd(cwd, sizeof(cwd)) == NULL) {
        return strdup(path);
    }
    while (strncmp(path, "./", 2) == 0) {
        path += 2;
    }
    return tourney_format("%s/%s", cwd, path);
}

int tourney_header_from_tournament(struct log_header *h, const struct tournament *t,
                                   struct error *err)
{
    memset(h, 0, sizeof(*h));
    /* A reason is set where a file cannot be read; any other failure is for
     * want of memory. */
    tourney_error_clear(err);
    const struct tournament_config *c = &t->config;
    if (tourney_settings_copy_logged(&h->settings, &c->settings, NULL) != 0) {
        goto err_header;
    }
    h->version = strdup(TOURNEY_VERSION);
    h->config_path = strdup(c->path);
    h->game = strdup(t->game_plugin.game->name);
    h->game_params = strdup(t->game_params_text);
    h->game_digest = file_digest(t->game_plugin.path, err);
    h->game_path = absolute_path(t->game_plugin.path);
    h->game_id = tourney_strdup(tourney_plugin_id(&t->game_plugin));
    h->game_version = tourney_strdup(tourney_plugin_version(&t->game_plugin));
    h->agents = calloc(t->entrant_count + 1, sizeof(*h->agents));
    if (h->version == NULL || h->config_path == NULL || h->game == NULL ||
        h->game_params == NULL || h->game_digest == NULL || h->game_path == NULL ||
        h->agents == NULL ||
        (h->game_id == NULL) != (tourney_plugin_id(&t->game_plugin) == NULL) ||
        (h->game_version == NULL) != (tourney_plugin_version(&t->game_plugin) == NULL)) {
        goto err_header;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        const struct entrant *e = &t->entrants[i];
        struct header_agent *a = &h->agents[i];
        h->agent_count++;
        a->name = strdup(e->name);
        a->plugin = strdup(e->plugin->agent->name);
        a->params = strdup(e->params_text);
        a->digest = file_digest(e->plugin->path, err);
        a->is_random = e->is_random;
        a->plugin_id = tourney_strdup(tourney_plugin_id(e->plugin));
        a->plugin_version = tourney_strdup(tourney_plugin_version(e->plugin));
        if (a->name == NULL || a->plugin == NULL || a->params == NULL || a->digest == NULL ||
            (a->plugin_id == NULL) != (tourney_plugin_id(e->plugin) == NULL) ||
            (a->plugin_version == NULL) != (tourney_plugin_version(e->plugin) == NULL)) {
            goto err_header;
        }
    }
    const struct config_overrides *overrides = c->overrides;
    for (size_t i = 0; overrides != NULL && i < overrides->count; i++) {
        if (tourney_header_add_override(h, overrides->items[i].option) != 0) {
            goto err_header;
        }
    }
    if (tourney_header_seal(h) != 0) {
        goto err_header;
    }
    return 0;
err_header:
    if (!tourney_error_is_set(err)) {
        tourney_error_nomem(err);
    }
    tourney_header_finish(h);
    return -1;
}
