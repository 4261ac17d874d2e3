/*
 * tourney/game.h - the interface of a game plugin.
 *
 * A game plugin is a shared object that exports exactly one symbol,
 *
 *     TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void);
 *
 * returning a pointer to a constant descriptor that lives as long as the
 * library is loaded. The runner (the referee) and every agent drive the game
 * only through this descriptor, which is why agents work on any game.
 *
 * Model:
 *  - A game *instance* holds the rules chosen by parameters (for m,n,k: the
 *    board size and the line length). It is created once and only read after.
 *  - A *state* is a position: a fixed-size block of plain memory (no pointers)
 *    of `state_size` bytes, so it can be copied with memcpy, stored, hashed and
 *    compared. Agents may search by copying states or by apply/undo.
 *  - Moves are integers in [0, move_limit). Their meaning is the game's.
 *  - Two players, numbered 0 (moves first) and 1.
 *
 * All functions taking a game instance and a state are pure with respect to
 * the instance: they may be called from any thread as long as each thread
 * uses its own states. No function prints, exits or keeps global state.
 *
 * Where a game runs: in the runner's process, trusted, where it judges
 * every move (legal_moves, apply, status: a game's answer is the rules);
 * and in each agent's process, whose agent calls it during its search, in
 * the agent's sandbox and on the agent's time (a game that opens a file
 * after load loses that agent its game). create may be called more than
 * once in a process (the tournament, its openings, a check of a log),
 * each instance independent of the others.
 */
#ifndef TOURNEY_GAME_H
#define TOURNEY_GAME_H

#include <tourney/abi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A move: an integer in [0, move_limit). */
typedef int32_t tourney_move;

/* What `status` says about a position. */
enum tourney_status {
    TOURNEY_ONGOING = 0,    /* the player to move has at least one legal move */
    TOURNEY_DRAW = 1,       /* over, nobody won */
    TOURNEY_WIN_FIRST = 2,  /* over, player 0 won */
    TOURNEY_WIN_SECOND = 3, /* over, player 1 won */
};

/* Heuristic evaluations lie in [-TOURNEY_EVAL_LIMIT, TOURNEY_EVAL_LIMIT],
 * strictly inside the scores agents give to won and lost positions, so that a
 * heuristic never looks like a proven result. */
#define TOURNEY_EVAL_LIMIT 100000

/* Facts about a created game instance, filled by `create`.
 * Frozen: the game writes it into the host's memory and it carries no size,
 * so it never grows; later facts about an instance come through extensions. */
struct tourney_game_info {
    uint64_t state_size; /* bytes in one state; at least 1 */
    int32_t move_limit;  /* every move is in [0, move_limit); the most moves
                          * `legal_moves` can return */
    int32_t max_plies;   /* no game lasts longer than this many moves */
};

/* ---------------------------------------------------------------------------
 * Extension "tourney.game.search/1": search knowledge
 *
 * Optional functions that let a generic search play a game as well as a
 * dedicated solver would. A game returns a pointer to a constant struct of
 * this type from get_extension(api, TOURNEY_GAME_SEARCH_ID); every function
 * in it may be NULL. Agents find it through tourney_game_get_search() below,
 * which also reads the flat fields of an ABI 1.1 game.
 * Structs only grow at the end.
 * ------------------------------------------------------------------------- */
#define TOURNEY_GAME_SEARCH_ID "tourney.game.search/1"

struct tourney_game_search {
    uint32_t struct_size; /* sizeof(struct tourney_game_search) of the game */

    /* Optional. Puts `moves` (`count` legal moves of `state`, e.g. as
     * legal_moves listed them) in the order a search should try them, most
     * promising first (for example the centre first, or moves that make a
     * threat). It only reorders: the same moves stay in the list. */
    void (*order_moves)(const void *game, const void *state, tourney_move *moves, int32_t count);

    /* Optional. A move with which the player to move wins at once, or -1 when
     * there is none. Only called on an ongoing position. */
    tourney_move (*winning_move)(const void *game, const void *state);

    /* Optional. Only called on an ongoing position where the player to move
     * has no winning move (winning_move gave -1): a game need not look for
     * the mover's own wins, and what it answers where there is one is
     * unspecified. Writes into `moves` the legal moves after which the
     * opponent cannot win with its next move, in ascending order, and
     * returns their number; returns 0 when every legal move lets the
     * opponent win at once (for example it has two threats). */
    int32_t (*safe_moves)(const void *game, const void *state, tourney_move *moves);
};

/* The descriptor a game plugin exports. Required functions are marked; the
 * others may be NULL and the runner and agents check before calling them.
 * Structs only grow at the end: the comment "ABI 1.N" marks where each minor
 * begins, and a field of minor N is read only when TOURNEY_HAS_FIELD says
 * header.struct_size holds it. */
struct tourney_game_api {
    struct tourney_abi_header header; /* TOURNEY_ABI_HEADER(struct tourney_game_api,
                                       * TOURNEY_KIND_GAME) */
    const char *name;                 /* short name, e.g. "mnk"; how configs refer to it */
    const char *description;          /* one line */

