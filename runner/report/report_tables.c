#include "report.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin.h"
#include "text_escape.h"

/* A pair's place in the pair tables: the better placed agent's rank, then
 * the other's. */
struct pair_place {
    size_t first;
    size_t second;
    size_t position; /* in stats->pairs */
};

static int compare_places(const void *x, const void *y)
{
    const struct pair_place *a = x;
    const struct pair_place *b = y;
    if (a->first != b->first) {
        return a->first < b->first ? -1 : 1;
    }
    return a->second < b->second ? -1 : a->second > b->second;
}

/* The pairs in rank order (report->pair_order) and grouped by agent
 * (report->by_agent): each a sort of a list as long as the pairs. */
static int order_pairs(struct report *report)
{
    const struct stats *stats = report->input->stats;
    size_t count = stats->pair_count;
    struct pair_place *places = calloc(2 * count + 1, sizeof(*places));
    report->pair_order = calloc(count + 1, sizeof(*report->pair_order));
    report->by_agent = calloc(2 * count + 1, sizeof(*report->by_agent));
    report->by_agent_start = calloc(stats->agent_count + 2, sizeof(*report->by_agent_start));
    if (places == NULL || report->pair_order == NULL || report->by_agent == NULL ||
        report->by_agent_start == NULL) {
        free(places);
        return -1;
    }
    for (size_t p = 0; p < count; p++) {
        size_t ra = report->rank[stats->pairs[p].agent[0]];
        size_t rb = report->rank[stats->pairs[p].agent[1]];
        places[p].first = ra < rb ? ra : rb;
        places[p].second = ra < rb ? rb : ra;
        places[p].position = p;
    }
    qsort(places, count, sizeof(*places), compare_places);
    for (size_t p = 0; p < count; p++) {
        report->pair_order[p] = places[p].position;
    }
    /* By agent, then opponent: each pair once from either side. */
    for (size_t p = 0; p < count; p++) {
        for (int side = 0; side < 2; side++) {
            places[2 * p + (size_t)side].first = stats->pairs[p].agent[side];
            places[2 * p + (size_t)side].second = stats->pairs[p].agent[1 - side];
            places[2 * p + (size_t)side].position = p;
        }
    }
    qsort(places, 2 * count, sizeof(*places), compare_places);
    for (size_t k = 0; k < 2 * count; k++) {
        report->by_agent[k] = places[k].position;
        report->by_agent_start[places[k].first + 1]++;
    }
    for (size_t a = 1; a <= stats->agent_count; a++) {
        report->by_agent_start[a] += report->by_agent_start[a - 1];
    }
    free(places);
    return 0;
}

/* The line on the pairs that repeated games, when some did. */
static void describe_repeats(struct report *report)
{
    const struct stats *stats = report->input->stats;
    uint64_t games = 0;
    uint64_t distinct = 0;
    size_t pairs = tourney_stats_repeating_pairs(stats, &games, &distinct);
    report->repeats[0] = '\0';
    if (pairs == 0) {
        return;
    }
    /* What would vary the starts, from what the config already does. */
    const struct tournament_settings *settings = report->input->settings;
    const char *remedy = "set openings or opening_plies to start from varied positions";
    if (settings->openings.path != NULL) {
        remedy = "an openings file with more positions than rounds would vary the starts";
    } else if (settings->opening_plies > 0) {
        remedy = "more opening_plies, or an openings file, would vary the starts";
    }
    snprintf(report->repeats, sizeof(report->repeats),
             "Repeated games: %zu of %zu pairs played the same game more than once (%" PRIu64
             " distinct of %" PRIu64 " games), so their games are weaker evidence than "
             "their number says; %s.",
             pairs, stats->pair_count, distinct, games, remedy);
}

/* The pairs' Elo estimates, each computed once per distinct set of results:
 * a large field's pairs share a handful (two games a pair have nine), and
 * each estimate solves for its interval's ends. A direct-mapped cache keyed
 * by the results, compared exactly. */
#define ESTIMATE_CACHE 1024

/* Under the pairs: why an interval reads +inf (the ratings, with their
 * prior, never do). */
#define UNBOUNDED_PAIR_NOTE                                                                  \
    "An agent that won every game of a pair has an interval open above (+inf, and -inf for " \
    "its opponent): one-sided, since no finite Elo difference is too large for a perfect "   \
    "score."

struct cached_estimate {
    bool used;
    struct tally tally;
    struct pentanomial penta;
    struct elo_estimate estimate;
};

static int estimate_pairs(struct report *report)
{
    const struct stats *stats = report->input->stats;
    struct cached_estimate *cache = calloc(ESTIMATE_CACHE, sizeof(*cache));
    if (cache == NULL) {
        return -1;
    }
    for (size_t p = 0; p < stats->pair_count; p++) {
        const struct pair_stats *pair = &stats->pairs[p];
        struct tally t = tourney_pair_tally(pair, pair->agent[0], -1);
        uint64_t hash = ((uint64_t)t.wins * 1000003u + t.draws) * 1000003u + t.losses;
        for (int k = 0; k < 5; k++) {
            hash = hash * 1000003u + pair->penta.count[k];
        }
        struct cached_estimate *slot = &cache[(hash ^ (hash >> 29)) % ESTIMATE_CACHE];
        if (!slot->used || memcmp(&slot->tally, &t, sizeof(t)) != 0 ||
            memcmp(&slot->penta, &pair->penta, sizeof(pair->penta)) != 0) {
            slot->used = true;
            slot->tally = t;
            slot->penta = pair->penta;
            slot->estimate = tourney_elo_estimate_paired(t.wins, t.draws, t.losses, &pair->penta);
        }
        report->pair_elo[p] = slot->estimate;
    }
    free(cache);
    return 0;
}

