/*
 * game_text.h - moves and positions as people read them, through a game's
 * optional format_move and format_state, with the fallbacks every tool
 * (play, replay, solve) shows alike.
 */
#ifndef TOURNEY_RUNNER_GAME_TEXT_H
#define TOURNEY_RUNNER_GAME_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <tourney/game.h>

/* The game's name for MOVE ("b2"), or "#N" for move number N when the game
 * has no format_move or it fails. `tourney play` reads both forms back. */
void tourney_move_text(const struct tourney_game_api *api, const void *game, tourney_move move,
                       char *buf, size_t size);

/* The position as the game draws it (rows ending in '\n'); false when the
 * game has no format_state or it fails. */
bool tourney_board_text(const struct tourney_game_api *api, const void *game, const void *state,
                        char *buf, size_t size);

#endif /* TOURNEY_RUNNER_GAME_TEXT_H */
