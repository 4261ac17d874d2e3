/*
 * agents/common/search.c - the pieces every agent shares, see search.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

const char *const search_tie_break_choices[] = {"lowest", "random", NULL};

/* Distances in win scores stop here, so that a win however far away still
 * counts as proven (TOURNEY_SCORE_PROVEN). */
#define SEARCH_MAX_DISTANCE (TOURNEY_SCORE_WIN - TOURNEY_SCORE_PROVEN - 1)

void search_log(const struct search *s, enum tourney_log_level level, const char *fmt, ...)
{
    char message[256];
    int prefix;
    va_list ap;

    prefix = snprintf(message, sizeof(message), "%s: ", s->name);
    if (prefix < 0 || (size_t)prefix >= sizeof(message)) {
        prefix = 0;
    }
    va_start(ap, fmt);
    vsnprintf(message + prefix, sizeof(message) - (size_t)prefix, fmt, ap);
    va_end(ap);
    s->host->log(s->host_context, level, message);
}

/* Whether INIT and its host hold every field the agents read (all of them
 * ABI 1.0's), and the host can log. Each struct is tested for the fields
 * used, not against our sizeof, which grows with newer headers. */
static bool search_host_usable(const struct tourney_agent_init *init)
{
    return init != NULL && TOURNEY_HAS_FIELD(struct tourney_agent_init, init->struct_size, seat) &&
           init->host != NULL &&
           TOURNEY_HAS_FIELD(struct tourney_host, init->host->struct_size, log) &&
           init->host->log != NULL;
}

void search_log_init(const struct tourney_agent_init *init, const char *message)
{
    if (search_host_usable(init)) {
        init->host->log(init->host_context, TOURNEY_LOG_ERROR, message);
    }
}

int search_init(struct search *s, const struct tourney_agent_init *init, const char *agent,
                bool deep)
{
    const struct tourney_game_info *info;
    size_t levels;
    size_t per_level;

    memset(s, 0, sizeof(*s));
    s->name = agent;
    s->node_limit = UINT64_MAX;
    /* Without a usable host there is no way to explain anything. */
    if (!search_host_usable(init)) {
        return TOURNEY_ERR_INVALID;
    }
    s->host = init->host;
    s->host_context = init->host_context;
    if (init->host->now_ns == NULL || init->host->random_u64 == NULL) {
        search_log(s, TOURNEY_LOG_ERROR, "the host lacks now_ns or random_u64");
        return TOURNEY_ERR_INVALID;
    }
    info = init->game_info;
    if (init->game_api == NULL || info == NULL || info->state_size == 0 || info->move_limit <= 0 ||
        info->max_plies < 0) {
        search_log(s, TOURNEY_LOG_ERROR, "no game, or a game without states or moves");
        return TOURNEY_ERR_INVALID;
    }
    s->api = init->game_api;
    s->game = init->game;
    s->info = *info;

    /* One move list per ply of the longest game, plus the root's. */
    levels = deep ? (size_t)info->max_plies + 1 : 1;
    per_level = (size_t)info->move_limit;
    if (levels > (size_t)INT32_MAX || per_level > SIZE_MAX / sizeof(tourney_move) / levels) {
        search_log(s, TOURNEY_LOG_ERROR, "the game is too large to search");
        return TOURNEY_ERR_NOMEM;
    }
    s->levels = (int32_t)levels;
    s->state = malloc(info->state_size);
    s->moves = malloc(levels * per_level * sizeof(tourney_move));
    if (s->state == NULL || s->moves == NULL) {
        search_log(s, TOURNEY_LOG_ERROR, "out of memory");
        search_finish(s);
        return TOURNEY_ERR_NOMEM;
    }
    return TOURNEY_OK;
}

int search_check_params(const struct search *s, const struct tourney_agent_init *init,
                        const struct tourney_param_info *descs, size_t count)
{
    if (count > 0 && init->params == NULL) {
        search_log(s, TOURNEY_LOG_ERROR, "no parameter values given");
        return TOURNEY_ERR_INVALID;
    }
    for (size_t i = 0; i < count; i++) {
        int64_t value = init->params[i].i;
        int64_t min = 0;
        int64_t max = 1;

        if (descs[i].type == TOURNEY_PARAM_INT) {
            min = descs[i].min;
            max = descs[i].max;
        } else if (descs[i].type == TOURNEY_PARAM_CHOICE) {
            max = -1;
            while (descs[i].choices[max + 1] != NULL) {
                max++;
            }
        }
        if (value < min || value > max) {
            search_log(s, TOURNEY_LOG_ERROR, "%s = %lld is out of range", descs[i].name,
                       (long long)value);
            return TOURNEY_ERR_INVALID;
        }
    }
    return TOURNEY_OK;
}

void search_finish(struct search *s)
{
    free(s->state);
    free(s->moves);
    s->state = NULL;
    s->moves = NULL;
}

