/*
 * agents/mcts/rollout.c - playouts from a leaf of the tree to the end of
 * the game: uniformly random moves, or (rollout = knowledge) a winning move
 * when there is one, else a random move that does not let the opponent win
 * at once, else a random move. Every draw comes from the host's stream, so
 * a seed replays the same playouts.
 */
#include "mcts.h"

void mcts_take_knowledge(struct mcts *m, const struct tourney_game_api *g)
{
    struct tourney_game_search search;
    tourney_game_get_search(g, &search);
    /* safe_moves may only be asked where there is no win at once, which
     * only winning_move can tell. */
    if (search.winning_move != NULL) {
        m->winning_move = search.winning_move;
        m->safe_moves = search.safe_moves;
    }
}

/* A random move among the `n` in the scratch list. */
static tourney_move pick(struct mcts *m, int n)
{
    return m->scratch[search_random_below(&m->s, (uint64_t)n)];
}

/* The policy's move in the working position, which is not over. */
static tourney_move rollout_move(struct mcts *m)
{
    const struct search *s = &m->s;
    int n;

    if (m->winning_move != NULL) {
        tourney_move win = m->winning_move(s->game, s->state);

        if (win >= 0) {
            return win;
        }
        if (m->safe_moves != NULL) {
            n = m->safe_moves(s->game, s->state, m->scratch);
            if (n > 0) {
                return pick(m, n);
            }
        }
    }
    n = s->api->legal_moves(s->game, s->state, m->scratch);
    return pick(m, n);
}

int mcts_rollout(struct mcts *m, int32_t ply)
{
    const struct search *s = &m->s;

    for (;;) {
        int status;

        /* Only a game that outlasts its own max_plies gets here; calling
         * it a draw keeps the playout finite. */
        if (ply >= s->info.max_plies) {
            return MCTS_NO_WINNER;
        }
        s->api->apply(s->game, s->state, rollout_move(m));
        ply++;
        status = s->api->status(s->game, s->state);
        if (status != TOURNEY_ONGOING) {
            return mcts_winner_of(status);
        }
    }
}
