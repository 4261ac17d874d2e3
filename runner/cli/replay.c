#include "replay.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "game_adapter.h"
#include "log_game.h"
#include "record.h"
#include "record_check.h"
#include "results_log.h"
#include "text.h"
#include "text_escape.h"

/* The game being looked for, copied out of the log as it streams by. */
struct wanted {
    uint32_t index;
    bool found;
    uint32_t first;
    uint32_t last;
    uint64_t games;
    struct game_record record;
};

static int keep_wanted(const struct game_record *record, void *context, struct error *err)
{
    struct wanted *w = context;
    w->first = w->games == 0 || record->index < w->first ? record->index : w->first;
    w->last = record->index > w->last ? record->index : w->last;
    w->games++;
    if (record->index != w->index) {
        return 0;
    }
    w->found = true;
    struct game_record *r = &w->record;
    r->index = record->index;
    r->agent[0] = record->agent[0];
    r->agent[1] = record->agent[1];
    r->seed = record->seed;
    r->result = record->result;
    r->termination = record->termination;
    r->fault_seat = record->fault_seat;
    memcpy(r->reason, record->reason, sizeof(r->reason));
    memcpy(r->log, record->log, sizeof(r->log));
    r->log_count = record->log_count;
    r->log_dropped = record->log_dropped;
    memcpy(r->output, record->output, sizeof(r->output));
    if (tourney_record_opening_copy(&r->opening, &record->opening) != ALLOC_OK) {
        return tourney_error_nomem(err);
    }
    for (size_t i = 0; i < record->move_count; i++) {
        if (tourney_record_add_move(r, &record->moves[i]) != ALLOC_OK) {
            return tourney_error_nomem(err);
        }
    }
    return 0;
}

static void print_board(const struct game_adapter *game, const void *state, FILE *out)
{
    char board[8192];
    if (tourney_game_adapter_board_text(game, state, board, sizeof(board))) {
        /* The game draws it: its lines kept, nothing else that moves
         * the cursor (text_escape.h). */
        tourney_terminal_text(out, board, true);
        fputc('\n', out);
    }
}

static void print_move(const struct game_adapter *game, const struct log_header *h,
                       const struct game_record *r, size_t ply, FILE *out)
{
    const struct move_record *m = &r->moves[ply];
    char text[64];
    char shown[256];
    char name[256];
    tourney_game_adapter_move_text(game, m->move, text, sizeof(text));
    tourney_terminal_copy(shown, sizeof(shown), text);
    tourney_terminal_copy(name, sizeof(name), h->agents[r->agent[m->seat]].name);
    fprintf(out, "%zu. %s (%s) plays %s", ply + 1, name, m->seat == 0 ? "first" : "second", shown);
    fprintf(out, "   nodes %" PRIu64 ", depth %d", m->nodes, (int)m->depth);
    /* Only where the agent reported one: the lines of other agents' moves
     * stay as they were. */
    if (m->has_seldepth) {
        fprintf(out, ", seldepth %d", (int)m->seldepth);
    }
    if (m->has_score) {
        fprintf(out, ", score %d", (int)m->score);
    }
    fprintf(out, ", %.3f ms\n", (double)m->time_ns / 1e6);
}

/* Puts the position R started from into STATE and says what it was: the
 * initial one, or its opening, from its plies where the log has them (each
 * checked), else from its position read by the game. Returns -1 with ERR
 * saying why when the game plugin cannot make it. */
static int show_start(const struct game_record *r, struct game_adapter *game, void *state,
                      FILE *out, struct error *err)
{
    const struct record_opening *opening = &r->opening;
    if (!tourney_record_has_opening(opening)) {
        return 0;
    }
    if (opening->moves_known) {
        fprintf(out, "Opening, %zu pl%s:", opening->move_count,
                opening->move_count == 1 ? "y" : "ies");
        for (size_t i = 0; i < opening->move_count; i++) {
            char text[64];
            tourney_game_adapter_move_text(game, opening->moves[i], text, sizeof(text));
            fprintf(out, " %s", text);
            if (!tourney_game_adapter_play(game, state, opening->moves[i])) {
                fprintf(out, "\n");
                return tourney_error_set(err,
                                         "ply %zu of the opening of game %" PRIu32 " (%d) is not "
                                         "legal in the game plugin found; it is not the one the "
                                         "game was played with",
                                         i + 1, r->index, (int)opening->moves[i]);
            }
        }
        fprintf(out, "\n");
        return 0;
    }
    fputs("Opening: ", out);
    tourney_terminal_text(out, opening->position, false);
    fputc('\n', out);
    if (tourney_game_adapter_parse_state(game, opening->position, state) != 0) {
        return tourney_error_set(err,
                                 "the game plugin found cannot read the opening of game %" PRIu32
                                 "; it is not the one the game was played with",
                                 r->index);
    }
    return 0;
}

/* The messages the agents logged with PLY moves played: under the board
 * they were logged at, as protocol.md promises. */
static void print_log(const struct log_header *h, const struct game_record *r, size_t ply,
                      bool last, FILE *out)
{
    for (size_t k = 0; k < r->log_count; k++) {
        const struct agent_message *m = &r->log[k];
        if (!(m->ply >= 0 && (size_t)m->ply == ply) &&
            !(last && (m->ply < 0 || (size_t)m->ply > ply))) {
            continue;
        }
        fputs("   log: ", out);
        tourney_terminal_text(out, h->agents[r->agent[m->seat]].name, false);
        fprintf(out, " (%s): ", tourney_log_level_name(m->level));
        tourney_terminal_text(out, m->text, false);
        fputc('\n', out);
    }
}

