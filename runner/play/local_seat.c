#include "local_seat.h"

#include <stdio.h>
#include <stdlib.h>
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

/* Frees the agent's copies of a game. */
static void drop_copies(struct local_seat *local)
{
    free(local->position);
    free(local->agent_params);
    local->position = NULL;
    local->agent_params = NULL;
}

static int local_begin(void *self, const struct match_rules *rules, uint64_t game_seed, int seat,
                       struct game_record *record, struct seat_fault *fault, struct error *err)
{
    struct local_seat *local = self;
    local->rng.state = tourney_seat_seed(game_seed, seat);
    local->record = record;
    local->seat = seat;
    local->agent = NULL;
    local->info = rules->game->info;
    local->state_size = rules->game->info.state_size;
    size_t count = local->api->param_count;
    local->position = malloc(local->state_size);
    local->agent_params = calloc(count + 1, sizeof(*local->agent_params));
    if (local->position == NULL || local->agent_params == NULL) {
        drop_copies(local);
        return tourney_error_nomem(err);
    }
    if (count > 0 && local->params != NULL) {
        memcpy(local->agent_params, local->params, count * sizeof(*local->agent_params));
    }
    struct tourney_agent_init init = {
        .struct_size = sizeof(init),
        .game_api = rules->game->api,
        .game = rules->game->instance,
        .game_info = &local->info,
        .params = local->agent_params,
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
                        const struct move_limits *limits, struct tourney_move_report *report,
                        tourney_move *move, struct seat_fault *fault, struct error *err)
{
    (void)err;    /* nothing of the runner's can fail here */
    (void)limits; /* in the runner, nothing stops or measures the agent */
    struct local_seat *local = self;
    /* The agent is given copies, so that what it writes into them reaches
     * neither the referee's position nor the next move's request. */
    memcpy(local->position, state, local->state_size);
    struct tourney_move_request asked = *request;
    int result = local->api->choose_move(local->agent, local->position, &asked, report, move);
    if (result != TOURNEY_OK) {
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason),
                 "choose_move failed with status %d at ply %d", result, (int)request->ply);
        return 1;
    }
    /* In a process of its own, an agent that writes into the position
     * changes its own copy; here it would change the game. */
    if (memcmp(local->position, state, local->state_size) != 0) {
        fault->termination = TERMINATION_AGENT_ERROR;
        snprintf(fault->reason, sizeof(fault->reason),
                 "changed the position it was given (which is const) at ply %d",
                 (int)request->ply);
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
    drop_copies(local);
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
