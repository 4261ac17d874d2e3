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

#include "game_sample.h"
#include "log_header.h"
#include "replay_data.h"
#include "stats.h"

/* A stats accumulator sized and labelled for HEADER's agents. */
int tourney_stats_init_for(struct stats *stats, const struct log_header *header);

/* A sample of the games report.html shows, sized for HEADER's pairings. */
int tourney_game_sample_init_for(struct game_sample *sample, const struct log_header *header);

/* Writes results.csv, summary.json, report.md and report.html into DIR and,
 * when OUT is not NULL, prints the tables there, fitting WIDTH characters
 * (0: all columns). GAMES are the games report.html shows and BOARD draws
 * them (either may be NULL). Returns -1 with a reason in ERROR. */
int tourney_publish(const struct log_header *header, struct stats *stats,
                    const struct game_sample *games, const struct board_source *board,
                    const char *dir, FILE *out, size_t width, char *error, size_t error_size);

#endif /* TOURNEY_RUNNER_PUBLISH_H */
