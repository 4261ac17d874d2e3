/*
 * tests/support/knowledge_game.c - search knowledge by trying every move, see
 * knowledge_game.h.
 */
#include "knowledge_game.h"

#include <string.h>

/* The wrapper is the instance every function receives. */
static const struct knowledge_game *wrapper(const void *game)
{
    return game;
}

static void count_call(const void *game)
{
    ++*wrapper(game)->counter;
}

static void k_initial_state(const void *game, void *state)
{
    const struct knowledge_game *k = wrapper(game);
    k->base->initial_state(k->base_game, state);
}

static int k_to_move(const void *game, const void *state)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->to_move(k->base_game, state);
}

static int k_legal_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->legal_moves(k->base_game, state, moves);
}

static void k_apply(const void *game, void *state, tourney_move move)
{
    const struct knowledge_game *k = wrapper(game);
    k->base->apply(k->base_game, state, move);
}

static void k_undo(const void *game, void *state, tourney_move move)
{
    const struct knowledge_game *k = wrapper(game);
    k->base->undo(k->base_game, state, move);
}

static int k_status(const void *game, const void *state)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->status(k->base_game, state);
}

static int32_t k_evaluate(const void *game, const void *state)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->evaluate(k->base_game, state);
}

static uint64_t k_hash(const void *game, const void *state)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->hash(k->base_game, state);
}

static int k_format_move(const void *game, tourney_move move, char *buf, size_t size)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->format_move(k->base_game, move, buf, size);
}

static int k_format_state(const void *game, const void *state, char *buf, size_t size)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->format_state(k->base_game, state, buf, size);
}

static int k_parse_state(const void *game, const char *text, void *state)
{
    const struct knowledge_game *k = wrapper(game);
    return k->base->parse_state(k->base_game, text, state);
}

static int win_status(int player)
{
    return player == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
}

/* A move that wins at once in `work` for the player to move, or -1. */
static tourney_move find_win(const struct knowledge_game *k, unsigned char *work)
{
    tourney_move moves[KNOWLEDGE_MAX_MOVES];
    int wins = win_status(k->base->to_move(k->base_game, work));
    int n = k->base->legal_moves(k->base_game, work, moves);

    for (int i = 0; i < n; i++) {
        int status;

        k->base->apply(k->base_game, work, moves[i]);
        status = k->base->status(k->base_game, work);
        k->base->undo(k->base_game, work, moves[i]);
        if (status == wins) {
            return moves[i];
        }
    }
    return -1;
}

static tourney_move k_winning_move(const void *game, const void *state)
{
    const struct knowledge_game *k = wrapper(game);
    unsigned char work[KNOWLEDGE_MAX_STATE];

    count_call(game);
    memcpy(work, state, k->info.state_size);
    return find_win(k, work);
}

static int k_safe_moves(const void *game, const void *state, tourney_move *moves)
{
    const struct knowledge_game *k = wrapper(game);
    unsigned char work[KNOWLEDGE_MAX_STATE];
    tourney_move all[KNOWLEDGE_MAX_MOVES];
    int n;
    int safe = 0;

    count_call(game);
    memcpy(work, state, k->info.state_size);
    n = k->base->legal_moves(k->base_game, work, all);
    for (int i = 0; i < n; i++) {
        bool loses;

        k->base->apply(k->base_game, work, all[i]);
        loses = k->base->status(k->base_game, work) == TOURNEY_ONGOING && find_win(k, work) >= 0;
        k->base->undo(k->base_game, work, all[i]);
        if (!loses) {
            moves[safe++] = all[i];
        }
    }
    return safe;
}

/* Orders by how good each move looks for the mover: a win first, then by
 * the game's evaluation of the position after it, negated, as it is the
 * opponent's. Stable, so equal moves keep their order. */
