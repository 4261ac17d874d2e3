/*
 * command_list.c - `tourney agents` and `tourney games`: the plugins found,
 * each opened in a child process, with what it says of itself and its
 * parameters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "config.h"
#include "diag.h"
#include "params.h"
#include "plugin.h"
#include "plugin_search.h"
#include "probe.h"
#include "text_escape.h"

struct listing {
    enum tourney_plugin_kind kind;
    struct plugin_opener opener; /* plugins are looked at in a child process */
    char **seen;                 /* names already listed: the first one found shadows the rest */
    size_t seen_count;
    size_t listed;
    FILE *out;
    const struct warnings *warn; /* a plugin that cannot be listed */
};

static void list_plugin(const char *path, void *context)
{
    struct listing *listing = context;
    struct plugin plugin;
    struct error error;
    if (tourney_plugin_opener_open(&listing->opener, &plugin, path, listing->kind, &error) != 0) {
        /* A plugin of the other kind is expected in a shared directory; any
         * other failure is worth a word, or a broken plugin would just vanish. */
        enum tourney_plugin_kind other =
            listing->kind == TOURNEY_KIND_GAME ? TOURNEY_KIND_AGENT : TOURNEY_KIND_GAME;
        if (tourney_plugin_opener_open(&listing->opener, &plugin, path, other, NULL) == 0) {
            tourney_plugin_close(&plugin);
        } else {
            tourney_warn(listing->warn, "skipping %s", error.text);
        }
        return;
    }
    const char *name = tourney_plugin_name(&plugin);
    for (size_t i = 0; i < listing->seen_count; i++) {
        if (strcmp(listing->seen[i], name) == 0) {
            tourney_plugin_close(&plugin);
            return;
        }
    }
    char **seen = realloc(listing->seen, (listing->seen_count + 1) * sizeof(*seen));
    if (seen != NULL) {
        listing->seen = seen;
        listing->seen[listing->seen_count] = strdup(name);
        listing->seen_count += listing->seen[listing->seen_count] != NULL;
    }
    char identity[256];
    tourney_plugin_identity(tourney_plugin_id(&plugin), tourney_plugin_version(&plugin), identity,
                            sizeof(identity));
    /* What a plugin says of itself is any bytes: no escape sequence
     * reaches the terminal, no line break forges a line (text_escape.h). */
    fputs(listing->listed ? "\n" : "", listing->out);
    tourney_terminal_text(listing->out, name, false);
    fputs("\n  ", listing->out);
    tourney_terminal_text(listing->out, tourney_plugin_description(&plugin), false);
    fprintf(listing->out, "\n%s%s%s  %s\n", identity[0] ? "  " : "", identity,
            identity[0] ? "\n" : "", path);
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plugin, &count);
    for (size_t i = 0; i < count; i++) {
        char expected[256];
        char param[4][256];
        tourney_params_expected(&params[i], param[3], sizeof(param[3]));
        tourney_terminal_copy(param[0], sizeof(param[0]), params[i].name);
        tourney_terminal_copy(param[1], sizeof(param[1]), params[i].default_value);
        tourney_terminal_copy(param[2], sizeof(param[2]), params[i].help ? params[i].help : "");
        tourney_terminal_copy(expected, sizeof(expected), param[3]);
        fprintf(listing->out, "    %-16s = %-8s %s (%s)\n", param[0], param[1], param[2],
                expected);
    }
    listing->listed++;
    tourney_plugin_close(&plugin);
}

static int list(enum tourney_plugin_kind kind, const struct cli_context *context,
                struct error *err)
{
    const struct cli_words *args = context->args;
    if (args->count > 1) {
        tourney_error_set(err, "expected at most one CONFIG file");
        return CLI_EXIT_USAGE;
    }
    struct tournament_config config;
    memset(&config, 0, sizeof(config));
    if (args->count == 1) {
        struct diagnostics diag;
        tourney_diag_init(&diag);
        if (tourney_config_load(&config, args->words[0].value, &diag) != 0 &&
            config.doc.path == NULL) {
            tourney_diag_say(&diag, context->lines);
            tourney_diag_finish(&diag);
            tourney_config_finish(&config);
            return CLI_EXIT_USAGE;
        }
        tourney_diag_finish(&diag);
    }
    struct plugin_search search;
    struct listing listing = {.kind = kind, .out = context->out, .warn = context->warn};
    int status = tourney_plugin_search_init(&search, config.plugin_dirs, config.plugin_dir_count,
                                            context->plugin_path, context->exe);
    if (status == 0 && tourney_plugin_opener_init(&listing.opener, &config, context->exe) != 0) {
        tourney_plugin_search_finish(&search);
        status = -1;
    }
    if (status != 0) {
        tourney_config_finish(&config);
        tourney_error_nomem(err);
        return CLI_EXIT_RUN_FAILED;
    }
    tourney_plugin_search_each(&search, kind, list_plugin, &listing);
    if (listing.listed == 0) {
        char *dirs = tourney_plugin_search_describe(&search);
        tourney_error_set(err, "no %s plugins found in %s", tourney_kind_name(kind),
                          dirs ? dirs : "the plugin path");
        free(dirs);
    }
    for (size_t i = 0; i < listing.seen_count; i++) {
        free(listing.seen[i]);
    }
    free(listing.seen);
    tourney_plugin_opener_finish(&listing.opener);
    tourney_plugin_search_finish(&search);
    tourney_config_finish(&config);
    return listing.listed ? CLI_EXIT_SUCCESS : CLI_EXIT_RUN_FAILED;
}

static int list_agents(const struct cli_context *context, struct error *err)
{
    return list(TOURNEY_KIND_AGENT, context, err);
}

static int list_games(const struct cli_context *context, struct error *err)
{
    return list(TOURNEY_KIND_GAME, context, err);
}

const struct cli_command tourney_cli_agents_command = {
    .name = "agents",
    .usage = "agents [CONFIG]",
    .summary = "list the agent plugins found, with their parameters",
    .details = "With CONFIG, its plugin_path is searched first. Plugins are looked for in\n"
               "the config's plugin_path, then $TOURNEY_PLUGIN_PATH, the build tree when\n"
               "run from it, and the installed directory.",
    .run = list_agents,
};

const struct cli_command tourney_cli_games_command = {
    .name = "games",
    .usage = "games [CONFIG]",
    .summary = "list the game plugins found, with their parameters",
    .details = "With CONFIG, its plugin_path is searched first, as for `tourney agents`.",
    .run = list_games,
};
