/*
 * agents/common/depth_search.h - the shell shared by the searchers that look
 * a fixed number of plies ahead without pruning (minimax, negamax): the
 * parameters `depth` and `tie_break`, create and destroy, and the root loop
 * that offers every move's value and picks among the best.
 *
 * Each agent brings only its recursion, as a function giving the value of the
 * working position for the player to move at the root.
 */
#ifndef TOURNEY_AGENTS_DEPTH_SEARCH_H
#define TOURNEY_AGENTS_DEPTH_SEARCH_H

#include <tourney/agent.h>

#include "search.h"

enum depth_search_param {
    DEPTH_SEARCH_DEPTH,
    DEPTH_SEARCH_TIE_BREAK,
    DEPTH_SEARCH_PARAM_COUNT,
};

/* get_param_info of the agents built on this shell: depth and tie_break. */
int32_t depth_search_param_info(const struct tourney_agent_api *api, uint32_t index,
                                struct tourney_param_info *info);

struct depth_search {
    struct search s;
    struct root_choice choice;
    int32_t depth; /* the search depth, INT32_MAX for no limit */
    int tie_break;
    int me; /* the player to move at the root */
};

/* The value, for d->me, of the working position `ply` plies below the root,
 * searched `depth_left` plies further. */
typedef int32_t (*depth_search_value_fn)(struct depth_search *d, int32_t ply, int32_t depth_left);

/* Allocates an instance for agent NAME; stores it in *out. */
int depth_search_create(const struct tourney_agent_init *init, const char *name, void **out);
void depth_search_destroy(void *agent);

/* Values every root move with VALUE and picks the move, as choose_move. */
int depth_search_choose(struct depth_search *d, const void *state,
                        const struct tourney_move_request *request,
                        struct tourney_move_report *report, tourney_move *move,
                        depth_search_value_fn value);

#endif /* TOURNEY_AGENTS_DEPTH_SEARCH_H */
