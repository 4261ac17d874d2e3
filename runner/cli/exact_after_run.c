#include "exact_after_run.h"

#include <stdio.h>
#include <stdlib.h>

#include "exact_file.h"
#include "exact_vs_random.h"

int tourney_exact_after_run(const struct tournament *t, const struct schedule *schedule,
                            const struct game_set *played, const struct log_header *header,
                            uint64_t games, const struct out_dir *dir, struct error *err)
{
    struct exact_file file = {
        .budget = t->config.settings.exact_vs_random_budget,
        .games = games,
    };
    file.entries = calloc(t->entrant_count + 1, sizeof(*file.entries));
    if (file.entries == NULL) {
        return tourney_error_nomem(err);
    }
    int status = 0;
    for (size_t i = 0; status == 0 && i < t->entrant_count; i++) {
        if (t->entrants[i].is_random) {
            continue;
        }
        struct exact_entry *e = &file.entries[file.count];
        struct error why;
        tourney_error_clear(&why);
        int computed =
            tourney_exact_vs_random_games(t, schedule, played, i, file.budget, &e->figure, &why);
        if (computed < 0) {
            *err = why;
            status = tourney_error_prefix(err, "the exact win rate against random of agent '%s'",
                                          t->entrants[i].name);
        } else if (computed > 0 || e->figure.games[0] + e->figure.games[1] > 0) {
            /* The reasons are the runner's words and a move's text. */
            e->agent = (uint32_t)i;
            e->exact = computed == 0;
            if (computed > 0) {
                snprintf(e->reason, sizeof(e->reason), "%s", why.text);
            }
            file.count++;
        }
    }
    if (status == 0 && file.count > 0) {
        status = tourney_exact_file_write(dir, header, &file, err);
    }
    int written = (int)file.count;
    free(file.entries);
    return status == 0 ? written : -1;
}
