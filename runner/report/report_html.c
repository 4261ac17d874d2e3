#include "report_html.h"

#include <inttypes.h>

#include "html.h"
#include "html_numbers.h"
#include "report_assets.h"

/* The page, top to bottom: the standings across the page, then cards in a
 * grid (three across on a laptop, one on a phone) between the wide tables. */
static const struct html_section html_sections[] = {
    {"standings", "Standings", true, tourney_html_standings, NULL},
    {"ratings", "Ratings", false, tourney_html_ratings, NULL},
    {"convergence", "Score over the games", false, tourney_html_convergence, NULL},
    {"seats", "Results by seat", false, tourney_html_seats, NULL},
    {"crosstable", "Cross-table", true, tourney_html_crosstable, NULL},
    {"lengths", "Game length", false, tourney_html_lengths, NULL},
    {"time-histogram", "Time per move, by agent", false, tourney_html_time_histogram, NULL},
    {"time", "Time per move", false, tourney_html_time, NULL},
    {"nodes", "Nodes per move", false, tourney_html_nodes, NULL},
    {"vs-random", "Win rate against random", false, tourney_html_vs_random, NULL},
    {"exact-vs-random", "Exact win rate against random", true, tourney_html_exact_vs_random,
     tourney_html_has_exact},
    {"accuracy", "Accuracy against perfect play", false, tourney_html_accuracy,
     tourney_html_has_grades},
    {"blunders", "Blunders by ply", false, tourney_html_blunders, tourney_html_has_grades},
    {"endings", "How games ended", false, tourney_html_endings, NULL},
    {"terminations", "Faults by agent", true, tourney_html_terminations, NULL},
    {"elo", "Pairwise Elo", true, tourney_html_elo_pairs, NULL},
    {"games", "Games", true, tourney_html_games, NULL},
};
#define HTML_SECTION_COUNT (sizeof(html_sections) / sizeof(html_sections[0]))

size_t tourney_html_top(const struct html_page *page, FILE *out, size_t max, const char *what)
{
    size_t count = page->report->input->stats->agent_count;
    if (count <= max) {
        return count;
    }
    char all[32];
    tourney_html_count_text(all, sizeof(all), count);
    fprintf(out, "<p class=\"note top\">%s of the %zu best placed of %s agents.</p>\n", what, max,
            all);
    return max;
}

int tourney_html_bar_chart(struct html_page *page, FILE *out, const struct bar_chart *chart)
{
    page->charts++;
    return tourney_svg_bar_chart(out, chart);
}

/* One key figure: its label, its value and a line under it (written by
 * the caller between open_kpi, kpi_note and close_kpi). CLASS_NAME is the
 * card's, ATTRIBUTES (data-summary, data-agent) go on it too. */
static void open_kpi(FILE *out, const char *class_name, const char *label, const char *attributes)
{
    fprintf(out,
            "<div class=\"%s\"%s><span class=\"kpi-label\">%s</span>"
            "<span class=\"kpi-value\">",
            class_name, attributes, label);
}

static void close_kpi(FILE *out)
{
    fputs("</span></div>", out);
}

static void kpi_note(FILE *out)
{
    fputs("</span><span class=\"kpi-note\">", out);
}

/* The agents the Leader card names when tied, before "and N more". */
#define LEADER_CARD_NAMED 3

/* An Elo value as the page writes it: "+52.5", "\u221259.4", "+inf", in a
 * span that gives it as KEY of its summary.json entry (null when it is not
 * a number there). */
static void elo_html(FILE *out, const char *key, struct elo_value value)
{
    char raw[32];
    char text[48];
    tourney_elo_format(value, raw, sizeof(raw));
    tourney_html_minus_text(text, sizeof(text), raw);
    fputs("<span", out);
    if (value.kind == ELO_FINITE) {
        tourney_html_data(out, key, value.value);
    } else {
        tourney_html_data_null(out, key);
    }
    fputc('>', out);
    tourney_html_text(out, text);
    fputs("</span>", out);
}

/* The Leader card: who leads, by how much over the second, and whether the
 * data separates them (the verdict of the console and report.md): the
 * agent's name when it does, else "Tied:" and the agents tied at the top.
 * Its figures are summary.json's: the margin and the LOS its "leader", the
 * score and rating the leader's entry of "agents". */
