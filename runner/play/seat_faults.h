/*
 * seat_faults.h - how an agent in a process of its own loses a game, in
 * words the record keeps: what the process did (exited, was killed by a
 * signal, ran out of memory, printed too much, broke the protocol, gave no
 * answer in time) turned into a termination and a reason. Shared by agents
 * that are plugins (process_seat.c) and agents that are programs
 * (command_seat.c), which fail in the same ways.
 */
#ifndef TOURNEY_RUNNER_SEAT_FAULTS_H
#define TOURNEY_RUNNER_SEAT_FAULTS_H

#include <stdbool.h>
#include <stdint.h>

#include "agent_process.h"
#include "config.h"
#include "seat.h"

/* Says how the agent is at fault, cutting a reason longer than a record
 * keeps. Returns 1, what a seat call returns for a fault. */
__attribute__((format(printf, 3, 4))) int tourney_seat_at_fault(struct seat_fault *fault,
                                                                enum termination termination,
                                                                const char *format, ...);

/* How PROCESS, which ended by itself WHEN ("at ply 4"), ended, as a fault:
 * memory_limit when it said it was dying close to its limit, sandbox_
 * violation for SIGSYS and SIGXFSZ, crash for another signal, early_exit
 * for an exit. Returns 1. */
int tourney_seat_exit_fault(const struct agent_process *process, const char *when,
                            struct seat_fault *fault);

/* The fault a wait that ended with EVENT stands for (1), or for
 * PROCESS_FAILED the runner's failure (-1, WHY in ERR). WHY is what the
 * wait said, LIMIT describes the time limit, WHEN where in the game it was,
 * LIMITS the agent processes' limits. */
int tourney_seat_event_fault(const struct agent_process *process,
                             const struct isolation_limits *limits, enum process_event event,
                             const char *why, const char *limit, const char *when,
                             struct seat_fault *fault, struct error *err);

/* The limit a request that may take a move's time is given, for messages:
 * BUDGET_NS plus the margin, BUDGET_NS being what was left on the clock
 * when CLOCK. */
void tourney_seat_describe_limit(const struct isolation_limits *limits, uint64_t budget_ns,
                                 bool clock, char *buf, size_t size);

/* At the end of a game: keeps the last of what PROCESS printed during it as
 * SEAT's output in RECORD (not when QUIET, for a game that is not
 * recorded), and starts the capture afresh for the next game. */
void tourney_seat_keep_output(struct agent_process *process, struct game_record *record, int seat,
                              bool quiet);

#endif /* TOURNEY_RUNNER_SEAT_FAULTS_H */
