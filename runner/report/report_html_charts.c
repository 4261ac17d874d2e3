/*
 * The bar charts of report.html: win rate against random with its interval,
 * time and nodes per move, one bar group per agent in rank order, and how
 * the games ended.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include "html.h"
#include "html_numbers.h"
#include "report_html.h"
#include "svg_chart.h"

/* Rows for the first COUNT agents in rank order, labelled; the caller
 * fills the values. */
static struct bar_row *agent_rows(const struct report *report, size_t count)
{
    struct bar_row *rows = calloc(count + 1, sizeof(*rows));
    for (size_t rank = 0; rows != NULL && rank < count; rank++) {
        rows[rank].label = report->input->agents[report->order[rank]].name;
        rows[rank].agent = rows[rank].label;
    }
    return rows;
}

int tourney_html_vs_random(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct stats *stats = report->input->stats;
    size_t played = 0;
    for (size_t i = 0; i < stats->agent_count; i++) {
        played += stats->agents[i].vs_random.games > 0;
    }
    if (played == 0) {
        fputs("<p class=\"note\">No agent played against an entrant of the random plugin, so "
              "there is no win rate against random.</p>\n",
              out);
        return 0;
    }
    size_t shown = played < HTML_ROWS_MAX ? played : HTML_ROWS_MAX;
    struct bar_row *rows = calloc(shown + 1, sizeof(*rows));
    if (rows == NULL) {
        return -1;
    }
    size_t count = 0;
    for (size_t rank = 0; rank < stats->agent_count && count < shown; rank++) {
        size_t i = report->order[rank];
        const struct tally *t = &stats->agents[i].vs_random;
        if (t->games == 0) {
            continue;
        }
        struct interval ci = tourney_wilson(t->wins, t->games, TOURNEY_Z95);
        struct bar_row *row = &rows[count++];
        row->label = report->input->agents[i].name;
        row->agent = row->label;
        row->key[0] = "vs_random.win_rate";
        row->value[0] = tourney_rate(t->wins, t->games);
        row->has_interval = true;
        row->low = ci.low;
        row->high = ci.high;
        snprintf(row->text[0], sizeof(row->text[0]), "%.1f%%", 100.0 * row->value[0]);
    }
    fputs("<p class=\"note\">The share of its games against random that each agent won, with "
          "the 95% Wilson interval as a whisker.</p>\n",
          out);
    if (shown < played) {
        fprintf(out,
                "<p class=\"note top\">The %zu best placed of the %zu agents that played "
                "random.</p>\n",
                shown, played);
    }
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
    int status = tourney_html_bar_chart(page, out, &chart);
    free(rows);
    return status;
}

/* A tick of the time chart, whose values are milliseconds: "10 \u00b5s". */
static void millisecond_tick(double ms, char *buf, size_t size)
{
    tourney_html_duration_tick(buf, size, ms * 1e6);
}

uint64_t tourney_html_budget_ms(const struct report *report, char *label, size_t size)
{
    const struct tournament_settings *settings = report->input->settings;
    /* On a clock the time a move may take shrinks and grows with the clock
     * left, so no one line marks it. */
    if (settings->time_control != NULL || settings->time_per_move_ns == 0) {
        return 0;
    }
    char shown[32];
    tourney_html_duration_text(shown, sizeof(shown), (double)settings->time_per_move_ns);
    snprintf(label, size, "budget %s", shown);
    return settings->time_per_move_ns / UINT64_C(1000000);
}

void tourney_html_budget_note(uint64_t budget_ms, FILE *out)
{
    fputs(budget_ms > 0 ? " The dashed line marks the budget per move (time_per_move_ms).</p>\n"
                        : " No line marks a budget: on a clock each move's time depends on the "
                          "clock left.</p>\n",
          out);
}

int tourney_html_time(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    char mark_label[64];
    uint64_t budget_ms = tourney_html_budget_ms(report, mark_label, sizeof(mark_label));
    fputs("<p class=\"note\">The time an agent took per move, from the runner's clock around "
          "each call: mean, median, 95th percentile and maximum over its moves.",
          out);
    tourney_html_budget_note(budget_ms, out);
    size_t count = tourney_html_top(page, out, HTML_GROUPS_MAX, "Bars");
    struct bar_row *rows = agent_rows(report, count);
    if (rows == NULL) {
        return -1;
    }
    static const char *const keys[] = {"search.time_mean_ms", "search.time_median_ms",
                                       "search.time_p95_ms", "search.time_max_ms"};
    for (size_t rank = 0; rank < count; rank++) {
        const struct agent_summary *s = &report->summaries[report->order[rank]];
        const double values[] = {s->mean_ms, s->median_ms, s->p95_ms, s->max_ms};
        for (size_t k = 0; k < 4; k++) {
            rows[rank].value[k] = values[k];
            rows[rank].key[k] = keys[k];
            tourney_html_duration_text(rows[rank].text[k], sizeof(rows[rank].text[k]),
                                       values[k] * 1e6);
        }
    }
    static const char *const series[] = {"mean", "median", "p95", "max"};
    struct bar_chart chart = {
        .id = "chart-time",
        .title = "Time per move: mean, median, 95th percentile and maximum",
        .axis_label = "time per move",
        .tick_label = millisecond_tick,
        .series = series,
        .series_count = 4,
        .rows = rows,
        .row_count = count,
    };
    if (budget_ms > 0) {
        chart.mark = (double)budget_ms;
        chart.mark_label = mark_label;
    }
    int status = tourney_html_bar_chart(page, out, &chart);
    free(rows);
    return status;
}