static void write_leader(const struct report *report, const struct leader_verdict *verdict,
                         FILE *out)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    size_t leader = verdict->leader;
    fprintf(out,
            "<div class=\"kpi leader\" data-separated=\"%s\"><span "
            "class=\"kpi-label\">Leader</span>",
            verdict->separated ? "true" : "false");
    fputs("<span class=\"kpi-value\">", out);
    if (verdict->separated) {
        tourney_html_text(out, in->agents[leader].name);
    } else {
        /* The first and the agents it is not surely ahead of. */
        fputs("Tied: ", out);
        tourney_html_text(out, in->agents[leader].name);
        size_t named = 1;
        size_t more = 0;
        for (size_t rank = 1; rank < stats->agent_count; rank++) {
            if (!tourney_report_tied_with_leader(report, rank)) {
                continue;
            }
            if (named < LEADER_CARD_NAMED) {
                fputs(", ", out);
                tourney_html_text(out, in->agents[report->order[rank]].name);
                named++;
            } else {
                more++;
            }
        }
        if (more > 0) {
            fprintf(out, " and %zu more", more);
        }
    }
    kpi_note(out);
    if (verdict->second != SIZE_MAX) {
        fputs("<span data-summary=\"leader\">", out);
        if (!verdict->separated) {
            tourney_html_text(out, in->agents[leader].name);
            fputc(' ', out);
        }
        fputs("ahead of ", out);
        tourney_html_text(out, in->agents[verdict->second].name);
        if (verdict->margin.kind != ELO_ABOVE || verdict->margin_low.kind != ELO_FINITE) {
            fputs(" by ", out);
            elo_html(out, "margin", verdict->margin);
            fputs(" Elo [", out);
            elo_html(out, "margin_low", verdict->margin_low);
            fputs(", ", out);
            elo_html(out, "margin_high", verdict->margin_high);
            fputc(']', out);
        } else {
            /* A perfect score: only its interval's lower end is a number. */
            fputs(" by at least ", out);
            elo_html(out, "margin_low", verdict->margin_low);
            fputs(" Elo (all won, the 95% bound)", out);
        }
        fputs(", LOS <span", out);
        tourney_html_data(out, "los", verdict->los);
        fprintf(out, ">%.1f%%</span> (%s)%s</span> \u00b7 ", 100.0 * verdict->los,
                verdict->from_pair ? "their games" : "the field's ratings",
                verdict->separated ? "" : ": the games do not separate them");
    }
    /* The leader's own figures, from its entry of "agents". */
    fputs("<span", out);
    tourney_html_data_agent(out, "data-agent", in->agents[leader].name);
    fputs("><span", out);
    tourney_html_data(out, "all.score", report->summaries[leader].score_rate);
    fprintf(out, ">%.1f%%</span> score, Elo <span", 100.0 * report->summaries[leader].score_rate);
    const struct elo_value elo = report->ratings.agents[leader].elo;
    if (elo.kind == ELO_FINITE) {
        tourney_html_data(out, "rating.elo", elo.value);
    } else {
        tourney_html_data_null(out, "rating.elo");
    }
    char raw[32];
    char text[48];
    tourney_rating_format(&report->ratings.agents[leader], raw, sizeof(raw));
    tourney_html_minus_text(text, sizeof(text), raw);
    fputc('>', out);
    tourney_html_text(out, text);
    fputs("</span></span>", out);
    close_kpi(out);
}

/* The figures a reader looks for first: games, agents, the leader, the
 * game, how long games last and how many ended by a fault. */
static void write_kpis(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    const struct tournament_settings *settings = in->settings;
    char text[64];
    fputs("<div class=\"kpis\">", out);

    open_kpi(out, "kpi", "Games played", " data-summary=\"tournament\"");
    tourney_html_count_text(text, sizeof(text), stats->games);
    fputs("<span", out);
    tourney_html_data_count(out, "games_played", stats->games);
    fprintf(out, ">%s</span>", text);
    kpi_note(out);
    tourney_html_count_text(text, sizeof(text), in->games_scheduled);
    fputs("of <span", out);
    tourney_html_data_count(out, "games_scheduled", in->games_scheduled);
    fprintf(out, ">%s</span> scheduled", text);
    if (in->shard != NULL) {
        fputs(" (shard ", out);
        tourney_html_text(out, in->shard);
        fputc(')', out);
    }
    close_kpi(out);

    open_kpi(out, "kpi", "Agents", "");
    tourney_html_count_text(text, sizeof(text), stats->agent_count);
    fputs(text, out);
    kpi_note(out);
    tourney_html_count_text(text, sizeof(text), settings->games_per_pair);
    tourney_html_textf(out, "%s, %s games a pair",
                       tourney_tournament_format_name(settings->format), text);
    close_kpi(out);

    struct leader_verdict verdict;
    tourney_report_leader(report, &verdict);
    if (verdict.leader != SIZE_MAX) {
        write_leader(report, &verdict, out);
    } else {
        open_kpi(out, "kpi", "Leader", "");
        fputs(HTML_DASH, out);
        kpi_note(out);
        fputs("no games yet", out);
        close_kpi(out);
    }

    open_kpi(out, "kpi", "Game", "");
    tourney_html_text(out, in->game);
    kpi_note(out);
    tourney_html_text(out, in->game_params[0] != '\0' ? in->game_params : "no parameters");
    close_kpi(out);

    open_kpi(out, "kpi", "Plies per game", " data-summary=\"game_lengths\"");
    if (stats->lengths.games > 0) {
        double mean = (double)stats->plies / (double)stats->lengths.games;
        tourney_html_decimal_text(text, sizeof(text), mean, 1);
        fputs("<span", out);
        tourney_html_data(out, "mean", mean);
        fprintf(out, ">%s</span>", text);
        kpi_note(out);
        fputs("from <span", out);
        tourney_html_data_count(out, "min", stats->lengths.min);
        tourney_html_count_text(text, sizeof(text), stats->lengths.min);
        fprintf(out, ">%s</span> to <span", text);
        tourney_html_data_count(out, "max", stats->lengths.max);
        tourney_html_count_text(text, sizeof(text), stats->lengths.max);
        fprintf(out, ">%s</span>", text);
    } else {
        fputs(HTML_DASH, out);
        kpi_note(out);
        fputs("no games yet", out);
    }
    close_kpi(out);

    uint64_t faults = stats->games - stats->terminations[TERMINATION_NORMAL];
    open_kpi(out, faults > 0 ? "kpi alert" : "kpi", "Games lost by a fault", "");
    tourney_html_count_text(text, sizeof(text), faults);
    fputs(text, out);
    kpi_note(out);
    if (stats->games > 0) {
        fprintf(out, "%.1f%% of the games", 100.0 * (double)faults / (double)stats->games);
    } else {
        fputs("no games yet", out);
    }
    close_kpi(out);
    fputs("</div>\n", out);
}

