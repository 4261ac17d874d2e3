/*
 * agents/minimax.c - naive minimax: a max function for the positions where
 * the agent's own side is to move and a min function for the opponent's,
 * every value taken from the agent's point of view, no pruning.
 *
 * Kept separate from negamax on purpose: the two must agree move for move,
 * node for node, which the tests check, and minimax is the form most people
 * learn first.
 */
#include <stdlib.h>

#include <tourney/agent.h>

#include "common/depth_search.h"

static int32_t minimax_value(struct depth_search *a, int32_t ply, int32_t depth_left);

/* The agent is to move: the most it can force. */
static int32_t max_value(struct depth_search *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, ply);
    int n = s->api->legal_moves(s->game, s->state, moves);
    int32_t best = -SEARCH_INF;

    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = minimax_value(a, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value > best) {
            best = value;
        }
    }
    return best;
}

/* The opponent is to move: the least it can hold the agent to. */
static int32_t min_value(struct depth_search *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    tourney_move *moves = search_moves(s, ply);
    int n = s->api->legal_moves(s->game, s->state, moves);
    int32_t best = SEARCH_INF;

    for (int i = 0; i < n; i++) {
        int32_t value;

        s->api->apply(s->game, s->state, moves[i]);
        value = minimax_value(a, ply + 1, depth_left - 1);
        s->api->undo(s->game, s->state, moves[i]);
        if (value < best) {
            best = value;
        }
    }
    return best;
}

/* Visits the working position: scores an end or the horizon, else hands it
 * to max or min by whose turn it is. Asking to_move rather than alternating
 * keeps games where a side moves twice in a row right. */
static int32_t minimax_value(struct depth_search *a, int32_t ply, int32_t depth_left)
{
    struct search *s = &a->s;
    int status;

    search_visit(s, ply);
    status = s->api->status(s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return search_terminal_score(status, a->me, ply);
    }
    if (search_at_horizon(s, ply, depth_left)) {
        return search_evaluate(s, a->me);
    }
    if (s->api->to_move(s->game, s->state) == a->me) {
        return max_value(a, ply, depth_left);
    }
    return min_value(a, ply, depth_left);
}

static int32_t minimax_create(const struct tourney_agent_init *init, void **out)
{
    return depth_search_create(init, "minimax", out);
}

static int32_t minimax_choose_move(void *agent, const void *state,
                                   const struct tourney_move_request *request,
                                   struct tourney_move_report *report, tourney_move *move)
{
    return depth_search_choose(agent, state, request, report, move, minimax_value);
}

static const struct tourney_agent_api minimax_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "minimax",
    .description = "Naive minimax with separate max and min functions, no pruning",
    .param_count = DEPTH_SEARCH_PARAM_COUNT,
    .create = minimax_create,
    .destroy = depth_search_destroy,
    .choose_move = minimax_choose_move,
    .get_param_info = depth_search_param_info,
    .id = "org.tourney.minimax",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(minimax_api)
