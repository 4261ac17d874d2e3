/*
 * report.html's section of the exact win rate against random: the same
 * table as the console's and report.md's (tourney_report_exact), with the
 * same words, and the agents left out with why. Only on a page whose
 * report has the figure (tourney_html_has_exact).
 */
#include "report_html.h"

#include "html.h"

bool tourney_html_has_exact(const struct report *report)
{
    return report->input->exact != NULL;
}

int tourney_html_exact_vs_random(struct html_page *page, FILE *out)
{
    const struct report *report = page->report;
    char line[768];
    tourney_report_exact_intro(report, line, sizeof(line));
    fputs("<p class=\"note\">", out);
    tourney_html_text(out, line);
    fputs("</p>\n", out);
    struct table table = {0};
    if (tourney_report_exact_any(report) &&
        tourney_report_exact(report, HTML_TABLE_MAX, &table) != 0) {
        tourney_table_finish(&table);
        return -1;
    }
    fputs("<div class=\"scroll\"><table class=\"exact-vs-random\">", out);
    for (size_t r = 0; r < table.rows; r++) {
        fputs(r == 0 ? "<thead><tr>" : "<tr>", out);
        for (size_t c = 0; c < table.columns; c++) {
            const char *tag = r == 0 ? "th scope=\"col\"" : c == 0 ? "th scope=\"row\"" : "td";
            fprintf(out, "<%s%s>", tag, table.right[c] ? " class=\"num\"" : "");
            tourney_html_text(out, table.cells[r * table.columns + c]);
            fputs(r > 0 && c == 0 ? "</th>" : r == 0 ? "</th>" : "</td>", out);
        }
        fputs(r == 0 ? "</tr></thead><tbody>\n" : "</tr>\n", out);
    }
    fputs("</tbody></table></div>\n", out);
    tourney_table_finish(&table);
    const char *agent = NULL;
    const char *reason = NULL;
    for (size_t next = 0; tourney_report_exact_next_left_out(report, &next, &agent, &reason);) {
        fputs("<p class=\"note\">Left out: ", out);
        tourney_html_text(out, agent);
        fputs(": ", out);
        tourney_html_text(out, reason);
        fputs(".</p>\n", out);
    }
    return 0;
}
