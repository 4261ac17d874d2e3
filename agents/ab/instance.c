/*
 * agents/ab/instance.c - making and freeing the alpha-beta search's instance,
 * shared by the agents built on it (negamax-ab-ids, perfect), which differ
 * only in which switches their parameters set.
 */
#include "ab.h"

int ab_open(struct ab_ids *a, const struct tourney_agent_init *init, const char *agent,
            const struct tourney_param_info *params, size_t param_count)
{
    int err = search_init(&a->s, init, agent, true);

    if (err != TOURNEY_OK) {
        return err;
    }
    err = search_check_params(&a->s, init, params, param_count);
    if (err != TOURNEY_OK) {
        return err;
    }
    err = root_choice_init(&a->current, &a->s);
    if (err == TOURNEY_OK) {
        err = root_choice_init(&a->finished, &a->s);
    }
    if (err != TOURNEY_OK) {
        search_log(&a->s, TOURNEY_LOG_ERROR, "out of memory");
    }
    return err;
}

int ab_take_game(struct ab_ids *a, const struct tourney_game_api *g, bool knowledge, bool symmetry,
                 int64_t tt_mb, bool compact)
{
    bool symmetric;
    ab_hash_fn hash;
    int err;

    ab_knowledge_take(a, g, a->ordering, knowledge);
    hash = ab_knowledge_hash(g, symmetry, &symmetric);
    if (tt_mb > 0 && hash == NULL) {
        search_log(&a->s, TOURNEY_LOG_INFO,
                   "the game has no hash, so the transposition table is off");
    } else if (tt_mb > 0) {
        if (symmetry && !symmetric) {
            search_log(&a->s, TOURNEY_LOG_INFO,
                       "the game tells no symmetries, so the table keeps positions apart");
        }
        a->compact = compact;
        err = a->compact ? ttc_init(&a->ttc, tt_mb) : tt_init(&a->tt, tt_mb);
        if (err != TOURNEY_OK) {
            search_log(&a->s, TOURNEY_LOG_ERROR,
                       "out of memory for a transposition table of %lld MiB", (long long)tt_mb);
            return err;
        }
        a->hash = hash;
    }
    return TOURNEY_OK;
}

void ab_close(struct ab_ids *a)
{
    tt_finish(&a->tt);
    ttc_finish(&a->ttc);
    root_choice_finish(&a->finished);
    root_choice_finish(&a->current);
    search_finish(&a->s);
}
