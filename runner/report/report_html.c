#include "report_html.h"

#include <inttypes.h>

#include "html.h"
#include "report_assets.h"

/* The page, top to bottom. */
static const struct html_section html_sections[] = {
    {"standings", "Standings", tourney_html_standings},
    {"crosstable", "Cross-table", tourney_html_crosstable},
    {"vs-random", "Win rate against random", tourney_html_vs_random},
    {"time", "Time per move", tourney_html_time},
    {"nodes", "Nodes per move", tourney_html_nodes},
    {"terminations", "Terminations", tourney_html_terminations},
    {"elo", "Pairwise Elo", tourney_html_elo_pairs},
    {"games", "Games", tourney_html_games},
};
#define HTML_SECTION_COUNT (sizeof(html_sections) / sizeof(html_sections[0]))

void tourney_html_data(FILE *out, const char *key, double value)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fputs("\" data-value=\"", out);
    tourney_html_real(out, value);
    fputc('"', out);
}

void tourney_html_data_count(FILE *out, const char *key, uint64_t value)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fprintf(out, "\" data-value=\"%" PRIu64 "\"", value);
}

void tourney_html_data_null(FILE *out, const char *key)
{
    fputs(" data-key=\"", out);
    tourney_html_text(out, key);
    fputs("\" data-value=\"null\"", out);
}

void tourney_html_data_agent(FILE *out, const char *attribute, const char *name)
{
    fprintf(out, " %s=\"", attribute);
    tourney_html_text(out, name);
    fputc('"', out);
}

/* Opens a fact of the header; the caller writes its value and closes it. */
static void fact(FILE *out, const char *term)
{
    fprintf(out, "<dt>%s</dt><dd>", term);
}

/* The tournament's settings, as in report.md's head. */
static void write_header(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    const struct tournament_settings *settings = in->settings;
    fputs("<header><h1>Tournament ", out);
    tourney_html_text(out, settings->name);
    fputs("</h1><dl class=\"facts\">", out);
    fact(out, "Game");
    tourney_html_text(out, in->game);
    if (in->game_params[0] != '\0') {
        fputs(" (", out);
        tourney_html_text(out, in->game_params);
        fputc(')', out);
    }
    fputs("</dd>", out);
    fact(out, "Format");
    tourney_html_text(out, tourney_tournament_format_name(settings->format));
    fprintf(out, ", %" PRIu32 " games per pair, seats alternating</dd>", settings->games_per_pair);
    fact(out, "Seed");
    fprintf(out, "%" PRIu64 "</dd>", settings->seed);
    fact(out, "Games");
    fprintf(out, "%" PRIu64 " played of %" PRIu64 " scheduled</dd>", in->stats->games,
            in->games_scheduled);
    const char *label = NULL;
    char value[256];
    for (size_t next = 0;
         tourney_report_next_setting(report, &next, &label, value, sizeof(value));) {
        fact(out, label);
        tourney_html_text(out, value);
        fputs("</dd>", out);
    }
    fact(out, "Config");
    tourney_html_text(out, in->config_path);
    fputs("</dd></dl><nav aria-label=\"Sections\"><ul>", out);
    for (size_t i = 0; i < HTML_SECTION_COUNT; i++) {
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
    fputs("</style>\n</head>\n<body>\n", out);
    write_header(report, out);
    fputs("<main>\n", out);
    int status = 0;
    for (size_t i = 0; i < HTML_SECTION_COUNT; i++) {
        fprintf(out, "<section id=\"%s\"><h2>", html_sections[i].id);
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
    fputs("</script>\n</body>\n</html>\n", out);
    return status != 0 || ferror(out) ? -1 : 0;
}
