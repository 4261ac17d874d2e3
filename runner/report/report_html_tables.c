/*
 * The tables of report.html: standings, the cross-table as a heat map,
 * terminations per agent and the Elo difference of every pair.
 */
#include <inttypes.h>

#include "elo.h"
#include "html.h"
#include "plugin.h"
#include "report_html.h"
#include "svg_chart.h"

static void open_table(FILE *out, const char *class_name, const char *const *headers, size_t count,
                       size_t text_columns)
{
    fprintf(out, "<div class=\"scroll\"><table class=\"%s\"><thead><tr>", class_name);
    for (size_t i = 0; i < count; i++) {
        fprintf(out, "<th scope=\"col\"%s>", i < text_columns ? "" : " class=\"num\"");
        tourney_html_text(out, headers[i]);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
}

static void close_table(FILE *out)
{
    fputs("</tbody></table></div>\n", out);
}

static void count_cell(FILE *out, const char *key, uint64_t value)
{
    fputs("<td class=\"num\"", out);
    tourney_html_data_count(out, key, value);
    fprintf(out, ">%" PRIu64 "</td>", value);
}

/* A rate as a percentage with one decimal, or "-" without games, as on the
 * console; summary.json's value (or null) goes in the data attributes. */
static void rate_cell(FILE *out, const char *key, uint32_t count, uint32_t games)
{
    fputs("<td class=\"num\"", out);
    if (games == 0) {
        tourney_html_data_null(out, key);
        fputs(">-</td>", out);
        return;
    }
    double rate = tourney_rate(count, games);
    tourney_html_data(out, key, rate);
    fprintf(out, ">%.1f</td>", 100.0 * rate);
}

/* "W-D-L", each number keyed as summary.json names it. */
static void wins_draws_losses(FILE *out, const struct tally *t)
{
    fputs("<span", out);
    tourney_html_data_count(out, "wins", t->wins);
    fprintf(out, ">%" PRIu32 "</span>-<span", t->wins);
    tourney_html_data_count(out, "draws", t->draws);
    fprintf(out, ">%" PRIu32 "</span>-<span", t->draws);
    tourney_html_data_count(out, "losses", t->losses);
    fprintf(out, ">%" PRIu32 "</span>", t->losses);
}

static void elo_data(FILE *out, const char *key, struct elo_value value)
{
    if (value.kind == ELO_FINITE) {
        tourney_html_data(out, key, value.value);
    } else {
        tourney_html_data_null(out, key);
    }
}

static void elo_text(FILE *out, struct elo_value value)
{
    char text[32];
    tourney_elo_format(value, text, sizeof(text));
    tourney_html_text(out, text);
}

int tourney_html_standings(struct html_page *page, FILE *out)
{
    static const char *const headers[] = {"#",
                                          "agent",
                                          "plugin and parameters",
                                          "games",
                                          "W",
                                          "D",
                                          "L",
                                          "score %",
                                          "Elo",
                                          "Elo 95% interval",
                                          "win %",
                                          "95% interval",
                                          "as 1st",
                                          "as 2nd",
                                          "vs random"};
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    char ratings[512];
    tourney_report_describe_ratings(report, ratings, sizeof(ratings));
    fputs("<p class=\"note\">Ranked by score (a draw counts half a win), then by wins. ", out);
    tourney_html_text(out, ratings);
    fputs(" The win rate's interval is the 95% Wilson score interval; the last three columns "
          "are the win rates as first player, as second player and against random.</p>\n",
          out);
    open_table(out, "standings", headers, sizeof(headers) / sizeof(headers[0]), 3);
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *a = &stats->agents[i];
        fputs("<tr", out);
        tourney_html_data_agent(out, "data-agent", in->agents[i].name);
        fputs("><td", out);
        tourney_html_data_count(out, "rank", rank + 1);
        fprintf(out, ">%zu</td><th scope=\"row\">", rank + 1);
        tourney_html_text(out, in->agents[i].name);
        fputs("</th>", out);
        fputs("<td class=\"params\"><code>", out);
        tourney_html_text(out, in->agents[i].plugin);
        fputs("</code>", out);
        char identity[256];
        tourney_plugin_identity(in->agents[i].plugin_id, in->agents[i].plugin_version, identity,
                                sizeof(identity));
        if (identity[0] != '\0') {
            fputs(" (", out);
            tourney_html_text(out, identity);
            fputs(")", out);
        }
        if (in->agents[i].params[0] != '\0') {
            fputs(": ", out);
            tourney_html_text(out, in->agents[i].params);
        }
        fputs("</td>", out);
        count_cell(out, "all.games", a->all.games);
        count_cell(out, "all.wins", a->all.wins);
        count_cell(out, "all.draws", a->all.draws);
        count_cell(out, "all.losses", a->all.losses);
        fputs("<td class=\"num\"", out);
        const struct agent_summary *summary = &report->summaries[i];
        if (a->all.games > 0) {
            tourney_html_data(out, "all.score", summary->score_rate);
            fprintf(out, ">%.1f</td>", 100.0 * summary->score_rate);
        } else {
            tourney_html_data_null(out, "all.score");
            fputs(">-</td>", out);
        }
        const struct rating *rating = &report->ratings.agents[i];
        fputs("<td class=\"num\"", out);
        elo_data(out, "rating.elo", rating->elo);
        fputc('>', out);
        elo_text(out, rating->elo);
        fputs("</td><td class=\"num\">[<span", out);
        elo_data(out, "rating.elo_low", rating->low);
        fputc('>', out);
        elo_text(out, rating->low);
        fputs("</span>, <span", out);
        elo_data(out, "rating.elo_high", rating->high);
        fputc('>', out);
        elo_text(out, rating->high);
        fputs("</span>]</td>", out);
        rate_cell(out, "all.win_rate", a->all.wins, a->all.games);
        fputs("<td class=\"num\">", out);
        if (a->all.games > 0) {
            struct interval ci = summary->win_interval;
            fputs("[<span", out);
            tourney_html_data(out, "all.win_rate_low", ci.low);
            fprintf(out, ">%.1f</span>, <span", 100.0 * ci.low);
            tourney_html_data(out, "all.win_rate_high", ci.high);
            fprintf(out, ">%.1f</span>]", 100.0 * ci.high);
        } else {
            fputs("-", out);
        }
        fputs("</td>", out);
        rate_cell(out, "first.win_rate", a->seat[0].wins, a->seat[0].games);
        rate_cell(out, "second.win_rate", a->seat[1].wins, a->seat[1].games);
        rate_cell(out, "vs_random.win_rate", a->vs_random.wins, a->vs_random.games);
        fputs("</tr>\n", out);
    }
    close_table(out);
    return 0;
}

