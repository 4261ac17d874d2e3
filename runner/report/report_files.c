#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "elo.h"
#include "out_dir.h"
#include "report.h"
#include "settings_json.h"
#include "summary_plots.h"
#include "text_escape.h"

/* An Elo value as a number, empty when it is only a bound or unknown. */
static void csv_elo(FILE *out, struct elo_value value)
{
    fputc(',', out);
    if (value.kind == ELO_FINITE) {
        /* No "-0.00": a rating the fit puts a hair below 0 has no sign. */
        fprintf(out, "%.2f", fabs(value.value) < 0.005 ? 0.0 : value.value);
    }
}

/* games, wins, draws, losses, win rate (empty without games) */
static void csv_tally(FILE *out, const struct tally *t)
{
    fprintf(out, ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",", t->games, t->wins, t->draws,
            t->losses);
    if (t->games > 0) {
        fprintf(out, "%.6f", tourney_rate(t->wins, t->games));
    }
}

int tourney_report_write_csv(const struct report *report, FILE *out)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    fputs("rank,agent,plugin,params,games,wins,draws,losses,score,win_rate,win_rate_low,"
          "win_rate_high,elo,elo_low,elo_high,elo_text,"
          "first_games,first_wins,first_draws,first_losses,first_win_rate,"
          "second_games,second_wins,second_draws,second_losses,second_win_rate,"
          "vs_random_games,vs_random_wins,vs_random_draws,vs_random_losses,vs_random_win_rate,"
          "moves,moves_per_game,nodes,nodes_per_move,depth_per_move,ebf,time_mean_ms,"
          "time_median_ms,time_p95_ms,time_max_ms,think_s,nodes_per_second,over_budget",
          out);
    /* One column per way of losing a game by one's own fault. */
    for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
        fprintf(out, ",%s", tourney_termination_name((enum termination)t));
    }
    /* On a clock, how much of it the agent used per game and the least it
     * had left: columns of their own, last, so that the others stay put. */
    bool clock = stats->clock.base_ns > 0;
    if (clock) {
        fputs(",clock_per_game_s,lowest_clock_s", out);
    }
    tourney_report_csv_analysis_header(report, out);
    fputc('\n', out);
    for (size_t rank = 0; rank < stats->agent_count; rank++) {
        size_t i = report->order[rank];
        const struct agent_stats *a = &stats->agents[i];
        const struct agent_summary *s = &report->summaries[i];
        fprintf(out, "%zu,", rank + 1);
        tourney_csv_field(out, in->agents[i].name);
        fputc(',', out);
        tourney_csv_field(out, in->agents[i].plugin);
        fputc(',', out);
        tourney_csv_field(out, in->agents[i].params);
        fprintf(out, ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32, a->all.games, a->all.wins,
                a->all.draws, a->all.losses);
        /* Rates are empty for an agent without games (a shard's, a partial
         * log's), as they are null in summary.json. */
        if (a->all.games > 0) {
            fprintf(out, ",%.6f,%.6f,%.6f,%.6f", s->score_rate, s->win_rate, s->win_interval.low,
                    s->win_interval.high);
        } else {
            fputs(",,,,", out);
        }
        const struct rating *rating = &report->ratings.agents[i];
        csv_elo(out, rating->elo);
        csv_elo(out, rating->low);
        csv_elo(out, rating->high);
        char text[32];
        tourney_rating_format(rating, text, sizeof(text));
        fprintf(out, ",%s", text);
        csv_tally(out, &a->seat[0]);
        csv_tally(out, &a->seat[1]);
        csv_tally(out, &a->vs_random);
        fprintf(out, ",%" PRIu64 ",%.4f,%" PRIu64 ",%.4f,%.4f,", a->moves, s->moves_per_game,
                a->nodes, s->nodes_per_move, s->depth_per_move);
        if (a->ebf_moves > 0) {
            fprintf(out, "%.6f", s->ebf);
        }
        fprintf(out, ",%.6f,%.6f,%.6f,%.6f,%.6f,%.1f,%" PRIu64, s->mean_ms, s->median_ms,
                s->p95_ms, s->max_ms, s->total_s, s->nodes_per_second, a->over_budget);
        for (int t = TERMINATION_NORMAL + 1; t < TERMINATION_COUNT; t++) {
            fprintf(out, ",%" PRIu32, a->faults[t]);
        }
        if (clock) {
            fprintf(out, ",%.6f,%.6f", s->clock_per_game_s, s->lowest_clock_s);
        }
        tourney_report_csv_analysis(report, i, out);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

static json_t *json_rate(uint32_t count, uint32_t games)
{
    return games ? json_real(tourney_rate(count, games)) : json_null();
}

/* A tally with its win rate and the rate's 95% Wilson interval. */
static json_t *json_tally(const struct tally *t)
{
    struct interval ci = tourney_wilson(t->wins, t->games, TOURNEY_Z95);
    return json_pack("{s:i, s:i, s:i, s:i, s:o, s:o, s:o, s:o}", "games", (int)t->games, "wins",
                     (int)t->wins, "draws", (int)t->draws, "losses", (int)t->losses, "score",
                     t->games ? json_real(tourney_score_rate(t)) : json_null(), "win_rate",
                     json_rate(t->wins, t->games), "win_rate_low",
                     t->games ? json_real(ci.low) : json_null(), "win_rate_high",
                     t->games ? json_real(ci.high) : json_null());
}

/* An Elo value as a number, or null when it is unbounded or unknown; the
 * text form says which ("+35.2", "+inf", "n/a"). */
static json_t *json_elo(struct elo_value value)
{
    return value.kind == ELO_FINITE ? json_real(value.value) : json_null();
}

/* An agent's rating in the whole field's fit, with its 95% interval. */
static json_t *json_rating(const struct rating *r)
{
    char text[32];
    tourney_rating_format(r, text, sizeof(text));
    return json_pack("{s:o, s:s, s:o, s:o, s:f}", "elo", json_elo(r->elo), "elo_text", text,
                     "elo_low", json_elo(r->low), "elo_high", json_elo(r->high), "stderr",
                     r->stderr_elo);
}

/* KEY = VALUE in OBJECT, unless VALUE is NULL (a plugin without an id). */
static void set_optional(json_t *object, const char *key, const char *value)
{
    if (object != NULL && value != NULL) {
        json_object_set_new(object, key, json_string(value));
    }
}

static json_t *json_agent(const struct report *report, size_t i, size_t rank)
{
    const struct report_input *in = report->input;
    const struct agent_stats *a = &in->stats->agents[i];
    const struct agent_summary *s = &report->summaries[i];
    json_t *search =
        json_pack("{s:I, s:f, s:I, s:f, s:f, s:o, s:f, s:f, s:f, s:f, s:f, s:f, s:I}", "moves",
                  (json_int_t)a->moves, "moves_per_game", s->moves_per_game, "nodes",
                  (json_int_t)a->nodes, "nodes_per_move", s->nodes_per_move, "depth_per_move",
                  s->depth_per_move, "ebf", a->ebf_moves ? json_real(s->ebf) : json_null(),
                  "time_mean_ms", s->mean_ms, "time_median_ms", s->median_ms, "time_p95_ms",
                  s->p95_ms, "time_max_ms", s->max_ms, "think_s", s->total_s, "nodes_per_second",
                  s->nodes_per_second, "over_budget", (json_int_t)a->over_budget);
    if (search != NULL && in->stats->clock.base_ns > 0) {
        json_object_set_new(search, "clock",
                            json_pack("{s:f, s:f}", "per_game_s", s->clock_per_game_s, "lowest_s",
                                      s->lowest_clock_s));
    }
    json_t *faults = json_object();
    for (int t = TERMINATION_NORMAL + 1; faults != NULL && t < TERMINATION_COUNT; t++) {
        json_object_set_new(faults, tourney_termination_name((enum termination)t),
                            json_integer(a->faults[t]));
    }
    json_t *agent = json_pack(
        "{s:i, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "rank", (int)rank + 1, "name",
        in->agents[i].name, "plugin", in->agents[i].plugin, "params", in->agents[i].params,
        "rating", json_rating(&report->ratings.agents[i]), "all", json_tally(&a->all), "first",
        json_tally(&a->seat[0]), "second", json_tally(&a->seat[1]), "vs_random",
        json_tally(&a->vs_random), "search", search, "faults", faults);
    set_optional(agent, "plugin_id", in->agents[i].plugin_id);
    set_optional(agent, "plugin_version", in->agents[i].plugin_version);
    if (agent != NULL && in->grades != NULL &&
        json_object_set_new(agent, "analysis", tourney_report_json_analysis(report, i)) != 0) {
        json_decref(agent);
        return NULL;
    }
    if (agent != NULL && tourney_summary_add_agent_plots(report, i, agent) != 0) {
        json_decref(agent);
        return NULL;
    }
    return agent;
}

/* The Elo difference a pair's results stand for, with its 95% interval,
 * what the interval is from, the likelihood of superiority and the
 * normalized Elo. */
static void add_elo(json_t *cell, const struct elo_estimate *e, const struct tally *t)
{
    char text[32];
    tourney_elo_format(e->elo, text, sizeof(text));
    json_object_set_new(cell, "elo", json_elo(e->elo));
    json_object_set_new(cell, "elo_text", json_string(text));
    json_object_set_new(cell, "elo_low", json_elo(e->low));
    json_object_set_new(cell, "elo_high", json_elo(e->high));
    json_object_set_new(cell, "los", t->games ? json_real(e->los) : json_null());
}

static json_t *json_ratings(const struct report *report)
{
    const struct ratings *r = &report->ratings;
    const char *anchor_agent =
        r->anchor == ANCHOR_RANDOM ? report->input->agents[r->anchor_agent].name : NULL;
    char text[512];
    tourney_report_describe_ratings(report, text, sizeof(text));
    return json_pack("{s:s, s:s, s:s?, s:I, s:s}", "model", "bradley-terry", "anchor",
                     tourney_rating_anchor_name(r->anchor), "anchor_agent", anchor_agent,
                     "fitted_agents", (json_int_t)r->fitted, "text", text);
}

/* The verdict on the first place, as the console, report.md and the Leader
 * card of report.html give it: who leads, the second, how surely (LOS, and
 * what it is from), by how much (Elo with its 95% interval), and the agents
 * the first is not surely ahead of; null without games. */
static json_t *json_leader(const struct report *report)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    struct leader_verdict v;
    tourney_report_leader(report, &v);
    if (v.leader == SIZE_MAX) {
        return json_null();
    }
    bool second = v.second != SIZE_MAX;
    char margin[32];
    tourney_elo_format(v.margin, margin, sizeof(margin));
    char text[1024];
    tourney_report_describe_leader(report, text, sizeof(text));
    json_t *tied = json_array();
    json_array_append_new(tied, json_string(in->agents[v.leader].name));
    for (size_t rank = 1; second && rank < stats->agent_count; rank++) {
        if (tourney_report_tied_with_leader(report, rank)) {
            json_array_append_new(tied, json_string(in->agents[report->order[rank]].name));
        }
    }
    return json_pack("{s:s, s:s?, s:b, s:o, s:s?, s:o, s:s?, s:o, s:o, s:o, s:s}", "agent",
                     in->agents[v.leader].name, "second",
                     second ? in->agents[v.second].name : NULL, "separated", v.separated, "los",
                     second ? json_real(v.los) : json_null(), "los_from",
                     !second       ? NULL
                     : v.from_pair ? "pair"
                                   : "ratings",
                     "margin", json_elo(v.margin), "margin_text", second ? margin : NULL,
                     "margin_low", json_elo(v.margin_low), "margin_high", json_elo(v.margin_high),
                     "tied", tied, "text", text);
}

