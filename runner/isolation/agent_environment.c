#include "agent_environment.h"

#include <stdlib.h>
#include <string.h>

/* The names that pass whole (agent_environment.h says why each). */
static const char *const names[] = {
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "SHELL",
    "TERM",
    "TZ",
    "TMPDIR",
    "LANG",
    "LANGUAGE",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "PYTHONNOUSERSITE",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONUNBUFFERED",
    "PYTHONHASHSEED",
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
    "CONDA_DEFAULT_ENV",
    "PYENV_ROOT",
    "PYENV_VERSION",
    "NODE_PATH",
    "LD_LIBRARY_PATH",
    "ASAN_OPTIONS",
    "UBSAN_OPTIONS",
    "LSAN_OPTIONS",
};

/* And the names that pass by their beginning. */
static const char *const prefixes[] = {"LC_", "TOURNEY_"};

bool tourney_agent_environment_passes(const char *entry)
{
    size_t length = strcspn(entry, "=");
    if (entry[length] != '=') {
        return false;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strlen(names[i]) == length && strncmp(entry, names[i], length) == 0) {
            return true;
        }
    }
    for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
        size_t prefix = strlen(prefixes[i]);
        if (length > prefix && strncmp(entry, prefixes[i], prefix) == 0) {
            return true;
        }
    }
    return false;
}

char **tourney_agent_environment(char *const *env)
{
    size_t count = 0;
    while (env != NULL && env[count] != NULL) {
        count++;
    }
    char **kept = calloc(count + 1, sizeof(*kept));
    if (kept == NULL) {
        return NULL;
    }
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        if (tourney_agent_environment_passes(env[i])) {
            kept[used++] = env[i];
        }
    }
    return kept;
}
