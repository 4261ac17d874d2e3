/*
 * config_stats.h - what the keys that choose how results are judged need
 * of the whole file: an SPRT is a match of two agents. (The keys are read
 * through the settings table; judging.h parses the test.)
 */
#ifndef TOURNEY_RUNNER_CONFIG_STATS_H
#define TOURNEY_RUNNER_CONFIG_STATS_H

#include "config.h"

/* Checks what needs the whole file: an SPRT is a match of two agents. */
void tourney_config_check_stats(const struct tournament_config *config, struct diagnostics *diag);

#endif /* TOURNEY_RUNNER_CONFIG_STATS_H */
