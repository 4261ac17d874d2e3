#include "record_check.h"

#include <inttypes.h>
#include <stdlib.h>

#include <tourney/game.h>

#include "text_escape.h"

static enum game_result result_of(int status)
{
    return status == TOURNEY_WIN_FIRST    ? RESULT_FIRST_WINS
           : status == TOURNEY_WIN_SECOND ? RESULT_SECOND_WINS
                                          : RESULT_DRAW;
}

/* The moves of R played from STATE, FIRST_PLY plies into the game, and
 * its end against the last position (record_check.h). */
static int check_moves(const struct game_adapter *game, void *state, int32_t first_ply,
                       const struct game_record *r, struct error *err)
{
    tourney_move *legal = calloc((size_t)game->info.move_limit + 1, sizeof(*legal));
    if (legal == NULL) {
        return tourney_error_nomem(err);
    }
    struct game_turn turn;
    int status = 0;
    for (size_t i = 0;; i++) {
        int32_t ply = first_ply + (int32_t)i;
        if (tourney_game_adapter_turn(game, state, ply, legal, &turn, err) != 0) {
            status = -1;
            break;
        }
        if (i == r->move_count) {
            break;
        }
        const struct move_record *m = &r->moves[i];
        if (turn.status != TOURNEY_ONGOING) {
            status = tourney_error_set(err, "it goes on after its end, at ply %d", (int)ply);
            break;
        }
        if (m->seat != turn.to_move || !tourney_move_listed(legal, turn.count, m->move)) {
            status = tourney_error_set(
                err, "move %zu (%d) is not a legal move of %s", i + 1, (int)m->move,
                m->seat == turn.to_move ? "the seat to move" : "a seat not to move");
            break;
        }
        tourney_game_adapter_apply(game, state, m->move);
    }
    if (status == 0 && r->termination == TERMINATION_NORMAL &&
        (turn.status == TOURNEY_ONGOING || r->fault_seat >= 0 ||
         r->result != result_of(turn.status))) {
        status = tourney_error_set(
            err, "its result %s (normal) does not follow from its moves, after which %s",
            tourney_result_text(r->result),
            turn.status == TOURNEY_ONGOING ? "the game goes on"
                                           : tourney_result_text(result_of(turn.status)));
    } else if (status == 0 && r->termination != TERMINATION_NORMAL) {
        bool by_seat = r->fault_seat == 0 || r->fault_seat == 1;
        bool lost =
            by_seat && r->result == (r->fault_seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS);
        if (turn.status != TOURNEY_ONGOING || !lost ||
            (r->move_count > 0 && r->fault_seat != turn.to_move)) {
            status = tourney_error_set(
                err, "its end (%s, %s) does not follow from its moves: %s",
                tourney_termination_name(r->termination), tourney_result_text(r->result),
                turn.status != TOURNEY_ONGOING ? "the rules had ended the game"
                : !lost                        ? "the seat at fault did not lose"
                                               : "the seat at fault was not to move");
        }
    }
    free(legal);
    return status;
}

int tourney_record_start(struct game_adapter *game, const struct game_record *r, void *state,
                         int32_t *first_ply, struct error *err)
{
    const struct record_opening *opening = &r->opening;
    *first_ply = 0;
    if (opening->moves_known) {
        for (size_t i = 0; i < opening->move_count; i++) {
            if (!tourney_game_adapter_play(game, state, opening->moves[i])) {
                return tourney_error_set(err, "ply %zu of its opening (%d) is not legal", i + 1,
                                         (int)opening->moves[i]);
            }
        }
        *first_ply = (int32_t)opening->move_count;
    } else if (opening->position != NULL &&
               tourney_game_adapter_parse_state(game, opening->position, state) != 0) {
        return tourney_error_set(err, "the game cannot read its opening position");
    }
    return 0;
}

int tourney_record_check(struct game_adapter *game, const struct log_header *header,
                         const struct game_record *record, struct error *err)
{
    void *state = tourney_game_adapter_new_state(game);
    if (state == NULL) {
        return tourney_error_nomem(err);
    }
    int32_t first_ply = 0;
    int status = tourney_record_start(game, record, state, &first_ply, err);
    status = status == 0 ? check_moves(game, state, first_ply, record, err) : status;
    free(state);
    if (status != 0) {
        /* The reader checked the agents against the header's. */
        tourney_error_prefix(err, "game %u (%s against %s)", record->index,
                             header->agents[record->agent[0]].name,
                             header->agents[record->agent[1]].name);
    }
    return status;
}

int tourney_record_check_left_out(struct error *err, uint64_t count, const char *path,
                                  const char *what)
{
    bool one = count == 1;
    return tourney_error_set(err,
                             "left out of %s: %" PRIu64 " game%s of %s whose end%s not follow "
                             "from %s moves",
                             what, count, one ? "" : "s", path, one ? " does" : "s do",
                             one ? "its" : "their");
}
