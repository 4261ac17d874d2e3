/*
 * The plots of report.html that are not bar charts of one figure: every
 * agent's rating with its 95% interval, every agent's score over the games
 * played (so that one sees whether the standings have settled), and the
 * results of each seat.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include "html.h"
#include "html_numbers.h"
#include "report_html.h"
#include "svg_chart.h"

#define LEFT 16.0        /* room for half the first tick's label */
#define VALUE_SPACE 56.0 /* right of the plot, for a row's figure */
#define LABEL 16.0       /* a name above its row */
#define BAR 11.0
#define ROW_GAP 8.0
#define AXIS_HEIGHT 40.0 /* tick labels and the axis label */

/* ---- ratings -------------------------------------------------------- */

/* The axis's half width when no rating is a number. */
#define RATING_AXIS_DEFAULT 800.0

/* Where an Elo value lies on AXIS, a bound at the axis's end. */
static double elo_x(const struct chart_axis *axis, struct elo_value v, double x0, double x1)
{
    double at = v.kind == ELO_FINITE ? v.value : v.kind == ELO_ABOVE ? axis->max : axis->min;
    return x0 + (x1 - x0) * tourney_chart_position(axis, at);
}

/* The end of a whisker: a bar across it where the bound is a number, an
 * arrow head pointing off the scale where it is only a bound. */
static void whisker_end(FILE *out, const char *key, struct elo_value v, double x, double y,
                        int direction)
{
    if (v.kind == ELO_FINITE) {
        fprintf(out, "<line class=\"cap\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"", x,
                y - 5.0, x, y + 5.0);
        tourney_html_data(out, key, v.value);
    } else {
        fprintf(out, "<path class=\"cap\" d=\"M%.1f %.1fl%d 5l%d 5z\"", x, y - 5.0, 6 * direction,
                -6 * direction);
        tourney_html_data_null(out, key);
    }
    fputs("/>", out);
}

