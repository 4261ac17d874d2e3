#include "summary_plots.h"

#include <stdint.h>

void tourney_time_octaves(const struct agent_stats *agent, struct time_octaves *out)
{
    tourney_histogram_octaves(&agent->times, out->counts);
    out->first = 0;
    out->count = 0;
    if (agent->times.total > 0) {
        size_t last = 0;
        out->first = HISTOGRAM_OCTAVES;
        for (size_t k = 0; k < HISTOGRAM_OCTAVES; k++) {
            if (out->counts[k] > 0) {
                out->first = k < out->first ? k : out->first;
                last = k;
            }
        }
        out->count = last - out->first + 1;
    }
}

uint64_t tourney_octave_low_ns(size_t k)
{
    return k == 0 ? 0 : UINT64_C(1) << k;
}

uint64_t tourney_octave_high_ns(size_t k)
{
    return k + 1 >= 64 ? UINT64_MAX : (UINT64_C(1) << (k + 1)) - 1;
}

/* A count that JSON's signed integers can hold (move times come from a
 * log, whose integers are signed: never more). */
static json_t *json_count(uint64_t value)
{
    return json_integer(value > (uint64_t)INT64_MAX ? INT64_MAX : (json_int_t)value);
}

static json_t *json_game_lengths(const struct stats *stats)
{
    const struct game_lengths *lengths = &stats->lengths;
    size_t first = 0;
    size_t count = 0;
    tourney_game_lengths_span(lengths, &first, &count);
    json_t *bins = json_array();
    for (size_t b = first; bins != NULL && b < first + count; b++) {
        uint64_t from = b * lengths->width;
        json_array_append_new(bins, json_pack("{s:o, s:o, s:o}", "from", json_count(from), "to",
                                              json_count(from + lengths->width - 1), "games",
                                              json_count(lengths->counts[b])));
    }
    bool any = lengths->games > 0;
    return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "games", json_count(lengths->games), "min",
                     any ? json_count(lengths->min) : json_null(), "max",
                     any ? json_count(lengths->max) : json_null(), "mean",
                     any ? json_real((double)stats->plies / (double)lengths->games) : json_null(),
                     "bin_plies", json_count(lengths->width), "bins", bins);
}

static json_t *json_history(const struct stats *stats)
{
    size_t length = tourney_stats_history_length(stats);
    json_t *games = json_array();
    for (size_t k = 0; games != NULL && k < length; k++) {
        struct score_point point;
        json_array_append_new(games, json_count(tourney_stats_history_point(stats, k, 0, &point)));
    }
    return json_pack("{s:o, s:o}", "every", json_count(stats->history.every), "games", games);
}

int tourney_summary_add_plots(const struct report *report, json_t *summary)
{
    const struct stats *stats = report->input->stats;
    int status = json_object_set_new(summary, "game_lengths", json_game_lengths(stats));
    status |= json_object_set_new(summary, "history", json_history(stats));
    return status != 0 ? -1 : 0;
}

static json_t *json_agent_history(const struct stats *stats, size_t i)
{
    size_t length = tourney_stats_history_length(stats);
    json_t *games = json_array();
    json_t *score = json_array();
    for (size_t k = 0; games != NULL && score != NULL && k < length; k++) {
        struct score_point p;
        tourney_stats_history_point(stats, k, i, &p);
        json_array_append_new(games, json_integer(p.games));
        json_array_append_new(score, p.games ? json_real(p.points / 2.0 / p.games) : json_null());
    }
    return json_pack("{s:o, s:o}", "games", games, "score", score);
}

static json_t *json_time_histogram(const struct agent_stats *agent)
{
    struct time_octaves octaves;
    tourney_time_octaves(agent, &octaves);
    json_t *bins = json_array();
    for (size_t k = octaves.first; bins != NULL && k < octaves.first + octaves.count; k++) {
        json_array_append_new(bins, json_pack("{s:o, s:o, s:o}", "from_ns",
                                              json_count(tourney_octave_low_ns(k)), "to_ns",
                                              json_count(tourney_octave_high_ns(k)), "moves",
                                              json_count(octaves.counts[k])));
    }
    return bins;
}

int tourney_summary_add_agent_plots(const struct report *report, size_t i, json_t *agent)
{
    const struct stats *stats = report->input->stats;
    int status = json_object_set_new(agent, "history", json_agent_history(stats, i));
    status |= json_object_set_new(agent, "time_histogram", json_time_histogram(&stats->agents[i]));
    return status != 0 ? -1 : 0;
}
