/*
 * opened_game.h - a game plugin loaded and made with parameter values, as
 * the runner makes it: for the tests of what the runner does with games.
 */
#ifndef TOURNEY_TESTS_OPENED_GAME_H
#define TOURNEY_TESTS_OPENED_GAME_H

#include "game_adapter.h"
#include "plugin.h"

struct opened {
    struct plugin plugin;
    struct game_adapter game;
};

/* Loads the game plugin at PATH and makes it with VALUES; fails the test
 * when it cannot. */
void open_game(struct opened *o, const char *path, const struct tourney_param_value *values);
void close_game(struct opened *o);

#endif /* TOURNEY_TESTS_OPENED_GAME_H */
