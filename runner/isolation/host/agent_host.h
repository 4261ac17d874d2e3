/*
 * agent_host.h - the agent process's side of the protocol (protocol.h).
 *
 * It limits itself and loads the game and the agent plugin as LOAD asks,
 * applies the sandbox, then creates the agent afresh for every game and
 * answers move requests, giving the agent the same host services as the
 * runner's own process would, with the same seeded random stream, so a game
 * plays the same with or without isolation. The referee stays in the
 * runner: nothing here decides a game.
 *
 * Only the agent host program (tourney-agent-host) and its tests use this.
 */
#ifndef TOURNEY_RUNNER_AGENT_HOST_H
#define TOURNEY_RUNNER_AGENT_HOST_H

#include <stdbool.h>

#include "error.h"
#include "shared_channel.h"

/* Serves the runner on the socket CONTROL until it says QUIT or closes it;
 * with CHANNEL (else NULL), requests and replies go through that memory,
 * and WAKE is the eventfd that wakes the runner (shared_channel.h).
 * Returns the process's exit status: 0, or 2 when the runner's side broke
 * the protocol, with what it sent in ERR when it was not a frame (ERR is
 * left as it was otherwise). *SANDBOXED becomes true as soon as the sandbox
 * is applied (an exit handler may want to know). */
int tourney_agent_host_run(int control, struct channel_memory *channel, int wake, bool *sandboxed,
                           struct error *err);

#endif /* TOURNEY_RUNNER_AGENT_HOST_H */
