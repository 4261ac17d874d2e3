#include "game_text.h"

#include <stdio.h>

void tourney_move_text(const struct tourney_game_api *api, const void *game, tourney_move move,
                       char *buf, size_t size)
{
    if (TOURNEY_CALL_OPTIONAL(struct tourney_game_api, api, api->header.struct_size, format_move,
                              TOURNEY_ERR_INVALID, game, move, buf, size) != TOURNEY_OK) {
        snprintf(buf, size, "#%d", (int)move);
    }
}

bool tourney_board_text(const struct tourney_game_api *api, const void *game, const void *state,
                        char *buf, size_t size)
{
    return TOURNEY_CALL_OPTIONAL(struct tourney_game_api, api, api->header.struct_size,
                                 format_state, TOURNEY_ERR_INVALID, game, state, buf,
                                 size) == TOURNEY_OK;
}
