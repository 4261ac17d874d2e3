/*
 * agents/common/search.h - what the agents share: a working copy of the
 * position, a stack of move lists, node counting, scoring of ends and
 * horizons, the time check, unbiased random numbers and tie-breaking at the
 * root.
 *
 * Linked as a static library into every agent module and compiled with
 * -fvisibility=hidden, so none of these names leave a module.
 */
#ifndef TOURNEY_AGENTS_SEARCH_H
#define TOURNEY_AGENTS_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>

/* Larger than any score, and still safe to negate. */
#define SEARCH_INF (TOURNEY_SCORE_WIN + 1)

/* The largest `depth` parameter the agents accept. Deeper searches are never
 * practical, and it keeps the distance in a win score far from the heuristic
 * range. */
#define SEARCH_MAX_DEPTH 10000

/* How many nodes pass between two looks at the clock: reading it costs about
 * as much as a few nodes, so a look every 1024 costs nothing measurable and
 * overshoots a deadline by well under a millisecond on small games. */
#define SEARCH_CLOCK_MASK UINT64_C(1023)

#if defined(__GNUC__) || defined(__clang__)
#define SEARCH_PRINTF(FMT, ARGS) __attribute__((format(printf, FMT, ARGS)))
#else
#define SEARCH_PRINTF(FMT, ARGS)
#endif

/* The values of the tie_break parameter, in the order of its choices. */
enum tie_break {
    TIE_BREAK_LOWEST = 0,
    TIE_BREAK_RANDOM = 1,
};

/* The choices of the tie_break parameter, NULL-terminated. */
extern const char *const search_tie_break_choices[];

/* The tie_break parameter, as every searching agent offers it. */
#define SEARCH_TIE_BREAK_PARAM                                                        \
    {                                                                                 \
        .name = "tie_break", .type = TOURNEY_PARAM_CHOICE, .default_value = "lowest", \
        .choices = search_tie_break_choices,                                          \
        .help = "among equally good moves: the lowest-numbered, or one at random",    \
    }

/* Everything one agent instance needs to search: the game, the host, and
 * buffers sized from the game's info when the instance is created, so the
 * search itself never allocates. */
struct search {
    const char *name; /* the agent's, to begin its log messages */
    const struct tourney_game_api *api;
    const void *game;
    struct tourney_game_info info;
    const struct tourney_host *host;
    void *host_context;

    unsigned char *state; /* the working position, changed by apply/undo */
    tourney_move *moves;  /* `levels` move lists of info.move_limit each */
    int32_t levels;       /* move lists: max_plies + 1, or 1 */

    /* Filled in by the search. */
    uint64_t nodes;   /* positions visited, the root included */
    int32_t max_ply;  /* the deepest ply reached */
    bool horizon_hit; /* a position was cut off by the depth limit */

    /* Time control, used by agents that can abandon a search. */
    bool timed; /* look at the clock at all */
    uint64_t deadline_ns;
    bool aborted; /* the deadline passed: every value since is void */

    /* A move's node budget: a search that would visit more positions is
     * abandoned as at a deadline; UINT64_MAX (search_init's) for none. */
    uint64_t node_limit;
};

/* A root move's value, gathered move by move, and the moves that share the
 * best value so far, in the order they were offered. */
struct root_choice {
    tourney_move *ties; /* room for info.move_limit moves */
    int count;
    int32_t best;
};

/* Checks the init struct and the host, copies what the search needs and
 * allocates the buffers: a move list for every ply of the longest game when
 * `deep`, else only the root's. Explains a failure through the host's log. */
int search_init(struct search *s, const struct tourney_agent_init *init, const char *agent,
                bool deep);

/* Logs a message before search_init succeeded, when the host allows. */
void search_log_init(const struct tourney_agent_init *init, const char *message);

/* Checks parameter values against their descriptors: the runner already
 * did, but a wrong value here would index past an array. */
int search_check_params(const struct search *s, const struct tourney_agent_init *init,
                        const struct tourney_param_info *descs, size_t count);

/* Frees what search_init allocated; safe on a zeroed struct. */
void search_finish(struct search *s);

/* Logs a formatted message through the host, after the agent's name. */
void search_log(const struct search *s, enum tourney_log_level level, const char *fmt, ...)
    SEARCH_PRINTF(3, 4);

/* A move's time, as every shipped agent that reads the clock spends it. */
struct search_time {
    uint64_t start_ns;    /* when the move began, on the host's clock */
    uint64_t stop_ns;     /* when to stop searching; 0: no limit, else at least 1 */
    uint64_t last_new_ns; /* when to begin no new iteration: on a clock, half the
                           * allotment; else stop_ns */
    bool clock;           /* allotted from a clock, where time saved is kept */
    uint64_t allot_ns;    /* the time the move may take, margin included */
    uint64_t margin_ns;   /* allot_ns minus the time to search: the safety margin */
};

