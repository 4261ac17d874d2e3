#include "game_text.h"

#include <stdio.h>

void tourney_move_text(const struct tourney_game_api *api, const void *game, tourney_move move,
                       char *buf, size_t size)
{
    if (api->format_move == NULL || api->format_move(game, move, buf, size) != TOURNEY_OK) {
        snprintf(buf, size, "#%d", (int)move);
    }
}

bool tourney_board_text(const struct tourney_game_api *api, const void *game, const void *state,
                        char *buf, size_t size)
{
    return api->format_state != NULL && api->format_state(game, state, buf, size) == TOURNEY_OK;
}
