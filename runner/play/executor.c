#include "executor.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_columns.h"
#include "openings.h"
#include "text_bytes.h"

/* Ends the game with SEAT losing for the given reason. */
static void forfeit(struct game_record *record, int seat, const struct seat_fault *fault)
{
    record->result = seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS;
    record->termination = fault->termination;
    record->fault_seat = seat;
    /* The reason quotes what the agent sent: any bytes, kept with stray
     * ones escaped (text_bytes.h), so that the record can be written. */
    tourney_text_escape_string(record->reason, sizeof(record->reason), fault->reason);
}

static void finish_by_rules(struct game_record *record, int status)
{
    record->termination = TERMINATION_NORMAL;
    record->result = status == TOURNEY_WIN_FIRST    ? RESULT_FIRST_WINS
                     : status == TOURNEY_WIN_SECOND ? RESULT_SECOND_WINS
                                                    : RESULT_DRAW;
}

/* Ends the game with SEAT at fault (RESULT 1), or passes on that the runner
 * failed (-1). A seat stopped from outside the tournament, it seems, ends
 * it the same way, and the signal is returned (executor.h). */
static int settle(struct game_record *record, int seat, int result, const struct seat_fault *fault)
{
    if (result > 0) {
        forfeit(record, seat, fault);
        return fault->outside_signal;
    }
    return -1;
}

/* The request for a move by SEAT at PLY, with the clocks when the game has
 * them: budget_ns is then the share of its clock the runner suggests. */
static struct tourney_move_request move_request(const struct match_rules *rules,
                                                const uint64_t clock[2], int seat, int32_t ply)
{
    struct tourney_move_request request = {
        .struct_size = sizeof(request),
        .budget_ns = rules->move_ns,
        .ply = ply,
    };
    if (rules->clock.base_ns > 0) {
        request.remaining_ns = clock[seat];
        request.increment_ns = rules->clock.increment_ns;
        request.opponent_remaining_ns = clock[1 - seat];
        request.budget_ns = tourney_clock_share(clock[seat], rules->clock.increment_ns,
                                                (int64_t)rules->game->info.max_plies - ply);
    }
    return request;
}

/* The limits of the move REQUEST asks for, begun at START_NS, the one
 * place they are computed (seat.h); REQUEST is given its start and
 * deadline from them. */
static struct move_limits move_limits(const struct match_rules *rules,
                                      struct tourney_move_request *request, uint64_t start_ns)
{
    struct move_limits limits = {
        .start_ns = start_ns,
        .deadline_ns = start_ns + request->budget_ns,
    };
    /* On a clock a move may take what is left on it, the budget being a
     * suggestion; without one, the budget is all it has. */
    limits.forfeit_ns =
        request->remaining_ns > 0 ? start_ns + request->remaining_ns : limits.deadline_ns;
    limits.kill_ns = limits.forfeit_ns + rules->margin_ns;
    limits.cpu_ns = rules->cpu_limit * (limits.forfeit_ns - start_ns);
    request->start_ns = limits.start_ns;
    request->deadline_ns = limits.deadline_ns;
    return limits;
}

/* Charges a move of ELAPSED_NS to SEAT's clock, if the game has clocks, and
 * adds the increment. Returns false, with FAULT filled, when the move took
 * all the time that was left: the seat loses on time. */
static bool charge_clock(const struct match_rules *rules, uint64_t clock[2], int seat, int32_t ply,
                         uint64_t elapsed_ns, struct seat_fault *fault)
{
    if (rules->clock.base_ns == 0) {
        return true;
    }
    uint64_t before = clock[seat];
    if (tourney_clock_charge(&rules->clock, &clock[seat], elapsed_ns) == 0) {
        fault->termination = TERMINATION_TIME_FORFEIT;
        snprintf(fault->reason, sizeof(fault->reason),
                 "its clock ran out at ply %d: the move took %.3f s with %.3f s left", (int)ply,
                 (double)elapsed_ns / 1e9, (double)before / 1e9);
        return false;
    }
    return true;
}

