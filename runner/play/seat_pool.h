/*
 * seat_pool.h - the seats of each game of a tournament. With isolation =
 * none, agents run in the runner. With isolation = process, each entrant
 * has a process of its own, started for its first game and kept, stopped,
 * for its next ones, whoever it plays (replaced, after a fault, before its
 * next game). At most SEAT_POOL_KEPT_PROCESSES are kept: past that, those
 * that played least recently quit. An agent that is a program of its own
 * (command = ...) always runs in a process of its own, kept the same way.
 *
 * Starting a process costs milliseconds, more than a whole game of quick
 * agents: a round-robin plays every pair in turn, and replacing both
 * processes whenever the pairing changed cost one start per game.
 */
#ifndef TOURNEY_RUNNER_SEAT_POOL_H
#define TOURNEY_RUNNER_SEAT_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "command_seat.h"
#include "local_seat.h"
#include "process_seat.h"
#include "schedule.h"
#include "seat.h"
#include "tournament.h"

/* Agent processes kept between games, per runner or worker. */
#define SEAT_POOL_KEPT_PROCESSES 8

struct seat_pool {
    const struct tournament *tournament;
    bool isolated;
    struct process_settings settings;
    struct local_seat local[2];
    struct process_seat *processes; /* one per entrant, running or not */
    struct seat *process_seats;
    /* Agents with a command: a program per entrant, as PROCESSES. */
    struct command_settings command_settings;
    char *game_lines; /* what every program is told of the game */
    struct command_seat *commands;
    struct seat *command_seats;
    uint64_t games;     /* seated so far */
    uint64_t *last_use; /* per entrant, the game it last played (1 on); 0: no process kept */
    size_t kept;        /* entrants whose LAST_USE is not 0 */
    /* Agent processes left running between requests (agent_process.h):
     * every wait for one of the pool's processes watches over them. */
    struct resting_processes resting;
};

/* Seats for games played by RULES (which programs are told of). Returns 0,
 * or -1 when out of memory. */
int tourney_seat_pool_init(struct seat_pool *pool, const struct tournament *tournament,
                           const struct match_rules *rules);
/* The seats of SCHEDULED, in its seat order. */
void tourney_seat_pool_seats(struct seat_pool *pool, const struct scheduled_game *scheduled,
                             struct seat seats[2]);
/* A person plays (who is waited for outside any agent process): every
 * agent process is stopped as each of its replies comes. Before the first
 * game. */
void tourney_seat_pool_stop_at_each_reply(struct seat_pool *pool);
/* Stops the agent processes left running between requests: the runner is
 * about to wait for something other than them (agent_process.h). */
void tourney_seat_pool_rest(struct seat_pool *pool);
/* Stops every agent process. */
void tourney_seat_pool_finish(struct seat_pool *pool);

#endif /* TOURNEY_RUNNER_SEAT_POOL_H */
