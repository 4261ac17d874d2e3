/*
 * agents/ab/knowledge.c - the one place where negamax-ab-ids takes the
 * game's optional functions: the search knowledge behind its switches, the
 * hash for its table, and the symmetric hash of the symmetry extension.
 * They are looked up once, when the agent is created, so that the search
 * calls them directly.
 */
#include "ab.h"

void ab_knowledge_take(struct ab_ids *a, const struct tourney_game_api *g, bool ordering,
                       bool knowledge)
{
    struct tourney_game_search search;

    tourney_game_get_search(g, &search);
    if (ordering) {
        a->order_moves = search.order_moves;
    }
    /* safe_moves may only be asked where there is no win at once, which
     * only winning_move can tell. */
    if (knowledge && search.winning_move != NULL) {
        a->winning_move = search.winning_move;
        a->safe_moves = search.safe_moves;
    }
}

ab_hash_fn ab_knowledge_hash(const struct tourney_game_api *g, bool symmetry, bool *symmetric)
{
    *symmetric = false;
    if (g->hash == NULL) {
        return NULL;
    }
    if (symmetry) {
        ab_hash_fn symmetric_hash = tourney_game_get_symmetric_hash(g);

        if (symmetric_hash != NULL) {
            *symmetric = true;
            return symmetric_hash;
        }
    }
    return g->hash;
}
