/*
 * plain_paths.h - switches that turn the agent processes' fast paths off,
 * for bisecting: where a result or a crash is suspected to come from one
 * of them, the same run without it says whether it does.
 *
 * The environment variable TOURNEY_PLAIN_PATHS lists, separated by commas,
 * what goes back to the plain path:
 * - shared_channel: requests and replies through the socket alone, not the
 *   memory shared with the agent host (shared_channel.h);
 * - processor_share: no agent process held on the runner's processor
 *   (processor_share.h);
 * - idle_watch: every agent process stopped after each reply, none left
 *   running through short waits (agent_pause.h);
 * - all: the three.
 * Unset or empty, every fast path is on. The games and their results are
 * the same either way (e2e.plain-paths); only the time they take differs.
 * An environment variable, not a setting: it changes how the runner runs
 * a tournament, never what the tournament is.
 */
#ifndef TOURNEY_RUNNER_PLAIN_PATHS_H
#define TOURNEY_RUNNER_PLAIN_PATHS_H

#include <stdbool.h>

#include "error.h"

#define TOURNEY_PLAIN_PATHS_ENV "TOURNEY_PLAIN_PATHS"

/* Which fast paths are on. */
struct fast_paths {
    bool shared_channel;
    bool processor_share;
    bool idle_watch;
};

/* Reads VALUE (TOURNEY_PLAIN_PATHS's, NULL when unset) into *PATHS.
 * Returns 0, or -1 with ERR naming a word that is none of the above. */
int tourney_plain_paths_read(const char *value, struct fast_paths *paths, struct error *err);

#endif /* TOURNEY_RUNNER_PLAIN_PATHS_H */
