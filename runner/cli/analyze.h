/*
 * analyze.h - `tourney analyze DIR`: the exact analysis of a results log
 * (analysis.h), written to DIR/analysis.jsonl, with each agent's figures
 * as a console table.
 */
#ifndef TOURNEY_RUNNER_ANALYZE_H
#define TOURNEY_RUNNER_ANALYZE_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "error.h"
#include "warning.h"

/* Runs REQUEST; prints the table, fitted to WIDTH columns (0: all), and
 * what was solved to OUT; then writes DIR's reports again, which show the
 * analysis (rebuild.h). The games left out (their ends do not follow from
 * their moves) are named to WARN, then counted. Returns 0, or -1: with ERR
 * saying why when the analysis or the reports could not be made, without a
 * reason when everything is written but games were left out (WARN had
 * them). */
int tourney_analyze(const struct analysis_request *request, size_t width, FILE *out,
                    const struct warnings *warn, struct error *err);

/* The per-agent table of RESULT, fitted to WIDTH columns, and what was
 * solved for REQUEST. */
int tourney_analyze_print(const struct analysis_request *request, const struct analysis *result,
                          size_t width, FILE *out);
/* What was solved for REQUEST alone: the moves graded, the positions, the
 * cache, the solver's nodes and time. */
void tourney_analyze_print_counts(const struct analysis_request *request,
                                  const struct analysis *result, FILE *out);

#endif /* TOURNEY_RUNNER_ANALYZE_H */
