/*
 * stats.h - tournament statistics, accumulated one game record at a time
 * (so a report is a function of the results log alone), plus the pure
 * formulas the reports use.
 */
#ifndef TOURNEY_RUNNER_STATS_H
#define TOURNEY_RUNNER_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* The two-sided 95% quantile of the standard normal distribution. */
#define TOURNEY_Z95 1.959963984540054

struct tally {
    uint32_t games;
    uint32_t wins;
    uint32_t draws;
    uint32_t losses;
};

struct agent_stats {
    struct tally all;
    struct tally seat[2];   /* as first (0) and as second (1) player */
    struct tally vs_random; /* against entrants of the random plugin */
    uint32_t faults[TERMINATION_COUNT]; /* games this agent lost by its fault */
    uint64_t moves;
    uint64_t nodes;
    uint64_t depth_sum;
    double ebf_sum; /* over the moves that searched at least one ply */
    uint64_t ebf_moves;
    uint64_t think_ns;
    uint64_t max_ns;
    uint64_t over_budget; /* moves that took longer than the budget */
    uint64_t *times_ns;   /* every move's time, for the median */
    size_t time_capacity;
};

struct stats {
    size_t agent_count;
    bool *is_random;
    uint64_t budget_ns;
    struct agent_stats *agents;
    struct tally *cross; /* cross[i * agent_count + j]: i's results against j */
    uint64_t games;
    uint64_t plies;
    uint64_t terminations[TERMINATION_COUNT];
};

int tourney_stats_init(struct stats *stats, size_t agent_count, const bool *is_random,
                       uint64_t budget_ns);
void tourney_stats_finish(struct stats *stats);
/* Counts one finished game. Returns -1 when out of memory. */
int tourney_stats_add(struct stats *stats, const struct game_record *record);

/* A proportion's 95% Wilson score interval, in [0, 1]. For n = 0: [0, 1]. */
struct interval {
    double low;
    double high;
};
struct interval tourney_wilson(uint32_t successes, uint32_t n, double z);

/* The effective branching factor: the b with 1 + b + b^2 + ... + b^depth =
 * nodes. Returns 0 when depth < 1 or nodes < 1. */
double tourney_ebf(uint64_t nodes, int depth);

/* wins / games, or 0 for no games. */
double tourney_rate(uint32_t count, uint32_t games);
/* (wins + draws / 2) / games, or 0 for no games. */
double tourney_score_rate(const struct tally *tally);

/* Per-agent figures derived from the accumulated counts. */
struct agent_summary {
    double win_rate;
    struct interval win_interval;
    double score_rate;
    double moves_per_game;
    double nodes_per_move;
    double depth_per_move;
    double ebf;          /* mean over moves with depth >= 1; 0 if none */
    double mean_ms;
    double median_ms;
    double max_ms;
    double total_s;
};
/* Sorts the agent's move times in place to find the median. */
void tourney_stats_summarize(struct stats *stats, size_t agent, struct agent_summary *out);

/* Agent indices ordered by score, then wins, then name order (their index). */
void tourney_stats_standings(const struct stats *stats, size_t *order);

#endif /* TOURNEY_RUNNER_STATS_H */
