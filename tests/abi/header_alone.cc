// The public headers compiled as C++: plugins, and their tests on the fake
// host, may be written in C++ too.
#include <tourney/fake_host.h>
#include <tourney/tourney.h>

int main()
{
    tourney_game_api game = {};
    game.header.abi_major = TOURNEY_ABI_MAJOR;
    game.header.struct_size = sizeof(game);
    tourney_agent_api agent = {};
    agent.header.kind = TOURNEY_KIND_AGENT;
    tourney_param_info table[1] = {};
    table[0].name = "depth";
    tourney_param_info info = {};
    info.struct_size = sizeof(info);
    tourney_game_search search;
    tourney_game_get_search(&game, &search);
    tourney_fake_host host;
    tourney_fake_host_init(&host, 1);
    return game.header.abi_major == TOURNEY_ABI_MAJOR && agent.header.kind == TOURNEY_KIND_AGENT &&
                   tourney_param_info_copy(table, 1, 0, &info) == TOURNEY_OK &&
                   search.order_moves == nullptr && host.services.now_ns(&host) > 0
               ? 0
               : 1;
}
