/*
 * analysis_read.h - analysis.jsonl read back (the file analysis_file.c
 * writes), for the reports and the export of the same log: every game's
 * graded moves, looked up by the game's index.
 *
 * The file is data like the log: it may be edited, cut short, planted by
 * someone else or of another tournament. It is read never through a link
 * and only as a regular file, its header must name the log's tournament
 * (settings_digest) and game, every line must be what analysis_file.c
 * writes (players of the log, values and grades that agree, plies in
 * order), and anything else refuses the whole file with the line that
 * failed: a report then goes on without the analysis, never with part of
 * it. Whether a game's moves are the ones analysed (as many, the same
 * seats) is for the user of a game to check (tourney_analysis_read_matches).
 */
#ifndef TOURNEY_RUNNER_ANALYSIS_READ_H
#define TOURNEY_RUNNER_ANALYSIS_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/tourney.h>

#include "error.h"
#include "game_adapter.h"
#include "log_header.h"
#include "move_grades.h"
#include "out_dir.h"

/* The most games and moves per game a file is read with: past them it is
 * refused rather than held (a log's games are its own limit). */
#define ANALYSIS_READ_MAX_MOVES (1u << 20)

struct read_game {
    uint32_t index;    /* the game's index in the log ("game") */
    uint32_t agent[2]; /* the header's agents, first and second to move */
    int32_t first_ply; /* the plies before its first move */
    size_t move_count;
    struct graded_move *moves;
    char *texts;       /* the moves as the file names them, each after a NUL */
    uint32_t *text_at; /* per move, where its name starts in texts */
};

struct analysis_read {
    struct read_game *games; /* by index, ascending */
    size_t count;
    uint64_t budget; /* the header's: node budget per position, 0 for none */
};

/* Reads NAME (TOURNEY_ANALYSIS_NAME) of DIR, an analysis of the log whose
 * header is HEADER, into READ (to finish either way). Returns 0; 1 when
 * there is no such file (READ empty); -1 with ERR naming the file, and the
 * line, when it is there and cannot be used (READ empty). */
int tourney_analysis_read(const struct out_dir *dir, const char *name,
                          const struct log_header *header, struct analysis_read *read,
                          struct error *err);

void tourney_analysis_read_finish(struct analysis_read *read);

/* The analysis of the game of index INDEX; NULL when it has none. */
const struct read_game *tourney_analysis_read_find(const struct analysis_read *read,
                                                   uint32_t index);

/* The moves of a log's game, to tell whether an analysis is of it. */
struct read_game_check {
    const uint32_t *agent; /* first and second to move */
    size_t move_count;
    const unsigned char *seats;      /* who made each move, 0 or 1; NULL not to check */
    const tourney_move *moves;       /* NULL not to check them */
    const struct game_adapter *game; /* names MOVES as the file does; NULL not to check */
};

/* Whether ANALYSED (which may be NULL) is the analysis of the game CHECK
 * describes: the same players, as many moves, by the same seats and with
 * the same names (an analysis.jsonl left from an earlier run of the same
 * tournament may be of other games). */
bool tourney_analysis_read_matches(const struct read_game *analysed,
                                   const struct read_game_check *check);

#endif /* TOURNEY_RUNNER_ANALYSIS_READ_H */