int tourney_report_init(struct report *report, const struct report_input *input)
{
    const struct stats *stats = input->stats;
    size_t count = stats->agent_count;
    memset(report, 0, sizeof(*report));
    report->input = input;
    report->summaries = calloc(count + 1, sizeof(*report->summaries));
    report->order = calloc(count + 1, sizeof(*report->order));
    report->rank = calloc(count + 1, sizeof(*report->rank));
    report->pair_elo = calloc(stats->pair_count + 1, sizeof(*report->pair_elo));
    if (report->summaries == NULL || report->order == NULL || report->rank == NULL ||
        report->pair_elo == NULL || tourney_stats_standings(stats, report->order) != 0) {
        tourney_report_finish(report);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        tourney_stats_summarize(stats, i, &report->summaries[i]);
        report->rank[report->order[i]] = i;
    }
    describe_repeats(report);
    if (estimate_pairs(report) != 0 || order_pairs(report) != 0 ||
        tourney_ratings_fit(&report->ratings, stats, input->settings->rating_anchor) != 0) {
        tourney_report_finish(report);
        return -1;
    }
    return 0;
}

void tourney_report_finish(struct report *report)
{
    free(report->summaries);
    free(report->order);
    free(report->rank);
    free(report->pair_elo);
    free(report->pair_order);
    free(report->by_agent);
    free(report->by_agent_start);
    tourney_ratings_finish(&report->ratings);
    memset(report, 0, sizeof(*report));
}

struct elo_estimate tourney_report_pair_elo(const struct report *report, size_t a, size_t b)
{
    const struct stats *stats = report->input->stats;
    const struct pair_stats *pair = tourney_stats_pair(stats, a, b);
    if (pair == NULL) {
        return tourney_elo_estimate(0, 0, 0);
    }
    const struct elo_estimate *e = &report->pair_elo[pair - stats->pairs];
    return a == pair->agent[0] ? *e : tourney_elo_turn(e);
}

/* "62.5" for a rate of 0.625, or "-" when there were no games. */
static void percent_cell(struct table *table, uint32_t count, uint32_t games)
{
    if (games == 0) {
        tourney_table_cell(table, "-");
    } else {
        tourney_table_cell(table, "%.1f", 100.0 * count / games);
    }
}

/* A table with a header row, every column right-aligned but the names in
 * column TEXT_COLUMN. */
static int start_table(struct table *table, const char *const *headers, size_t columns,
                       size_t text_column)
{
    if (tourney_table_init(table, columns) != 0) {
        return -1;
    }
    tourney_table_row(table);
    for (size_t c = 0; c < columns; c++) {
        tourney_table_cell(table, "%s", headers[c]);
        if (c != text_column) {
            tourney_table_align_right(table, c);
        }
    }
    return 0;
}

/* "[+12.0, +80.3]", with bounds and unknowns spelt out. */
static void elo_interval_cell(struct table *table, struct elo_value low, struct elo_value high)
{
    char a[32];
    char b[32];
    tourney_elo_format(low, a, sizeof(a));
    tourney_elo_format(high, b, sizeof(b));
    if (low.kind == ELO_UNKNOWN) {
        tourney_table_cell(table, "-");
    } else {
        tourney_table_cell(table, "[%s, %s]", a, b);
    }
}

static void elo_cell(struct table *table, struct elo_value value)
{
    char text[32];
    tourney_elo_format(value, text, sizeof(text));
    tourney_table_cell(table, "%s", text);
}

int tourney_report_standings(const struct report *report, size_t rows, struct table *table)
{
    static const char *const headers[] = {"#",          "agent",    "games",         "W",
                                          "D",          "L",        "score%",        "Elo",
                                          "Elo 95% CI", "overlaps", "win%",          "win% 95% CI",
                                          "win% 1st",   "win% 2nd", "win% vs random"};
    if (start_table(table, headers, sizeof(headers) / sizeof(headers[0]), 1) != 0) {
        return -1;
    }
    /* Left out on a narrow console, first to last: the win rate's interval,
     * as second, as first, the win rate, the Elo interval, and the ranks
     * whose intervals overlap (which say at a glance what the interval
     * does). The win rate against random, the question a field
     * with random answers, stays while random plays; without it, it is the
     * first to go. */
    const struct stats *stats = report->input->stats;
    bool random_plays = false;
    for (size_t a = 0; a < stats->agent_count; a++) {
        random_plays |= stats->is_random[a] && stats->agents[a].all.games > 0;
    }
    static const size_t with_random[] = {11, 13, 12, 10, 8, 9};
    static const size_t without_random[] = {14, 11, 13, 12, 10, 8, 9};
    if (random_plays) {
        tourney_table_optional_in_order(table, with_random, 6);
    } else {
        tourney_table_optional_in_order(table, without_random, 7);
    }
    for (size_t rank = 0; rank < stats->agent_count && rank < rows; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *agent = &stats->agents[i];
        const struct agent_summary *summary = &report->summaries[i];
        tourney_table_row(table);
        tourney_table_cell(table, "%zu", rank + 1);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        tourney_table_cell(table, "%" PRIu32, agent->all.games);
        tourney_table_cell(table, "%" PRIu32, agent->all.wins);
        tourney_table_cell(table, "%" PRIu32, agent->all.draws);
        tourney_table_cell(table, "%" PRIu32, agent->all.losses);
        if (agent->all.games > 0) {
            tourney_table_cell(table, "%.1f", 100.0 * summary->score_rate);
        } else {
            tourney_table_cell(table, "-");
        }
        const struct rating *rating = &report->ratings.agents[i];
        char text[32];
        tourney_rating_format(rating, text, sizeof(text));
        tourney_table_cell(table, "%s", text);
        if (rating->elo.kind == ELO_FINITE) {
            elo_interval_cell(table, rating->low, rating->high);
        } else {
            tourney_table_cell(table, "-");
        }
        char overlaps[64];
        tourney_report_overlaps(report, rank, overlaps, sizeof(overlaps));
        tourney_table_cell(table, "%s", overlaps[0] != '\0' ? overlaps : "-");
        percent_cell(table, agent->all.wins, agent->all.games);
        if (agent->all.games > 0) {
            tourney_table_cell(table, "[%.1f, %.1f]", 100.0 * summary->win_interval.low,
                               100.0 * summary->win_interval.high);
        } else {
            tourney_table_cell(table, "-");
        }
        percent_cell(table, agent->seat[0].wins, agent->seat[0].games);
        percent_cell(table, agent->seat[1].wins, agent->seat[1].games);
        percent_cell(table, agent->vs_random.wins, agent->vs_random.games);
    }
    return table->failed ? -1 : 0;
}

