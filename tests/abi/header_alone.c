/*
 * The public headers on their own, compiled as strict C11 with -pedantic and
 * -Werror (and as C++ by header_alone.cc): a plugin author needs nothing
 * else, and a test of an agent needs only the fake host besides.
 */
#include <tourney/fake_host.h>
#include <tourney/tourney.h>

static const struct tourney_param_info table[1] = {
    {.name = "depth", .type = TOURNEY_PARAM_INT, .default_value = "4", .min = 0, .max = 9},
};

int main(void)
{
    /* The header's first member is where the runner looks first. */
    struct tourney_agent_api api = {
        .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    };
    struct tourney_game_api game = {
        .header = TOURNEY_ABI_HEADER(struct tourney_game_api, TOURNEY_KIND_GAME),
    };
    struct tourney_param_info info = {.struct_size = sizeof(info)};
    struct tourney_game_search search;
    struct tourney_fake_host host;

    tourney_game_get_search(&game, &search);
    tourney_fake_host_init(&host, 1);
    return api.header.abi_major == TOURNEY_ABI_MAJOR && api.header.struct_size == sizeof(api) &&
                   TOURNEY_HAS_FIELD(struct tourney_agent_api, api.header.struct_size, version) &&
                   tourney_param_info_copy(table, 1, 0, &info) == TOURNEY_OK && info.max == 9 &&
                   search.winning_move == NULL &&
                   host.services.random_u64(&host) != host.services.random_u64(&host) &&
                   host.services.now_ns(&host) > 0
               ? 0
               : 1;
}
