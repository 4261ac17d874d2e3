#include "executor.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rng.h"

/* What the host functions handed to one agent work on. */
struct seat_context {
    struct rng rng;
    struct game_record *record;
    int seat;
};

uint64_t tourney_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * UINT64_C(1000000000) + (uint64_t)now.tv_nsec;
}

static uint64_t host_now_ns(void *context)
{
    (void)context;
    return tourney_now_ns();
}

static uint64_t host_random_u64(void *context)
{
    struct seat_context *seat = context;
    return tourney_rng_next(&seat->rng);
}

static void host_log(void *context, enum tourney_log_level level, const char *message)
{
    struct seat_context *seat = context;
    tourney_record_add_log(seat->record, seat->seat, (int)level, message);
}

static const struct tourney_host host_services = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = host_now_ns,
    .random_u64 = host_random_u64,
    .log = host_log,
};

/* Ends the game with SEAT losing for the given reason. */
static void forfeit(struct game_record *record, int seat, enum termination termination,
                    const char *reason)
{
    record->result = seat == 0 ? RESULT_SECOND_WINS : RESULT_FIRST_WINS;
    record->termination = termination;
    record->fault_seat = seat;
    snprintf(record->reason, sizeof(record->reason), "%s", reason);
}

static bool contains(const tourney_move *moves, int count, tourney_move move)
{
    for (int i = 0; i < count; i++) {
        if (moves[i] == move) {
            return true;
        }
    }
    return false;
}

static void finish_by_rules(struct game_record *record, int status)
{
    record->termination = TERMINATION_NORMAL;
    record->result = status == TOURNEY_WIN_FIRST    ? RESULT_FIRST_WINS
                     : status == TOURNEY_WIN_SECOND ? RESULT_SECOND_WINS
                                                    : RESULT_DRAW;
}

/* The game loop proper, once both agents exist. */
static int play_moves(const struct match_rules *rules, const struct seat_player players[2],
                      void *agents[2], void *state, tourney_move *legal,
                      struct game_record *record)
{
    const struct tourney_game_api *api = rules->api;
    for (int32_t ply = 0;; ply++) {
        int status = api->status(rules->game, state);
        if (status != TOURNEY_ONGOING) {
            finish_by_rules(record, status);
            return 0;
        }
        int count = api->legal_moves(rules->game, state, legal);
        if (count <= 0 || ply >= rules->info->max_plies) {
            /* The game broke its own promises; nobody can be blamed. */
            record->result = RESULT_DRAW;
            record->termination = TERMINATION_NORMAL;
            snprintf(record->reason, sizeof(record->reason),
                     count <= 0 ? "the game reported an ongoing position without legal moves "
                                  "at ply %d"
                                : "the game went on past its own limit of %d plies",
                     count <= 0 ? (int)ply : (int)rules->info->max_plies);
            return 0;
        }
        int seat = api->to_move(rules->game, state);
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
        int result = players[seat].api->choose_move(agents[seat], state, &request, &report, &move);
        uint64_t elapsed = tourney_now_ns() - start;

        if (result != TOURNEY_OK) {
            char reason[128];
            snprintf(reason, sizeof(reason), "choose_move failed with status %d at ply %d",
                     result, (int)ply);
            forfeit(record, seat, TERMINATION_AGENT_ERROR, reason);
            return 0;
        }
        if (!contains(legal, count, move)) {
            char reason[160];
            snprintf(reason, sizeof(reason), "move %d is not legal at ply %d (%d legal moves)",
                     (int)move, (int)ply, count);
            forfeit(record, seat, TERMINATION_ILLEGAL_MOVE, reason);
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
            return -1;
        }
        api->apply(rules->game, state, move);
    }
}

int tourney_play_game(const struct match_rules *rules, const struct seat_player players[2],
                      const struct scheduled_game *scheduled, struct game_record *record)
{
    const struct tourney_game_api *api = rules->api;
    record->index = scheduled->index;
    record->agent[0] = scheduled->agent[0];
    record->agent[1] = scheduled->agent[1];
    record->seed = scheduled->seed;

    int status = -1;
    void *state = calloc(1, rules->info->state_size);
    tourney_move *legal = calloc((size_t)rules->info->move_limit, sizeof(*legal));
    if (state == NULL || legal == NULL) {
        goto err_alloc;
    }
    api->initial_state(rules->game, state);

    struct seat_context contexts[2];
    void *agents[2] = {NULL, NULL};
    int seat;
    for (seat = 0; seat < 2; seat++) {
        contexts[seat].rng.state = tourney_seat_seed(scheduled->seed, seat);
        contexts[seat].record = record;
        contexts[seat].seat = seat;
        struct tourney_agent_init init = {
            .struct_size = sizeof(init),
            .game_api = api,
            .game = rules->game,
            .game_info = rules->info,
            .params = players[seat].params,
            .host = &host_services,
            .host_context = &contexts[seat],
            .seat = seat,
        };
        int created = players[seat].api->create(&init, &agents[seat]);
        if (created != TOURNEY_OK || agents[seat] == NULL) {
            char reason[128];
            snprintf(reason, sizeof(reason), "create failed with status %d", created);
            forfeit(record, seat, TERMINATION_AGENT_ERROR, reason);
            agents[seat] = NULL;
            status = 0;
            goto err_agents;
        }
    }
    status = play_moves(rules, players, agents, state, legal, record);

err_agents:
    for (int i = 0; i < 2; i++) {
        if (agents[i] != NULL) {
            players[i].api->destroy(agents[i]);
        }
    }
err_alloc:
    free(legal);
    free(state);
    return status;
}
