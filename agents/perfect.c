/*
 * agents/perfect.c - a perfect player: it plays a move of the position's
 * exact value, winning as soon and losing as late as it can, found by one
 * alpha-beta search to the end of the game with the solver's speed-ups
 * (those of tourney solve, docs/solve.md). Among equally good moves it takes
 * one at random from the host's stream, or the lowest-numbered.
 *
 * The search gets `solve_share` percent of the move's time (by the time rule
 * every agent shares, search_time_for). When it has not finished by then,
 * the rest of the time goes to negamax-ab-ids' iterative deepening, with the
 * same table, and its best guess is played. Such a move is not known to be
 * perfect: the agent logs it, with the count of such moves in the game so
 * far, so that the games' records say how many moves were not perfect.
 * Iterative deepening that proves the result after all (a win or a loss
 * seen, or every line to the end) makes a perfect move, not counted.
 *
 * The search is negamax-ab-ids' own (agents/ab/): this file holds the
 * parameters, create and the two plans of a move.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <tourney/agent.h>

#include "ab/ab.h"
#include "common/search.h"

enum perfect_param {
    PERFECT_TIE_BREAK,
    PERFECT_TT_MB,
    PERFECT_SOLVE_SHARE,
    PERFECT_PARAM_COUNT,
};

/* The largest transposition table, in mebibytes, as negamax-ab-ids's. */
#define PERFECT_TT_MB_MAX 4096

static const struct tourney_param_info perfect_params[PERFECT_PARAM_COUNT] = {
    [PERFECT_TIE_BREAK] =
        {
            .name = "tie_break",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "random",
            .choices = search_tie_break_choices,
            .help = "among moves of the same exact value: the lowest-numbered, or one at random",
        },
    [PERFECT_TT_MB] =
        {
            .name = "tt_mb",
            .type = TOURNEY_PARAM_INT,
            .default_value = "64",
            .min = 0,
            .max = PERFECT_TT_MB_MAX,
            .help = "transposition table in MiB, kept between moves (needs the game's hash)",
        },
    [PERFECT_SOLVE_SHARE] =
        {
            .name = "solve_share",
            .type = TOURNEY_PARAM_INT,
            .default_value = "75",
            .min = 1,
            .max = 100,
            .help = "percent of the move's time for the exact search; the rest for the guess",
        },
};

struct perfect {
    struct ab_ids ab;
    int32_t solve_share;
    int32_t moves;     /* asked for in this game */
    int32_t fallbacks; /* of those, not solved in time */
};

static int32_t perfect_param_info(const struct tourney_agent_api *api, uint32_t index,
                                  struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(perfect_params, PERFECT_PARAM_COUNT, index, info);
}

static void perfect_destroy(void *agent)
{
    struct perfect *p = agent;

    if (p == NULL) {
        return;
    }
    ab_close(&p->ab);
    free(p);
}

static int32_t perfect_create(const struct tourney_agent_init *init, void **out)
{
    struct perfect *p = calloc(1, sizeof(*p));
    struct ab_ids *a;
    int err;

    if (p == NULL) {
        search_log_init(init, "perfect: out of memory");
        return TOURNEY_ERR_NOMEM;
    }
    a = &p->ab;
    err = ab_open(a, init, "perfect", perfect_params, PERFECT_PARAM_COUNT);
    if (err != TOURNEY_OK) {
        goto err_instance;
    }
    /* The solver's switches (docs/agents.md), with the wide table: its
     * entries keep depths, so that the fallback's iterations share it. */
    a->max_depth = INT32_MAX;
    a->tie_break = (int)init->params[PERFECT_TIE_BREAK].i;
    a->iterative = true;
    a->use_time_budget = true;
    a->ordering = true;
    a->null_window = true;
    a->bisect = true;
    a->length_bounds = true;
    p->solve_share = (int32_t)init->params[PERFECT_SOLVE_SHARE].i;
    err = ab_take_game(a, init->game_api, true, true, init->params[PERFECT_TT_MB].i, false);
    if (err != TOURNEY_OK) {
        goto err_instance;
    }
    *out = p;
    return TOURNEY_OK;

err_instance:
    ab_close(a);
    free(p);
    return err;
}