int tourney_executor_ask(const struct match_rules *rules, const struct seat *seat, int to_move,
                         const void *state, int32_t ply, uint64_t clock[2],
                         const tourney_move *legal, int count, struct game_record *record,
                         tourney_move *move, bool *moved, struct error *err)
{
    *moved = false;
    struct seat_fault fault = {.termination = TERMINATION_NORMAL};
    struct tourney_move_request request = move_request(rules, clock, to_move, ply);
    struct tourney_move_report report;
    memset(&report, 0, sizeof(report));
    report.struct_size = sizeof(report);
    *move = -1;
    const struct move_limits limits = move_limits(rules, &request, tourney_now_ns());
    int result =
        seat->ops->choose(seat->self, state, &request, &limits, &report, move, &fault, err);
    uint64_t elapsed = tourney_now_ns() - limits.start_ns;
    if (result != 0) {
        return settle(record, to_move, result, &fault);
    }
    if (!charge_clock(rules, clock, to_move, ply, elapsed, &fault)) {
        forfeit(record, to_move, &fault);
        return 0;
    }
    if (!tourney_move_listed(legal, count, *move)) {
        struct seat_fault illegal = {.termination = TERMINATION_ILLEGAL_MOVE};
        snprintf(illegal.reason, sizeof(illegal.reason),
                 "move %d is not legal at ply %d (%d legal moves)", (int)*move, (int)ply, count);
        forfeit(record, to_move, &illegal);
        return 0;
    }
    struct move_record entry = {.seat = to_move, .move = *move, .time_ns = elapsed};
    tourney_move_record_set_report(&entry, &report);
    if (seat->ops->move_cpu != NULL) {
        entry.has_cpu = seat->ops->move_cpu(seat->self, &entry.cpu_ns);
    }
    if (tourney_record_add_move(record, &entry) != 0) {
        return tourney_error_nomem(err);
    }
    *moved = true;
    return 0;
}

/* The game loop proper, once both agents exist, from STATE, FIRST_PLY plies
 * into the game. */
static int play_moves(const struct match_rules *rules, const struct seat seats[2], void *state,
                      int32_t first_ply, tourney_move *legal, struct game_record *record,
                      struct error *err)
{
    const struct game_adapter *game = rules->game;
    uint64_t clock[2] = {rules->clock.base_ns, rules->clock.base_ns};
    for (int32_t ply = first_ply;; ply++) {
        /* A game that breaks its contract stops the tournament: its
         * answers decide every game, and nobody can be blamed. */
        struct game_turn turn;
        if (tourney_game_adapter_turn(game, state, ply, legal, &turn, err) != 0) {
            return -1;
        }
        if (turn.status != TOURNEY_ONGOING) {
            finish_by_rules(record, turn.status);
            return 0;
        }
        tourney_move move;
        bool moved;
        int status = tourney_executor_ask(rules, &seats[turn.to_move], turn.to_move, state, ply,
                                          clock, legal, turn.count, record, &move, &moved, err);
        if (status != 0 || !moved) {
            return status;
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
    /* The agents are made one after the other, each once the other is
     * made (and its process stopped again): none runs while its opponent
     * is being made, so none can take the processor from an opponent's
     * set-up. A seat that fails is at fault before the other is asked. */
    while (!over && begun < 2) {
        int seat = begun++;
        int result = seats[seat].ops->begin(seats[seat].self, rules, scheduled->seed, seat, record,
                                            &fault, err);
        if (result == 0) {
            result = seats[seat].ops->begun(seats[seat].self, &fault, err);
        }
        if (result != 0) {
            status = settle(record, seat, result, &fault);
            over = true;
        }
    }
    if (!over) {
        status = play_moves(rules, seats, state, first_ply, legal, record, err);
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