/* The sequential test: its settings, bounds, state and verdict; null
 * without one. */
static json_t *json_sprt(const struct report *report)
{
    const struct stats *stats = report->input->stats;
    const struct sprt_state *sprt = &stats->sprt;
    if (!sprt->settings.enabled || stats->agent_count != 2) {
        return json_null();
    }
    const struct sprt_settings *s = &sprt->settings;
    const struct pair_stats *pair = tourney_stats_pair(stats, 0, 1);
    struct pentanomial none = {{0, 0, 0, 0, 0}};
    struct pentanomial pentanomial = pair != NULL ? tourney_pair_pentanomial(pair, 0) : none;
    const struct pentanomial *p = &pentanomial;
    char text[512];
    tourney_report_describe_sprt(report, text, sizeof(text));
    return json_pack(
        "{s:s, s:s, s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:s, s:o, s:[i, i, i, i, i], "
        "s:s}",
        "agent", report->input->agents[0].name, "opponent", report->input->agents[1].name, "model",
        tourney_sprt_model_name(s->model), "elo0", s->elo0, "elo1", s->elo1, "alpha", s->alpha,
        "beta", s->beta, "llr", sprt->llr, "lower_bound",
        tourney_sprt_lower_bound(s->alpha, s->beta), "upper_bound",
        tourney_sprt_upper_bound(s->alpha, s->beta), "verdict",
        sprt->verdict == SPRT_ACCEPT_H0   ? "H0"
        : sprt->verdict == SPRT_ACCEPT_H1 ? "H1"
                                          : "none",
        "games_at_verdict",
        sprt->verdict == SPRT_CONTINUE ? json_null() : json_integer((json_int_t)sprt->games),
        "pentanomial", (int)p->count[0], (int)p->count[1], (int)p->count[2], (int)p->count[3],
        (int)p->count[4], "text", text);
}

