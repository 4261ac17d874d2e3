/*
 * solve_progress.h - what `tourney solve` shows while it searches, when
 * stderr is a terminal and --quiet is not given: one line, redrawn in place,
 * with the time so far and, with a file, the line being solved, the
 * positions solved and their nodes.
 *
 * The agent reports nothing until its move is chosen (the plugin interface
 * has no call for progress, and the solve's search is not on the clock), so
 * a thread of its own draws the line. Everything else the solve writes on
 * stderr goes through `stream`, which clears the line before each message,
 * and the line is cleared (tourney_solve_progress_stop) before the result
 * is printed. What the line says and when it is drawn are decided on the
 * clock passed in, so that tests drive them with a clock of their own.
 */
#ifndef TOURNEY_RUNNER_SOLVE_PROGRESS_H
#define TOURNEY_RUNNER_SOLVE_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warning.h"

/* No line for a solve quicker than this: it would only flicker. */
#define SOLVE_PROGRESS_DELAY_NS UINT64_C(500000000)
/* How often the line is redrawn. */
#define SOLVE_PROGRESS_PERIOD_NS UINT64_C(100000000)

struct solve_progress {
    FILE *err;    /* the terminal */
    FILE *stream; /* stderr for the rest of the solve: err, through the progress when live */
    bool live;    /* a line is drawn */
    bool file;    /* the positions of a file: they are counted */
    uint64_t start_ns;
    uint64_t drawn_ns;
    bool drawn;       /* the line is on screen: clear it before anything else */
    size_t line;      /* of the file, being solved; 0 before the first */
    size_t positions; /* solved */
    uint64_t nodes;   /* of the positions solved */
    /* The thread that draws, and what it shares with the solve. */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool locking; /* lock and wake are initialised */
    bool running; /* the thread runs */
    bool stop;    /* asks it to end */
    /* The solve's warnings, passed on to `forward` with the line cleared
     * first (tourney_solve_progress_warnings). */
    const struct warnings *forward;
    struct warnings warn;
};

/* Prepares P, started at NOW_NS: LIVE (a terminal, and no --quiet) makes
 * P->stream clear the line before each write to ERR; otherwise it is ERR
 * and nothing is ever drawn, as when the stream cannot be made. FILE: a
 * file's positions are solved. */
void tourney_solve_progress_init(struct solve_progress *p, FILE *err, bool live, bool file,
                                 uint64_t now_ns);

/* A sink that clears the line before it passes each warning on to TO:
 * the solve's warnings while P lives. */
const struct warnings *tourney_solve_progress_warnings(struct solve_progress *p,
                                                       const struct warnings *to);

/* Starts the thread that draws the line while the solve runs; without it
 * (not live, or no thread to be had) the solve goes on without a line. */
void tourney_solve_progress_run(struct solve_progress *p);

/* The file mode: LINE of the file is being solved, after POSITIONS
 * positions of NODES nodes in all. */
void tourney_solve_progress_position(struct solve_progress *p, size_t line, size_t positions,
                                     uint64_t nodes);

/* Whether the line should be drawn at NOW_NS: live, not before
 * SOLVE_PROGRESS_DELAY_NS, then every SOLVE_PROGRESS_PERIOD_NS. */
bool tourney_solve_progress_due(const struct solve_progress *p, uint64_t now_ns);

/* The line at NOW_NS: "solving: 12.3 s", or with a file "solving line 40:
 * 12.3 s, 37 positions solved (1577123 nodes)". */
void tourney_solve_progress_text(const struct solve_progress *p, uint64_t now_ns, char *buf,
                                 size_t size);

/* Draws the line in place of the last one (the caller holds the lock when
 * the thread runs). */
void tourney_solve_progress_draw(struct solve_progress *p, uint64_t now_ns);

/* Ends the thread and clears the line: before the result is printed.
 * P->stream stays usable, and nothing is drawn any more. */
void tourney_solve_progress_stop(struct solve_progress *p);

/* Stops, and releases P->stream (flushed). */
void tourney_solve_progress_finish(struct solve_progress *p);

#endif /* TOURNEY_RUNNER_SOLVE_PROGRESS_H */
