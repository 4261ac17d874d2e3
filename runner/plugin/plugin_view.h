/*
 * plugin_view.h - a plugin's descriptor as the runner works with it: read
 * once, whatever minor of ABI 1 the plugin was built for, into the layout of
 * this runner's headers (the "view"), with its parameters in one table.
 *
 * Everything after loading (the referee, the agent host, the reports) uses
 * the view and never asks which minor a plugin speaks:
 *  - parameters: the 1.0/1.1 array or 1.2's get_param_info, read into a
 *    table of struct tourney_param_info, which the view's get_param_info
 *    answers from;
 *  - a game's search knowledge: found once (tourney_game_get_search), then both
 *    in the view's flat 1.1 fields, for agents written against 1.1, and in
 *    the "tourney.game.search/1" extension the view's get_extension answers,
 *    for agents written against 1.2; other ids go to the plugin's own
 *    get_extension;
 *  - fields the plugin's minor lacks are NULL.
 * The view's functions are the plugin's own. A plugin known only by a
 * probe's description has a view without functions.
 */
#ifndef TOURNEY_RUNNER_PLUGIN_VIEW_H
#define TOURNEY_RUNNER_PLUGIN_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>
#include <tourney/game.h>

#include "error.h"

/* The most parameters a plugin may declare. */
#define PLUGIN_MAX_PARAMS 1024

/* What a plugin says about itself, read from its descriptor or learned by a
 * probe. The strings and the list belong to whoever filled it in. */
struct plugin_about {
    const char *name;
    const char *description;
    const char *id;      /* NULL when the plugin has none */
    const char *version; /* NULL when the plugin has none */
    const struct tourney_param_info *params;
    size_t param_count;
};

/* What a plugin's views own. */
struct plugin_copy {
    struct tourney_game_api game;   /* the view of a game */
    struct tourney_agent_api agent; /* the view of an agent */
    const void *raw;                /* the plugin's own descriptor; NULL when described */
    uint32_t raw_size;              /* the bytes of it the runner may read */
    struct tourney_game_search search;
    struct tourney_param_info *params; /* param_count entries, and one zeroed */
    size_t param_count;
    void **owned; /* what the copy frees */
    size_t owned_count;
};

/* How many bytes of a descriptor of KIND whose header is HEADER the runner
 * reads: its struct_size, but no more than its minor had (and for a minor
 * newer than the runner's, no more than the runner knows). Returns 0 when
 * struct_size is smaller than its minor's descriptor, and then stores that
 * size in *EXPECTED. */
uint32_t tourney_plugin_known_size(const struct tourney_abi_header *header,
                                   enum tourney_plugin_kind kind, size_t *expected);

/* Reads what RAW (a descriptor of KIND, of which the first KNOWN bytes are
 * read) says about itself. The parameter list is allocated into *PARAMS
 * (free it), its strings are the plugin's. Returns 0, or -1 with what is
 * wrong with the parameter list in ERR. */
int tourney_plugin_read_about(const void *raw, enum tourney_plugin_kind kind, uint32_t known,
                              struct plugin_about *about, struct tourney_param_info **params,
                              struct error *err);

/* Makes the views of a plugin of KIND from ABOUT and, for a loaded plugin,
 * its descriptor RAW of which KNOWN bytes are read; RAW NULL for a plugin
 * only described, whose strings are then copied. NULL when out of memory. */
struct plugin_copy *tourney_plugin_copy_create(enum tourney_plugin_kind kind, const void *raw,
                                               uint32_t known, const struct plugin_about *about);
void tourney_plugin_copy_free(struct plugin_copy *copy);

#endif /* TOURNEY_RUNNER_PLUGIN_VIEW_H */
