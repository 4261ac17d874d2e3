/*
 * openings.h - the positions the games of a tournament start from, and
 * which one each game plays.
 *
 * Deterministic agents play the same game every time they meet from the
 * same position, so a tournament of them measures one game per pairing
 * however many it plays. Openings make the games differ: either a file of
 * positions in the game's own notation (`openings`), read by the game's
 * parse_state and checked line by line when the tournament is loaded, or a
 * number of random legal plies from the initial position (`opening_plies`).
 *
 * The opening is a function of the round alone (tourney_schedule_game): both
 * games of a mini-match belong to one round, so they start from the same
 * position with the seats swapped, and in each round every pair plays the
 * same opening. Random choices come from a stream of their own, seeded with
 * the tournament's seed and the round (rng.h), never from the agents'.
 */
#ifndef TOURNEY_RUNNER_OPENINGS_H
#define TOURNEY_RUNNER_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/game.h>

#include "diag.h"
#include "error.h"
#include "game_adapter.h"
#include "settings.h"

/* The position a game starts from, when not the game's initial one. */
struct game_start {
    const void *state;         /* the position: info.state_size bytes */
    const char *position;      /* it as text in the game's notation; NULL when the game cannot
                                * write it */
    const tourney_move *moves; /* the plies that lead to it from the initial position */
    int32_t move_count;        /* how many; -1 when they are not known */
};

/* One position of a file. */
struct opening {
    char *position; /* the line without blanks around it or its comment */
    int line;
    tourney_move *moves; /* plies from the initial position that reach it, or NULL */
    int32_t move_count;  /* -1 when none were found */
};

enum opening_source {
    OPENINGS_NONE = 0,  /* every game from the initial position */
    OPENINGS_FILE = 1,  /* positions read from a file */
    OPENINGS_PLIES = 2, /* random plies drawn per round */
};

struct opening_book {
    enum opening_source source;
    const struct game_adapter *game;
    uint64_t seed;
    /* OPENINGS_FILE */
    struct opening *openings;
    size_t count;
    unsigned char *states; /* count positions of info.state_size bytes */
    enum openings_order order;
    /* OPENINGS_PLIES */
    uint32_t plies;
};

/* How far the runner looks for the plies that lead to a position of a file
 * written as a board: positions visited from the initial one. A position
 * written as moves (Connect Four's "4453") has them at once. */
#define OPENINGS_SEARCH_NODES 100000

/* At most this many draws of random plies are tried before a round is
 * declared to have no opening that leaves the game going. */
#define OPENINGS_DRAW_ATTEMPTS 1000

/* A book of no openings: every game from the initial position. */
void tourney_openings_init(struct opening_book *book);
void tourney_openings_finish(struct opening_book *book);

/* Reads the LENGTH bytes of TEXT, a file of positions named FILE in
 * messages, into BOOK, for GAME (which must outlive BOOK): one position a
 * line in the game's notation, blank lines and text from a '#' on skipped.
 * Every mistake is added to DIAG as "FILE:LINE: ...": a position the game
 * cannot read, one where the game is over, one already given at an earlier
 * line, a line that is not printable ASCII; and "FILE: ..." for a file
 * without positions. A game without parse_state is refused at SETTING_LINE
 * of CONFIG, the line of `openings`. Returns 0 when there was no mistake. */
int tourney_openings_read(struct opening_book *book, struct game_adapter *game, const char *text,
                          size_t length, const char *file, enum openings_order order,
                          uint64_t seed, const char *config, int setting_line,
                          struct diagnostics *diag);

/* Makes BOOK draw PLIES random plies from the initial position of GAME
 * (which must outlive BOOK) for each round. Returns 0, or -1 with ERR saying
 * why: the game cannot last that long, or no draw for the first round left
 * the game going. */
int tourney_openings_use_plies(struct opening_book *book, const struct game_adapter *game,
                               uint32_t plies, uint64_t seed, struct error *err);

/* Whether games start from openings at all. */
bool tourney_openings_active(const struct opening_book *book);

/* The position of the file (an index into book->openings) round ROUND
 * plays: the file's positions in turn, or, with openings_order = random,
 * each pass over the file in an order drawn from the seed and the pass. */
size_t tourney_openings_index(const struct opening_book *book, uint64_t round);

/* Where the positions drawn for opening_plies are made: one state, its
 * plies, its text, and the legal moves of each ply. */
struct opening_draw {
    void *state;
    tourney_move *moves;
    tourney_move *legal;
    char *text;
    size_t text_size;
};

/* Returns 0, or -1 when out of memory; finish it either way. */
int tourney_opening_draw_init(struct opening_draw *draw, const struct opening_book *book);
void tourney_opening_draw_finish(struct opening_draw *draw);

/* The start of the games of round ROUND, into START, which may point into
 * BOOK or DRAW until either changes. Returns 0, or -1 with ERR saying why
 * (no draw of random plies left the game going). BOOK must be active. */
int tourney_openings_start(const struct opening_book *book, uint64_t round,
                           struct opening_draw *draw, struct game_start *start, struct error *err);

#endif /* TOURNEY_RUNNER_OPENINGS_H */