/* summary.json's "tournament": the settings marked for it, each in its
 * place of the log's header (around the config and the game), as there. */
static json_t *json_tournament(const struct report *report)
{
    const struct report_input *in = report->input;
    const struct stats *stats = in->stats;
    const struct tournament_settings *settings = in->settings;
    json_t *tournament = json_object();
    int status = tournament != NULL ? 0 : -1;
    status |= tourney_settings_add_json(tournament, settings, SETTING_LOG_IDENTITY, true);
    status |= json_object_set_new(tournament, "config", json_string(in->config_path));
    status |= tourney_settings_add_json(tournament, settings, SETTING_LOG_PAIRS, true);
    status |= json_object_set_new(tournament, "game", json_string(in->game));
    status |= json_object_set_new(tournament, "game_params", json_string(in->game_params));
    status |= tourney_settings_add_json(tournament, settings, SETTING_LOG_PLAY, true);
    json_t *counts = json_pack(
        "{s:I, s:I, s:I, s:I, s:I, s:s?}", "games_scheduled", (json_int_t)in->games_scheduled,
        "games_played", (json_int_t)stats->games, "plies", (json_int_t)stats->plies,
        "unpaired_games", (json_int_t)tourney_stats_unpaired(stats), "distinct_games",
        (json_int_t)(stats->games - stats->repeated), "repeat_warning",
        report->repeats[0] != '\0' ? report->repeats : NULL);
    status |= counts != NULL ? json_object_update(tournament, counts) : -1;
    json_decref(counts);
    status |= tourney_settings_add_json(tournament, settings, SETTING_LOG_JUDGING, true);
    status |= tourney_settings_add_json(tournament, settings, SETTING_LOG_ADDED, true);
    if (in->shard != NULL) {
        status |= json_object_set_new(tournament, "shard", json_string(in->shard));
    }
    set_optional(tournament, "game_id", in->game_id);
    set_optional(tournament, "game_version", in->game_version);
    if (status != 0) {
        json_decref(tournament);
        return NULL;
    }
    return tournament;
}

