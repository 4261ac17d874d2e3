/*
 * report.h - the reports of a tournament, all computed from its statistics:
 * the console tables, report.md, results.csv, summary.json and report.html
 * (which also shows some of the games, from a sample of the log).
 */
#ifndef TOURNEY_RUNNER_REPORT_H
#define TOURNEY_RUNNER_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis_read.h"
#include "error.h"
#include "exact_file.h"
#include "game_sample.h"
#include "out_dir.h"
#include "ratings.h"
#include "replay_data.h"
#include "report_analysis.h"
#include "settings.h"
#include "stats.h"
#include "table.h"

struct report_agent {
    const char *name;
    const char *plugin;
    const char *params;    /* effective parameters, "depth = 4, tie_break = lowest" */
    const char *plugin_id; /* the plugin's id and version; NULL when it has none */
    const char *plugin_version;
};

struct report_input {
    /* The tournament's settings as its log keeps them: the name, format,
     * seed, ... (rows of the settings table with a label are shown as
     * lines of their own, those marked for the summary in summary.json). */
    const struct tournament_settings *settings;
    const char *config_path;
    const char *game; /* the game plugin's name */
    const char *game_params;
    const char *game_id; /* the game plugin's id and version; NULL when it has none */
    const char *game_version;
    uint64_t games_scheduled;          /* of the shard, when it is one */
    const char *shard;                 /* "1/4" for shard 1 of 4, NULL for the whole tournament */
    const struct report_agent *agents; /* stats->agent_count of them */
    struct stats *stats;
    /* For report.html: the games it lets a reader replay (NULL for none),
     * and the game that draws their boards (NULL, or game NULL, for none). */
    const struct game_sample *games;
    const struct board_source *board;
    /* The exact analysis of the log (analysis.jsonl; NULL without one), and
     * why one that is there is not used (NULL when there is none). */
    const struct analysis_read *analysis;
    const char *analysis_note;
    /* Each agent's grades in that analysis, added up, when it is of every
     * game of the reports; else NULL, and no report has a column or a key
     * of them. */
    const struct report_analysis *grades;
    /* The exact win rates against random (exact-vs-random.json) when they
     * are of the games of the reports; else NULL, and no report shows
     * them. */
    const struct exact_file *exact;
};

/* Fields larger than this have no cross-table (a row and a column per
 * agent) in report.md: their pairs say the same, linearly in the games. */
#define REPORT_CROSSTABLE_MAX 20
/* The console shows at most this many agents (standings, search) and pairs,
 * the best placed first; report.md and results.csv have them all. */
#define REPORT_CONSOLE_ROWS 40

/* The derived figures every writer shares. */
struct report {
    const struct report_input *input;
    struct agent_summary *summaries; /* per agent */
    size_t *order;                   /* agents by standing */
    size_t *rank;                    /* rank[agent]: its place in order, from 0 */
    struct ratings ratings;          /* the whole field's Elo fit */
    /* Per entry of stats->pairs, from its agent[0]'s side: the Elo
     * difference the pair's results stand for. */
    struct elo_estimate *pair_elo;
    /* The pairs that played (positions in stats->pairs), the better placed
     * agent's rank first, then the other's. */
    size_t *pair_order;
    /* The pairs that played, grouped by agent in agent order and within an
     * agent by opponent: agent a's are by_agent[by_agent_start[a]] up to
     * by_agent[by_agent_start[a + 1] - 1], positions in stats->pairs. */
    size_t *by_agent;
    size_t *by_agent_start;
    /* The pairs that played some game more than once, and their games and
     * distinct games: "" when none did, else the line that says so. */
    char repeats[320];
};

/* Returns -1 when out of memory; finish the report either way. */
int tourney_report_init(struct report *report, const struct report_input *input);
void tourney_report_finish(struct report *report);

/* Agent A's Elo difference against B from their games (the estimate has
 * no games when they did not play). */
struct elo_estimate tourney_report_pair_elo(const struct report *report, size_t a, size_t b);

/* The tables shown on the console and in report.md, of at most ROWS rows
 * (the first in rank order; the cross-table has all). */
int tourney_report_standings(const struct report *report, size_t rows, struct table *table);
int tourney_report_crosstable(const struct report *report, size_t rows, struct table *table);
/* Per agent (in rank order) and kind of fault: the games it lost by it and
 * the first of them. */
int tourney_report_faults(const struct report *report, size_t rows, struct table *table);
/* The LOS at which the first agent is named the leader. */
#define LEADER_LOS 0.95
/* The agents a tie at the top names before "and N more". */
#define LEADER_TIED_NAMED 5

/* The first place as the data supports it. */
struct leader_verdict {
    size_t leader;  /* the first agent; SIZE_MAX without games */
    size_t second;  /* the second; SIZE_MAX with a single agent */
    bool separated; /* ahead of the second with LOS >= LEADER_LOS */
    double los;     /* that LOS */
    bool from_pair; /* from their games; else from the field's ratings */
    /* The leader's margin over the second in Elo, with its 95% interval:
     * their pair's difference, or the difference of their ratings. */
    struct elo_value margin;
    struct elo_value margin_low;
    struct elo_value margin_high;
};
void tourney_report_leader(const struct report *report, struct leader_verdict *verdict);
/* Whether the leader is not surely ahead (LOS below LEADER_LOS) of the
 * agent at RANK (from 1): the two are tied at the top. */
