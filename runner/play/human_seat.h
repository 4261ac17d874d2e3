/*
 * human_seat.h - a person at the terminal as one side of a game: each move
 * shows the board and what the other side just played, and reads a move
 * typed as the game writes moves ("b2", a column number, ...). Anything
 * else is answered with a hint and asked again; "quit" or the end of the
 * input resigns.
 */
#ifndef TOURNEY_RUNNER_HUMAN_SEAT_H
#define TOURNEY_RUNNER_HUMAN_SEAT_H

#include <stdbool.h>
#include <stdio.h>

#include "seat.h"

struct human_seat {
    FILE *in;
    FILE *out;
    const char *opponent; /* the agent's name, to say what it played */
    const struct match_rules *rules;
    struct game_record *record;
    int seat;
    bool resigned;
    bool key_shown; /* the person's mark and the cells' names, told once */
    char *line;     /* getline's buffer */
    size_t line_size;
};

struct seat tourney_human_seat(struct human_seat *human, FILE *in, FILE *out,
                               const char *opponent);
/* Frees the input buffer. */
void tourney_human_seat_finish(struct human_seat *human);

#endif /* TOURNEY_RUNNER_HUMAN_SEAT_H */