    /* ABI 1.0 and 1.1 pointed here to an array of parameter descriptions,
     * whose stride would change if the description grew. From 1.2 on it is
     * NULL: parameters are described one at a time by get_param_info. */
    const void *legacy_params;
    uint64_t param_count; /* how many parameters the game accepts */

    /* Required. Creates an instance from checked parameter values (one per
     * parameter, in index order) and fills `info`. On success stores the
     * instance in *out and returns TOURNEY_OK; on failure returns a negative
     * status and writes a reason of at most `error_size` bytes into `error`
     * (a combination of valid values can still be refused, e.g. k larger
     * than the board). */
    int32_t (*create)(const struct tourney_param_value *values, void **out,
                      struct tourney_game_info *info, char *error, uint64_t error_size);

    /* Required. Frees an instance. destroy(NULL) does nothing. */
    void (*destroy)(void *game);

    /* Required. Writes the starting position into `state`. */
    void (*initial_state)(const void *game, void *state);

    /* Required. Whose turn it is in `state`: 0 or 1. Meaningful only while
     * the game is TOURNEY_ONGOING. */
    int32_t (*to_move)(const void *game, const void *state);

    /* Required. Writes the legal moves of `state` into `moves` (room for
     * info.move_limit entries) in ascending order and returns their number;
     * 0 when the game is over. */
    int32_t (*legal_moves)(const void *game, const void *state, tourney_move *moves);

    /* Required. Plays a legal `move` in `state`. Calling it with an illegal
     * move is a bug of the caller; the runner never does. */
    void (*apply)(const void *game, void *state, tourney_move move);

    /* Required. Takes back `move`, which must be the last move applied to
     * `state`: apply then undo leaves the state byte for byte as it was. */
    void (*undo)(const void *game, void *state, tourney_move move);

    /* Required. Whether the game is over and who won (TOURNEY_ONGOING,
     * TOURNEY_DRAW, TOURNEY_WIN_FIRST or TOURNEY_WIN_SECOND). */
    int32_t (*status)(const void *game, const void *state);

    /* Optional. A heuristic value of an ongoing position for the player to
     * move, in [-TOURNEY_EVAL_LIMIT, TOURNEY_EVAL_LIMIT]: positive is good for
     * the player to move. Used by depth-limited search at its horizon. An
     * agent treats a missing evaluate as 0 everywhere. */
    int32_t (*evaluate)(const void *game, const void *state);

    /* Optional. A 64-bit hash of the position (including the side to move),
     * for transposition tables. Equal states give equal hashes. */
    uint64_t (*hash)(const void *game, const void *state);

    /* Optional. Writes a human-readable move (e.g. "b2") into `buf`, always
     * NUL-terminated, and returns TOURNEY_OK. For showing moves to people;
     * without it, tools show the move's number. */
    int32_t (*format_move)(const void *game, tourney_move move, char *buf, uint64_t size);

    /* Optional. Writes the position as text (one board row a line, each line
     * ending in '\n') into `buf`, always NUL-terminated. Returns TOURNEY_OK, or
     * TOURNEY_ERR_INVALID when `size` is too small. */
    int32_t (*format_state)(const void *game, const void *state, char *buf, uint64_t size);

    /* Optional. Reads a position written in the game's own compact notation
     * (for m,n,k: the cells row by row, "x", "o" or "."), for tests, benchmarks
     * and analysis. Returns TOURNEY_ERR_INVALID for text it cannot read or a
     * position that cannot arise. */
    int32_t (*parse_state)(const void *game, const char *text, void *state);

    /* ---- ABI 1.1 ----
     * The search knowledge of ABI 1.1 games, as in struct tourney_game_search.
     * A game built against 1.2 or later leaves these NULL and answers the
     * "tourney.game.search/1" extension instead; the runner fills them in the
     * descriptor it hands agents, so agents written against 1.1 still find
     * the knowledge. New agents call tourney_game_get_search(). */
    void (*order_moves)(const void *game, const void *state, tourney_move *moves, int32_t count);
    tourney_move (*winning_move)(const void *game, const void *state);
    int32_t (*safe_moves)(const void *game, const void *state, tourney_move *moves);

    /* ---- ABI 1.2 ---- */

    /* Required when param_count > 0. Describes parameter `index` (in
     * [0, param_count)) into `info`, whose struct_size the host has set;
     * writes only the fields that size holds (use tourney_param_info_copy).
     * Returns TOURNEY_OK, or a negative status for an index out of range. */
    int32_t (*get_param_info)(const struct tourney_game_api *api, uint32_t index,
                              struct tourney_param_info *info);

    /* Optional. The extension named `id` (e.g. TOURNEY_GAME_SEARCH_ID): a
     * pointer to a constant struct that begins with its own uint32_t
     * struct_size and lives while the plugin is loaded, or NULL when the
     * game does not offer it. `api` is the descriptor it was called through:
     * the game's own, or a copy the host made of it. */
    const void *(*get_extension)(const struct tourney_game_api *api, const char *id);

