/*
 * exact_after_run.h - exact_vs_random = yes: after a run's games, the
 * exact win rate against random of each agent that played random
 * (exact_vs_random.h, over the very games it played), written to
 * exact-vs-random.json (exact_file.h) for the reports to show beside the
 * sampled one.
 */
#ifndef TOURNEY_RUNNER_EXACT_AFTER_RUN_H
#define TOURNEY_RUNNER_EXACT_AFTER_RUN_H

#include <stdint.h>

#include "error.h"
#include "log_header.h"
#include "out_dir.h"
#include "schedule.h"
#include "game_set.h"
#include "tournament.h"

/* Computes the figure of every entrant of T but the random ones that has
 * games against random among the games of SCHEDULE in PLAYED (GAMES of
 * them: those of the log of HEADER), each within t's exact_vs_random_budget;
 * an agent whose figure cannot be had (the game too large, the agent not
 * deterministic) is kept with the reason. Writes them into DIR when some
 * agent played random. Returns the agents written (0 for none), or -1 with
 * ERR when the runner failed. */
int tourney_exact_after_run(const struct tournament *t, const struct schedule *schedule,
                            const struct game_set *played, const struct log_header *header,
                            uint64_t games, const struct out_dir *dir, struct error *err);

#endif /* TOURNEY_RUNNER_EXACT_AFTER_RUN_H */
