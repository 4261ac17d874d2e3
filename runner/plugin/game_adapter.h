/*
 * game_adapter.h - a loaded game plugin as the runner uses it: the
 * descriptor, one instance made with checked parameter values, the facts the
 * instance gave about itself, and everything the runner asks of a game
 * (whose turn, the status, legal moves, moves applied, moves and positions
 * as text). The referee, `play`, `replay`, `solve`, the reports and the
 * agent host all hold one of these.
 *
 * Optional functions and the fields a later ABI minor added are read here
 * and nowhere else in the runner: a game without one gets the fallback the
 * function below documents, and a change in how the ABI offers optional
 * capabilities lands in game_adapter.c alone.
 */
#ifndef TOURNEY_RUNNER_GAME_ADAPTER_H
#define TOURNEY_RUNNER_GAME_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>

#include <tourney/game.h>

#include "error.h"
#include "plugin.h"

struct game_adapter {
    const struct tourney_game_api *api; /* NULL until init succeeds; agents get it */
    void *instance;                     /* the game made with the parameter values */
    struct tourney_game_info info;      /* checked: every size at least 1 */
    tourney_move *legal;                /* scratch of is_legal: info.move_limit moves */
};

/* The optional functions of a game descriptor, for tourney_game_adapter_has. */
enum game_optional {
    GAME_OPTIONAL_EVALUATE,
    GAME_OPTIONAL_HASH,
    GAME_OPTIONAL_FORMAT_MOVE,
    GAME_OPTIONAL_FORMAT_STATE,
    GAME_OPTIONAL_PARSE_STATE,
    GAME_OPTIONAL_ORDER_MOVES,
    GAME_OPTIONAL_WINNING_MOVE,
    GAME_OPTIONAL_SAFE_MOVES,
};

/* Makes the instance of the game PLUGIN (loaded, not only described) with
 * VALUES, one per parameter, already checked against the plugin's list.
 * PLUGIN must stay loaded until the adapter is finished. Returns 0, or -1
 * with ERR saying why: the game refused the values, reported a size of 0 or
 * less, or memory ran out. Finish GAME in every case. */
int tourney_game_adapter_init(struct game_adapter *game, const struct plugin *plugin,
                              const struct tourney_param_value *values, struct error *err);
/* Destroys the instance; does nothing to a zeroed or finished adapter. */
void tourney_game_adapter_finish(struct game_adapter *game);

const char *tourney_game_adapter_name(const struct game_adapter *game);

/* Whether the game has the optional function WHAT (its descriptor is long
 * enough to hold it and it is not NULL). */
bool tourney_game_adapter_has(const struct game_adapter *game, enum game_optional what);

/* ---- positions and moves ---- */

/* A new state holding the starting position, to free(); NULL when out of
 * memory. */
void *tourney_game_adapter_new_state(const struct game_adapter *game);
void tourney_game_adapter_initial_state(const struct game_adapter *game, void *state);
/* 0 or 1 as the game says; meaningful only while the game goes on. */
int tourney_game_adapter_to_move(const struct game_adapter *game, const void *state);
/* enum tourney_status. */
int tourney_game_adapter_status(const struct game_adapter *game, const void *state);
/* Writes the legal moves of STATE into MOVES (room for info.move_limit) and
 * returns their number, never more than info.move_limit. */
int tourney_game_adapter_legal_moves(const struct game_adapter *game, const void *state,
                                     tourney_move *moves);
/* Applies MOVE, which the caller knows to be legal. */
void tourney_game_adapter_apply(const struct game_adapter *game, void *state, tourney_move move);

/* Whether MOVE may be played in STATE: the game goes on and MOVE is one of
 * its legal moves. For moves read back from a log, which is data: checked
 * against the game, never trusted. Uses the adapter's scratch. */
bool tourney_game_adapter_is_legal(struct game_adapter *game, const void *state,
                                   tourney_move move);
/* Applies MOVE when it is legal in STATE and returns true; otherwise leaves
 * STATE alone and returns false. */
bool tourney_game_adapter_play(struct game_adapter *game, void *state, tourney_move move);

/* What the referee learns of a position. */
struct game_turn {
    int status;  /* enum tourney_status */
    int to_move; /* 0 or 1; while the game goes on */
    int count;   /* legal moves written into the caller's MOVES; while it goes on */
};

/* Asks the game everything the referee relies on about STATE, the position
 * after PLY moves, and checks each answer against the contract of game.h:
 * the status is one of enum tourney_status; while the game goes on, PLY is
 * below max_plies, the player to move is 0 or 1, and there are 1 to
 * move_limit legal moves (written into MOVES, room for info.move_limit),
 * each in [0, move_limit), in ascending order, none twice. Returns 0 with
 * TURN filled; or -1 with ERR naming the game, the ply, what was wrong and
 * the position as the game writes it (when it can). A game that lists more
 * moves than move_limit has written past MOVES: the caller stops using the
 * game. */
int tourney_game_adapter_turn(const struct game_adapter *game, const void *state, int32_t ply,
                              tourney_move *moves, struct game_turn *turn, struct error *err);

/* Whether MOVE is one of the COUNT MOVES. */
bool tourney_move_listed(const tourney_move *moves, int count, tourney_move move);

/* ---- text ---- */

/* The game's own name for MOVE ("b2", "4") from format_move; false, with BUF
 * empty, when the game has no format_move, it fails, or MOVE lies outside
 * [0, move_limit) (the game is never asked about those). BUF ends in a NUL
 * within SIZE; with SIZE 0 nothing is written and the answer is false. */
bool tourney_game_adapter_move_name(const struct game_adapter *game, tourney_move move, char *buf,
                                    size_t size);
/* The game's name for MOVE, or "#N" for move number N when it has none
 * (tourney_game_adapter_move_name). */
void tourney_game_adapter_move_text(const struct game_adapter *game, tourney_move move, char *buf,
                                    size_t size);
/* The one of the COUNT legal MOVES that TEXT names, as move_text writes it
 * (case ignored), or -1: the game's name, or "#N" for move number N. */
tourney_move tourney_game_adapter_read_move(const struct game_adapter *game,
                                            const tourney_move *moves, int count,
                                            const char *text);

/* Plays TEXT from the starting position into STATE: the legal moves' names
 * (move_text, case ignored) one after the other, at each step the longest
 * that fits, with commas between them where a game's names need telling
 * apart ("4453" for Connect Four, "b2,a1" or "b2a1" for m,n,k); "-" is no
 * move. Returns the number of moves played. Where a name cannot be read, or
 * the game is over with text left, it stops and sets *STOP to the text not
 * read; else *STOP is NULL. PLAYED, when not NULL, gets the first ROOM moves.
 * Uses the adapter's scratch. */
int tourney_game_adapter_read_moves(struct game_adapter *game, const char *text, void *state,
                                    tourney_move *played, size_t room, const char **stop);

/* The position as the game draws it (rows ending in '\n') through
 * format_state; false, with BUF empty, when the game has no format_state or
 * it fails (for one, because SIZE is too small). BUF ends in a NUL within
 * SIZE; with SIZE 0 nothing is written and the answer is false. */
bool tourney_game_adapter_board_text(const struct game_adapter *game, const void *state, char *buf,
                                     size_t size);

/* Reads TEXT, a position in the game's own notation, into STATE through
 * parse_state. Returns 0, or -1 when the game has no parse_state or cannot
 * read TEXT (STATE is then undefined). */
int tourney_game_adapter_parse_state(const struct game_adapter *game, const char *text,
                                     void *state);

#endif /* TOURNEY_RUNNER_GAME_ADAPTER_H */
