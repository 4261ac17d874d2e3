/*
 * progress.h - what a running tournament shows on stderr: a progress line
 * (games done of total, games per second, time left, the current leader)
 * redrawn in place on a terminal, or a plain line now and then when stderr
 * is a file or a pipe; with --verbose, a line per game as well.
 *
 * On a terminal the line names the leaders by their ratings (ratings.h),
 * fitted anew every few seconds, in place of the leader by score. Every
 * decision (when to draw, when the rate says enough for a time left, when
 * the ratings are due) is taken on the clock passed in, so that tests drive
 * it with a clock of their own.
 */
#ifndef TOURNEY_RUNNER_PROGRESS_H
#define TOURNEY_RUNNER_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ratings.h"

enum progress_style {
    PROGRESS_OFF = 0,   /* --quiet */
    PROGRESS_PLAIN = 1, /* stderr is not a terminal: a line every PLAIN_PERIOD */
    PROGRESS_LIVE = 2,  /* a terminal: one line, redrawn in place */
};

/* Seconds between two plain progress lines; the first and last always show. */
#define PROGRESS_PLAIN_PERIOD_NS UINT64_C(10000000000)
/* How often the live line is redrawn at most. */
#define PROGRESS_LIVE_PERIOD_NS UINT64_C(100000000)
/* What this run must have played before its rate is shown and a time left
 * worked out from it: a few games, over a few seconds (the first games of a
 * run, and games finished together by worker processes, say little). */
#define PROGRESS_RATE_MIN_GAMES 5
#define PROGRESS_RATE_MIN_NS UINT64_C(2000000000)
/* How often the leaders' ratings are fitted anew for the live line, once
 * the rate is known. */
#define PROGRESS_RATINGS_PERIOD_NS UINT64_C(3000000000)
/* The leaders the live line names, at most. */
#define PROGRESS_LEADERS 3

struct progress;
/* Fits the ratings of the field for the live line, handing them over with
 * tourney_progress_set_ratings. */
typedef void progress_rate_fn(void *context, struct progress *p, uint64_t now_ns);

struct progress {
    FILE *err;
    enum progress_style style;
    bool colour;  /* ANSI colours: a terminal and no NO_COLOR */
    bool verbose; /* a line per game */
    size_t width; /* of the terminal: the live line stays shorter; 0 when unknown */
    size_t total;
    size_t done;
    size_t done_at_start; /* games already in a resumed log: not part of the rate */
    uint64_t start_ns;
    uint64_t last_ns;
    bool drawn; /* the live line is on screen and must be cleared first */
    /* The leaders by rating, best first, each "name +312±40"; none until
     * the first fit. */
    char leaders[PROGRESS_LEADERS][80];
    size_t leader_count;
    bool rated;             /* a fit has been made */
    uint64_t rated_ns;      /* when */
    progress_rate_fn *rate; /* NULL: the live line names the leader by score */
    void *rate_context;
};

/* Whether colours may be used on a stream: a terminal, and NO_COLOR unset or
 * empty (https://no-color.org). NO_COLOR is passed in to keep this pure. */
bool tourney_progress_colour_ok(bool is_terminal, const char *no_color);

void tourney_progress_init(struct progress *p, FILE *err, enum progress_style style, bool colour,
                           bool verbose, size_t total, size_t done, uint64_t now_ns);

/* Has the live line name the leaders by rating: RATE is called, with
 * CONTEXT, whenever tourney_progress_ratings_due says so. */
void tourney_progress_rate_with(struct progress *p, progress_rate_fn *rate, void *context);

/* One more game finished. LEADER is the agent in first place and its score
 * rate; GAME_LINE (may be NULL) describes the game for --verbose. */
void tourney_progress_game(struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, const char *game_line);

/* Whether this run has played enough (PROGRESS_RATE_MIN_GAMES over
 * PROGRESS_RATE_MIN_NS) for its rate, and the time left, to be shown. */
bool tourney_progress_rate_known(const struct progress *p, uint64_t now_ns);

/* Whether the live line wants the leaders' ratings fitted anew, the games
 * counted so far included: with the live style only, once the rate is
 * known, then every PROGRESS_RATINGS_PERIOD_NS, and for the last game. */
bool tourney_progress_ratings_due(const struct progress *p, uint64_t now_ns);

/* The ratings of the COUNT agents NAMES just fitted: the best
 * PROGRESS_LEADERS rated ones become the leaders the live line shows. */
void tourney_progress_set_ratings(struct progress *p, uint64_t now_ns, const char *const *names,
                                  const struct ratings *ratings);

/* Leaves the terminal's line clean (ends the live line). */
void tourney_progress_finish(struct progress *p, uint64_t now_ns);

/* The text of the progress line, without colours: for tests and the plain
 * style. With leaders (the live style), as many of them as the width has
 * room for. */
void tourney_progress_text(const struct progress *p, uint64_t now_ns, const char *leader,
                           double leader_score, char *buf, size_t size);

#endif /* TOURNEY_RUNNER_PROGRESS_H */
