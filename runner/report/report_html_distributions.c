/*
 * The distributions of report.html: how many plies the games lasted, and
 * each agent's move times per power of two, both drawn from the figures
 * summary.json holds (summary_plots.h).
 */
#include <inttypes.h>
#include <math.h>

#include "html.h"
#include "html_numbers.h"
#include "report_html.h"
#include "summary_plots.h"
#include "svg_chart.h"

#define PLOT_LEFT 44.0  /* room for the y axis's labels */
#define PLOT_RIGHT 16.0 /* room for half the last x label */
#define PLOT_HEIGHT 160.0
#define AXIS_HEIGHT 40.0

/* ---- game lengths --------------------------------------------------- */

/* A bin of game lengths as text: "7" or "8\u201315". */
static void bin_text(char *buf, size_t size, uint64_t from, uint64_t to)
{
    if (from == to) {
        snprintf(buf, size, "%" PRIu64, from);
    } else {
        snprintf(buf, size, "%" PRIu64 HTML_DASH "%" PRIu64, from, to);
    }
}

int tourney_html_lengths(struct html_page *page, FILE *out)
{
    const struct stats *stats = page->report->input->stats;
    const struct game_lengths *lengths = &stats->lengths;
    size_t first = 0;
    size_t count = 0;
    tourney_game_lengths_span(lengths, &first, &count);
    if (count == 0) {
        fputs("<p class=\"note\">No games yet.</p>\n", out);
        return 0;
    }
    uint64_t most = 0;
    for (size_t b = first; b < first + count; b++) {
        most = lengths->counts[b] > most ? lengths->counts[b] : most;
    }
    fprintf(out, "<p class=\"note\">How many plies (moves of either side) the games lasted");
    if (lengths->width > 1) {
        fprintf(out, ", in bins of %" PRIu64 " plies", lengths->width);
    }
    fputs(".</p>\n", out);
    double x0 = PLOT_LEFT;
    double x1 = CHART_WIDTH - PLOT_RIGHT;
    double top = 8.0;
    double bottom = top + PLOT_HEIGHT;
    double height = bottom + AXIS_HEIGHT;
    page->charts++;
    tourney_svg_open(out, "chart-lengths", "Games by their number of plies", height);
    fputs("<g data-summary=\"game_lengths\">", out);
    struct chart_axis y_axis = tourney_chart_axis_range(0.0, (double)most);
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t tick_count = tourney_chart_ticks(&y_axis, false, ticks);
    tourney_svg_y_grid(out, &y_axis, ticks, tick_count, bottom, top, x0, x1);
    double slot = (x1 - x0) / (double)count;
    double gap = slot > 6.0 ? 1.5 : 0.5;
    /* Every bin labelled when there is room, else about eight of them. */
    size_t label_every = (size_t)ceil((double)count / 8.0);
    for (size_t k = 0; k < count; k++) {
        uint64_t from = (first + k) * lengths->width;
        uint64_t to = from + lengths->width - 1;
        uint64_t games = lengths->counts[first + k];
        double x = x0 + slot * (double)k;
        double y = bottom + (top - bottom) * tourney_chart_position(&y_axis, (double)games);
        char text[48];
        bin_text(text, sizeof(text), from, to);
        fprintf(out, "<rect class=\"bar s0\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"",
                x + gap / 2.0, y, slot - gap, bottom - y);
        char key[48];
        snprintf(key, sizeof(key), "bins.%zu.games", k);
        tourney_html_data_count(out, key, games);
        fputs("><title>", out);
        tourney_html_textf(out, "%s plies: %" PRIu64 " game%s (%.1f%%)", text, games,
                           games == 1 ? "" : "s", 100.0 * (double)games / (double)lengths->games);
        fputs("</title></rect>", out);
        if (k % label_every == 0) {
            bin_text(text, sizeof(text), from, lengths->width > 1 && count > 8 ? from : to);
            tourney_svg_text(out, "tick", x + slot / 2.0, bottom + 14.0, "middle", text);
        }
    }
    fputs("</g>", out);
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle",
                     "plies per game (games on the left)");
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}

/* ---- move times ----------------------------------------------------- */

#define STRIP_LABEL 16.0
#define STRIP_BARS 26.0
#define STRIP_GAP 8.0

/* The strip of one agent: a bar per power of two, as tall as its share of
 * the agent's busiest bin, and a mark at its median. */
