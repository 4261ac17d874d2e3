#include "schedule.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* Whether the pair (A, B) plays. */
static bool plays(size_t a, size_t b, size_t gauntlet)
{
    return gauntlet == TOURNEY_NO_GAUNTLET || a == gauntlet || b == gauntlet;
}

int tourney_schedule_init(struct schedule *schedule, size_t agent_count, uint32_t games_per_pair,
                          uint64_t seed, size_t gauntlet)
{
    memset(schedule, 0, sizeof(*schedule));
    schedule->seed = seed;
    size_t pairs = agent_count * (agent_count - (agent_count > 0)) / 2;
    schedule->pairs = calloc(pairs + 1, sizeof(*schedule->pairs));
    if (schedule->pairs == NULL) {
        return -1;
    }
    for (size_t a = 0; a < agent_count; a++) {
        for (size_t b = a + 1; b < agent_count; b++) {
            if (plays(a, b, gauntlet)) {
                schedule->pairs[schedule->pair_count][0] = (uint32_t)a;
                schedule->pairs[schedule->pair_count][1] = (uint32_t)b;
                schedule->pair_count++;
            }
        }
    }
    schedule->count = (uint64_t)schedule->pair_count * games_per_pair;
    return 0;
}

void tourney_schedule_finish(struct schedule *schedule)
{
    free(schedule->pairs);
    memset(schedule, 0, sizeof(*schedule));
}

void tourney_schedule_game(const struct schedule *schedule, uint64_t index,
                           struct scheduled_game *game)
{
    /* A round is one mini-match of every pair: 2 * pair_count games. */
    uint64_t in_round = index % (2 * (uint64_t)schedule->pair_count);
    const uint32_t *pair = schedule->pairs[in_round / 2];
    int swap = (int)(in_round % 2);
    game->index = (uint32_t)index;
    game->agent[0] = pair[swap];
    game->agent[1] = pair[1 - swap];
    game->seed = tourney_game_seed(schedule->seed, index);
    game->round = index / (2 * (uint64_t)schedule->pair_count);
    game->start = NULL;
}
