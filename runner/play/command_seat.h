/*
 * command_seat.h - an agent that is a program of its own (command = ...),
 * in any language, seen by the referee as a seat. It speaks the line
 * protocol of docs/protocol.md on its standard input and output.
 *
 * The program is started as agent processes are (the agent host, in
 * namespaces of its own, then EXEC: the same limits and confinement, for a
 * program) when its first game begins, greeted,
 * and serves game after game until it is stopped; one that faulted is
 * replaced before its next game. Each game it is told the game, its seat
 * and seed (`new-game`), and for each move the position: the moves so far,
 * the board as the game draws it, the legal moves, the time (`go`). Every
 * way it can fail is a fault with its termination, as for plugin agents;
 * a line the protocol does not allow is protocol_error, with the line in
 * the reason. As a plugin's agent process, it is stopped whenever it is not
 * asked anything (from its answer to the next lines sent; between games it
 * runs from end-game on until it is ready for the next), and each move's
 * CPU time is measured and held to cpu_limit.
 */
#ifndef TOURNEY_RUNNER_COMMAND_SEAT_H
#define TOURNEY_RUNNER_COMMAND_SEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agent_process.h"
#include "command_process.h"
#include "config.h"
#include "program_reads.h"
#include "seat.h"

/* What every program of a tournament is started with and told. */
struct command_settings {
    const char *host_path; /* the agent host program */
    const struct isolation_limits *limits;
    bool sandbox; /* apply the sandbox (where it can be) */
    /* Its worker's agent processes left running between requests
     * (agent_process.h), which a long wait for a program stops. */
    struct resting_processes *resting;
    /* The lines that describe the game, sent before every new-game:
     * `game NAME`, `game-plugin PATH`, a `game-param NAME VALUE` for each
     * parameter,
     * `move-limit N`, `max-plies N`, and the time (`time-per-move MS` or
     * `time-control BASE_MS INC_MS`). */
    const char *game_lines;
};

struct command_seat {
    const struct command_settings *settings;
    /* Its arguments (the program's absolute path first), where it runs and
     * what it may read (program_reads.h). */
    const struct program_reads *access;
    struct agent_process process;
    bool ready;    /* it runs and has greeted */
    bool starting; /* EXEC posted, the greeting not yet read */
    bool creating; /* new-game sent, `ready` not yet read */
    bool playing;  /* it has a game that end-game has not ended */
    bool quiet;    /* the game was off before this agent began: nothing is recorded */
    bool replace;  /* it failed: a fresh process for the next game */
    uint32_t exec_sequence;
    uint64_t start_deadline;
    const struct match_rules *rules; /* of the game being played */
    struct game_record *record;
    int seat;
    uint64_t seed; /* its random stream's, told to it */
    char *text;    /* lines being written */
    size_t text_length;
    size_t text_capacity;
    tourney_move *legal; /* the legal moves of the position asked about */
    bool move_cpu_known; /* the CPU time of its last move was measured */
    uint64_t move_cpu_ns;
};

/* A seat for the program of ACCESS (its arguments, where it runs, what it
 * may read). No process is started yet. */
struct seat tourney_command_seat(struct command_seat *seat,
                                 const struct command_settings *settings,
                                 const struct program_reads *access);

/* Asks its program to quit, without waiting for it. */
void tourney_command_seat_quit(struct command_seat *seat);
/* Waits briefly for its program to exit, kills it if need be, and frees
 * everything. Safe on a seat whose program never started. */
void tourney_command_seat_finish(struct command_seat *seat);

/* The game lines of command_settings for GAME, whose plugin is the file
 * GAME_PATH (canonical; its line is left out when it holds a control
 * character), with PARAMS (text VALUES) and the time of RULES: a heap
 * string, NULL when out of memory. */
char *tourney_command_game_lines(const struct game_adapter *game, const char *game_path,
                                 const char *const *names, const char *const *values, size_t count,
                                 const struct match_rules *rules);

#endif /* TOURNEY_RUNNER_COMMAND_SEAT_H */
