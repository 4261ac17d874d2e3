/* An agent that misbehaves on purpose, as its `mode` parameter says, so the
 * tests can check each fault loses that game, is recorded against this agent,
 * and leaves the rest of the tournament alone. */
#include <stdlib.h>

#include <tourney/tourney.h>

enum mode { MODE_ILLEGAL, MODE_OUT_OF_RANGE, MODE_ERROR, MODE_CREATE_FAILS };

static const char *const modes[] = {"illegal", "out-of-range", "error", "create-fails", NULL};

struct misbehaving {
    struct tourney_agent_init init; /* a copy: the struct lives only during create */
    enum mode mode;
    tourney_move *moves;
};

static int create(const struct tourney_agent_init *init, void **out)
{
    enum mode mode = (enum mode)init->params[0].i;
    if (mode == MODE_CREATE_FAILS) {
        init->host->log(init->host_context, TOURNEY_LOG_ERROR, "refusing to be created");
        return TOURNEY_ERR_INVALID;
    }
    struct misbehaving *agent = calloc(1, sizeof(*agent));
    if (agent == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    agent->moves = calloc((size_t)init->game_info->move_limit, sizeof(*agent->moves));
    if (agent->moves == NULL) {
        free(agent);
        return TOURNEY_ERR_NOMEM;
    }
    agent->init = *init;
    agent->mode = mode;
    *out = agent;
    return TOURNEY_OK;
}

static void destroy(void *instance)
{
    struct misbehaving *agent = instance;
    if (agent != NULL) {
        free(agent->moves);
        free(agent);
    }
}

/* Plays legally for its first move, then misbehaves, so a fault in the
 * middle of a game is covered. */
static int choose_move(void *instance, const void *state,
                       const struct tourney_move_request *request,
                       struct tourney_move_report *report, tourney_move *move)
{
    struct misbehaving *agent = instance;
    const struct tourney_agent_init *init = &agent->init;
    int count = init->game_api->legal_moves(init->game, state, agent->moves);
    (void)report;
    if (request->ply < 2) {
        *move = agent->moves[0];
        return TOURNEY_OK;
    }
    switch (agent->mode) {
    case MODE_ILLEGAL:
        /* The lowest move in range that is not legal: an occupied cell. */
        for (tourney_move candidate = 0; candidate < init->game_info->move_limit; candidate++) {
            int i = 0;
            while (i < count && agent->moves[i] != candidate) {
                i++;
            }
            if (i == count) {
                *move = candidate;
                return TOURNEY_OK;
            }
        }
        return TOURNEY_ERR_INTERNAL;
    case MODE_OUT_OF_RANGE:
        *move = init->game_info->move_limit + 7;
        return TOURNEY_OK;
    case MODE_ERROR:
    case MODE_CREATE_FAILS:
        break;
    }
    init->host->log(init->host_context, TOURNEY_LOG_ERROR, "giving up on purpose");
    return TOURNEY_ERR_INTERNAL;
}

static const struct tourney_param_info params[] = {
    {.name = "mode",
     .type = TOURNEY_PARAM_CHOICE,
     .default_value = "illegal",
     .choices = modes,
     .help = "how to misbehave"},
};

static int32_t param_info(const struct tourney_agent_api *api, uint32_t index,
                          struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(params, 1, index, info);
}

static const struct tourney_agent_api api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "misbehaving",
    .description = "breaks the rules on purpose, for tests",
    .param_count = 1,
    .create = create,
    .destroy = destroy,
    .choose_move = choose_move,
    .get_param_info = param_info,
    .id = "org.tourney.test.misbehaving",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(api)
