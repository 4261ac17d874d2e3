/*
 * tests/games/plugins/liar.c - a game that breaks its contract on purpose, for the
 * referee's checks of every answer it relies on. Nine cells, each move
 * fills an empty one, the game is a draw when all are full; it writes
 * positions as three rows of x, o and '.'.
 *
 * From game `from_game` on (counted by the runner's instance, one game per
 * initial_state), at ply `at`, it tells the lie its parameter `lie` names:
 * a status of 42, player 5 to move, a legal move of -2, of 1000000, one
 * listed twice, the moves in descending order, a count of 10 (more than
 * its move_limit of 9, without writing past it), no legal moves in a game
 * that goes on, or a game that goes on past its max_plies (which it then
 * says is `at`). With `lie = honest` it keeps its word.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#define LIAR_CELLS 9

enum lie {
    LIE_HONEST,
    LIE_STATUS,
    LIE_TO_MOVE,
    LIE_NEGATIVE,
    LIE_HUGE,
    LIE_TWICE,
    LIE_ORDER,
    LIE_COUNT,
    LIE_NONE,
    LIE_ENDLESS
};

static const char *const lie_words[] = {"honest", "status", "to_move", "negative", "huge", "twice",
                                        "order",  "count",  "none",    "endless",  NULL};

struct liar {
    enum lie lie;
    int at;
    int from_game;
    int *games; /* games begun in this instance: initial_state calls */
};

struct liar_state {
    uint8_t cells[LIAR_CELLS]; /* 0 empty, 1 x, 2 o */
    uint8_t ply;
    uint8_t lying; /* whether this game is one to lie in */
};

static const struct tourney_param_info liar_params[] = {
    {.name = "lie",
     .type = TOURNEY_PARAM_CHOICE,
     .default_value = "honest",
     .choices = lie_words,
     .help = "the lie it tells"},
    {.name = "at",
     .type = TOURNEY_PARAM_INT,
     .default_value = "2",
     .min = 0,
     .max = LIAR_CELLS - 1,
     .help = "the ply it lies at"},
    {.name = "from_game",
     .type = TOURNEY_PARAM_INT,
     .default_value = "0",
     .min = 0,
     .max = 1000000,
     .help = "the first game it lies in"},
};

#define LIAR_PARAM_COUNT (sizeof(liar_params) / sizeof(liar_params[0]))

static int liar_create(const struct tourney_param_value *values, void **out,
                       struct tourney_game_info *info, char *error, size_t error_size)
{
    (void)error;
    (void)error_size;
    struct liar *liar = calloc(1, sizeof(*liar));
    int *games = calloc(1, sizeof(*games));
    if (liar == NULL || games == NULL) {
        free(liar);
        free(games);
        return TOURNEY_ERR_NOMEM;
    }
    liar->lie = (enum lie)values[0].i;
    liar->at = (int)values[1].i;
    liar->from_game = (int)values[2].i;
    liar->games = games;
    info->state_size = sizeof(struct liar_state);
    info->move_limit = LIAR_CELLS;
    info->max_plies = liar->lie == LIE_ENDLESS ? liar->at : LIAR_CELLS;
    *out = liar;
    return TOURNEY_OK;
}

static void liar_destroy(void *game)
{
    struct liar *liar = game;
    if (liar != NULL) {
        free(liar->games);
        free(liar);
    }
}

static void liar_initial_state(const void *game, void *state)
{
    const struct liar *liar = game;
    struct liar_state s;
    memset(&s, 0, sizeof(s));
    s.lying = *liar->games >= liar->from_game;
    (*liar->games)++;
    memcpy(state, &s, sizeof(s));
}

/* Whether the game lies about STATE in the way WHAT. */
static int lies(const struct liar *liar, const struct liar_state *s, enum lie what)
{
    return liar->lie == what && s->lying && s->ply == liar->at;
}

static int liar_to_move(const void *game, const void *state)
{
    const struct liar_state *s = state;
    return lies(game, s, LIE_TO_MOVE) ? 5 : s->ply & 1;
}

static int liar_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct liar *liar = game;
    const struct liar_state *s = state;
    if (lies(liar, s, LIE_NONE)) {
        return 0;
    }
    int n = 0;
    for (int cell = 0; cell < LIAR_CELLS; cell++) {
        if (s->cells[cell] == 0) {
            moves[n++] = cell;
        }
    }
    if (lies(liar, s, LIE_NEGATIVE)) {
        moves[0] = -2;
    } else if (lies(liar, s, LIE_HUGE)) {
        moves[n - 1] = 1000000;
    } else if (lies(liar, s, LIE_TWICE) && n > 1) {
        moves[1] = moves[0];
    } else if (lies(liar, s, LIE_ORDER)) {
        for (int i = 0; i < n / 2; i++) {
            tourney_move kept = moves[i];
            moves[i] = moves[n - 1 - i];
            moves[n - 1 - i] = kept;
        }
    } else if (lies(liar, s, LIE_COUNT)) {
        return LIAR_CELLS + 1;
    }
    return n;
}

static void liar_apply(const void *game, void *state, tourney_move move)
{
    (void)game;
    struct liar_state *s = state;
    s->cells[move] = (uint8_t)(1 + (s->ply & 1));
    s->ply++;
}

static void liar_undo(const void *game, void *state, tourney_move move)
{
    (void)game;
    struct liar_state *s = state;
    s->cells[move] = 0;
    s->ply--;
}

static int liar_status(const void *game, const void *state)
{
    const struct liar_state *s = state;
    if (lies(game, s, LIE_STATUS)) {
        return 42;
    }
    return s->ply < LIAR_CELLS ? TOURNEY_ONGOING : TOURNEY_DRAW;
}

static int liar_format_state(const void *game, const void *state, char *buf, size_t size)
{
    (void)game;
    const struct liar_state *s = state;
    char text[3 * 6 + 1];
    size_t used = 0;
    for (int cell = 0; cell < LIAR_CELLS; cell++) {
        text[used++] = ".xo"[s->cells[cell] % 3];
        text[used++] = cell % 3 == 2 ? '\n' : ' ';
    }
    text[used] = '\0';
    if (size <= used) {
        return TOURNEY_ERR_INVALID;
    }
    memcpy(buf, text, used + 1);
    return TOURNEY_OK;
}

static int32_t liar_param_info(const struct tourney_game_api *api, uint32_t index,
                               struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(liar_params, LIAR_PARAM_COUNT, index, info);
}

static const struct tourney_game_api liar_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "liar",
    .description = "Fills nine cells, and lies about the game on purpose",
    .param_count = LIAR_PARAM_COUNT,
    .create = liar_create,
    .destroy = liar_destroy,
    .initial_state = liar_initial_state,
    .to_move = liar_to_move,
    .legal_moves = liar_legal_moves,
    .apply = liar_apply,
    .undo = liar_undo,
    .status = liar_status,
    .format_state = liar_format_state,
    .get_param_info = liar_param_info,
    .id = "org.tourney.test.liar",
    .version = "1.0.0",
};

TOURNEY_GAME_ENTRY(liar_api)
