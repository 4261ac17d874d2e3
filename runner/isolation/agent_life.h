/*
 * agent_life.h - what the waiting (agent_wait.c) calls on of an agent
 * process's life (agent_process.c): the descriptors its epoll instance
 * watches, its output drained, its end collected. Inside isolation/ only:
 * the rest of the runner goes through agent_process.h.
 */
#ifndef TOURNEY_RUNNER_AGENT_LIFE_H
#define TOURNEY_RUNNER_AGENT_LIFE_H

#include "agent_process.h"

/* What each descriptor the epoll instance watches stands for. */
enum watched { WATCH_CONTROL, WATCH_OUT, WATCH_ERR, WATCH_PIDFD, WATCH_WAKE, WATCH_COUNT };

/* Reads what is there on an output pipe (*FD, P's out or err; closed at its
 * end). Returns -1 when this takes the process past its output limit. */
int tourney_agent_process_drain(struct agent_process *p, int *fd);

/* Kills what is left of its process group, then collects its exit status
 * and drains its output. Nothing when it was reaped already. */
void tourney_agent_process_reap(struct agent_process *p);

#endif /* TOURNEY_RUNNER_AGENT_LIFE_H */
