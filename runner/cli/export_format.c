#include "export_format.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "text_escape.h"

/* PGN's export format keeps lines of movetext within 79 characters. */
#define TEXT_WIDTH 79

/* A tag pair: its value between double quotes, a quote or a backslash in
 * it escaped with a backslash, as PGN writes them; control characters (a
 * line break would end the tag, an escape sequence would reach the
 * terminal) first written \xHH, as on a terminal (text_escape.h). */
static void tag(FILE *out, const char *name, const char *value)
{
    size_t size = 4 * strlen(value) + 1;
    char *shown = malloc(size);
    if (shown == NULL) {
        fputs("out of memory", out);
        return;
    }
    tourney_terminal_copy(shown, size, value);
    fprintf(out, "[%s \"", name);
    for (const char *c = shown; *c != '\0'; c++) {
        if (*c == '"' || *c == '\\') {
            fputc('\\', out);
        }
        fputc(*c, out);
    }
    fputs("\"]\n", out);
    free(shown);
}

static const char *agent_name(const struct export_source *source, const struct game_record *r,
                              int seat)
{
    return source->header->agents[r->agent[seat]].name;
}

/* POSITION on one line, as an openings file writes it: a board of several
 * lines ("o . .\n. . x\n. . .\n", as format_state wrote it for
 * opening_plies) becomes "o . . / . . x / . . .", each line without its
 * trailing blanks; a position of one line stays as it is. A tag and a CSV
 * field then hold it whole, with no line break to escape. */
static void one_line_position(const char *position, char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    while (*position != '\0' && used < size) {
        size_t length = strcspn(position, "\n");
        size_t kept = length;
        while (kept > 0 && (position[kept - 1] == ' ' || position[kept - 1] == '\t' ||
                            position[kept - 1] == '\r')) {
            kept--;
        }
        if (kept > 0) {
            used += (size_t)snprintf(text + used, size - used, "%s%.*s", used ? " / " : "",
                                     (int)kept, position);
        }
        position += length + (position[length] == '\n');
    }
}

/* "b2 a1 c3", the opening's plies in the game's notation, into TEXT (empty
 * when the opening gives none). */
static void opening_moves_text(const struct export_source *source,
                               const struct record_opening *opening, char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (size_t i = 0; i < opening->move_count; i++) {
        char name[64];
        tourney_game_adapter_move_text(source->game, (tourney_move)opening->moves[i], name,
                                       sizeof(name));
        if (used < size) {
            used += (size_t)snprintf(text + used, size - used, "%s%s", i ? " " : "", name);
        }
    }
}

/* Writes WORD onto the movetext line, starting a new line where it would
 * pass TEXT_WIDTH; *COLUMN is where the line is. */
static void word(FILE *out, const char *text, size_t *column)
{
    size_t length = strlen(text);
    if (*column > 0 && *column + 1 + length > TEXT_WIDTH) {
        fputc('\n', out);
        *column = 0;
    } else if (*column > 0) {
        fputc(' ', out);
        (*column)++;
    }
    fputs(text, out);
    *column += length;
}

/* The analysis of R when SOURCE has one of this very game (the same
 * players, moves and seats); else NULL. */
static const struct read_game *analysis_of(const struct export_source *source,
                                           const struct game_record *r)
{
    if (source->analysis == NULL) {
        return NULL;
    }
    const struct read_game *analysed = tourney_analysis_read_find(source->analysis, r->index);
    tourney_move *moves = calloc(r->move_count + 1, sizeof(*moves));
    unsigned char *seats = calloc(r->move_count + 1, sizeof(*seats));
    bool same = false;
    if (analysed != NULL && moves != NULL && seats != NULL) {
        for (size_t i = 0; i < r->move_count; i++) {
            moves[i] = r->moves[i].move;
            seats[i] = (unsigned char)r->moves[i].seat;
        }
        const struct read_game_check check = {
            .agent = r->agent,
            .move_count = r->move_count,
            .seats = seats,
            .moves = moves,
            .game = source->game,
        };
        same = tourney_analysis_read_matches(analysed, &check);
    }
    free(moves);
    free(seats);
    return same ? analysed : NULL;
}

/* A value in words: "win in 5", "loss in 2", "draw", "unknown". */
static void value_words(struct exact_value v, char *text, size_t size)
{
    if (v.result == EXACT_WIN || v.result == EXACT_LOSS) {
        snprintf(text, size, "%s in %d", v.result == EXACT_WIN ? "win" : "loss", (int)v.plies);
    } else {
        snprintf(text, size, "%s", v.result == EXACT_DRAW ? "draw" : "unknown");
    }
}

/* M's annotation, as PGN suffixes a move ("??" a blunder, "?!" a slower
 * move), and its comment: "{best: win in 5}", the value kept, or
 * "{blunder: win in 1 -> loss in 2}", the value before and what the move
 * reached, for its mover. */
static void annotation(const struct graded_move *m, char *suffix, size_t suffix_size,
                       char *comment, size_t size)
{
    char before[32];
    char reached[32];
    value_words(m->before, before, sizeof(before));
    value_words(m->reached, reached, sizeof(reached));
    snprintf(suffix, suffix_size, "%s",
             m->grade == GRADE_BLUNDER  ? "??"
             : m->grade == GRADE_SLOWER ? "?!"
                                        : "");
    if (m->grade == GRADE_BEST) {
        snprintf(comment, size, "{best: %s}", before);
    } else {
        snprintf(comment, size, "{%s: %s -> %s}", tourney_grade_name(m->grade), before, reached);
    }
}