bool tourney_report_tied_with_leader(const struct report *report, size_t rank);

/* The ranks (from 1) whose Elo intervals overlap that of the agent at RANK
 * (from 0), among the leader's and its neighbours' above and below, as
 * "1,3"; "" when none does. */
void tourney_report_overlaps(const struct report *report, size_t rank, char *buf, size_t size);

/* The verdict on the first place, one line: "Leader: A, ahead of B with LOS
 * 97.1% (their games)." when the first is ahead of the second with a LOS of
 * at least LEADER_LOS (from their pair, or from the field's ratings when they
 * did not meet), else "Tied at the top: A, B, C (...)." with every agent the
 * first is not so surely ahead of; empty without games. */
void tourney_report_describe_leader(const struct report *report, char *buf, size_t size);
/* Whether some game ended by a fault (anything but the rules). */
bool tourney_report_has_faults(const struct report *report);
/* Whether a pair's interval is unbounded on one side (one agent won every
 * game of the pair), which the reports then explain. */
bool tourney_report_has_unbounded_pair(const struct report *report);
int tourney_report_pairs(const struct report *report, size_t rows, struct table *table);
int tourney_report_search(const struct report *report, size_t rows, struct table *table);

/* The exact analysis (input->grades, which must be there): per agent in
 * rank order, at most ROWS, the share of its moves graded, its accuracy and
 * slower moves, blunders, the mean ply of its first blunder and its perfect
 * games (report_analysis_columns.c); and the line that says how much of
 * the games it graded. */
int tourney_report_analysis(const struct report *report, size_t rows, struct table *table);
void tourney_report_analysis_totals(const struct report *report, char *buf, size_t size);
/* results.csv's columns of the analysis, last: nothing without one. */
void tourney_report_csv_analysis_header(const struct report *report, FILE *out);
void tourney_report_csv_analysis(const struct report *report, size_t agent, FILE *out);
/* summary.json's "analysis" of an agent, and the top level's (the
 * analysis must be there). */
struct json_t;
struct json_t *tourney_report_json_analysis(const struct report *report, size_t agent);
struct json_t *tourney_report_json_analysis_totals(const struct report *report);

/* The exact win rates against random (input->exact, which must be there;
 * report_exact.c): per agent that has one, in rank order, at most ROWS,
 * beside its sampled win rate against random with the rate's 99% interval,
 * overall and per seat; the paragraph that introduces the table; and one
 * at a time from *NEXT (0 at first) the agents left out and why, false
 * after the last. */
int tourney_report_exact(const struct report *report, size_t rows, struct table *table);
void tourney_report_exact_intro(const struct report *report, char *buf, size_t size);
bool tourney_report_exact_next_left_out(const struct report *report, size_t *next,
                                        const char **agent, const char **reason);
/* Whether some agent has the figure (else the table has no rows and is
 * not shown). */
bool tourney_report_exact_any(const struct report *report);
/* Whether the 99% Wilson interval of SAMPLED's win rate holds EXACT. */
bool tourney_report_exact_held(struct tally sampled, double exact);
/* summary.json's "exact_vs_random". */
struct json_t *tourney_report_json_exact(const struct report *report);
/* Whether FILE is of the games STATS counted: as many games, and each
 * agent's games against random in each seat. Returns 0, or -1 with WHY. */
int tourney_report_exact_check(const struct exact_file *file, const struct stats *stats,
                               struct error *why);

/* The settings shown as lines of their own (the rows of the settings table
 * with a label that the log holds: "Time per move", "1000 ms"), one per
 * call from *NEXT (0 at first); false after the last. */
bool tourney_report_next_setting(const struct report *report, size_t *next, const char **label,
                                 char *value, size_t size);

/* "Ratings: Bradley-Terry fit, random = 0" and the like, one line. */
void tourney_report_describe_ratings(const struct report *report, char *buf, size_t size);
/* The sequential test's state in one line; empty when there is none. */
void tourney_report_describe_sprt(const struct report *report, char *buf, size_t size);

/* Standings, cross-table and search figures, as aligned text, each table
 * fitting WIDTH characters (TABLE_CONSOLE_WIDTH by default; 0 for all
 * columns) by leaving out its less important columns, with a line that
 * says which. */
int tourney_report_print(const struct report *report, size_t width, FILE *out);

/* Writes results.csv, summary.json, report.md and report.html into DIR,
 * each atomically and never through a link (out_dir.h). One that cannot be
 * written leaves the others written; returns -1 with the first reason in
 * ERR. */
int tourney_report_write_files(const struct report *report, const struct out_dir *dir,
                               struct error *err);

int tourney_report_write_markdown(const struct report *report, FILE *out);
int tourney_report_write_csv(const struct report *report, FILE *out);
int tourney_report_write_json(const struct report *report, FILE *out);
/* report.html: see report_html.h. */
int tourney_report_write_html(const struct report *report, FILE *out);

#endif /* TOURNEY_RUNNER_REPORT_H */
