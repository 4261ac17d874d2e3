/*
 * agents/ab/knowledge.c - the one place where negamax-ab-ids takes the
 * game's optional functions: the ABI 1.1 knowledge behind its switches, the
 * hash for its table, and the symmetric hash of the draft extension
 * (games/common/extension.h). How an agent obtains them changes with ABI
 * 1.2; nothing else in the agent has to.
 */
/* dladdr and RTLD_NOLOAD are GNU extensions. */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <string.h>

#include "../../games/common/extension.h"
#include "ab.h"

/*
 * The game's extension `id`, or NULL. Until the descriptor carries the
 * extension query, the game exports it as a second symbol: the agent finds
 * the shared object that holds the descriptor and asks it for the symbol.
 * The object is loaded already (RTLD_NOLOAD opens nothing, so this works
 * in a sandbox too), and closing the handle only takes back the reference
 * the lookup added.
 */
static const void *game_extension(const struct tourney_game_api *g, const char *id)
{
    tourney_game_extension_fn query;
    const void *extension = NULL;
    Dl_info info;
    void *handle;
    void *symbol;

    if (dladdr(g, &info) == 0 || info.dli_fname == NULL) {
        return NULL;
    }
    handle = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (handle == NULL) {
        return NULL;
    }
    symbol = dlsym(handle, TOURNEY_GAME_EXTENSION_SYMBOL);
    if (symbol != NULL) {
        /* POSIX lets a data pointer from dlsym become a function pointer;
         * the memcpy keeps -Wpedantic quiet about it. */
        memcpy(&query, &symbol, sizeof(query));
        extension = query(id);
    }
    dlclose(handle);
    return extension;
}

void ab_knowledge_take(struct ab_ids *a, const struct tourney_game_api *g, bool ordering,
                       bool knowledge)
{
    if (ordering && TOURNEY_GAME_HAS(g, order_moves)) {
        a->order_moves = g->order_moves;
    }
    /* safe_moves may only be asked where there is no win at once, which
     * only winning_move can tell. */
    if (knowledge && TOURNEY_GAME_HAS(g, winning_move) && g->winning_move != NULL) {
        a->winning_move = g->winning_move;
        if (TOURNEY_GAME_HAS(g, safe_moves)) {
            a->safe_moves = g->safe_moves;
        }
    }
}

ab_hash_fn ab_knowledge_hash(const struct tourney_game_api *g, bool symmetry, bool *symmetric)
{
    *symmetric = false;
    if (g->hash == NULL) {
        return NULL;
    }
    if (symmetry) {
        const struct tourney_game_symmetry *ext = game_extension(g, TOURNEY_EXTENSION_SYMMETRY);

        if (ext != NULL && ext->symmetric_hash != NULL) {
            *symmetric = true;
            return ext->symmetric_hash;
        }
    }
    return g->hash;
}
