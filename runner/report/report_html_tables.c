/*
 * The tables of report.html: standings, the cross-table as a heat map,
 * faults per agent and the Elo difference of every pair.
 */
#include <inttypes.h>
#include <string.h>

#include "elo.h"
#include "html.h"
#include "html_numbers.h"
#include "plugin.h"
#include "report_html.h"
#include "svg_chart.h"

/* A column of a table: its heading and the class of its cells. */
struct column {
    const char *heading;
    const char *class_name; /* "" for text, "num" for figures, ... */
};

static void open_table(FILE *out, const char *class_name, const struct column *columns,
                       size_t count)
{
    fprintf(out, "<div class=\"scroll\"><table class=\"%s\"><thead><tr>", class_name);
    for (size_t i = 0; i < count; i++) {
        if (columns[i].class_name[0] != '\0') {
            fprintf(out, "<th scope=\"col\" class=\"%s\">", columns[i].class_name);
        } else {
            fputs("<th scope=\"col\">", out);
        }
        fputs(columns[i].heading, out);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
}

static void close_table(FILE *out)
{
    fputs("</tbody></table></div>\n", out);
}

/* A count with separated thousands, in an element of CLASS_NAME ("td" or
 * "span") keyed as summary.json names it. */
static void count_element(FILE *out, const char *element, const char *class_name, const char *key,
                          uint64_t value)
{
    char text[32];
    tourney_html_count_text(text, sizeof(text), value);
    fprintf(out, "<%s", element);
    if (class_name != NULL) {
        fprintf(out, " class=\"%s\"", class_name);
    }
    tourney_html_data_count(out, key, value);
    fprintf(out, ">%s</%s>", text, element);
}

/* A rate as a percentage with one decimal, or an en dash without games;
 * summary.json's value (or null) goes in the data attributes. */
static void rate_cell(FILE *out, const char *class_name, const char *key, uint32_t count,
                      uint32_t games)
{
    fprintf(out, "<td class=\"%s\"", class_name);
    if (games == 0) {
        tourney_html_data_null(out, key);
        fputs(">" HTML_DASH "</td>", out);
        return;
    }
    double rate = tourney_rate(count, games);
    tourney_html_data(out, key, rate);
    fprintf(out, ">%.1f</td>", 100.0 * rate);
}

/* "W–D–L", each number keyed as summary.json names it. */
static void wins_draws_losses(FILE *out, const struct tally *t)
{
    count_element(out, "span", NULL, "wins", t->wins);
    fputs(HTML_DASH, out);
    count_element(out, "span", NULL, "draws", t->draws);
    fputs(HTML_DASH, out);
    count_element(out, "span", NULL, "losses", t->losses);
}

static void elo_data(FILE *out, const char *key, struct elo_value value)
{
    if (value.kind == ELO_FINITE) {
        tourney_html_data(out, key, value.value);
    } else {
        tourney_html_data_null(out, key);
    }
}

/* An Elo value as shown: "+35.2", "+inf", "\u2212120.4". */
static void elo_text(FILE *out, struct elo_value value)
{
    char raw[32];
    char text[48];
    tourney_elo_format(value, raw, sizeof(raw));
    tourney_html_minus_text(text, sizeof(text), raw);
    tourney_html_text(out, text);
}

/* "[low, high]" of an Elo interval, each keyed. */
static void elo_interval(FILE *out, const char *low_key, struct elo_value low,
                         const char *high_key, struct elo_value high)
{
    fputs("[<span", out);
    elo_data(out, low_key, low);
    fputc('>', out);
    elo_text(out, low);
    fputs("</span>, <span", out);
    elo_data(out, high_key, high);
    fputc('>', out);
    elo_text(out, high);
    fputs("</span>]", out);
}

/* The standings' columns: the first four (class "key") stay on a phone,
 * where the others ("opt") move into the detail row under each agent. */
static const struct column standings_columns[] = {
    {"#", "key"},
    {"agent", "key"},
    {"score %", "num key"},
    {"Elo", "num key"},
    {"Elo 95% interval", "num opt"},
    {"overlaps", "num opt"},
    {"games", "num opt"},
    {"W" HTML_DASH "D" HTML_DASH "L", "num opt"},
    {"win %", "num opt"},
    {"win % 95% interval", "num opt"},
    {"as 1st", "num opt"},
    {"as 2nd", "num opt"},
    {"vs random", "num opt"},
};
#define STANDINGS_COLUMNS (sizeof(standings_columns) / sizeof(standings_columns[0]))

/* A rate in the detail row: " \u00b7 LABEL 62.5%", nothing without games. */
static void detail_rate(FILE *out, const char *label, const struct tally *t)
{
    if (t->games > 0) {
        fprintf(out, " \u00b7 %s %.1f%%", label, 100.0 * tourney_rate(t->wins, t->games));
    }
}

/* The row under an agent: on a phone the figures of the columns it hides;
 * everywhere the plugin, its id and version and the parameters. */
static void detail_row(FILE *out, const struct report *report, size_t i)
{
    const struct report_input *in = report->input;
    const struct agent_stats *a = &in->stats->agents[i];
    const struct rating *rating = &report->ratings.agents[i];
    char text[48];
    fprintf(out, "<tr class=\"detail\"><td></td><td colspan=\"%zu\"><div><span class=\"phone\">",
            STANDINGS_COLUMNS - 1);
    tourney_html_count_text(text, sizeof(text), a->all.games);
    fprintf(out, "%s game%s", text, a->all.games == 1 ? "" : "s");
    if (a->all.games > 0) {
        fprintf(out, " \u00b7 %" PRIu32 HTML_DASH "%" PRIu32 HTML_DASH "%" PRIu32, a->all.wins,
                a->all.draws, a->all.losses);
        if (rating->low.kind != ELO_UNKNOWN) {
            fputs(" \u00b7 Elo [", out);
            elo_text(out, rating->low);
            fputs(", ", out);
            elo_text(out, rating->high);
            fputc(']', out);
        }
        char overlaps[64];
        tourney_report_overlaps(report, report->rank[i], overlaps, sizeof(overlaps));
        if (overlaps[0] != '\0') {
            fprintf(out, " \u00b7 overlaps %s", overlaps);
        }
        const struct interval ci = report->summaries[i].win_interval;
        fprintf(out, " \u00b7 win %.1f%% [%.1f, %.1f]", 100.0 * report->summaries[i].win_rate,
                100.0 * ci.low, 100.0 * ci.high);
        detail_rate(out, "as 1st", &a->seat[0]);
        detail_rate(out, "as 2nd", &a->seat[1]);
        detail_rate(out, "vs random", &a->vs_random);
    }
    fputs("</span><code>", out);
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
    fputs("</div></td></tr>\n", out);
}

static void standings_row(FILE *out, const struct report *report, size_t rank)
{
    const struct report_input *in = report->input;
    size_t i = report->order[rank];
    const struct agent_stats *a = &in->stats->agents[i];
    const struct agent_summary *summary = &report->summaries[i];
    const struct rating *rating = &report->ratings.agents[i];
    fputs("<tr class=\"agent\"", out);
    tourney_html_data_agent(out, "data-agent", in->agents[i].name);
    fputs("><td class=\"key\"", out);
    tourney_html_data_count(out, "rank", rank + 1);
    fprintf(out, ">%zu</td><th scope=\"row\" class=\"key\">", rank + 1);
    tourney_html_text(out, in->agents[i].name);
    fputs("</th><td class=\"num key\"", out);
    if (a->all.games > 0) {
        tourney_html_data(out, "all.score", summary->score_rate);
        fprintf(out, ">%.1f</td>", 100.0 * summary->score_rate);
    } else {
        tourney_html_data_null(out, "all.score");
        fputs(">" HTML_DASH "</td>", out);
    }
    fputs("<td class=\"num key\"", out);
    elo_data(out, "rating.elo", rating->elo);
    fputc('>', out);
    char raw[32];
    char text[48];
    tourney_rating_format(rating, raw, sizeof(raw));
    tourney_html_minus_text(text, sizeof(text), raw);
    tourney_html_text(out, text);
    fputs("</td><td class=\"num opt\">", out);
    elo_interval(out, "rating.elo_low", rating->low, "rating.elo_high", rating->high);
    char overlaps[64];
    tourney_report_overlaps(report, rank, overlaps, sizeof(overlaps));
    fprintf(out, "</td><td class=\"num opt\">%s</td>", overlaps[0] != '\0' ? overlaps : HTML_DASH);
    count_element(out, "td", "num opt", "all.games", a->all.games);
    fputs("<td class=\"num opt\">", out);
    fputs("<span", out);
    tourney_html_data_count(out, "all.wins", a->all.wins);
    fprintf(out, ">%" PRIu32 "</span>" HTML_DASH "<span", a->all.wins);
    tourney_html_data_count(out, "all.draws", a->all.draws);
    fprintf(out, ">%" PRIu32 "</span>" HTML_DASH "<span", a->all.draws);
    tourney_html_data_count(out, "all.losses", a->all.losses);
    fprintf(out, ">%" PRIu32 "</span></td>", a->all.losses);
    rate_cell(out, "num opt", "all.win_rate", a->all.wins, a->all.games);
    fputs("<td class=\"num opt\">", out);
    if (a->all.games > 0) {
        struct interval ci = summary->win_interval;
        fputs("[<span", out);
        tourney_html_data(out, "all.win_rate_low", ci.low);
        fprintf(out, ">%.1f</span>, <span", 100.0 * ci.low);
        tourney_html_data(out, "all.win_rate_high", ci.high);
        fprintf(out, ">%.1f</span>]", 100.0 * ci.high);
    } else {
        fputs(HTML_DASH, out);
    }
    fputs("</td>", out);
    rate_cell(out, "num opt", "first.win_rate", a->seat[0].wins, a->seat[0].games);
    rate_cell(out, "num opt", "second.win_rate", a->seat[1].wins, a->seat[1].games);
    rate_cell(out, "num opt", "vs_random.win_rate", a->vs_random.wins, a->vs_random.games);
    fputs("</tr>\n", out);
}

int tourney_html_standings(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    char ratings[512];
    tourney_report_describe_ratings(report, ratings, sizeof(ratings));
    fputs("<p class=\"note\">Ranked by score (a draw counts half a win), then by wins. ", out);
    tourney_html_text(out, ratings);
    fputs(" Intervals are 95% intervals, the win rate's the Wilson score interval; "
          "\u201coverlaps\u201d lists the ranks (the leader, and the agents just above and "
          "below) whose Elo intervals overlap the agent's, which the games do not separate "
          "from it. The last three columns are the win rates as first player, as second "
          "player and against random. Under each agent: its plugin and parameters.</p>\n",
          out);
    size_t shown = tourney_html_top(page, out, HTML_TABLE_MAX, "Rows");
    open_table(out, "standings", standings_columns, STANDINGS_COLUMNS);
    for (size_t rank = 0; rank < shown; rank++) {
        standings_row(out, report, rank);
        detail_row(out, report, report->order[rank]);
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
    fputs("<p class=\"note\">Each cell is the row agent's wins, draws and losses against the "
          "column agent, and its score; the colour shows the score.</p>\n",
          out);
    size_t shown = tourney_html_top(page, out, HTML_ROWS_MAX, "Rows and columns");
    tourney_svg_heat_legend(out);
    fputs("<div class=\"scroll\"><table class=\"heat\"><thead><tr><th scope=\"col\">row vs "
          "column</th>",
          out);
    for (size_t column = 0; column < shown; column++) {
        fputs("<th scope=\"col\">", out);
        tourney_html_text(out, in->agents[report->order[column]].name);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    for (size_t row = 0; row < shown; row++) {
        size_t i = report->order[row];
        fputs("<tr><th scope=\"row\">", out);
        tourney_html_text(out, in->agents[i].name);
        fputs("</th>", out);
        for (size_t column = 0; column < shown; column++) {
            size_t j = report->order[column];
            struct tally t = tourney_stats_versus(stats, i, j, -1);
            if (i == j) {
                fputs("<td class=\"diag\">" HTML_DASH "</td>", out);
            } else if (t.games == 0) {
                fputs("<td class=\"none\" title=\"no games\">" HTML_DASH "</td>", out);
            } else {
                heat_cell(out, in, i, j, &t);
            }
        }
        fputs("</tr>\n", out);
    }
    close_table(out);
    return 0;
}

/* A termination's name as a heading that may break after its underscore:
 * "sandbox_<wbr>violation". */
static void breakable(FILE *out, const char *name)
{
    for (const char *p = name; *p != '\0'; p++) {
        fputc(*p, out);
        if (*p == '_') {
            fputs("<wbr>", out);
        }
    }
}

int tourney_html_terminations(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    fputs("<p class=\"note\">The games each agent lost by a fault of its own, by kind, and the "
          "games it did not.</p>\n",
          out);
    size_t shown = tourney_html_top(page, out, HTML_TABLE_MAX, "Rows");
    fputs("<div class=\"scroll\"><table class=\"terminations\"><thead><tr><th scope=\"col\">"
          "agent</th><th scope=\"col\" class=\"num\">games</th><th scope=\"col\" "
          "class=\"num\">no fault</th>",
          out);
    for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
        fputs("<th scope=\"col\" class=\"num\">", out);
        breakable(out, tourney_termination_name((enum termination)t));
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    for (size_t rank = 0; rank < shown; rank++) {
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
        count_element(out, "td", "num", "all.games", a->all.games);
        char text[32];
        tourney_html_count_text(text, sizeof(text), a->all.games - faults);
        fprintf(out, "<td class=\"num\">%s</td>", text);
        for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
            char key[64];
            snprintf(key, sizeof(key), "faults.%s", tourney_termination_name((enum termination)t));
            count_element(out, "td", a->faults[t] ? "num" : "num zero", key, a->faults[t]);
        }
        fputs("</tr>\n", out);
    }
    close_table(out);
    return 0;
}

/* A pair's row: games, distinct games, W–D–L, score, the Elo difference
 * with its interval, LOS and the pentanomial count, each as summary.json
 * holds it. */
static void pair_row(FILE *out, const struct report *report, const struct pair_stats *pair,
                     size_t i, size_t j)
{
    const struct report_input *in = report->input;
    struct tally tally = tourney_pair_tally(pair, i, -1);
    const struct tally *t = &tally;
    struct elo_estimate e = tourney_report_pair_elo(report, i, j);
    fputs("<tr", out);
    tourney_html_data_agent(out, "data-agent", in->agents[i].name);
    tourney_html_data_agent(out, "data-opponent", in->agents[j].name);
    fputs("><th scope=\"row\">", out);
    tourney_html_text(out, in->agents[i].name);
    fputs("</th><td>", out);
    tourney_html_text(out, in->agents[j].name);
    fputs("</td>", out);
    count_element(out, "td", "num", "games", t->games);
    count_element(out, "td", "num", "distinct_games", pair->distinct);
    fputs("<td class=\"num\">", out);
    wins_draws_losses(out, t);
    fputs("</td><td class=\"num\"", out);
    tourney_html_data(out, "score", tourney_score_rate(t));
    fprintf(out, ">%.1f</td><td class=\"num\"", 100.0 * tourney_score_rate(t));
    elo_data(out, "elo", e.elo);
    fputc('>', out);
    elo_text(out, e.elo);
    fputs("</td><td class=\"num\">", out);
    elo_interval(out, "elo_low", e.low, "elo_high", e.high);
    fputs("</td><td class=\"num\"", out);
    tourney_html_data(out, "los", e.los);
    fprintf(out, ">%.1f</td><td class=\"num\">", 100.0 * e.los);
    struct pentanomial penta = tourney_pair_pentanomial(pair, i);
    const struct pentanomial *p = &penta;
    for (int k = 0; k < 5; k++) {
        if (k > 0) {
            fputs(HTML_DASH, out);
        }
        char key[24];
        snprintf(key, sizeof(key), "pentanomial.%d", k);
        count_element(out, "span", NULL, key, p->count[k]);
    }
    fputs("</td></tr>\n", out);
}

int tourney_html_elo_pairs(struct html_page *page, FILE *out)
{
    static const struct column columns[] = {
        {"agent", ""},
        {"opponent", ""},
        {"games", "num"},
        {"distinct", "num"},
        {"W" HTML_DASH "D" HTML_DASH "L", "num"},
        {"score %", "num"},
        {"Elo difference", "num"},
        {"95% interval", "num"},
        {"LOS %", "num"},
        {"pairs scoring 0" HTML_DASH "\u00bd" HTML_DASH "1" HTML_DASH "1\u00bd" HTML_DASH "2",
         "num"},
    };
    const struct report *report = page->report;
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    fputs("<p class=\"note\">For every pair that met, the higher ranked agent first: its "
          "distinct games, the Elo difference its score stands for, with a 95% interval (a "
          "score test's, from the pairs of games with the seats swapped when every game is in "
          "one, else from the games; a perfect score's is unbounded), and the likelihood of "
          "superiority (LOS), the probability that it is the stronger of the two. The last "
          "column counts the pairs of games with the seats swapped by the points the agent "
          "scored in them (the pentanomial).</p>\n",
          out);
    if (report->repeats[0] != '\0') {
        fputs("<p class=\"note warning\" id=\"repeats\">", out);
        tourney_html_text(out, report->repeats);
        fputs("</p>\n", out);
    }
    char sprt[512];
    tourney_report_describe_sprt(report, sprt, sizeof(sprt));
    if (sprt[0] != '\0') {
        fputs("<p class=\"verdict\" id=\"sprt\">", out);
        tourney_html_text(out, sprt);
        fputs("</p>\n", out);
    }
    size_t shown = tourney_html_top(page, out, HTML_ROWS_MAX, "Pairs");
    open_table(out, "pairs", columns, sizeof(columns) / sizeof(columns[0]));
    size_t rows = 0;
    for (size_t a = 0; a < shown; a++) {
        for (size_t b = a + 1; b < shown; b++) {
            size_t i = report->order[a];
            size_t j = report->order[b];
            const struct pair_stats *pair = tourney_stats_pair(stats, i, j);
            if (pair != NULL) {
                pair_row(out, report, pair, i, j);
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