int tourney_report_faults(const struct report *report, size_t rows, struct table *table)
{
    static const char *const headers[] = {"agent", "fault", "games", "first games"};
    if (start_table(table, headers, sizeof(headers) / sizeof(headers[0]), 0) != 0) {
        return -1;
    }
    table->right[1] = false; /* words and lists read from the left */
    table->right[3] = false;
    const struct stats *stats = report->input->stats;
    size_t shown = 0;
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *agent = &stats->agents[i];
        for (int t = 1; t < TERMINATION_COUNT && shown < rows; t++) {
            if (agent->faults[t] == 0) {
                continue;
            }
            shown++;
            tourney_table_row(table);
            tourney_table_cell(table, "%s", report->input->agents[i].name);
            tourney_table_cell(table, "%s", tourney_termination_name((enum termination)t));
            tourney_table_cell(table, "%" PRIu32, agent->faults[t]);
            char games[64] = "";
            size_t used = 0;
            for (size_t k = 0; k < FAULT_GAMES_KEPT && agent->fault_games[t][k] != UINT32_MAX;
                 k++) {
                used += (size_t)snprintf(games + used, sizeof(games) - used, "%s%" PRIu32,
                                         k ? ", " : "", agent->fault_games[t][k]);
            }
            tourney_table_cell(table, "%s%s", games,
                               agent->faults[t] > FAULT_GAMES_KEPT ? ", ..." : "");
        }
    }
    return table->failed ? -1 : 0;
}

bool tourney_report_has_unbounded_pair(const struct report *report)
{
    for (size_t p = 0; p < report->input->stats->pair_count; p++) {
        const struct elo_estimate *e = &report->pair_elo[p];
        if (e->low.kind == ELO_BELOW || e->high.kind == ELO_ABOVE) {
            return true;
        }
    }
    return false;
}

bool tourney_report_has_faults(const struct report *report)
{
    const struct stats *stats = report->input->stats;
    for (int t = 1; t < TERMINATION_COUNT; t++) {
        if (stats->terminations[t] > 0) {
            return true;
        }
    }
    return false;
}

int tourney_report_crosstable(const struct report *report, size_t rows, struct table *table)
{
    (void)rows; /* only fields of up to REPORT_CROSSTABLE_MAX agents have one */
    const struct stats *stats = report->input->stats;
    size_t count = stats->agent_count;
    if (tourney_table_init(table, count + 1) != 0) {
        return -1;
    }
    tourney_table_row(table);
    tourney_table_cell(table, "W-D-L (row vs column)");
    for (size_t rank = 0; rank < count; rank++) {
        tourney_table_cell(table, "%s", report->input->agents[report->order[rank]].name);
        tourney_table_align_right(table, rank + 1);
        /* A narrow console loses the lowest ranked agents' columns first. */
        tourney_table_optional(table, rank + 1, (unsigned)(rank + 1));
    }
    for (size_t row = 0; row < count; row++) {
        size_t i = report->order[row];
        tourney_table_row(table);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        for (size_t column = 0; column < count; column++) {
            size_t j = report->order[column];
            struct tally t = tourney_stats_versus(stats, i, j, -1);
            if (i == j || t.games == 0) {
                tourney_table_cell(table, "-");
            } else {
                tourney_table_cell(table, "%" PRIu32 "-%" PRIu32 "-%" PRIu32, t.wins, t.draws,
                                   t.losses);
            }
        }
    }
    return table->failed ? -1 : 0;
}

/* Every pair that played, once, the better-placed agent first: games and
 * distinct games, the pairwise Elo difference with its interval (and what
 * it is from) and LOS, and the pentanomial count. */