static void rating_row(FILE *out, const struct report *report, size_t i,
                       const struct chart_axis *axis, double x0, double x1, double y)
{
    const char *name = report->input->agents[i].name;
    const struct rating *r = &report->ratings.agents[i];
    fputs("<g class=\"row\"", out);
    tourney_html_data_agent(out, "data-agent", name);
    fputs(">", out);
    tourney_svg_text(out, "label", x0, y + LABEL - 4.0, "start", name);
    double mid = y + LABEL + BAR / 2.0;
    char raw[32];
    char text[48];
    tourney_rating_format(r, raw, sizeof(raw));
    tourney_html_minus_text(text, sizeof(text), raw);
    if (r->low.kind != ELO_UNKNOWN) {
        double low = elo_x(axis, r->low, x0, x1);
        double high = elo_x(axis, r->high, x0, x1);
        fprintf(out,
                "<g class=\"whisker\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                low, mid, high, mid);
        whisker_end(out, "rating.elo_low", r->low, low, mid, -1);
        whisker_end(out, "rating.elo_high", r->high, high, mid, 1);
        fputs("</g>", out);
    }
    if (r->elo.kind != ELO_UNKNOWN) {
        fprintf(out, "<circle class=\"dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\"",
                elo_x(axis, r->elo, x0, x1), mid);
        if (r->elo.kind == ELO_FINITE) {
            tourney_html_data(out, "rating.elo", r->elo.value);
        } else {
            tourney_html_data_null(out, "rating.elo");
        }
        fputs("><title>", out);
        char low[32];
        char high[32];
        tourney_elo_format(r->low, raw, sizeof(raw));
        tourney_html_minus_text(low, sizeof(low), raw);
        tourney_elo_format(r->high, raw, sizeof(raw));
        tourney_html_minus_text(high, sizeof(high), raw);
        tourney_html_textf(out, "%s: Elo %s, 95%% interval [%s, %s]", name, text, low, high);
        fputs("</title></circle>", out);
    }
    tourney_svg_text(out, "value", x1 + 10.0, mid + 4.0, "start", text);
    fputs("</g>", out);
}

/* The axis of the finite ratings and interval ends; bounds are drawn at its
 * ends. */
static struct chart_axis rating_axis(const struct report *report, size_t shown)
{
    double low = INFINITY;
    double high = -INFINITY;
    for (size_t rank = 0; rank < shown; rank++) {
        const struct rating *r = &report->ratings.agents[report->order[rank]];
        const struct elo_value values[] = {r->elo, r->low, r->high};
        for (size_t k = 0; k < 3; k++) {
            if (values[k].kind == ELO_FINITE) {
                low = fmin(low, values[k].value);
                high = fmax(high, values[k].value);
            }
        }
    }
    if (!(low <= high)) {
        low = -RATING_AXIS_DEFAULT;
        high = RATING_AXIS_DEFAULT;
    }
    /* Zero, the anchor, is always on the axis. */
    return tourney_chart_axis_range(fmin(low, 0.0), fmax(high, 0.0));
}

int tourney_html_ratings(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    /* Among those the chart would show, the best placed. */
    size_t count = report->input->stats->agent_count;
    size_t rated = 0;
    for (size_t rank = 0; rank < count && rank < HTML_ROWS_MAX; rank++) {
        rated += report->ratings.agents[report->order[rank]].elo.kind != ELO_UNKNOWN;
    }
    if (rated == 0) {
        fputs("<p class=\"note\">No agent has a rating yet: it takes games.</p>\n", out);
        return 0;
    }
    char text[512];
    tourney_report_describe_ratings(report, text, sizeof(text));
    fputs("<p class=\"note\">", out);
    tourney_html_text(out, text);
    fputs(" The whisker is the 95% interval.</p>\n", out);
    size_t shown = tourney_html_top(page, out, HTML_ROWS_MAX, "Ratings");
    struct chart_axis axis = rating_axis(report, shown);
    double x0 = LEFT;
    double x1 = CHART_WIDTH - VALUE_SPACE;
    double group = LABEL + BAR + ROW_GAP;
    double top = 4.0;
    double bottom = top + group * (double)shown;
    double height = bottom + AXIS_HEIGHT;
    page->charts++;
    tourney_svg_open(out, "chart-ratings", "Elo ratings with their 95% intervals", height);
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t tick_count = tourney_chart_ticks(&axis, false, ticks);
    tourney_svg_x_grid(out, &axis, ticks, tick_count, x0, x1, top, bottom);
    double zero = x0 + (x1 - x0) * tourney_chart_position(&axis, 0.0);
    fprintf(out, "<line class=\"zero\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", zero,
            top, zero, bottom);
    for (size_t rank = 0; rank < shown; rank++) {
        rating_row(out, report, report->order[rank], &axis, x0, x1, top + group * (double)rank);
    }
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle", "Elo rating");
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}

/* ---- score over the games ------------------------------------------- */

#define PLOT_LEFT 44.0  /* room for the y axis's labels */
#define PLOT_RIGHT 16.0 /* room for half the last x label */
#define PLOT_HEIGHT 180.0

static const char *const line_classes[HTML_LINES_MAX] = {
    "swatch c0", "swatch c1", "swatch c2", "swatch c3",
    "swatch c4", "swatch c5", "swatch c6", "swatch c7",
};

int tourney_html_convergence(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    size_t length = tourney_stats_history_length(stats);
    if (length == 0) {
        fputs("<p class=\"note\">No games yet, so no scores to follow.</p>\n", out);
        return 0;
    }
    fprintf(out,
            "<p class=\"note\">Each agent's score in its games so far, after every %" PRIu64
            " game%s of the tournament: lines that have flattened out mean the standings "
            "have settled.</p>\n",
            stats->history.every, stats->history.every == 1 ? "" : "s");
    size_t shown = tourney_html_top(page, out, HTML_LINES_MAX, "Lines");
    const char *names[HTML_LINES_MAX];
    for (size_t rank = 0; rank < shown; rank++) {
        names[rank] = in->agents[report->order[rank]].name;
    }
    double x0 = PLOT_LEFT;
    double x1 = CHART_WIDTH - PLOT_RIGHT;
    double legend = tourney_svg_legend(NULL, names, line_classes, shown, x0, 0.0, x1 - x0);
    double top = legend + 10.0;
    double bottom = top + PLOT_HEIGHT;
    double height = bottom + AXIS_HEIGHT;
    page->charts++;
    tourney_svg_open(out, "chart-convergence", "Each agent's score over the games played", height);
    tourney_svg_legend(out, names, line_classes, shown, x0, 0.0, x1 - x0);
    /* Round ticks, and the plot ends at the last game. */
    struct chart_axis x_axis = tourney_chart_axis_range(0.0, (double)stats->games);
    x_axis.max = (double)stats->games;
    struct chart_axis y_axis = tourney_chart_axis(NULL, 0, true);
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t count = tourney_chart_ticks(&x_axis, false, ticks);
    tourney_svg_x_grid(out, &x_axis, ticks, count, x0, x1, top, bottom);
    count = tourney_chart_ticks(&y_axis, true, ticks);
    tourney_svg_y_grid(out, &y_axis, ticks, count, bottom, top, x0, x1);
    for (size_t rank = 0; rank < shown; rank++) {
        size_t i = report->order[rank];
        fputs("<g", out);
        tourney_html_data_agent(out, "data-agent", names[rank]);
        fprintf(out, "><polyline class=\"line c%zu\" points=\"", rank);
        double last_x = 0.0;
        double last_y = 0.0;
        size_t points = 0;
        for (size_t k = 0; k < length; k++) {
            struct score_point p;
            uint64_t games = tourney_stats_history_point(stats, k, i, &p);
            if (p.games == 0) {
                continue;
            }
            last_x = x0 + (x1 - x0) * tourney_chart_position(&x_axis, (double)games);
            last_y = bottom + (top - bottom) * (p.points / 2.0 / p.games);
            fprintf(out, "%s%.1f,%.1f", points++ ? " " : "", last_x, last_y);
        }
        fputs("\"><title>", out);
        tourney_html_text(out, names[rank]);
        fputs("</title></polyline>", out);
        const struct tally *t = &stats->agents[i].all;
        if (points > 0) {
            fprintf(out, "<circle class=\"dot c%zu\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"", rank,
                    last_x, last_y);
            tourney_html_data(out, "all.score", tourney_score_rate(t));
            fputs("><title>", out);
            tourney_html_textf(out, "%s: %.1f%% after %" PRIu32 " games", names[rank],
                               100.0 * tourney_score_rate(t), t->games);
            fputs("</title></circle>", out);
        }
        fputs("</g>", out);
    }
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle",
                     "games played (score on the left)");
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}

