/*
 * End to end: the real `tourney` binary on the example configs. Checks exit
 * codes, that the reports agree with each other and with the rules of a
 * round-robin, that a seed replays a tournament exactly (timings aside), and
 * that a faulty agent costs only its own games.
 */
#include "test.h"

#include "binary.h"
#include "html_summary.h"

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

/* The entries of summary.json for an agent and for a pair, which must be
 * there. */
static json_t *agent_named(json_t *summary, const char *name)
{
    json_t *agent = summary_agent(summary, name);
    if (agent == NULL) {
        print_error("no agent %s in summary.json\n", name);
        fail();
    }
    return agent;
}

static json_t *pair(json_t *summary, const char *agent, const char *opponent)
{
    json_t *cell = summary_pair(summary, agent, opponent);
    if (cell == NULL) {
        print_error("no pair %s-%s in summary.json\n", agent, opponent);
        fail();
    }
    return cell;
}

/* Every agent's tallies and every pair's add up, and the two sides of a pair
 * mirror each other. Returns the number of games in the cross-table. */
static json_int_t check_consistency(json_t *summary, json_int_t games_per_pair)
{
    json_int_t games = 0;
    size_t i;
    json_t *cell;
    json_array_foreach(json_object_get(summary, "crosstable"), i, cell)
    {
        json_int_t n = get_int(cell, "games");
        assert_int_equal(get_int(cell, "wins") + get_int(cell, "draws") + get_int(cell, "losses"),
                         n);
        assert_true(n == 0 || n == games_per_pair);
        json_t *mirror = pair(summary, json_string_value(json_object_get(cell, "opponent")),
                              json_string_value(json_object_get(cell, "agent")));
        assert_non_null(mirror);
        assert_int_equal(get_int(mirror, "games"), n);
        assert_int_equal(get_int(mirror, "wins"), get_int(cell, "losses"));
        assert_int_equal(get_int(mirror, "draws"), get_int(cell, "draws"));
        /* Per seat: half the games each, adding up, mirrored by the other
         * agent's other seat; the pentanomial counts every pair once. */
        json_t *first = json_object_get(cell, "first");
        json_t *second = json_object_get(cell, "second");
        assert_int_equal(get_int(first, "games"), n / 2);
        assert_int_equal(get_int(second, "games"), n / 2);
        assert_int_equal(get_int(first, "wins") + get_int(second, "wins"), get_int(cell, "wins"));
        assert_int_equal(get_int(json_object_get(mirror, "second"), "losses"),
                         get_int(first, "wins"));
        json_int_t pairs = 0;
        json_int_t half_points = 0;
        for (size_t k = 0; k < 5; k++) {
            json_int_t count =
                json_integer_value(json_array_get(json_object_get(cell, "pentanomial"), k));
            pairs += count;
            half_points += (json_int_t)k * count;
        }
        assert_int_equal(pairs, n / 2);
        assert_int_equal(half_points, 2 * get_int(cell, "wins") + get_int(cell, "draws"));
        /* The Elo difference is antisymmetric, its interval mirrored. */
        json_t *elo = json_object_get(cell, "elo");
        if (json_is_number(elo)) {
            assert_float_equal(json_number_value(elo),
                               -json_number_value(json_object_get(mirror, "elo")), 1e-9);
            assert_float_equal(json_number_value(json_object_get(cell, "elo_low")),
                               -json_number_value(json_object_get(mirror, "elo_high")), 1e-9);
        } else {
            assert_true(n == 0 || json_is_null(json_object_get(mirror, "elo")));
        }
        games += n;
    }
    json_t *agent;
    json_array_foreach(json_object_get(summary, "agents"), i, agent)
    {
        json_t *all = json_object_get(agent, "all");
        json_t *first = json_object_get(agent, "first");
        json_t *second = json_object_get(agent, "second");
        json_int_t n = get_int(all, "games");
        assert_int_equal(get_int(all, "wins") + get_int(all, "draws") + get_int(all, "losses"), n);
        assert_int_equal(get_int(first, "games") + get_int(second, "games"), n);
        /* Seats alternate: each agent moves first in exactly half its games. */
        assert_int_equal(get_int(first, "games"), get_int(second, "games"));
    }
    json_t *tournament = json_object_get(summary, "tournament");
    assert_int_equal(get_int(tournament, "games_played"), get_int(tournament, "games_scheduled"));
    assert_int_equal(games / 2, get_int(tournament, "games_played"));
    return games / 2;
}

/* How many elements of ARRAY have a number above 0 at KEY. */
static size_t count_positive(json_t *array, const char *key)
{
    size_t count = 0;
    size_t i;
    json_t *item;
    json_array_foreach(array, i, item)
    {
        count += json_integer_value(json_object_get(item, key)) > 0;
    }
    return count;
}

/* RUN's report.html, read strictly, with its figures compared to
 * summary.json's; returns the page (free it). For fields of at most 8
 * agents, which every chart shows whole. */
