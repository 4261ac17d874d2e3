/*
 * report_html.h - report.html: one self-contained page (inline CSS, inline
 * SVG drawn here, one small inline script for the replay viewer and the
 * page's self-check; nothing is fetched) laid out as a dashboard: a header
 * with the key figures, then the standings, charts in a grid of cards
 * (ratings, score over the games, results per seat, game lengths, time per
 * move, nodes, against random, how games ended; with an exact analysis,
 * accuracy and blunders by ply), the cross-table heat map,
 * terminations, pairwise Elo and replayable games.
 *
 * The page is a list of sections (html_sections in report_html.c). Each is a
 * function that writes the body of one <section>; the page adds the
 * heading, the link in the table of contents and the section element
 * around it, as a card of the grid or across the page. To add a section,
 * write its function beside the others of its kind (tables, charts, plots,
 * distributions, games) and add a line to the list.
 *
 * Every figure that summary.json also holds is given to 10 significant
 * digits in a data-value attribute, next to a data-key naming it as a path
 * in summary.json ("all.wins", "vs_random.win_rate", "elo"), on an element
 * inside one with data-agent (an entry of "agents"), data-agent and
 * data-opponent (an entry of "crosstable") or data-summary (the object at
 * that path from the top: "game_lengths", "seats.first"). An element that
 * gives a whole list of its entry says so with data-list, the list's path
 * ("analysis.blunders_by_ply"), its figures keyed by item
 * ("analysis.blunders_by_ply.0.count"). Tests compare the two files through
 * them.
 */
#ifndef TOURNEY_RUNNER_REPORT_HTML_H
#define TOURNEY_RUNNER_REPORT_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"
#include "svg_chart.h"

/* The most agents one chart or table shows, the best placed first: a field
 * of 40 fits whole, and one of a thousand makes no larger a page. */
#define HTML_ROWS_MAX 40   /* a row per agent: ratings, nodes, against random, heat map, pairs */
#define HTML_GROUPS_MAX 12 /* several bars per agent: time per move, seats, time histograms */
#define HTML_LINES_MAX 8   /* lines of the score chart */
#define HTML_TABLE_MAX 100 /* rows of the standings and faults tables; results.csv has all */

struct html_page {
    const struct report *report;
    size_t charts; /* charts written so far: the page's script checks each one rendered */
};

struct html_section {
    const char *id;    /* the element's id, the target of its link */
    const char *title; /* its heading */
    bool wide;         /* across the page; else a card of the grid */
    /* Writes the section's body. Returns -1 when it could not. */
    int (*write)(struct html_page *page, FILE *out);
    /* Whether the page has the section (NULL: always), for sections of
     * what only some reports have (the exact analysis). */
    bool (*shown)(const struct report *report);
};

/* Tables (report_html_tables.c). */
int tourney_html_standings(struct html_page *page, FILE *out);
int tourney_html_crosstable(struct html_page *page, FILE *out);
int tourney_html_elo_pairs(struct html_page *page, FILE *out);
int tourney_html_terminations(struct html_page *page, FILE *out);

/* Bar charts (report_html_charts.c). */
int tourney_html_vs_random(struct html_page *page, FILE *out);
int tourney_html_time(struct html_page *page, FILE *out);
int tourney_html_nodes(struct html_page *page, FILE *out);
int tourney_html_endings(struct html_page *page, FILE *out);
/* The exact analysis's accuracy and share graded per agent, when the
 * report has the analysis's figures (input->grades). */
int tourney_html_accuracy(struct html_page *page, FILE *out);
bool tourney_html_has_grades(const struct report *report);
/* The exact win rate against random beside the sampled one
 * (report_html_exact.c), on a page whose report has it. */
int tourney_html_exact_vs_random(struct html_page *page, FILE *out);
bool tourney_html_has_exact(const struct report *report);

/* Each agent's blunders by ply in the exact analysis, when the report has
 * its figures (report_html_blunders.c). */
int tourney_html_blunders(struct html_page *page, FILE *out);

/* The budget per move the time charts mark, in milliseconds, with LABEL
 * set to "budget 100 ms"; 0 on a clock, which has no one budget. */
uint64_t tourney_html_budget_ms(const struct report *report, char *label, size_t size);
/* The end of a time chart's note: what the line marks, or why none does. */
void tourney_html_budget_note(uint64_t budget_ms, FILE *out);

/* Ratings with their intervals, scores over the games, results per seat
 * (report_html_plots.c). */
int tourney_html_ratings(struct html_page *page, FILE *out);
int tourney_html_convergence(struct html_page *page, FILE *out);
int tourney_html_seats(struct html_page *page, FILE *out);

/* Distributions: game lengths, move times (report_html_distributions.c). */
int tourney_html_lengths(struct html_page *page, FILE *out);
int tourney_html_time_histogram(struct html_page *page, FILE *out);

/* Games and the replay viewer (report_html_games.c). */
int tourney_html_games(struct html_page *page, FILE *out);

/* Helpers the sections share. */

/* How many of the agents, in rank order, a chart of at most MAX shows; when
 * that is not all of them, a note says so first. */
size_t tourney_html_top(const struct html_page *page, FILE *out, size_t max, const char *what);

/* Draws a bar chart as the page's next chart. */
int tourney_html_bar_chart(struct html_page *page, FILE *out, const struct bar_chart *chart);

#endif /* TOURNEY_RUNNER_REPORT_HTML_H */