    /* Optional. The plugin's identity, shown in listings and reports: an id
     * in reverse-DNS style ("org.tourney.mnk"; letters, digits, '.', '-' and
     * '_') and a version string ("1.0.0"; printable, no spaces). */
    const char *id;
    const char *version;
};

/* The search knowledge GAME offers, whatever its ABI minor: from its
 * "tourney.game.search/1" extension, else from the flat fields of an ABI
 * 1.1 descriptor. Fills `search` (NULL for what the game lacks) with
 * struct_size set to this header's sizeof. Call it once, when an agent is
 * created, and keep the pointers: the search itself then pays nothing. */
static inline void tourney_game_get_search(const struct tourney_game_api *game,
                                           struct tourney_game_search *search)
{
    const struct tourney_game_search *ext =
        (const struct tourney_game_search *)TOURNEY_CALL_OPTIONAL(
            struct tourney_game_api, game, game->header.struct_size, get_extension, NULL, game,
            TOURNEY_GAME_SEARCH_ID);
    uint32_t size = game->header.struct_size;

    memset(search, 0, sizeof(*search));
    search->struct_size = (uint32_t)sizeof(*search);
    if (ext != NULL) {
        if (TOURNEY_HAS_FIELD(struct tourney_game_search, ext->struct_size, order_moves)) {
            search->order_moves = ext->order_moves;
        }
        if (TOURNEY_HAS_FIELD(struct tourney_game_search, ext->struct_size, winning_move)) {
            search->winning_move = ext->winning_move;
        }
        if (TOURNEY_HAS_FIELD(struct tourney_game_search, ext->struct_size, safe_moves)) {
            search->safe_moves = ext->safe_moves;
        }
        return;
    }
    if (TOURNEY_HAS_FIELD(struct tourney_game_api, size, order_moves)) {
        search->order_moves = game->order_moves;
    }
    if (TOURNEY_HAS_FIELD(struct tourney_game_api, size, winning_move)) {
        search->winning_move = game->winning_move;
    }
    if (TOURNEY_HAS_FIELD(struct tourney_game_api, size, safe_moves)) {
        search->safe_moves = game->safe_moves;
    }
}

/* ---------------------------------------------------------------------------
 * The symmetry extension (ABI 1.2): "tourney.game.symmetry/1"
 *
 * Knowledge of the game's symmetries, for solvers: a transposition table can
 * keep one entry for a position and all its images. A game returns a pointer
 * to a constant struct of this type from get_extension(api,
 * TOURNEY_GAME_SYMMETRY_ID). Structs only grow at the end.
 * ------------------------------------------------------------------------- */
#define TOURNEY_GAME_SYMMETRY_ID "tourney.game.symmetry/1"

struct tourney_game_symmetry {
    uint32_t struct_size; /* sizeof(struct tourney_game_symmetry) of the game */

    /* Optional. A 64-bit hash of `state` that is the same for the position
     * and for each of its images under the symmetries of the rules (for
     * Connect Four its mirror image; for m,n,k the board turned and
     * flipped), which must all have the same value for the player to move,
     * the same distance to the end of the game and the same `evaluate`.
     * Otherwise as `hash`: equal states give equal hashes. Pure, like every
     * function of the game. */
    uint64_t (*symmetric_hash)(const void *game, const void *state);
};

/* The symmetric hash GAME offers, or NULL (a game before ABI 1.2, or one
 * without the extension). Call it once, when an agent is created. */
static inline uint64_t (*tourney_game_get_symmetric_hash(const struct tourney_game_api *game))(
    const void *, const void *)
{
    const struct tourney_game_symmetry *ext =
        (const struct tourney_game_symmetry *)TOURNEY_CALL_OPTIONAL(
            struct tourney_game_api, game, game->header.struct_size, get_extension, NULL, game,
            TOURNEY_GAME_SYMMETRY_ID);

    if (ext == NULL ||
        !TOURNEY_HAS_FIELD(struct tourney_game_symmetry, ext->struct_size, symmetric_hash)) {
        return NULL;
    }
    return ext->symmetric_hash;
}

/* Deprecated: TOURNEY_HAS_FIELD(struct tourney_game_api,
 * (API)->header.struct_size, FIELD), kept for sources written against 1.1. */
#define TOURNEY_GAME_HAS(API, FIELD) \
    TOURNEY_HAS_FIELD(struct tourney_game_api, (API)->header.struct_size, FIELD)

/* The entry symbol's name and type. */
#define TOURNEY_GAME_ENTRY_SYMBOL "tourney_game_entry"
typedef const struct tourney_game_api *(*tourney_game_entry_fn)(void);

/* Defines the entry symbol of a game plugin returning &API. */
#define TOURNEY_GAME_ENTRY(API)                                             \
    TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void); \
    TOURNEY_EXPORT const struct tourney_game_api *tourney_game_entry(void)  \
    {                                                                       \
        return &(API);                                                      \
    }

#ifdef __cplusplus
}
#endif

#endif /* TOURNEY_GAME_H */
