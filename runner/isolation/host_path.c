#include "host_path.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

#ifndef TOURNEY_BUILD_ROOT
#error "meson defines TOURNEY_BUILD_ROOT"
#endif
#ifndef TOURNEY_INSTALLED_AGENT_HOST
#error "meson defines TOURNEY_INSTALLED_AGENT_HOST"
#endif

char *tourney_agent_host_path(const char *exe_path)
{
    size_t root = strlen(TOURNEY_BUILD_ROOT);
    /* A runner from the build tree uses the helper built with it, never an
     * installed one of another version. */
    if (exe_path != NULL && strncmp(exe_path, TOURNEY_BUILD_ROOT, root) == 0 &&
        exe_path[root] == '/') {
        return tourney_format("%s/tourney-agent-host", TOURNEY_BUILD_ROOT);
    }
    return strdup(TOURNEY_INSTALLED_AGENT_HOST);
}