int search_begin(struct search *s, const void *root, const struct tourney_move_request *request,
                 const struct tourney_move_report *report)
{
    int n;

    /* Every field we read or write is in ABI 1.0, so a struct without them
     * means a broken runner; writing past its report would corrupt its
     * memory. */
    if (root == NULL || request == NULL || report == NULL ||
        !TOURNEY_HAS_FIELD(struct tourney_move_request, request->struct_size, ply) ||
        !TOURNEY_HAS_FIELD(struct tourney_move_report, report->struct_size, has_score)) {
        search_log(s, TOURNEY_LOG_ERROR,
                   "choose_move without a state, or with a request or report too small");
        return TOURNEY_ERR_INVALID;
    }
    memcpy(s->state, root, s->info.state_size);
    s->nodes = 0;
    s->max_ply = 0;
    s->horizon_hit = false;
    s->timed = false;
    s->deadline_ns = request->deadline_ns;
    s->aborted = false;
    n = s->api->legal_moves(s->game, s->state, search_moves(s, 0));
    if (n <= 0 || n > s->info.move_limit) {
        search_log(s, TOURNEY_LOG_ERROR, "asked to move in a finished game");
        return TOURNEY_ERR_INVALID;
    }
    return n;
}

/*
 * The safety margin: the search stops this long before the move's time is
 * up, so that the move is back in time. What it covers on an idle machine:
 * the clock is read every SEARCH_CLOCK_MASK + 1 nodes (under a millisecond
 * on the shipped games) or every 50 us of playouts (mcts), the search
 * unwinds and the move is picked, and the reply crosses to the runner (tens
 * of microseconds between processes). A twentieth of the move's time, at
 * least 1 ms and at most 20 ms: 5 ms of a 100 ms budget. Without a margin,
 * half the moves of config/connect4.ini took longer than their 100 ms (by
 * up to 1.2 ms, on the runner's clock); with it the longest took 96.0 to
 * 97.3 ms in three runs (docs/agents.md). mcts, which kept a rule of its
 * own before (a fiftieth, at most 1 ms: 1 ms of 100 ms), overran more often
 * (bench/over-budget.sh).
 */
static uint64_t margin_of(uint64_t allot_ns)
{
    uint64_t margin = allot_ns / SEARCH_MARGIN_DIVISOR;
    margin = margin < SEARCH_MARGIN_MIN_NS ? SEARCH_MARGIN_MIN_NS : margin;
    return margin > SEARCH_MARGIN_MAX_NS ? SEARCH_MARGIN_MAX_NS : margin;
}

struct search_time search_time_for(const struct tourney_move_request *request, int32_t max_plies)
{
    struct search_time t = {0, 0, 0, false, 0, 0};
    if (request->deadline_ns == 0) {
        return t;
    }
    /* The move began when the host says (start_ns); a host of ABI 1.2
     * before start_ns defined the deadline as the start plus budget_ns,
     * and a deadline earlier than the budget is long is a broken host's:
     * the move is taken to have begun at the clock's zero. A start after
     * the deadline is a broken host's too: the move has no time. */
    if (TOURNEY_HAS_FIELD(struct tourney_move_request, request->struct_size, start_ns) &&
        request->start_ns > 0) {
        t.start_ns =
            request->start_ns < request->deadline_ns ? request->start_ns : request->deadline_ns;
    } else {
        t.start_ns = request->budget_ns < request->deadline_ns
                         ? request->deadline_ns - request->budget_ns
                         : 0;
    }
    t.allot_ns = request->budget_ns < request->deadline_ns - t.start_ns
                     ? request->budget_ns
                     : request->deadline_ns - t.start_ns;
    uint64_t remaining = 0;
    if (TOURNEY_HAS_FIELD(struct tourney_move_request, request->struct_size, increment_ns)) {
        remaining = request->remaining_ns;
    }
    if (remaining > 0) {
        t.allot_ns = tourney_clock_share(remaining, request->increment_ns,
                                         (int64_t)max_plies - request->ply);
        t.clock = true;
    }
    t.margin_ns = margin_of(t.allot_ns);
    /* A move too short for the margin stops at once; 0 would be no limit. */
    t.stop_ns = t.start_ns + (t.allot_ns > t.margin_ns ? t.allot_ns - t.margin_ns : 0);
    t.stop_ns = t.stop_ns == 0 ? 1 : t.stop_ns;
    /* On a clock, an iteration begun after half the allotment would most
     * likely be abandoned (each takes several times as long as the one
     * before): the time is kept for the moves to come. */
    uint64_t half = t.start_ns + t.allot_ns / 2;
    t.last_new_ns = t.clock && half < t.stop_ns ? half : t.stop_ns;
    return t;
}

