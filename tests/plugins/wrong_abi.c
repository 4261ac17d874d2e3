/* An agent built for a future ABI major: the loader must refuse it before
 * calling anything in it. */
#include <tourney/tourney.h>

static const struct tourney_agent_api api = {
    .header = {TOURNEY_ABI_MAJOR + 1, 0, (uint32_t)sizeof(struct tourney_agent_api),
               TOURNEY_KIND_AGENT},
    .name = "from-the-future",
    .description = "declares ABI major + 1",
};

TOURNEY_AGENT_ENTRY(api)
