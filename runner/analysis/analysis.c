#include "analysis.h"

#include <stdlib.h>
#include <string.h>

#include "analysed_games.h"
#include "analysis_file.h"
#include "cache_file.h"
#include "clock.h"
#include "dir_lock.h"
#include "exact_solver.h"
#include "log_game.h"
#include "log_reader.h"
#include "out_dir.h"
#include "record_check.h"
#include "results_log.h"
#include "text.h"

/* Everything one analysis holds, released in one place. */
struct run {
    const struct analysis_request *request;
    struct analysis *result;
    const struct warnings *warn;
    char *log_path;
    struct out_dir dir;
    struct dir_lock lock;
    struct log_reader reader;
    bool reader_open;
    struct log_game game;
    bool game_open;
    const struct out_dir *opened; /* &dir, or the run's */
    struct game_adapter *adapter; /* &game.game, or the run's */
    struct analysed_games games;
    bool games_open;
    struct exact_plan plan;
    struct cache_game cache_game;
};

static int keep_names(struct analysis *result, const struct log_header *h, struct error *err)
{
    result->agent_count = h->agent_count;
    result->names = calloc(h->agent_count + 1, sizeof(*result->names));
    result->name_store = calloc(h->agent_count + 1, sizeof(*result->name_store));
    result->grades = calloc(h->agent_count + 1, sizeof(*result->grades));
    if (result->names == NULL || result->name_store == NULL || result->grades == NULL) {
        return tourney_error_nomem(err);
    }
    for (size_t i = 0; i < h->agent_count; i++) {
        result->name_store[i] = tourney_strdup(h->agents[i].name);
        if (result->name_store[i] == NULL) {
            return tourney_error_nomem(err);
        }
        result->names[i] = result->name_store[i];
    }
    return 0;
}

/* Opens the folder (locked: one tourney at a time there), the log and its
 * game. */
static int open_log(struct run *r, struct error *err)
{
    const struct analysis_request *q = r->request;
    r->log_path = tourney_format("%s/%s", q->dir, TOURNEY_LOG_NAME);
    if (r->log_path == NULL) {
        return tourney_error_nomem(err);
    }
    r->opened = q->opened != NULL ? q->opened : &r->dir;
    if (q->opened == NULL && (tourney_out_dir_open(&r->dir, q->dir, false, err) != 0 ||
                              tourney_dir_lock(&r->lock, &r->dir, err) != 0)) {
        return -1;
    }
    int status = tourney_log_reader_open(&r->reader, r->log_path, err);
    if (status == TOURNEY_LOG_EMPTY) {
        return tourney_error_set(err, "%s holds no complete line", r->log_path);
    }
    if (status != 0) {
        return -1;
    }
    r->reader_open = true;
    r->adapter = q->game != NULL ? q->game : &r->game.game;
    if (q->game == NULL && tourney_log_game_find(&r->game, &r->reader.header, q->exe_path,
                                                 q->env_plugin_path, err) != 0) {
        r->game_open = true; /* closed either way */
        return tourney_error_prefix(err, "cannot replay the games of %s", r->log_path);
    }
    r->game_open = q->game == NULL;
    return keep_names(r->result, &r->reader.header, err);
}

/* Reads every game, replays it and looks its positions up. */
static int gather(struct run *r, struct error *err)
{
    struct game_record record;
    int status = 0;

    tourney_record_init(&record);
    for (;;) {
        tourney_record_finish(&record);
        tourney_record_init(&record);
        status = tourney_log_reader_next(&r->reader, &record, err);
        if (status <= 0) {
            break;
        }
        struct error why;
        if (tourney_record_check(r->adapter, &r->reader.header, &record, &why) != 0) {
            /* Left out, and named: its moves are not what was played. */
            tourney_warn(r->warn, "%s", why.text);
            r->result->counts.left_out++;
            continue;
        }
        if (tourney_analysed_games_add(&r->games, r->adapter, &record, err) != 0) {
            status = -1;
            break;
        }
    }
    tourney_record_finish(&record);
    return status;
}

