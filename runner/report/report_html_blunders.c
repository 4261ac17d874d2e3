/*
 * report.html's blunders by ply, from the exact analysis (analysis.jsonl):
 * where in the game each agent gives away a win or a draw. One strip per
 * agent on one shared ply axis, so that any number of agents stay apart
 * (no colour per agent to tell from another), and every bar on one scale,
 * so that strips compare. The same figures follow as a table, for readers
 * who do not see the drawing.
 */
#include <inttypes.h>
#include <math.h>

#include "html.h"
#include "html_numbers.h"
#include "report_analysis.h"
#include "report_html.h"
#include "svg_chart.h"

#define STRIP_LABEL 16.0 /* the agent's name and blunders above its bars */
#define STRIP_BARS 26.0  /* the tallest bar */
#define STRIP_GAP 8.0
#define BAR_LOWEST 1.5 /* a single blunder beside thousands still shows */
#define AXIS_HEIGHT 40.0
#define PLY_LABELS 8 /* about as many plies labelled under the axis */

/* The summary.json path of the list the strips give whole. */
#define BY_PLY_KEY "analysis.blunders_by_ply"

/* What the strips of the first SHOWN agents (in rank order) span. */
struct blunder_span {
    int32_t last_ply; /* the axis ends there: the longest game or a later blunder */
    uint64_t most;    /* at one ply, of any agent shown: the top of every strip */
    uint64_t total;   /* of the agents shown */
};

static struct blunder_span blunder_span(const struct report *report, size_t shown)
{
    const struct report_analysis *a = report->input->grades;
    uint64_t longest = report->input->stats->lengths.max;
    struct blunder_span span = {.last_ply = longest > INT32_MAX ? INT32_MAX : (int32_t)longest};
    for (size_t k = 0; k < a->by_ply_count; k++) {
        const struct ply_blunders *b = &a->by_ply[k];
        if (report->rank[b->agent] >= shown) {
            continue;
        }
        span.last_ply = b->ply > span.last_ply ? b->ply : span.last_ply;
        span.most = b->count > span.most ? b->count : span.most;
        span.total += b->count;
    }
    span.last_ply = span.last_ply < 1 ? 1 : span.last_ply;
    return span;
}

/* The plies labelled under the axis: the first, and every multiple of a
 * step of 1, 2 or 5 times a power of ten that makes about PLY_LABELS. */
static size_t ply_ticks(int32_t last_ply, struct chart_tick *ticks)
{
    static const int64_t factors[] = {1, 2, 5};
    int64_t scale = 1;
    int64_t step = 1;
    for (size_t f = 0; (int64_t)last_ply / step > PLY_LABELS; step = factors[f] * scale) {
        f = (f + 1) % 3;
        scale *= f == 0 ? 10 : 1;
    }
    size_t count = 0;
    ticks[count].value = 1.0;
    snprintf(ticks[count].label, sizeof(ticks[count].label), "1");
    count++;
    for (int64_t ply = step; ply <= last_ply && count < CHART_MAX_TICKS; ply += step) {
        if (ply == 1) {
            continue;
        }
        ticks[count].value = (double)ply;
        snprintf(ticks[count].label, sizeof(ticks[count].label), "%" PRId64, ply);
        count++;
    }
    return count;
}

static void blunders_text(FILE *out, uint64_t count)
{
    if (count == 0) {
        fputs("no blunders", out);
    } else {
        fprintf(out, "%" PRIu64 " blunder%s", count, count == 1 ? "" : "s");
    }
}

/* The strip of agent I, its bars keyed by their place in the agent's
 * blunders_by_ply of summary.json (the same order: by ply). */
static void blunder_strip(FILE *out, const struct report *report, size_t i,
                          const struct blunder_span *span, const struct chart_axis *axis,
                          double x0, double x1, double y)
{
    const struct report_analysis *a = report->input->grades;
    const char *name = report->input->agents[i].name;
    double slot = (x1 - x0) / (axis->max - axis->min);
    double width = slot > 3.0 ? slot - 1.0 : slot;
    fputs("<g class=\"row\"", out);
    tourney_html_data_agent(out, "data-agent", name);
    fputs(" data-list=\"" BY_PLY_KEY "\">", out);
    fprintf(out, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\">", x0, y + STRIP_LABEL - 4.0);
    tourney_html_text(out, name);
    fputs(": ", out);
    blunders_text(out, a->grades[i].blunders);
    fputs("</text>", out);
    double base = y + STRIP_LABEL + STRIP_BARS;
    fprintf(out, "<line class=\"base\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x0,
            base, x1, base);
    size_t index = 0;
    for (size_t k = 0; k < a->by_ply_count; k++) {
        const struct ply_blunders *b = &a->by_ply[k];
        if (b->agent != i) {
            continue;
        }
        char key[64];
        snprintf(key, sizeof(key), BY_PLY_KEY ".%zu.ply", index);
        fputs("<g", out);
        tourney_html_data_count(out, key, (uint64_t)b->ply);
        double h = STRIP_BARS * (double)b->count / (double)span->most;
        h = h < BAR_LOWEST ? BAR_LOWEST : h;
        double centre = x0 + (x1 - x0) * tourney_chart_position(axis, (double)b->ply);
        fprintf(out,
                "><rect class=\"bar loss\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                "height=\"%.1f\"",
                centre - width / 2.0, base - h, width, h);
        snprintf(key, sizeof(key), BY_PLY_KEY ".%zu.count", index);
        tourney_html_data_count(out, key, b->count);
        fputs("><title>", out);
        tourney_html_text(out, name);
        fputs(": ", out);
        blunders_text(out, b->count);
        fprintf(out, " at ply %" PRId32 "</title></rect></g>", b->ply);
        index++;
    }
    fputs("</g>", out);
}

