/*
 * greedy.c - an example agent plugin for tourney, written to be read.
 *
 * The strategy looks one move ahead for itself and one for its opponent:
 *  1. if a move wins at once, play it;
 *  2. otherwise avoid the moves after which the opponent has a reply that
 *     wins at once (parameter `block`, on by default);
 *  3. among the moves left, play one at random (parameter `tie_break`, by
 *     default) or the lowest-numbered.
 *
 * The agent knows nothing about the game it plays: it sees the game only
 * through the struct tourney_game_api it is given when it is created, so it
 * plays every game tourney can load. It needs no header but the public one,
 * and builds with one command:
 *
 *     cc -std=c17 -Wall -Wextra -shared -fPIC -I/path/to/tourney/include \
 *         greedy.c -o greedy.so
 *
 * docs/plugins.md explains every part of it.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

/* ------------------------------------------------------------------------
 * Parameters
 *
 * The runner asks for them one at a time through get_param_info (answered
 * from this table by the header's tourney_param_info_copy), reads them from
 * the agent's [agent NAME] section, checks every value and gives create()
 * one struct tourney_param_value per entry, in this order, so the agent
 * never parses text. The enum names the positions in the table.
 * --------------------------------------------------------------------- */

enum { PARAM_BLOCK, PARAM_TIE_BREAK, PARAM_COUNT };

/* A CHOICE value is the index of its word in this NULL-terminated list. */
enum { TIE_BREAK_RANDOM, TIE_BREAK_LOWEST };
static const char *const tie_break_words[] = {"random", "lowest", NULL};

static const struct tourney_param_info greedy_params[PARAM_COUNT] = {
    [PARAM_BLOCK] =
        {
            .name = "block",
            .type = TOURNEY_PARAM_BOOL,
            .default_value = "true",
            .help = "avoid moves after which the opponent can win at once",
        },
    [PARAM_TIE_BREAK] =
        {
            .name = "tie_break",
            .type = TOURNEY_PARAM_CHOICE,
            .default_value = "random",
            .choices = tie_break_words,
            .help = "among equally good moves: one at random, or the lowest-numbered",
        },
};

/* ------------------------------------------------------------------------
 * The instance
 *
 * Everything the agent keeps lives here: no globals, so any number of
 * instances can play at once. The runner creates one per game and seat.
 * --------------------------------------------------------------------- */

struct greedy {
    /* The game, as described to create(); valid until destroy(). */
    const struct tourney_game_api *api;
    const void *game;
    size_t state_size;

    /* The host's services, and the context every one of them expects. */
    const struct tourney_host *host;
    void *host_context;

    /* The parameters, read once. */
    bool block;
    int tie_break;

    /* Buffers sized from the game's info once, so that choose_move() never
     * allocates. Every move list has room for info.move_limit moves. */
    unsigned char *state;     /* a working copy of the position */
    tourney_move *moves;      /* our legal moves */
    tourney_move *replies;    /* the opponent's legal replies */
    tourney_move *candidates; /* the best moves found so far */
};

/* How good a move looked. Only the best class found is kept. */
enum move_class {
    CLASS_LOSES = 0, /* the opponent can win at once after it */
    CLASS_SAFE = 1,  /* nothing bad seen */
    CLASS_WINS = 2,  /* wins at once */
};

static void greedy_destroy(void *agent)
{
    struct greedy *g = agent;

    if (g == NULL) {
        return; /* destroy(NULL) does nothing */
    }
    free(g->candidates);
    free(g->replies);
    free(g->moves);
    free(g->state);
    free(g);
}

static int32_t greedy_param_info(const struct tourney_agent_api *api, uint32_t index,
                                 struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(greedy_params, PARAM_COUNT, index, info);
}

static int32_t greedy_create(const struct tourney_agent_init *init, void **out)
{
    /* The host owns these structs and says how large they are: check that
     * they hold the fields read here (the last one of each is enough), never
     * that they are as large as this file's sizeof, which grows whenever it
     * is rebuilt against newer headers. Without a log there is no way to
     * explain a refusal, so check the host first. */
    if (init == NULL || out == NULL ||
        !TOURNEY_HAS_FIELD(struct tourney_agent_init, init->struct_size, host_context) ||
        init->host == NULL ||
        !TOURNEY_HAS_FIELD(struct tourney_host, init->host->struct_size, log) ||
        init->host->log == NULL) {
        return TOURNEY_ERR_INVALID;
    }
    const struct tourney_host *host = init->host;
    const struct tourney_game_info *info = init->game_info;
    if (host->random_u64 == NULL || init->game_api == NULL || info == NULL ||
        info->state_size == 0 || info->move_limit <= 0 || init->params == NULL) {
        host->log(init->host_context, TOURNEY_LOG_ERROR,
                  "greedy: the host gave no random stream, no game or no parameters");
        return TOURNEY_ERR_INVALID;
    }

    /* calloc: every pointer starts NULL, so greedy_destroy() can free a
     * half-built instance. */
    size_t list_size = (size_t)info->move_limit * sizeof(tourney_move);
    struct greedy *g = calloc(1, sizeof(*g));
    if (g == NULL) {
        goto err_nomem;
    }
    g->api = init->game_api;
    g->game = init->game;
    g->state_size = info->state_size;
    g->host = host;
    g->host_context = init->host_context;
    g->block = init->params[PARAM_BLOCK].i != 0;
    g->tie_break = (int)init->params[PARAM_TIE_BREAK].i;
    g->state = malloc(info->state_size);
    g->moves = malloc(list_size);
    g->replies = malloc(list_size);
    g->candidates = malloc(list_size);
    if (g->state == NULL || g->moves == NULL || g->replies == NULL || g->candidates == NULL) {
        goto err_instance;
    }
    *out = g;
    return TOURNEY_OK;

err_instance:
    greedy_destroy(g);
err_nomem:
    host->log(init->host_context, TOURNEY_LOG_ERROR, "greedy: out of memory");
    return TOURNEY_ERR_NOMEM;
}

