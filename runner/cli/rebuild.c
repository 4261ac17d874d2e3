#include "rebuild.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dir_lock.h"
#include "game_sample.h"
#include "log_game.h"
#include "log_header.h"
#include "out_dir.h"
#include "publish.h"
#include "record_check.h"
#include "results_log.h"
#include "stats.h"
#include "text.h"

/* Statistics and the shown games of a log being read: sized from its
 * header, which the reader fills before it hands over the first game; and
 * the game it was played with, which checks each game's end against its
 * moves and draws the boards. */
struct rebuild {
    struct log_header header;
    struct stats stats;
    struct game_sample games;
    bool ready;
    const char *exe_path;
    const char *env_plugin_path;
    struct log_game game;
    bool game_loaded;
    struct error game_missing; /* why the game is not loaded */
    uint64_t left_out;         /* games whose end does not follow from their moves */
    const struct warnings *warn;
};

static int rebuild_ready(struct rebuild *r)
{
    if (r->ready) {
        return 0;
    }
    if (tourney_stats_init_for(&r->stats, &r->header) != 0) {
        return -1;
    }
    if (tourney_game_sample_init_for(&r->games, &r->header) != 0) {
        tourney_stats_finish(&r->stats);
        return -1;
    }
    r->ready = true;
    r->game_loaded = tourney_log_game_find(&r->game, &r->header, r->exe_path, r->env_plugin_path,
                                           &r->game_missing) == 0;
    return 0;
}

static int rebuild_game(const struct game_record *record, void *context, struct error *err)
{
    struct rebuild *r = context;
    if (rebuild_ready(r) != 0) {
        return tourney_error_nomem(err);
    }
    struct error why;
    if (r->game_loaded && tourney_record_check(&r->game.game, &r->header, record, &why) != 0) {
        /* Left out of every figure and of the games shown, and named. */
        tourney_warn(r->warn, "%s", why.text);
        r->left_out++;
        return 0;
    }
    if (tourney_stats_add(&r->stats, record) != ALLOC_OK ||
        tourney_game_sample_add(&r->games, record) != ALLOC_OK) {
        return tourney_error_nomem(err);
    }
    return 0;
}

int tourney_rebuild_reports(const char *dir, const char *exe_path, const char *env_plugin_path,
                            FILE *out, size_t width, const struct warnings *warn,
                            struct error *err)
{
    char *path = tourney_format("%s/%s", dir, TOURNEY_LOG_NAME);
    if (path == NULL) {
        return tourney_error_nomem(err);
    }
    struct rebuild r;
    memset(&r, 0, sizeof(r));
    r.exe_path = exe_path;
    r.env_plugin_path = env_plugin_path;
    r.warn = warn;
    off_t valid_end = 0;
    bool torn = false;
    /* The directory opened once: the reports are written there, never
     * through a link (out_dir.h). */
    struct out_dir opened = {.fd = -1};
    struct dir_lock lock = {.fd = -1};
    int status = tourney_out_dir_open(&opened, dir, false, err);
    status = status == 0 ? tourney_dir_lock(&lock, &opened, err) : status;
    if (status == 0) {
        status =
            tourney_results_log_read(path, &r.header, rebuild_game, &r, &valid_end, &torn, err);
    }
    if (status == 0 && rebuild_ready(&r) != 0) {
        status = tourney_error_nomem(err);
    }
    if (status == 0 && torn) {
        tourney_warn(warn, "%s ends in a torn record (an interrupted write); it is left out",
                     path);
    }
    if (status == 0) {
        status = tourney_publish_from_log(&r.header, &r.stats, &r.games,
                                          r.game_loaded ? &r.game.game : NULL, r.game_missing.text,
                                          &opened, out, width, warn, err);
    }
    if (status == 0 && out != NULL) {
        fprintf(out, "\nReports rebuilt from %s: %" PRIu64 " of %" PRIu64 " games\n", path,
                r.stats.games, tourney_shard_games(&r.header.shard, r.header.games_scheduled));
    }
    if (status == 0 && r.left_out > 0) {
        /* The reports are written, without the games that lie: the user
         * learns from the status too. */
        status = tourney_record_check_left_out(err, r.left_out, path, "the reports");
    }
    if (r.ready) {
        tourney_game_sample_finish(&r.games);
        tourney_stats_finish(&r.stats);
        tourney_log_game_close(&r.game);
    }
    tourney_header_finish(&r.header);
    tourney_dir_unlock(&lock);
    tourney_out_dir_close(&opened);
    free(path);
    return status == 0 ? 0 : -1;
}
