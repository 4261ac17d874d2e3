/*
 * agents/negamax.c - plain negamax: every position is valued for the player
 * to move, who takes the largest value among the moves, and a value changes
 * sign when the turn passes to the other player. No pruning: it visits the
 * same positions as minimax and is the reference the pruned search is
 * measured against.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/depth_search.h"

/* The value of the working position for `player`, the player to move in
 * the position before it. A finished game has nobody to move, so the value
 * is asked for the player who moved into it; the sign flips only when the
 * turn really passes, which keeps games where a side moves twice right. */
static int32_t negamax(struct depth_search *a, int player, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves;
    int32_t best = -SEARCH_INF;
    int status;
    int mover;
    int n;

    search_visit(s, ply);
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, player, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, player);
    }
    mover = s->api->to_move(s->game, s->state);
    moves = search_moves(s, ply);
    n = s->api->legal_moves(s->game, s->state, moves);
    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = negamax(a, mover, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value > best) {
            best = value;
        }
    }
    return mover == player ? best : -best;
}

/* The root's children are valued for the player to move at the root. */
static int32_t negamax_root_value(struct depth_search *a, int32_t ply, int32_t depth_left)
{
    return negamax(a, a->me, ply, depth_left);
}

static int32_t negamax_create(const struct tourney_agent_init *init, void **out)
{
    return depth_search_create(init, "negamax", out);
}

static int32_t negamax_choose_move(void *agent, const void *state,
                                   const struct tourney_move_request *request,
                                   struct tourney_move_report *report, tourney_move *move)
{
    return depth_search_choose(agent, state, request, report, move, negamax_root_value);
}

static const struct tourney_agent_api negamax_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "negamax",
    .description = "Plain negamax to a depth limit or the end of the game, no pruning",
    .param_count = DEPTH_SEARCH_PARAM_COUNT,
    .create = negamax_create,
    .destroy = depth_search_destroy,
    .choose_move = negamax_choose_move,
    .get_param_info = depth_search_param_info,
    .id = "org.tourney.negamax",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(negamax_api)