/* What the agents' processes printed (their stderr, and stdout beyond the
 * protocol), the last bytes of it, after the result. */
static void print_output(const struct log_header *h, const struct game_record *r, FILE *out)
{
    if (r->log_dropped > 0) {
        fprintf(out, "(%zu more log messages were not kept)\n", r->log_dropped);
    }
    for (int seat = 0; seat < 2; seat++) {
        if (r->output[seat][0] == '\0') {
            continue;
        }
        fputs("\nOutput of ", out);
        tourney_terminal_text(out, h->agents[r->agent[seat]].name, false);
        fputs(" (its last bytes):\n", out);
        tourney_terminal_text(out, r->output[seat], true);
        size_t length = strlen(r->output[seat]);
        if (r->output[seat][length - 1] != '\n') {
            fputc('\n', out);
        }
    }
}

static int show(const struct log_header *h, const struct game_record *r, struct game_adapter *game,
                FILE *out, struct error *err)
{
    void *state = tourney_game_adapter_new_state(game);
    if (state == NULL) {
        return tourney_error_nomem(err);
    }
    /* Everything of the log is text anyone could have written, and the
     * reason quotes an agent: no escape sequence reaches the terminal
     * (text_escape.h). */
    char first[256];
    char second[256];
    char name[256];
    char game_name[256];
    char params[512];
    tourney_terminal_copy(first, sizeof(first), h->agents[r->agent[0]].name);
    tourney_terminal_copy(second, sizeof(second), h->agents[r->agent[1]].name);
    tourney_terminal_copy(name, sizeof(name), h->settings.name);
    tourney_terminal_copy(game_name, sizeof(game_name), h->game);
    tourney_terminal_copy(params, sizeof(params), h->game_params);
    fprintf(out, "Game %" PRIu32 " of %s: %s (first) against %s (second), %s (%s)\n\n", r->index,
            name, first, second, game_name, params);
    int status = show_start(r, game, state, out, err);
    if (status != 0) {
        free(state);
        return status;
    }
    /* The log's check is a digest anyone can compute: its end is shown
     * only when it follows from its moves (record_check.h). */
    if (tourney_record_check(game, h, r, err) != 0) {
        free(state);
        return -1;
    }
    print_board(game, state, out);
    print_log(h, r, 0, r->move_count == 0, out);
    for (size_t ply = 0; ply < r->move_count; ply++) {
        /* The log holds only moves the referee accepted; check anyway, as
         * the game plugin may have changed since. */
        if (!tourney_game_adapter_is_legal(game, state, r->moves[ply].move)) {
            status = tourney_error_set(err,
                                       "move %zu of game %" PRIu32 " (%d) is not legal in the "
                                       "game plugin found; it is not the one the game was "
                                       "played with",
                                       ply + 1, r->index, (int)r->moves[ply].move);
            break;
        }
        print_move(game, h, r, ply, out);
        tourney_game_adapter_apply(game, state, r->moves[ply].move);
        print_board(game, state, out);
        print_log(h, r, ply + 1, ply + 1 == r->move_count, out);
    }
    if (status == 0) {
        const char *winner = r->result == RESULT_FIRST_WINS    ? first
                             : r->result == RESULT_SECOND_WINS ? second
                                                               : NULL;
        char reason[4 * sizeof(r->reason)];
        tourney_terminal_copy(reason, sizeof(reason), r->reason);
        fprintf(out, "Result: %s, %s%s (%s)%s%s\n", tourney_result_text(r->result),
                winner ? winner : "a draw", winner ? " wins" : "",
                tourney_termination_name(r->termination), r->reason[0] ? ": " : "", reason);
        print_output(h, r, out);
    }
    free(state);
    return status;
}

int tourney_replay(const char *dir, uint32_t game, const char *exe_path,
                   const char *env_plugin_path, FILE *out, struct error *err)
{
    struct log_header header;
    struct wanted wanted;
    memset(&header, 0, sizeof(header));
    memset(&wanted, 0, sizeof(wanted));
    wanted.index = game;
    tourney_record_init(&wanted.record);
    char *path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    off_t valid_end = 0;
    bool torn = false;
    int status = path == NULL ? tourney_error_nomem(err)
                              : tourney_results_log_read(path, &header, keep_wanted, &wanted,
                                                         &valid_end, &torn, err);
    if (status == TOURNEY_LOG_EMPTY) {
        status = tourney_error_set(err, "the results log holds no complete line");
    } else if (status != 0) {
        status = -1;
    } else if (!wanted.found && wanted.games == 0) {
        status = tourney_error_set(err, "%s holds no games yet", path);
    } else if (!wanted.found) {
        status = tourney_error_set(err,
                                   "%s has no game %" PRIu32 " (it holds %" PRIu64
                                   " games, numbered %" PRIu32 " to %" PRIu32 ")",
                                   path, game, wanted.games, wanted.first, wanted.last);
    } else {
        struct log_game g;
        status = tourney_log_game_find(&g, &header, exe_path, env_plugin_path, err);
        if (status != 0) {
            tourney_error_prefix(err, "cannot show the boards");
        } else {
            status = show(&header, &wanted.record, &g.game, out, err);
        }
        tourney_log_game_close(&g);
    }
    tourney_record_finish(&wanted.record);
    tourney_header_finish(&header);
    free(path);
    return status;
}
