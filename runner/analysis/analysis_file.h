/*
 * analysis_file.h - analysis.jsonl, the companion of games.jsonl: a header
 * line (the game, the solver and its budget, the log it is of), then one
 * line per game with every move's values and grade (docs/reports.md, The
 * analysis file).
 */
#ifndef TOURNEY_RUNNER_ANALYSIS_FILE_H
#define TOURNEY_RUNNER_ANALYSIS_FILE_H

#include <stdint.h>

#include "analysed_games.h"
#include "error.h"
#include "game_adapter.h"
#include "log_header.h"
#include "out_dir.h"

/* The format's version, in the header line. */
#define ANALYSIS_FILE_FORMAT 1

struct analysis_file {
    const struct log_header *header;
    const struct game_adapter *game;
    const struct analysed_games *games;
    const char *solver_params;
    uint64_t budget;
};

/* Writes NAME in DIR whole (out_dir.h: never through a link). */
int tourney_analysis_file_write(const struct out_dir *dir, const char *name,
                                const struct analysis_file *file, struct error *err);

#endif /* TOURNEY_RUNNER_ANALYSIS_FILE_H */
