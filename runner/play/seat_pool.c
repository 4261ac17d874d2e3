#include "seat_pool.h"

#include <stdlib.h>
#include <string.h>

int tourney_seat_pool_init(struct seat_pool *pool, const struct tournament *t)
{
    memset(pool, 0, sizeof(*pool));
    pool->tournament = t;
    pool->isolated = t->config.settings.isolation == ISOLATION_PROCESS;
    if (!pool->isolated) {
        return 0;
    }
    size_t game_param_count = 0;
    tourney_plugin_params(&t->game_plugin, &game_param_count);
    pool->settings = (struct process_settings){
        .host_path = t->agent_host,
        .limits = &t->config.settings.limits,
        .sandbox = t->sandbox,
        .game_path = t->game_plugin.path,
        .game_params = t->game_params,
        .game_param_count = game_param_count,
    };
    pool->processes = calloc(t->entrant_count + 1, sizeof(*pool->processes));
    pool->process_seats = calloc(t->entrant_count + 1, sizeof(*pool->process_seats));
    if (pool->processes == NULL || pool->process_seats == NULL) {
        tourney_seat_pool_finish(pool);
        return -1;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        const struct entrant *e = &t->entrants[i];
        pool->process_seats[i] =
            tourney_process_seat(&pool->processes[i], &pool->settings, e->plugin->path, e->params,
                                 e->plugin->agent->param_count);
    }
    return 0;
}

static bool same_pair(const uint32_t a[2], const uint32_t b[2])
{
    return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]);
}

void tourney_seat_pool_seats(struct seat_pool *pool, const struct scheduled_game *scheduled,
                             struct seat seats[2])
{
    const struct tournament *t = pool->tournament;
    if (!pool->isolated) {
        for (int seat = 0; seat < 2; seat++) {
            const struct entrant *e = &t->entrants[scheduled->agent[seat]];
            seats[seat] = tourney_local_seat(&pool->local[seat], e->plugin->agent, e->params);
        }
        return;
    }
    if (pool->paired && !same_pair(pool->pair, scheduled->agent)) {
        /* Both are asked first, so the two exits overlap. */
        tourney_process_seat_quit(&pool->processes[pool->pair[0]]);
        tourney_process_seat_quit(&pool->processes[pool->pair[1]]);
        tourney_process_seat_finish(&pool->processes[pool->pair[0]]);
        tourney_process_seat_finish(&pool->processes[pool->pair[1]]);
    }
    pool->paired = true;
    pool->pair[0] = scheduled->agent[0];
    pool->pair[1] = scheduled->agent[1];
    seats[0] = pool->process_seats[scheduled->agent[0]];
    seats[1] = pool->process_seats[scheduled->agent[1]];
}

void tourney_seat_pool_finish(struct seat_pool *pool)
{
    const struct tournament *t = pool->tournament;
    for (size_t i = 0; pool->processes != NULL && i < t->entrant_count; i++) {
        tourney_process_seat_quit(&pool->processes[i]);
    }
    for (size_t i = 0; pool->processes != NULL && i < t->entrant_count; i++) {
        tourney_process_seat_finish(&pool->processes[i]);
    }
    free(pool->processes);
    free(pool->process_seats);
    memset(pool, 0, sizeof(*pool));
}
