#include "game_sample.h"

#include <stdlib.h>
#include <string.h>

int tourney_game_sample_init(struct game_sample *sample, size_t agent_count, size_t pairs,
                             size_t limit)
{
    memset(sample, 0, sizeof(*sample));
    sample->limit = limit;
    sample->agent_count = agent_count;
    /* Enough first games per pairing to fill the limit when nothing failed. */
    sample->per_pair = pairs == 0 ? limit : (limit + pairs - 1) / pairs;
    tourney_id_map_init(&sample->pair_seen);
    return 0;
}

static void free_game(struct sampled_game *game)
{
    free(game->reason);
    free(game->moves);
    free(game->seats);
    free(game->log);
    free(game->output[0]);
    free(game->output[1]);
    tourney_record_opening_clear(&game->opening);
}

void tourney_game_sample_finish(struct game_sample *sample)
{
    for (size_t i = 0; i < sample->count; i++) {
        free_game(&sample->games[i]);
    }
    free(sample->games);
    tourney_id_map_finish(&sample->pair_seen);
    memset(sample, 0, sizeof(*sample));
}

/* The games of a pairing (whoever sat first) offered so far. */
static uint64_t pair_seen(const struct game_sample *sample, const uint32_t agent[2])
{
    uint64_t seen = 0;
    tourney_id_map_get(&sample->pair_seen, tourney_id_pair_key(agent[0], agent[1]), &seen);
    return seen;
}

/* Counts a game offered of its pairing. Returns -1 when out of memory. */
static int see(struct game_sample *sample, const uint32_t agent[2])
{
    return tourney_id_map_put(&sample->pair_seen, tourney_id_pair_key(agent[0], agent[1]),
                              pair_seen(sample, agent) + 1);
}

static int copy_game(struct sampled_game *game, const struct game_record *record)
{
    memset(game, 0, sizeof(*game));
    game->index = record->index;
    game->agent[0] = record->agent[0];
    game->agent[1] = record->agent[1];
    game->result = record->result;
    game->termination = record->termination;
    game->fault_seat = record->fault_seat;
    game->move_count = record->move_count;
    game->log_count = record->log_count;
    game->reason = strdup(record->reason);
    game->output[0] = strdup(record->output[0]);
    game->output[1] = strdup(record->output[1]);
    game->moves = malloc((record->move_count + 1) * sizeof(*game->moves));
    game->seats = malloc(record->move_count + 1);
    game->log = malloc((record->log_count + 1) * sizeof(*game->log));
    int copied = tourney_record_opening_copy(&game->opening, &record->opening);
    if (game->reason == NULL || game->output[0] == NULL || game->output[1] == NULL ||
        game->moves == NULL || game->seats == NULL || game->log == NULL || copied != 0) {
        free_game(game);
        return -1;
    }
    for (size_t i = 0; i < record->move_count; i++) {
        game->moves[i] = record->moves[i].move;
        game->seats[i] = (unsigned char)record->moves[i].seat;
    }
    if (record->log_count > 0) {
        memcpy(game->log, record->log, record->log_count * sizeof(*game->log));
    }
    return 0;
}

bool tourney_game_sample_wants(const struct game_sample *sample, const struct game_record *record)
{
    if (record->agent[0] >= sample->agent_count || record->agent[1] >= sample->agent_count) {
        return false; /* the log reader checked the players; nothing to show */
    }
    bool faulted = record->fault_seat >= 0 && sample->faulted_kept < sample->limit;
    return faulted || pair_seen(sample, record->agent) < sample->per_pair;
}

enum alloc_status tourney_game_sample_add(struct game_sample *sample,
                                          const struct game_record *record)
{
    sample->offered++;
    if (!tourney_game_sample_wants(sample, record)) {
        bool players =
            record->agent[0] < sample->agent_count && record->agent[1] < sample->agent_count;
        return players && see(sample, record->agent) != 0 ? ALLOC_NO_MEMORY : ALLOC_OK;
    }
    size_t position = (size_t)pair_seen(sample, record->agent);
    if (see(sample, record->agent) != 0) {
        return ALLOC_NO_MEMORY;
    }
    if (sample->count == sample->capacity) {
        size_t capacity = sample->capacity ? sample->capacity * 2 : 64;
        struct sampled_game *games = realloc(sample->games, capacity * sizeof(*games));
        if (games == NULL) {
            return ALLOC_NO_MEMORY;
        }
        sample->games = games;
        sample->capacity = capacity;
    }
    struct sampled_game *game = &sample->games[sample->count];
    if (copy_game(game, record) != 0) {
        return ALLOC_NO_MEMORY;
    }
    game->pair_position = position;
    sample->faulted_kept += record->fault_seat >= 0;
    sample->count++;
    return ALLOC_OK;
}

/* Orders candidates by their place in their pairing, then by pairing, so
 * that every pairing shows its first game before any shows its second. */
struct candidate {
    size_t game;
    size_t position;
    size_t pair;
    uint32_t index;
};

static int compare_candidates(const void *a, const void *b)
{
    const struct candidate *x = a;
    const struct candidate *y = b;
    if (x->position != y->position) {
        return x->position < y->position ? -1 : 1;
    }
    if (x->pair != y->pair) {
        return x->pair < y->pair ? -1 : 1;
    }
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Insertion sort of CHOSEN by game index: qsort has no context argument in
 * C17, and the list is at most a few hundred games long. */
static void sort_by_index(const struct game_sample *sample, size_t *chosen, size_t count)
{
    for (size_t i = 1; i < count; i++) {
        size_t value = chosen[i];
        size_t j = i;
        while (j > 0 && sample->games[chosen[j - 1]].index > sample->games[value].index) {
            chosen[j] = chosen[j - 1];
            j--;
        }
        chosen[j] = value;
    }
}

int tourney_game_sample_select(const struct game_sample *sample, size_t *chosen, size_t *count)
{
    struct candidate *candidates = malloc((sample->count + 1) * sizeof(*candidates));
    if (candidates == NULL) {
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < sample->count && n < sample->limit; i++) {
        if (sample->games[i].fault_seat >= 0) {
            chosen[n++] = i;
        }
    }
    size_t candidate_count = 0;
    for (size_t i = 0; i < sample->count; i++) {
        const struct sampled_game *game = &sample->games[i];
        if (game->fault_seat < 0 && game->pair_position < sample->per_pair) {
            candidates[candidate_count++] = (struct candidate){
                i, game->pair_position,
                (size_t)tourney_id_pair_key(game->agent[0], game->agent[1]), game->index};
        }
    }
    qsort(candidates, candidate_count, sizeof(*candidates), compare_candidates);
    for (size_t i = 0; i < candidate_count && n < sample->limit; i++) {
        chosen[n++] = candidates[i].game;
    }
    free(candidates);
    sort_by_index(sample, chosen, n);
    *count = n;
    return 0;
}
