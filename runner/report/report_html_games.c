/*
 * The games of report.html: which of them the page holds, a list of them,
 * and the replay viewer's markup and data (the viewer itself is the page's
 * script, runner/assets/report.js).
 */
#include <inttypes.h>
#include <stdlib.h>

#include "html.h"
#include "html_numbers.h"
#include "replay_data.h"
#include "report_html.h"

static void write_viewer(FILE *out)
{
    /* Hidden until the script shows it: without scripts the list remains. */
    fputs("<div class=\"viewer\" id=\"viewer\" hidden><div>"
          "<h3 id=\"viewer-title\">Game</h3><div class=\"players\" id=\"viewer-players\"></div>"
          "<svg class=\"board\" id=\"viewer-board\" viewBox=\"0 0 120 120\" role=\"img\" "
          "aria-label=\"The board at the chosen move\"></svg>"
          "<div class=\"controls\">"
          "<button type=\"button\" id=\"viewer-first\" title=\"First position (Home)\">"
          "&#171; first</button>"
          "<button type=\"button\" id=\"viewer-prev\" title=\"Previous move (Left arrow)\">"
          "&#8249; previous</button>"
          "<button type=\"button\" id=\"viewer-next\" title=\"Next move (Right arrow)\">"
          "next &#8250;</button>"
          "<button type=\"button\" id=\"viewer-last\" title=\"Last position (End)\">"
          "last &#187;</button></div>"
          "<div class=\"status\" id=\"viewer-status\" aria-live=\"polite\"></div></div>"
          "<div><ol class=\"moves\" id=\"viewer-moves\"></ol><div id=\"viewer-end\"></div>"
          "</div></div>\n"
          "<noscript><p class=\"note\">Replaying a game needs JavaScript; the list below gives "
          "every shown game's result.</p></noscript>\n",
          out);
}

/* A result as the page writes it, with an en dash: "1\u20130". */
static const char *result_text(enum game_result result)
{
    switch (result) {
    case RESULT_FIRST_WINS:
        return "1" HTML_DASH "0";
    case RESULT_SECOND_WINS:
        return "0" HTML_DASH "1";
    case RESULT_DRAW:
        break;
    }
    return "\u00bd" HTML_DASH "\u00bd";
}

static void write_list(FILE *out, const struct report_input *in, const size_t *chosen,
                       size_t count)
{
    fputs("<div class=\"scroll games-list\"><table class=\"games\"><thead><tr>"
          "<th scope=\"col\" class=\"num\">game</th><th scope=\"col\">first</th>"
          "<th scope=\"col\">second</th><th scope=\"col\">result</th>"
          "<th scope=\"col\">termination</th><th scope=\"col\" class=\"num\">moves</th>"
          "<th scope=\"col\">replay</th></tr></thead><tbody>\n",
          out);
    for (size_t k = 0; k < count; k++) {
        const struct sampled_game *game = &in->games->games[chosen[k]];
        fprintf(out, "<tr data-game=\"%zu\"><td class=\"num\">%" PRIu32 "</td><td>", k,
                game->index);
        tourney_html_text(out, in->agents[game->agent[0]].name);
        fputs("</td><td>", out);
        tourney_html_text(out, in->agents[game->agent[1]].name);
        fprintf(out, "</td><td>%s</td><td", result_text(game->result));
        if (game->reason[0] != '\0') {
            fputs(" title=\"", out);
            tourney_html_text(out, game->reason);
            fputc('"', out);
        }
        fprintf(out,
                ">%s</td><td class=\"num\">%zu</td><td><button type=\"button\" "
                "data-game=\"%zu\">replay</button></td></tr>\n",
                tourney_termination_name(game->termination), game->move_count, k);
    }
    fputs("</tbody></table></div>\n", out);
}

/* The viewer's data, after the list: the page reads well before it loads. */
static int write_data(FILE *out, const struct report_input *in, const size_t *chosen, size_t count)
{
    const char **names = calloc(in->stats->agent_count + 1, sizeof(*names));
    if (names == NULL) {
        return -1;
    }
    for (size_t i = 0; i < in->stats->agent_count; i++) {
        names[i] = in->agents[i].name;
    }
    json_t *data = tourney_replay_data(in->games, chosen, count, names, in->stats->agent_count,
                                       in->board, REPLAY_POSITION_BUDGET, in->analysis);
    free(names);
    if (data == NULL) {
        return -1;
    }
    fputs("<script type=\"application/json\" id=\"replay-data\">", out);
    int status = tourney_html_json(out, data);
    fputs("</script>\n", out);
    json_decref(data);
    return status;
}

int tourney_html_games(struct html_page *page, FILE *out)
{
    const struct report_input *in = page->report->input;
    const struct game_sample *sample = in->games;
    if (sample == NULL || sample->count == 0) {
        fputs("<p class=\"note\">No games to show.</p>\n", out);
        return 0;
    }
    size_t *chosen = calloc(sample->limit + 1, sizeof(*chosen));
    size_t count = 0;
    if (chosen == NULL || tourney_game_sample_select(sample, chosen, &count) != 0) {
        free(chosen);
        return -1;
    }
    size_t faulted = 0;
    for (size_t k = 0; k < count; k++) {
        faulted += sample->games[chosen[k]].fault_seat >= 0;
    }
    char shown[32];
    char played[32];
    char lost[32];
    tourney_html_count_text(shown, sizeof(shown), count);
    tourney_html_count_text(played, sizeof(played), in->stats->games);
    tourney_html_count_text(lost, sizeof(lost), faulted);
    fputs("<p class=\"note\">", out);
    if (count == in->stats->games) {
        fprintf(out, "All %s game%s", shown, count == 1 ? "" : "s");
    } else {
        fprintf(out,
                "Showing %s of %s games: every game lost by a fault, then the first games of "
                "each pairing in turn",
                shown, played);
    }
    fprintf(out,
            " (%s lost by a fault). Choose one to replay it move by move, with the "
            "buttons or the arrow, Home and End keys.",
            lost);
    if (in->board == NULL || in->board->game == NULL) {
        fputs(" Boards are not drawn", out);
        if (in->board != NULL && in->board->note != NULL) {
            fputs(": ", out);
            tourney_html_text(out, in->board->note);
        }
        fputs("; moves are the game's move numbers.", out);
    }
    if (in->analysis != NULL) {
        fputs(" Each move the exact analysis (analysis.jsonl) graded is marked: &#10003; best, "
              "?! slower (the same result, later or sooner), ?? a blunder (a worse result), "
              "&#8211; unknown (beyond the solver's budget); its values are in its tooltip, and "
              "the chart above the moves follows the value of the position for the first "
              "player.",
              out);
    } else if (in->analysis_note != NULL) {
        fputs(" The exact analysis is not shown: ", out);
        tourney_html_text(out, in->analysis_note);
        fputc('.', out);
    }
    fputs("</p>\n", out);
    write_viewer(out);
    write_list(out, in, chosen, count);
    int status = write_data(out, in, chosen, count);
    free(chosen);
    return status;
}
