#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

int tourney_stats_init(struct stats *stats, size_t agent_count, const bool *is_random,
                       uint64_t budget_ns)
{
    memset(stats, 0, sizeof(*stats));
    stats->agent_count = agent_count;
    stats->budget_ns = budget_ns;
    stats->agents = calloc(agent_count + 1, sizeof(*stats->agents));
    stats->is_random = calloc(agent_count + 1, sizeof(*stats->is_random));
    tourney_id_map_init(&stats->pair_index);
    tourney_id_map_init(&stats->waiting_index);
    tourney_key_set_init(&stats->seen);
    tourney_game_lengths_init(&stats->lengths);
    if (stats->agents == NULL || stats->is_random == NULL ||
        tourney_score_history_init(&stats->history, agent_count) != 0) {
        tourney_stats_finish(stats);
        return -1;
    }
    for (size_t i = 0; i < agent_count; i++) {
        stats->agents[i].lowest_clock_ns = UINT64_MAX;
        memset(stats->agents[i].fault_games, 0xff, sizeof(stats->agents[i].fault_games));
        if (tourney_histogram_init(&stats->agents[i].times) != 0) {
            tourney_stats_finish(stats);
            return -1;
        }
    }
    memcpy(stats->is_random, is_random, agent_count * sizeof(*is_random));
    return 0;
}

void tourney_stats_finish(struct stats *stats)
{
    for (size_t i = 0; stats->agents != NULL && i < stats->agent_count; i++) {
        tourney_histogram_finish(&stats->agents[i].times);
    }
    free(stats->agents);
    free(stats->is_random);
    free(stats->pairs);
    free(stats->waiting);
    tourney_id_map_finish(&stats->pair_index);
    tourney_id_map_finish(&stats->waiting_index);
    tourney_key_set_finish(&stats->seen);
    tourney_score_history_finish(&stats->history);
    memset(stats, 0, sizeof(*stats));
}

/* Adds one game's outcome (1 win, 0 draw, -1 loss) to a tally. */
static void count(struct tally *tally, int outcome)
{
    tally->games++;
    tally->wins += outcome > 0;
    tally->draws += outcome == 0;
    tally->losses += outcome < 0;
}

void tourney_stats_set_sprt(struct stats *stats, const struct sprt_settings *settings)
{
    stats->sprt.settings = *settings;
}

void tourney_stats_set_clock(struct stats *stats, const struct time_control *clock)
{
    stats->clock = *clock;
    stats->budget_ns = UINT64_MAX;
}

static void note_clock(struct agent_stats *agent, uint64_t left_ns)
{
    if (left_ns < agent->lowest_clock_ns) {
        agent->lowest_clock_ns = left_ns;
    }
}

/* Replays the game's clocks from its move times, as the referee kept them,
 * noting the least each agent had left after a move; an agent that lost
 * on time had nothing left. */
static void count_clocks(struct stats *stats, const struct game_record *record)
{
    uint64_t left[2] = {stats->clock.base_ns, stats->clock.base_ns};
    for (size_t i = 0; i < record->move_count; i++) {
        const struct move_record *move = &record->moves[i];
        int seat = move->seat;
        uint64_t at_end = tourney_clock_charge(&stats->clock, &left[seat], move->time_ns);
        note_clock(&stats->agents[record->agent[seat]], at_end);
    }
    if (record->termination == TERMINATION_TIME_FORFEIT &&
        (record->fault_seat == 0 || record->fault_seat == 1)) {
        note_clock(&stats->agents[record->agent[record->fault_seat]], 0);
    }
}

const struct pair_stats *tourney_stats_pair(const struct stats *stats, size_t a, size_t b)
{
    uint64_t at = 0;
    if (a == b || !tourney_id_map_get(&stats->pair_index,
                                      tourney_id_pair_key((uint32_t)a, (uint32_t)b), &at)) {
        return NULL;
    }
    return &stats->pairs[at];
}

/* The entry of the pair of agents A and B, made when they first meet; NULL
 * when out of memory. */