int tourney_export_text_game(FILE *out, const struct export_source *source,
                             const struct game_record *r)
{
    const struct read_game *analysed = analysis_of(source, r);
    const struct log_header *h = source->header;
    char text[1024];
    tag(out, "Tournament", h->settings.name);
    snprintf(text, sizeof(text), "%" PRIu32, r->index);
    tag(out, "Game", text);
    snprintf(text, sizeof(text), "%s%s%s", h->game, h->game_params[0] ? ": " : "", h->game_params);
    tag(out, "Variant", text);
    tag(out, "First", agent_name(source, r, 0));
    tag(out, "Second", agent_name(source, r, 1));
    snprintf(text, sizeof(text), "%016" PRIx64, r->seed);
    tag(out, "Seed", text);
    if (r->opening.position != NULL) {
        one_line_position(r->opening.position, text, sizeof(text));
        tag(out, "Opening", text);
    }
    if (r->opening.moves_known) {
        opening_moves_text(source, &r->opening, text, sizeof(text));
        tag(out, "OpeningMoves", text);
    }
    tag(out, "Result", tourney_result_text(r->result));
    tag(out, "Termination", tourney_termination_name(r->termination));
    if (r->fault_seat >= 0) {
        tag(out, "Fault", agent_name(source, r, r->fault_seat));
    }
    if (r->reason[0] != '\0') {
        tag(out, "Reason", r->reason);
    }
    if (analysed != NULL) {
        tag(out, "Annotator", "tourney analyze: exact values for the mover");
    }
    fputc('\n', out);

    /* Moves numbered as chess numbers them: "N." before each move of the
     * first seat; a move of the second seat follows it in the same number,
     * or, when the first seat has not moved in that number (the second
     * seat moves first, or twice), takes the next number as "N...". */
    size_t column = 0;
    unsigned number = 0;
    bool first_moved = false; /* the first seat has moved in NUMBER */
    for (size_t i = 0; i < r->move_count; i++) {
        const struct move_record *m = &r->moves[i];
        char name[64];
        char suffix[4] = "";
        char comment[96] = "";
        char move[160];
        tourney_game_adapter_move_text(source->game, m->move, name, sizeof(name));
        if (analysed != NULL) {
            annotation(&analysed->moves[i], suffix, sizeof(suffix), comment, sizeof(comment));
        }
        snprintf(move, sizeof(move), "%s%s%s%s", name, suffix, comment[0] ? " " : "", comment);
        if (m->seat == 0) {
            snprintf(text, sizeof(text), "%u. %s", ++number, move);
        } else if (first_moved) {
            snprintf(text, sizeof(text), "%s", move);
        } else {
            snprintf(text, sizeof(text), "%u... %s", ++number, move);
        }
        first_moved = m->seat == 0;
        /* A number, its move and the move's comment stay on one line. */
        word(out, text, &column);
    }
    word(out, tourney_result_text(r->result), &column);
    fputs("\n\n", out);
    return ferror(out) ? -1 : 0;
}

/* A CSV field (text_escape.h), with a comma before it unless it is the
 * row's first. */
static void field(FILE *out, const char *text, bool first)
{
    if (!first) {
        fputc(',', out);
    }
    tourney_csv_field(out, text);
}

int tourney_export_csv_head(FILE *out)
{
    fputs("game,first,second,seed,opening,opening_moves,result,winner,termination,fault,"
          "reason,plies,moves\n",
          out);
    return ferror(out) ? -1 : 0;
}

int tourney_export_csv_game(FILE *out, const struct export_source *source,
                            const struct game_record *r)
{
    char text[1024];
    snprintf(text, sizeof(text), "%" PRIu32, r->index);
    field(out, text, true);
    field(out, agent_name(source, r, 0), false);
    field(out, agent_name(source, r, 1), false);
    snprintf(text, sizeof(text), "%016" PRIx64, r->seed);
    field(out, text, false);
    one_line_position(r->opening.position != NULL ? r->opening.position : "", text, sizeof(text));
    field(out, text, false);
    text[0] = '\0';
    if (r->opening.moves_known) {
        opening_moves_text(source, &r->opening, text, sizeof(text));
    }
    field(out, text, false);
    field(out, tourney_result_text(r->result), false);
    const char *winner = r->result == RESULT_FIRST_WINS    ? agent_name(source, r, 0)
                         : r->result == RESULT_SECOND_WINS ? agent_name(source, r, 1)
                                                           : "";
    field(out, winner, false);
    field(out, tourney_termination_name(r->termination), false);
    field(out, r->fault_seat >= 0 ? agent_name(source, r, r->fault_seat) : "", false);
    field(out, r->reason, false);
    fprintf(out, ",%zu,", r->move_count);
    /* The moves, separated by blanks, need no quotes unless a move's name
     * holds a comma or a quote. */
    bool quote = false;
    for (size_t i = 0; i < r->move_count && !quote; i++) {
        char move[64];
        tourney_game_adapter_move_text(source->game, r->moves[i].move, move, sizeof(move));
        quote = strpbrk(move, ",\"") != NULL;
    }
    if (quote) {
        fputc('"', out);
    }
    for (size_t i = 0; i < r->move_count; i++) {
        char move[64];
        tourney_game_adapter_move_text(source->game, r->moves[i].move, move, sizeof(move));
        if (i > 0) {
            fputc(' ', out);
        }
        for (const char *c = move; *c != '\0'; c++) {
            if (*c == '"') {
                fputc('"', out);
            }
            fputc(*c, out);
        }
    }
    if (quote) {
        fputc('"', out);
    }
    fputc('\n', out);
    return ferror(out) ? -1 : 0;
}
