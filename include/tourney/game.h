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
 * Structs only grow at the end. */
struct tourney_game_info {
    size_t state_size;  /* bytes in one state; at least 1 */
    int32_t move_limit; /* every move is in [0, move_limit); the most moves
                         * `legal_moves` can return */
    int32_t max_plies;  /* no game lasts longer than this many moves */
};

/* The descriptor a game plugin exports. Required functions are marked; the
 * others may be NULL and the runner and agents check before calling them.
 * Structs only grow at the end. */
struct tourney_game_api {
    struct tourney_abi_header header;        /* TOURNEY_ABI_HEADER(struct tourney_game_api,
                                              * TOURNEY_KIND_GAME) */
    const char *name;                        /* short name, e.g. "mnk"; how configs refer to it */
    const char *description;                 /* one line */
    const struct tourney_param_desc *params; /* the parameters it accepts */
    size_t param_count;

    /* Required. Creates an instance from checked parameter values (one per
     * entry of `params`, in that order) and fills `info`. On success stores
     * the instance in *out and returns TOURNEY_OK; on failure returns a
     * negative status and writes a reason of at most `error_size` bytes into
     * `error` (a combination of valid values can still be refused, e.g. k
     * larger than the board). */
    int (*create)(const struct tourney_param_value *values, void **out,
                  struct tourney_game_info *info, char *error, size_t error_size);

    /* Required. Frees an instance. destroy(NULL) does nothing. */
    void (*destroy)(void *game);

    /* Required. Writes the starting position into `state`. */
    void (*initial_state)(const void *game, void *state);

    /* Required. Whose turn it is in `state`: 0 or 1. Meaningful only while
     * the game is TOURNEY_ONGOING. */
    int (*to_move)(const void *game, const void *state);

    /* Required. Writes the legal moves of `state` into `moves` (room for
     * info.move_limit entries) in ascending order and returns their number;
     * 0 when the game is over. */
    int (*legal_moves)(const void *game, const void *state, tourney_move *moves);

    /* Required. Plays a legal `move` in `state`. Calling it with an illegal
     * move is a bug of the caller; the runner never does. */
    void (*apply)(const void *game, void *state, tourney_move move);

    /* Required. Takes back `move`, which must be the last move applied to
     * `state`: apply then undo leaves the state byte for byte as it was. */
    void (*undo)(const void *game, void *state, tourney_move move);

    /* Required. Whether the game is over and who won (enum tourney_status). */
    int (*status)(const void *game, const void *state);

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
    int (*format_move)(const void *game, tourney_move move, char *buf, size_t size);

    /* Optional. Writes the position as text (one board row a line, each line
     * ending in '\n') into `buf`, always NUL-terminated. Returns TOURNEY_OK, or
     * TOURNEY_ERR_INVALID when `size` is too small. */
    int (*format_state)(const void *game, const void *state, char *buf, size_t size);

    /* Optional. Reads a position written in the game's own compact notation
     * (for m,n,k: the cells row by row, "x", "o" or "."), for tests, benchmarks
     * and analysis. Returns TOURNEY_ERR_INVALID for text it cannot read or a
     * position that cannot arise. */
    int (*parse_state)(const void *game, const char *text, void *state);

    /* ---- ABI 1.1: search knowledge ----
     * Everything below is optional and lets a generic search play a game as
     * well as a dedicated solver would. A caller reads these fields only when
     * header.struct_size reaches past them (TOURNEY_GAME_HAS), so plugins
     * built against ABI 1.0 keep working. */

    /* Optional. Puts `moves` (`count` legal moves of `state`, e.g. as
     * legal_moves listed them) in the order a search should try them, most
     * promising first (for example the centre first, or moves that make a
     * threat). It only reorders: the same moves stay in the list. */
    void (*order_moves)(const void *game, const void *state, tourney_move *moves, int count);

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
    int (*safe_moves)(const void *game, const void *state, tourney_move *moves);
};

/* Whether API (a descriptor pointer) is long enough to hold FIELD: the test a
 * caller makes before reading a field added in a later minor version. */
#define TOURNEY_GAME_HAS(API, FIELD) \
    ((API)->header.struct_size >= offsetof(struct tourney_game_api, FIELD) + sizeof((API)->FIELD))

/* The size of an ABI 1.0 game descriptor, the smallest a runner accepts. */
#define TOURNEY_GAME_API_SIZE_1_0 offsetof(struct tourney_game_api, order_moves)

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
