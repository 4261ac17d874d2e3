/*
 * game_loader.h - a game instance for tools that work outside a tournament
 * (replay, the reports' boards, solve): the game plugin found by name the
 * way a run finds it, created from its parameters written as text
 * ("rows = 4, cols = 4, k = 4", as the results log stores them).
 */
#ifndef TOURNEY_RUNNER_GAME_LOADER_H
#define TOURNEY_RUNNER_GAME_LOADER_H

#include <stddef.h>

#include <tourney/game.h>

#include "plugin.h"
#include "plugin_search.h"

struct loaded_game {
    struct plugin plugin;
    const struct tourney_game_api *api;
    void *game;
    struct tourney_game_info info;
    struct tourney_param_value *values;
};

/* Finds game plugin NAME in SEARCH and creates it from PARAMS_TEXT ("" or
 * NULL for the defaults). Keys are separated by commas, each `key = value`;
 * keys left out keep their defaults. Returns -1 with a reason in ERROR. */
int tourney_game_load(struct loaded_game *g, const struct plugin_search *search,
                      const char *name, const char *params_text, char *error,
                      size_t error_size);
void tourney_game_unload(struct loaded_game *g);

/* A move as the game writes it ("b2"), or its number when it cannot. */
void tourney_game_move_text(const struct loaded_game *g, tourney_move move, char *buf,
                            size_t size);

#endif /* TOURNEY_RUNNER_GAME_LOADER_H */