static char *check_page(const struct run *run, size_t agents, size_t pairs_played)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/reports/report.html", run->dir);
    char *page = slurp(path);
    struct html_node *root = html_parse_or_fail(page);
    json_t *summary = load_summary(run);
    struct html_figures figures = html_compare_summary(root, summary);
    /* Per agent 15 figures in the standings (with the rating and its
     * interval), 11 in the faults table, 3 in the ratings chart (for a
     * rated agent), its score at the end of its line, 6 in the seats chart,
     * 4 in the time chart, 1 in the nodes chart, one per power of two its
     * move times fill and its win rate against random if it played random;
     * the leader's score and rating. Per pair that played, 4 in each of its
     * two heat map cells and 15 in its Elo row (with its distinct games and
     * the pentanomial counts). Of the whole file: games played and scheduled, the mean,
     * shortest and longest game, W, D, L of each seat, the bins of game
     * lengths and the ways games ended. */
    assert_true(agents <= 8);
    size_t agent_values = 2;
    size_t i;
    json_t *agent;
    json_array_foreach(json_object_get(summary, "agents"), i, agent)
    {
        const char *elo =
            json_string_value(json_object_get(json_object_get(agent, "rating"), "elo_text"));
        agent_values += 15 + 11 + (strcmp(elo, "n/a") != 0 ? 3 : 0) + 1 + 6 + 4 + 1;
        agent_values += count_positive(json_object_get(agent, "time_histogram"), "moves");
        agent_values += get_int(json_object_get(agent, "vs_random"), "games") > 0;
    }
    assert_int_equal(json_array_size(json_object_get(summary, "agents")), agents);
    assert_int_equal(figures.agent_values, agent_values);
    assert_int_equal(figures.pair_values, pairs_played * (2 * 4 + 15));
    size_t endings = 0;
    const char *key;
    json_t *count;
    json_object_foreach(json_object_get(summary, "terminations"), key, count)
    {
        endings += strcmp(key, "normal") == 0 || json_integer_value(count) > 0;
    }
    json_t *bins = json_object_get(json_object_get(summary, "game_lengths"), "bins");
    /* The Leader card's margin over the second and LOS: the margin's
     * interval whole, or only its lower end for a perfect score ("+inf"). */
    json_t *leader = json_object_get(summary, "leader");
    size_t leading = 0;
    if (!json_is_null(json_object_get(leader, "second"))) {
        const char *margin = json_string_value(json_object_get(leader, "margin_text"));
        leading =
            strcmp(margin, "+inf") == 0 && json_is_number(json_object_get(leader, "margin_low"))
                ? 2
                : 4;
    }
    assert_int_equal(figures.summary_values,
                     2 + 3 + 6 + json_array_size(bins) + endings + leading);
    json_decref(summary);
    html_free(root);
    return page;
}

/* How many different games each pair of RUN played: games with the same
 * opening and moves are one game, whoever sat first. Fills COUNTS (the
 * distinct games) and GAMES, indexed by the two agents' places among
 * NAMES (COUNT of them), the lower first; and checks that both games of
 * every mini-match started from the same opening, which every game had. */
static void count_distinct_games(const struct run *run, const char *const *names, size_t count,
                                 size_t counts[][8], size_t games[][8])
{
    json_t *records = load_games(run);
    /* Each pair's distinct games, as "opening|moves" strings. */
    json_t *seen = json_object();
    memset(counts, 0, count * sizeof(*counts));
    memset(games, 0, count * sizeof(*games));
    size_t i;
    json_t *record;
    json_array_foreach(records, i, record)
    {
        size_t seat[2] = {count, count};
        for (size_t k = 0; k < count; k++) {
            for (int s = 0; s < 2; s++) {
                const char *key = s == 0 ? "first" : "second";
                if (strcmp(json_string_value(json_object_get(record, key)), names[k]) == 0) {
                    seat[s] = k;
                }
            }
        }
        assert_true(seat[0] < count && seat[1] < count);
        size_t a = seat[0] < seat[1] ? seat[0] : seat[1];
        size_t b = seat[0] < seat[1] ? seat[1] : seat[0];
        const char *opening = json_string_value(json_object_get(record, "opening"));
        assert_non_null(opening);
        if (i % 2 == 1) {
            json_t *partner = json_array_get(records, i - 1);
            assert_string_equal(json_string_value(json_object_get(partner, "opening")), opening);
        }
        char *moves = json_dumps(json_object_get(record, "moves"), JSON_COMPACT);
        char pair[32];
        snprintf(pair, sizeof(pair), "%zu-%zu", a, b);
        char *game = malloc(strlen(opening) + strlen(moves) + 2);
        sprintf(game, "%s|%s", opening, moves);
        json_t *set = json_object_get(seen, pair);
        if (set == NULL) {
            set = json_object();
            json_object_set_new(seen, pair, set);
        }
        json_object_set_new(set, game, json_true());
        counts[a][b] = json_object_size(set);
        games[a][b]++;
        free(game);
        free(moves);
    }
    json_decref(seen);
    json_decref(records);
}

static void test_classic_is_consistent_and_reproducible(void **state)
{
    (void)state;
    struct run a;
    struct run b;
    play(&a, CONFIG_DIR "/classic.ini");
    play(&b, CONFIG_DIR "/classic.ini");
    json_t *summary = load_summary(&a);
    json_int_t per_pair = get_int(json_object_get(summary, "tournament"), "games_per_pair");
    /* Five agents: ten pairs. */
    assert_int_equal(check_consistency(summary, per_pair), 10 * per_pair);

    /* Full-depth searchers never lose on 3x3, and draw each other. */
    static const char *const searchers[] = {"minimax", "negamax", "negamax-ab-ids"};
    for (size_t i = 0; i < 3; i++) {
        json_t *all = json_object_get(agent_named(summary, searchers[i]), "all");
        assert_int_equal(get_int(all, "losses"), 0);
        for (size_t j = 0; j < 3; j++) {
            if (i != j) {
                assert_int_equal(get_int(pair(summary, searchers[i], searchers[j]), "draws"),
                                 per_pair);
            }
        }
        json_t *vs_random = json_object_get(agent_named(summary, searchers[i]), "vs_random");
        assert_int_equal(get_int(vs_random, "games"), per_pair);
    }

    /* Each round starts from another opening, so the deterministic agents
     * play different games: each pair at least 20 in its 40, the three
     * full-depth searchers (who choose alike) one per opening, the others
     * nearly one per game. */
    static const char *const names[5] = {"first-open", "random", "minimax", "negamax",
                                         "negamax-ab-ids"};
    size_t distinct[5][8];
    size_t games[5][8];
    count_distinct_games(&a, names, 5, distinct, games);
    static const size_t expected[5][5] = {
        {0, 40, 40, 40, 40},
        {0, 0, 39, 40, 40},
        {0, 0, 0, 20, 20},
        {0, 0, 0, 0, 20},
    };
    for (size_t x = 0; x < 5; x++) {
        for (size_t y = x + 1; y < 5; y++) {
            assert_int_equal(games[x][y], per_pair);
            assert_int_equal(distinct[x][y], expected[x][y]);
            assert_true(2 * distinct[x][y] >= games[x][y]);
        }
    }

    /* The same config and seed give the same games and reports; only times
     * differ. */
    size_t lines_a = 0;
    char *games_a = games_without_times(&a, &lines_a);
    assert_int_equal(lines_a, 10 * per_pair);
    free(games_a);
    assert_same_results(&b, &a);

    /* results.csv: a header and one row per agent. */
    char path[128];
    snprintf(path, sizeof(path), "%s/reports/results.csv", a.dir);
    char *csv = slurp(path);
    size_t rows = 0;
    for (char *p = csv; *p; p++) {
        rows += *p == '\n';
    }
    assert_int_equal(rows, 6);
    assert_int_equal(strncmp(csv, "rank,agent,plugin,params,games,wins,draws,losses,", 49), 0);
    free(csv);
    snprintf(path, sizeof(path), "%s/reports/report.md", a.dir);
    assert_file_has(path, "## Standings");
    assert_file_has(path, "| 1 | ");

    /* report.html: well-formed, the figures of summary.json, 300 of the 400
     * games (none faulted: the first 30 of each pairing), boards drawn. */
    char *page = check_page(&a, 5, 10);
    assert_non_null(strstr(page, "Showing 300 of 400 games: every game lost by a fault, then "
                                 "the first games of each pairing in turn (0 lost by a fault)."));
    assert_non_null(strstr(page, "\"boards\":true"));
    assert_non_null(strstr(page, "<footer id=\"page-facts\" data-charts=\"9\">"));

    /* `tourney report` rebuilds it byte for byte, loading the game plugin
     * the log names. */
    snprintf(path, sizeof(path), "%s/reports", a.dir);
    struct run rebuilt = {0};
    const char *report[] = {"report", path, NULL};
    run_tourney(&rebuilt, report);
    assert_int_equal(rebuilt.status, 0);
    assert_file_is(rebuilt.err, "");
    snprintf(path, sizeof(path), "%s/reports/report.html", a.dir);
    assert_file_is(path, page);
    free(page);
    remove_tree(rebuilt.dir);

    json_decref(summary);
    remove_tree(a.dir);
    remove_tree(b.dir);
}

