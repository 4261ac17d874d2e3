#include "svg_chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

/* The drawing's coordinates (CHART_WIDTH wide). Each agent's name stands
 * above its bars, which then have the whole width. */
#define LEFT 16.0        /* room for half the first tick's label */
#define VALUE_SPACE 76.0 /* right of the plot, for the value at a bar's end */
#define LABEL 16.0       /* the name above a group of bars */
#define BAR 11.0
#define BAR_GAP 2.0
#define ROW_GAP 8.0
#define AXIS_HEIGHT 40.0 /* tick labels and the axis label */

static void draw_row(FILE *out, const struct bar_chart *chart, const struct chart_axis *axis,
                     const struct bar_row *row, double x0, double x1, double y)
{
    fputs("<g class=\"row\"", out);
    if (row->agent != NULL) {
        tourney_html_data_agent(out, "data-agent", row->agent);
    }
    fprintf(out, "><text class=\"label\" x=\"%.1f\" y=\"%.1f\">", x0, y + LABEL - 4.0);
    tourney_html_text(out, row->label);
    fputs("</text>", out);
    for (size_t s = 0; s < chart->series_count; s++) {
        double top = y + LABEL + (double)s * (BAR + BAR_GAP);
        double end = x0 + (x1 - x0) * tourney_chart_position(axis, row->value[s]);
        fprintf(out,
                "<rect class=\"bar s%zu\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"", s,
                x0, top, end - x0, BAR);
        if (row->key[s] != NULL) {
            tourney_html_data(out, row->key[s], row->value[s]);
        }
        fputs("><title>", out);
        tourney_html_text(out, row->label);
        fputs(", ", out);
        if (chart->series_count > 1) {
            tourney_html_textf(out, "%s: ", chart->series[s]);
        }
        tourney_html_text(out, row->text[s]);
        fputs("</title></rect>", out);
        double text_x = end;
        if (s == 0 && row->has_interval) {
            double low = x0 + (x1 - x0) * tourney_chart_position(axis, row->low);
            double high = x0 + (x1 - x0) * tourney_chart_position(axis, row->high);
            double mid = top + BAR / 2.0;
            fprintf(out,
                    "<g class=\"whisker\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    "y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/></g>",
                    low, mid, high, mid, low, top, low, top + BAR, high, top, high, top + BAR);
            text_x = high > end ? high : end;
        }
        fprintf(out, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\">", text_x + 4.0,
                top + BAR - 1.5);
        tourney_html_text(out, row->text[s]);
        fputs("</text>", out);
    }
    fputs("</g>", out);
}

int tourney_svg_bar_chart(FILE *out, const struct bar_chart *chart)
{
    /* Every bar's value and whisker end, to fit the axis to. */
    double *values = malloc((chart->row_count * (CHART_MAX_SERIES + 1) + 1) * sizeof(*values));
    if (values == NULL) {
        return -1;
    }
    size_t count = 0;
    for (size_t r = 0; r < chart->row_count; r++) {
        for (size_t s = 0; s < chart->series_count; s++) {
            values[count++] = chart->rows[r].value[s];
        }
        if (chart->rows[r].has_interval) {
            values[count++] = chart->rows[r].high;
        }
    }
    if (chart->mark_label != NULL) {
        values[count++] = chart->mark; /* the axis reaches the mark */
    }
    struct chart_axis axis = tourney_chart_axis(values, count, chart->percent);
    free(values);
    double x0 = LEFT;
    double x1 = CHART_WIDTH - VALUE_SPACE;
    double group = LABEL + (double)chart->series_count * (BAR + BAR_GAP) - BAR_GAP + ROW_GAP;
    static const char *const classes[] = {"bar s0", "bar s1", "bar s2", "bar s3"};
    double legend = chart->series_count > 1
                        ? tourney_svg_legend(NULL, chart->series, classes, chart->series_count, x0,
                                             0.0, x1 - x0)
                        : 0.0;
    double top = legend + 4.0;
    double bottom = top + group * (double)chart->row_count;
    double height = bottom + AXIS_HEIGHT;
    tourney_svg_open(out, chart->id, chart->title, height);
    if (chart->summary != NULL) {
        fputs("<g data-summary=\"", out);
        tourney_html_text(out, chart->summary);
        fputs("\">", out);
    }
    if (chart->series_count > 1) {
        tourney_svg_legend(out, chart->series, classes, chart->series_count, x0, 0.0, x1 - x0);
    }
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t tick_count = tourney_chart_ticks(&axis, chart->percent, ticks);
    for (size_t i = 0; chart->tick_label != NULL && i < tick_count; i++) {
        chart->tick_label(ticks[i].value, ticks[i].label, sizeof(ticks[i].label));
    }
    tourney_svg_x_grid(out, &axis, ticks, tick_count, x0, x1, top, bottom);
    for (size_t r = 0; r < chart->row_count; r++) {
        draw_row(out, chart, &axis, &chart->rows[r], x0, x1, top + group * (double)r);
    }
    if (chart->mark_label != NULL) {
        /* Over the bars, so that a bar past the mark shows where it crosses. */
        double x = x0 + (x1 - x0) * tourney_chart_position(&axis, chart->mark);
        tourney_svg_x_mark(out, x, top, bottom, chart->mark_label);
    }
    char label[160];
    snprintf(label, sizeof(label), "%s%s", chart->axis_label, axis.log ? " (log scale)" : "");
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle", label);
    if (chart->summary != NULL) {
        fputs("</g>", out);
    }
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}

