/*
 * seat.h - one side of a game as the referee sees it: an agent created for
 * the game, asked for moves, and ended with it. The executor plays the same
 * whether the agent runs in the runner (local_seat.c, isolation = none) or in
 * a child process of its own (process_seat.c, isolation = process).
 */
#ifndef TOURNEY_RUNNER_SEAT_H
#define TOURNEY_RUNNER_SEAT_H

#include <stdbool.h>
#include <stdint.h>

#include <tourney/agent.h>
#include <tourney/game.h>

#include "error.h"
#include "game_adapter.h"
#include "record.h"
#include "time_control.h"

/* The game being played, as every seat of it sees it. */
struct match_rules {
    const struct game_adapter *game;
    /* Thinking time each move is given (time_per_move_ms); 0 on a clock,
     * where each move's share comes from the clock (executor.c). */
    uint64_t move_ns;
    /* The time making an agent (create, begin) or letting it go (end) may
     * take: a move's time, or on a clock the clock's base, the most any one
     * move can have. */
    uint64_t setup_ns;
    struct time_control clock; /* base_ns 0: no clock, move_ns a move */
    /* What agent processes are given past a move's forfeit point before
     * they are stopped (time_margin_ms), and the CPU time a move may take
     * in times the time it may take (cpu_limit; 0: none). */
    uint64_t margin_ns;
    uint64_t cpu_limit;
};

/* The limits of one move, made once by the executor as it asks for the
 * move (executor.c) and read as they are by every seat: none computes a
 * move's start or due time again. The agent is told start_ns and
 * deadline_ns in its request. */
struct move_limits {
    uint64_t start_ns;    /* the runner's clock as the move is asked */
    uint64_t deadline_ns; /* start_ns plus the move's budget (or clock share) */
    /* An answer later than this loses the game: the deadline, or on a
     * clock the start plus the time left on it. */
    uint64_t forfeit_ns;
    uint64_t kill_ns; /* forfeit_ns plus margin_ns: an agent process is stopped */
    uint64_t cpu_ns;  /* the CPU time the move may take; 0: no limit */
};

/* How an agent at fault lost: the game's termination and reason, which its
 * record keeps. What the agent did, never a failure of the runner. */
struct seat_fault {
    enum termination termination;
    char reason[256];
    /* Perhaps not the agent's doing: its process was stopped by this
     * signal from outside the tournament (a job's end, a stop of the whole
     * cgroup). The game is then no result at all if the runner is asked to
     * stop too, and the run stops (executor.h); else the agent loses it,
     * with REASON, which is made for that case. */
    int outside_signal;
};

/* The calls that can fail return 0 when the agent did its part, 1 when it
 * is at fault (FAULT says how; it loses the game), or -1 when the runner
 * itself failed (ERR says what; the game is not played to an end). What
 * the agent logs goes into the game's record, given to begin.
 *
 * The executor calls begin then begun for the first seat, then for the
 * second, so that no agent runs while its opponent is made (an agent
 * process is stopped once it has answered); and end for both, then ended
 * for both, so that two agent processes destroy their agents at the same
 * time. */
struct seat_ops {
    /* Starts making the agent for a new game, playing SEAT (0 moves first),
     * with a random stream seeded from GAME_SEED and SEAT (rng.h). */
    int (*begin)(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                 struct game_record *record, struct seat_fault *fault, struct error *err);
    /* Waits until the agent begin started exists. */
    int (*begun)(void *self, struct seat_fault *fault, struct error *err);
    /* Asks for a move in STATE, as tourney_agent_api.choose_move does,
     * within LIMITS (those of REQUEST's move). */
    int (*choose)(void *self, const void *state, const struct tourney_move_request *request,
                  const struct move_limits *limits, struct tourney_move_report *report,
                  tourney_move *move, struct seat_fault *fault, struct error *err);
    /* Starts ending the game for this seat, after a begin, whatever happened.
     * An agent begun but never waited for is made and destroyed without a
     * trace in the record, as if it had never been made. */
    void (*end)(void *self);
    /* Waits until the game has ended for this seat. Neither call changes the
     * game's result. */
    void (*ended)(void *self);
    /* The CPU time the last choose took, where the seat measures it: true
     * with *CPU_NS. May be NULL (nothing measured). */
    bool (*move_cpu)(void *self, uint64_t *cpu_ns);
};

struct seat {
    const struct seat_ops *ops;
    void *self;
};

#endif /* TOURNEY_RUNNER_SEAT_H */
