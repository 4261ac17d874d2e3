/*
 * publish.h - from a log's header and the statistics of its games to the
 * console tables and the report files. Shared by `tourney run`, which counts
 * games as it plays them, and `tourney report`, which reads them from a log.
 */
#ifndef TOURNEY_RUNNER_PUBLISH_H
#define TOURNEY_RUNNER_PUBLISH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "game_sample.h"
#include "log_header.h"
#include "out_dir.h"
#include "replay_data.h"
#include "stats.h"
#include "warning.h"

/* A stats accumulator sized and labelled for HEADER's agents. */
int tourney_stats_init_for(struct stats *stats, const struct log_header *header);

/* A sample of the games report.html shows, sized for HEADER's pairings. */
int tourney_game_sample_init_for(struct game_sample *sample, const struct log_header *header);

/* Writes results.csv, summary.json, report.md and report.html into DIR and,
 * when OUT is not NULL, prints the tables there, fitting WIDTH characters
 * (0: all columns). GAMES are the games report.html shows and BOARD draws
 * them (either may be NULL). DIR's analysis.jsonl, when it is an analysis of
 * this log (analysis_read.h), is shown beside the games; one that is there
 * and cannot be used is left out, with a warning to WARN (may be NULL) that
 * says why. Returns -1 with a reason in ERR. */
int tourney_publish(const struct log_header *header, struct stats *stats,
                    const struct game_sample *games, const struct board_source *board,
                    const struct out_dir *dir, FILE *out, size_t width,
                    const struct warnings *warn, struct error *err);

/* Writes every report of a log's games into DIR, drawing boards in
 * report.html with GAME, the log's game (log_game.h), which checked each
 * game's end against its moves (record_check.h); when it could not be
 * loaded (NULL), a report without boards is still a report, and a warning
 * to WARN says WHY_NO_GAME. The tables on OUT fit WIDTH characters (0: all
 * columns). Returns -1 with the reason in ERROR when the reports cannot be
 * written. */
int tourney_publish_from_log(const struct log_header *header, struct stats *stats,
                             const struct game_sample *games, struct game_adapter *game,
                             const char *why_no_game, const struct out_dir *dir, FILE *out,
                             size_t width, const struct warnings *warn, struct error *error);

#endif /* TOURNEY_RUNNER_PUBLISH_H */
