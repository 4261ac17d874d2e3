/*
 * The exact win rate against random (exact_file.h) in the text reports:
 * beside each agent's sampled win rate against random, as first and as
 * second player, with the sampled rate's 99% Wilson interval, on the
 * console, in report.md and in summary.json. Each is written only when
 * the report has the figure, so that reports without it stay as they
 * were.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report.h"

/* The sampled figures beside the exact one: the agent's games against
 * entrants of the random plugin, in each seat and in all. */
struct sampled_vs_random {
    struct tally seat[2];
    struct tally all;
};

static void sampled_of(const struct stats *stats, size_t agent, struct sampled_vs_random *s)
{
    memset(s, 0, sizeof(*s));
    s->all = stats->agents[agent].vs_random;
    for (size_t r = 0; r < stats->agent_count; r++) {
        for (int seat = 0; stats->is_random[r] && r != agent && seat < 2; seat++) {
            struct tally t = tourney_stats_versus(stats, agent, r, seat);
            s->seat[seat].games += t.games;
            s->seat[seat].wins += t.wins;
            s->seat[seat].draws += t.draws;
            s->seat[seat].losses += t.losses;
        }
    }
}

int tourney_report_exact_check(const struct exact_file *file, const struct stats *stats,
                               struct error *why)
{
    if (file->games != stats->games) {
        return tourney_error_set(why,
                                 "it was computed for %" PRIu64 " games and the log has %" PRIu64
                                 " (continued or merged since)",
                                 file->games, stats->games);
    }
    for (size_t i = 0; i < file->count; i++) {
        const struct exact_entry *e = &file->entries[i];
        struct sampled_vs_random s;
        sampled_of(stats, e->agent, &s);
        if (e->exact &&
            (e->figure.games[0] != s.seat[0].games || e->figure.games[1] != s.seat[1].games)) {
            return tourney_error_set(why, "its games against random are not the log's");
        }
    }
    return 0;
}

/* The entry of AGENT, or NULL. */
static const struct exact_entry *entry_of(const struct exact_file *file, size_t agent)
{
    for (size_t i = 0; i < file->count; i++) {
        if (file->entries[i].agent == agent) {
            return &file->entries[i];
        }
    }
    return NULL;
}

/* "62.5" for a rate of WINS in GAMES and "[55.1, 69.3]" for its 99%
 * interval; "-" for both without games. */
static void sampled_cells(struct table *table, struct tally t)
{
    if (t.games == 0) {
        tourney_table_cell(table, "-");
        tourney_table_cell(table, "-");
        return;
    }
    struct interval ci = tourney_wilson(t.wins, t.games, TOURNEY_Z99);
    tourney_table_cell(table, "%.1f", 100.0 * tourney_rate(t.wins, t.games));
    tourney_table_cell(table, "[%.1f, %.1f]", 100.0 * ci.low, 100.0 * ci.high);
}

bool tourney_report_exact_any(const struct report *report)
{
    const struct exact_file *file = report->input->exact;
    for (size_t i = 0; i < file->count; i++) {
        if (file->entries[i].exact) {
            return true;
        }
    }
    return false;
}

bool tourney_report_exact_held(struct tally sampled, double exact)
{
    struct interval ci = tourney_wilson(sampled.wins, sampled.games, TOURNEY_Z99);
    return sampled.games > 0 && ci.low <= exact && exact <= ci.high;
}

int tourney_report_exact(const struct report *report, size_t rows, struct table *table)
{
    static const char *const headers[] = {
        "agent",    "games",      "win%",      "99% CI",   "exact win%", "held",
        "1st win%", "1st 99% CI", "1st exact", "2nd win%", "2nd 99% CI", "2nd exact",
    };
    const size_t columns = sizeof(headers) / sizeof(headers[0]);
    const struct exact_file *file = report->input->exact;
    if (tourney_table_init(table, columns) != 0) {
        return -1;
    }
    tourney_table_row(table);
    for (size_t c = 0; c < columns; c++) {
        tourney_table_cell(table, "%s", headers[c]);
        if (c > 0) {
            tourney_table_align_right(table, c);
        }
    }
    /* Left out on a narrow console, first to last: the second seat's,
     * then the first seat's. */
    static const size_t optional[] = {11, 10, 9, 8, 7, 6};
    tourney_table_optional_in_order(table, optional, sizeof(optional) / sizeof(optional[0]));
    const struct stats *stats = report->input->stats;
    for (size_t rank = 0; rank < stats->agent_count && rank < rows; rank++) {
        size_t i = report->order[rank];
        const struct exact_entry *e = entry_of(file, i);
        if (e == NULL || !e->exact) {
            continue;
        }
        struct sampled_vs_random s;
        sampled_of(stats, i, &s);
        tourney_table_row(table);
        tourney_table_cell(table, "%s", report->input->agents[i].name);
        tourney_table_cell(table, "%" PRIu32, s.all.games);
        sampled_cells(table, s.all);
        tourney_table_cell(table, "%.3f", 100.0 * e->figure.win_rate);
        tourney_table_cell(table, "%s",
                           tourney_report_exact_held(s.all, e->figure.win_rate) ? "yes" : "no");
        const double exact[2] = {e->figure.first.win, e->figure.second.win};
        for (int seat = 0; seat < 2; seat++) {
            sampled_cells(table, s.seat[seat]);
            if (s.seat[seat].games == 0) {
                tourney_table_cell(table, "-");
            } else {
                tourney_table_cell(table, "%.3f", 100.0 * exact[seat]);
            }
        }
    }
    return table->failed ? -1 : 0;
}