/* The time rule, the one function every agent that stops on the clock asks
 * (negamax-ab-ids and mcts): the time a move of REQUEST may take, in a game
 * of at most MAX_PLIES plies, and when to stop searching to be back within
 * it. docs/agents.md#time describes it; search.c says why the margin is
 * what it is.
 *
 * With a time per move, the move may take the budget. On a clock (the
 * request's remaining_ns, ABI 1.2) the search allots itself the share of
 * it the public header's tourney_clock_share gives (the rule the runner's
 * budget_ns follows too), from MAX_PLIES. Either way the search stops a safety margin
 * before the allotment is spent: a twentieth of it, at least
 * SEARCH_MARGIN_MIN_NS and at most SEARCH_MARGIN_MAX_NS (5 ms of 100 ms);
 * an allotment shorter than its margin stops at once (the agent still
 * finishes what it must to have a move). A deadline of 0 is no limit. */
struct search_time search_time_for(const struct tourney_move_request *request, int32_t max_plies);

/* The margin's share of the allotment, and its bounds. */
#define SEARCH_MARGIN_DIVISOR 20
#define SEARCH_MARGIN_MIN_NS UINT64_C(1000000)
#define SEARCH_MARGIN_MAX_NS UINT64_C(20000000)

/* Checks a move request and report from the runner, copies `root` into the
 * working position, clears the counters and lists the root's moves in
 * search_moves(s, 0). Returns their number, at least 1, or a negative
 * status. */
int search_begin(struct search *s, const void *root, const struct tourney_move_request *request,
                 const struct tourney_move_report *report);

/* The move list for the position `ply` plies below the root. */
static inline tourney_move *search_moves(const struct search *s, int32_t ply)
{
    return s->moves + (size_t)ply * (size_t)s->info.move_limit;
}

/* Counts a visit to a position `ply` plies below the root and, when the
 * search is timed, looks at the clock now and then. */
static inline void search_visit(struct search *s, int32_t ply)
{
    if (s->nodes == s->node_limit) {
        s->aborted = true; /* one more would go over the budget: not visited */
        return;
    }
    s->nodes++;
    if (ply > s->max_ply) {
        s->max_ply = ply;
    }
    if (s->timed && (s->nodes & SEARCH_CLOCK_MASK) == 0 &&
        s->host->now_ns(s->host_context) >= s->deadline_ns) {
        s->aborted = true;
    }
}

/* Whether a position `ply` plies below the root must be scored rather than
 * expanded: the depth limit is reached, or the move stack is full (only a
 * game that outlasts its own max_plies gets there). */
static inline bool search_at_horizon(struct search *s, int32_t ply, int32_t depth_left)
{
    if (depth_left > 0 && ply < s->levels) {
        return false;
    }
    s->horizon_hit = true;
    return true;
}

/* The value for `player` of a finished game, `ply` plies below the root. */
int32_t search_terminal_score(int status, int player, int32_t ply);

/* The game's heuristic value of the working position for `player`; 0 when
 * the game has no evaluate. */
int32_t search_evaluate(const struct search *s, int player);

/* The depth to search for a depth parameter: 0 means to the end of the game. */
int32_t search_depth_limit(int64_t depth);

/* A uniform random number in [0, n), n > 0, from the host's stream. */
uint64_t search_random_below(const struct search *s, uint64_t n);

/* Allocates and frees the ties buffer of a root_choice. */
int root_choice_init(struct root_choice *rc, const struct search *s);
void root_choice_finish(struct root_choice *rc);

/* Forgets every offer. */
void root_choice_reset(struct root_choice *rc);

/* Offers a root move with its exact value. */
void root_choice_offer(struct root_choice *rc, tourney_move move, int32_t value);

/* The chosen move: the lowest-numbered among the best, or a uniform pick
 * among them (the same whatever order they were offered in). */
tourney_move root_choice_pick(const struct root_choice *rc, int tie_break, const struct search *s);

/* Agents that look only at the root (first-open, random): the instance is
 * a heap-allocated struct search with the root's move list. */
int search_root_only_create(const struct tourney_agent_init *init, const char *agent, void **out);
void search_root_only_destroy(void *agent);

/* Starts a root-only move: lists the root's moves into *MOVES and reports
 * one node, depth 0 and no score. Returns their number or a negative status. */
int search_root_only_begin(struct search *s, const void *state,
                           const struct tourney_move_request *request,
                           struct tourney_move_report *report, tourney_move **moves);

/* Fills a report from a finished search. */
void search_report(const struct search *s, struct tourney_move_report *report, int32_t score);

/* Adds the selective depth to a report, where the runner's report has room
 * for it (a runner built before the field had none: nothing is written). */
void search_report_seldepth(struct tourney_move_report *report, int32_t seldepth);

#endif /* TOURNEY_AGENTS_SEARCH_H */