/* One entry of "crosstable": agent I against J, who played (PAIR). */
static json_t *json_crosstable_entry(const struct report *report, const struct pair_stats *pair,
                                     size_t i, size_t j)
{
    const struct report_input *in = report->input;
    struct tally t = tourney_pair_tally(pair, i, -1);
    struct tally first = tourney_pair_tally(pair, i, 0);
    struct tally second = tourney_pair_tally(pair, i, 1);
    struct elo_estimate e = tourney_report_pair_elo(report, i, j);
    struct pentanomial p = tourney_pair_pentanomial(pair, i);
    json_t *cell = json_tally(&t);
    json_object_set_new(cell, "first", json_tally(&first));
    json_object_set_new(cell, "second", json_tally(&second));
    json_object_set_new(cell, "agent", json_string(in->agents[i].name));
    json_object_set_new(cell, "opponent", json_string(in->agents[j].name));
    add_elo(cell, &e, &t);
    json_object_set_new(cell, "pentanomial",
                        json_pack("[i, i, i, i, i]", (int)p.count[0], (int)p.count[1],
                                  (int)p.count[2], (int)p.count[3], (int)p.count[4]));
    json_object_set_new(cell, "distinct_games", json_integer(pair->distinct));
    json_object_set_new(cell, "elo_interval_from", json_string(e.paired ? "pairs" : "games"));
    json_object_set_new(cell, "nelo", isnan(e.nelo) ? json_null() : json_real(e.nelo));
    return cell;
}

/* summary.json is written a part at a time, each laid out as jansson lays
 * out the whole (two spaces an indent, reals to 10 digits), so that memory
 * holds one agent or one pair at a time, never the file. */
#define JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(10) | JSON_ENCODE_ANY)

/* VALUE (taken) as it would be at DEPTH levels of indentation. */
static int dump_at(FILE *out, json_t *value, int depth)
{
    char *text = value != NULL ? json_dumps(value, JSON_FLAGS) : NULL;
    json_decref(value);
    if (text == NULL) {
        return -1;
    }
    /* A JSON text's line breaks are all layout: strings escape theirs. */
    for (const char *c = text; *c != '\0'; c++) {
        fputc(*c, out);
        if (*c == '\n') {
            fprintf(out, "%*s", 2 * depth, "");
        }
    }
    free(text);
    return 0;
}

