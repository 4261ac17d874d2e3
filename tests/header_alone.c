/*
 * The public header on its own, compiled as strict C11 with -pedantic and
 * -Werror (and as C++ by header_alone.cc): a plugin author needs nothing else.
 */
#include <tourney/tourney.h>

int main(void)
{
    /* The header's first member is where the runner looks first. */
    struct tourney_agent_api api = {
        .header = TOURNEY_ABI_HEADER(struct tourney_agent_api, TOURNEY_KIND_AGENT),
    };
    return api.header.abi_major == TOURNEY_ABI_MAJOR && api.header.struct_size == sizeof(api) ? 0
                                                                                              : 1;
}
