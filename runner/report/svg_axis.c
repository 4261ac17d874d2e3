/*
 * What every chart of report.html is made of: its axes and their ticks,
 * grid lines, text and legends.
 */
#include <math.h>
#include <string.h>

#include "html.h"
#include "html_numbers.h"
#include "svg_chart.h"

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

struct chart_axis tourney_chart_axis_range(double low, double high)
{
    if (!(high > low)) {
        /* One value (or none): a unit either side of it. */
        low = (isfinite(low) ? low : 0.0) - 1.0;
        high = low + 2.0;
    }
    struct chart_axis axis = {.log = false};
    axis.step = round_up((high - low) / 5.0);
    axis.min = floor(low / axis.step + 1e-9) * axis.step;
    axis.max = ceil(high / axis.step - 1e-9) * axis.step;
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

/* A tick's label: "20%", "0.5", "100", "10k", "1M", "\u2212400". */
static void tick_text(const struct chart_axis *axis, bool percent, double value, char *buf,
                      size_t size)
{
    if (percent) {
        snprintf(buf, size, "%g%%", round(value * 1000.0) / 10.0);
        return;
    }
    /* %g of a sum of steps can show rounding noise: round to the step. */
    double shown = axis->log ? value : round(value / axis->step) * axis->step;
    const char *sign = shown < 0.0 ? HTML_MINUS : "";
    shown = fabs(shown);
    static const struct {
        double scale;
        const char *suffix;
    } units[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (shown >= units[i].scale) {
            snprintf(buf, size, "%s%g%s", sign, shown / units[i].scale, units[i].suffix);
            return;
        }
    }
    snprintf(buf, size, "%s%.6g", sign, shown);
}

size_t tourney_chart_ticks(const struct chart_axis *axis, bool percent, struct chart_tick *ticks)
{
    size_t count = 0;
    if (axis->log) {
        for (double v = axis->min; v <= axis->max * 1.000001 && count < CHART_MAX_TICKS;
             v *= 10.0) {
            ticks[count++].value = v;
        }
    } else {
        for (double v = axis->min; v <= axis->max + axis->step * 1e-6 && count < CHART_MAX_TICKS;
             v += axis->step) {
            ticks[count++].value = v;
        }
    }
    for (size_t i = 0; i < count; i++) {
        tick_text(axis, percent, ticks[i].value, ticks[i].label, sizeof(ticks[i].label));
    }
    return count;
}

void tourney_svg_open(FILE *out, const char *id, const char *title, double height)
{
    fprintf(out,
            "<svg class=\"chart\" id=\"%s\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
            "aria-labelledby=\"%s-title\"><title id=\"%s-title\">",
            id, CHART_WIDTH, ceil(height), id, id);
    tourney_html_text(out, title);
    fputs("</title>", out);
}

void tourney_svg_close(FILE *out)
{
    fputs("</svg>\n", out);
}

void tourney_svg_text(FILE *out, const char *class_name, double x, double y, const char *anchor,
                      const char *text)
{
    fprintf(out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\"", class_name, x, y);
    if (strcmp(anchor, "start") != 0) {
        fprintf(out, " text-anchor=\"%s\"", anchor);
    }
    fputc('>', out);
    tourney_html_text(out, text);
    fputs("</text>", out);
}

void tourney_svg_x_mark(FILE *out, double x, double top, double bottom, const char *label)
{
    fprintf(out, "<g class=\"mark\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x,
            top, x, bottom);
    tourney_svg_text(out, "mark-label", x - 3.0, top + 10.0, "end", label);
    fputs("</g>", out);
}

void tourney_svg_x_grid(FILE *out, const struct chart_axis *axis, const struct chart_tick *ticks,
                        size_t count, double x0, double x1, double top, double bottom)
{
    /* Labels that would touch are thinned: every other one, or fewer. */
    size_t longest = 0;
    for (size_t i = 0; i < count; i++) {
        size_t length = strlen(ticks[i].label);
        longest = length > longest ? length : longest;
    }
    double spacing = count > 1 ? (x1 - x0) / (double)(count - 1) : x1 - x0;
    size_t every = (size_t)ceil(((double)longest * CHART_CHAR_WIDTH * 0.8 + 8.0) / spacing);
    fputs("<g class=\"grid\">", out);
    for (size_t i = 0; i < count; i++) {
        double x = x0 + (x1 - x0) * tourney_chart_position(axis, ticks[i].value);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, top, x, bottom);
        if (every <= 1 || i % every == 0) {
            tourney_svg_text(out, "tick", x, bottom + 14.0, "middle", ticks[i].label);
        }
    }
    fputs("</g>", out);
}

void tourney_svg_y_grid(FILE *out, const struct chart_axis *axis, const struct chart_tick *ticks,
                        size_t count, double y0, double y1, double left, double right)
{
    fputs("<g class=\"grid\">", out);
    for (size_t i = 0; i < count; i++) {
        double y = y0 + (y1 - y0) * tourney_chart_position(axis, ticks[i].value);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", left, y, right, y);
        tourney_svg_text(out, "tick", left - 4.0, y + 4.0, "end", ticks[i].label);
    }
    fputs("</g>", out);
}

double tourney_svg_legend(FILE *out, const char *const *names, const char *const *classes,
                          size_t count, double x, double y, double width)
{
    if (out != NULL) {
        fputs("<g class=\"legend\">", out);
    }
    double at = x;
    double line = 0.0;
    for (size_t i = 0; i < count; i++) {
        double entry = 16.0 + CHART_CHAR_WIDTH * (double)strlen(names[i]) + 12.0;
        if (at > x && at + entry > x + width) {
            at = x;
            line += 18.0;
        }
        if (out != NULL) {
            fprintf(out, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"11\" height=\"11\"/>",
                    classes[i], at, y + line + 3.0);
            tourney_svg_text(out, "key", at + 15.0, y + line + 13.0, "start", names[i]);
        }
        at += entry;
    }
    if (out != NULL) {
        fputs("</g>", out);
    }
    return count > 0 ? line + 20.0 : 0.0;
}
