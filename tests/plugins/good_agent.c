/* A minimal well-formed agent: plays the highest legal move. Used to check
 * that the loader accepts what the ABI allows. */
#include <stdlib.h>

#include <tourney/tourney.h>

struct last_open {
    const struct tourney_game_api *game_api;
    const void *game;
    tourney_move *moves;
};

static int create(const struct tourney_agent_init *init, void **out)
{
    struct last_open *agent = calloc(1, sizeof(*agent));
    if (agent == NULL) {
        return TOURNEY_ERR_NOMEM;
    }
    agent->moves = calloc((size_t)init->game_info->move_limit, sizeof(*agent->moves));
    if (agent->moves == NULL) {
        free(agent);
        return TOURNEY_ERR_NOMEM;
    }
    agent->game_api = init->game_api;
    agent->game = init->game;
    *out = agent;
    return TOURNEY_OK;
}

static void destroy(void *instance)
{
    struct last_open *agent = instance;
    if (agent != NULL) {
        free(agent->moves);
        free(agent);
    }
}

static int choose_move(void *instance, const void *state,
                       const struct tourney_move_request *request,
                       struct tourney_move_report *report, tourney_move *move)
{
    struct last_open *agent = instance;
    (void)request;
    int count = agent->game_api->legal_moves(agent->game, state, agent->moves);
    if (count <= 0) {
        return TOURNEY_ERR_INVALID;
    }
    *move = agent->moves[count - 1];
    report->nodes = 1;
    return TOURNEY_OK;
}

static const struct tourney_param_info params[] = {
    {.name = "unused",
     .type = TOURNEY_PARAM_INT,
     .default_value = "3",
     .min = 0,
     .max = 9,
     .help = "a parameter to check parameter handling"},
};

static int32_t param_info(const struct tourney_agent_api *api, uint32_t index,
                          struct tourney_param_info *info)
{
    (void)api;
    return tourney_param_info_copy(params, 1, index, info);
}

static const struct tourney_agent_api api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "last-open",
    .description = "the highest-numbered legal move",
    .param_count = 1,
    .create = create,
    .destroy = destroy,
    .choose_move = choose_move,
    .get_param_info = param_info,
    .id = "org.tourney.test.last-open",
    .version = "1.0.0",
};

TOURNEY_AGENT_ENTRY(api)