/* The next member of the top object: "KEY": VALUE (taken). */
static int member(FILE *out, bool *first, const char *key, json_t *value)
{
    fprintf(out, "%s\n  \"%s\": ", *first ? "" : ",", key);
    *first = false;
    return dump_at(out, value, 1);
}

/* The next element of an array in the top object. */
static int element(FILE *out, bool *first, json_t *value)
{
    fprintf(out, "%s\n    ", *first ? "" : ",");
    *first = false;
    return dump_at(out, value, 2);
}

static void close_array(FILE *out, bool empty)
{
    fputs(empty ? "]" : "\n  ]", out);
}

static json_t *json_terminations(const struct stats *stats)
{
    json_t *terminations = json_object();
    for (int t = 0; terminations != NULL && t < TERMINATION_COUNT; t++) {
        json_object_set_new(terminations, tourney_termination_name((enum termination)t),
                            json_integer((json_int_t)stats->terminations[t]));
    }
    return terminations;
}

int tourney_report_write_json(const struct report *report, FILE *out)
{
    const struct stats *stats = report->input->stats;
    bool first = true;
    fputc('{', out);
    int status = member(out, &first, "format", json_integer(1));
    status |= member(out, &first, "tournament", json_tournament(report));
    status |= member(out, &first, "terminations", json_terminations(stats));
    status |= member(out, &first, "ratings", json_ratings(report));
    status |= member(out, &first, "leader", json_leader(report));
    status |= member(out, &first, "sprt", json_sprt(report));
    fputs(",\n  \"agents\": [", out);
    bool none = true;
    for (size_t rank = 0; status == 0 && rank < stats->agent_count; rank++) {
        status |= element(out, &none, json_agent(report, report->order[rank], rank));
    }
    close_array(out, stats->agent_count == 0);
    /* Every pair that played, from each side, in the agents' order. */
    fputs(",\n  \"crosstable\": [", out);
    none = true;
    for (size_t i = 0; status == 0 && i < stats->agent_count; i++) {
        for (size_t k = report->by_agent_start[i]; k < report->by_agent_start[i + 1]; k++) {
            const struct pair_stats *pair = &stats->pairs[report->by_agent[k]];
            size_t j = pair->agent[pair->agent[0] == i ? 1 : 0];
            status |= element(out, &none, json_crosstable_entry(report, pair, i, j));
        }
    }
    close_array(out, none);
    status |= member(out, &first, "seats",
                     json_pack("{s:o, s:o}", "first", json_tally(&stats->seat[0]), "second",
                               json_tally(&stats->seat[1])));
    if (report->input->grades != NULL) {
        status |= member(out, &first, "analysis", tourney_report_json_analysis_totals(report));
    }
    if (report->input->exact != NULL) {
        status |= member(out, &first, "exact_vs_random", tourney_report_json_exact(report));
    }
    json_t *plots = json_object();
    status |= plots != NULL ? tourney_summary_add_plots(report, plots) : -1;
    const char *key = NULL;
    json_t *value = NULL;
    json_object_foreach(plots, key, value)
    {
        status |= member(out, &first, key, json_incref(value));
    }
    json_decref(plots);
    fputs("\n}\n", out);
    return status != 0 || ferror(out) ? -1 : 0;
}

static int write_csv(const void *context, FILE *out)
{
    return tourney_report_write_csv(context, out);
}

static int write_json(const void *context, FILE *out)
{
    return tourney_report_write_json(context, out);
}

static int write_markdown(const void *context, FILE *out)
{
    return tourney_report_write_markdown(context, out);
}

static int write_html(const void *context, FILE *out)
{
    return tourney_report_write_html(context, out);
}

int tourney_report_write_files(const struct report *report, const struct out_dir *dir,
                               struct error *err)
{
    static const struct {
        const char *name;
        int (*write)(const void *context, FILE *out);
    } files[] = {
        {"results.csv", write_csv},
        {"summary.json", write_json},
        {"report.md", write_markdown},
        {"report.html", write_html},
    };
    /* Each report is written even when another cannot be (a link in its
     * place, say): the first failure is the one reported. */
    int status = 0;
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        struct error why;
        if (tourney_out_dir_write(dir, files[i].name, files[i].write, report, &why) != 0 &&
            status == 0) {
            *err = why;
            status = -1;
        }
    }
    return status;
}
