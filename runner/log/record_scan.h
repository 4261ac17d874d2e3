/*
 * record_scan.h - a game's log line read straight from its text, in the one
 * form tourney writes it (record.c, tourney_record_write_json; log_line.c),
 * without a JSON tree: reading a log is most of what `tourney report`,
 * `--resume` and `tourney merge` do, and jansson's parse was most of that.
 *
 * It reads only what it is sure to read as the general way does
 * (log_line.c's unseal, then tourney_record_from_json): the keys in the
 * writer's order, integers as JSON writes them, names and other keys in
 * printable ASCII, and texts (messages, output, the reason) in ASCII with
 * JSON's escapes of it. Any other line (a character beyond ASCII, which
 * jansson checks as UTF-8), and any line that is wrong, it leaves to the
 * general way, which reads it or says what is wrong with it.
 */
#ifndef TOURNEY_RUNNER_RECORD_SCAN_H
#define TOURNEY_RUNNER_RECORD_SCAN_H

#include <stddef.h>

#include "record.h"

/* Reads LINE (a whole line, its newline included) into RECORD, fresh from
 * tourney_record_init; NAMES are the tournament's NAME_COUNT agents. Returns
 * 1 when it read the line and its check digest holds (the digest of the
 * text before it: log_line.h), 0 when the line is not of the form it reads
 * (RECORD is then as it was given), -1 when out of memory. */
int tourney_record_scan(const char *line, const char *const *names, size_t name_count,
                        struct game_record *record);

#endif /* TOURNEY_RUNNER_RECORD_SCAN_H */
