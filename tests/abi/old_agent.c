/*
 * tests/abi/old_agent.c - an agent plugin written against an old ABI, built
 * twice by meson from this one file: against the ABI 1.0 headers kept in
 * tests/abi/1.0 and against the ABI 1.1 headers kept in tests/abi/1.1. It
 * must load, list its parameters, be probed and play under the runner of
 * ABI 1.2 exactly as it did under the runners it was written for.
 *
 * It takes a move that wins at once when there is one and `win` is on (the
 * 1.1 build asks the game's winning_move when the game has it, the way 1.1
 * agents were written), else the lowest or highest legal move (`pick`). At
 * create it logs which of the game's 1.1 knowledge functions it found, so
 * that a test can see what the runner showed it.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <tourney/tourney.h>

#define STR(X) #X
#define XSTR(X) STR(X)
#define NAME "old-agent-" XSTR(TOURNEY_ABI_MAJOR) "." XSTR(TOURNEY_ABI_MINOR)

enum { PARAM_WIN, PARAM_PICK, PARAM_PATIENCE, PARAM_COUNT };
enum { PICK_LOWEST, PICK_HIGHEST };
static const char *const pick_words[] = {"lowest", "highest", NULL};

static const struct tourney_param_desc old_params[PARAM_COUNT] = {
    [PARAM_WIN] = {.name = "win",
                   .type = TOURNEY_PARAM_BOOL,
                   .default_value = "true",
                   .help = "take a win at once when there is one"},
    [PARAM_PICK] = {.name = "pick",
                    .type = TOURNEY_PARAM_CHOICE,
                    .default_value = "highest",
                    .choices = pick_words,
                    .help = "otherwise the lowest or the highest legal move"},
    [PARAM_PATIENCE] = {.name = "patience",
                        .type = TOURNEY_PARAM_INT,
                        .default_value = "7",
                        .min = -5,
                        .max = 500,
                        .help = "read and reported, nothing more"},
};

struct old_agent {
    const struct tourney_game_api *game_api;
    const void *game;
    unsigned char *work;
    size_t state_size;
    tourney_move *moves;
    bool win;
    int pick;
    tourney_move (*winning_move)(const void *game, const void *state);
};

static void old_destroy(void *instance)
{
    struct old_agent *agent = instance;

    if (agent != NULL) {
        free(agent->moves);
        free(agent->work);
        free(agent);
    }
}

static int old_create(const struct tourney_agent_init *init, void **out)
{
    char message[160];
    struct old_agent *agent;

    /* The check the guides of 1.0 and 1.1 taught. */
    if (init->struct_size < sizeof(*init) || init->host->struct_size < sizeof(*init->host)) {
        return TOURNEY_ERR_INVALID;
    }
    agent = calloc(1, sizeof(*agent));
    if (agent == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    agent->game_api = init->game_api;
    agent->game = init->game;
    agent->state_size = init->game_info->state_size;
    agent->work = malloc(agent->state_size);
    agent->moves = calloc((size_t)init->game_info->move_limit, sizeof(*agent->moves));
    if (agent->work == NULL || agent->moves == NULL) {
        old_destroy(agent);
        return TOURNEY_ERR_NOMEM;
    }
    agent->win = init->params[PARAM_WIN].i != 0;
    agent->pick = (int)init->params[PARAM_PICK].i;
#if TOURNEY_ABI_MINOR >= 1
    const struct tourney_game_api *g = init->game_api;
    if (TOURNEY_GAME_HAS(g, winning_move)) {
        agent->winning_move = g->winning_move;
    }
    snprintf(message, sizeof(message), "%s: patience %lld, seat %d, knowledge:%s%s%s", NAME,
             (long long)init->params[PARAM_PATIENCE].i, init->seat,
             TOURNEY_GAME_HAS(g, order_moves) && g->order_moves ? " order_moves" : "",
             agent->winning_move ? " winning_move" : "",
             TOURNEY_GAME_HAS(g, safe_moves) && g->safe_moves ? " safe_moves" : "");
#else
    snprintf(message, sizeof(message), "%s: patience %lld, seat %d, knowledge:", NAME,
             (long long)init->params[PARAM_PATIENCE].i, init->seat);
#endif
    init->host->log(init->host_context, TOURNEY_LOG_INFO, message);
    *out = agent;
    return TOURNEY_OK;
}

/* A move that wins at once, found by trying each; -1 when none does. */
static tourney_move try_every_move(struct old_agent *agent, int count, uint64_t *nodes)
{
    int mover = agent->game_api->to_move(agent->game, agent->work);
    int wins = mover == 0 ? TOURNEY_WIN_FIRST : TOURNEY_WIN_SECOND;

    for (int i = 0; i < count; i++) {
        agent->game_api->apply(agent->game, agent->work, agent->moves[i]);
        ++*nodes;
        int status = agent->game_api->status(agent->game, agent->work);
        agent->game_api->undo(agent->game, agent->work, agent->moves[i]);
        if (status == wins) {
            return agent->moves[i];
        }
    }
    return -1;
}

static int old_choose_move(void *instance, const void *state,
                           const struct tourney_move_request *request,
                           struct tourney_move_report *report, tourney_move *move)
{
    struct old_agent *agent = instance;
    uint64_t nodes = 1;
    tourney_move winner = -1;

    if (request->struct_size < sizeof(*request) || report->struct_size < sizeof(*report)) {
        return TOURNEY_ERR_INVALID;
    }
    for (size_t i = 0; i < agent->state_size; i++) {
        agent->work[i] = ((const unsigned char *)state)[i];
    }
    int count = agent->game_api->legal_moves(agent->game, agent->work, agent->moves);
    if (count <= 0) {
        return TOURNEY_ERR_INVALID;
    }
    if (agent->win && agent->winning_move != NULL) {
        winner = agent->winning_move(agent->game, agent->work);
    } else if (agent->win) {
        winner = try_every_move(agent, count, &nodes);
    }
    if (winner >= 0) {
        *move = winner;
        report->score = TOURNEY_SCORE_WIN - 1;
        report->has_score = 1;
    } else {
        *move = agent->pick == PICK_LOWEST ? agent->moves[0] : agent->moves[count - 1];
    }
    report->nodes = nodes;
    report->depth = nodes > 1 ? 1 : 0;
    return TOURNEY_OK;
}

static const struct tourney_agent_api old_api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = NAME,
    .description = "an agent of an old ABI: wins at once when it can, else a fixed pick",
    .params = old_params,
    .param_count = PARAM_COUNT,
    .create = old_create,
    .destroy = old_destroy,
    .choose_move = old_choose_move,
};

TOURNEY_AGENT_ENTRY(old_api)
