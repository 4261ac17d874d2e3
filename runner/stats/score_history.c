#include "score_history.h"

#include <stdlib.h>
#include <string.h>

int tourney_score_history_init(struct score_history *history, size_t agent_count)
{
    memset(history, 0, sizeof(*history));
    history->agent_count = agent_count;
    history->every = 1;
    history->points = calloc(SCORE_HISTORY_POINTS * agent_count + 1, sizeof(*history->points));
    return history->points != NULL ? 0 : -1;
}

void tourney_score_history_finish(struct score_history *history)
{
    free(history->points);
    memset(history, 0, sizeof(*history));
}

/* Keeps checkpoints 1, 3, 5, ... (those after 2, 4, 6, ... times EVERY
 * games), which are evenly spaced at twice the distance. */
static void thin(struct score_history *history)
{
    size_t n = history->agent_count;
    for (size_t k = 0; k < history->count / 2; k++) {
        memmove(&history->points[k * n], &history->points[(2 * k + 1) * n],
                n * sizeof(*history->points));
    }
    history->count /= 2;
    history->every *= 2;
}

struct score_point *tourney_score_history_due(struct score_history *history, uint64_t games)
{
    if (games != (uint64_t)(history->count + 1) * history->every) {
        return NULL;
    }
    if (history->count == SCORE_HISTORY_POINTS) {
        /* GAMES is an odd multiple of EVERY: no checkpoint once it doubles. */
        thin(history);
        return NULL;
    }
    return &history->points[history->count++ * history->agent_count];
}

const struct score_point *tourney_score_history_at(const struct score_history *history, size_t k,
                                                   size_t agent)
{
    return &history->points[k * history->agent_count + agent];
}