/* ---- results by seat ------------------------------------------------ */

#define SEAT_TAG 30.0 /* "1st" and "2nd" left of the bars */

static const char *const outcome_classes[3] = {"bar win", "bar draw", "bar loss"};

/* One bar of wins, draws and losses side by side, as shares of T's games,
 * each keyed PREFIX.wins, ... ; its score at the end. */
static void seat_bar(FILE *out, const char *tag, const char *prefix, const char *who,
                     const struct tally *t, double x0, double x1, double y)
{
    tourney_svg_text(out, "tick", x0, y + BAR - 1.5, "start", tag);
    const uint32_t counts[3] = {t->wins, t->draws, t->losses};
    static const char *const names[3] = {"wins", "draws", "losses"};
    double at = x0 + SEAT_TAG;
    double width = x1 - at;
    for (size_t k = 0; k < 3; k++) {
        double w = t->games ? width * counts[k] / t->games : 0.0;
        fprintf(out, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"",
                outcome_classes[k], at, y, w, BAR);
        char key[64];
        snprintf(key, sizeof(key), "%s%s%s", prefix, prefix[0] ? "." : "", names[k]);
        tourney_html_data_count(out, key, counts[k]);
        fputs("><title>", out);
        tourney_html_textf(out, "%s %s: %" PRIu32 " %s of %" PRIu32 " games", who, tag, counts[k],
                           names[k], t->games);
        fputs("</title></rect>", out);
        at += w;
    }
    char score[16] = HTML_DASH;
    if (t->games > 0) {
        snprintf(score, sizeof(score), "%.0f%%", 100.0 * tourney_score_rate(t));
    }
    tourney_svg_text(out, "value", x1 + 6.0, y + BAR - 1.5, "start", score);
}

int tourney_html_seats(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    if (stats->games == 0) {
        fputs("<p class=\"note\">No games yet.</p>\n", out);
        return 0;
    }
    fputs("<p class=\"note\">Wins, draws and losses as first and as second player, with the "
          "score at the end: over all games the first player's, then each agent's.</p>\n",
          out);
    size_t shown = tourney_html_top(page, out, HTML_GROUPS_MAX, "Bars");
    static const char *const names[3] = {"win", "draw", "loss"};
    double x0 = LEFT;
    double x1 = CHART_WIDTH - 44.0;
    double legend = tourney_svg_legend(NULL, names, outcome_classes, 3, x0, 0.0, x1 - x0);
    double group = LABEL + 2.0 * BAR + 3.0 + ROW_GAP;
    double top = legend + 6.0;
    double height = top + group * (double)(shown + 1) + 4.0;
    page->charts++;
    tourney_svg_open(out, "chart-seats", "Wins, draws and losses as first and as second player",
                     height);
    tourney_svg_legend(out, names, outcome_classes, 3, x0, 0.0, x1 - x0);
    fputs("<g class=\"row all\">", out);
    tourney_svg_text(out, "label", x0, top + LABEL - 4.0, "start", "all games");
    fputs("<g data-summary=\"seats\">", out);
    seat_bar(out, "1st", "first", "the first player", &stats->seat[0], x0, x1, top + LABEL);
    seat_bar(out, "2nd", "second", "the second player", &stats->seat[1], x0, x1,
             top + LABEL + BAR + 3.0);
    fputs("</g></g>", out);
    for (size_t rank = 0; rank < shown; rank++) {
        size_t i = report->order[rank];
        double y = top + group * (double)(rank + 1);
        fputs("<g class=\"row\"", out);
        tourney_html_data_agent(out, "data-agent", in->agents[i].name);
        fputs(">", out);
        tourney_svg_text(out, "label", x0, y + LABEL - 4.0, "start", in->agents[i].name);
        seat_bar(out, "1st", "first", in->agents[i].name, &stats->agents[i].seat[0], x0, x1,
                 y + LABEL);
        seat_bar(out, "2nd", "second", in->agents[i].name, &stats->agents[i].seat[1], x0, x1,
                 y + LABEL + BAR + 3.0);
        fputs("</g>", out);
    }
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}
