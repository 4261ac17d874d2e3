/* W_EXITCODE, to describe a signal as the death it stands for. */
#define _DEFAULT_SOURCE
#include "game_player.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "executor.h"
#include "log_line.h"

int tourney_game_player_init(struct game_player *player, const struct tournament *t,
                             const struct schedule *schedule)
{
    memset(player, 0, sizeof(*player));
    player->tournament = t;
    player->schedule = schedule;
    const struct time_control clock = t->config.settings.clock;
    uint64_t move_ns = t->config.settings.time_per_move_ns;
    player->rules = (struct match_rules){
        .game = &t->game,
        .move_ns = clock.base_ns > 0 ? 0 : move_ns,
        .setup_ns = clock.base_ns > 0 ? clock.base_ns : move_ns,
        .clock = clock,
        .margin_ns = t->config.settings.limits.time_margin_ns,
        .cpu_limit = t->config.settings.limits.cpu_limit,
    };
    if (tourney_opening_draw_init(&player->draw, &t->openings) != 0 ||
        tourney_seat_pool_init(&player->seats, t, &player->rules) != 0) {
        tourney_opening_draw_finish(&player->draw);
        return -1;
    }
    return 0;
}

int tourney_game_player_play(struct game_player *player, uint64_t index,
                             struct game_record *record, char **line, struct error *err)
{
    const struct tournament *t = player->tournament;
    struct scheduled_game scheduled;
    tourney_schedule_game(player->schedule, index, &scheduled);
    struct game_start start;
    if (tourney_openings_active(&t->openings)) {
        if (tourney_openings_start(&t->openings, scheduled.round, &player->draw, &start, err) !=
            0) {
            return tourney_error_prefix(err, "game %llu", (unsigned long long)index);
        }
        scheduled.start = &start;
    }
    struct seat seats[2];
    tourney_seat_pool_seats(&player->seats, &scheduled, seats);
    *line = NULL;
    /* Where it happened goes after what happened: "... while playing game 3". */
    struct error why;
    int status = tourney_play_game(&player->rules, seats, &scheduled, record, &why);
    if (status < 0) {
        return tourney_error_set(err, "%s while playing game %llu", why.text,
                                 (unsigned long long)index);
    }
    const char *names[2] = {t->entrants[scheduled.agent[0]].name,
                            t->entrants[scheduled.agent[1]].name};
    /* Stopped from outside: the line of the game lost by that agent goes
     * too, for when nothing stopped the runner (game_player.h). */
    *line = tourney_log_line_of_record(record, names);
    if (*line == NULL) {
        return tourney_error_set(err, "out of memory for the record of game %llu",
                                 (unsigned long long)index);
    }
    if (status > 0) {
        char killed[64]; /* "killed by SIGTERM" */
        tourney_describe_wait_status(W_EXITCODE(0, status), killed, sizeof(killed));
        tourney_error_set(err,
                          "game %llu was stopped: the process of agent '%s' was %s from outside "
                          "the tournament",
                          (unsigned long long)index, names[record->fault_seat], killed);
    }
    return status;
}

void tourney_game_player_rest(struct game_player *player)
{
    tourney_seat_pool_rest(&player->seats);
}

void tourney_game_player_finish(struct game_player *player)
{
    tourney_seat_pool_finish(&player->seats);
    tourney_opening_draw_finish(&player->draw);
    memset(player, 0, sizeof(*player));
}
