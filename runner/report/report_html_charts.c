/*
 * The charts of report.html: win rate against random with its interval,
 * time per move and nodes per move, one bar group per agent in rank order.
 */
#include <stdlib.h>

#include "html.h"
#include "report_html.h"
#include "svg_chart.h"

/* Rows for every agent, in rank order, labelled; the caller fills values. */
static struct bar_row *agent_rows(const struct report *report)
{
    size_t count = report->input->stats->agent_count;
    struct bar_row *rows = calloc(count + 1, sizeof(*rows));
    for (size_t rank = 0; rows != NULL && rank < count; rank++) {
        rows[rank].label = report->input->agents[report->order[rank]].name;
    }
    return rows;
}

static int draw(struct html_page *page, FILE *out, struct bar_chart *chart)
{
    page->charts++;
    return tourney_svg_bar_chart(out, chart);
}

int tourney_html_vs_random(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct stats *stats = report->input->stats;
    struct bar_row *rows = agent_rows(report);
    if (rows == NULL) {
        return -1;
    }
    size_t count = 0;
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        size_t i = report->order[rank];
        const struct tally *t = &stats->agents[i].vs_random;
        if (t->games == 0) {
            continue;
        }
        struct interval ci = tourney_wilson(t->wins, t->games, TOURNEY_Z95);
        struct bar_row *row = &rows[count++];
        row->label = report->input->agents[i].name;
        row->value[0] = tourney_rate(t->wins, t->games);
        row->has_interval = true;
        row->low = ci.low;
        row->high = ci.high;
        snprintf(row->text[0], sizeof(row->text[0]), "%.1f%%", 100.0 * row->value[0]);
    }
    int status = 0;
    if (count == 0) {
        fputs("<p class=\"note\">No agent played against an entrant of the random plugin, so "
              "there is no win rate against random.</p>\n",
              out);
    } else {
        fputs("<p class=\"note\">The share of its games against random that each agent won, "
              "with the 95% Wilson interval as a whisker.</p>\n",
              out);
        static const char *const series[] = {"win rate"};
        struct bar_chart chart = {
            .id = "chart-vs-random",
            .title = "Win rate against random, with 95% intervals",
            .axis_label = "games won against random",
            .series = series,
            .series_count = 1,
            .percent = true,
            .rows = rows,
            .row_count = count,
        };
        status = draw(page, out, &chart);
    }
    free(rows);
    return status;
}

int tourney_html_time(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    size_t count = report->input->stats->agent_count;
    struct bar_row *rows = agent_rows(report);
    if (rows == NULL) {
        return -1;
    }
    for (size_t rank = 0; rank < count; rank++) {
        const struct agent_summary *s = &report->summaries[report->order[rank]];
        const double values[] = {s->mean_ms, s->median_ms, s->p95_ms, s->max_ms};
        for (size_t k = 0; k < 4; k++) {
            rows[rank].value[k] = values[k];
            snprintf(rows[rank].text[k], sizeof(rows[rank].text[k]), "%.3f ms", values[k]);
        }
    }
    fputs("<p class=\"note\">The time an agent took per move, from the runner's clock around "
          "each call: mean, median, 95th percentile and maximum over its moves.</p>\n",
          out);
    static const char *const series[] = {"mean", "median", "p95", "max"};
    struct bar_chart chart = {
        .id = "chart-time",
        .title = "Milliseconds per move: mean, median, 95th percentile and maximum",
        .axis_label = "milliseconds per move",
        .series = series,
        .series_count = 4,
        .rows = rows,
        .row_count = count,
    };
    int status = draw(page, out, &chart);
    free(rows);
    return status;
}

int tourney_html_nodes(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    size_t count = report->input->stats->agent_count;
    struct bar_row *rows = agent_rows(report);
    if (rows == NULL) {
        return -1;
    }
    for (size_t rank = 0; rank < count; rank++) {
        const struct agent_summary *s = &report->summaries[report->order[rank]];
        rows[rank].value[0] = s->nodes_per_move;
        snprintf(rows[rank].text[0], sizeof(rows[rank].text[0]), "%.1f", s->nodes_per_move);
    }
    fputs("<p class=\"note\">The positions an agent reported visiting per move, the root "
          "included, on average.</p>\n",
          out);
    static const char *const series[] = {"nodes per move"};
    struct bar_chart chart = {
        .id = "chart-nodes",
        .title = "Nodes per move",
        .axis_label = "nodes per move (mean)",
        .series = series,
        .series_count = 1,
        .rows = rows,
        .row_count = count,
    };
    int status = draw(page, out, &chart);
    free(rows);
    return status;
}
