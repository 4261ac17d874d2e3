/*
 * html_summary.h - checks that the figures report.html gives equal those of
 * summary.json: every element with data-key and data-value inside one with
 * data-agent (an entry of "agents"), data-agent and data-opponent (an entry
 * of "crosstable") or data-summary (the value at that path of SUMMARY:
 * "game_lengths", "seats") is looked up in SUMMARY and compared exactly.
 * An element that also has data-list="PATH" gives the whole list at PATH of
 * its entry ("analysis.blunders_by_ply"): it must hold a figure of every
 * item ("analysis.blunders_by_ply.3.count"), so that none is left out.
 */
#ifndef TOURNEY_TESTS_HTML_SUMMARY_H
#define TOURNEY_TESTS_HTML_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "html_check.h"

struct html_figures {
    size_t agent_values;   /* figures compared with "agents" entries */
    size_t pair_values;    /* with "crosstable" entries */
    size_t summary_values; /* with values at a path of the whole file */
    size_t nulls;          /* of them, null in both */
    size_t list_items;     /* items of lists given whole (data-list), each one present */
};

/* The entry of SUMMARY's "agents" named NAME, or NULL. */
json_t *summary_agent(json_t *summary, const char *name);

/* The entry of SUMMARY's "crosstable" of AGENT against OPPONENT, or NULL. */
json_t *summary_pair(json_t *summary, const char *agent, const char *opponent);

/* Fails the running cmocka test at the first difference. */
struct html_figures html_compare_summary(const struct html_node *root, json_t *summary);

/* Whether ELEMENT, which has data-list="PATH", holds a figure of every item
 * of the list at PATH of ENTRY; if not, the first item it leaves out
 * ("analysis.blunders_by_ply.1", or PATH when ENTRY has no list there) in
 * MISSING. */
bool html_list_whole(const struct html_node *element, json_t *entry, char *missing, size_t size);

/* Parses PAGE with html_parse and fails the test, printing the reason,
 * when it is not well-formed. */
struct html_node *html_parse_or_fail(const char *page);

#endif /* TOURNEY_TESTS_HTML_SUMMARY_H */
