/*
 * solve_file.c - `tourney solve GAME --file FILE`: every position of a file
 * solved by one agent, its transposition table kept from one position to
 * the next (entries are stored relative to their position, so that is
 * sound), each score checked against the file's when the line gives one.
 * Only the searches are timed: a benchmark pays the setup once.
 *
 * A line is "MOVES [SCORE]": the moves played from the start, and the value
 * of the position they reach for the player to move, as Pascal Pons writes
 * his Connect Four test sets ("4453 18"). Blank lines and lines starting
 * with '#' are skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "solve_session.h"

/* A line longer than this is refused rather than read in pieces. */
#define LINE_MAX_LENGTH 4096

/* One line, split. */
struct file_line {
    char *moves;
    bool has_score;
    long score;
};

/* Splits TEXT (changed in place) into its words; false unless it is
 * "MOVES" or "MOVES SCORE" with SCORE a whole number. */
static bool split_line(char *text, struct file_line *line)
{
    char *save = NULL;
    char *moves = strtok_r(text, " \t\r\n", &save);
    char *score = strtok_r(NULL, " \t\r\n", &save);
    char *end = NULL;

    if (moves == NULL || strtok_r(NULL, " \t\r\n", &save) != NULL) {
        return false;
    }
    line->moves = moves;
    line->has_score = score != NULL;
    line->score = 0;
    if (score != NULL) {
        errno = 0;
        line->score = strtol(score, &end, 10);
        if (errno != 0 || end == score || *end != '\0') {
            return false;
        }
    }
    return true;
}

/* Plays MOVES from the start into s->state (tourney_game_adapter_read_moves).
 * Returns the number of moves, or -1 with ERR saying why. */
static int play_moves(struct solve *s, const char *where, const char *moves, struct error *err)
{
    struct game_adapter *game = &s->game;
    const char *stop = NULL;
    int ply = tourney_game_adapter_read_moves(game, moves, s->state, NULL, 0, &stop);
    if (stop != NULL) {
        bool over = tourney_game_adapter_status(game, s->state) != TOURNEY_ONGOING;
        return tourney_error_set(err, "%s: move %d of '%s' (at '%s') is %s", where, ply + 1, moves,
                                 stop,
                                 over ? "after the end of the game" : "not a legal move there");
    }
    int status = tourney_game_adapter_status(game, s->state);
    if (status != TOURNEY_ONGOING) {
        return tourney_error_set(err, "%s: the game is over after '%s': %s", where, moves,
                                 tourney_solve_status_text(status));
    }
    return ply;
}

bool tourney_solve_file_score(int32_t value, int32_t ply, int32_t max_plies, long *score)
{
    int32_t plies;

    if (value == 0) {
        *score = 0;
        return true;
    }
    if (value < TOURNEY_SCORE_PROVEN && value > -TOURNEY_SCORE_PROVEN) {
        return false;
    }
    plies = TOURNEY_SCORE_WIN - (value > 0 ? value : -value);
    /* ply + plies - 1 moves are on the board before the winning one. */
    *score = (max_plies + 1 - (ply + plies - 1)) / 2;
    if (value < 0) {
        *score = -*score;
    }
    return true;
}

/* Solves the position in s->state, `ply` moves from the start; adds to the
 * totals. Returns 0, or -1 when the search failed. */
static int solve_one(struct solve *s, int ply, struct solve_file_result *r,
                     struct tourney_move_report *report, struct error *err)
{
    struct tourney_move_request request = {.struct_size = sizeof(request), .ply = ply};
    tourney_move move;
    uint64_t start;
    int status;

    memset(report, 0, sizeof(*report));
    report->struct_size = sizeof(*report);
    start = tourney_now_ns();
    status = s->agent_plugin.agent->choose_move(s->agent, s->state, &request, report, &move);
    r->seconds += (double)(tourney_now_ns() - start) / 1e9;
    if (status != TOURNEY_OK) {
        return tourney_error_set(err, "the search failed with status %d", status);
    }
    r->positions++;
    r->nodes += report->nodes;
    return 0;
}

/* Checks a line's score; warns of what differs. */
static void check_score(const struct solve *s, const char *where, const struct file_line *line,
                        int ply, const struct tourney_move_report *report,
                        struct solve_file_result *r, const struct warnings *warn)
{
    long found = 0;

    if (!line->has_score) {
        return;
    }
    r->checked++;
    if (!tourney_solve_file_score(report->score, ply, s->game.info.max_plies, &found)) {
        r->wrong++;
        tourney_warn(warn,
                     "%s: '%s' has no proven value (score %d: the search stopped at its depth "
                     "limit), the file says %ld",
                     where, line->moves, (int)report->score, line->score);
    } else if (found != line->score) {
        r->wrong++;
        tourney_warn(warn, "%s: '%s' scored %ld (agent score %d), the file says %ld", where,
                     line->moves, found, (int)report->score, line->score);
    }
}

enum solve_outcome tourney_solve_file(struct solve *s, const struct solve_request *request,
                                      struct solve_progress *progress, FILE *out,
                                      const struct warnings *warn, struct error *err)
{
    struct solve_file_result result = {
        .game = tourney_game_adapter_name(&s->game),
        .game_params = s->game_params_text,
        .file = request->file,
    };
    enum solve_outcome outcome = SOLVE_BAD_INPUT;
    char text[LINE_MAX_LENGTH + 2];
    size_t number = 0;
    FILE *in = fopen(request->file, "r");

    if (in == NULL) {
        tourney_error_set_errno(err, "cannot open %s", request->file);
        return outcome;
    }
    tourney_game_adapter_initial_state(&s->game, s->state);
    if (tourney_solve_open_agent(s, request, err) != 0) {
        goto out_file;
    }
    result.agent_params = s->agent_params_text;
    tourney_solve_progress_run(progress);
    while (fgets(text, sizeof(text), in) != NULL) {
        struct tourney_move_report report;
        struct file_line line;
        char where[4096 + 32];
        size_t length = strlen(text);
        char *first = text;
        int ply;

        number++;
        snprintf(where, sizeof(where), "%s:%zu", request->file, number);
        if (length > LINE_MAX_LENGTH && text[length - 1] != '\n') {
            tourney_error_set(err, "%s: the line is longer than %d characters", where,
                              LINE_MAX_LENGTH);
            goto out_file;
        }
        while (isspace((unsigned char)*first)) {
            first++;
        }
        if (*first == '\0' || *first == '#') {
            continue;
        }
        if (!split_line(first, &line)) {
            tourney_error_set(err, "%s: expected 'MOVES [SCORE]' (SCORE a whole number)", where);
            goto out_file;
        }
        ply = play_moves(s, where, line.moves, err);
        if (ply < 0) {
            goto out_file;
        }
        tourney_solve_progress_position(progress, number, result.positions, result.nodes);
        if (solve_one(s, ply, &result, &report, err) != 0) {
            outcome = SOLVE_FAILED;
            goto out_file;
        }
        check_score(s, where, &line, ply, &report, &result, warn);
    }
    if (ferror(in)) {
        tourney_error_set_errno(err, "cannot read %s", request->file);
        goto out_file;
    }
    tourney_solve_progress_stop(progress);
    if (!request->json) {
        tourney_solve_print_file_text(&result, out);
    } else if (tourney_solve_print_file_json(&result, out) != 0) {
        tourney_error_nomem(err);
        outcome = SOLVE_FAILED;
        goto out_file;
    }
    outcome = result.wrong == 0 ? SOLVE_OK : SOLVE_FAILED;
out_file:
    fclose(in);
    return outcome;
}
