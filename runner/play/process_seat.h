/*
 * process_seat.h - an agent that runs in a child process of its own
 * (isolation = process), seen by the referee as a seat.
 *
 * The process is started when its first game begins and serves game after
 * game until it is stopped. One that faulted (anything but an illegal move,
 * which the referee sees, not the seat) is replaced before its next game, so
 * a misbehaving agent never carries a broken address space into the next
 * game. Each game gets a fresh agent instance in it. Every
 * way the process can fail a request becomes a fault with its termination:
 * no reply by the hard limit (budget + margin: time_forfeit, after SIGKILL
 * to its process group), death by a signal (crash; SIGSYS and SIGXFSZ:
 * sandbox_violation), an exit (early_exit), running out of address space
 * (memory_limit), too much output (output_limit), a reply that breaks the
 * protocol (protocol_error), or a move that took more CPU time than
 * cpu_limit allows (cpu_limit). The process runs in namespaces of its own
 * where the kernel allows, and is stopped whenever it is not asked
 * anything; each move's CPU time is measured (agent_process.h).
 */
#ifndef TOURNEY_RUNNER_PROCESS_SEAT_H
#define TOURNEY_RUNNER_PROCESS_SEAT_H

#include <stdbool.h>
#include <stddef.h>

#include <tourney/abi.h>
#include <tourney/game.h>

#include "agent_process.h"
#include "config.h"
#include "seat.h"

/* What every agent process of a tournament is started with. */
struct process_settings {
    const char *host_path; /* the agent host program */
    const struct isolation_limits *limits;
    bool sandbox; /* apply the sandbox (where it can be) */
    /* Its worker's agent processes left running between requests
     * (agent_process.h); NULL: stopped as each reply comes. */
    struct resting_processes *resting;
    const char *game_path; /* the game plugin, loaded again in each process */
    const struct tourney_param_value *game_params;
    size_t game_param_count;
};

struct process_seat {
    const struct process_settings *settings;
    const char *agent_path;
    const struct tourney_param_value *params;
    size_t param_count;
    struct agent_process process;
    bool ready; /* the process runs and has its plugins loaded */
    /* Requests in flight, answered in this order. */
    bool loading;  /* LOAD */
    bool creating; /* NEW_GAME */
    bool ending;   /* END_GAME */
    uint32_t load_sequence;
    uint32_t create_sequence;
    uint32_t end_sequence;
    uint64_t load_deadline;
    bool playing; /* an agent instance exists in the process */
    bool quiet;   /* the game was off before this agent began: nothing is recorded */
    bool replace; /* its agent failed: a fresh process for the next game */
    const struct match_rules *rules; /* of the game being played */
    struct game_record *record;
    int seat;
    bool move_cpu_known; /* the CPU time of its last move was measured */
    uint64_t move_cpu_ns;
};

/* A seat for the agent plugin at AGENT_PATH with checked parameter values
 * PARAMS (PARAM_COUNT of them). No process is started yet. */
struct seat tourney_process_seat(struct process_seat *seat,
                                 const struct process_settings *settings, const char *agent_path,
                                 const struct tourney_param_value *params, size_t param_count);

/* Asks its process to quit, without waiting for it: stop many at once, then
 * finish each. */
void tourney_process_seat_quit(struct process_seat *seat);
/* Waits briefly for its process to exit, kills it if need be, and frees
 * everything. Safe on a seat whose process never started. */
void tourney_process_seat_finish(struct process_seat *seat);

#endif /* TOURNEY_RUNNER_PROCESS_SEAT_H */