/* The scale's stops: ColorBrewer's RdBu, readable with the common colour
 * vision deficiencies, with near white for an even score. */
static const struct rgb heat_stops[] = {
    {178, 24, 43}, {239, 138, 98}, {247, 247, 247}, {103, 169, 207}, {33, 102, 172},
};
#define HEAT_STOPS (sizeof(heat_stops) / sizeof(heat_stops[0]))

struct rgb tourney_heat_colour(double score)
{
    if (!(score >= 0.0)) {
        score = 0.0; /* also NaN */
    }
    if (score > 1.0) {
        score = 1.0;
    }
    double at = score * (double)(HEAT_STOPS - 1);
    size_t i = (size_t)at;
    if (i >= HEAT_STOPS - 1) {
        return heat_stops[HEAT_STOPS - 1];
    }
    double f = at - (double)i;
    const struct rgb *a = &heat_stops[i];
    const struct rgb *b = &heat_stops[i + 1];
    struct rgb c = {
        (unsigned char)lround(a->r + (b->r - a->r) * f),
        (unsigned char)lround(a->g + (b->g - a->g) * f),
        (unsigned char)lround(a->b + (b->b - a->b) * f),
    };
    return c;
}

/* sRGB relative luminance (WCAG): light text on colours darker than the
 * point where both texts contrast equally. */
static double linear(unsigned char channel)
{
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

bool tourney_heat_needs_light_text(struct rgb colour)
{
    double luminance =
        0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);
    return luminance < 0.179;
}

void tourney_svg_heat_legend(FILE *out)
{
    fputs("<svg class=\"legend\" viewBox=\"0 0 360 40\" role=\"img\" "
          "aria-labelledby=\"heat-legend-title\"><title id=\"heat-legend-title\">Colour "
          "scale: the row agent's score against the column agent</title><defs>"
          "<linearGradient id=\"heat-scale\">",
          out);
    for (size_t i = 0; i < HEAT_STOPS; i++) {
        fprintf(out, "<stop offset=\"%zu%%\" stop-color=\"#%02x%02x%02x\"/>",
                i * 100 / (HEAT_STOPS - 1), heat_stops[i].r, heat_stops[i].g, heat_stops[i].b);
    }
    fputs("</linearGradient></defs><rect x=\"10\" y=\"4\" width=\"340\" height=\"14\" "
          "fill=\"url(#heat-scale)\" stroke=\"#888\" stroke-width=\"0.5\"/>"
          "<text x=\"10\" y=\"34\">0% (lost all)</text>"
          "<text x=\"180\" y=\"34\" text-anchor=\"middle\">50%</text>"
          "<text x=\"350\" y=\"34\" text-anchor=\"end\">100% (won all)</text></svg>\n",
          out);
}
