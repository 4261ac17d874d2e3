/*
 * solve.h - `tourney solve`: the exact value and a best move of one position
 * of a game, found by the negamax-ab-ids agent searching to the end of the
 * game, in the runner's own process (both plugins are trusted here), with a
 * large transposition table; or the values of every position of a file,
 * checked against the file's, with the mean time and nodes per position.
 */
#ifndef TOURNEY_RUNNER_SOLVE_H
#define TOURNEY_RUNNER_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <tourney/tourney.h>

#include "error.h"
#include "exact_solver.h"
#include "warning.h"

/* The agent that solves, and the parameters it gets before the user's:
 * the exact analysis's (exact_solver.h), one definition for both. */
#define SOLVE_AGENT TOURNEY_EXACT_AGENT
#define SOLVE_AGENT_DEFAULTS TOURNEY_EXACT_AGENT_DEFAULTS
/* And in the file mode, which shows no move: any best one will do. */
#define SOLVE_FILE_AGENT_DEFAULTS "tie_break=any"

struct solve_request {
    const char *game;         /* a game plugin's name, or a path to its .so */
    const char *position;     /* text the game's parse_state reads; NULL with `file` */
    const char *file;         /* lines "MOVES [SCORE]" to solve instead, or NULL */
    char *const *game_params; /* "key=value" words for the game */
    size_t game_param_count;
    char *const *agent_params; /* "key=value" words for the agent, over the defaults */
    size_t agent_param_count;
    bool json;     /* print one JSON object instead of text */
    bool progress; /* show a progress line on stderr (a terminal, no --quiet) */
};

/* What a solve found, for the printers. */
struct solve_result {
    const char *game;         /* the game's name */
    const char *game_params;  /* "rows = 4, cols = 4, k = 4" */
    const char *agent_params; /* the agent's, likewise */
    const char *position;     /* as given */
    const char *board;        /* the game's drawing of it, or NULL */
    int to_move;              /* 0 or 1 */
    int32_t score;            /* for the player to move, see TOURNEY_SCORE_WIN */
    bool proven;              /* the search reached the end of every line */
    tourney_move move;
    char move_text[64]; /* the game's name for it, or its number */
    uint64_t nodes;
    int32_t depth;
    double seconds;
};

/* What the file mode found, for the printers. */
struct solve_file_result {
    const char *game;
    const char *game_params;
    const char *agent_params;
    const char *file;
    size_t positions; /* solved */
    size_t checked;   /* with a score in the file */
    size_t wrong;     /* whose score differs from the file's */
    uint64_t nodes;   /* all searches together */
    double seconds;   /* in the searches alone */
};

enum solve_outcome {
    SOLVE_OK = 0,
    SOLVE_FAILED = 1,    /* the search itself failed, or a score differs from the file's */
    SOLVE_BAD_INPUT = 2, /* an unknown game, a bad parameter or position */
};

/* Runs the request, printing the result to OUT and the progress line (when
 * request->progress) to TERMINAL. Plugins are looked for as the runner
 * looks for them, with ENV_PATH (the TOURNEY_PLUGIN_PATH value, may be
 * NULL) and EXE_PATH (this program, for the build tree; may be NULL). The
 * agent's messages and the file's scores that differ are warnings to WARN.
 * SOLVE_FAILED and SOLVE_BAD_INPUT come with ERR saying why, but for
 * scores that differ, which WARN had. */
enum solve_outcome tourney_solve(const struct solve_request *request, const char *env_path,
                                 const char *exe_path, FILE *out, FILE *terminal,
                                 const struct warnings *warn, struct error *err);

/* The result as lines of text, or as one JSON object (returns -1 when out of
 * memory). */
void tourney_solve_print_text(const struct solve_result *result, FILE *out);
int tourney_solve_print_json(const struct solve_result *result, FILE *out);
void tourney_solve_print_file_text(const struct solve_file_result *result, FILE *out);
int tourney_solve_print_file_json(const struct solve_file_result *result, FILE *out);

/* A proven value (see TOURNEY_SCORE_WIN) of a position `ply` moves from the
 * start, as a file scores it: 0 for a draw; for a win of the player to move,
 * one more than half the moves the game could still have had after the
 * winning one, (max_plies + 1 - m) / 2 with m the moves before it; for a
 * loss the negation. That is Pascal Pons's Connect Four score (22 less the
 * winner's stones), for any game. False for a heuristic value. */
bool tourney_solve_file_score(int32_t value, int32_t ply, int32_t max_plies, long *score);

#endif /* TOURNEY_RUNNER_SOLVE_H */
