#include "local_seat.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"

static uint64_t host_now_ns(void *context)
{
    (void)context;
    return tourney_now_ns();
}

static uint64_t host_random_u64(void *context)
{
    struct local_seat *local = context;
    return tourney_rng_next(&local->rng);
}

static void host_log(void *context, uint32_t level, const char *message)
{
    struct local_seat *local = context;
    tourney_record_add_log(local->record, local->seat, (int)level, message);
}

static const struct tourney_host host_services = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = host_now_ns,
    .random_u64 = host_random_u64,
    .log = host_log,
};

static int local_begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                       struct game_record *record, struct seat_fault *fault, struct error *err)
{
    (void)err; /* nothing of the runner's can fail here */
    struct local_seat *local = self;
    local->rng.state = tourney_seat_seed(game_seed, seat);
    local->record = record;
    local->seat = seat;
    local->agent = NULL;
    struct tourney_agent_init init = {
        .struct_size = sizeof(init),
        .game_api = rules->game->api,
        .game = rules->game->instance,
        .game_info = &rules->game->info,
        .params = local->params,
        .host = &host_services,
        .host_context = local,
        .seat = seat,
    };
    void *agent = NULL;
    int created = local->api->create(&init, &agent);
    if (created != TOURNEY_OK || agent == NULL) {
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason), "create failed with status %d", created);
        return 1;
    }
    local->agent = agent;
    return 0;
}

static int local_begun(void *self, struct seat_fault *fault, struct error *err)
{
    (void)self;
    (void)fault;
    (void)err;
    return 0; /* begin made it already */
}

static int local_choose(void *self, const void *state, const struct tourney_move_request *request,
                        struct tourney_move_report *report, tourney_move *move,
                        struct seat_fault *fault, struct error *err)
{
    (void)err; /* nothing of the runner's can fail here */
    struct local_seat *local = self;
    int result = local->api->choose_move(local->agent, state, request, report, move);
    if (result != TOURNEY_OK) {
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason),
                 "choose_move failed with status %d at ply %d", result, (int)request->ply);
        return 1;
    }
    return 0;
}

static void local_end(void *self)
{
    struct local_seat *local = self;
    if (local->agent != NULL) {
        local->api->destroy(local->agent);
        local->agent = NULL;
    }
    local->record = NULL;
}

static void local_ended(void *self)
{
    (void)self;
}

static const struct seat_ops local_ops = {
    .begin = local_begin,
    .begun = local_begun,
    .choose = local_choose,
    .end = local_end,
    .ended = local_ended,
};

struct seat tourney_local_seat(struct local_seat *local, const struct tourney_agent_api *api,
                               const struct tourney_param_value *params)
{
    memset(local, 0, sizeof(*local));
    local->api = api;
    local->params = params;
    return (struct seat){&local_ops, local};
}