int tourney_report_pairs(const struct report *report, size_t rows, struct table *table)
{
    static const char *const headers[] = {
        "agent",      "opponent", "games", "distinct",          "W-D-L", "score%", "Elo",
        "Elo 95% CI", "CI from",  "LOS%",  "pairs 0-.5-1-1.5-2"};
    if (start_table(table, headers, sizeof(headers) / sizeof(headers[0]), 0) != 0) {
        return -1;
    }
    tourney_table_align_right(table, 1);
    /* Left out on a narrow console, first to last: the pentanomial count,
     * what the interval is from, LOS, distinct games, the Elo interval. */
    static const size_t optional[] = {10, 8, 9, 3, 7};
    tourney_table_optional_in_order(table, optional, sizeof(optional) / sizeof(optional[0]));
    const struct stats *stats = report->input->stats;
    for (size_t k = 0; k < stats->pair_count && k < rows; k++) {
        const struct pair_stats *pair = &stats->pairs[report->pair_order[k]];
        bool first_ahead = report->rank[pair->agent[0]] < report->rank[pair->agent[1]];
        size_t i = pair->agent[first_ahead ? 0 : 1];
        size_t j = pair->agent[first_ahead ? 1 : 0];
        struct tally t = tourney_pair_tally(pair, i, -1);
        struct elo_estimate e = tourney_report_pair_elo(report, i, j);
        struct pentanomial p = tourney_pair_pentanomial(pair, i);
        tourney_table_row(table);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        tourney_table_cell(table, "%s", report->input->agents[j].name);
        tourney_table_cell(table, "%" PRIu32, t.games);
        tourney_table_cell(table, "%" PRIu32, pair->distinct);
        tourney_table_cell(table, "%" PRIu32 "-%" PRIu32 "-%" PRIu32, t.wins, t.draws, t.losses);
        tourney_table_cell(table, "%.1f", 100.0 * e.score);
        elo_cell(table, e.elo);
        elo_interval_cell(table, e.low, e.high);
        tourney_table_cell(table, "%" PRIu32 " %s", e.units, e.paired ? "pairs" : "games");
        tourney_table_cell(table, "%.1f", 100.0 * e.los);
        tourney_table_cell(table, "%" PRIu32 "-%" PRIu32 "-%" PRIu32 "-%" PRIu32 "-%" PRIu32,
                           p.count[0], p.count[1], p.count[2], p.count[3], p.count[4]);
    }
    return table->failed ? -1 : 0;
}

/* The likelihood that A is stronger than B: from their pair when they met
 * (*FROM_PAIR set), else from the field's ratings, the difference over its
 * standard error (each rating's, their covariance left out). */
static double leader_los(const struct report *report, size_t a, size_t b, bool *from_pair)
{
    const struct stats *stats = report->input->stats;
    const struct pair_stats *pair = tourney_stats_pair(stats, a, b);
    *from_pair = pair != NULL;
    if (pair != NULL) {
        const struct elo_estimate *e = &report->pair_elo[pair - stats->pairs];
        return pair->agent[0] == a ? e->los : 1.0 - e->los;
    }
    const struct rating *ra = &report->ratings.agents[a];
    const struct rating *rb = &report->ratings.agents[b];
    double se = sqrt(ra->stderr_elo * ra->stderr_elo + rb->stderr_elo * rb->stderr_elo);
    if (ra->elo.kind != ELO_FINITE || rb->elo.kind != ELO_FINITE || !(se > 0.0)) {
        return 0.5;
    }
    return 0.5 * (1.0 + erf((ra->elo.value - rb->elo.value) / se / sqrt(2.0)));
}

void tourney_report_leader(const struct report *report, struct leader_verdict *verdict)
{
    const struct stats *stats = report->input->stats;
    struct elo_value unknown = {.kind = ELO_UNKNOWN};
    *verdict = (struct leader_verdict){.leader = SIZE_MAX,
                                       .second = SIZE_MAX,
                                       .margin = unknown,
                                       .margin_low = unknown,
                                       .margin_high = unknown};
    if (stats->games == 0 || stats->agent_count == 0) {
        return;
    }
    verdict->leader = report->order[0];
    if (stats->agent_count == 1) {
        verdict->separated = true;
        return;
    }
    size_t a = verdict->leader;
    size_t b = report->order[1];
    verdict->second = b;
    verdict->los = leader_los(report, a, b, &verdict->from_pair);
    verdict->separated = verdict->los >= LEADER_LOS;
    if (verdict->from_pair) {
        struct elo_estimate e = tourney_report_pair_elo(report, a, b);
        verdict->margin = e.elo;
        verdict->margin_low = e.low;
        verdict->margin_high = e.high;
        return;
    }
    /* Their ratings' difference, within 1.96 standard errors of it. */
    const struct rating *ra = &report->ratings.agents[a];
    const struct rating *rb = &report->ratings.agents[b];
    if (ra->elo.kind == ELO_FINITE && rb->elo.kind == ELO_FINITE) {
        double d = ra->elo.value - rb->elo.value;
        double half =
            TOURNEY_Z95 * sqrt(ra->stderr_elo * ra->stderr_elo + rb->stderr_elo * rb->stderr_elo);
        verdict->margin = tourney_elo_value(d);
        verdict->margin_low = tourney_elo_value(d - half);
        verdict->margin_high = tourney_elo_value(d + half);
    }
}

bool tourney_report_tied_with_leader(const struct report *report, size_t rank)
{
    bool from_pair = false;
    return leader_los(report, report->order[0], report->order[rank], &from_pair) < LEADER_LOS;
}

/* Whether the Elo intervals of agents A and B have a point in common. */
static bool intervals_overlap(const struct report *report, size_t a, size_t b)
{
    const struct rating *ra = &report->ratings.agents[a];
    const struct rating *rb = &report->ratings.agents[b];
    if (ra->elo.kind != ELO_FINITE || rb->elo.kind != ELO_FINITE) {
        return false;
    }
    /* An unbounded end (ELO_ABOVE, ELO_BELOW) reaches as far as can be. */
    double la = ra->low.kind == ELO_FINITE ? ra->low.value : -INFINITY;
    double ha = ra->high.kind == ELO_FINITE ? ra->high.value : INFINITY;
    double lb = rb->low.kind == ELO_FINITE ? rb->low.value : -INFINITY;
    double hb = rb->high.kind == ELO_FINITE ? rb->high.value : INFINITY;
    return la <= hb && lb <= ha;
}

