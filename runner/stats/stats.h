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

#include "game_lengths.h"
#include "histogram.h"
#include "id_map.h"
#include "key_set.h"
#include "record.h"
#include "score_history.h"
#include "sprt.h"
#include "time_control.h"

/* The two-sided 95% quantile of the standard normal distribution. */
#define TOURNEY_Z95 1.959963984540054
/* The two-sided 99% quantile, for an interval that must hold a known value
 * 99 times in 100 (the exact win rate against random beside the sampled). */
#define TOURNEY_Z99 2.5758293035489004

struct tally {
    uint32_t games;
    uint32_t wins;
    uint32_t draws;
    uint32_t losses;
};

/* The games of each kind of fault an agent's figures name. */
#define FAULT_GAMES_KEPT 3

/* Moves reported deeper than this count at this depth in the EBF. */
#define EBF_DEPTH_MAX 64

struct agent_stats {
    struct tally all;
    struct tally seat[2];               /* as first (0) and as second (1) player */
    struct tally vs_random;             /* against entrants of the random plugin */
    uint32_t faults[TERMINATION_COUNT]; /* games this agent lost by its fault */
    /* The first FAULT_GAMES_KEPT such games of each kind (by game index,
     * whatever the order they came in); UINT32_MAX past the count. */
    uint32_t fault_games[TERMINATION_COUNT][FAULT_GAMES_KEPT];
    uint64_t moves;
    uint64_t nodes;
    uint64_t depth_sum;
    /* The moves that searched at least one ply (depth >= 1, nodes >= 1):
     * how many, their nodes, and how many at each depth (deeper ones
     * counted at EBF_DEPTH_MAX). */
    uint64_t ebf_moves;
    uint64_t ebf_nodes;
    uint32_t ebf_depths[EBF_DEPTH_MAX + 1];
    uint64_t think_ns;
    uint64_t max_ns;
    uint64_t over_budget;   /* moves that took longer than the budget */
    struct histogram times; /* move times, for the median and the 95th percentile */
    /* On a clock: the least time it had left after a move (before the
     * increment), 0 when it lost on time; UINT64_MAX before its first move. */
    uint64_t lowest_clock_ns;
};

/* Everything two agents did against each other, told from the side of the
 * lower-numbered one, agent[0] (tourney_pair_tally and
 * tourney_pair_pentanomial turn it round). */
struct pair_stats {
    uint32_t agent[2];        /* agent[0] < agent[1] */
    struct tally seat[2];     /* agent[0]'s results as first (0) and as second (1) player */
    struct pentanomial penta; /* agent[0]'s points in seat-swapped pairs of games */
    uint32_t distinct;        /* distinct games: moves (and opening), and who moved first */
};

/* A game waiting for the other game of its seat-swapped pair (games 2k and
 * 2k + 1 of the schedule), in whatever order the log holds them. */
struct waiting_game {
    uint32_t index;
    uint32_t agent[2];
    int points; /* half points of seat 0: 0, 1 or 2 */
};

/* The verdict of the sequential test, taken at the first pair that crossed
 * a bound and kept from then on, whatever games follow. */
struct sprt_state {
    struct sprt_settings settings;
    enum sprt_verdict verdict;
    double llr;     /* at the verdict, or the latest */
    uint64_t games; /* games counted when the verdict was reached */
};

/* Memory grows with the agents and with the games, never with the square of
 * the agents: what is kept per pair of agents is kept only for the pairs that
 * played (a map from the pair to its entry). */
struct stats {
    size_t agent_count;
    bool *is_random;
    uint64_t budget_ns;
    struct time_control clock; /* base_ns 0: moves had budget_ns, no clock */
    struct agent_stats *agents;
    struct pair_stats *pairs; /* the pairs that played, in the order they first met */
    size_t pair_count;
    size_t pair_capacity;
    struct id_map pair_index;     /* tourney_id_pair_key(a, b) -> position in pairs */
    struct key_set seen;          /* every game's key, with its pair and who moved first */
    uint64_t repeated;            /* games that repeated an earlier game of their pair */
    struct waiting_game *waiting; /* games whose partner is not in the log (yet) */
    size_t waiting_count;
    size_t waiting_capacity;
    struct id_map waiting_index; /* index / 2 -> position in waiting */
    uint64_t mismatched;         /* games whose partner slot held another pair's game */
    struct sprt_state sprt;
    uint64_t games;
    uint64_t plies;
    uint64_t terminations[TERMINATION_COUNT];
    struct tally seat[2];         /* the results of the first (0) and second (1) player */
    struct game_lengths lengths;  /* plies per game */
    struct score_history history; /* every agent's score at checkpoints */
};

