/* realpath (X/Open). */
#define _XOPEN_SOURCE 700
#include "seat_pool.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"

/* The seats of agents with a command, when there are any. RULES are the
 * rules every game is played by. Returns 0, or -1 when out of memory. */
static int init_commands(struct seat_pool *pool, const struct tournament *t,
                         const struct match_rules *rules)
{
    if (!tourney_tournament_has_commands(t)) {
        return 0;
    }
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&t->game_plugin, &count);
    const char **names = calloc(count + 1, sizeof(*names));
    char(*values)[128] = calloc(count + 1, sizeof(*values));
    const char **value_texts = calloc(count + 1, sizeof(*value_texts));
    if (names != NULL && values != NULL && value_texts != NULL) {
        for (size_t i = 0; i < count; i++) {
            names[i] = params[i].name;
            tourney_params_format(&params[i], &t->game_params[i], values[i], sizeof(values[i]));
            value_texts[i] = values[i];
        }
        char real[PATH_MAX];
        const char *game_path = realpath(t->game_plugin.path, real) ? real : t->game_plugin.path;
        pool->game_lines =
            tourney_command_game_lines(&t->game, game_path, names, value_texts, count, rules);
    }
    free(names);
    free(values);
    free(value_texts);
    pool->command_settings = (struct command_settings){
        .host_path = t->agent_host,
        .limits = &t->config.settings.limits,
        .sandbox = t->sandbox,
        .resting = &pool->resting,
        .game_lines = pool->game_lines,
    };
    pool->commands = calloc(t->entrant_count + 1, sizeof(*pool->commands));
    pool->command_seats = calloc(t->entrant_count + 1, sizeof(*pool->command_seats));
    if (pool->game_lines == NULL || pool->commands == NULL || pool->command_seats == NULL) {
        return -1;
    }
    for (size_t i = 0; i < t->entrant_count; i++) {
        if (t->entrants[i].access.argv != NULL) {
            pool->command_seats[i] = tourney_command_seat(
                &pool->commands[i], &pool->command_settings, &t->entrants[i].access);
        }
    }
    return 0;
}

int tourney_seat_pool_init(struct seat_pool *pool, const struct tournament *t,
                           const struct match_rules *rules)
{
    memset(pool, 0, sizeof(*pool));
    pool->tournament = t;
    pool->isolated = t->config.settings.isolation == ISOLATION_PROCESS;
    pool->last_use = calloc(t->entrant_count + 1, sizeof(*pool->last_use));
    if (pool->last_use == NULL || init_commands(pool, t, rules) != 0) {
        tourney_seat_pool_finish(pool);
        return -1;
    }
    if (!pool->isolated) {
        return 0;
    }
    size_t game_param_count = 0;
    tourney_plugin_params(&t->game_plugin, &game_param_count);
    pool->settings = (struct process_settings){
        .host_path = t->agent_host,
        .limits = &t->config.settings.limits,
        .sandbox = t->sandbox,
        .resting = &pool->resting,
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
        if (e->plugin == NULL) {
            continue; /* a command */
        }
        pool->process_seats[i] =
            tourney_process_seat(&pool->processes[i], &pool->settings, e->plugin->path, e->params,
                                 e->plugin->agent->param_count);
    }
    return 0;
}

void tourney_seat_pool_stop_at_each_reply(struct seat_pool *pool)
{
    pool->settings.resting = NULL;
    pool->command_settings.resting = NULL;
}

void tourney_seat_pool_rest(struct seat_pool *pool)
{
    tourney_pause_stop_resting(&pool->resting);
}

/* Asks the process of entrant I, if it has one, to quit. */
static void quit(struct seat_pool *pool, size_t i)
{
    if (pool->commands != NULL && pool->tournament->entrants[i].argv != NULL) {
        tourney_command_seat_quit(&pool->commands[i]);
    } else if (pool->processes != NULL) {
        tourney_process_seat_quit(&pool->processes[i]);
    }
}

/* Stops the process of entrant I, if it has one. */
static void finish(struct seat_pool *pool, size_t i)
{
    if (pool->commands != NULL && pool->tournament->entrants[i].argv != NULL) {
        tourney_command_seat_finish(&pool->commands[i]);
    } else if (pool->processes != NULL) {
        tourney_process_seat_finish(&pool->processes[i]);
    }
}

/* Whether entrant I plays in a process of its own. */
static bool has_process(const struct seat_pool *pool, size_t i)
{
    return pool->isolated || pool->tournament->entrants[i].argv != NULL;
}

/* Notes that entrant I plays the game being seated: it has a process from
 * now on, if it has one at all. */
static void note_use(struct seat_pool *pool, size_t i)
{
    if (!has_process(pool, i)) {
        return;
    }
    pool->kept += pool->last_use[i] == 0;
    pool->last_use[i] = pool->games;
}

/* Past SEAT_POOL_KEPT_PROCESSES entrants with a process, those that played
 * least recently quit (never the two about to play). All are asked first,
 * so that their exits overlap. */
static void quit_least_recent(struct seat_pool *pool)
{
    size_t count = pool->tournament->entrant_count;
    /* A game brings at most two entrants without a process. */
    size_t leaving[2];
    size_t left = 0;
    while (pool->kept > SEAT_POOL_KEPT_PROCESSES && left < 2) {
        size_t oldest = count;
        for (size_t i = 0; i < count; i++) {
            if (pool->last_use[i] != 0 &&
                (oldest == count || pool->last_use[i] < pool->last_use[oldest])) {
                oldest = i;
            }
        }
        pool->last_use[oldest] = 0;
        leaving[left++] = oldest;
        pool->kept--;
    }
    for (size_t i = 0; i < left; i++) {
        quit(pool, leaving[i]);
    }
    for (size_t i = 0; i < left; i++) {
        finish(pool, leaving[i]);
    }
}

void tourney_seat_pool_seats(struct seat_pool *pool, const struct scheduled_game *scheduled,
                             struct seat seats[2])
{
    const struct tournament *t = pool->tournament;
    pool->games++;
    note_use(pool, scheduled->agent[0]);
    note_use(pool, scheduled->agent[1]);
    quit_least_recent(pool);
    for (int seat = 0; seat < 2; seat++) {
        uint32_t i = scheduled->agent[seat];
        const struct entrant *e = &t->entrants[i];
        if (e->argv != NULL) {
            seats[seat] = pool->command_seats[i];
        } else if (pool->isolated) {
            seats[seat] = pool->process_seats[i];
        } else {
            seats[seat] = tourney_local_seat(&pool->local[seat], e->plugin->agent, e->params);
        }
    }
}

void tourney_seat_pool_finish(struct seat_pool *pool)
{
    const struct tournament *t = pool->tournament;
    for (size_t i = 0; t != NULL && i < t->entrant_count; i++) {
        quit(pool, i);
    }
    for (size_t i = 0; t != NULL && i < t->entrant_count; i++) {
        finish(pool, i);
    }
    free(pool->processes);
    free(pool->process_seats);
    free(pool->last_use);
    free(pool->commands);
    free(pool->command_seats);
    free(pool->game_lines);
    memset(pool, 0, sizeof(*pool));
}
