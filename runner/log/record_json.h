/*
 * record_json.h - a game's record read back from its parsed games.jsonl
 * line: apart from record.h so that the JSON library reaches only the files
 * that read logs, not every stage that handles a record.
 */
#ifndef TOURNEY_RUNNER_RECORD_JSON_H
#define TOURNEY_RUNNER_RECORD_JSON_H

#include <stddef.h>

#include <jansson.h>

#include "error.h"
#include "record.h"

/* Reads back what tourney_record_write_json wrote into RECORD (initialised by
 * the caller). Players are looked up in NAMES, the entrants' names by index.
 * On failure returns -1 with the reason in ERR. */
int tourney_record_from_json(json_t *object, const char *const *names, size_t name_count,
                             struct game_record *record, struct error *err);

#endif /* TOURNEY_RUNNER_RECORD_JSON_H */
