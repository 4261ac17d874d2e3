#include "svg_chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

/* The drawing's coordinates. The page scales them to the column's width, up
 * to 1.5 times on a wide screen and down to about 0.9 on a phone, so 11
 * units of text stay readable on both. Each agent's name stands above its
 * bars, which then have the whole width. */
#define WIDTH 400.0
#define LEFT 16.0        /* room for half the first tick's label */
#define VALUE_SPACE 70.0 /* right of the plot, for the value at a bar's end */
#define CHAR_WIDTH 6.0   /* of 11-unit text, roughly: enough to space the legend */
#define LABEL 15.0       /* the name above a group of bars */
#define BAR 10.0
#define BAR_GAP 2.0
#define ROW_GAP 8.0
#define LEGEND_HEIGHT 20.0
#define AXIS_HEIGHT 38.0 /* tick labels and the axis label */

/* The round number (1, 2 or 5 times a power of ten) at or above X. */
static double round_up(double x)
{
    double magnitude = pow(10.0, floor(log10(x)));
    static const double steps[] = {1.0, 2.0, 5.0, 10.0};
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        if (steps[i] * magnitude >= x * (1.0 - 1e-12)) {
            return steps[i] * magnitude;
        }
    }
    return 10.0 * magnitude;
}

struct chart_axis tourney_chart_axis(const double *values, size_t count, bool percent)
{
    struct chart_axis axis = {.log = false, .min = 0.0, .max = 1.0, .step = 0.2};
    if (percent) {
        return axis;
    }
    double smallest = 0.0;
    double largest = 0.0;
    for (size_t i = 0; i < count; i++) {
        if (values[i] > 0.0 && (smallest == 0.0 || values[i] < smallest)) {
            smallest = values[i];
        }
        if (values[i] > largest) {
            largest = values[i];
        }
    }
    if (largest <= 0.0) {
        axis.step = 0.2;
        return axis;
    }
    if (largest / smallest >= CHART_LOG_RANGE) {
        /* Whole decades, so every tick is a power of ten; the smallest
         * value lies above the left end, so that its bar shows. */
        axis.log = true;
        axis.min = pow(10.0, ceil(log10(smallest)) - 1.0);
        axis.max = pow(10.0, ceil(log10(largest)));
        axis.step = 0.0;
        return axis;
    }
    /* About five ticks, the last at or above the largest value. */
    axis.step = round_up(largest / 5.0);
    axis.max = ceil(largest / axis.step - 1e-9) * axis.step;
    return axis;
}

double tourney_chart_position(const struct chart_axis *axis, double value)
{
    double position;
    if (axis->log) {
        position = value <= axis->min
                       ? 0.0
                       : (log10(value) - log10(axis->min)) / (log10(axis->max) - log10(axis->min));
    } else {
        position = (value - axis->min) / (axis->max - axis->min);
    }
    return position < 0.0 ? 0.0 : position > 1.0 ? 1.0 : position;
}

/* A tick's label: "20%", "0.5", "100", "10k", "1M". */
static void tick_text(const struct chart_axis *axis, bool percent, double value, char *buf,
                      size_t size)
{
    if (percent) {
        snprintf(buf, size, "%g%%", round(value * 1000.0) / 10.0);
        return;
    }
    static const struct {
        double scale;
        const char *suffix;
    } units[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (value >= units[i].scale) {
            snprintf(buf, size, "%g%s", value / units[i].scale, units[i].suffix);
            return;
        }
    }
    /* %g of a sum of steps can show rounding noise: round to the step. */
    double shown = axis->log ? value : round(value / axis->step) * axis->step;
    snprintf(buf, size, "%.6g", shown);
}

static void draw_ticks(FILE *out, const struct bar_chart *chart, const struct chart_axis *axis,
                       double x0, double x1, double top, double bottom)
{
    fputs("<g class=\"grid\">", out);
    double ticks[64];
    size_t count = 0;
    if (axis->log) {
        for (double v = axis->min; v <= axis->max * 1.000001 && count < 64; v *= 10.0) {
            ticks[count++] = v;
        }
    } else {
        for (double v = axis->min; v <= axis->max + axis->step * 1e-6 && count < 64;
             v += axis->step) {
            ticks[count++] = v;
        }
    }
    for (size_t i = 0; i < count; i++) {
        double x = x0 + (x1 - x0) * tourney_chart_position(axis, ticks[i]);
        char label[32];
        tick_text(axis, chart->percent, ticks[i], label, sizeof(label));
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, top, x, bottom);
        fprintf(out, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", x,
                bottom + 13.0);
        tourney_html_text(out, label);
        fputs("</text>", out);
    }
    fputs("</g>", out);
}

static void draw_legend(FILE *out, const struct bar_chart *chart, double x0)
{
    fputs("<g class=\"legend\">", out);
    double x = x0;
    for (size_t s = 0; s < chart->series_count; s++) {
        fprintf(out, "<rect class=\"bar s%zu\" x=\"%.1f\" y=\"4\" width=\"10\" height=\"10\"/>", s,
                x);
        fprintf(out, "<text x=\"%.1f\" y=\"13\">", x + 14.0);
        tourney_html_text(out, chart->series[s]);
        fputs("</text>", out);
        x += 14.0 + CHAR_WIDTH * (double)strlen(chart->series[s]) + 14.0;
    }
    fputs("</g>", out);
}

static void draw_row(FILE *out, const struct bar_chart *chart, const struct chart_axis *axis,
                     const struct bar_row *row, double x0, double x1, double y)
{
    fprintf(out, "<g class=\"row\"><text class=\"label\" x=\"%.1f\" y=\"%.1f\">", x0,
            y + LABEL - 4.0);
    tourney_html_text(out, row->label);
    fputs("</text>", out);
    for (size_t s = 0; s < chart->series_count; s++) {
        double top = y + LABEL + (double)s * (BAR + BAR_GAP);
        double end = x0 + (x1 - x0) * tourney_chart_position(axis, row->value[s]);
        fprintf(out,
                "<rect class=\"bar s%zu\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                "height=\"%.1f\"><title>",
                s, x0, top, end - x0, BAR);
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
    struct chart_axis axis = tourney_chart_axis(values, count, chart->percent);
    free(values);
    double x0 = LEFT;
    double x1 = WIDTH - VALUE_SPACE;
    double group = LABEL + (double)chart->series_count * (BAR + BAR_GAP) - BAR_GAP + ROW_GAP;
    double top = chart->series_count > 1 ? LEGEND_HEIGHT + 4.0 : 4.0;
    double bottom = top + group * (double)chart->row_count;
    double height = bottom + AXIS_HEIGHT;
    fprintf(out,
            "<svg class=\"chart\" id=\"%s\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-labelledby=\"%s-title\"><title id=\"%s-title\">",
            chart->id, WIDTH, height, chart->id, chart->id);
    tourney_html_text(out, chart->title);
    fputs("</title>", out);
    if (chart->series_count > 1) {
        draw_legend(out, chart, x0);
    }
    draw_ticks(out, chart, &axis, x0, x1, top, bottom);
    for (size_t r = 0; r < chart->row_count; r++) {
        draw_row(out, chart, &axis, &chart->rows[r], x0, x1, top + group * (double)r);
    }
    fprintf(out, "<text class=\"axis-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
            (x0 + x1) / 2.0, height - 8.0);
    tourney_html_text(out, chart->axis_label);
    if (axis.log) {
        fputs(" (log scale)", out);
    }
    fputs("</text></svg>\n", out);
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
