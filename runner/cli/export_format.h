/*
 * export_format.h - one game of a results log as people read it: a PGN-like
 * text (tag pairs, then the moves in the game's own notation, numbered as
 * chess numbers them, and the result) or a row of CSV. docs/export.md
 * describes both.
 */
#ifndef TOURNEY_RUNNER_EXPORT_FORMAT_H
#define TOURNEY_RUNNER_EXPORT_FORMAT_H

#include <stdio.h>

#include "analysis_read.h"
#include "game_adapter.h"
#include "log_header.h"
#include "record.h"

/* Everything a game is written with: the log's header (names, the game,
 * the tournament), the game plugin that names the moves, and the log's
 * exact analysis (NULL without one), whose values the text gives as
 * comments on the moves of the games it analysed. */
struct export_source {
    const struct log_header *header;
    const struct game_adapter *game;
    const struct analysis_read *analysis;
};

/* The game RECORD as tag pairs and numbered moves, followed by a blank line;
 * its opening as the log line gave it (record.h, struct record_opening).
 * Returns -1 when OUT fails. */
int tourney_export_text_game(FILE *out, const struct export_source *source,
                             const struct game_record *record);

/* The CSV's first line, naming its columns. */
int tourney_export_csv_head(FILE *out);
/* The game RECORD as one CSV row. Returns -1 when OUT fails. */
int tourney_export_csv_game(FILE *out, const struct export_source *source,
                            const struct game_record *record);

#endif /* TOURNEY_RUNNER_EXPORT_FORMAT_H */
