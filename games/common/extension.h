/*
 * games/common/extension.h - a draft of the game extension that ABI 1.2 is
 * to carry: knowledge of the game's symmetries, for solvers.
 *
 * Until the descriptor has its extension query, a game that offers an
 * extension exports a second symbol, tourney_game_extension(id), beside its
 * entry (TOURNEY_GAME_EXTENSION below), and negamax-ab-ids finds it from the
 * descriptor's address (agents/ab/knowledge.c). When the query comes, the
 * function becomes the descriptor's and this header joins <tourney/game.h>.
 */
#ifndef TOURNEY_GAMES_COMMON_EXTENSION_H
#define TOURNEY_GAMES_COMMON_EXTENSION_H

#include <stdint.h>
#include <string.h>

#include <tourney/game.h>

/* The id of struct tourney_game_symmetry. */
#define TOURNEY_EXTENSION_SYMMETRY "tourney.symmetry"

/* The game's symmetries. Structs only grow at the end. */
struct tourney_game_symmetry {
    /* Required in the extension. A 64-bit hash of `state` that is the same
     * for the position and for each of its images under the symmetries of
     * the rules (for Connect Four its mirror image; for m,n,k the board
     * turned and flipped), which all have the same value for the player to
     * move, the same distance to the end of the game included, and the same
     * `evaluate`. Otherwise as `hash`: equal states give equal hashes. Pure,
     * like every function of the game. */
    uint64_t (*symmetric_hash)(const void *game, const void *state);
};

/* The exported symbol's name and type: the extension of that id, or NULL. */
#define TOURNEY_GAME_EXTENSION_SYMBOL "tourney_game_extension"
typedef const void *(*tourney_game_extension_fn)(const char *id);

/* Defines tourney_game_extension for a game whose only extension is the
 * symmetry SYMMETRY (a pointer to a constant struct). */
#define TOURNEY_GAME_EXTENSION(SYMMETRY)                                 \
    TOURNEY_EXPORT const void *tourney_game_extension(const char *id);   \
    TOURNEY_EXPORT const void *tourney_game_extension(const char *id)    \
    {                                                                    \
        return id != NULL && strcmp(id, TOURNEY_EXTENSION_SYMMETRY) == 0 \
                   ? (const void *)(SYMMETRY)                            \
                   : NULL;                                               \
    }

#endif /* TOURNEY_GAMES_COMMON_EXTENSION_H */
