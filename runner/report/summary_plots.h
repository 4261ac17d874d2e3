/*
 * summary_plots.h - the figures behind report.html's plots, as summary.json
 * holds them: results per seat, game lengths, every agent's score over the
 * games played and its move times per power of two nanoseconds. The page is
 * drawn from the same functions, so that it shows what the file says.
 */
#ifndef TOURNEY_RUNNER_SUMMARY_PLOTS_H
#define TOURNEY_RUNNER_SUMMARY_PLOTS_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "histogram.h"
#include "report.h"

/* An agent's move times per power of two: COUNTS[k] holds the moves of
 * 2^k to 2^(k+1) - 1 ns (0 ns with 1 ns), and [*first, *first + *count)
 * spans those from its quickest move to its slowest (none without moves). */
struct time_octaves {
    uint64_t counts[HISTOGRAM_OCTAVES];
    size_t first;
    size_t count;
};
void tourney_time_octaves(const struct agent_stats *agent, struct time_octaves *out);

/* The lowest and highest nanoseconds of octave K. */
uint64_t tourney_octave_low_ns(size_t k);
uint64_t tourney_octave_high_ns(size_t k);

/* Adds "game_lengths" and "history" to SUMMARY. Returns -1 when
 * out of memory. */
int tourney_summary_add_plots(const struct report *report, json_t *summary);

/* Adds "history" and "time_histogram" to the entry of agent I. */
int tourney_summary_add_agent_plots(const struct report *report, size_t i, json_t *agent);

#endif /* TOURNEY_RUNNER_SUMMARY_PLOTS_H */
