#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tourney_stats_init(struct stats *stats, size_t agent_count, const bool *is_random,
                       uint64_t budget_ns)
{
    memset(stats, 0, sizeof(*stats));
    stats->agent_count = agent_count;
    stats->budget_ns = budget_ns;
    stats->agents = calloc(agent_count + 1, sizeof(*stats->agents));
    stats->cross = calloc(agent_count * agent_count + 1, sizeof(*stats->cross));
    stats->pairs = calloc(agent_count * agent_count + 1, sizeof(*stats->pairs));
    stats->cross_seat = calloc(agent_count * agent_count * 2 + 1, sizeof(*stats->cross_seat));
    stats->is_random = calloc(agent_count + 1, sizeof(*stats->is_random));
    tourney_game_lengths_init(&stats->lengths);
    if (stats->agents == NULL || stats->cross == NULL || stats->pairs == NULL ||
        stats->cross_seat == NULL || stats->is_random == NULL ||
        tourney_score_history_init(&stats->history, agent_count) != 0) {
        tourney_stats_finish(stats);
        return -1;
    }
    for (size_t i = 0; i < agent_count; i++) {
        stats->agents[i].lowest_clock_ns = UINT64_MAX;
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
    free(stats->cross);
    free(stats->pairs);
    free(stats->cross_seat);
    free(stats->is_random);
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
        left[seat] = left[seat] > move->time_ns ? left[seat] - move->time_ns : 0;
        note_clock(&stats->agents[record->agent[seat]], left[seat]);
        left[seat] += stats->clock.increment_ns;
    }
    if (record->termination == TERMINATION_TIME_FORFEIT &&
        (record->fault_seat == 0 || record->fault_seat == 1)) {
        note_clock(&stats->agents[record->agent[record->fault_seat]], 0);
    }
}

/* Half points of each seat in a finished game. */
static void half_points(const struct game_record *record, int points[2])
{
    points[0] = record->result == RESULT_DRAW ? 1 : record->result == RESULT_FIRST_WINS ? 2 : 0;
    points[1] = 2 - points[0];
}

/* Pairs game 2k + 1 with game 2k when both are in, and updates the
 * sequential test at each complete pair. */
static void count_pair(struct stats *stats, const struct game_record *record)
{
    struct pending_game *p = &stats->pending;
    int points[2];
    half_points(record, points);
    bool partner = p->waiting && record->index % 2 == 1 && p->index + 1 == record->index &&
                   p->agent[0] == record->agent[1] && p->agent[1] == record->agent[0];
    if (!partner) {
        stats->unpaired += p->waiting;
        p->waiting = true;
        p->index = record->index;
        p->agent[0] = record->agent[0];
        p->agent[1] = record->agent[1];
        p->points[0] = points[0];
        p->points[1] = points[1];
        return;
    }
    p->waiting = false;
    size_t n = stats->agent_count;
    uint32_t a = p->agent[0];
    uint32_t b = p->agent[1];
    int a_points = p->points[0] + points[1]; /* a was first, then second */
    stats->pairs[a * n + b].count[a_points]++;
    stats->pairs[b * n + a].count[4 - a_points]++;
    struct sprt_state *sprt = &stats->sprt;
    if (sprt->settings.enabled && sprt->verdict == SPRT_CONTINUE && n == 2) {
        sprt->llr =
            tourney_sprt_llr(&stats->pairs[0 * n + 1], sprt->settings.elo0, sprt->settings.elo1);
        sprt->verdict = tourney_sprt_decide(&sprt->settings, sprt->llr);
        sprt->games = stats->games;
    }
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

void tourney_stats_add(struct stats *stats, const struct game_record *record)
{
    stats->games++;
    count_pair(stats, record);
    stats->plies += record->move_count;
    stats->terminations[record->termination]++;
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
        count(&stats->cross[me * stats->agent_count + them], outcome);
        count(&stats->cross_seat[(me * stats->agent_count + them) * 2 + (size_t)seat], outcome);
        if (record->fault_seat == seat) {
            agent->faults[record->termination]++;
        }
    }
    for (size_t i = 0; i < record->move_count; i++) {
        const struct move_record *move = &record->moves[i];
        struct agent_stats *agent = &stats->agents[record->agent[move->seat]];
        tourney_histogram_add(&agent->times, move->time_ns);
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
            agent->ebf_sum += tourney_ebf(move->nodes, move->depth);
            agent->ebf_moves++;
        }
    }
    if (stats->clock.base_ns > 0) {
        count_clocks(stats, record);
    }
    tourney_game_lengths_add(&stats->lengths, record->move_count);
    note_history(stats);
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
        out->ebf = agent->ebf_sum / (double)agent->ebf_moves;
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

/* qsort has no context argument; standings are few, so insertion sort. */
static bool ranks_before(const struct stats *stats, size_t a, size_t b)
{
    const struct tally *x = &stats->agents[a].all;
    const struct tally *y = &stats->agents[b].all;
    double sx = tourney_score_rate(x);
    double sy = tourney_score_rate(y);
    if (sx != sy) {
        return sx > sy;
    }
    if (x->wins != y->wins) {
        return x->wins > y->wins;
    }
    return a < b;
}

void tourney_stats_standings(const struct stats *stats, size_t *order)
{
    for (size_t i = 0; i < stats->agent_count; i++) {
        size_t j = i;
        while (j > 0 && ranks_before(stats, i, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}
