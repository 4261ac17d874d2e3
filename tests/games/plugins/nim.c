/*
 * tests/games/plugins/nim.c - a minimal game, with none of the optional functions:
 * one heap of stones, each move takes one, two or three, and whoever takes
 * the last stone wins. `tourney solve` must say it cannot
 * read positions.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

/* Moves are 0, 1, 2: take one, two or three stones. */
#define NIM_MOVES 3

struct nim {
    int stones;
};

struct nim_state {
    uint8_t stones;
    uint8_t ply;
};

static const struct tourney_param_info nim_params[] = {
    {.name = "stones",
     .type = TOURNEY_PARAM_INT,
     .default_value = "10",
     .min = 1,
     .max = 100,
     .help = "stones on the heap at the start"},
};

static int nim_create(const struct tourney_param_value *values, void **out,
                      struct tourney_game_info *info, char *error, size_t error_size)
{
    struct nim *nim = calloc(1, sizeof(*nim));

    (void)error;
    (void)error_size;
    if (nim == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    nim->stones = (int)values[0].i;
    info->state_size = sizeof(struct nim_state);
    info->move_limit = NIM_MOVES;
    info->max_plies = nim->stones;
    *out = nim;
    return TOURNEY_OK;
}

static void nim_destroy(void *game)
{
    free(game);
}

static void nim_initial_state(const void *game, void *state)
{
    const struct nim *nim = game;
    struct nim_state s = {.stones = (uint8_t)nim->stones, .ply = 0};

    memcpy(state, &s, sizeof(s));
}

static int nim_to_move(const void *game, const void *state)
{
    (void)game;
    return ((const struct nim_state *)state)->ply & 1;
}

static int nim_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct nim_state *s = state;
    int n = 0;

    (void)game;
    for (int take = 1; take <= NIM_MOVES && take <= s->stones; take++) {
        moves[n++] = take - 1;
    }
    return n;
}

static void nim_apply(const void *game, void *state, tourney_move move)
{
    struct nim_state *s = state;

    (void)game;
    s->stones = (uint8_t)(s->stones - (move + 1));
    s->ply++;
}

static void nim_undo(const void *game, void *state, tourney_move move)
{
    struct nim_state *s = state;

    (void)game;
    s->stones = (uint8_t)(s->stones + (move + 1));
    s->ply--;
}

static int nim_status(const void *game, const void *state)
{
    const struct nim_state *s = state;

    (void)game;
    if (s->stones > 0) {
        return TOURNEY_ONGOING;
    }
    /* The player who just moved took the last stone. */
    return (s->ply & 1) == 1 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
}

#define NIM_PARAM_COUNT (sizeof(nim_params) / sizeof(nim_params[0]))

static int32_t nim_param_info(const struct tourney_game_api *api, uint32_t index,
                              struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(nim_params, NIM_PARAM_COUNT, index, info);
}

static const struct tourney_game_api nim_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "nim",
    .description = "One heap; take one to three stones; whoever takes the last one wins",
    .param_count = NIM_PARAM_COUNT,
    .create = nim_create,
    .destroy = nim_destroy,
    .initial_state = nim_initial_state,
    .to_move = nim_to_move,
    .legal_moves = nim_legal_moves,
    .apply = nim_apply,
    .undo = nim_undo,
    .status = nim_status,
    .get_param_info = nim_param_info,
    .id = "org.tourney.test.nim",
    .version = "1.0.0",
};

TOURNEY_GAME_ENTRY(nim_api)
