#include "analysed_games.h"

#include <stdlib.h>
#include <string.h>

#include "record_check.h"

int tourney_analysed_games_init(struct analysed_games *games, const struct game_adapter *game,
                                uint64_t budget, struct error *err)
{
    memset(games, 0, sizeof(*games));
    games->budget = budget;
    games->state = tourney_game_adapter_new_state(game);
    if (games->state == NULL) {
        return tourney_error_nomem(err);
    }
    if (tourney_value_cache_init(&games->cache, game->info.state_size, err) != 0) {
        free(games->state);
        games->state = NULL;
        return -1;
    }
    return 0;
}

static void game_free(struct analysed_game *g)
{
    free(g->moves);
    free(g->graded);
    free(g->entry);
    free(g->to_move);
    free(g->work);
}

void tourney_analysed_games_finish(struct analysed_games *games)
{
    for (size_t i = 0; i < games->count; i++) {
        game_free(&games->games[i]);
    }
    free(games->games);
    free(games->state);
    tourney_value_cache_finish(&games->cache);
    memset(games, 0, sizeof(*games));
}

/* Whether the value an entry holds stands for this analysis: a value found,
 * or unknown with a budget at least this one's. */
static bool stands(const struct analysed_games *games, const struct cache_entry *e)
{
    if (!e->solved) {
        return false;
    }
    if (e->value.result != EXACT_UNKNOWN) {
        return true;
    }
    return games->budget != 0 && e->budget >= games->budget;
}

/* Looks the position in games->state up, queueing it in G's work. */
static int look_up(struct analysed_games *games, struct analysed_game *g, int32_t ply,
                   uint32_t *entry, struct error *err)
{
    size_t index = 0;
    int found = tourney_value_cache_find_or_add(&games->cache, games->state, &index, err);
    if (found < 0) {
        return -1;
    }
    struct cache_entry *e = &games->cache.entries[index];
    games->lookups++;
    /* Queued already (by this game or an earlier one) counts as found. */
    if (found == 1 && (stands(games, e) || e->budget == UINT64_MAX)) {
        games->hits++;
    } else {
        games->misses++;
        e->solved = false;
        e->budget = UINT64_MAX; /* queued: solved in this analysis */
        e->ply = ply;
        g->work[g->work_count++] = (uint32_t)index;
    }
    *entry = (uint32_t)index;
    return 0;
}

static int allocate(struct analysed_game *g, size_t moves)
{
    g->moves = calloc(moves + 1, sizeof(*g->moves));
    g->graded = calloc(moves + 1, sizeof(*g->graded));
    g->entry = calloc(moves + 1, sizeof(*g->entry));
    g->to_move = calloc(moves + 1, sizeof(*g->to_move));
    g->work = calloc(moves + 1, sizeof(*g->work));
    return g->moves && g->graded && g->entry && g->to_move && g->work ? 0 : -1;
}

int tourney_analysed_games_add(struct analysed_games *games, struct game_adapter *game,
                               const struct game_record *record, struct error *err)
{
    if (games->count == games->capacity) {
        size_t capacity = games->capacity != 0 ? games->capacity * 2 : 64;
        struct analysed_game *grown = realloc(games->games, capacity * sizeof(*grown));
        if (grown == NULL) {
            return tourney_error_nomem(err);
        }
        games->games = grown;
        games->capacity = capacity;
    }
    struct analysed_game *g = &games->games[games->count];
    memset(g, 0, sizeof(*g));
    if (allocate(g, record->move_count) != 0) {
        game_free(g);
        return tourney_error_nomem(err);
    }
    g->index = record->index;
    g->agent[0] = record->agent[0];
    g->agent[1] = record->agent[1];
    g->move_count = record->move_count;
    tourney_game_adapter_initial_state(game, games->state);
    int status = tourney_record_start(game, record, games->state, &g->first_ply, err);
    for (size_t i = 0; status == 0; i++) {
        int over = tourney_game_adapter_status(game, games->state);
        int32_t ply = g->first_ply + (int32_t)i;
        if (over != TOURNEY_ONGOING) {
            g->entry[i] = ANALYSED_OVER;
            g->end_status = over;
        } else {
            g->to_move[i] = (int8_t)tourney_game_adapter_to_move(game, games->state);
            status = look_up(games, g, ply, &g->entry[i], err);
        }
        if (i == record->move_count || status != 0) {
            break;
        }
        /* tourney_record_check found every move legal. */
        g->moves[i] = record->moves[i].move;
        g->graded[i].seat = record->moves[i].seat;
        g->graded[i].ply = ply + 1;
        tourney_game_adapter_apply(game, games->state, record->moves[i].move);
    }
    if (status != 0) {
        game_free(g);
        return -1;
    }
    games->count++;
    return 0;
}

/* The value of position I of G for SEAT. */
static struct exact_value value_for(const struct analysed_games *games,
                                    const struct analysed_game *g, size_t i, int seat)
{
    if (g->entry[i] == ANALYSED_OVER) {
        return tourney_exact_at_end(g->end_status, seat);
    }
    struct exact_value v = games->cache.entries[g->entry[i]].value;
    return g->to_move[i] == seat ? v : tourney_exact_other(v);
}

void tourney_analysed_games_grade(struct analysed_games *games)
{
    for (size_t k = 0; k < games->count; k++) {
        struct analysed_game *g = &games->games[k];
        for (size_t i = 0; i < g->move_count; i++) {
            struct graded_move *m = &g->graded[i];
            m->before = value_for(games, g, i, m->seat);
            m->reached = tourney_exact_one_ply_up(value_for(games, g, i + 1, m->seat));
            tourney_grade_move(m);
        }
    }
}
