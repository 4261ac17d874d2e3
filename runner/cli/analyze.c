#include "analyze.h"

#include <inttypes.h>

#include "rebuild.h"
#include "record_check.h"
#include "table.h"
#include "text_escape.h"

enum column {
    COLUMN_AGENT,
    COLUMN_GAMES,
    COLUMN_MOVES,
    COLUMN_GRADED,
    COLUMN_ACCURACY,
    COLUMN_BEST,
    COLUMN_SLOWER,
    COLUMN_BLUNDERS,
    COLUMN_PER_GAME,
    COLUMN_FIRST,
    COLUMN_PERFECT,
    COLUMN_COUNT,
};

static const char *const headers[COLUMN_COUNT] = {
    "agent",  "games",    "moves",         "graded",          "accuracy",      "best",
    "slower", "blunders", "blunders/game", "1st blunder ply", "perfect games",
};

/* "97.5%", or "-" when there is nothing to divide. */
static void percent_cell(struct table *t, uint64_t whole, double share)
{
    if (whole == 0) {
        tourney_table_cell(t, "-");
    } else {
        tourney_table_cell(t, "%.1f%%", 100 * share);
    }
}

static int print_table(const struct analysis *a, size_t width, FILE *out)
{
    struct table t;
    /* Left out to fit, first to last: the counts behind the shares. */
    static const size_t optional[] = {COLUMN_MOVES, COLUMN_SLOWER, COLUMN_BEST, COLUMN_FIRST};

    if (tourney_table_init(&t, COLUMN_COUNT) != 0) {
        return -1;
    }
    tourney_table_row(&t);
    for (size_t c = 0; c < COLUMN_COUNT; c++) {
        tourney_table_cell(&t, "%s", headers[c]);
        if (c != COLUMN_AGENT) {
            tourney_table_align_right(&t, c);
        }
    }
    tourney_table_optional_in_order(&t, optional, sizeof(optional) / sizeof(optional[0]));
    for (size_t i = 0; i < a->agent_count; i++) {
        const struct agent_grades *g = &a->grades[i];
        char name[256];
        /* An agent's name is the config's: any bytes (text_escape.h). */
        tourney_terminal_copy(name, sizeof(name), a->names[i]);
        tourney_table_row(&t);
        tourney_table_cell(&t, "%s", name);
        tourney_table_cell(&t, "%" PRIu64, g->games);
        tourney_table_cell(&t, "%" PRIu64, g->moves);
        percent_cell(&t, g->moves, tourney_grades_share_graded(g));
        percent_cell(&t, g->graded, tourney_grades_accuracy(g));
        tourney_table_cell(&t, "%" PRIu64, g->best);
        tourney_table_cell(&t, "%" PRIu64, g->slower);
        tourney_table_cell(&t, "%" PRIu64, g->blunders);
        if (g->games == 0) {
            tourney_table_cell(&t, "-");
        } else {
            tourney_table_cell(&t, "%.2f", tourney_grades_blunders_per_game(g));
        }
        if (g->games_with_blunder == 0) {
            tourney_table_cell(&t, "-");
        } else {
            tourney_table_cell(&t, "%.1f", tourney_grades_first_blunder_ply(g));
        }
        tourney_table_cell(&t, "%" PRIu64, g->perfect_games);
    }
    int status = tourney_table_print_fit(&t, width, NULL, out) < 0 ? -1 : 0;
    tourney_table_finish(&t);
    return status;
}

static void print_counts(const struct analysis_request *q, const struct analysis_counts *c,
                         FILE *out)
{
    double graded = c->moves > 0 ? 100.0 * (double)c->graded / (double)c->moves : 0;
    double hit_rate = c->lookups > 0 ? 100.0 * (double)c->hits / (double)c->lookups : 0;

    fprintf(out, "\nMoves: %" PRIu64 " in %" PRIu64 " games, %" PRIu64 " graded (%.1f%%)\n",
            c->moves, c->games, c->graded, graded);
    fprintf(out,
            "Positions: %" PRIu64 " looked up, %" PRIu64 " found in the cache (%.1f%%), %" PRIu64
            " solved, %" PRIu64 " of them beyond the budget",
            c->lookups, c->hits, hit_rate, c->misses, c->unknown);
    if (q->budget != 0) {
        fprintf(out, " of %" PRIu64 " nodes\n", q->budget);
    } else {
        fprintf(out, " (none: no budget)\n");
    }
    if (q->cache_path != NULL) {
        fprintf(out, "Cache: %" PRIu64 " values read from ", c->from_file);
        tourney_terminal_text(out, q->cache_path, false);
        fprintf(out, ", written back\n");
    }
    fprintf(out, "Solver: %" PRIu64 " nodes; %.2f s in all with %u job%s\n", c->nodes, c->seconds,
            q->jobs, q->jobs == 1 ? "" : "s");
}

void tourney_analyze_print_counts(const struct analysis_request *request,
                                  const struct analysis *result, FILE *out)
{
    print_counts(request, &result->counts, out);
}

int tourney_analyze_print(const struct analysis_request *request, const struct analysis *result,
                          size_t width, FILE *out)
{
    int status = print_table(result, width, out);
    print_counts(request, &result->counts, out);
    return status;
}

int tourney_analyze(const struct analysis_request *request, size_t width, FILE *out,
                    const struct warnings *warn, struct error *err)
{
    struct analysis result;
    int status = tourney_analysis_run(request, &result, warn, err);
    uint64_t left_out = result.counts.left_out;
    if (status == 0) {
        /* The table is the one thing here that allocates. */
        if (tourney_analyze_print(request, &result, width, out) != 0) {
            status = tourney_error_nomem(err);
        }
        fprintf(out, "Wrote ");
        tourney_terminal_text(out, request->dir, false);
        fprintf(out, "/%s\n", TOURNEY_ANALYSIS_NAME);
    }
    tourney_analysis_finish(&result);
    if (status != 0) {
        return -1;
    }
    if (left_out > 0) {
        struct error why;
        tourney_record_check_left_out(&why, left_out, request->dir, "the analysis");
        tourney_warn(warn, "%s", why.text);
    }
    /* The reports show the analysis from now on: written again with it
     * (the games left out are named again, as the reports leave them out
     * too). */
    if (tourney_rebuild_reports(request->dir, request->exe_path, request->env_plugin_path, NULL,
                                width, warn, err) != 0) {
        return -1;
    }
    fprintf(out, "Reports rewritten with the analysis in ");
    tourney_terminal_text(out, request->dir, false);
    fprintf(out, "/ (report.md, report.html, results.csv, summary.json)\n");
    return left_out > 0 ? -1 : 0;
}
