#include "record_check.h"

#include <stdlib.h>

#include <tourney/game.h>

static enum game_result result_of(int status)
{
    return status == TOURNEY_WIN_FIRST    ? RESULT_FIRST_WINS
           : status == TOURNEY_WIN_SECOND ? RESULT_SECOND_WINS
                                          : RESULT_DRAW;
}

int tourney_record_check(const struct game_adapter *game, void *state, int32_t first_ply,
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
            status = tourney_error_prefix(err, "game %u", r->index);
            break;
        }
        if (i == r->move_count) {
            break;
        }
        const struct move_record *m = &r->moves[i];
        if (turn.status != TOURNEY_ONGOING) {
            status = tourney_error_set(err, "game %u: it goes on after its end, at ply %d",
                                       r->index, (int)ply);
            break;
        }
        if (m->seat != turn.to_move || !tourney_move_listed(legal, turn.count, m->move)) {
            status = tourney_error_set(
                err, "game %u: move %zu (%d) is not a legal move of %s", r->index, i + 1,
                (int)m->move, m->seat == turn.to_move ? "the seat to move" : "a seat not to move");
            break;
        }
        tourney_game_adapter_apply(game, state, m->move);
    }
    if (status == 0 && r->termination == TERMINATION_NORMAL &&
        (turn.status == TOURNEY_ONGOING || r->fault_seat >= 0 ||
         r->result != result_of(turn.status))) {
        status = tourney_error_set(
            err, "game %u: its result %s (normal) does not follow from its moves, after which %s",
            r->index, tourney_result_text(r->result),
            turn.status == TOURNEY_ONGOING ? "the game goes on"
                                           : tourney_result_text(result_of(turn.status)));
    } else if (status == 0 && r->termination != TERMINATION_NORMAL) {
        bool by_seat = r->fault_seat == 0 || r->fault_seat == 1;
        bool lost =
            by_seat && r->result == (r->fault_seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS);
        if (turn.status != TOURNEY_ONGOING || !lost ||
            (r->move_count > 0 && r->fault_seat != turn.to_move)) {
            status = tourney_error_set(
                err,
                "game %u: its end (%s, %s) does not follow from its "
                "moves: %s",
                r->index, tourney_termination_name(r->termination), tourney_result_text(r->result),
                turn.status != TOURNEY_ONGOING ? "the rules had ended the game"
                : !lost                        ? "the seat at fault did not lose"
                                               : "the seat at fault was not to move");
        }
    }
    free(legal);
    return status;
}
