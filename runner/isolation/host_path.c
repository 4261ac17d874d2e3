/* realpath. */
#define _DEFAULT_SOURCE
#include "host_path.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "install_path.h"
#include "text.h"

#ifndef TOURNEY_BUILD_ROOT
#error "meson defines TOURNEY_BUILD_ROOT"
#endif
#ifndef TOURNEY_INSTALLED_AGENT_HOST
#error "meson defines TOURNEY_INSTALLED_AGENT_HOST"
#endif
#ifndef TOURNEY_AGENT_HOST_FROM_BIN
#error "meson defines TOURNEY_AGENT_HOST_FROM_BIN"
#endif

char *tourney_agent_host_path(const char *exe_path)
{
    /* Named by the environment: wherever the user put it. The start of an
     * agent process needs an absolute path. */
    const char *named = getenv("TOURNEY_AGENT_HOST");
    if (named != NULL && named[0] != '\0') {
        char absolute[PATH_MAX];
        return strdup(named[0] != '/' && realpath(named, absolute) != NULL ? absolute : named);
    }
    size_t root = strlen(TOURNEY_BUILD_ROOT);
    /* A runner from the build tree uses the helper built with it, never an
     * installed one of another version. */
    if (exe_path != NULL && strncmp(exe_path, TOURNEY_BUILD_ROOT, root) == 0 &&
        exe_path[root] == '/') {
        return tourney_format("%s/tourney-agent-host", TOURNEY_BUILD_ROOT);
    }
    return tourney_install_path(exe_path, TOURNEY_AGENT_HOST_FROM_BIN,
                                TOURNEY_INSTALLED_AGENT_HOST);
}