void tourney_report_overlaps(const struct report *report, size_t rank, char *buf, size_t size)
{
    size_t count = report->input->stats->agent_count;
    /* The leader, the agent above and the one below, in rank order, once. */
    size_t candidates[3] = {0, rank > 0 ? rank - 1 : SIZE_MAX, rank + 1};
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < 3; k++) {
        size_t other = candidates[k];
        if (other == rank || other >= count || (k == 1 && other == 0)) {
            continue;
        }
        if (intervals_overlap(report, report->order[rank], report->order[other]) && used < size) {
            used += (size_t)snprintf(buf + used, size - used, "%s%zu", used ? "," : "", other + 1);
        }
    }
}

void tourney_report_describe_leader(const struct report *report, char *buf, size_t size)
{
    const struct stats *stats = report->input->stats;
    const struct report_agent *agents = report->input->agents;
    struct leader_verdict verdict;
    tourney_report_leader(report, &verdict);
    buf[0] = '\0';
    if (verdict.leader == SIZE_MAX) {
        return;
    }
    size_t top = verdict.leader;
    if (verdict.second == SIZE_MAX) {
        snprintf(buf, size, "Leader: %s.", agents[top].name);
        return;
    }
    if (verdict.separated) {
        snprintf(buf, size, "Leader: %s, ahead of %s with LOS %.1f%% (%s).", agents[top].name,
                 agents[verdict.second].name, 100.0 * verdict.los,
                 verdict.from_pair ? "their games" : "the field's ratings");
        return;
    }
    /* Tied: the first and every agent it is not surely ahead of. */
    size_t used = (size_t)snprintf(buf, size, "Tied at the top: %s", agents[top].name);
    size_t named = 1;
    size_t more = 0;
    for (size_t rank = 1; rank < stats->agent_count && used < size; rank++) {
        size_t b = report->order[rank];
        if (!tourney_report_tied_with_leader(report, rank)) {
            continue;
        }
        if (named < LEADER_TIED_NAMED) {
            used += (size_t)snprintf(buf + used, size - used, ", %s", agents[b].name);
            named++;
        } else {
            more++;
        }
    }
    if (used < size && more > 0) {
        used += (size_t)snprintf(buf + used, size - used, " and %zu more", more);
    }
    if (used < size) {
        snprintf(buf + used, size - used, " (%s is ahead of none of them with LOS >= %.0f%%).",
                 agents[top].name, 100.0 * LEADER_LOS);
    }
}

void tourney_report_describe_ratings(const struct report *report, char *buf, size_t size)
{
    /* The prior keeps every rating a number (ratings.h): no words for
     * bounds are needed. */
    const struct ratings *r = &report->ratings;
    if (r->anchor == ANCHOR_RANDOM) {
        snprintf(buf, size,
                 "Elo above %s: one fit to all games (Bradley-Terry, draws as half, %g virtual "
                 "draw a pair).",
                 report->input->agents[r->anchor_agent].name, r->prior_draws);
    } else {
        snprintf(buf, size,
                 "Elo around a mean of 0: one fit to all games (Bradley-Terry, draws as half, "
                 "%g virtual draw a pair).",
                 r->prior_draws);
    }
}

/* Whether the reports show ROW's line: a setting with a label, in the log,
 * and not the time per move of a game played on a clock, which no move had. */
static bool shown_setting(const struct setting *row, const struct tournament_settings *settings)
{
    return row->label != NULL && tourney_setting_in_log(row, settings) &&
           !(settings->time_control != NULL &&
             row->offset == offsetof(struct tournament_settings, time_per_move_ns));
}

bool tourney_report_next_setting(const struct report *report, size_t *next, const char **label,
                                 char *value, size_t size)
{
    size_t count = 0;
    const struct setting *table = tourney_settings_table(&count);
    while (*next < count && !shown_setting(&table[*next], report->input->settings)) {
        ++*next;
    }
    if (*next >= count) {
        return false;
    }
    const struct setting *row = &table[(*next)++];
    *label = row->label;
    tourney_setting_show(row, report->input->settings, value, size);
    return true;
}

void tourney_report_describe_sprt(const struct report *report, char *buf, size_t size)
{
    const struct stats *stats = report->input->stats;
    const struct sprt_state *sprt = &stats->sprt;
    buf[0] = '\0';
    if (!sprt->settings.enabled || stats->agent_count != 2) {
        return;
    }
    const struct sprt_settings *s = &sprt->settings;
    double lower = tourney_sprt_lower_bound(s->alpha, s->beta);
    double upper = tourney_sprt_upper_bound(s->alpha, s->beta);
    const char *a = report->input->agents[0].name;
    const char *b = report->input->agents[1].name;
    char state[200];
    if (sprt->verdict == SPRT_CONTINUE) {
        snprintf(state, sizeof(state),
                 "no verdict after %" PRIu64 " games, LLR %.3f in (%.3f, %.3f)", stats->games,
                 sprt->llr, lower, upper);
    } else {
        snprintf(state, sizeof(state), "%s after %" PRIu64 " games, LLR %.3f (bounds %.3f, %.3f)",
                 tourney_sprt_verdict_text(sprt->verdict), sprt->games, sprt->llr, lower, upper);
    }
    snprintf(buf, size,
             "SPRT of %s against %s (%s Elo, H0: elo = %g, H1: elo = %g, alpha %g, beta %g): %s.",
             a, b, tourney_sprt_model_name(s->model), s->elo0, s->elo1, s->alpha, s->beta, state);
}

