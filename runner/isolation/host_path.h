/*
 * host_path.h - where the agent host program (tourney-agent-host) is: where
 * TOURNEY_AGENT_HOST names it; else beside the running program when that is
 * the one in the build tree; else where `meson install` put it
 * (LIBEXECDIR/tourney), found from the running program's folder (a prefix
 * copied or mounted elsewhere), or at the prefix it was built for.
 */
#ifndef TOURNEY_RUNNER_HOST_PATH_H
#define TOURNEY_RUNNER_HOST_PATH_H

/* The program's path for a runner at EXE_PATH (may be NULL): a heap
 * string, or NULL when out of memory. Whether it exists is not checked. */
char *tourney_agent_host_path(const char *exe_path);

#endif /* TOURNEY_RUNNER_HOST_PATH_H */