static void test_gauntlet_against_random(void **state)
{
    (void)state;
    struct run run;
    play(&run, CONFIG_DIR "/vs-random.ini");
    json_t *summary = load_summary(&run);
    json_int_t per_pair = get_int(json_object_get(summary, "tournament"), "games_per_pair");
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(summary, "tournament"), "format")),
        "gauntlet");
    assert_int_equal(check_consistency(summary, per_pair), 4 * per_pair);
    static const char *const others[] = {"first-open", "minimax", "negamax", "negamax-ab-ids"};
    for (size_t i = 0; i < 4; i++) {
        json_t *agent = agent_named(summary, others[i]);
        assert_int_equal(get_int(json_object_get(agent, "all"), "games"), per_pair);
        assert_int_equal(get_int(json_object_get(agent, "vs_random"), "games"), per_pair);
    }
    assert_int_equal(get_int(json_object_get(agent_named(summary, "random"), "all"), "games"),
                     4 * per_pair);
    json_decref(summary);
    remove_tree(run.dir);
}

/* The verdict of RUN's summary: H1 after GAMES games, PAIRS pairs won
 * 2-0, at LLR. */
static json_t *check_sprt(const struct run *run, int games, int pairs, double llr)
{
    json_t *summary = load_summary(run);
    json_t *tournament = json_object_get(summary, "tournament");
    assert_int_equal(get_int(tournament, "games_scheduled"), 1000);
    assert_int_equal(get_int(tournament, "games_played"), games);
    json_t *sprt = json_object_get(summary, "sprt");
    assert_string_equal(json_string_value(json_object_get(sprt, "verdict")), "H1");
    assert_int_equal(get_int(sprt, "games_at_verdict"), games);
    assert_float_equal(json_real_value(json_object_get(sprt, "llr")), llr, 1e-6);
    json_t *penta = json_object_get(sprt, "pentanomial");
    for (size_t k = 0; k < 4; k++) {
        assert_int_equal(json_integer_value(json_array_get(penta, k)), 0);
    }
    assert_int_equal(json_integer_value(json_array_get(penta, 4)), pairs);
    return summary;
}

/* The sequential test stops the match at the first pair whose
 * log-likelihood ratio crosses a bound, and says so in every report. */
