/*
 * config_stats.h - the [tournament] keys that choose how results are
 * judged: the sequential test (`sprt`) and the anchor of the ratings
 * (`rating_anchor`).
 */
#ifndef TOURNEY_RUNNER_CONFIG_STATS_H
#define TOURNEY_RUNNER_CONFIG_STATS_H

#include <stdbool.h>

#include "config.h"

/* Reads ENTRY when it is one of these keys; returns false otherwise. */
bool tourney_config_read_stats_key(struct tournament_config *config,
                                   const struct ini_entry *entry, struct diagnostics *diag);

/* Checks what needs the whole file: an SPRT is a match of two agents. */
void tourney_config_check_stats(const struct tournament_config *config,
                                struct diagnostics *diag);

/* Parses "elo0, elo1, alpha, beta". Returns false with the reason in WHY. */
bool tourney_parse_sprt(const char *text, struct sprt_settings *out, char *why,
                        size_t why_size);

#endif /* TOURNEY_RUNNER_CONFIG_STATS_H */
