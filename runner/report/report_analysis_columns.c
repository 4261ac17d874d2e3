/*
 * The exact analysis in the text reports: its table on the console and in
 * report.md, its columns of results.csv and its keys of summary.json. Each
 * is written only when the report has an analysis (report_analysis.h), so
 * that reports without one stay as they were.
 */
#include <inttypes.h>
#include <math.h>

#include <jansson.h>

#include "analysis.h"
#include "report.h"

/* "62.5" for a share of 0.625, or "-" when there is none. */
static void percent_cell(struct table *table, double share)
{
    if (isnan(share)) {
        tourney_table_cell(table, "-");
    } else {
        tourney_table_cell(table, "%.1f", 100.0 * share);
    }
}

/* VALUE to DECIMALS places, or "-" when there is none. */
static void number_cell(struct table *table, int decimals, double value)
{
    if (isnan(value)) {
        tourney_table_cell(table, "-");
    } else {
        tourney_table_cell(table, "%.*f", decimals, value);
    }
}

int tourney_report_analysis(const struct report *report, size_t rows, struct table *table)
{
    static const char *const headers[] = {
        "agent",    "games",         "graded%",         "accuracy%",     "slower%",
        "blunders", "blunders/game", "1st blunder ply", "perfect games",
    };
    const size_t columns = sizeof(headers) / sizeof(headers[0]);
    const struct report_analysis *a = report->input->grades;
    if (tourney_table_init(table, columns) != 0) {
        return -1;
    }
    tourney_table_row(table);
    for (size_t c = 0; c < columns; c++) {
        tourney_table_cell(table, "%s", headers[c]);
        if (c > 0) {
            tourney_table_align_right(table, c);
        }
    }
    /* Left out on a narrow console, first to last: the counts behind the
     * shares and the finer figures. */
    static const size_t optional[] = {5, 4, 7, 1};
    tourney_table_optional_in_order(table, optional, sizeof(optional) / sizeof(optional[0]));
    for (size_t rank = 0; rank < a->agent_count && rank < rows; rank++) {
        size_t i = report->order[rank];
        const struct agent_grades *g = &a->grades[i];
        struct analysis_figures f;
        tourney_analysis_figures(g, &f);
        tourney_table_row(table);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        tourney_table_cell(table, "%" PRIu64, g->games);
        percent_cell(table, f.graded_share);
        percent_cell(table, f.accuracy);
        percent_cell(table, f.slower_share);
        tourney_table_cell(table, "%" PRIu64, g->blunders);
        number_cell(table, 2, f.blunders_per_game);
        number_cell(table, 1, f.first_blunder_ply);
        tourney_table_cell(table, "%" PRIu64, g->perfect_games);
    }
    return table->failed ? -1 : 0;
}

/* Every agent's moves, and how many of them were graded. */
static void count_moves(const struct report_analysis *a, uint64_t *moves, uint64_t *graded)
{
    for (size_t i = 0; i < a->agent_count; i++) {
        *moves += a->grades[i].moves;
        *graded += a->grades[i].graded;
    }
}

void tourney_report_analysis_totals(const struct report *report, char *buf, size_t size)
{
    const struct report_analysis *a = report->input->grades;
    uint64_t moves = 0;
    uint64_t graded = 0;
    count_moves(a, &moves, &graded);
    snprintf(buf, size,
             "Exact analysis (%s): %" PRIu64 " moves in %" PRIu64 " games, %" PRIu64
             " graded (%.1f%%).",
             TOURNEY_ANALYSIS_NAME, moves, a->games, graded,
             moves > 0 ? 100.0 * (double)graded / (double)moves : 0.0);
}

void tourney_report_csv_analysis_header(const struct report *report, FILE *out)
{
    if (report->input->grades != NULL) {
        fputs(",graded_moves,graded_share,accuracy,best_moves,slower_moves,slower_share,"
              "blunders,blunders_per_game,first_blunder_ply,perfect_games",
              out);
    }
}

/* ",VALUE", or "," alone when there is none (as rates are without games). */
static void csv_number(FILE *out, int decimals, double value)
{
    fputc(',', out);
    if (!isnan(value)) {
        fprintf(out, "%.*f", decimals, value);
    }
}

void tourney_report_csv_analysis(const struct report *report, size_t agent, FILE *out)
{
    const struct report_analysis *a = report->input->grades;
    if (a == NULL) {
        return;
    }
    const struct agent_grades *g = &a->grades[agent];
    struct analysis_figures f;
    tourney_analysis_figures(g, &f);
    fprintf(out, ",%" PRIu64, g->graded);
    csv_number(out, 6, f.graded_share);
    csv_number(out, 6, f.accuracy);
    fprintf(out, ",%" PRIu64 ",%" PRIu64, g->best, g->slower);
    csv_number(out, 6, f.slower_share);
    fprintf(out, ",%" PRIu64, g->blunders);
    csv_number(out, 6, f.blunders_per_game);
    csv_number(out, 4, f.first_blunder_ply);
    fprintf(out, ",%" PRIu64, g->perfect_games);
}

static json_t *json_share(double value)
{
    return isnan(value) ? json_null() : json_real(value);
}

json_t *tourney_report_json_analysis(const struct report *report, size_t agent)
{
    const struct report_analysis *a = report->input->grades;
    const struct agent_grades *g = &a->grades[agent];
    struct analysis_figures f;
    tourney_analysis_figures(g, &f);
    json_t *by_ply = json_array();
    for (size_t k = 0; by_ply != NULL && k < a->by_ply_count; k++) {
        const struct ply_blunders *b = &a->by_ply[k];
        if (b->agent == agent) {
            json_array_append_new(by_ply, json_pack("{s:i, s:I}", "ply", (int)b->ply, "count",
                                                    (json_int_t)b->count));
        }
    }
    return json_pack("{s:I, s:I, s:o, s:o, s:I, s:I, s:o, s:I, s:o, s:o, s:I, s:o}", "moves",
                     (json_int_t)g->moves, "graded_moves", (json_int_t)g->graded, "graded_share",
                     json_share(f.graded_share), "accuracy", json_share(f.accuracy), "best_moves",
                     (json_int_t)g->best, "slower_moves", (json_int_t)g->slower, "slower_share",
                     json_share(f.slower_share), "blunders", (json_int_t)g->blunders,
                     "blunders_per_game", json_share(f.blunders_per_game), "first_blunder_ply",
                     json_share(f.first_blunder_ply), "perfect_games",
                     (json_int_t)g->perfect_games, "blunders_by_ply", by_ply);
}

json_t *tourney_report_json_analysis_totals(const struct report *report)
{
    const struct report_analysis *a = report->input->grades;
    uint64_t moves = 0;
    uint64_t graded = 0;
    count_moves(a, &moves, &graded);
    return json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:o}", "file", TOURNEY_ANALYSIS_NAME,
                     "analysis", "exact", "budget", (json_int_t)a->budget, "games",
                     (json_int_t)a->games, "moves", (json_int_t)moves, "graded_moves",
                     (json_int_t)graded, "graded_share",
                     json_share(moves > 0 ? (double)graded / (double)moves : NAN));
}