static void k_order_moves(const void *game, const void *state, tourney_move *moves, int count)
{
    const struct knowledge_game *k = wrapper(game);
    unsigned char work[KNOWLEDGE_MAX_STATE];
    int64_t keys[KNOWLEDGE_MAX_MOVES];
    int wins;

    count_call(game);
    memcpy(work, state, k->info.state_size);
    wins = win_status(k->base->to_move(k->base_game, work));
    for (int i = 0; i < count; i++) {
        int status;

        k->base->apply(k->base_game, work, moves[i]);
        status = k->base->status(k->base_game, work);
        if (status == wins) {
            keys[i] = INT64_MAX;
        } else if (status != TOURNEY_ONGOING || k->base->evaluate == NULL) {
            keys[i] = 0;
        } else {
            keys[i] = -(int64_t)k->base->evaluate(k->base_game, work);
        }
        k->base->undo(k->base_game, work, moves[i]);
    }
    for (int i = 1; i < count; i++) {
        int64_t key = keys[i];
        tourney_move move = moves[i];
        int j = i;

        while (j > 0 && keys[j - 1] < key) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        keys[j] = key;
        moves[j] = move;
    }
}

/* The search extension, when the wrapper is of ABI 1.2. */
static const void *k_extension(const struct tourney_game_api *api, const char *id)
{
    const struct knowledge_game *k =
        (const void *)((const char *)api - offsetof(struct knowledge_game, api));
    return strcmp(id, TOURNEY_GAME_SEARCH_ID) == 0 ? &k->search : NULL;
}

bool knowledge_game_init(struct knowledge_game *k, const struct tourney_game_api *base,
                         const void *base_game, const struct tourney_game_info *info,
                         unsigned flags)
{
    if (info->state_size > KNOWLEDGE_MAX_STATE || info->move_limit > KNOWLEDGE_MAX_MOVES) {
        return false;
    }
    memset(k, 0, sizeof(*k));
    k->base = base;
    k->base_game = base_game;
    k->info = *info;
    k->counter = &k->calls;
    /* Fields past the wrapped descriptor's size are not its to give. */
    memcpy(&k->api, base,
           base->header.struct_size < sizeof(k->api) ? base->header.struct_size : sizeof(k->api));
    k->api.create = NULL;
    k->api.destroy = NULL;
    k->api.initial_state = k_initial_state;
    k->api.to_move = k_to_move;
    k->api.legal_moves = k_legal_moves;
    k->api.apply = k_apply;
    k->api.undo = k_undo;
    k->api.status = k_status;
    k->api.evaluate = base->evaluate != NULL ? k_evaluate : NULL;
    k->api.hash = base->hash != NULL && !(flags & KNOWLEDGE_NO_HASH) ? k_hash : NULL;
    k->api.format_move = base->format_move != NULL ? k_format_move : NULL;
    k->api.format_state = base->format_state != NULL ? k_format_state : NULL;
    k->api.parse_state = base->parse_state != NULL ? k_parse_state : NULL;
    /* Agents never ask a game's parameters. */
    k->api.legacy_params = NULL;
    k->api.param_count = 0;
    k->api.get_param_info = NULL;
    k->search.struct_size = (uint32_t)sizeof(k->search);
    k->search.order_moves = flags & KNOWLEDGE_ORDER ? k_order_moves : NULL;
    k->search.winning_move = flags & KNOWLEDGE_WIN ? k_winning_move : NULL;
    k->search.safe_moves = flags & KNOWLEDGE_SAFE ? k_safe_moves : NULL;
    k->api.header.abi_minor = TOURNEY_ABI_MINOR;
    k->api.header.struct_size = (uint32_t)sizeof(k->api);
    k->api.order_moves = NULL;
    k->api.winning_move = NULL;
    k->api.safe_moves = NULL;
    k->api.get_extension = k_extension;
    if (flags & (KNOWLEDGE_ABI_1_0 | KNOWLEDGE_ABI_1_1)) {
        /* The 1.1 way, cut to the size of its minor. */
        k->api.get_extension = NULL;
        k->api.order_moves = k->search.order_moves;
        k->api.winning_move = k->search.winning_move;
        k->api.safe_moves = k->search.safe_moves;
        k->api.header.abi_minor = 1;
        k->api.header.struct_size = (uint32_t)offsetof(struct tourney_game_api, get_param_info);
    }
    if (flags & KNOWLEDGE_ABI_1_0) {
        k->api.header.abi_minor = 0;
        k->api.header.struct_size = (uint32_t)offsetof(struct tourney_game_api, order_moves);
    }
    return true;
}
