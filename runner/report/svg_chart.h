/*
 * svg_chart.h - the drawings of report.html, as inline SVG: horizontal bar
 * charts with interval whiskers on a linear or logarithmic axis, and the
 * colours of the cross-table's heat map. Charts are drawn in a fixed
 * coordinate system (viewBox) and scale with the page.
 */
#ifndef TOURNEY_RUNNER_SVG_CHART_H
#define TOURNEY_RUNNER_SVG_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define CHART_MAX_SERIES 4

/* One row of a chart: an agent, with one bar per series. */
struct bar_row {
    const char *label;
    double value[CHART_MAX_SERIES];  /* >= 0 */
    char text[CHART_MAX_SERIES][32]; /* shown at the end of each bar */
    bool has_interval;               /* a whisker on the first series' bar */
    double low;
    double high;
};

struct bar_chart {
    const char *id;            /* the svg element's id */
    const char *title;         /* what the chart shows, for screen readers */
    const char *axis_label;    /* under the axis */
    const char *const *series; /* series names, shown in a legend when there are several */
    size_t series_count;       /* 1 to CHART_MAX_SERIES */
    bool percent;              /* values are rates in [0, 1], drawn on a 0-100% axis */
    const struct bar_row *rows;
    size_t row_count;
};

/* The value axis of a chart. */
struct chart_axis {
    bool log;   /* logarithmic: min and max are powers of ten */
    double min; /* the left end: 0 on a linear axis */
    double max;
    double step; /* between ticks on a linear axis */
};

/* The axis that fits VALUES: logarithmic when the positive values span a
 * factor of CHART_LOG_RANGE or more, else linear from 0 to a round number. */
#define CHART_LOG_RANGE 100.0
struct chart_axis tourney_chart_axis(const double *values, size_t count, bool percent);

/* Where VALUE falls on AXIS, from 0 (left) to 1 (right), clamped. */
double tourney_chart_position(const struct chart_axis *axis, double value);

/* Writes CHART as an <svg class="chart"> element. The axis label says when
 * the scale is logarithmic. */
int tourney_svg_bar_chart(FILE *out, const struct bar_chart *chart);

/* The heat map: a colour for a score in [0, 1], from red (lost every game)
 * through near white (even) to blue (won every game), and whether text on
 * it should be light. */
struct rgb {
    unsigned char r, g, b;
};
struct rgb tourney_heat_colour(double score);
bool tourney_heat_needs_light_text(struct rgb colour);

/* The colour scale of the heat map, as a small <svg class="legend">. */
void tourney_svg_heat_legend(FILE *out);

#endif /* TOURNEY_RUNNER_SVG_CHART_H */
