/*
 * log_line.h - one line of a results log: a compact JSON object with a
 * "check" field added at its end, the digest of the rest of the line, so a
 * line that was cut short or changed on disk is recognised as such.
 */
#ifndef TOURNEY_RUNNER_LOG_LINE_H
#define TOURNEY_RUNNER_LOG_LINE_H

#include <stdbool.h>

#include <jansson.h>

#include "record.h"

/* OBJECT as one log line, "\n" included: its compact JSON with the check
 * digest of that JSON added. OBJECT gains the check field. NULL when out of
 * memory. */
char *tourney_log_line_seal(json_t *object);

/* A game as its log line; NAMES are the entrants' names in seat order. */
char *tourney_log_line_of_record(const struct game_record *record, const char *const names[2]);

/* Whether LINE, as written, ends with ',"check":"' CHECK '"}' and its
 * newline, CHECK being the digest of the text before it with a closing
 * brace: every line tourney writes does. */
bool tourney_log_line_sealed_as_written(const char *line, const char *check);

/* Parses LINE and verifies its check field, which it removes; NULL when the
 * line does not hold. The check holds when it is the digest of the line's
 * text before it (as every line tourney writes), or else of the compact
 * JSON of the rest of the parsed line (a line another tool wrote). */
json_t *tourney_log_line_unseal(const char *line);

/* The game on LINE, a log line, into RECORD (fresh from
 * tourney_record_init); NAMES are the tournament's NAME_COUNT agents. Read
 * straight from its text where it is as tourney writes it (record_scan.h),
 * else parsed by jansson. Returns -1 with ERR set when the line does not
 * hold its check ("corrupted record ...") or the game is not one of this
 * tournament's, as tourney_record_from_json says. */
int tourney_log_line_read_game(const char *line, const char *const *names, size_t name_count,
                               struct game_record *record, struct error *err);

#endif /* TOURNEY_RUNNER_LOG_LINE_H */