static void test_sprt_stops_the_match(void **state)
{
    (void)state;
    struct run run;
    play(&run, TOURNEY_TEST_SOURCE_DIR "/tests/configs/sprt.ini");
    /* Normalized Elo, the default: 7 pairs won 2-0, LLR 3.4254
     * (tests/runner/stats/test_sprt.c works it out). */
    json_t *summary = check_sprt(&run, 14, 7, 3.4254455509652235);
    json_t *sprt = json_object_get(summary, "sprt");
    assert_file_has(run.out, "H1 accepted after 14 games");
    /* A leader is named when it is surely ahead: seven pairs won 2-0 give a
     * LOS of 99.59% from the pairs (z = 2.6463). */
    assert_file_has(run.out, "\nLeader: negamax-ab-ids, ahead of first-open with LOS 99.6% "
                             "(their games).\n");
    /* So does report.html's Leader card, with its margin: every game won,
     * the interval's lower end is the only number. Its figures are those
     * of summary.json's "leader". */
    char page[160];
    snprintf(page, sizeof(page), "%s/reports/report.html", run.dir);
    assert_file_has(page, "data-separated=\"true\"><span class=\"kpi-label\">Leader</span>"
                          "<span class=\"kpi-value\">negamax-ab-ids</span><span "
                          "class=\"kpi-note\"><span data-summary=\"leader\">ahead of "
                          "first-open by at least <span data-key=\"margin_low\" "
                          "data-value=\"104.3457773\">+104.3</span> Elo (all won, the 95% "
                          "bound), LOS <span data-key=\"los\" data-value=\"0.9959313365\">99.6%"
                          "</span> (their games)</span> \u00b7 <span data-agent=");
    json_t *leader = json_object_get(summary, "leader");
    char *verdict = json_dumps(leader, JSON_COMPACT | JSON_REAL_PRECISION(10));
    assert_string_equal(verdict,
                        "{\"agent\":\"negamax-ab-ids\",\"second\":\"first-open\","
                        "\"separated\":true,\"los\":0.9959313365,\"los_from\":\"pair\","
                        "\"margin\":null,\"margin_text\":\"+inf\",\"margin_low\":104.3457773,"
                        "\"margin_high\":null,\"tied\":[\"negamax-ab-ids\"],\"text\":\"Leader: "
                        "negamax-ab-ids, ahead of first-open with LOS 99.6% (their games).\"}");
    free(verdict);

    /* Resuming a decided match plays nothing more; rebuilding the reports
     * from the log reaches the same verdict. */
    char reports[128];
    snprintf(reports, sizeof(reports), "%s/reports", run.dir);
    const char *const resume[] = {"run",      TOURNEY_TEST_SOURCE_DIR "/tests/configs/sprt.ini",
                                  "--output", reports,
                                  "--resume", "--quiet",
                                  NULL};
    run_tourney(&run, resume);
    assert_int_equal(run.status, 0);
    const char *const rebuild[] = {"report", reports, NULL};
    run_tourney(&run, rebuild);
    assert_int_equal(run.status, 0);
    json_t *again = load_summary(&run);
    assert_true(json_equal(json_object_get(again, "sprt"), sprt));
    assert_int_equal(get_int(json_object_get(again, "tournament"), "games_played"), 14);
    json_decref(again);
    json_decref(summary);
    remove_tree(run.dir);

    /* The logistic model stops where it always has: 8 pairs won 2-0, LLR
     * 3.3475. */
    struct run logistic;
    make_run_dir(&logistic, "e2e");
    char config[128];
    snprintf(config, sizeof(config), "%s/sprt.ini", logistic.dir);
    write_file(config, "%s",
               "[tournament]\nname = sprt-test\nseed = 5\ngames_per_pair = 1000\n"
               "time_per_move_ms = 1000\nisolation = none\nsprt = 0, 200, 0.05, 0.05\n"
               "sprt_model = logistic\n[game]\nplugin = mnk\n"
               "[agent negamax-ab-ids]\nplugin = negamax-ab-ids\n"
               "[agent first-open]\nplugin = first-open\n");
    snprintf(reports, sizeof(reports), "%s/reports", logistic.dir);
    const char *const args[] = {"run", config, "--output", reports, NULL};
    run_tourney(&logistic, args);
    assert_int_equal(logistic.status, 0);
    json_decref(check_sprt(&logistic, 16, 8, 3.3475393504155826));
    assert_file_has(logistic.out, "H1 accepted after 16 games");
    remove_tree(logistic.dir);

    /* Two jobs: the workers still hold games dealt past the verdict, and
     * are killed, not waited for; that is no fault of theirs, and the log
     * holds the same 14 games. */
    struct run jobs;
    make_run_dir(&jobs, "e2e");
    snprintf(reports, sizeof(reports), "%s/reports", jobs.dir);
    const char *const two[] = {"run",      TOURNEY_TEST_SOURCE_DIR "/tests/configs/sprt.ini",
                               "--output", reports,
                               "--jobs",   "2",
                               NULL};
    run_tourney_ok(&jobs, two);
    json_decref(check_sprt(&jobs, 14, 7, 3.4254455509652235));
    assert_file_has(jobs.out, "H1 accepted after 14 games");
    remove_tree(jobs.dir);
}

static void test_one_plugin_entered_twice(void **state)
{
    (void)state;
    struct run run;
    play(&run, CONFIG_DIR "/depths.ini");
    json_t *summary = load_summary(&run);
    json_int_t per_pair = get_int(json_object_get(summary, "tournament"), "games_per_pair");
    assert_int_equal(check_consistency(summary, per_pair), 6 * per_pair);
    json_t *d1 = agent_named(summary, "minimax-d1");
    json_t *d9 = agent_named(summary, "minimax-d9");
    assert_string_equal(json_string_value(json_object_get(d1, "plugin")), "minimax");
    assert_string_equal(json_string_value(json_object_get(d9, "plugin")), "minimax");
    assert_non_null(strstr(json_string_value(json_object_get(d1, "params")), "depth = 1"));
    assert_non_null(strstr(json_string_value(json_object_get(d9, "params")), "depth = 9"));
    /* The deeper search never loses to the shallower one on 3x3. */
    assert_int_equal(get_int(pair(summary, "minimax-d9", "minimax-d1"), "losses"), 0);
    json_decref(summary);
    remove_tree(run.dir);
}

/* mcts in agent processes: with a fixed number of iterations it replays
 * exactly, never loses 3x3 and draws every game against the perfect
 * negamax-ab-ids; against the clock it plays Connect Four without a fault. */
static void test_mcts_in_agent_processes(void **state)
{
    (void)state;
    struct run a;
    struct run b;
    play(&a, TOURNEY_TEST_SOURCE_DIR "/tests/configs/mcts.ini");
    play(&b, TOURNEY_TEST_SOURCE_DIR "/tests/configs/mcts.ini");
    json_t *summary = load_summary(&a);
    json_int_t per_pair = get_int(json_object_get(summary, "tournament"), "games_per_pair");
    assert_int_equal(check_consistency(summary, per_pair), 3 * per_pair);
    json_t *mcts = agent_named(summary, "mcts");
    assert_int_equal(get_int(json_object_get(mcts, "all"), "losses"), 0);
    assert_int_equal(get_int(pair(summary, "mcts", "negamax-ab-ids"), "draws"), per_pair);
    assert_int_equal(get_int(json_object_get(summary, "terminations"), "normal"), 3 * per_pair);
    /* Nodes are iterations: at most 1000 a move, fewer once the solver has
     * proven the root. */
    json_t *search = json_object_get(mcts, "search");
    assert_true(get_int(search, "nodes") <= 1000 * get_int(search, "moves"));
    assert_true(get_int(search, "nodes") > 0);
    assert_same_results(&b, &a);
    json_decref(summary);
    remove_tree(a.dir);
    remove_tree(b.dir);

    struct run clock;
    play(&clock, TOURNEY_TEST_SOURCE_DIR "/tests/configs/mcts-clock.ini");
    summary = load_summary(&clock);
    assert_int_equal(get_int(json_object_get(summary, "terminations"), "normal"), 2);
    search = json_object_get(agent_named(summary, "mcts"), "search");
    assert_true(get_int(search, "nodes") >= get_int(search, "moves"));
    json_decref(summary);
    remove_tree(clock.dir);
}