static struct pair_stats *pair_entry(struct stats *stats, uint32_t a, uint32_t b)
{
    uint64_t key = tourney_id_pair_key(a, b);
    uint64_t at = 0;
    if (tourney_id_map_get(&stats->pair_index, key, &at)) {
        return &stats->pairs[at];
    }
    if (stats->pair_count == stats->pair_capacity) {
        size_t capacity = stats->pair_capacity ? stats->pair_capacity * 2 : 16;
        struct pair_stats *pairs = realloc(stats->pairs, capacity * sizeof(*pairs));
        if (pairs == NULL) {
            return NULL;
        }
        stats->pairs = pairs;
        stats->pair_capacity = capacity;
    }
    if (tourney_id_map_put(&stats->pair_index, key, stats->pair_count) != 0) {
        return NULL;
    }
    struct pair_stats *pair = &stats->pairs[stats->pair_count++];
    memset(pair, 0, sizeof(*pair));
    pair->agent[0] = a < b ? a : b;
    pair->agent[1] = a < b ? b : a;
    return pair;
}

/* A tally seen from the other side: wins and losses swap. */
static struct tally mirror(struct tally t)
{
    struct tally m = {t.games, t.losses, t.draws, t.wins};
    return m;
}

static void add_tally(struct tally *sum, const struct tally *t)
{
    sum->games += t->games;
    sum->wins += t->wins;
    sum->draws += t->draws;
    sum->losses += t->losses;
}

struct tally tourney_pair_tally(const struct pair_stats *pair, size_t a, int seat)
{
    struct tally t = {0, 0, 0, 0};
    if (seat < 0) {
        add_tally(&t, &pair->seat[0]);
        add_tally(&t, &pair->seat[1]);
    } else {
        /* agent[1] in seat S is agent[0] in seat 1 - S. */
        t = pair->seat[a == pair->agent[0] ? seat : 1 - seat];
    }
    return a == pair->agent[0] ? t : mirror(t);
}

struct pentanomial tourney_pair_pentanomial(const struct pair_stats *pair, size_t a)
{
    struct pentanomial p = pair->penta;
    if (a != pair->agent[0]) {
        for (int k = 0; k < 5; k++) {
            p.count[k] = pair->penta.count[4 - k];
        }
    }
    return p;
}

struct tally tourney_stats_versus(const struct stats *stats, size_t a, size_t b, int seat)
{
    const struct pair_stats *pair = tourney_stats_pair(stats, a, b);
    struct tally none = {0, 0, 0, 0};
    return pair != NULL ? tourney_pair_tally(pair, a, seat) : none;
}

uint64_t tourney_stats_unpaired(const struct stats *stats)
{
    return stats->mismatched + stats->waiting_count;
}

size_t tourney_stats_repeating_pairs(const struct stats *stats, uint64_t *games,
                                     uint64_t *distinct)
{
    size_t count = 0;
    *games = 0;
    *distinct = 0;
    for (size_t p = 0; p < stats->pair_count; p++) {
        const struct pair_stats *pair = &stats->pairs[p];
        uint32_t played = pair->seat[0].games + pair->seat[1].games;
        if (pair->distinct < played) {
            count++;
            *games += played;
            *distinct += pair->distinct;
        }
    }
    return count;
}

/* Half points of the first seat in a finished game: 0, 1 or 2. */
static int first_seat_points(const struct game_record *record)
{
    return record->result == RESULT_DRAW ? 1 : record->result == RESULT_FIRST_WINS ? 2 : 0;
}

/* The sequential test at a completed pair (a match of two agents only;
 * agent 0 is the one tested). */
static void update_sprt(struct stats *stats, const struct pair_stats *pair)
{
    struct sprt_state *sprt = &stats->sprt;
    if (!sprt->settings.enabled || sprt->verdict != SPRT_CONTINUE || stats->agent_count != 2) {
        return;
    }
    struct pentanomial p = tourney_pair_pentanomial(pair, 0);
    sprt->llr = tourney_sprt_llr(&p, &sprt->settings);
    sprt->verdict = tourney_sprt_decide(&sprt->settings, sprt->llr);
    sprt->games = stats->games;
}

/* Removes the waiting game at position AT, moving the last into its place. */
static void stop_waiting(struct stats *stats, size_t at)
{
    tourney_id_map_remove(&stats->waiting_index, stats->waiting[at].index / 2);
    size_t last = --stats->waiting_count;
    if (at != last) {
        stats->waiting[at] = stats->waiting[last];
        /* The entry exists, so the map has room: this never allocates. */
        tourney_id_map_put(&stats->waiting_index, stats->waiting[at].index / 2, at);
    }
}

