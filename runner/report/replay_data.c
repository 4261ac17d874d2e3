#include "replay_data.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_adapter.h"
#include "record.h"
#include "text.h"

/* The longest position text tried: a game that writes more is shown
 * without boards rather than bloating the page. */
#define MAX_POSITION_TEXT (64 * 1024)

/* TEXT as a JSON string: jansson requires UTF-8, which plugin and agent
 * text may not be. */
static json_t *printable(const char *text, bool allow_newlines)
{
    char *copy = strdup(text);
    if (copy == NULL) {
        return NULL;
    }
    tourney_make_printable(copy, allow_newlines);
    json_t *string = json_string(copy);
    free(copy);
    return string;
}

/* Draws positions: the game, a state and a growing buffer for the text. */
struct drawing {
    struct game_adapter *game;
    void *state;
    char *text;
    size_t text_size;
    char *previous;
    size_t previous_size;
    size_t budget; /* bytes of position text the page may still hold */
};

static int drawing_init(struct drawing *d, struct game_adapter *game, size_t budget)
{
    memset(d, 0, sizeof(*d));
    d->game = game;
    d->state = malloc(game->info.state_size);
    d->text_size = 256;
    d->text = malloc(d->text_size);
    d->previous_size = d->text_size;
    d->previous = malloc(d->previous_size);
    d->budget = budget;
    return d->state && d->text && d->previous ? 0 : -1;
}

static void drawing_finish(struct drawing *d)
{
    free(d->state);
    free(d->text);
    free(d->previous);
}

/* The position in d->state as text in d->text; -1 when the game cannot
 * write it (no format_state, an error, or more than MAX_POSITION_TEXT). */
static int format_position(struct drawing *d)
{
    if (!tourney_game_adapter_has(d->game, GAME_OPTIONAL_FORMAT_STATE)) {
        return -1;
    }
    for (;;) {
        if (tourney_game_adapter_board_text(d->game, d->state, d->text, d->text_size)) {
            return 0;
        }
        /* TOURNEY_ERR_INVALID says the buffer is too small: try a larger one. */
        if (d->text_size >= MAX_POSITION_TEXT) {
            return -1;
        }
        char *larger = realloc(d->text, d->text_size * 2);
        if (larger == NULL) {
            return -1;
        }
        d->text = larger;
        d->text_size *= 2;
    }
}

/* The runs of characters where TEXT differs from PREVIOUS (same length):
 * [offset, "characters", ...]. */
static json_t *difference(const char *previous, const char *text)
{
    json_t *runs = json_array();
    size_t length = strlen(text);
    for (size_t i = 0; runs != NULL && i < length;) {
        if (previous[i] == text[i]) {
            i++;
            continue;
        }
        size_t start = i;
        while (i < length && previous[i] != text[i]) {
            i++;
        }
        char *run = strndup(text + start, i - start);
        if (run == NULL || json_array_append_new(runs, json_integer((json_int_t)start)) != 0 ||
            json_array_append_new(runs, printable(run, true)) != 0) {
            free(run);
            json_decref(runs);
            return NULL;
        }
        free(run);
    }
    return runs;
}

/* Whether the text just written still fits the page's budget; counts it. */
static bool affordable(struct drawing *d, const char *previous)
{
    size_t length = strlen(d->text);
    size_t cost = length;
    if (previous != NULL && strlen(previous) == length) {
        cost = 0; /* runs of changes: a few bytes each */
        for (size_t i = 0; i < length; i++) {
            cost += previous[i] != d->text[i] ? 8 : 0;
        }
    }
    if (cost > d->budget) {
        d->budget = 0;
        return false;
    }
    d->budget -= cost;
    return true;
}

/* Keeps the text just written as the one the next position is compared to. */
static int remember(struct drawing *d)
{
    size_t length = strlen(d->text) + 1;
    if (length > d->previous_size) {
        char *larger = realloc(d->previous, length);
        if (larger == NULL) {
            return -1;
        }
        d->previous = larger;
        d->previous_size = length;
    }
    memcpy(d->previous, d->text, length);
    return 0;
}

/* Replaces the numbers in MOVE_TEXTS by the game's names of the moves, for
 * those in [0, move_limit) (a log is data: checked, never trusted). */
static void name_moves(struct drawing *d, const struct sampled_game *game, json_t *move_texts)
{
    bool named = tourney_game_adapter_has(d->game, GAME_OPTIONAL_FORMAT_MOVE);
    for (size_t i = 0; named && i < game->move_count; i++) {
        char name[64];
        if (tourney_game_adapter_move_name(d->game, game->moves[i], name, sizeof(name))) {
            json_array_set_new(move_texts, i, printable(name, false));
        }
    }
}