int32_t search_terminal_score(int status, int player, int32_t ply)
{
    int32_t distance = ply < SEARCH_MAX_DISTANCE ? ply : SEARCH_MAX_DISTANCE;
    int winner;

    if (status == TOURNEY_WIN_FIRST) {
        winner = 0;
    } else if (status == TOURNEY_WIN_SECOND) {
        winner = 1;
    } else {
        return 0;
    }
    return winner == player ? TOURNEY_SCORE_WIN - distance : -(TOURNEY_SCORE_WIN - distance);
}

int32_t search_evaluate(const struct search *s, int player)
{
    int32_t value;

    if (s->api->evaluate == NULL) {
        return 0;
    }
    value = s->api->evaluate(s->game, s->state);
    /* A game that strays out of its range must not fake a proven result. */
    if (value > TOURNEY_EVAL_LIMIT) {
        value = TOURNEY_EVAL_LIMIT;
    } else if (value < -TOURNEY_EVAL_LIMIT) {
        value = -TOURNEY_EVAL_LIMIT;
    }
    return s->api->to_move(s->game, s->state) == player ? value : -value;
}

int32_t search_depth_limit(int64_t depth)
{
    if (depth <= 0 || depth > INT32_MAX) {
        return INT32_MAX;
    }
    return (int32_t)depth;
}

uint64_t search_random_below(const struct search *s, uint64_t n)
{
    /* Rejection sampling: of the 2^64 outcomes, the lowest 2^64 mod n are
     * refused, so that those left split evenly among the n results. */
    uint64_t threshold = (0 - n) % n;
    uint64_t r;

    do {
        r = s->host->random_u64(s->host_context);
    } while (r < threshold);
    return r % n;
}

int root_choice_init(struct root_choice *rc, const struct search *s)
{
    rc->ties = malloc((size_t)s->info.move_limit * sizeof(tourney_move));
    rc->count = 0;
    rc->best = -SEARCH_INF;
    return rc->ties == NULL ? TOURNEY_ERR_NOMEM : TOURNEY_OK;
}

void root_choice_finish(struct root_choice *rc)
{
    free(rc->ties);
    rc->ties = NULL;
}

void root_choice_reset(struct root_choice *rc)
{
    rc->count = 0;
    rc->best = -SEARCH_INF;
}

void root_choice_offer(struct root_choice *rc, tourney_move move, int32_t value)
{
    if (value > rc->best) {
        rc->best = value;
        rc->count = 0;
    }
    if (value == rc->best) {
        rc->ties[rc->count++] = move;
    }
}

/* The tie that has `rank` ties below it. */
static tourney_move tie_of_rank(const struct root_choice *rc, int rank)
{
    for (int i = 0; i < rc->count; i++) {
        int below = 0;

        for (int j = 0; j < rc->count; j++) {
            below += rc->ties[j] < rc->ties[i];
        }
        if (below == rank) {
            return rc->ties[i];
        }
    }
    return rc->ties[0];
}

tourney_move root_choice_pick(const struct root_choice *rc, int tie_break, const struct search *s)
{
    /* Ties are ranked by move number, not by the order they were offered
     * in, so a move ordering changes neither choice. */
    int rank = 0;

    if (tie_break == TIE_BREAK_RANDOM && rc->count > 1) {
        rank = (int)search_random_below(s, (uint64_t)rc->count);
    }
    return tie_of_rank(rc, rank);
}

void search_report(const struct search *s, struct tourney_move_report *report, int32_t score)
{
    report->nodes = s->nodes;
    report->depth = s->max_ply;
    report->score = score;
    report->has_score = 1;
}

void search_report_seldepth(struct tourney_move_report *report, int32_t seldepth)
{
    if (TOURNEY_HAS_FIELD(struct tourney_move_report, report->struct_size, has_seldepth)) {
        report->seldepth = seldepth;
        report->has_seldepth = 1;
    }
}

int search_root_only_create(const struct tourney_agent_init *init, const char *agent, void **out)
{
    struct search *s = calloc(1, sizeof(*s));
    int err;

    if (s == NULL) {
        char message[64];
        snprintf(message, sizeof(message), "%s: out of memory", agent);
        search_log_init(init, message);
        return TOURNEY_ERR_NOMEM;
    }
    err = search_init(s, init, agent, false);
    if (err != TOURNEY_OK) {
        free(s);
        return err;
    }
    *out = s;
    return TOURNEY_OK;
}

void search_root_only_destroy(void *agent)
{
    struct search *s = agent;

    if (s == NULL) {
        return;
    }
    search_finish(s);
    free(s);
}

int search_root_only_begin(struct search *s, const void *state,
                           const struct tourney_move_request *request,
                           struct tourney_move_report *report, tourney_move **moves)
{
    int n = search_begin(s, state, request, report);

    if (n < 0) {
        return n;
    }
    *moves = search_moves(s, 0);
    /* Only the root is looked at, and there is no opinion of its value. */
    report->nodes = 1;
    report->depth = 0;
    report->has_score = 0;
    return n;
}