static void test_faulty_agents_lose_only_their_games(void **state)
{
    (void)state;
    struct run run;
    play(&run, TOURNEY_TEST_SOURCE_DIR "/tests/configs/faults.ini");
    json_t *summary = load_summary(&run);
    json_int_t per_pair = get_int(json_object_get(summary, "tournament"), "games_per_pair");
    assert_int_equal(check_consistency(summary, per_pair), 6 * per_pair);
    json_t *terminations = json_object_get(summary, "terminations");
    /* cheat and quitter each lose every game not against each other by their
     * fault; between them, whoever misbehaves first (at ply 2 or 3) loses. */
    json_t *cheat = agent_named(summary, "cheat");
    json_t *quitter = agent_named(summary, "quitter");
    assert_int_equal(get_int(json_object_get(cheat, "all"), "wins"),
                     get_int(pair(summary, "cheat", "quitter"), "wins"));
    assert_int_equal(get_int(json_object_get(cheat, "faults"), "illegal_move") +
                         get_int(json_object_get(quitter, "faults"), "agent_error"),
                     5 * per_pair);
    assert_int_equal(get_int(terminations, "illegal_move") + get_int(terminations, "agent_error"),
                     5 * per_pair);
    assert_int_equal(get_int(terminations, "normal"), per_pair);
    /* The well-behaved pair played normally, all its games. */
    assert_int_equal(get_int(pair(summary, "first-open", "random"), "games"), per_pair);
    assert_int_equal(get_int(pair(summary, "first-open", "cheat"), "wins"), per_pair);
    assert_int_equal(get_int(pair(summary, "random", "quitter"), "wins"), per_pair);

    /* The console and report.md name the faults and their first games. */
    assert_file_has(run.out, "\nGames lost by a fault (games by their number in the log):\n"
                             "agent    fault         games  first games\n"
                             "cheat    illegal_move     25  0, 2, 3, ...\n"
                             "quitter  agent_error      25  1, 6, 7, ...\n");
    char md[128];
    snprintf(md, sizeof(md), "%s/reports/report.md", run.dir);
    assert_file_has(md, "| cheat | illegal_move | 25 | 0, 2, 3, ... |\n"
                        "| quitter | agent_error | 25 | 1, 6, 7, ... |\n");

    /* games.jsonl names the agent at fault and the reason. */
    char path[128];
    snprintf(path, sizeof(path), "%s/reports/games.jsonl", run.dir);
    assert_file_has(path, "\"termination\":\"illegal_move\",\"fault\":\"cheat\","
                          "\"reason\":\"move 0 is not legal at ply 2");
    assert_file_has(path, "\"message\":\"giving up on purpose\"");

    /* report.html holds every game, those lost by a fault among them. */
    char *page = check_page(&run, 4, 6);
    assert_non_null(strstr(page, "All 60 games (50 lost by a fault)."));
    assert_non_null(strstr(page, "\"t\":\"illegal_move\",\"f\":1,\"why\":\"move 0 is not legal"));
    free(page);
    json_decref(summary);
    remove_tree(run.dir);
}

/* A results log whose game plugin has gone: `tourney report` still writes
 * report.html, with moves as numbers, and says why there are no boards. */
static void test_report_without_the_game_plugin(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "e2e");
    /* A copy of mnk with a byte more: the same game, another digest. */
    char command[512];
    snprintf(command, sizeof(command),
             "mkdir -p %s/plugins/games && cp %s/mnk.so %s/plugins/games/mnk.so && "
             "printf x >>%s/plugins/games/mnk.so",
             run.dir, TOURNEY_TEST_GAME_DIR, run.dir, run.dir);
    assert_int_equal(system(command), 0);
    char config[128];
    snprintf(config, sizeof(config), "%s/config.ini", run.dir);
    write_file(config, "%s",
               "[tournament]\nname = moved\nseed = 3\ngames_per_pair = 2\n"
               "plugin_path = plugins\nisolation = none\n[game]\nplugin = mnk\n"
               "[agent first-open]\nplugin = first-open\n[agent random]\nplugin = random\n");
    char output[128];
    snprintf(output, sizeof(output), "%s/reports", run.dir);
    const char *args[] = {"run", config, "--quiet", "--output", output, NULL};
    run_tourney(&run, args);
    assert_int_equal(run.status, 0);
    char *page = check_page(&run, 2, 1);
    assert_non_null(strstr(page, "\"boards\":true"));
    free(page);

    snprintf(command, sizeof(command), "rm %s/plugins/games/mnk.so", run.dir);
    assert_int_equal(system(command), 0);
    const char *report[] = {"report", output, NULL};
    run_tourney(&run, report);
    assert_int_equal(run.status, 0);
    /* The file has gone; the mnk of the build tree is found by name, and
     * refused: it is not the file the games were played with. */
    char expected[512];
    snprintf(expected, sizeof(expected),
             "tourney: report.html shows moves without boards, and no game's end was checked "
             "against its moves: %s/games/mnk.so is not the game plugin the log was played "
             "with (its digest differs)\n",
             TOURNEY_TEST_BUILD_ROOT);
    assert_file_is(run.err, expected);
    page = check_page(&run, 2, 1);
    assert_non_null(strstr(page, "\"boards\":false"));
    assert_non_null(strstr(page, " Boards are not drawn: "));
    assert_non_null(strstr(page, "; moves are the game's move numbers."));
    free(page);
    remove_tree(run.dir);
}

/* The warning on repeated games suggests what would vary the starts, from
 * what the config already does: openings when it has none, more plies when
 * it plays random ones, more positions when its file has too few (it said
 * "set openings or opening_plies" whatever the config had). */
