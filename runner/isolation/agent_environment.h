/*
 * agent_environment.h - the environment an agent process starts with (the
 * agent host, the plugins it loads, a program it becomes): only the
 * variables of an allow-list, so that nothing else of the runner's
 * environment (a token, a password, a cloud key) reaches an agent.
 *
 * Passed on: PATH, HOME, USER, LOGNAME, SHELL, TERM, TZ, TMPDIR, LANG,
 * LANGUAGE and every LC_*; what interpreters need to find their modules
 * (PYTHONPATH, PYTHONHOME, PYTHONUSERBASE, PYTHONNOUSERSITE,
 * PYTHONDONTWRITEBYTECODE, PYTHONUNBUFFERED, PYTHONHASHSEED, PYTHONIOENCODING,
 * PYTHONUTF8, VIRTUAL_ENV, CONDA_PREFIX, CONDA_DEFAULT_ENV, PYENV_ROOT,
 * PYENV_VERSION, NODE_PATH); the loader's LD_LIBRARY_PATH; the sanitizers'
 * options (ASAN_OPTIONS, UBSAN_OPTIONS, LSAN_OPTIONS); and every variable
 * whose name begins with TOURNEY_ (tourney's own, and those meant for
 * agents). docs/protocol.md and docs/plugins.md list the same.
 */
#ifndef TOURNEY_RUNNER_AGENT_ENVIRONMENT_H
#define TOURNEY_RUNNER_AGENT_ENVIRONMENT_H

#include <stdbool.h>

/* Whether the variable of ENTRY ("NAME=VALUE") passes to agents. */
bool tourney_agent_environment_passes(const char *entry);

/* The entries of ENV (NULL-terminated) that pass, in their order: a new
 * NULL-terminated array of pointers into ENV (free() the array only), or
 * NULL when out of memory. */
char **tourney_agent_environment(char *const *env);

#endif /* TOURNEY_RUNNER_AGENT_ENVIRONMENT_H */
