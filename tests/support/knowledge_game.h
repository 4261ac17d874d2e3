/*
 * tests/support/knowledge_game.h - a stand-in for a game that offers search
 * knowledge: it wraps a loaded game and adds order_moves, winning_move and
 * safe_moves, computed by trying every move, in its "tourney.game.search/1"
 * extension (ABI 1.2) or in the flat fields of ABI 1.1. Slow, and plainly
 * right, so that the agents' use of the knowledge can be tested (and
 * measured in nodes) on games that do not have it yet.
 *
 * The wrapper is a game instance of its own: give an agent &k->api as the
 * game's functions and k itself as the game instance. Every function of the
 * wrapped game is passed through; create and destroy are left out, as agents
 * never call them.
 */
#ifndef TOURNEY_TESTS_KNOWLEDGE_GAME_H
#define TOURNEY_TESTS_KNOWLEDGE_GAME_H

#include <stdbool.h>

#include <tourney/game.h>

/* The largest state and move list the wrapper works with. */
#define KNOWLEDGE_MAX_STATE 2048
#define KNOWLEDGE_MAX_MOVES 512

/* What the wrapper offers, as flags. */
enum knowledge_flags {
    KNOWLEDGE_ORDER = 1,    /* order_moves: wins first, then by the game's evaluation */
    KNOWLEDGE_WIN = 2,      /* winning_move */
    KNOWLEDGE_SAFE = 4,     /* safe_moves */
    KNOWLEDGE_NO_HASH = 8,  /* hide the wrapped game's hash */
    KNOWLEDGE_ABI_1_0 = 16, /* a descriptor as small as ABI 1.0's, so the three
                             * functions lie past its size and must not be read */
    KNOWLEDGE_ABI_1_1 = 32, /* a descriptor of ABI 1.1, the three functions in
                             * its flat fields and no extension */
    KNOWLEDGE_ALL = KNOWLEDGE_ORDER | KNOWLEDGE_WIN | KNOWLEDGE_SAFE,
};

struct knowledge_game {
    const struct tourney_game_api *base;
    const void *base_game;
    struct tourney_game_info info;
    struct tourney_game_api api;
    struct tourney_game_search search; /* what get_extension answers */
    unsigned long calls;               /* calls to the three knowledge functions */
    unsigned long *counter;            /* &calls: the functions see the wrapper as const */
};

/* Wraps BASE_GAME, an instance of BASE whose info is INFO, offering what
 * FLAGS say. Returns false when the game is too large for the wrapper. */
bool knowledge_game_init(struct knowledge_game *k, const struct tourney_game_api *base,
                         const void *base_game, const struct tourney_game_info *info,
                         unsigned flags);

#endif /* TOURNEY_TESTS_KNOWLEDGE_GAME_H */