static void test_repeat_warning_names_what_would_help(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "e2e");
    char openings[128];
    snprintf(openings, sizeof(openings), "%s/one.txt", run.dir);
    write_file(openings, "%s", ". . . / . . . / . o x\n");
    char start[192];
    snprintf(start, sizeof(start), "openings = %s\n", openings);
    const char *const starts[] = {"", "opening_plies = 1\n", start};
    const char *const expected[] = {
        "2 distinct of 12 games), so their games are weaker evidence than their number says; "
        "set openings or opening_plies to start from varied positions.",
        "10 distinct of 12 games), so their games are weaker evidence than their number says; "
        "more opening_plies, or an openings file, would vary the starts.",
        "2 distinct of 12 games), so their games are weaker evidence than their number says; "
        "an openings file with more positions than rounds would vary the starts.",
    };
    for (size_t k = 0; k < 3; k++) {
        char config[128];
        snprintf(config, sizeof(config), "%s/repeat%zu.ini", run.dir, k);
        write_file(config,
                   "[tournament]\nseed = 3\ngames_per_pair = 12\nisolation = none\n%s"
                   "[game]\nplugin = mnk\n[agent minimax]\nplugin = minimax\ndepth = 2\n"
                   "[agent first-open]\nplugin = first-open\n",
                   starts[k]);
        char reports[160];
        snprintf(reports, sizeof(reports), "%s/reports%zu", run.dir, k);
        const char *const args[] = {"run", config, "--output", reports, NULL};
        run_tourney_ok(&run, args);
        char line[400];
        snprintf(line, sizeof(line),
                 "Repeated games: 1 of 1 pairs played the same game more than once (%s",
                 expected[k]);
        char summary[192];
        snprintf(summary, sizeof(summary), "%s/summary.json", reports);
        json_t *root = json_load_file(summary, 0, NULL);
        assert_non_null(root);
        assert_string_equal(json_string_value(json_object_get(json_object_get(root, "tournament"),
                                                              "repeat_warning")),
                            line);
        json_decref(root);
        char md[192];
        snprintf(md, sizeof(md), "%s/report.md", reports);
        char section[480];
        snprintf(section, sizeof(section), "\n\n## Repeated games\n\n%s\n\n## Standings", line);
        assert_file_has(md, section);
    }
    remove_tree(run.dir);
}

/* The length of the longest line of the file at PATH, but for the last
 * line, which says where the reports went. */
static size_t longest_line(const char *path)
{
    char *text = slurp(path);
    size_t longest = 0;
    for (char *line = text; *line != '\0';) {
        size_t length = strcspn(line, "\n");
        if (strncmp(line, "Reports ", 8) != 0) {
            longest = length > longest ? length : longest;
        }
        line += length + (line[length] == '\n');
    }
    free(text);
    return longest;
}

/* The console's tables fit 100 characters, saying what they left out;
 * --wide prints every column, on `run` and on `report`. */
static void test_console_width(void **state)
{
    (void)state;
    struct run run;
    play(&run, TEST_CONFIG_DIR "/smoke.ini");
    assert_true(longest_line(run.out) <= 100);
    /* No leader where the first is not surely ahead: minimax beat random
     * 2-0 (LOS 92.1%) and drew the other searchers. */
    assert_file_has(run.out, "\nTied at the top: minimax, negamax, negamax-ab-ids, first-open, "
                             "random (minimax is ahead of none of\nthem with LOS >= 95%).\n");
    /* Three columns go; the win rate against random stays while random
     * plays. Beside the Elo interval, the ranks (the leader's, the
     * neighbours') whose intervals overlap: minimax's [+46.7, +716.7]
     * holds first-open's +0.0 +- 310.4 but not random's [+0.0, +0.0],
     * which first-open's holds. */
    assert_file_has(run.out, "\n(left out to fit 100 columns: win% 95% CI, win% 1st, win% 2nd; "
                             "--wide shows them)\n");
    /* minimax, negamax and negamax-ab-ids won both games against random:
     * those intervals are open above, and the console says why. */
    assert_file_has(run.out, "\nAn agent that won every game of a pair has an interval open above "
                             "(+inf, and -inf for its opponent):\none-sided, since no finite Elo "
                             "difference is too large for a perfect score.\n");
    assert_file_has(run.out, "\n#  agent           games  W  D  L  score%     Elo        Elo 95% "
                             "CI  overlaps  win%  win% vs random\n"
                             "1  minimax             8  4  4  0    75.0  +381.7   [+46.7, "
                             "+716.7]         2  50.0           100.0\n"
                             "2  negamax             8  4  4  0    75.0  +381.7   [+46.7, "
                             "+716.7]       1,3  50.0           100.0\n"
                             "3  negamax-ab-ids      8  4  4  0    75.0  +381.7   [+46.7, "
                             "+716.7]     1,2,4  50.0           100.0\n"
                             "4  first-open          8  1  0  7    12.5    +0.0  [-310.4, "
                             "+310.4]     1,3,5  12.5            50.0\n"
                             "5  random              8  1  0  7    12.5    +0.0      [+0.0, "
                             "+0.0]         4  12.5               -\n");
    char reports[128];
    snprintf(reports, sizeof(reports), "%s/reports", run.dir);
    /* report.md says it in its Pairs section. */
    char markdown[160];
    snprintf(markdown, sizeof(markdown), "%s/report.md", reports);
    assert_file_has(markdown,
                    "the first agent. An agent that won every game of a pair has an "
                    "interval open above (+inf, and -inf for its opponent): one-sided, "
                    "since no finite Elo difference is too large for a perfect score.\n");
    const char *const wide[] = {"report", reports, "--wide", NULL};
    run_tourney_ok(&run, wide);
    assert_true(longest_line(run.out) > 100);
    assert_file_has(run.out,
                    "  overlaps  win%   win% 95% CI  win% 1st  win% 2nd  win% vs random\n");
    assert_file_has(run.out, "nodes total");
    char *out = slurp(run.out);
    assert_null(strstr(out, "left out"));
    free(out);
    const char *const narrow[] = {"report", reports, NULL};
    run_tourney_ok(&run, narrow);
    assert_true(longest_line(run.out) <= 100);
    /* COLUMNS, when standard output is no terminal: at 80 every line fits
     * and the win rate against random stays. */
    setenv("COLUMNS", "80", 1);
    run_tourney_ok(&run, narrow);
    unsetenv("COLUMNS");
    assert_true(longest_line(run.out) <= 80);
    assert_file_has(run.out, "\n#  agent           games  W  D  L  score%     Elo  overlaps  "
                             "win% vs random\n");
    assert_file_has(run.out, "\n(left out to fit 80 columns: Elo 95% CI, win%, win% 95% CI, "
                             "win% 1st, win% 2nd;\n--wide shows them)\n");
    /* A run of its own (into a folder of its own: this one holds a log). */
    char wide_reports[160];
    snprintf(wide_reports, sizeof(wide_reports), "%s/wide", run.dir);
    const char *const wide_run[] = {
        "run", TEST_CONFIG_DIR "/smoke.ini", "--wide", "--output", wide_reports, NULL};
    run_tourney_ok(&run, wide_run);
    assert_file_has(run.out, "  win% vs random\n");
    const char *const unknown[] = {"report", reports, "--narrow", NULL};
    run_tourney(&run, unknown);
    assert_int_equal(run.status, 2);
    assert_file_is(run.err, "tourney report: unknown option '--narrow'\n");
    remove_tree(run.dir);
}

