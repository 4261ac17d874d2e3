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

/* Runs REQUEST; prints the table, fitted to WIDTH columns (0: all), and
 * what was solved to OUT, errors to ERR; then writes DIR's reports again,
 * which show the analysis (rebuild.h). Returns 0; 1 when the analysis is
 * written but games were left out (their ends do not follow from their
 * moves) or the reports could not be written; -1 when it failed. */
int tourney_analyze(const struct analysis_request *request, size_t width, FILE *out, FILE *err);

/* The per-agent table of RESULT, fitted to WIDTH columns, and what was
 * solved for REQUEST. */
int tourney_analyze_print(const struct analysis_request *request, const struct analysis *result,
                          size_t width, FILE *out);
/* What was solved for REQUEST alone: the moves graded, the positions, the
 * cache, the solver's nodes and time. */
void tourney_analyze_print_counts(const struct analysis_request *request,
                                  const struct analysis *result, FILE *out);

#endif /* TOURNEY_RUNNER_ANALYZE_H */