int tourney_report_search(const struct report *report, size_t rows, struct table *table)
{
    /* The last columns: moves over the budget, or on a clock how much of
     * it a game took and the least that was ever left of it. */
    const struct stats *stats = report->input->stats;
    bool clock = stats->clock.base_ns > 0;
    const char *headers[] = {"agent",   "moves/game", "nodes/move",  "nodes total", "depth/move",
                             "EBF",     "ms/move",    "median ms",   "p95 ms",      "max ms",
                             "think s", "nodes/s",    "over budget", NULL};
    size_t columns = sizeof(headers) / sizeof(headers[0]) - 1;
    if (clock) {
        headers[columns - 1] = "clock s/game";
        headers[columns++] = "lowest clock s";
    }
    if (start_table(table, headers, columns, 0) != 0) {
        return -1;
    }
    /* Left out on a narrow console, first to last: nodes in total, think
     * time, the longest move, nodes per second, the median, depth, EBF. */
    static const size_t optional[] = {3, 10, 9, 11, 7, 4, 5};
    tourney_table_optional_in_order(table, optional, sizeof(optional) / sizeof(optional[0]));
    for (size_t rank = 0; rank < stats->agent_count && rank < rows; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *agent = &stats->agents[i];
        const struct agent_summary *s = &report->summaries[i];
        tourney_table_row(table);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        tourney_table_cell(table, "%.2f", s->moves_per_game);
        tourney_table_cell(table, "%.1f", s->nodes_per_move);
        tourney_table_cell(table, "%" PRIu64, agent->nodes);
        tourney_table_cell(table, "%.2f", s->depth_per_move);
        if (agent->ebf_moves > 0) {
            tourney_table_cell(table, "%.2f", s->ebf);
        } else {
            tourney_table_cell(table, "-");
        }
        tourney_table_cell(table, "%.3f", s->mean_ms);
        tourney_table_cell(table, "%.3f", s->median_ms);
        tourney_table_cell(table, "%.3f", s->p95_ms);
        tourney_table_cell(table, "%.3f", s->max_ms);
        tourney_table_cell(table, "%.3f", s->total_s);
        tourney_table_cell(table, "%.0f", s->nodes_per_second);
        if (clock) {
            tourney_table_cell(table, "%.3f", s->clock_per_game_s);
            tourney_table_cell(table, "%.3f", s->lowest_clock_s);
        } else {
            tourney_table_cell(table, "%" PRIu64, agent->over_budget);
        }
    }
    return table->failed ? -1 : 0;
}

/* Builds a table of at most ROWS rows with MAKE and prints it with PRINT. */
static int print_table(const struct report *report,
                       int (*make)(const struct report *, size_t, struct table *), size_t rows,
                       int (*print)(const struct table *, FILE *), FILE *out)
{
    struct table table;
    int status = make(report, rows, &table);
    if (status == 0) {
        status = print(&table, out);
    }
    tourney_table_finish(&table);
    return status;
}

/* Builds a table with MAKE and prints it to fit WIDTH characters (0: all
 * columns), saying which columns were left out. */
static void print_paragraph(const char *text, size_t width, FILE *out);

static int print_console_table(const struct report *report,
                               int (*make)(const struct report *, size_t, struct table *),
                               size_t width, FILE *out)
{
    struct table table;
    int status = make(report, REPORT_CONSOLE_ROWS, &table);
    bool *left_out = status == 0 ? calloc(table.columns + 1, sizeof(*left_out)) : NULL;
    int hidden = left_out != NULL ? tourney_table_print_fit(&table, width, left_out, out) : -1;
    if (hidden > 0) {
        /* The columns' names when they fit on a line, else how many. */
        char names[TABLE_CONSOLE_WIDTH] = "";
        size_t used = 0;
        for (size_t c = 0; c < table.columns && used < sizeof(names); c++) {
            if (left_out[c]) {
                used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
                                         used ? ", " : "", table.cells[c] ? table.cells[c] : "");
            }
        }
        char note[TABLE_CONSOLE_WIDTH + 80];
        if (used < sizeof(names) - 40) {
            snprintf(note, sizeof(note), "(left out to fit %zu columns: %s; --wide shows them)",
                     width, names);
        } else {
            snprintf(note, sizeof(note),
                     "(left out to fit %zu columns: %d columns; --wide shows them)", width,
                     hidden);
        }
        print_paragraph(note, width, out);
    }
    free(left_out);
    tourney_table_finish(&table);
    return status != 0 || hidden < 0 ? -1 : 0;
}

/* Under a console table cut to REPORT_CONSOLE_ROWS of TOTAL rows: how many
 * more there are, and which files (FILES) have them all. */
static void more_rows(FILE *out, size_t total, const char *what, const char *files)
{
    if (total > REPORT_CONSOLE_ROWS) {
        fprintf(out, "(and %zu more %s: %s have them all)\n", total - REPORT_CONSOLE_ROWS, what,
                files);
    }
}

/* TEXT as a paragraph of lines within WIDTH columns (0: one line), broken
 * at spaces; a word longer than WIDTH stands on a line of its own. */