void tourney_report_exact_intro(const struct report *report, char *buf, size_t size)
{
    snprintf(buf, size,
             "Exact win rate against random (%s, exact_vs_random = yes): each agent's win "
             "rate in its games against random, as sampled, with its 99%% Wilson interval, "
             "and exact: the expected win rate of those same games (their starts and seats), "
             "a draw not a win, computed over every move random can make. \"held\" says "
             "whether the interval holds the exact rate, as it should 99 times in 100.",
             TOURNEY_EXACT_FILE_NAME);
    (void)report;
}

bool tourney_report_exact_next_left_out(const struct report *report, size_t *next,
                                        const char **agent, const char **reason)
{
    const struct exact_file *file = report->input->exact;
    while (*next < file->count) {
        const struct exact_entry *e = &file->entries[(*next)++];
        if (!e->exact) {
            *agent = report->input->agents[e->agent].name;
            *reason = e->reason;
            return true;
        }
    }
    return false;
}

static json_t *rates_json(const struct exact_rates *r)
{
    return json_pack("{s:f, s:f, s:f}", "win", r->win, "draw", r->draw, "loss", r->loss);
}

/* The sampled rate and its 99% interval, null without games. */
static json_t *sampled_json(struct tally t, double exact)
{
    if (t.games == 0) {
        return json_null();
    }
    struct interval ci = tourney_wilson(t.wins, t.games, TOURNEY_Z99);
    return json_pack("{s:I, s:I, s:f, s:f, s:f, s:f, s:b}", "games", (json_int_t)t.games, "wins",
                     (json_int_t)t.wins, "win_rate", tourney_rate(t.wins, t.games),
                     "win_rate_low99", ci.low, "win_rate_high99", ci.high, "exact", exact, "held",
                     tourney_report_exact_held(t, exact));
}

static json_t *agent_json(const struct report *report, const struct exact_entry *e)
{
    const char *name = report->input->agents[e->agent].name;
    if (!e->exact) {
        return json_pack("{s:s, s:s}", "agent", name, "left_out", e->reason);
    }
    struct sampled_vs_random s;
    sampled_of(report->input->stats, e->agent, &s);
    const struct exact_vs_random *f = &e->figure;
    return json_pack("{s:s, s:n, s:o, s:o, s:f, s:o, s:o, s:o, s:I, s:I}", "agent", name,
                     "left_out", "first", rates_json(&f->first), "second", rates_json(&f->second),
                     "win_rate", f->win_rate, "sampled", sampled_json(s.all, f->win_rate),
                     "sampled_first", sampled_json(s.seat[0], f->first.win), "sampled_second",
                     sampled_json(s.seat[1], f->second.win), "positions", (json_int_t)f->positions,
                     "asked", (json_int_t)f->asked);
}

struct json_t *tourney_report_json_exact(const struct report *report)
{
    const struct exact_file *file = report->input->exact;
    json_t *agents = json_array();
    json_t *o = json_pack("{s:s, s:I, s:f, s:o}", "file", TOURNEY_EXACT_FILE_NAME, "budget",
                          (json_int_t)file->budget, "z", TOURNEY_Z99, "agents", agents);
    if (o == NULL) {
        return NULL;
    }
    const struct stats *stats = report->input->stats;
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        const struct exact_entry *e = entry_of(file, report->order[rank]);
        if (e != NULL && json_array_append_new(agents, agent_json(report, e)) != 0) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}
