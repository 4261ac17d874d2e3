/*
 * report_html.h - report.html: one self-contained page (inline CSS, inline
 * SVG drawn here, one small inline script for the replay viewer; nothing is
 * fetched) with the tournament's settings, standings, cross-table heat map,
 * charts, terminations, pairwise Elo and replayable games.
 *
 * The page is a list of sections (html_sections in report_html.c). Each is a
 * function that writes the body of one <section>; the page adds the
 * heading, the link in the table of contents and the section element
 * around it. To add a section, write its function beside the others of its
 * kind (tables, charts, games) and add a line to the list.
 *
 * Every figure that summary.json also holds is given to 10 significant
 * digits in a data-value attribute, next to a data-key naming it as a path
 * in summary.json ("all.wins", "vs_random.win_rate", "elo"), on an element
 * inside one with data-agent (an entry of "agents") or data-agent and
 * data-opponent (an entry of "crosstable"). Tests compare the two files
 * through them.
 */
#ifndef TOURNEY_RUNNER_REPORT_HTML_H
#define TOURNEY_RUNNER_REPORT_HTML_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

struct html_page {
    const struct report *report;
    size_t charts; /* charts written so far: the page's script checks each one rendered */
};

struct html_section {
    const char *id;    /* the element's id, the target of its link */
    const char *title; /* its heading */
    /* Writes the section's body. Returns -1 when it could not. */
    int (*write)(struct html_page *page, FILE *out);
};

/* Tables (report_html_tables.c). */
int tourney_html_standings(struct html_page *page, FILE *out);
int tourney_html_crosstable(struct html_page *page, FILE *out);
int tourney_html_elo_pairs(struct html_page *page, FILE *out);
int tourney_html_terminations(struct html_page *page, FILE *out);

/* Charts (report_html_charts.c). */
int tourney_html_vs_random(struct html_page *page, FILE *out);
int tourney_html_time(struct html_page *page, FILE *out);
int tourney_html_nodes(struct html_page *page, FILE *out);

/* Games and the replay viewer (report_html_games.c). */
int tourney_html_games(struct html_page *page, FILE *out);

/* Helpers the sections share. */

/* data-key="KEY" data-value="VALUE": a figure summary.json also holds. */
void tourney_html_data(FILE *out, const char *key, double value);
/* The same for a count. */
void tourney_html_data_count(FILE *out, const char *key, uint64_t value);
/* The same for a figure summary.json writes as null. */
void tourney_html_data_null(FILE *out, const char *key);
/* " data-agent="NAME"": the agent an element's figures belong to. */
void tourney_html_data_agent(FILE *out, const char *attribute, const char *name);

#endif /* TOURNEY_RUNNER_REPORT_HTML_H */