/* Opens a fact of the header; the caller writes its value and closes it. */
static void fact(FILE *out, const char *term)
{
    fprintf(out, "<div><dt>%s</dt><dd>", term);
}

/* The tournament's settings, as in report.md's head. */
static void write_header(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    const struct tournament_settings *settings = in->settings;
    fputs("<header><p class=\"kicker\">Tournament report</p><h1>", out);
    tourney_html_text(out, settings->name);
    fputs("</h1>\n", out);
    write_kpis(report, out);
    fputs("<dl class=\"facts\">", out);
    fact(out, "Format");
    tourney_html_text(out, tourney_tournament_format_name(settings->format));
    fprintf(out, ", %" PRIu32 " games per pair, seats alternating</dd></div>",
            settings->games_per_pair);
    fact(out, "Seed");
    fprintf(out, "%" PRIu64 "</dd></div>", settings->seed);
    const char *label = NULL;
    char value[256];
    for (size_t next = 0;
         tourney_report_next_setting(report, &next, &label, value, sizeof(value));) {
        fact(out, label);
        tourney_html_text(out, value);
        fputs("</dd></div>", out);
    }
    fact(out, "Config");
    tourney_html_text(out, in->config_path);
    fputs("</dd></div></dl>\n<nav aria-label=\"Sections\"><ul>", out);
    for (size_t i = 0; i < HTML_SECTION_COUNT; i++) {
        if (html_sections[i].shown != NULL && !html_sections[i].shown(report)) {
            continue;
        }
        fprintf(out, "<li><a href=\"#%s\">", html_sections[i].id);
        tourney_html_text(out, html_sections[i].title);
        fputs("</a></li>", out);
    }
    fputs("</ul></nav></header>\n", out);
}

int tourney_report_write_html(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    struct html_page page = {.report = report, .charts = 0};
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    tourney_html_textf(out, "%s: tournament report", in->settings->name);
    fputs("</title>\n<style>\n", out);
    fputs(tourney_report_css, out);
    if (in->analysis != NULL) {
        fputs(tourney_analysis_css, out);
    }
    fputs("</style>\n</head>\n<body>\n", out);
    write_header(report, out);
    fputs("<main>\n", out);
    int status = 0;
    for (size_t i = 0; i < HTML_SECTION_COUNT; i++) {
        if (html_sections[i].shown != NULL && !html_sections[i].shown(report)) {
            continue;
        }
        fprintf(out, "<section id=\"%s\" class=\"%s\"><h2>", html_sections[i].id,
                html_sections[i].wide ? "wide" : "card");
        tourney_html_text(out, html_sections[i].title);
        fputs("</h2>\n", out);
        if (html_sections[i].write(&page, out) != 0) {
            status = -1;
        }
        fputs("</section>\n", out);
    }
    fputs("</main>\n", out);
    /* The script's self-check counts the charts it should find. */
    fprintf(out, "<footer id=\"page-facts\" data-charts=\"%zu\">Written by tourney from ",
            page.charts);
    fputs("games.jsonl; every figure is computed from the game records, like those of "
          "summary.json.</footer>\n<script>\n",
          out);
    fputs(tourney_report_js, out);
    if (in->analysis != NULL) {
        fputs("</script>\n<script>\n", out);
        fputs(tourney_analysis_js, out);
    }
    fputs("</script>\n</body>\n</html>\n", out);
    return status != 0 || ferror(out) ? -1 : 0;
}
