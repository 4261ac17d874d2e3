/*
 * progress.h - what a running tournament shows on stderr: a progress line
 * (games done of total, games per second, time left, the current leader)
 * redrawn in place on a terminal, or a plain line now and then when stderr
 * is a file or a pipe; with --verbose, a line per game as well.
 */
#ifndef TOURNEY_RUNNER_PROGRESS_H
#define TOURNEY_RUNNER_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum progress_style {
    PROGRESS_OFF = 0,   /* --quiet */
    PROGRESS_PLAIN = 1, /* stderr is not a terminal: a line every PLAIN_PERIOD */
    PROGRESS_LIVE = 2,  /* a terminal: one line, redrawn in place */
};

/* Seconds between two plain progress lines; the first and last always show. */
#define PROGRESS_PLAIN_PERIOD_NS UINT64_C(10000000000)
/* How often the live line is redrawn at most. */
#define PROGRESS_LIVE_PERIOD_NS UINT64_C(100000000)

struct progress {
    FILE *err;
    enum progress_style style;
    bool colour;  /* ANSI colours: a terminal and no NO_COLOR */
    bool verbose; /* a line per game */
    size_t total;
    size_t done;
    size_t done_at_start; /* games already in a resumed log: not part of the rate */
    uint64_t start_ns;
    uint64_t last_ns;
    bool drawn; /* the live line is on screen and must be cleared first */
};

/* Whether colours may be used on a stream: a terminal, and NO_COLOR unset or
 * empty (https://no-color.org). NO_COLOR is passed in to keep this pure. */
bool tourney_progress_colour_ok(bool is_terminal, const char *no_color);

void tourney_progress_init(struct progress *p, FILE *err, enum progress_style style, bool colour,
                           bool verbose, size_t total, size_t done, uint64_t now_ns);

/* One more game finished. LEADER is the agent in first place and its score
 * rate; GAME_LINE (may be NULL) describes the game for --verbose. */
void tourney_progress_game(struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, const char *game_line);

/* Leaves the terminal's line clean (ends the live line). */
void tourney_progress_finish(struct progress *p, uint64_t now_ns);

/* The text of the progress line, without colours: for tests and the plain
 * style. */
void tourney_progress_text(const struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_PROGRESS_H */