static void print_paragraph(const char *raw, size_t width, FILE *out)
{
    /* It quotes names from a log anyone can edit (text_escape.h). */
    char shown[4 * 768];
    tourney_terminal_copy(shown, sizeof(shown), raw);
    const char *text = shown;
    while (width > 0 && strlen(text) > width) {
        size_t cut = width;
        while (cut > 0 && text[cut] != ' ') {
            cut--;
        }
        if (cut == 0) {
            cut = strcspn(text, " ");
            if (text[cut] == '\0') {
                break;
            }
        }
        fprintf(out, "%.*s\n", (int)cut, text);
        text += cut + 1;
    }
    fprintf(out, "%s\n", text);
}

/* The exact win rates against random on the console (markdown false) or
 * in report.md: the paragraph, the table, the agents left out. */
static int print_exact(const struct report *report, size_t width, bool markdown, FILE *out)
{
    char line[768];
    tourney_report_exact_intro(report, line, sizeof(line));
    int status = 0;
    bool rows = tourney_report_exact_any(report);
    if (markdown) {
        fprintf(out, "\n## Exact win rate against random\n\n%s\n", line);
        if (rows) {
            fputc('\n', out);
            status = print_table(report, tourney_report_exact, SIZE_MAX,
                                 tourney_table_print_markdown, out);
        }
    } else {
        fputc('\n', out);
        print_paragraph(line, width, out);
        status = rows ? print_console_table(report, tourney_report_exact, width, out) : 0;
    }
    const char *agent = NULL;
    const char *reason = NULL;
    bool any = false;
    for (size_t next = 0; tourney_report_exact_next_left_out(report, &next, &agent, &reason);) {
        any = true;
        /* The name is from a log anyone can edit (text_escape.h). */
        if (markdown) {
            fputs("\n- Left out: ", out);
            tourney_markdown_code(out, agent);
            fputs(": ", out);
            tourney_markdown_text(out, reason);
        } else {
            snprintf(line, sizeof(line), "Left out: %s: %s.", agent, reason);
            print_paragraph(line, width, out);
        }
    }
    if (markdown && any) {
        fputc('\n', out);
    }
    return status;
}

int tourney_report_print(const struct report *report, size_t width, FILE *out)
{
    const struct report_input *in = report->input;
    size_t agents = in->stats->agent_count;
    char game[256];
    char params[512];
    tourney_terminal_copy(game, sizeof(game), in->game);
    tourney_terminal_copy(params, sizeof(params), in->game_params);
    fprintf(out, "\n%s%s%s: %s (%s), %" PRIu64 " games, seed %" PRIu64 "\n\n", in->settings->name,
            in->shard ? ", shard " : "", in->shard ? in->shard : "", game, params,
            in->stats->games, in->settings->seed);
    int status = print_console_table(report, tourney_report_standings, width, out);
    more_rows(out, agents, "agents", "report.md and results.csv");
    char verdict[768];
    tourney_report_describe_leader(report, verdict, sizeof(verdict));
    if (verdict[0] != '\0') {
        print_paragraph(verdict, width, out);
    }
    fputc('\n', out);
    if (tourney_report_has_faults(report)) {
        fputs("Games lost by a fault (games by their number in the log):\n", out);
        status |= print_console_table(report, tourney_report_faults, width, out);
        fputc('\n', out);
    }
    if (agents <= REPORT_CROSSTABLE_MAX) {
        status |= print_console_table(report, tourney_report_crosstable, width, out);
        fputc('\n', out);
    }
    status |= print_console_table(report, tourney_report_pairs, width, out);
    more_rows(out, in->stats->pair_count, "pairs", "report.md and summary.json");
    if (tourney_report_has_unbounded_pair(report)) {
        print_paragraph(UNBOUNDED_PAIR_NOTE, width, out);
    }
    fputc('\n', out);
    status |= print_console_table(report, tourney_report_search, width, out);
    more_rows(out, agents, "agents", "report.md and results.csv");
    char line[768];
    if (in->grades != NULL) {
        tourney_report_analysis_totals(report, line, sizeof(line));
        fputc('\n', out);
        print_paragraph(line, width, out);
        status |= print_console_table(report, tourney_report_analysis, width, out);
        more_rows(out, agents, "agents", "report.md and results.csv");
    }
    if (in->exact != NULL) {
        status |= print_exact(report, width, false, out);
    }
    tourney_report_describe_ratings(report, line, sizeof(line));
    fputc('\n', out);
    print_paragraph(line, width, out);
    tourney_report_describe_sprt(report, line, sizeof(line));
    if (line[0] != '\0') {
        print_paragraph(line, width, out);
    }
    if (report->repeats[0] != '\0') {
        print_paragraph(report->repeats, width, out);
    }
    return status;
}