int tourney_stats_init(struct stats *stats, size_t agent_count, const bool *is_random,
                       uint64_t budget_ns);
void tourney_stats_finish(struct stats *stats);
/* Turns on the sequential test (two agents only; agent 0 is the one tested). */
void tourney_stats_set_sprt(struct stats *stats, const struct sprt_settings *settings);
/* Games were played on CLOCK: each game's clocks are replayed from its move
 * times (lowest_clock_ns), and no move is over a budget (it had none). */
void tourney_stats_set_clock(struct stats *stats, const struct time_control *clock);
/* Counts one finished game. Games 2k and 2k + 1 form a seat-swapped pair
 * whatever order they come in; the sequential test is updated as each pair
 * completes. Fails only for memory. */
enum alloc_status tourney_stats_add(struct stats *stats, const struct game_record *record);

/* The pair of agents A and B, or NULL when they have not played. */
const struct pair_stats *tourney_stats_pair(const struct stats *stats, size_t a, size_t b);
/* Agent A's results in PAIR (one of its two agents): in SEAT 0 or 1, or in
 * both for SEAT -1. */
struct tally tourney_pair_tally(const struct pair_stats *pair, size_t a, int seat);
/* Agent A's points in PAIR's seat-swapped pairs of games. */
struct pentanomial tourney_pair_pentanomial(const struct pair_stats *pair, size_t a);
/* A's results against B, as tourney_pair_tally; all zero when they have not
 * played. */
struct tally tourney_stats_versus(const struct stats *stats, size_t a, size_t b, int seat);
/* Games whose seat-swapped partner is not in the log (yet), or is a game of
 * other players. */
uint64_t tourney_stats_unpaired(const struct stats *stats);
/* The pairs of agents that played some game more than once, and the games
 * those pairs played and their distinct games. */
size_t tourney_stats_repeating_pairs(const struct stats *stats, uint64_t *games,
                                     uint64_t *distinct);

/* A proportion's 95% Wilson score interval, in [0, 1]. For n = 0: [0, 1]. */
struct interval {
    double low;
    double high;
};
struct interval tourney_wilson(uint32_t successes, uint32_t n, double z);

/* The effective branching factor: the b with 1 + b + b^2 + ... + b^depth =
 * nodes. Returns 0 when depth < 1 or nodes < 1. */
double tourney_ebf(uint64_t nodes, int depth);
/* The EBF of many moves from their totals: the b >= 0 for which uniform trees
 * of the moves' depths, DEPTHS[d] of them of depth d (d = 1 ..
 * EBF_DEPTH_MAX), visit NODES nodes in all; 0 without moves. */
double tourney_ebf_total(uint64_t nodes, const uint32_t *depths);

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
    double ebf; /* from the totals of the moves with depth >= 1; 0 if none */
    double mean_ms;
    double median_ms;
    double p95_ms;
    double max_ms;
    double total_s;
    double nodes_per_second; /* 0 when no time was measured */
    double clock_per_game_s; /* thinking time per game, 0 for no games */
    double lowest_clock_s;   /* lowest_clock_ns; 0 for no moves */
};
void tourney_stats_summarize(const struct stats *stats, size_t agent, struct agent_summary *out);

/* The points of the score history: its checkpoints and, when the last game
 * counted is not one, the state after it; none without games. */
size_t tourney_stats_history_length(const struct stats *stats);
/* The games counted at point K (below the length), and agent AGENT's games
 * and half points there. */
uint64_t tourney_stats_history_point(const struct stats *stats, size_t k, size_t agent,
                                     struct score_point *point);

/* Agent indices ordered by score, then wins, then name order (their
 * index). Returns -1 when out of memory. */
int tourney_stats_standings(const struct stats *stats, size_t *order);

#endif /* TOURNEY_RUNNER_STATS_H */
