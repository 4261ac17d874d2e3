#include "svg_chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

/* The drawing's coordinates; the page scales them to its width. */
#define WIDTH 720.0
#define VALUE_SPACE 84.0 /* right of the plot, for the value at a bar's end */
#define CHAR_WIDTH 7.2   /* of a 13px label, roughly: enough to size the label column */
#define BAR 14.0
#define BAR_GAP 2.0
#define ROW_GAP 12.0
#define LEGEND_HEIGHT 24.0
#define AXIS_HEIGHT 44.0 /* tick labels and the axis label */

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
        position = value <= axis->min ? 0.0
                                      : (log10(value) - log10(axis->min)) /
                                            (log10(axis->max) - log10(axis->min));
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

/* LABEL cut to MAX_CHARS bytes, at a character boundary, with an ellipsis. */
static void short_label(const char *label, size_t max_chars, char *buf, size_t size)
{
    size_t length = strlen(label);
    if (length <= max_chars || max_chars < 2) {
        snprintf(buf, size, "%s", label);
        return;
    }
    size_t keep = max_chars - 1;
    while (keep > 0 && ((unsigned char)label[keep] & 0xC0) == 0x80) {
        keep--; /* never split a UTF-8 sequence */
    }
    snprintf(buf, size, "%.*s\xE2\x80\xA6", (int)keep, label);
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
                bottom + 15.0);
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
        fprintf(out, "<rect class=\"bar s%zu\" x=\"%.1f\" y=\"6\" width=\"12\" height=\"12\"/>",
                s, x);
        fprintf(out, "<text x=\"%.1f\" y=\"16\">", x + 16.0);
        tourney_html_text(out, chart->series[s]);
        fputs("</text>", out);
        x += 16.0 + CHAR_WIDTH * (double)strlen(chart->series[s]) + 18.0;
    }
    fputs("</g>", out);
}

static void draw_row(FILE *out, const struct bar_chart *chart, const struct chart_axis *axis,
                     const struct bar_row *row, double x0, double x1, double y, size_t label_chars)
{
    double group = (double)chart->series_count * (BAR + BAR_GAP) - BAR_GAP;
    char label[128];
    short_label(row->label, label_chars, label, sizeof(label));
    fprintf(out, "<g class=\"row\"><text class=\"label\" x=\"%.1f\" y=\"%.1f\" "
                 "text-anchor=\"end\"><title>", x0 - 8.0, y + group / 2.0 + 4.5);
    tourney_html_text(out, row->label);
    fputs("</title>", out);
    tourney_html_text(out, label);
    fputs("</text>", out);
    for (size_t s = 0; s < chart->series_count; s++) {
        double top = y + (double)s * (BAR + BAR_GAP);
        double end = x0 + (x1 - x0) * tourney_chart_position(axis, row->value[s]);
        fprintf(out, "<rect class=\"bar s%zu\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                     "height=\"%.1f\"><title>", s, x0, top, end - x0, BAR);
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
            fprintf(out, "<g class=\"whisker\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                         "y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                         "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/></g>",
                    low, mid, high, mid, low, top + 2.0, low, top + BAR - 2.0, high, top + 2.0,
                    high, top + BAR - 2.0);
            text_x = high > end ? high : end;
        }
        fprintf(out, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\">", text_x + 5.0,
                top + BAR - 3.0);
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
    size_t longest = 4;
    for (size_t r = 0; r < chart->row_count; r++) {
        for (size_t s = 0; s < chart->series_count; s++) {
            values[count++] = chart->rows[r].value[s];
        }
        if (chart->rows[r].has_interval) {
            values[count++] = chart->rows[r].high;
        }
        size_t length = strlen(chart->rows[r].label);
        longest = length > longest ? length : longest;
    }
    struct chart_axis axis = tourney_chart_axis(values, count, chart->percent);
    free(values);
    /* The label column fits the longest name, up to a third of the width. */
    size_t label_chars = longest < 32 ? longest : 32;
    double x0 = 12.0 + CHAR_WIDTH * (double)label_chars;
    double x1 = WIDTH - VALUE_SPACE;
    double group = (double)chart->series_count * (BAR + BAR_GAP) - BAR_GAP + ROW_GAP;
    double top = chart->series_count > 1 ? LEGEND_HEIGHT + 6.0 : 8.0;
    double bottom = top + group * (double)chart->row_count;
    double height = bottom + AXIS_HEIGHT;
    fprintf(out, "<svg class=\"chart\" id=\"%s\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
                 "aria-labelledby=\"%s-title\"><title id=\"%s-title\">",
            chart->id, WIDTH, height, chart->id, chart->id);
    tourney_html_text(out, chart->title);
    fputs("</title>", out);
    if (chart->series_count > 1) {
        draw_legend(out, chart, x0);
    }
    draw_ticks(out, chart, &axis, x0, x1, top - 4.0, bottom);
    for (size_t r = 0; r < chart->row_count; r++) {
        draw_row(out, chart, &axis, &chart->rows[r], x0, x1,
                 top + group * (double)r + ROW_GAP / 2.0, label_chars);
    }
    fprintf(out, "<text class=\"axis-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
            (x0 + x1) / 2.0, height - 6.0);
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