static int start_waiting(struct stats *stats, const struct game_record *record)
{
    if (stats->waiting_count == stats->waiting_capacity) {
        size_t capacity = stats->waiting_capacity ? stats->waiting_capacity * 2 : 16;
        struct waiting_game *waiting = realloc(stats->waiting, capacity * sizeof(*waiting));
        if (waiting == NULL) {
            return -1;
        }
        stats->waiting = waiting;
        stats->waiting_capacity = capacity;
    }
    if (tourney_id_map_put(&stats->waiting_index, record->index / 2, stats->waiting_count) != 0) {
        return -1;
    }
    struct waiting_game *w = &stats->waiting[stats->waiting_count++];
    w->index = record->index;
    w->agent[0] = record->agent[0];
    w->agent[1] = record->agent[1];
    w->points = first_seat_points(record);
    return 0;
}

/* Pairs game 2k with game 2k + 1, in whichever order they come: the first
 * to come waits (memory bounded by the games whose partner is still to
 * come), the second completes the pair. */
static int count_pair(struct stats *stats, const struct game_record *record,
                      struct pair_stats *pair)
{
    uint64_t at = 0;
    if (!tourney_id_map_get(&stats->waiting_index, record->index / 2, &at)) {
        return start_waiting(stats, record);
    }
    const struct waiting_game *w = &stats->waiting[at];
    bool partner = w->index != record->index && w->agent[0] == record->agent[1] &&
                   w->agent[1] == record->agent[0];
    if (!partner) {
        /* Not the game the schedule pairs it with (a log of another
         * schedule, or the same game twice): the earlier stays unpaired. */
        stats->mismatched++;
        stop_waiting(stats, at);
        return start_waiting(stats, record);
    }
    /* The even game's first player scores its points there, and the odd
     * game's second player's points. */
    bool record_even = record->index % 2 == 0;
    uint32_t first = record_even ? record->agent[0] : w->agent[0];
    int even_points = record_even ? first_seat_points(record) : w->points;
    int odd_points = record_even ? w->points : first_seat_points(record);
    int points = even_points + (2 - odd_points);
    stop_waiting(stats, at);
    pair->penta.count[first == pair->agent[0] ? points : 4 - points]++;
    update_sprt(stats, pair);
    return 0;
}

/* Counts the game among its pair's distinct games: its key, turned by the
 * pair and by who moved first, so that one set serves every pair. */
static int count_distinct(struct stats *stats, const struct game_record *record,
                          struct pair_stats *pair)
{
    struct digest128 key = tourney_record_game_key(record);
    uint64_t who = tourney_id_pair_key(record->agent[0], record->agent[1]) << 1 |
                   (record->agent[0] == pair->agent[0]);
    key.high ^= tourney_mix64(who);
    key.low ^= tourney_mix64(~who);
    int added = tourney_key_set_add(&stats->seen, key);
    if (added < 0) {
        return -1;
    }
    pair->distinct += (uint32_t)added;
    stats->repeated += (uint64_t)(added == 0);
    return 0;
}

/* Every agent's games and points, when the games counted reach a
 * checkpoint. */
static void note_history(struct stats *stats)
{
    struct score_point *row = tourney_score_history_due(&stats->history, stats->games);
    for (size_t i = 0; row != NULL && i < stats->agent_count; i++) {
        const struct tally *t = &stats->agents[i].all;
        row[i].games = t->games;
        row[i].points = 2 * t->wins + t->draws;
    }
}

/* The moves' figures: nodes, depth, times. */
static int count_moves(struct stats *stats, const struct game_record *record)
{
    for (size_t i = 0; i < record->move_count; i++) {
        const struct move_record *move = &record->moves[i];
        struct agent_stats *agent = &stats->agents[record->agent[move->seat]];
        if (tourney_histogram_add(&agent->times, move->time_ns) != 0) {
            return -1;
        }
        agent->moves++;
        agent->nodes += move->nodes;
        agent->depth_sum += move->depth > 0 ? (uint64_t)move->depth : 0;
        agent->think_ns += move->time_ns;
        if (move->time_ns > agent->max_ns) {
            agent->max_ns = move->time_ns;
        }
        if (move->time_ns > stats->budget_ns) {
            agent->over_budget++;
        }
        if (move->depth >= 1 && move->nodes >= 1) {
            agent->ebf_moves++;
            agent->ebf_nodes += move->nodes;
            agent->ebf_depths[move->depth < EBF_DEPTH_MAX ? move->depth : EBF_DEPTH_MAX]++;
        }
    }
    return 0;
}

