/*
 * report_analysis.h - the figures the reports show of a log's exact
 * analysis (analysis.jsonl, read by analysis_read.h; docs/reports.md, In
 * the reports): each agent's grades added up, and its blunders counted by
 * ply. Only an analysis of every game of the reports is added up: one of
 * fewer or more games (a log continued or merged since it was analysed)
 * would make figures of other games.
 */
#ifndef TOURNEY_RUNNER_REPORT_ANALYSIS_H
#define TOURNEY_RUNNER_REPORT_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis_read.h"
#include "error.h"
#include "log_header.h"
#include "move_grades.h"

/* How many blunders one agent made at one ply. */
struct ply_blunders {
    int32_t ply;
    uint32_t agent;
    uint64_t count;
};

struct report_analysis {
    size_t agent_count;
    struct agent_grades *grades; /* per agent, in the log header's order */
    struct ply_blunders *by_ply; /* by ply, then agent; each pair once */
    size_t by_ply_count;
    uint64_t games;  /* analysed */
    uint64_t budget; /* the solver's per position, 0 for none */
};

/* The figures the reports show, per agent, from its grades: each figure
 * is NaN when it has nothing to count (no moves, none graded, no blunder). */
struct analysis_figures {
    double graded_share;      /* graded moves per move */
    double accuracy;          /* moves that keep the result per graded move */
    double slower_share;      /* slower moves per graded move */
    double blunders_per_game; /* per game played */
    double first_blunder_ply; /* the mean, over the games with a blunder */
};
void tourney_analysis_figures(const struct agent_grades *g, struct analysis_figures *f);

/* Adds up READ, the analysis of the log of HEADER read from PATH, into
 * ANALYSIS when it holds the GAMES of the reports. Returns 0; or -1 with
 * WHY naming PATH when it holds another number of games (or out of
 * memory). Finish ANALYSIS either way. */
int tourney_report_analysis_add_up(struct report_analysis *analysis,
                                   const struct analysis_read *read, const char *path,
                                   const struct log_header *header, uint64_t games,
                                   struct error *why);
void tourney_report_analysis_finish(struct report_analysis *analysis);

#endif /* TOURNEY_RUNNER_REPORT_ANALYSIS_H */
