#include "merge.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "game_sample.h"
#include "log_game.h"
#include "log_merge.h"
#include "publish.h"
#include "results_log.h"
#include "stats.h"
#include "table.h"

/* What the merged games are counted into, sized when the header is read,
 * and the game they were played with. */
struct merge_reports {
    const char *exe_path;
    const char *env_plugin_path;
    struct stats stats;
    struct game_sample games; /* the games report.html shows */
    bool ready;
    bool failed; /* the statistics could not be sized: no memory */
    struct log_game game;
    bool game_loaded;
    struct error game_missing; /* why it is not loaded */
};

static struct game_adapter *merge_header(void *context, const struct log_header *header)
{
    struct merge_reports *r = context;
    if (tourney_stats_init_for(&r->stats, header) != 0) {
        r->failed = true;
    } else if (tourney_game_sample_init_for(&r->games, header) != 0) {
        tourney_stats_finish(&r->stats);
        r->failed = true;
    } else {
        r->ready = true;
    }
    r->game_loaded = tourney_log_game_find(&r->game, header, r->exe_path, r->env_plugin_path,
                                           &r->game_missing) == 0;
    return r->game_loaded ? &r->game.game : NULL;
}

static int merge_game(void *context, const struct game_record *record, struct error *err)
{
    struct merge_reports *r = context;
    if (!r->ready || tourney_stats_add(&r->stats, record) != ALLOC_OK ||
        tourney_game_sample_add(&r->games, record) != ALLOC_OK) {
        return tourney_error_nomem(err);
    }
    return 0;
}

enum merge_outcome tourney_merge(const char *out_dir, const char *const *dirs, size_t count,
                                 const char *exe_path, const char *env_plugin_path, FILE *out,
                                 const struct warnings *warn, struct error *err)
{
    struct merge_reports r;
    memset(&r, 0, sizeof(r));
    r.exe_path = exe_path;
    r.env_plugin_path = env_plugin_path;
    const struct log_merge_hooks hooks = {
        .header = merge_header, .game = merge_game, .context = &r};
    struct log_merge m;
    int status = tourney_log_merge(&m, out_dir, dirs, count, &hooks, warn, err);
    if (status == 0 && !r.ready) {
        status = tourney_error_nomem(err);
    }
    if (status == 0) {
        status = tourney_publish_from_log(&m.header, &r.stats, &r.games,
                                          r.game_loaded ? &r.game.game : NULL, r.game_missing.text,
                                          &m.dir, out, tourney_table_console_width(), warn, err);
    }
    enum merge_outcome outcome = MERGE_FAILED;
    if (status == 0) {
        if (out != NULL) {
            fprintf(out,
                    "\nMerged %zu results log%s into %s/%s: %" PRIu64 " of %" PRIu64 " games\n",
                    m.count, m.count == 1 ? "" : "s", out_dir, TOURNEY_LOG_NAME, m.found.count,
                    m.header.games_scheduled);
        }
        outcome = tourney_log_merge_complete(&m) ? MERGE_COMPLETE : MERGE_INCOMPLETE;
        if (outcome == MERGE_INCOMPLETE) {
            tourney_log_merge_say_missing(&m);
        }
    }
    tourney_log_merge_finish(&m);
    if (r.ready) {
        tourney_stats_finish(&r.stats);
        tourney_game_sample_finish(&r.games);
    }
    tourney_log_game_close(&r.game);
    return outcome;
}
