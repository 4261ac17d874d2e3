#include "tournament_header.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"
#include "text_bytes.h"

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

/* The digest of PLUGIN's bytes: those loaded, for a plugin loaded into the
 * runner, else those of its file (heap string; NULL as file_digest). */
static char *plugin_digest(const struct plugin *plugin, struct error *err)
{
    return plugin->digest[0] != '\0' ? strdup(plugin->digest) : file_digest(plugin->path, err);
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

/* The digest of an agent with a command: of its program's file and of
 * every argument that names a file (from the config's directory DIR, where
 * the program runs), so that a changed script is a changed build. NULL
 * with the reason in ERR when the program cannot be read, NULL alone when
 * out of memory. */
static char *command_digest(char *const *argv, const char *dir, struct error *err)
{
    char *text = tourney_strdup("");
    for (size_t i = 0; text != NULL && argv[i] != NULL; i++) {
        char *path = argv[i][0] == '/' ? strdup(argv[i]) : tourney_format("%s/%s", dir, argv[i]);
        struct stat info;
        if (path == NULL || (i > 0 && (stat(path, &info) != 0 || !S_ISREG(info.st_mode)))) {
            free(path);
            continue;
        }
        char *digest = file_digest(path, err);
        char *longer = digest ? tourney_format("%s%zu=%s\n", text, i, digest) : NULL;
        free(digest);
        free(path);
        free(text);
        text = longer;
    }
    if (text == NULL) {
        return NULL;
    }
    char hex[TOURNEY_DIGEST_HEX];
    tourney_digest_bytes(text, strlen(text), hex);
    free(text);
    return strdup(hex);
}

/* The header's entry for E, an agent with a command. */
static int command_agent(struct header_agent *a, const struct entrant *e, const char *dir,
                         struct error *err)
{
    a->command = true;
    a->plugin = tourney_text_escape_dup(e->command);
    a->digest = command_digest(e->argv, dir, err);
    return a->plugin != NULL && a->digest != NULL ? 0 : -1;
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
    /* What a plugin's descriptor says is any bytes: escaped (text_bytes.h)
     * so that the header can be written and read back. */
    h->game = tourney_text_escape_dup(t->game_plugin.game->name);
    h->game_params = strdup(t->game_params_text);
    h->game_digest = plugin_digest(&t->game_plugin, err);
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
        a->params = strdup(e->params_text);
        if (e->argv != NULL) {
            if (command_agent(a, e, c->dir, err) != 0 || a->name == NULL || a->params == NULL) {
                goto err_header;
            }
            continue;
        }
        a->plugin = tourney_text_escape_dup(e->plugin->agent->name);
        a->digest = plugin_digest(e->plugin, err);
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
