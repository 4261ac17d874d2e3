/*
 * settings_json.h - a tournament's settings as JSON, row by row of the
 * settings table: in the results log's header, read back from it, and in
 * summary.json.
 */
#ifndef TOURNEY_RUNNER_SETTINGS_JSON_H
#define TOURNEY_RUNNER_SETTINGS_JSON_H

#include <stdbool.h>

#include <jansson.h>

#include "error.h"
#include "settings.h"

/* ROW's value: a number (as text when it may not fit a JSON integer), a
 * word, a string, the test's four numbers; null when unset. */
json_t *tourney_setting_to_json(const struct setting *row,
                                const struct tournament_settings *settings);

/* Adds to OBJECT, in table order, the settings the log's header keeps in
 * PLACE (tourney_setting_in_log); with SUMMARY only those that summary.json
 * shows. Returns -1 when out of memory. */
int tourney_settings_add_json(json_t *object, const struct tournament_settings *settings,
                              enum setting_place place, bool summary);

/* Reads the settings a log's header keeps from OBJECT into SETTINGS (which
 * start at their defaults; those after the settings digest may be absent).
 * Returns -1 with the reason in ERR. Finish SETTINGS either way. */
int tourney_settings_from_json(struct tournament_settings *settings, json_t *object,
                               struct error *err);

#endif /* TOURNEY_RUNNER_SETTINGS_JSON_H */
