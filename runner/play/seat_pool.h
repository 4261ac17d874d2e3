/*
 * seat_pool.h - the seats of each game of a tournament. With isolation =
 * none, agents run in the runner. With isolation = process, each entrant of
 * the pairing being played has a process of its own, reused for the
 * consecutive games of that pairing and replaced when the pairing changes
 * (or, after a fault, before its next game). An agent that is a program of
 * its own (command = ...) always runs in a process of its own, reused the
 * same way.
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

struct seat_pool {
    const struct tournament *tournament;
    bool isolated;
    struct process_settings settings;
    struct local_seat local[2];
    struct process_seat *processes; /* one per entrant, running for the current pairing */
    struct seat *process_seats;
    /* Agents with a command: a program per entrant, as PROCESSES. */
    struct command_settings command_settings;
    char *game_lines; /* what every program is told of the game */
    struct command_seat *commands;
    struct seat *command_seats;
    bool paired;
    uint32_t pair[2]; /* the entrants of the current pairing */
};

/* Seats for games played by RULES (which programs are told of). Returns 0,
 * or -1 when out of memory. */
int tourney_seat_pool_init(struct seat_pool *pool, const struct tournament *tournament,
                           const struct match_rules *rules);
/* The seats of SCHEDULED, in its seat order. */
void tourney_seat_pool_seats(struct seat_pool *pool, const struct scheduled_game *scheduled,
                             struct seat seats[2]);
/* Stops every agent process. */
void tourney_seat_pool_finish(struct seat_pool *pool);

#endif /* TOURNEY_RUNNER_SEAT_POOL_H */
