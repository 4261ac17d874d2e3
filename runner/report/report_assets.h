/*
 * report_assets.h - the stylesheet and script of report.html, compiled in
 * from runner/assets/ (see runner/assets/embed.c).
 */
#ifndef TOURNEY_RUNNER_REPORT_ASSETS_H
#define TOURNEY_RUNNER_REPORT_ASSETS_H

extern const char tourney_report_css[];
extern const char tourney_report_js[];
/* Only in a page with an exact analysis (analysis.jsonl): its marks in the
 * replay viewer. */
extern const char tourney_analysis_css[];
extern const char tourney_analysis_js[];

#endif /* TOURNEY_RUNNER_REPORT_ASSETS_H */
