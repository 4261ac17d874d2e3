/* W_EXITCODE, to describe a signal as the death it stands for. */
#define _DEFAULT_SOURCE
#include "play.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "agent_process.h"
#include "executor.h"
#include "game_adapter.h"
#include "game_player.h"
#include "human_seat.h"
#include "record.h"
#include "seat_pool.h"
#include "text_escape.h"

/* The position the game ended in, rebuilt from its moves. */
static void show_final_board(const struct game_adapter *game, const struct game_record *record,
                             FILE *out)
{
    void *state = tourney_game_adapter_new_state(game);
    char board[8192];
    if (state == NULL) {
        return;
    }
    for (size_t i = 0; i < record->move_count; i++) {
        tourney_game_adapter_apply(game, state, record->moves[i].move);
    }
    if (tourney_game_adapter_board_text(game, state, board, sizeof(board))) {
        /* The game draws it: its lines kept, nothing else that moves
         * the cursor (text_escape.h). */
        fputc('\n', out);
        tourney_terminal_text(out, board, true);
        fputc('\n', out);
    }
    free(state);
}

int tourney_play_human(struct tournament *t, size_t agent, int human_seat, uint64_t seed, FILE *in,
                       FILE *out, struct error *error)
{
    /* A tournament's player, for its rules and seats; the game is not one
     * of the schedule's. */
    struct game_player player;
    if (tourney_game_player_init(&player, t, NULL) != 0) {
        tourney_error_nomem(error);
        return -1;
    }
    const struct match_rules rules = player.rules;
    /* The pool seats two entrants; the person takes the place of the
     * other one, whose seat is never used. */
    struct scheduled_game scheduled = {.index = 0, .seed = seed};
    scheduled.agent[1 - human_seat] = (uint32_t)agent;
    scheduled.agent[human_seat] = (uint32_t)((agent + 1) % t->entrant_count);
    struct seat seats[2];
    tourney_seat_pool_seats(&player.seats, &scheduled, seats);
    tourney_seat_pool_stop_at_each_reply(&player.seats);
    struct human_seat human;
    seats[human_seat] = tourney_human_seat(&human, in, out, t->entrants[agent].name);

    struct game_record record;
    tourney_record_init(&record);
    struct error why;
    tourney_error_clear(&why);
    int status = tourney_play_game(&rules, seats, &scheduled, &record, &why);
    if (status > 0) {
        /* Its process was stopped from outside, or says so: no result to
         * announce, and no tournament to protect from an agent's word. */
        char killed[64]; /* "killed by SIGTERM" */
        tourney_describe_wait_status(W_EXITCODE(0, status), killed, sizeof(killed));
        tourney_error_set(error, "the game was stopped: the process of %s was %s from outside",
                          t->entrants[agent].name, killed);
        status = -1;
    } else if (status != 0) {
        tourney_error_set(error, "%s",
                          tourney_error_is_set(&why) ? why.text : "the game could not be played");
    } else {
        if (!human.resigned && record.move_count > 0 &&
            record.moves[record.move_count - 1].seat != human_seat) {
            char name[64];
            tourney_game_adapter_move_text(rules.game, record.moves[record.move_count - 1].move,
                                           name, sizeof(name));
            char shown[256];
            tourney_terminal_copy(shown, sizeof(shown), name);
            fprintf(out, "\n%s plays %s.\n", t->entrants[agent].name, shown);
        }
        if (!human.resigned) {
            show_final_board(rules.game, &record, out);
        }
        bool won = (record.result == RESULT_FIRST_WINS && human_seat == 0) ||
                   (record.result == RESULT_SECOND_WINS && human_seat == 1);
        const char *verdict = record.result == RESULT_DRAW ? "A draw."
                              : won                        ? "You win."
                                                           : "You lose.";
        if (human.resigned) {
            fprintf(out, "You resigned: %s wins.\n", t->entrants[agent].name);
        } else if (record.termination != TERMINATION_NORMAL) {
            fprintf(out, "%s %s lost by %s: ", verdict, t->entrants[agent].name,
                    tourney_termination_name(record.termination));
            tourney_terminal_say(out, "", record.reason);
        } else {
            fprintf(out, "%s (%s after %zu moves)\n", verdict, tourney_result_text(record.result),
                    record.move_count);
        }
    }
    tourney_record_finish(&record);
    tourney_human_seat_finish(&human);
    tourney_game_player_finish(&player);
    return status;
}
