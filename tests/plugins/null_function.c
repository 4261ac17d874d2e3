/* An agent whose descriptor lacks a required function (choose_move). */
#include <stdlib.h>

#include <tourney/tourney.h>

static int create(const struct tourney_agent_init *init, void **out)
{
    (void)init;
    *out = malloc(1);
    return *out ? TOURNEY_OK : TOURNEY_ERR_NOMEM;
}

static void destroy(void *agent)
{
    free(agent);
}

static const struct tourney_agent_api api = {
    .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    .name = "no-choose-move",
    .description = "forgets choose_move",
    .create = create,
    .destroy = destroy,
};

TOURNEY_AGENT_ENTRY(api)