/* One cell of the heat map: the row agent's results against the column's. */
static void heat_cell(FILE *out, const struct report_input *in, size_t i, size_t j,
                      const struct tally *t)
{
    struct rgb colour = tourney_heat_colour(tourney_score_rate(t));
    bool light = tourney_heat_needs_light_text(colour);
    fprintf(out, "<td class=\"cell\" style=\"background:#%02x%02x%02x;color:%s\"", colour.r,
            colour.g, colour.b, light ? "#ffffff" : "#111111");
    tourney_html_data_agent(out, "data-agent", in->agents[i].name);
    tourney_html_data_agent(out, "data-opponent", in->agents[j].name);
    fputs(" title=\"", out);
    tourney_html_textf(out,
                       "%s against %s: %" PRIu32 " wins, %" PRIu32 " draws, %" PRIu32
                       " losses in %" PRIu32 " games",
                       in->agents[i].name, in->agents[j].name, t->wins, t->draws, t->losses,
                       t->games);
    fputs("\">", out);
    wins_draws_losses(out, t);
    fputs("<span class=\"score\"", out);
    double score = tourney_score_rate(t);
    tourney_html_data(out, "score", score);
    fprintf(out, ">%.1f%%</span></td>", 100.0 * score);
}

int tourney_html_crosstable(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    size_t count = stats->agent_count;
    fputs("<p class=\"note\">Each cell is the row agent's wins, draws and losses against the "
          "column agent, and its score; the colour shows the score.</p>\n",
          out);
    tourney_svg_heat_legend(out);
    fputs("<div class=\"scroll\"><table class=\"heat\"><thead><tr><th scope=\"col\">row vs "
          "column</th>",
          out);
    for (size_t column = 0; column < count; column++) {
        fputs("<th scope=\"col\">", out);
        tourney_html_text(out, in->agents[report->order[column]].name);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    for (size_t row = 0; row < count; row++) {
        size_t i = report->order[row];
        fputs("<tr><th scope=\"row\">", out);
        tourney_html_text(out, in->agents[i].name);
        fputs("</th>", out);
        for (size_t column = 0; column < count; column++) {
            size_t j = report->order[column];
            const struct tally *t = &stats->cross[i * count + j];
            if (i == j) {
                fputs("<td class=\"diag\">&#8212;</td>", out);
            } else if (t->games == 0) {
                fputs("<td class=\"none\" title=\"no games\">-</td>", out);
            } else {
                heat_cell(out, in, i, j, t);
            }
        }
        fputs("</tr>\n", out);
    }
    close_table(out);
    return 0;
}

int tourney_html_terminations(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    fputs("<p class=\"note\">How the games ended:", out);
    for (int t = 0; t < TERMINATION_COUNT; t++) {
        fprintf(out, "%s %" PRIu64 " %s", t ? "," : "", stats->terminations[t],
                tourney_termination_name((enum termination)t));
    }
    fputs(". Per agent: the games it lost by a fault of its own, by kind, and the games it "
          "did not.</p>\n",
          out);
    const char *headers[TERMINATION_COUNT + 2] = {"agent", "games", "no fault"};
    for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
        headers[t + 2] = tourney_termination_name((enum termination)t);
    }
    open_table(out, "terminations", headers, TERMINATION_COUNT + 2, 1);
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *a = &stats->agents[i];
        uint64_t faults = 0;
        for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
            faults += a->faults[t];
        }
        fputs("<tr", out);
        tourney_html_data_agent(out, "data-agent", in->agents[i].name);
        fputs("><th scope=\"row\">", out);
        tourney_html_text(out, in->agents[i].name);
        fputs("</th>", out);
        count_cell(out, "all.games", a->all.games);
        fprintf(out, "<td class=\"num\">%" PRIu64 "</td>", a->all.games - faults);
        for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
            char key[64];
            snprintf(key, sizeof(key), "faults.%s", tourney_termination_name((enum termination)t));
            fprintf(out, "<td class=\"num%s\"", a->faults[t] ? "" : " zero");
            tourney_html_data_count(out, key, a->faults[t]);
            fprintf(out, ">%" PRIu32 "</td>", a->faults[t]);
        }
        fputs("</tr>\n", out);
    }
    close_table(out);
    return 0;
}