int tourney_report_write_markdown(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    const struct tournament_settings *settings = in->settings;
    /* Names and paths come from a log anyone can edit (and plugins name
     * themselves): escaped for Markdown (text_escape.h). */
    fputs("# Tournament ", out);
    tourney_markdown_code(out, settings->name);
    fputs("\n\n- Config: ", out);
    tourney_markdown_code(out, in->config_path);
    fputs("\n- Game: ", out);
    tourney_markdown_code(out, in->game);
    fputs(" (", out);
    tourney_markdown_text(out, in->game_params);
    fputs(")\n", out);
    fprintf(out,
            "- Games: %" PRIu64 " of %" PRIu64 " scheduled (%s, %" PRIu32
            " per pair, seats alternating), seed %" PRIu64 "\n",
            stats->games, in->games_scheduled, tourney_tournament_format_name(settings->format),
            settings->games_per_pair, settings->seed);
    if (in->shard != NULL) {
        fprintf(out, "- Shard: %s (its games only; `tourney merge` joins the shards)\n",
                in->shard);
    }
    const char *label = NULL;
    char value[256];
    for (size_t next = 0;
         tourney_report_next_setting(report, &next, &label, value, sizeof(value));) {
        /* A value may be a file's name: any bytes. */
        fprintf(out, "- %s: ", label);
        tourney_markdown_text(out, value);
        fputc('\n', out);
    }
    fprintf(out, "- Terminations:");
    for (int t = 0; t < TERMINATION_COUNT; t++) {
        fprintf(out, "%s %" PRIu64 " %s", t ? "," : "", stats->terminations[t],
                tourney_termination_name((enum termination)t));
    }
    fprintf(out, "\n\n");
    fprintf(out, "## Agents\n\n");
    for (size_t i = 0; i < stats->agent_count; i++) {
        const struct report_agent *agent = &in->agents[i];
        char identity[256];
        tourney_plugin_identity(agent->plugin_id, agent->plugin_version, identity,
                                sizeof(identity));
        fputs("- ", out);
        tourney_markdown_code(out, agent->name);
        fputs(": plugin ", out);
        tourney_markdown_code(out, agent->plugin);
        if (identity[0] != '\0') {
            fputs(" (", out);
            tourney_markdown_code(out, identity);
            fputs(")", out);
        }
        fputs(agent->params[0] ? ", " : "", out);
        tourney_markdown_text(out, agent->params);
        fputs("\n", out);
    }
    fputs("\n", out);
    char line[768];
    tourney_report_describe_sprt(report, line, sizeof(line));
    if (line[0] != '\0') {
        /* Tourney's own words but for the agents' names. */
        fputs("## Sequential test\n\n", out);
        tourney_markdown_text(out, line);
        fputs("\n\n", out);
    }
    if (report->repeats[0] != '\0') {
        fprintf(out, "## Repeated games\n\n%s\n\n", report->repeats);
    }
    tourney_report_describe_ratings(report, line, sizeof(line));
    fprintf(out,
            "## Standings\n\nScore counts a draw as half a win. %s Its interval and "
            "the win rate's (Wilson score) are 95%% intervals. \"overlaps\" lists the ranks "
            "(the leader, and the agents just above and below) whose Elo intervals overlap "
            "the agent's, which the games do not separate from it.\n\n",
            line);
    int status =
        print_table(report, tourney_report_standings, SIZE_MAX, tourney_table_print_markdown, out);
    tourney_report_describe_leader(report, line, sizeof(line));
    if (line[0] != '\0') {
        fprintf(out, "\n%s\n", line);
    }
    if (tourney_report_has_faults(report)) {
        fprintf(out, "\n## Faults\n\nGames an agent lost by its fault, by kind (see the "
                     "terminations of games.jsonl), and the first of them by their number in "
                     "the log.\n\n");
        status |= print_table(report, tourney_report_faults, SIZE_MAX,
                              tourney_table_print_markdown, out);
    }
    if (stats->agent_count <= REPORT_CROSSTABLE_MAX) {
        fprintf(out, "\n## Cross-table\n\nEach cell is the row agent's wins, draws and losses "
                     "against the column agent.\n\n");
        status |= print_table(report, tourney_report_crosstable, SIZE_MAX,
                              tourney_table_print_markdown, out);
    }
    fprintf(out,
            "\n## Pairs\n\nEvery pair that played: its distinct games (a game played again "
            "from the same start with the same moves is not new evidence), the Elo difference "
            "its results stand for, with its 95%% interval and the likelihood of superiority "
            "(LOS). The interval is a score test's (Wilson's, with draws): from the pairs of "
            "games with the seats swapped when every game is in one, else from the games. A "
            "pair of games scores 0 to 2 points; the pentanomial count says how many pairs "
            "scored 0, 1/2, 1, 3/2 and 2 for the first agent.%s\n\n",
            tourney_report_has_unbounded_pair(report) ? " " UNBOUNDED_PAIR_NOTE : "");
    status |=
        print_table(report, tourney_report_pairs, SIZE_MAX, tourney_table_print_markdown, out);
    fprintf(out, "\n## Search\n\nNodes are positions visited, the root included. EBF is the "
                 "effective branching factor b for which uniform trees, one of each searching "
                 "move's depth d (1 + b + ... + b^d nodes), hold together as many nodes as the "
                 "agent visited in those moves. Times are per move; the "
                 "median and the 95th percentile are exact to 0.4%%.\n\n");
    status |=
        print_table(report, tourney_report_search, SIZE_MAX, tourney_table_print_markdown, out);
    if (in->grades != NULL) {
        tourney_report_analysis_totals(report, line, sizeof(line));
        fprintf(out,
                "\n## Exact analysis\n\n%s Every move is graded by the exact value of the "
                "positions before and after it: best (keeps the value), slower (keeps the "
                "result, wins later or loses sooner), a blunder (gives away a win or a draw), "
                "unknown beyond the solver's budget. graded%% is the share of an agent's moves "
                "with both values known; accuracy%% and slower%% are shares of its graded "
                "moves, accuracy counting those that keep the result (best and slower); "
                "1st blunder ply is the mean ply of its first blunder in the games it "
                "blundered in; perfect games are those in which every move of its was "
                "best.\n\n",
                line);
        status |= print_table(report, tourney_report_analysis, SIZE_MAX,
                              tourney_table_print_markdown, out);
    }
    if (in->exact != NULL) {
        status |= print_exact(report, 0, true, out);
    }
    return status != 0 || ferror(out) ? -1 : 0;
}