/* Keeps GAME among the FAULT_GAMES_KEPT lowest in KEPT (ascending,
 * UINT32_MAX for none). */
static void note_fault_game(uint32_t *kept, uint32_t game)
{
    for (size_t k = 0; k < FAULT_GAMES_KEPT; k++) {
        if (game < kept[k]) {
            uint32_t moved = kept[k];
            kept[k] = game;
            game = moved;
        }
    }
}

enum alloc_status tourney_stats_add(struct stats *stats, const struct game_record *record)
{
    struct pair_stats *pair = pair_entry(stats, record->agent[0], record->agent[1]);
    if (pair == NULL || count_distinct(stats, record, pair) != 0) {
        return ALLOC_NO_MEMORY;
    }
    stats->games++;
    for (int seat = 0; seat < 2; seat++) {
        uint32_t me = record->agent[seat];
        uint32_t them = record->agent[1 - seat];
        int outcome = record->result == RESULT_DRAW                          ? 0
                      : (record->result == RESULT_FIRST_WINS) == (seat == 0) ? 1
                                                                             : -1;
        struct agent_stats *agent = &stats->agents[me];
        count(&stats->seat[seat], outcome);
        count(&agent->all, outcome);
        count(&agent->seat[seat], outcome);
        if (stats->is_random[them]) {
            count(&agent->vs_random, outcome);
        }
        if (me == pair->agent[0]) {
            count(&pair->seat[seat], outcome);
        }
        if (record->fault_seat == seat) {
            agent->faults[record->termination]++;
            note_fault_game(agent->fault_games[record->termination], record->index);
        }
    }
    if (count_pair(stats, record, pair) != 0 || count_moves(stats, record) != 0) {
        return ALLOC_NO_MEMORY;
    }
    if (stats->clock.base_ns > 0) {
        count_clocks(stats, record);
    }
    stats->plies += record->move_count;
    stats->terminations[record->termination]++;
    tourney_game_lengths_add(&stats->lengths, record->move_count);
    note_history(stats);
    return ALLOC_OK;
}

struct interval tourney_wilson(uint32_t successes, uint32_t n, double z)
{
    struct interval result = {0.0, 1.0};
    if (n == 0) {
        return result;
    }
    double p = (double)successes / n;
    double z2 = z * z;
    double denominator = 1.0 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denominator;
    double half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * (double)n * n)) / denominator;
    result.low = fmax(0.0, centre - half);
    result.high = fmin(1.0, centre + half);
    return result;
}

/* 1 + b + ... + b^depth, stopping early once it passes LIMIT. */
static double geometric_sum(double b, int depth, double limit)
{
    double sum = 1.0;
    double term = 1.0;
    for (int i = 0; i < depth && sum <= limit; i++) {
        term *= b;
        sum += term;
    }
    return sum;
}

double tourney_ebf(uint64_t nodes, int depth)
{
    if (depth < 1 || nodes < 1) {
        return 0.0;
    }
    double target = (double)nodes;
    double low = 0.0;
    double high = target;
    /* The sum grows monotonically in b >= 0: bisect to double precision. */
    for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
        double mid = 0.5 * (low + high);
        if (geometric_sum(mid, depth, target) > target) {
            high = mid;
        } else {
            low = mid;
        }
    }
    return 0.5 * (low + high);
}

/* The nodes uniform trees of branching B visit, DEPTHS[d] of depth d,
 * stopping early once past LIMIT. */
static double trees_nodes(double b, const uint32_t *depths, double limit)
{
    double sum = 0.0;
    for (int d = 1; d <= EBF_DEPTH_MAX && sum <= limit; d++) {
        if (depths[d] > 0) {
            sum += depths[d] * geometric_sum(b, d, limit);
        }
    }
    return sum;
}