/* An Elo value as summary.json holds it: a number, or null for a bound. */
static void pair_row(FILE *out, const struct report_input *in, size_t i, size_t j,
                     const struct tally *t)
{
    struct elo_estimate e = tourney_elo_estimate(t->wins, t->draws, t->losses);
    fputs("<tr", out);
    tourney_html_data_agent(out, "data-agent", in->agents[i].name);
    tourney_html_data_agent(out, "data-opponent", in->agents[j].name);
    fputs("><th scope=\"row\">", out);
    tourney_html_text(out, in->agents[i].name);
    fputs("</th><td>", out);
    tourney_html_text(out, in->agents[j].name);
    fputs("</td>", out);
    count_cell(out, "games", t->games);
    fputs("<td class=\"num\">", out);
    wins_draws_losses(out, t);
    fputs("</td><td class=\"num\"", out);
    tourney_html_data(out, "score", tourney_score_rate(t));
    fprintf(out, ">%.1f</td><td class=\"num\"", 100.0 * tourney_score_rate(t));
    elo_data(out, "elo", e.elo);
    fputc('>', out);
    elo_text(out, e.elo);
    fputs("</td><td class=\"num\">[<span", out);
    elo_data(out, "elo_low", e.low);
    fputc('>', out);
    elo_text(out, e.low);
    fputs("</span>, <span", out);
    elo_data(out, "elo_high", e.high);
    fputc('>', out);
    elo_text(out, e.high);
    fputs("</span>]</td><td class=\"num\"", out);
    tourney_html_data(out, "los", e.los);
    fprintf(out, ">%.1f</td><td class=\"num\">", 100.0 * e.los);
    const struct pentanomial *p = &in->stats->pairs[i * in->stats->agent_count + j];
    for (int k = 0; k < 5; k++) {
        fputs(k ? "-<span" : "<span", out);
        char key[24];
        snprintf(key, sizeof(key), "pentanomial.%d", k);
        tourney_html_data_count(out, key, p->count[k]);
        fprintf(out, ">%" PRIu32 "</span>", p->count[k]);
    }
    fputs("</td></tr>\n", out);
}

int tourney_html_elo_pairs(struct html_page *page, FILE *out)
{
    static const char *const headers[] = {"agent",        "opponent", "games",
                                          "W-D-L",        "score %",  "Elo difference",
                                          "95% interval", "LOS %",    "pairs scoring 0-½-1-1½-2"};
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    size_t count = stats->agent_count;
    fputs("<p class=\"note\">For every pair that met, the higher ranked agent first: the Elo "
          "difference its score stands for, with a 95% interval, and the likelihood of "
          "superiority (LOS), the probability that it is the stronger of the two. Differences "
          "beyond 800 are shown as bounds. The last column counts the pairs of games with the "
          "seats swapped by the points the agent scored in them (the pentanomial).</p>\n",
          out);
    char sprt[512];
    tourney_report_describe_sprt(report, sprt, sizeof(sprt));
    if (sprt[0] != '\0') {
        fputs("<p class=\"verdict\" id=\"sprt\">", out);
        tourney_html_text(out, sprt);
        fputs("</p>\n", out);
    }
    open_table(out, "pairs", headers, sizeof(headers) / sizeof(headers[0]), 2);
    size_t rows = 0;
    for (size_t a = 0; a < count; a++) {
        for (size_t b = a + 1; b < count; b++) {
            size_t i = report->order[a];
            size_t j = report->order[b];
            const struct tally *t = &stats->cross[i * count + j];
            if (t->games > 0) {
                pair_row(out, in, i, j, t);
                rows++;
            }
        }
    }
    close_table(out);
    if (rows == 0) {
        fputs("<p class=\"note\">No pair has played yet.</p>\n", out);
    }
    return 0;
}