/* Pairs of games are formed by their index in the schedule, not by the
 * order of the log's lines: a log whose game lines are swapped rebuilds
 * into the same tallies, pentanomials, distinct games, intervals and
 * ratings (only the score over the games follows the log's order). */
static void test_log_order_does_not_matter(void **state)
{
    (void)state;
    struct run run;
    play(&run, TEST_CONFIG_DIR "/smoke.ini");
    json_t *before = load_summary(&run);
    char log[128];
    snprintf(log, sizeof(log), "%s/reports/games.jsonl", run.dir);
    char *text = slurp(log);
    /* Lines: the header, then games 0, 1, 2, ... Swap game 0 with game 3
     * and game 1 with game 6: both halves of two pairs move. */
    char *line[32];
    size_t count = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l != NULL && count < 32;
         l = strtok_r(NULL, "\n", &save)) {
        line[count++] = l;
    }
    assert_true(count >= 8);
    char *swap = line[1];
    line[1] = line[4];
    line[4] = swap;
    swap = line[2];
    line[2] = line[7];
    line[7] = swap;
    FILE *out = fopen(log, "w");
    assert_non_null(out);
    for (size_t k = 0; k < count; k++) {
        fprintf(out, "%s\n", line[k]);
    }
    assert_int_equal(fclose(out), 0);
    free(text);
    char reports[128];
    snprintf(reports, sizeof(reports), "%s/reports", run.dir);
    const char *const rebuild[] = {"report", reports, NULL};
    run_tourney_ok(&run, rebuild);
    json_t *after = load_summary(&run);
    static const char *const same[] = {"crosstable", "ratings", "tournament", "terminations",
                                       "seats"};
    for (size_t k = 0; k < sizeof(same) / sizeof(same[0]); k++) {
        assert_true(json_equal(json_object_get(before, same[k]), json_object_get(after, same[k])));
    }
    size_t i;
    json_t *agent;
    json_array_foreach(json_object_get(before, "agents"), i, agent)
    {
        json_t *other = json_array_get(json_object_get(after, "agents"), i);
        assert_true(json_equal(json_object_get(agent, "all"), json_object_get(other, "all")));
        assert_true(
            json_equal(json_object_get(agent, "rating"), json_object_get(other, "rating")));
    }
    json_decref(after);
    json_decref(before);
    remove_tree(run.dir);
}

/* Every report file and the console of `tourney report`, read into one
 * string per file, in OUT[0..4]. */
static void rebuilt_reports(struct run *run, const char *reports, char *out[5])
{
    const char *const rebuild[] = {"report", reports, "--wide", NULL};
    run_tourney_ok(run, rebuild);
    static const char *const files[] = {"summary.json", "results.csv", "report.md", "report.html"};
    for (size_t k = 0; k < 4; k++) {
        char path[256];
        snprintf(path, sizeof(path), "%s/%s", reports, files[k]);
        out[k] = slurp(path);
    }
    out[4] = slurp(run->out);
}

/* Shuffling a log's lines changes no figure of `tourney report`, not even
 * the sequential test's: a match of random against first-open that takes
 * 69 pairs to accept H0, its games read backwards and then interleaved
 * (every third game first). Before games were read in game order, the
 * reversed log stopped the test at 132 games, LLR -2.969. */
static void test_shuffled_log_changes_no_figure(void **state)
{
    (void)state;
    struct run run;
    make_run_dir(&run, "e2e");
    char config[128];
    snprintf(config, sizeof(config), "%s/shuffle.ini", run.dir);
    write_file(config, "%s",
               "[tournament]\nname = shuffle\nseed = 7\ngames_per_pair = 2000\n"
               "time_per_move_ms = 1000\nisolation = none\nsprt = -20, 20, 0.05, 0.05\n"
               "[game]\nplugin = mnk\n[agent random]\nplugin = random\n"
               "[agent first-open]\nplugin = first-open\n");
    char reports[128];
    snprintf(reports, sizeof(reports), "%s/reports", run.dir);
    const char *const args[] = {"run", config, "--output", reports, "--quiet", NULL};
    run_tourney_ok(&run, args);
    char *before[5];
    rebuilt_reports(&run, reports, before);
    assert_non_null(strstr(before[4], "H0 accepted after 138 games, LLR -3.036 (bounds -2.944, "
                                      "2.944)"));
    char log[160];
    snprintf(log, sizeof(log), "%s/games.jsonl", reports);
    char *text = slurp(log);
    char *line[200];
    size_t count = 0;
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); l != NULL && count < 200;
         l = strtok_r(NULL, "\n", &save)) {
        line[count++] = l;
    }
    assert_int_equal(count, 139);
    for (int order = 0; order < 2; order++) {
        FILE *out = fopen(log, "w");
        assert_non_null(out);
        fprintf(out, "%s\n", line[0]);
        /* Backwards; then games 0, 3, 6, ..., 135, 1, 4, ..., 136, 2, 5,
         * ..., 137 (46 rows of three). */
        for (size_t k = 1; k < count; k++) {
            size_t at = order == 0 ? count - k : 1 + ((k - 1) % 46) * 3 + (k - 1) / 46;
            fprintf(out, "%s\n", line[at]);
        }
        assert_int_equal(fclose(out), 0);
        assert_int_equal(count_lines(log), 139);
        char *after[5];
        rebuilt_reports(&run, reports, after);
        for (size_t k = 0; k < 5; k++) {
            assert_string_equal(after[k], before[k]);
            free(after[k]);
        }
    }
    for (size_t k = 0; k < 5; k++) {
        free(before[k]);
    }
    free(text);
    remove_tree(run.dir);
}