int tourney_html_nodes(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    fputs("<p class=\"note\">The positions an agent reported visiting per move, the root "
          "included, on average.</p>\n",
          out);
    size_t count = tourney_html_top(page, out, HTML_ROWS_MAX, "Bars");
    struct bar_row *rows = agent_rows(report, count);
    if (rows == NULL) {
        return -1;
    }
    for (size_t rank = 0; rank < count; rank++) {
        const struct agent_summary *s = &report->summaries[report->order[rank]];
        rows[rank].value[0] = s->nodes_per_move;
        rows[rank].key[0] = "search.nodes_per_move";
        tourney_html_decimal_text(rows[rank].text[0], sizeof(rows[rank].text[0]),
                                  s->nodes_per_move, 1);
    }
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
    int status = tourney_html_bar_chart(page, out, &chart);
    free(rows);
    return status;
}

int tourney_html_endings(struct html_page *page, FILE *out)
{
    const struct stats *stats = page->report->input->stats;
    struct bar_row rows[TERMINATION_COUNT] = {0};
    size_t count = 0;
    for (int t = 0; t < TERMINATION_COUNT; t++) {
        if (stats->terminations[t] == 0 && t != TERMINATION_NORMAL) {
            continue;
        }
        struct bar_row *row = &rows[count++];
        row->label = tourney_termination_name((enum termination)t);
        row->key[0] = row->label;
        row->value[0] = (double)stats->terminations[t];
        char games[24];
        tourney_html_count_text(games, sizeof(games), stats->terminations[t]);
        if (stats->games > 0) {
            snprintf(row->text[0], sizeof(row->text[0]), "%s (%.0f%%)", games,
                     fmin(100.0, 100.0 * row->value[0] / (double)stats->games));
        } else {
            snprintf(row->text[0], sizeof(row->text[0]), "%s", games);
        }
    }
    fputs(stats->games == stats->terminations[TERMINATION_NORMAL]
              ? "<p class=\"note\">How the games ended: all by the rules (normal), none by a "
                "fault.</p>\n"
              : "<p class=\"note\">How many games ended by the rules (normal) and how many by a "
                "fault of one side, by kind; kinds that did not happen are left out.</p>\n",
          out);
    static const char *const series[] = {"games"};
    struct bar_chart chart = {
        .id = "chart-endings",
        .title = "Games by how they ended",
        .axis_label = "games",
        .series = series,
        .series_count = 1,
        .summary = "terminations",
        .rows = rows,
        .row_count = count,
    };
    return tourney_html_bar_chart(page, out, &chart);
}

bool tourney_html_has_grades(const struct report *report)
{
    return report->input->grades != NULL;
}

int tourney_html_accuracy(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_analysis *a = report->input->grades;
    size_t shown = tourney_html_top(page, out, HTML_ROWS_MAX, "The accuracy");
    struct bar_row *rows = agent_rows(report, shown);
    if (rows == NULL) {
        return -1;
    }
    for (size_t rank = 0; rank < shown; rank++) {
        struct analysis_figures f;
        tourney_analysis_figures(&a->grades[report->order[rank]], &f);
        struct bar_row *row = &rows[rank];
        row->key[0] = "analysis.accuracy";
        row->key[1] = "analysis.graded_share";
        row->value[0] = isnan(f.accuracy) ? 0 : f.accuracy;
        row->value[1] = isnan(f.graded_share) ? 0 : f.graded_share;
        for (int k = 0; k < 2; k++) {
            double v = k == 0 ? f.accuracy : f.graded_share;
            if (isnan(v)) {
                snprintf(row->text[k], sizeof(row->text[k]), "-");
            } else {
                snprintf(row->text[k], sizeof(row->text[k]), "%.1f%%", 100.0 * v);
            }
        }
    }
    fputs("<p class=\"note\">From the exact analysis (analysis.jsonl): the share of each "
          "agent's graded moves that keep the result (best and slower), and the share of its "
          "moves graded (both values known within the solver's budget).</p>\n",
          out);
    static const char *const series[] = {"accuracy", "graded"};
    struct bar_chart chart = {
        .id = "chart-accuracy",
        .title = "Accuracy against perfect play, and the share of moves graded",
        .axis_label = "moves",
        .series = series,
        .series_count = 2,
        .percent = true,
        .rows = rows,
        .row_count = shown,
    };
    int status = tourney_html_bar_chart(page, out, &chart);
    free(rows);
    return status;
}