static void count_up(struct run *r)
{
    struct analysis *a = r->result;
    struct analysed_games *g = &r->games;
    a->counts.games = g->count;
    a->counts.lookups = g->lookups;
    a->counts.hits = g->hits;
    a->counts.misses = g->misses;
    for (size_t i = 0; i < g->count; i++) {
        const struct analysed_game *game = &g->games[i];
        tourney_grades_add_game(a->grades, game->agent, game->graded, game->move_count);
    }
    for (size_t i = 0; i < a->agent_count; i++) {
        a->counts.moves += a->grades[i].moves;
        a->counts.graded += a->grades[i].graded;
    }
}

static int analyse(struct run *r, struct error *err)
{
    const struct analysis_request *q = r->request;
    struct analysis_counts *counts = &r->result->counts;

    if (open_log(r, err) != 0) {
        return -1;
    }
    if (tourney_analysed_games_init(&r->games, r->adapter, q->budget, err) != 0) {
        return -1;
    }
    r->games_open = true;
    const struct log_header *h = &r->reader.header;
    r->cache_game =
        (struct cache_game){.name = h->game, .params = h->game_params, .digest = h->game_digest};
    if (q->cache_path != NULL) {
        bool found = false;
        if (tourney_cache_file_read(q->cache_path, &r->cache_game, &r->games.cache, &found, err) !=
            0) {
            return -1;
        }
        counts->from_file = r->games.cache.count;
    }
    /* No move is wanted, only the value: any best move will do, the
     * cheapest to prove (as `tourney solve --file` does). */
    char *extra = tourney_format("tie_break=any %s", q->solver_extra ? q->solver_extra : "");
    if (extra == NULL) {
        return tourney_error_nomem(err);
    }
    int opened = tourney_exact_plan_open(&r->plan, r->adapter, extra, q->budget,
                                         q->env_plugin_path, q->exe_path, r->warn, err);
    free(extra);
    if (opened != 0 || gather(r, err) != 0 ||
        tourney_analysed_games_solve(&r->games, &r->plan, q->jobs, &counts->unknown,
                                     &counts->nodes, err) != 0) {
        return -1;
    }
    if (r->reader.torn) {
        tourney_warn(r->warn, "%s ends in a torn record (an interrupted write); it is left out",
                     r->log_path);
    }
    tourney_analysed_games_grade(&r->games);
    count_up(r);
    struct analysis_file file = {.header = h,
                                 .game = r->adapter,
                                 .games = &r->games,
                                 .solver_params = r->plan.params_text,
                                 .budget = q->budget};
    if (tourney_analysis_file_write(r->opened, TOURNEY_ANALYSIS_NAME, &file, err) != 0) {
        return -1;
    }
    if (q->cache_path != NULL &&
        tourney_cache_file_write(q->cache_path, &r->cache_game, &r->games.cache, err) != 0) {
        return -1;
    }
    return 0;
}

int tourney_analysis_run(const struct analysis_request *request, struct analysis *result,
                         const struct warnings *warn, struct error *err)
{
    struct run r = {.request = request, .result = result, .warn = warn};
    uint64_t start = tourney_now_ns();

    memset(result, 0, sizeof(*result));
    r.dir.fd = -1;
    r.lock.fd = -1;
    if (request->jobs < 1 || request->jobs > TOURNEY_ANALYSIS_MAX_JOBS) {
        return tourney_error_set(err, "jobs must be from 1 to %d", TOURNEY_ANALYSIS_MAX_JOBS);
    }
    int status = analyse(&r, err);
    tourney_exact_plan_close(&r.plan);
    if (r.games_open) {
        tourney_analysed_games_finish(&r.games);
    }
    if (r.game_open) {
        tourney_log_game_close(&r.game);
    }
    if (r.reader_open) {
        tourney_log_reader_close(&r.reader);
    }
    tourney_dir_unlock(&r.lock);
    tourney_out_dir_close(&r.dir);
    free(r.log_path);
    result->counts.seconds = (double)(tourney_now_ns() - start) / 1e9;
    return status;
}

void tourney_analysis_finish(struct analysis *result)
{
    if (result->name_store != NULL) {
        for (size_t i = 0; i < result->agent_count; i++) {
            free(result->name_store[i]);
        }
    }
    free(result->name_store);
    free(result->names);
    free(result->grades);
    memset(result, 0, sizeof(*result));
}