static void test_validate(void **state)
{
    (void)state;
    struct run run = {0};
    const char *good[] = {"validate", CONFIG_DIR "/classic.ini", NULL};
    run_tourney(&run, good);
    assert_int_equal(run.status, 0);
    assert_file_has(run.out, "classic.ini: OK: game mnk (rows = 3, cols = 3, k = 3), 5 agents");
    assert_file_has(run.out, "\n  openings: 21 positions from " CONFIG_DIR
                             "/openings/mnk-3x3-3ply-draws.txt, in the file's order\n");
    remove_tree(run.dir);

    /* A broken config: every error on stderr with file:line, exit code 2,
     * nothing played or written. */
    char dir[64];
    make_temp_dir(dir, sizeof(dir), "e2e-bad");
    char config[128];
    snprintf(config, sizeof(config), "%s/bad.ini", dir);
    write_file(config,
               "[tournament]\ngames_per_pair = 2\noutput_dir = %s/out\n[game]\nplugin = mnk\n"
               "[agent a]\nplugin = nosuch\n[agent b]\nplugin = random\nlevel = 3\n",
               dir);
    const char *bad[] = {"run", config, NULL};
    memset(&run, 0, sizeof(run));
    run_tourney(&run, bad);
    assert_int_equal(run.status, 2);
    char expected[256];
    snprintf(expected, sizeof(expected), "%s:7: unknown agent plugin 'nosuch'", config);
    assert_file_has(run.err, expected);
    snprintf(expected, sizeof(expected),
             "%s:10: unknown parameter 'level' for agent 'b' (plugin 'random')", config);
    assert_file_has(run.err, expected);
    assert_file_has(run.err, "2 errors in");
    char out_dir[128];
    snprintf(out_dir, sizeof(out_dir), "%s/out", dir);
    assert_int_not_equal(access(out_dir, F_OK), 0);
    remove_tree(run.dir);

    /* A round-robin of 10,000 agents, 60 games a pair, needs hundreds of
     * gigabytes for its statistics: validate and run refuse it with the
     * estimate, before playing or writing anything. */
    snprintf(config, sizeof(config), "%s/huge.ini", dir);
    FILE *huge = fopen(config, "w");
    assert_non_null(huge);
    fprintf(huge,
            "[tournament]\ngames_per_pair = 60\noutput_dir = %s/out\n[game]\n"
            "plugin = mnk\n",
            dir);
    for (int i = 0; i < 10000; i++) {
        fprintf(huge, "[agent a%d]\nplugin = first-open\n", i);
    }
    assert_int_equal(fclose(huge), 0);
    const char *const huge_validate[] = {"validate", config, NULL};
    const char *const huge_run[] = {"run", config, "--quiet", NULL};
    const char *const *const commands[] = {huge_validate, huge_run};
    for (size_t k = 0; k < 2; k++) {
        memset(&run, 0, sizeof(run));
        run_tourney(&run, commands[k]);
        assert_int_not_equal(run.status, 0);
        /* validate's mistake is told by main, with the command's name. */
        snprintf(expected, sizeof(expected),
                 "%s: %s: 10000 agents, 2999700000 games: the statistics and reports "
                 "would need about ",
                 k == 0 ? "tourney validate" : "tourney", config);
        assert_file_has(run.err, expected);
        assert_file_has(run.err, " of memory, more than the ");
        assert_int_not_equal(access(out_dir, F_OK), 0);
        remove_tree(run.dir);
    }
    remove_tree(dir);
}

static void test_help_version_and_listings(void **state)
{
    (void)state;
    struct run run = {0};
    const char *help[] = {"--help", NULL};
    run_tourney(&run, help);
    assert_int_equal(run.status, 0);
    char *out = slurp(run.out);
    assert_int_equal(strncmp(out, "Usage: tourney COMMAND", 22), 0);
    free(out);
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));

    const char *version[] = {"--version", NULL};
    run_tourney(&run, version);
    assert_int_equal(run.status, 0);
    out = slurp(run.out);
    assert_int_equal(strncmp(out, "tourney ", 8), 0);
    assert_non_null(strstr(out, "(plugin ABI 1.2)"));
    free(out);
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));

    const char *unknown[] = {"frobnicate", NULL};
    run_tourney(&run, unknown);
    assert_int_equal(run.status, 2);
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));

    const char *agents[] = {"agents", NULL};
    run_tourney(&run, agents);
    assert_int_equal(run.status, 0);
    out = slurp(run.out);
    static const char *const shipped[] = {"\nfirst-open\n", "\nrandom\n",         "\nminimax\n",
                                          "\nnegamax\n",    "\nnegamax-ab-ids\n", "\nmcts\n"};
    for (size_t i = 0; i < 6; i++) {
        assert_non_null(strstr(out, shipped[i]));
    }
    assert_non_null(strstr(out, "max_depth"));
    assert_non_null(strstr(out, "tie_break"));
    free(out);
    remove_tree(run.dir);
    memset(&run, 0, sizeof(run));

    const char *games[] = {"games", NULL};
    run_tourney(&run, games);
    assert_int_equal(run.status, 0);
    out = slurp(run.out);
    /* In the order of their names. */
    assert_int_equal(strncmp(out, "connect4\n", 9), 0);
    assert_non_null(strstr(out, "\nmnk\n"));
    assert_non_null(strstr(out, "columns"));
    assert_non_null(strstr(out, "(a whole number from 1 to 16)"));
    free(out);
    remove_tree(run.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic_is_consistent_and_reproducible),
        cmocka_unit_test(test_gauntlet_against_random),
        cmocka_unit_test(test_one_plugin_entered_twice),
        cmocka_unit_test(test_sprt_stops_the_match),
        cmocka_unit_test(test_mcts_in_agent_processes),
        cmocka_unit_test(test_faulty_agents_lose_only_their_games),
        cmocka_unit_test(test_report_without_the_game_plugin),
        cmocka_unit_test(test_console_width),
        cmocka_unit_test(test_repeat_warning_names_what_would_help),
        cmocka_unit_test(test_log_order_does_not_matter),
        cmocka_unit_test(test_shuffled_log_changes_no_figure),
        cmocka_unit_test(test_validate),
        cmocka_unit_test(test_help_version_and_listings),
    };
    return cmocka_run_group_tests_name("e2e", tests, NULL, NULL);
}