/* The position GAME started from into d->state: the initial one, or its
 * opening's, from its plies where they are known and legal, else from its
 * position read by the game. False when neither can be had. */
static bool start_position(struct drawing *d, const struct sampled_game *game)
{
    const struct record_opening *opening = &game->opening;
    tourney_game_adapter_initial_state(d->game, d->state);
    if (!tourney_record_has_opening(opening)) {
        return true;
    }
    bool legal = opening->moves_known;
    for (size_t i = 0; legal && i < opening->move_count; i++) {
        legal = tourney_game_adapter_play(d->game, d->state, opening->moves[i]);
    }
    return legal || (opening->position != NULL &&
                     tourney_game_adapter_parse_state(d->game, opening->position, d->state) == 0);
}

/* The positions of GAME: the start, then one per ply, as long as each move
 * is legal, each position can be written and the page's budget lasts. */
static json_t *positions(struct drawing *d, const struct sampled_game *game)
{
    json_t *list = json_array();
    if (list == NULL) {
        return NULL;
    }
    if (!start_position(d, game) || format_position(d) != 0 || !affordable(d, NULL)) {
        return list;
    }
    if (json_array_append_new(list, printable(d->text, true)) != 0 || remember(d) != 0) {
        json_decref(list);
        return NULL;
    }
    for (size_t i = 0; i < game->move_count; i++) {
        if (!tourney_game_adapter_play(d->game, d->state, game->moves[i])) {
            break;
        }
        if (format_position(d) != 0 || !affordable(d, d->previous)) {
            break;
        }
        json_t *entry = strlen(d->text) == strlen(d->previous) ? difference(d->previous, d->text)
                                                               : printable(d->text, true);
        if (json_array_append_new(list, entry) != 0 || remember(d) != 0) {
            json_decref(list);
            return NULL;
        }
    }
    return list;
}

static json_t *game_log(const struct sampled_game *game)
{
    json_t *log = json_array();
    for (size_t i = 0; log != NULL && i < game->log_count; i++) {
        const struct agent_message *m = &game->log[i];
        json_t *entry = json_pack("[i, i, s, o]", m->seat, (int)m->ply,
                                  tourney_log_level_name(m->level), printable(m->text, false));
        if (json_array_append_new(log, entry) != 0) {
            json_decref(log);
            return NULL;
        }
    }
    return log;
}

/* What the viewer says of GAME's opening: its plies as the game names them
 * where they are known, else its position; NULL without one. */
static json_t *opening_text(struct drawing *d, const struct sampled_game *game)
{
    const struct record_opening *opening = &game->opening;
    if (!opening->moves_known) {
        return opening->position != NULL ? printable(opening->position, true) : NULL;
    }
    char *text = strdup("");
    for (size_t i = 0; text != NULL && i < opening->move_count; i++) {
        char name[64];
        if (d == NULL ||
            !tourney_game_adapter_move_name(d->game, opening->moves[i], name, sizeof(name))) {
            snprintf(name, sizeof(name), "%d", (int)opening->moves[i]);
        }
        char *longer = tourney_format("%s%s%s", text, i > 0 ? " " : "", name);
        free(text);
        text = longer;
    }
    json_t *string = text != NULL ? printable(text, false) : NULL;
    free(text);
    return string;
}

/* A value as the viewer reads it: "w5", "l2", "d" or "u". */
static json_t *short_value(struct exact_value v)
{
    char text[16];
    switch (v.result) {
    case EXACT_WIN:
    case EXACT_LOSS:
        snprintf(text, sizeof(text), "%c%d", v.result == EXACT_WIN ? 'w' : 'l', (int)v.plies);
        break;
    case EXACT_DRAW:
        snprintf(text, sizeof(text), "d");
        break;
    default:
        snprintf(text, sizeof(text), "u");
        break;
    }
    return json_string(text);
}

/* Adds "g" and "v" to DATA when ANALYSIS graded GAME (the same players,
 * moves, seats and, where the game names moves, names). */
