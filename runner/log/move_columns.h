/*
 * move_columns.h - the log's columns of a move's figures, one for each line
 * of move_fields.h, in its order: how each is read from a move record and
 * set in one. The log's writer and both its readers (record.c, through
 * jansson, and record_scan.c) go through this table, so that a figure added
 * to the list is written and read back with no other change.
 */
#ifndef TOURNEY_RUNNER_MOVE_COLUMNS_H
#define TOURNEY_RUNNER_MOVE_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <tourney/agent.h>

#include "move_fields.h"
#include "record.h"

struct move_column {
    const char *key; /* the JSON key, the figure's name */
    enum move_presence presence;
    /* The figure of MOVE into *VALUE, as the log writes it (a count above
     * INT64_MAX comes out negative, as it always has); false when MOVE has
     * none. */
    bool (*get)(const struct move_record *move, int64_t *value);
    /* Sets the figure of MOVE as a reader found it: VALUE cast to its type,
     * as C casts, and the flag to HAS (for a figure without one, HAS is
     * always true). */
    void (*set)(struct move_record *move, long long value, bool has);
};

extern const struct move_column tourney_move_columns[];
extern const size_t tourney_move_column_count;

/* Copies into MOVE every figure REPORT holds (the agent's); a flag reads as
 * 0 or 1. */
void tourney_move_record_set_report(struct move_record *move,
                                    const struct tourney_move_report *report);

#endif /* TOURNEY_RUNNER_MOVE_COLUMNS_H */
