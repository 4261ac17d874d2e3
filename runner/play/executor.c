#include "executor.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openings.h"

/* Ends the game with SEAT losing for the given reason. */
static void forfeit(struct game_record *record, int seat, const struct seat_fault *fault)
{
    record->result = seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS;
    record->termination = fault->termination;
    record->fault_seat = seat;
    snprintf(record->reason, sizeof(record->reason), "%s", fault->reason);
}

static void finish_by_rules(struct game_record *record, int status)
{
    record->termination = TERMINATION_NORMAL;
    record->result = status == TOURNEY_WIN_FIRST    ? RESULT_FIRST_WINS
                     : status == TOURNEY_WIN_SECOND ? RESULT_SECOND_WINS
                                                    : RESULT_DRAW;
}

/* Ends the game with SEAT at fault (RESULT 1), or passes on that the runner
 * failed (-1). */
static int settle(struct game_record *record, int seat, int result, const struct seat_fault *fault)
{
    if (result > 0) {
        forfeit(record, seat, fault);
        return 0;
    }
    return -1;
}

/* The game loop proper, once both agents exist, from STATE, FIRST_PLY plies
 * into the game. */
static int play_moves(const struct match_rules *rules, const struct seat seats[2], void *state,
                      int32_t first_ply, tourney_move *legal, struct game_record *record,
                      struct seat_fault *fault, struct error *err)
{
    const struct game_adapter *game = rules->game;
    for (int32_t ply = first_ply;; ply++) {
        int status = tourney_game_adapter_status(game, state);
        if (status != TOURNEY_ONGOING) {
            finish_by_rules(record, status);
            return 0;
        }
        int count = tourney_game_adapter_legal_moves(game, state, legal);
        if (count <= 0 || ply >= game->info.max_plies) {
            /* The game broke its own promises; nobody can be blamed. */
            record->result = RESULT_DRAW;
            record->termination = TERMINATION_NORMAL;
            snprintf(record->reason, sizeof(record->reason),
                     count <= 0 ? "the game reported an ongoing position without legal moves "
                                  "at ply %d"
                                : "the game went on past its own limit of %d plies",
                     count <= 0 ? (int)ply : (int)game->info.max_plies);
            return 0;
        }
        int seat = tourney_game_adapter_to_move(game, state);
        if (seat != 0 && seat != 1) {
            seat = ply % 2;
        }
        struct tourney_move_request request = {
            .struct_size = sizeof(request),
            .budget_ns = rules->budget_ns,
            .ply = ply,
        };
        struct tourney_move_report report;
        memset(&report, 0, sizeof(report));
        report.struct_size = sizeof(report);
        tourney_move move = -1;
        uint64_t start = tourney_now_ns();
        request.deadline_ns = start + rules->budget_ns;
        int result =
            seats[seat].ops->choose(seats[seat].self, state, &request, &report, &move, fault, err);
        uint64_t elapsed = tourney_now_ns() - start;
        if (result != 0) {
            return settle(record, seat, result, fault);
        }
        if (!tourney_move_listed(legal, count, move)) {
            struct seat_fault illegal = {.termination = TERMINATION_ILLEGAL_MOVE};
            snprintf(illegal.reason, sizeof(illegal.reason),
                     "move %d is not legal at ply %d (%d legal moves)", (int)move, (int)ply,
                     count);
            forfeit(record, seat, &illegal);
            return 0;
        }
        struct move_record entry = {
            .seat = seat,
            .move = move,
            .depth = report.depth,
            .score = report.score,
            .has_score = report.has_score != 0,
            .nodes = report.nodes,
            .time_ns = elapsed,
        };
        if (tourney_record_add_move(record, &entry) != 0) {
            return tourney_error_nomem(err);
        }
        tourney_game_adapter_apply(game, state, move);
    }
}

int tourney_play_game(const struct match_rules *rules, const struct seat seats[2],
                      const struct scheduled_game *scheduled, struct game_record *record,
                      struct error *err)
{
    record->index = scheduled->index;
    record->agent[0] = scheduled->agent[0];
    record->agent[1] = scheduled->agent[1];
    record->seed = scheduled->seed;

    struct seat_fault fault = {.termination = TERMINATION_NORMAL};
    int status = -1;
    int begun = 0; /* seats whose begin was called, and which are owed an end */
    bool over = false;
    void *state = tourney_game_adapter_new_state(rules->game);
    tourney_move *legal = calloc((size_t)rules->game->info.move_limit, sizeof(*legal));
    if (state == NULL || legal == NULL) {
        tourney_error_nomem(err);
        goto out;
    }
    /* From an opening, the plies that led to it count as played, where they
     * are known; agents learn how far into the game they are. */
    const struct game_start *start = scheduled->start;
    int32_t first_ply = 0;
    if (start != NULL) {
        memcpy(state, start->state, (size_t)rules->game->info.state_size);
        first_ply = start->move_count > 0 ? start->move_count : 0;
        if (tourney_record_opening_set(&record->opening, start->position, start->moves,
                                       start->move_count) != 0) {
            tourney_error_nomem(err);
            goto out;
        }
    }
    status = 0;
    /* A seat that fails is at fault before the other is even asked, as if
     * the agents were made one after the other. */
    while (!over && begun < 2) {
        int result = seats[begun].ops->begin(seats[begun].self, rules, scheduled->seed, begun,
                                             record, &fault, err);
        if (result != 0) {
            status = settle(record, begun, result, &fault);
            over = true;
        }
        begun++;
    }
    for (int seat = 0; !over && seat < 2; seat++) {
        int result = seats[seat].ops->begun(seats[seat].self, &fault, err);
        if (result != 0) {
            status = settle(record, seat, result, &fault);
            over = true;
        }
    }
    if (!over) {
        status = play_moves(rules, seats, state, first_ply, legal, record, &fault, err);
    }
    for (int i = 0; i < begun; i++) {
        seats[i].ops->end(seats[i].self);
    }
    for (int i = 0; i < begun; i++) {
        seats[i].ops->ended(seats[i].self);
    }
out:
    free(legal);
    free(state);
    return status;
}