static int add_grades(json_t *data, const struct sampled_game *game, struct drawing *d,
                      const struct analysis_read *analysis)
{
    static const char letters[] = {
        [GRADE_UNKNOWN] = 'u', [GRADE_BEST] = 'b', [GRADE_SLOWER] = 's', [GRADE_BLUNDER] = 'x'};
    const struct read_game *graded = tourney_analysis_read_find(analysis, game->index);
    const struct read_game_check check = {
        .agent = game->agent,
        .move_count = game->move_count,
        .seats = game->seats,
        .moves = game->moves,
        .game = d != NULL ? d->game : NULL,
    };
    if (!tourney_analysis_read_matches(graded, &check)) {
        return 0;
    }
    char *grades = malloc(game->move_count + 1);
    json_t *values = json_array();
    for (size_t i = 0; grades != NULL && values != NULL && i < game->move_count; i++) {
        const struct graded_move *m = &graded->moves[i];
        grades[i] = letters[m->grade];
        if (json_array_append_new(values, json_pack("[o, o]", short_value(m->before),
                                                    short_value(m->reached))) != 0) {
            json_decref(values);
            values = NULL;
        }
    }
    int status = -1;
    if (grades != NULL && values != NULL) {
        grades[game->move_count] = '\0';
        /* json_object_set_new takes the value, set or not. */
        json_t *kept = values;
        values = NULL;
        status = json_object_set_new(data, "g", json_string(grades));
        if (status == 0) {
            status = json_object_set_new(data, "v", kept);
        } else {
            json_decref(kept);
        }
    }
    json_decref(values);
    free(grades);
    return status;
}

static json_t *game_data(struct drawing *d, const struct sampled_game *game)
{
    /* Moves as numbers until the game names them. */
    json_t *moves = json_array();
    char *seats = malloc(game->move_count + 1);
    for (size_t i = 0; moves != NULL && seats != NULL && i < game->move_count; i++) {
        char number[16];
        snprintf(number, sizeof(number), "%d", (int)game->moves[i]);
        json_array_append_new(moves, json_string(number));
        seats[i] = game->seats[i] ? '1' : '0';
    }
    if (moves == NULL || seats == NULL) {
        json_decref(moves);
        free(seats);
        return NULL;
    }
    seats[game->move_count] = '\0';
    json_t *pos = NULL;
    if (d != NULL) {
        name_moves(d, game, moves);
        pos = positions(d, game);
    }
    json_t *data = json_pack(
        "{s:I, s:[i, i], s:s, s:s, s:o, s:o, s:o, s:s, s:o, s:[o, o]}", "n",
        (json_int_t)game->index, "a", (int)game->agent[0], (int)game->agent[1], "r",
        tourney_result_text(game->result), "t", tourney_termination_name(game->termination), "f",
        game->fault_seat >= 0 ? json_integer(game->fault_seat) : json_null(), "why",
        printable(game->reason, false), "m", moves, "s", seats, "log", game_log(game), "out",
        printable(game->output[0], true), printable(game->output[1], true));
    free(seats);
    if (data != NULL && tourney_record_has_opening(&game->opening)) {
        json_t *opening = opening_text(d, game);
        if (opening == NULL || json_object_set_new(data, "o", opening) != 0) {
            json_decref(data);
            json_decref(pos);
            return NULL;
        }
    }
    if (data != NULL && pos != NULL) {
        json_object_set_new(data, "p", pos);
    } else {
        json_decref(pos);
    }
    return data;
}

/* GAME's data, with its grades when ANALYSIS has them. */
static json_t *graded_game_data(struct drawing *d, const struct sampled_game *game,
                                const struct analysis_read *analysis)
{
    json_t *data = game_data(d, game);
    if (data != NULL && analysis != NULL && add_grades(data, game, d, analysis) != 0) {
        json_decref(data);
        return NULL;
    }
    return data;
}

json_t *tourney_replay_data(const struct game_sample *sample, const size_t *chosen, size_t count,
                            const char *const *names, size_t name_count,
                            const struct board_source *board, size_t budget,
                            const struct analysis_read *analysis)
{
    struct drawing drawing;
    bool boards = board != NULL && board->game != NULL;
    if (boards && drawing_init(&drawing, board->game, budget) != 0) {
        drawing_finish(&drawing);
        return NULL;
    }
    json_t *agents = json_array();
    json_t *games = json_array();
    for (size_t i = 0; agents != NULL && i < name_count; i++) {
        json_array_append_new(agents, printable(names[i], false));
    }
    for (size_t i = 0; games != NULL && i < count; i++) {
        json_t *game =
            graded_game_data(boards ? &drawing : NULL, &sample->games[chosen[i]], analysis);
        if (game == NULL || json_array_append_new(games, game) != 0) {
            json_decref(games);
            games = NULL;
        }
    }
    if (boards) {
        drawing_finish(&drawing);
    }
    return json_pack("{s:o, s:b, s:o}", "agents", agents, "boards", boards, "games", games);
}
