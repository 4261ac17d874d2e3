/*
 * solve_session.h - what `tourney solve` holds while it solves, shared by
 * its two modes: one position (solve.c) and the positions of a file
 * (solve_file.c). The game and the agent are loaded as the runner loads
 * them and run in its process, both trusted.
 */
#ifndef TOURNEY_RUNNER_SOLVE_SESSION_H
#define TOURNEY_RUNNER_SOLVE_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include <tourney/tourney.h>

#include "game_adapter.h"
#include "plugin.h"
#include "plugin_search.h"
#include "rng.h"
#include "solve.h"
#include "solve_progress.h"

/* Behind the host services the agent gets. */
struct solve_host {
    struct rng rng;
    const struct warnings *warn;
};

/* Everything a solve holds, released in one place. */
struct solve {
    struct solve_host host;
    struct plugin_search search;
    struct plugin game_plugin;
    struct plugin agent_plugin;
    struct tourney_param_value *game_values;
    struct tourney_param_value *agent_values;
    char *game_params_text;
    char *agent_params_text;
    struct game_adapter game;
    unsigned char *state; /* the position to solve: state_size bytes */
    void *agent;
    char *board;
};

/* The clock, the random stream and the log (warnings to host.warn) of the
 * agent. */
extern const struct tourney_host tourney_solve_host_services;

/* Finds and creates the game of REQUEST with its parameters and allocates
 * s->state; the agent's messages will go to WARN. Returns 0, or -1 with ERR
 * saying why. Close the session either way. */
int tourney_solve_open(struct solve *s, const struct solve_request *request, const char *env_path,
                       const char *exe_path, const struct warnings *warn, struct error *err);

/* Creates the agent with the solve's defaults and REQUEST's parameters, its
 * seat the player to move in s->state. Returns 0 or -1 as above. */
int tourney_solve_open_agent(struct solve *s, const struct solve_request *request,
                             struct error *err);

/* Releases everything; safe on a session that failed to open. */
void tourney_solve_close(struct solve *s);

/* Whether the agent's search cannot stop short of the end of the game. */
bool tourney_solve_to_the_end(const struct solve *s);

/* "it is a draw", "the first player won", ... for a status. */
const char *tourney_solve_status_text(int status);

/* The file mode: every position of request->file solved with one agent,
 * PROGRESS told of each and stopped before the result is printed; a score
 * that differs from the file's is a warning to WARN, and the outcome
 * SOLVE_FAILED. Any other failure comes with ERR saying why. */
enum solve_outcome tourney_solve_file(struct solve *s, const struct solve_request *request,
                                      struct solve_progress *progress, FILE *out,
                                      const struct warnings *warn, struct error *err);

#endif /* TOURNEY_RUNNER_SOLVE_SESSION_H */
