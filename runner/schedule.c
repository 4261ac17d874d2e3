#include "schedule.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* Whether the pair (A, B) plays. */
static bool plays(uint32_t a, uint32_t b, size_t gauntlet)
{
    return gauntlet == TOURNEY_NO_GAUNTLET || a == gauntlet || b == gauntlet;
}

int tourney_schedule_build(struct schedule *schedule, size_t agent_count,
                           uint32_t games_per_pair, uint64_t seed, size_t gauntlet)
{
    memset(schedule, 0, sizeof(*schedule));
    size_t pairs = agent_count * (agent_count - (agent_count > 0)) / 2;
    size_t count = pairs * games_per_pair;
    if (count == 0) {
        return 0;
    }
    schedule->games = calloc(count, sizeof(*schedule->games));
    if (schedule->games == NULL) {
        return -1;
    }
    size_t index = 0;
    for (uint32_t round = 0; round < games_per_pair / 2; round++) {
        for (uint32_t a = 0; a < agent_count; a++) {
            for (uint32_t b = a + 1; b < agent_count; b++) {
                if (!plays(a, b, gauntlet)) {
                    continue;
                }
                for (int swap = 0; swap < 2; swap++) {
                    struct scheduled_game *game = &schedule->games[index];
                    game->index = (uint32_t)index;
                    game->agent[0] = swap ? b : a;
                    game->agent[1] = swap ? a : b;
                    game->seed = tourney_game_seed(seed, index);
                    index++;
                }
            }
        }
    }
    schedule->count = index;
    return 0;
}

void tourney_schedule_finish(struct schedule *schedule)
{
    free(schedule->games);
    memset(schedule, 0, sizeof(*schedule));
}