/* The plan of the exact search: one iteration to the end of the game, on the
 * clock (first iteration included) until SOLVE_SHARE percent of the time to
 * search, or with no limit when the move has none. */
static struct ab_deepening exact_plan(const struct perfect *p, const struct search_time *time)
{
    struct ab_deepening plan;
    uint64_t span = time->stop_ns > time->start_ns ? time->stop_ns - time->start_ns : 0;

    plan.limit = ab_depth_limit(&p->ab);
    plan.first = plan.limit;
    plan.timed = time->stop_ns != 0;
    plan.first_timed = plan.timed;
    plan.stop_ns = time->start_ns + span / 100 * (uint64_t)p->solve_share +
                   span % 100 * (uint64_t)p->solve_share / 100;
    plan.stop_ns = plan.stop_ns == 0 ? 1 : plan.stop_ns;
    plan.last_new_ns = plan.stop_ns;
    return plan;
}

/* The fallback's plan: negamax-ab-ids' iterative deepening in the time left,
 * from NOW_NS; on a clock, no iteration begins after half of it. */
static struct ab_deepening fallback_plan(const struct ab_ids *a, const struct search_time *time,
                                         uint64_t now_ns)
{
    struct ab_deepening plan;

    plan.first = 1;
    plan.limit = ab_depth_limit(a);
    plan.timed = true;
    plan.first_timed = false;
    plan.stop_ns = time->stop_ns;
    plan.last_new_ns = time->stop_ns;
    if (time->clock && now_ns < time->stop_ns) {
        plan.last_new_ns = now_ns + (time->stop_ns - now_ns) / 2;
    }
    return plan;
}

static int32_t perfect_choose_move(void *agent, const void *state,
                                   const struct tourney_move_request *request,
                                   struct tourney_move_report *report, tourney_move *move)
{
    struct perfect *p = agent;
    struct ab_ids *a = &p->ab;
    struct search *s = &a->s;
    struct search_time time;
    struct ab_deepening plan;
    struct ab_deepened done;
    int me;
    int n;

    n = ab_move_begin(a, state, request, report);
    if (n < 0) {
        return n;
    }
    p->moves++;
    me = s->api->to_move(s->game, s->state);
    time = search_time_for(request, s->info.max_plies);
    tt_growth_new_move(&a->tt.growth, s, time.stop_ns);
    plan = exact_plan(p, &time);
    done = ab_deepen(a, me, n, &plan);
    if (!done.finished) {
        /* The exact search was abandoned, leaving the root's list as its
         * last probe made it. Its table entries stay: they are exact. */
        n = ab_root_moves(a);
        plan = fallback_plan(a, &time, s->host->now_ns(s->host_context));
        done = ab_deepen(a, me, n, &plan);
        if (!done.settled) {
            p->fallbacks++;
            search_log(s, TOURNEY_LOG_INFO,
                       "ply %d not solved in time: negamax-ab-ids' best guess at depth %d "
                       "(%d of %d moves not perfect)",
                       (int)request->ply, (int)done.depth, (int)p->fallbacks, (int)p->moves);
        }
    }
    *move = root_choice_pick(&a->finished, a->tie_break, s);
    search_report(s, report, a->finished.best);
    report->depth = done.depth;
    return TOURNEY_OK;
}

static const struct tourney_agent_api perfect_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "perfect",
    .description = "A move of the exact value (the soonest win, the latest loss) within the time "
                   "budget, else negamax-ab-ids' best guess",
    .param_count = PERFECT_PARAM_COUNT,
    .create = perfect_create,
    .destroy = perfect_destroy,
    .choose_move = perfect_choose_move,
    .get_param_info = perfect_param_info,
    .id = "org.tourney.perfect",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(perfect_api)