/* A uniformly distributed number in [0, n), n > 0, from the host's seeded
 * stream: the only randomness an agent may use, so that games replay. Taking
 * r % n alone would favour small results a little; the lowest 2^64 mod n
 * values of r are refused so that the rest split evenly. */
static uint64_t random_below(const struct greedy *g, uint64_t n)
{
    uint64_t threshold = (0 - n) % n;
    uint64_t r;

    do {
        r = g->host->random_u64(g->host_context);
    } while (r < threshold);
    return r % n;
}

/* Whether the player to move in g->state can win with one move. The position
 * is left as it was; every position looked at is counted in *nodes. */
static bool can_win_at_once(struct greedy *g, int win_status, uint64_t *nodes)
{
    int count = g->api->legal_moves(g->game, g->state, g->replies);
    bool found = false;

    for (int i = 0; i < count && !found; i++) {
        g->api->apply(g->game, g->state, g->replies[i]);
        ++*nodes;
        found = g->api->status(g->game, g->state) == win_status;
        g->api->undo(g->game, g->state, g->replies[i]);
    }
    return found;
}

static int32_t greedy_choose_move(void *agent, const void *state,
                                  const struct tourney_move_request *request,
                                  struct tourney_move_report *report, tourney_move *move)
{
    struct greedy *g = agent;

    /* Writing past the end of the host's report would corrupt its memory. */
    if (state == NULL || request == NULL || report == NULL || move == NULL ||
        !TOURNEY_HAS_FIELD(struct tourney_move_request, request->struct_size, deadline_ns) ||
        !TOURNEY_HAS_FIELD(struct tourney_move_report, report->struct_size, has_score)) {
        g->host->log(g->host_context, TOURNEY_LOG_ERROR, "greedy: bad choose_move arguments");
        return TOURNEY_ERR_INVALID;
    }
    /* request->deadline_ns is not needed: greedy looks at most at
     * move_limit * move_limit positions, which takes no time worth
     * measuring. A deeper search compares host->now_ns() with it. */

    /* The position is the runner's and read-only: work on a copy, which
     * apply() and undo() change and restore. */
    memcpy(g->state, state, g->state_size);
    int me = g->api->to_move(g->game, g->state);
    int we_win = me == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;
    int they_win = me == 0 ? TOURNEY_WIN_SECOND : TOURNEY_WIN_FIRST;

    int count = g->api->legal_moves(g->game, g->state, g->moves);
    if (count <= 0) {
        g->host->log(g->host_context, TOURNEY_LOG_ERROR, "greedy: no legal move to choose from");
        return TOURNEY_ERR_INVALID;
    }

    uint64_t nodes = 1; /* the root counts as a position visited */
    int32_t depth = 1;  /* the deepest ply below the root looked at */
    int best = -1;      /* the class of the moves in candidates[] */
    int candidate_count = 0;

    for (int i = 0; i < count; i++) {
        tourney_move m = g->moves[i];
        g->api->apply(g->game, g->state, m);
        nodes++;

        int status = g->api->status(g->game, g->state);
        int verdict;
        if (status == we_win) {
            verdict = CLASS_WINS;
        } else if (status == they_win) {
            verdict = CLASS_LOSES; /* possible in some games, if not in this one */
        } else if (status != TOURNEY_ONGOING || !g->block || best == CLASS_WINS) {
            verdict = CLASS_SAFE; /* a draw, or no need to look at the replies */
        } else {
            verdict = can_win_at_once(g, they_win, &nodes) ? CLASS_LOSES : CLASS_SAFE;
            depth = 2;
        }
        g->api->undo(g->game, g->state, m);

        if (verdict > best) {
            best = verdict;
            candidate_count = 0;
        }
        if (verdict == best) {
            g->candidates[candidate_count++] = m;
        }
    }

    /* legal_moves() lists moves in ascending order, and so do candidates. */
    if (g->tie_break == TIE_BREAK_LOWEST) {
        *move = g->candidates[0];
    } else {
        *move = g->candidates[random_below(g, (uint64_t)candidate_count)];
    }

    /* The runner zeroed the report; fill in what the search learned. A win
     * on this move is a proven win in one ply: TOURNEY_SCORE_WIN - 1. Any
     * other move has no value greedy can vouch for. */
    report->nodes = nodes;
    report->depth = depth;
    if (best == CLASS_WINS) {
        report->score = TOURNEY_SCORE_WIN - 1;
        report->has_score = 1;
    }
    return TOURNEY_OK;
}

/* ------------------------------------------------------------------------
 * The descriptor and the one exported symbol
 * --------------------------------------------------------------------- */

static const struct tourney_agent_api greedy_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "greedy",
    .description = "Wins at once if it can, else avoids moves that let the opponent win at once",
    .param_count = PARAM_COUNT,
    .create = greedy_create,
    .destroy = greedy_destroy,
    .choose_move = greedy_choose_move,
    .get_param_info = greedy_param_info,
    .id = "org.tourney.example.greedy",
    .version = "1.0.0",
};

/* Defines tourney_agent_entry(), returning &greedy_api. Everything else in
 * this file is static, so it is the only symbol the .so exports. */
TOURNEY_AGENT_ENTRY(greedy_api)
