/*
 * time_control.h - a chess clock as tournaments write it: `time_control =
 * BASE+INC`, seconds on each agent's clock at the start of a game and
 * seconds added to it after each of its moves ("10+0.1", "60", "0.5+0").
 * Read here into nanoseconds; the referee (play/executor.c) keeps the
 * clocks, and the statistics replay them from a game's move times.
 */
#ifndef TOURNEY_RUNNER_TIME_CONTROL_H
#define TOURNEY_RUNNER_TIME_CONTROL_H

#include <stdbool.h>
#include <stdint.h>

struct time_control {
    uint64_t base_ns;      /* on each clock when a game starts; 0: no clock */
    uint64_t increment_ns; /* added to a clock after each of its moves */
};

/* The largest base and increment, in seconds. */
#define TIME_CONTROL_MAX_BASE_S 86400
#define TIME_CONTROL_MAX_INCREMENT_S 3600

/* What a time control looks like, for messages. */
#define TIME_CONTROL_EXPECTED                                                              \
    "BASE+INC in seconds, e.g. 10+0.1: BASE above 0 and at most 86400, INC at most 3600, " \
    "each with at most 3 decimals"

/* Reads TEXT into *CLOCK; false, with *CLOCK untouched, for anything that
 * is not a time control. Called once, as the setting is read: the runner
 * then uses struct tournament_settings's clock (settings.h). */
bool tourney_time_control_parse(const char *text, struct time_control *clock);

/* Charges a move of ELAPSED_NS to a clock of CLOCK showing *LEFT_NS, the
 * one way the referee keeps clocks and the statistics replay them: returns
 * what the clock shows as the move ends, 0 when the move took all that was
 * left (the mover loses on time). *LEFT_NS becomes that plus the increment,
 * for the mover's next move, or stays 0 when the clock ran out. */
uint64_t tourney_clock_charge(const struct time_control *clock, uint64_t *left_ns,
                              uint64_t elapsed_ns);

#endif /* TOURNEY_RUNNER_TIME_CONTROL_H */
