/*
 * tests/abi/old_game.c - a game plugin written against an old ABI, built
 * twice by meson from this one file: against the ABI 1.0 headers kept in
 * tests/abi/1.0 and against the ABI 1.1 headers kept in tests/abi/1.1. It
 * must load, list its parameters and be played by the runner of ABI 1.2
 * exactly as it was by the runners it was written for.
 *
 * The game: a heap of `stones` stones; a move takes 1 to `max_take` of them
 * (move m takes m + 1); whoever takes the last stone wins. Built against 1.1
 * it also offers the search knowledge of that minor in its flat fields.
 */
#include <stdint.h>
#include <stdlib.h>

#include <tourney/tourney.h>

#define STR(X) #X
#define XSTR(X) STR(X)

struct heap {
    int stones;
    int max_take;
};

struct heap_state {
    uint8_t stones;
    uint8_t ply;
};

static const struct tourney_param_desc heap_params[] = {
    {.name = "stones",
     .type = TOURNEY_PARAM_INT,
     .default_value = "21",
     .min = 1,
     .max = 200,
     .help = "stones on the heap at the start"},
    {.name = "max_take",
     .type = TOURNEY_PARAM_INT,
     .default_value = "3",
     .min = 1,
     .max = 9,
     .help = "the most stones one move takes"},
};

static int heap_create(const struct tourney_param_value *values, void **out,
                       struct tourney_game_info *info, char *error, size_t error_size)
{
    struct heap *heap = calloc(1, sizeof(*heap));

    (void)error;
    (void)error_size;
    if (heap == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    heap->stones = (int)values[0].i;
    heap->max_take = (int)values[1].i;
    info->state_size = sizeof(struct heap_state);
    info->move_limit = heap->max_take;
    info->max_plies = heap->stones;
    *out = heap;
    return TOURNEY_OK;
}

static void heap_destroy(void *game)
{
    free(game);
}

static void heap_initial_state(const void *game, void *state)
{
    const struct heap *heap = game;
    struct heap_state *s = state;

    s->stones = (uint8_t)heap->stones;
    s->ply = 0;
}

static int heap_to_move(const void *game, const void *state)
{
    const struct heap_state *s = state;

    (void)game;
    return s->ply & 1;
}

static int heap_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct heap *heap = game;
    const struct heap_state *s = state;
    int count = 0;

    for (int take = 1; take <= heap->max_take && take <= s->stones; take++) {
        moves[count++] = take - 1;
    }
    return count;
}

static void heap_apply(const void *game, void *state, tourney_move move)
{
    struct heap_state *s = state;

    (void)game;
    s->stones = (uint8_t)(s->stones - (move + 1));
    s->ply++;
}

static void heap_undo(const void *game, void *state, tourney_move move)
{
    struct heap_state *s = state;

    (void)game;
    s->stones = (uint8_t)(s->stones + (move + 1));
    s->ply--;
}

static int heap_status(const void *game, const void *state)
{
    const struct heap_state *s = state;

    (void)game;
    if (s->stones > 0) {
        return TOURNEY_ONGOING;
    }
    /* The player who just moved took the last stone. */
    return (s->ply & 1) == 1 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
}

#if TOURNEY_ABI_MINOR >= 1
/* Taking everything that is left wins, when the move may. */
static tourney_move heap_winning_move(const void *game, const void *state)
{
    const struct heap *heap = game;
    const struct heap_state *s = state;

    return s->stones <= heap->max_take ? s->stones - 1 : -1;
}

/* Where no move wins, the opponent wins at once after leaving it 1 to
 * max_take stones: the safe moves leave more. */
static int heap_safe_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct heap *heap = game;
    const struct heap_state *s = state;
    int count = 0;

    for (int take = 1; take <= heap->max_take && take <= s->stones; take++) {
        if (s->stones - take > heap->max_take) {
            moves[count++] = take - 1;
        }
    }
    return count;
}

/* The move that leaves a multiple of max_take + 1 first: it wins. */
static void heap_order_moves(const void *game, const void *state, tourney_move *moves, int count)
{
    const struct heap *heap = game;
    const struct heap_state *s = state;

    for (int i = 1; i < count; i++) {
        if ((s->stones - (moves[i] + 1)) % (heap->max_take + 1) == 0) {
            tourney_move best = moves[i];
            for (int j = i; j > 0; j--) {
                moves[j] = moves[j - 1];
            }
            moves[0] = best;
        }
    }
}
#endif

static const struct tourney_game_api heap_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    .name = "heap-" XSTR(TOURNEY_ABI_MAJOR) "." XSTR(TOURNEY_ABI_MINOR),
    .description = "Take 1 to max_take stones from one heap; the last stone wins",
    .params = heap_params,
    .param_count = sizeof(heap_params) / sizeof(heap_params[0]),
    .create = heap_create,
    .destroy = heap_destroy,
    .initial_state = heap_initial_state,
    .to_move = heap_to_move,
    .legal_moves = heap_legal_moves,
    .apply = heap_apply,
    .undo = heap_undo,
    .status = heap_status,
#if TOURNEY_ABI_MINOR >= 1
    .order_moves = heap_order_moves,
    .winning_move = heap_winning_move,
    .safe_moves = heap_safe_moves,
#endif
};

TOURNEY_GAME_ENTRY(heap_api)