/* The figures of the strips as a table: per agent, its blunders and the
 * plies it made them at, "5, 7 (2), 9". */
static void blunder_table(FILE *out, const struct report *report, size_t shown)
{
    const struct report_analysis *a = report->input->grades;
    fputs("<details class=\"figures\"><summary>The figures as a table</summary><div "
          "class=\"scroll\"><table class=\"blunders\"><thead><tr><th scope=\"col\">agent</th>"
          "<th scope=\"col\">blunders</th><th scope=\"col\">at ply (how many, when more than "
          "one)</th></tr></thead><tbody>\n",
          out);
    for (size_t rank = 0; rank < shown; rank++) {
        size_t i = report->order[rank];
        fputs("<tr", out);
        tourney_html_data_agent(out, "data-agent", report->input->agents[i].name);
        fputs("><th scope=\"row\">", out);
        tourney_html_text(out, report->input->agents[i].name);
        fputs("</th><td", out);
        tourney_html_data_count(out, "analysis.blunders", a->grades[i].blunders);
        fprintf(out, ">%" PRIu64 "</td><td>", a->grades[i].blunders);
        bool first = true;
        for (size_t k = 0; k < a->by_ply_count; k++) {
            const struct ply_blunders *b = &a->by_ply[k];
            if (b->agent != i) {
                continue;
            }
            fprintf(out, "%s%" PRId32, first ? "" : ", ", b->ply);
            if (b->count > 1) {
                fprintf(out, " (%" PRIu64 ")", b->count);
            }
            first = false;
        }
        fputs(first ? HTML_DASH "</td></tr>\n" : "</td></tr>\n", out);
    }
    fputs("</tbody></table></div></details>\n", out);
}

int tourney_html_blunders(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    size_t shown = report->input->stats->agent_count < HTML_GROUPS_MAX
                       ? report->input->stats->agent_count
                       : HTML_GROUPS_MAX;
    struct blunder_span span = blunder_span(report, shown);
    fputs("<p class=\"note\">From the exact analysis (analysis.jsonl): the moves that gave away "
          "a win or a draw, by the ply they were made at (the first move of a game is ply 1). "
          "Every bar is on one scale",
          out);
    if (span.most > 0) {
        fprintf(out, ", the tallest %" PRIu64 " blunder%s", span.most, span.most == 1 ? "" : "s");
    }
    fputs(".</p>\n", out);
    tourney_html_top(page, out, HTML_GROUPS_MAX, "Agents");
    if (span.total == 0) {
        fputs("<p class=\"note\">No agent shown made a blunder in its graded moves.</p>\n", out);
        return ferror(out) ? -1 : 0;
    }
    /* A slot per ply, its bar centred on it. */
    struct chart_axis axis = {
        .log = false, .min = 0.5, .max = (double)span.last_ply + 0.5, .step = 1.0};
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t tick_count = ply_ticks(span.last_ply, ticks);
    double x0 = 16.0;
    double x1 = CHART_WIDTH - 16.0;
    double group = STRIP_LABEL + STRIP_BARS + STRIP_GAP;
    double top = 4.0;
    double bottom = top + group * (double)shown;
    double height = bottom + AXIS_HEIGHT;
    page->charts++;
    tourney_svg_open(out, "chart-blunders", "Each agent's blunders by the ply they were made at",
                     height);
    tourney_svg_x_grid(out, &axis, ticks, tick_count, x0, x1, top, bottom);
    for (size_t rank = 0; rank < shown; rank++) {
        blunder_strip(out, report, report->order[rank], &span, &axis, x0, x1,
                      top + group * (double)rank);
    }
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle",
                     "ply of the game");
    tourney_svg_close(out);
    blunder_table(out, report, shown);
    return ferror(out) ? -1 : 0;
}
