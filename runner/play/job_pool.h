/*
 * job_pool.h - games played at once in worker processes, delivered in game
 * order.
 *
 * The runner forks up to `jobs` workers once its plugins are loaded (each a
 * copy of it, plugins and all) and deals them games over a socket pair
 * (job_worker.h): the indices of games in, each game's sealed log line
 * out. Workers start as there are games for them and play whatever they are
 * handed; with isolation = process each runs agent processes of its own. The
 * runner keeps the games that finish early until every game before them has
 * finished, then delivers them in order, so what it writes is the same for
 * any number of jobs. Games are dealt in order, whole mini-matches together
 * (the two games of a pair with the seats swapped, which reuse the same
 * agent processes): slow games a mini-match at a time, so that no worker
 * sits on games another could play; quick ones in larger tasks, a couple of
 * milliseconds' worth, so that a game costs few system calls. Nothing is
 * dealt more than a window ahead of the oldest game still playing, so the
 * games kept waiting are few whatever the length of the tournament.
 *
 * A worker that dies (an agent that crashes the runner's process with
 * isolation = none, the system's out-of-memory killer) costs nothing: the
 * game it was playing is dealt again to a new worker. A game that kills a
 * second worker fails the run. When STOP is set the runner deals no more
 * games, waits for those being played and delivers them.
 */
#ifndef TOURNEY_RUNNER_JOB_POOL_H
#define TOURNEY_RUNNER_JOB_POOL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "warning.h"
#include "record.h"

struct job_plan {
    unsigned jobs;  /* workers at most, at least 1 */
    uint64_t games; /* the games are numbered 0 to games - 1 */
    /* The first game at or after FROM that is to be played, or `games`. */
    uint64_t (*next)(void *context, uint64_t from);

    /* In a worker, after the fork: ready to play, play one game (as
     * tourney_game_player_play: > 0 for a game stopped from outside, with
     * the reason in ERR), done. */
    int (*worker_init)(void *context);
    int (*play)(void *context, uint64_t game, struct game_record *record, char **line,
                struct error *err);
    void (*worker_finish)(void *context);
    /* In a worker that sent the replies of its task and is about to wait
     * for the next: nothing of it may run meanwhile (as
     * tourney_game_player_rest). May be NULL. */
    void (*worker_idle)(void *context);

    /* In the runner, in game order: one finished game's sealed log line,
     * which holds all of its record; then, after the games that were
     * ready, flush: write them. Each returns 0, or -1 with a reason in ERR,
     * which stops everything. */
    int (*deliver)(void *context, const char *line, struct error *err);
    int (*flush)(void *context, struct error *err);
    /* When the runner has work of its own due (monotonic nanoseconds;
     * UINT64_MAX for none), and doing it: flushing the log. */
    uint64_t (*due)(void *context);
    int (*tick)(void *context, struct error *err);
    void *context;

    /* Set by a signal handler: deal no more games. May be NULL.
     *
     * A game that play says was stopped from outside the tournament (an
     * agent process said so, or died of a SIGKILL the runner did not send)
     * is no result only if STOP is set too, by then or within
     * OUTSIDE_WINDOW_NS: a job's end reaches the runner as well as its
     * agents. Else an agent's word or its own doing (a limit it set itself)
     * would stop the run each time its game is played: the game is that
     * agent's loss, as play recorded it, and the run goes on. */
    volatile sig_atomic_t *stop;
    uint64_t outside_window_ns;
    const struct warnings *warn; /* of workers that died, games played again; may be NULL */
};

enum job_outcome {
    JOBS_COMPLETE = 0, /* every game was delivered */
    JOBS_STOPPED = 1,  /* stopped: every game dealt was played and delivered, up to
                        * the first that was stopped from outside, if one was */
    JOBS_FAILED = -1,  /* ERR says why; finished games were delivered, in
                        * order as far as possible, then the rest */
};

enum job_outcome tourney_job_pool_run(const struct job_plan *plan, struct error *err);

#endif /* TOURNEY_RUNNER_JOB_POOL_H */
