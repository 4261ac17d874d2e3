/*
 * html.h - writing HTML safely: every piece of text that did not come from
 * this program (names, parameters, reasons, log messages) goes through these
 * helpers, so it can never open a tag, end an attribute or close a script.
 */
#ifndef TOURNEY_RUNNER_HTML_H
#define TOURNEY_RUNNER_HTML_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* TEXT with & < > " ' as character references: safe in element content and
 * in a double-quoted attribute value. */
void tourney_html_text(FILE *out, const char *text);

/* printf (at most 511 bytes: labels and numbers), then tourney_html_text. */
void tourney_html_textf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A number as summary.json writes it (10 significant digits), for data-
 * attributes that tests and scripts compare with summary.json. */
void tourney_html_real(FILE *out, double value);

/* data-key="KEY" data-value="VALUE": a figure summary.json also holds
 * (report_html.h says where). */
void tourney_html_data(FILE *out, const char *key, double value);
/* The same for a count. */
void tourney_html_data_count(FILE *out, const char *key, uint64_t value);
/* The same for a figure summary.json writes as null. */
void tourney_html_data_null(FILE *out, const char *key);
/* " ATTRIBUTE="NAME"": the agent (data-agent, data-opponent) an element's
 * figures belong to. */
void tourney_html_data_agent(FILE *out, const char *attribute, const char *name);

/* VALUE as compact JSON fit for the inside of a <script> element: every
 * '<', '>' and '&' (which JSON only allows inside strings) is written as a
 * \u escape, so neither "</script" nor "<!--" can appear. Returns -1 when
 * the JSON cannot be written. */
int tourney_html_json(FILE *out, const json_t *value);

#endif /* TOURNEY_RUNNER_HTML_H */
