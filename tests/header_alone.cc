// The public header compiled as C++: plugins may be written in C++ too.
#include <tourney/tourney.h>

int main()
{
    tourney_game_api game = {};
    game.header.abi_major = TOURNEY_ABI_MAJOR;
    tourney_agent_api agent = {};
    agent.header.kind = TOURNEY_KIND_AGENT;
    return game.header.abi_major == TOURNEY_ABI_MAJOR && agent.header.kind == TOURNEY_KIND_AGENT ? 0
                                                                                                : 1;
}