static void time_strip(FILE *out, const struct report *report, size_t i,
                       const struct chart_axis *axis, double x0, double x1, double y)
{
    const char *name = report->input->agents[i].name;
    struct time_octaves octaves;
    tourney_time_octaves(&report->input->stats->agents[i], &octaves);
    uint64_t most = 0;
    uint64_t moves = 0;
    for (size_t k = octaves.first; k < octaves.first + octaves.count; k++) {
        most = octaves.counts[k] > most ? octaves.counts[k] : most;
        moves += octaves.counts[k];
    }
    fputs("<g class=\"row\"", out);
    tourney_html_data_agent(out, "data-agent", name);
    fputs(">", out);
    tourney_svg_text(out, "label", x0, y + STRIP_LABEL - 4.0, "start", name);
    double base = y + STRIP_LABEL + STRIP_BARS;
    fprintf(out, "<line class=\"base\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x0,
            base, x1, base);
    for (size_t k = octaves.first; k < octaves.first + octaves.count; k++) {
        if (octaves.counts[k] == 0) {
            continue;
        }
        double left = x0 + (x1 - x0) * tourney_chart_position(axis, ldexp(1.0, (int)k));
        double right = x0 + (x1 - x0) * tourney_chart_position(axis, ldexp(1.0, (int)k + 1));
        double h = STRIP_BARS * (double)octaves.counts[k] / (double)most;
        fprintf(out, "<rect class=\"bar s0\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"",
                left + 0.5, base - h, right - left - 1.0, h);
        char key[48];
        snprintf(key, sizeof(key), "time_histogram.%zu.moves", k - octaves.first);
        tourney_html_data_count(out, key, octaves.counts[k]);
        char low[32];
        char high[32];
        tourney_html_duration_text(low, sizeof(low), (double)tourney_octave_low_ns(k));
        tourney_html_duration_text(high, sizeof(high), (double)tourney_octave_high_ns(k) + 1.0);
        fputs("><title>", out);
        tourney_html_textf(out, "%s: %" PRIu64 " move%s (%.1f%%) of %s" HTML_DASH "%s", name,
                           octaves.counts[k], octaves.counts[k] == 1 ? "" : "s",
                           100.0 * (double)octaves.counts[k] / (double)moves, low, high);
        fputs("</title></rect>", out);
    }
    if (moves > 0) {
        double median = report->summaries[i].median_ms * 1e6;
        double x = x0 + (x1 - x0) * tourney_chart_position(axis, median > 1.0 ? median : 1.0);
        char text[32];
        tourney_html_duration_text(text, sizeof(text), median);
        fprintf(out, "<line class=\"median\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\">", x,
                base - STRIP_BARS - 2.0, x, base + 2.0);
        fputs("<title>", out);
        tourney_html_textf(out, "%s: median %s", name, text);
        fputs("</title></line>", out);
    }
    fputs("</g>", out);
}

int tourney_html_time_histogram(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct stats *stats = report->input->stats;
    size_t shown = stats->agent_count < HTML_GROUPS_MAX ? stats->agent_count : HTML_GROUPS_MAX;
    /* The powers of two from the quickest move to the slowest of those
     * shown. */
    size_t low = HISTOGRAM_OCTAVES;
    size_t high = 0;
    for (size_t rank = 0; rank < shown; rank++) {
        struct time_octaves octaves;
        tourney_time_octaves(&stats->agents[report->order[rank]], &octaves);
        if (octaves.count > 0) {
            low = octaves.first < low ? octaves.first : low;
            high = octaves.first + octaves.count > high ? octaves.first + octaves.count : high;
        }
    }
    if (low >= high) {
        fputs("<p class=\"note\">No moves yet.</p>\n", out);
        return 0;
    }
    char mark_label[64];
    uint64_t budget_ms = tourney_html_budget_ms(report, mark_label, sizeof(mark_label));
    double budget_ns = (double)budget_ms * 1e6;
    if (budget_ms > 0) {
        /* The axis reaches the budget, whichever side of the moves it is. */
        size_t floor_octave = (size_t)floor(log2(budget_ns));
        size_t ceil_octave = (size_t)ceil(log2(budget_ns));
        low = floor_octave < low ? floor_octave : low;
        high = ceil_octave > high ? ceil_octave : high;
    }
    fputs("<p class=\"note\">How long each agent's moves took, in bins that double in width; "
          "each agent's bars are scaled to its fullest bin, and the line marks its median.",
          out);
    tourney_html_budget_note(budget_ms, out);
    tourney_html_top(page, out, HTML_GROUPS_MAX, "Agents");
    /* At least a factor of 1000 wide, so that a decade is labelled. */
    while (high - low < 10) {
        low -= low > 0;
        high += high - low < 10;
    }
    struct chart_axis axis = {
        .log = true, .min = ldexp(1.0, (int)low), .max = ldexp(1.0, (int)high)};
    struct chart_tick ticks[CHART_MAX_TICKS];
    size_t count = 0;
    for (double v = pow(10.0, ceil(log10(axis.min))); v <= axis.max && count < CHART_MAX_TICKS;
         v *= 10.0) {
        ticks[count].value = v;
        tourney_html_duration_tick(ticks[count].label, sizeof(ticks[count].label), v);
        count++;
    }
    double x0 = 16.0;
    double x1 = CHART_WIDTH - 16.0;
    double group = STRIP_LABEL + STRIP_BARS + STRIP_GAP;
    double top = 4.0;
    double bottom = top + group * (double)shown;
    double height = bottom + AXIS_HEIGHT;
    page->charts++;
    tourney_svg_open(out, "chart-time-histogram", "Each agent's move times, by powers of two",
                     height);
    tourney_svg_x_grid(out, &axis, ticks, count, x0, x1, top, bottom);
    for (size_t rank = 0; rank < shown; rank++) {
        time_strip(out, report, report->order[rank], &axis, x0, x1, top + group * (double)rank);
    }
    if (budget_ms > 0) {
        tourney_svg_x_mark(out, x0 + (x1 - x0) * tourney_chart_position(&axis, budget_ns), top,
                           bottom, mark_label);
    }
    tourney_svg_text(out, "axis-label", (x0 + x1) / 2.0, height - 6.0, "middle",
                     "time per move (log scale)");
    tourney_svg_close(out);
    return ferror(out) ? -1 : 0;
}
