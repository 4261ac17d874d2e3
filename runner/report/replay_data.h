/*
 * replay_data.h - the games of report.html as data for its replay viewer:
 * for each game its players, result and termination, its moves as the game
 * writes them (format_move), and the position after every ply as the game
 * writes it (format_state). To keep the page small, each position is stored
 * as its differences from the one before.
 *
 * The document, compact JSON:
 *   {"agents": [names by entrant index], "boards": true when positions are
 *    included, "games": [{"n": game number, "a": [entrant in seat 0, in seat
 *    1], "r": "1-0", "t": "normal", "f": seat at fault or null, "why":
 *    reason, "m": [move texts], "s": "0101" (who made each move), "p":
 *    positions, "log": [[seat, ply, level, message], ...], "out": [output
 *    of seat 0, of seat 1], "o": the opening, "g": grades, "v": values}]}
 * "o", only for a game that started from an opening, is its plies as the
 * game names them, between spaces, where they are known, else its position.
 * "p" holds the text of the starting position (the opening's), then per
 * ply either the whole text (when its length changed) or [offset,
 * "characters", offset, "characters", ...]: the runs of characters that
 * differ from the position before. It is shorter than "m" + 1 when a move was not legal, a
 * position could not be written, or the page's budget for positions ran out; it is missing without
 * boards.
 * "g" and "v" are there only for a game the log's analysis (analysis.jsonl)
 * graded, with the same players, moves and seats: "g" one letter per move,
 * its grade ("b" best, "s" slower, "x" blunder, "u" unknown), and "v" per
 * move [before, after], the values of the move for its mover as
 * analysis.jsonl gives them, shortened: "w5" (a win in 5 plies), "l2",
 * "d", "u" (unknown).
 */
#ifndef TOURNEY_RUNNER_REPLAY_DATA_H
#define TOURNEY_RUNNER_REPLAY_DATA_H

#include <stddef.h>

#include <jansson.h>

#include "analysis_read.h"
#include "game_adapter.h"
#include "game_sample.h"

/* The game to draw positions with, loaded in this process. */
struct board_source {
    struct game_adapter *game; /* with the tournament's parameters; NULL: no boards, moves
                                * as numbers */
    const char *note;          /* without boards: why, for the page; may be NULL */
};

/* The most bytes of position text one page holds, whatever the game
 * writes: games past it are listed and stepped through without boards. */
#define REPLAY_POSITION_BUDGET (16 * 1024 * 1024)

/* The document for the games CHOSEN (COUNT indices into SAMPLE's games),
 * with the entrants' NAMES, holding at most about BUDGET bytes of positions
 * (REPLAY_POSITION_BUDGET), and the grades of ANALYSIS (NULL for none).
 * NULL when out of memory. */
json_t *tourney_replay_data(const struct game_sample *sample, const size_t *chosen, size_t count,
                            const char *const *names, size_t name_count,
                            const struct board_source *board, size_t budget,
                            const struct analysis_read *analysis);

#endif /* TOURNEY_RUNNER_REPLAY_DATA_H */