double tourney_ebf_total(uint64_t nodes, const uint32_t *depths)
{
    double target = (double)nodes;
    if (!(trees_nodes(0.0, depths, target) < target)) {
        return 0.0; /* no moves, or no more nodes than roots */
    }
    double low = 0.0;
    double high = target;
    for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
        double mid = 0.5 * (low + high);
        if (trees_nodes(mid, depths, target) > target) {
            high = mid;
        } else {
            low = mid;
        }
    }
    return 0.5 * (low + high);
}

double tourney_rate(uint32_t count_, uint32_t games)
{
    return games ? (double)count_ / games : 0.0;
}

double tourney_score_rate(const struct tally *tally)
{
    return tally->games ? (tally->wins + 0.5 * tally->draws) / tally->games : 0.0;
}

void tourney_stats_summarize(const struct stats *stats, size_t index, struct agent_summary *out)
{
    const struct agent_stats *agent = &stats->agents[index];
    memset(out, 0, sizeof(*out));
    out->win_rate = tourney_rate(agent->all.wins, agent->all.games);
    out->win_interval = tourney_wilson(agent->all.wins, agent->all.games, TOURNEY_Z95);
    out->score_rate = tourney_score_rate(&agent->all);
    if (agent->all.games > 0) {
        out->moves_per_game = (double)agent->moves / agent->all.games;
    }
    if (agent->moves > 0) {
        out->nodes_per_move = (double)agent->nodes / (double)agent->moves;
        out->depth_per_move = (double)agent->depth_sum / (double)agent->moves;
        out->mean_ms = (double)agent->think_ns / (double)agent->moves / 1e6;
        out->median_ms = tourney_histogram_quantile(&agent->times, 0.5) / 1e6;
        out->p95_ms = tourney_histogram_quantile(&agent->times, 0.95) / 1e6;
        out->max_ms = (double)agent->max_ns / 1e6;
    }
    if (agent->ebf_moves > 0) {
        out->ebf = tourney_ebf_total(agent->ebf_nodes, agent->ebf_depths);
    }
    out->total_s = (double)agent->think_ns / 1e9;
    if (agent->think_ns > 0) {
        out->nodes_per_second = (double)agent->nodes / out->total_s;
    }
    if (agent->all.games > 0) {
        out->clock_per_game_s = out->total_s / agent->all.games;
    }
    if (agent->lowest_clock_ns != UINT64_MAX) {
        out->lowest_clock_s = (double)agent->lowest_clock_ns / 1e9;
    }
}

size_t tourney_stats_history_length(const struct stats *stats)
{
    const struct score_history *h = &stats->history;
    return h->count + (stats->games > h->count * h->every);
}

uint64_t tourney_stats_history_point(const struct stats *stats, size_t k, size_t agent,
                                     struct score_point *point)
{
    const struct score_history *h = &stats->history;
    if (k < h->count) {
        *point = *tourney_score_history_at(h, k, agent);
        return (k + 1) * h->every;
    }
    const struct tally *t = &stats->agents[agent].all;
    point->games = t->games;
    point->points = 2 * t->wins + t->draws;
    return stats->games;
}

/* An agent's place in the standings: score, then wins, then name order
 * (its index). */
struct standing {
    double score;
    uint32_t wins;
    size_t agent;
};

static int compare_standings(const void *a, const void *b)
{
    const struct standing *x = a;
    const struct standing *y = b;
    if (x->score != y->score) {
        return x->score > y->score ? -1 : 1;
    }
    if (x->wins != y->wins) {
        return x->wins > y->wins ? -1 : 1;
    }
    return x->agent < y->agent ? -1 : x->agent > y->agent;
}

int tourney_stats_standings(const struct stats *stats, size_t *order)
{
    struct standing *all = calloc(stats->agent_count + 1, sizeof(*all));
    if (all == NULL) {
        return -1;
    }
    for (size_t i = 0; i < stats->agent_count; i++) {
        all[i].score = tourney_score_rate(&stats->agents[i].all);
        all[i].wins = stats->agents[i].all.wins;
        all[i].agent = i;
    }
    qsort(all, stats->agent_count, sizeof(*all), compare_standings);
    for (size_t i = 0; i < stats->agent_count; i++) {
        order[i] = all[i].agent;
    }
    free(all);
    return 0;
}
