/*
 * svg_chart.h - the drawings of report.html, as inline SVG: horizontal bar
 * charts with interval whiskers on a linear or logarithmic axis (svg_chart.c),
 * the axes, grids, labels and legends every chart is made of (svg_axis.c),
 * and the colours of the cross-table's heat map. Charts are drawn in a fixed
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
    /* For tests and tools (report_html.h): the row's data-agent (or NULL),
     * and each bar's data-key (or NULL), whose data-value is its value. */
    const char *agent;
    const char *key[CHART_MAX_SERIES];
};

struct bar_chart {
    const char *id;            /* the svg element's id */
    const char *title;         /* what the chart shows, for screen readers */
    const char *axis_label;    /* under the axis */
    const char *const *series; /* series names, shown in a legend when there are several */
    size_t series_count;       /* 1 to CHART_MAX_SERIES */
    bool percent;              /* values are rates in [0, 1], drawn on a 0-100% axis */
    const char *summary;       /* the svg's data-summary (report_html.h), or NULL */
    /* The label of a tick at VALUE; NULL for plain numbers ("10k"). */
    void (*tick_label)(double value, char *buf, size_t size);
    const struct bar_row *rows;
    size_t row_count;
    /* A value marked across the rows by a line labelled MARK_LABEL (the time
     * chart's budget per move); no mark when MARK_LABEL is NULL. */
    double mark;
    const char *mark_label;
};

/* The width of every chart's drawing (its viewBox), so that text of one
 * size in the stylesheet is as large in every chart; the page scales the
 * drawings to its columns, about 1:1 from a phone to a laptop. */
#define CHART_WIDTH 360.0
/* The rough width of a character of chart text, to lay out legends. */
#define CHART_CHAR_WIDTH 7.0

/* The value axis of a chart. */
struct chart_axis {
    bool log;   /* logarithmic: min and max are powers of ten */
    double min; /* the left end: 0 on a linear axis from tourney_chart_axis */
    double max;
    double step; /* between ticks on a linear axis */
};

/* The axis that fits VALUES: logarithmic when the positive values span a
 * factor of CHART_LOG_RANGE or more, else linear from 0 to a round number. */
#define CHART_LOG_RANGE 100.0
struct chart_axis tourney_chart_axis(const double *values, size_t count, bool percent);

/* A linear axis from a round number at or below LOW to one at or above
 * HIGH, about five steps of 1, 2 or 5 times a power of ten. */
struct chart_axis tourney_chart_axis_range(double low, double high);

/* Where VALUE falls on AXIS, from 0 (left) to 1 (right), clamped. */
double tourney_chart_position(const struct chart_axis *axis, double value);

/* The ticks of an axis, with their labels. */
#define CHART_MAX_TICKS 24
struct chart_tick {
    double value;
    char label[24];
};

/* The ticks of AXIS: every step of a linear axis, every power of ten of a
 * logarithmic one, labelled "20%", "0.5", "100", "10k", "1M" or, below
 * zero, with a minus sign. Returns how many (at most CHART_MAX_TICKS). */
size_t tourney_chart_ticks(const struct chart_axis *axis, bool percent, struct chart_tick *ticks);

/* <svg class="chart" id="ID" ...><title>TITLE</title>, CHART_WIDTH wide and
 * HEIGHT high; tourney_svg_close ends it. */
void tourney_svg_open(FILE *out, const char *id, const char *title, double height);
void tourney_svg_close(FILE *out);

/* A line across the rows at X, from TOP to BOTTOM, with LABEL at its top
 * left: a value every row is read against (the budget per move). */
void tourney_svg_x_mark(FILE *out, double x, double top, double bottom, const char *label);

/* Grid lines at TICKS across the plot, labelled outside it: for a value
 * axis along x from X0 to X1, vertical lines from TOP to BOTTOM, labels
 * under BOTTOM; for one along y from Y0 (AXIS's min) up to Y1, horizontal
 * lines from LEFT to RIGHT, labels left of LEFT. */
void tourney_svg_x_grid(FILE *out, const struct chart_axis *axis, const struct chart_tick *ticks,
                        size_t count, double x0, double x1, double top, double bottom);
void tourney_svg_y_grid(FILE *out, const struct chart_axis *axis, const struct chart_tick *ticks,
                        size_t count, double y0, double y1, double left, double right);

/* TEXT at (X, Y) with class CLASS_NAME, anchored "start", "middle" or
 * "end". */
void tourney_svg_text(FILE *out, const char *class_name, double x, double y, const char *anchor,
                      const char *text);

/* A legend: a swatch (a square of class CLASSES[i]) and NAMES[i] for each
 * of COUNT entries, in lines from (X, Y) no wider than WIDTH. Returns the
 * height it takes; with OUT NULL, only that. */
double tourney_svg_legend(FILE *out, const char *const *names, const char *const *classes,
                          size_t count, double x, double y, double width);

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
