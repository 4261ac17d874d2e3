/*
 * tests/runner/play/test_exact_vs_random.c - the exact score against random
 * (exact_vs_random.h) of first-open and of negamax at depth 2 on 3x3, run as
 * in a tournament (each in a process of its own, and in the runner with
 * isolation = none), equals an enumeration written here of every game
 * against random, line by line, with no position remembered, its
 * probabilities counted exactly in whole parts of the product of random's
 * move counts. Agents that fail lose from where they failed; a tree larger
 * than the budget is refused.
 */
#include "test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exact_vs_random.h"
#include "schedule.h"
#include "search_harness.h"
#include "tournament.h"

#define PLUGIN_PATH TOURNEY_TEST_AGENT_DIR ":" TOURNEY_TEST_GAME_DIR ":" TOURNEY_TEST_PLUGIN_DIR
#define ERROR_SIZE 512

/* ------------------------------------------------------------------------
 * The enumeration: tic-tac-toe on an array, every line of play against
 * random, the agent's move from a function.
 * --------------------------------------------------------------------- */

/* 0 empty, 1 the first player's (x), 2 the second's. */
struct board {
    int cell[9];
    int ply;
};

/* 1 or 2 for the player with three in a line, 3 for a full board, else 0. */
static int board_result(const struct board *b)
{
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int i = 0; i < 8; i++) {
        int c = b->cell[lines[i][0]];
        if (c != 0 && c == b->cell[lines[i][1]] && c == b->cell[lines[i][2]]) {
            return c;
        }
    }
    return b->ply == 9 ? 3 : 0;
}

/* The agent's move in B, or -1 where it fails. */
typedef int (*policy_fn)(const struct board *b, void *context);

/* Wins, draws and losses of the agent, in parts of TOTAL. */
struct tally {
    long long win;
    long long draw;
    long long loss;
};

/* Adds to T the lines from B, which carry WEIGHT parts, the agent playing
 * player AGENT (1 or 2) by POLICY. */
static void enumerate(struct board *b, int agent, policy_fn policy, void *context,
                      long long weight, struct tally *t)
{
    int result = board_result(b);
    if (result != 0) {
        if (result == 3) {
            t->draw += weight;
        } else if (result == agent) {
            t->win += weight;
        } else {
            t->loss += weight;
        }
        return;
    }
    int mover = b->ply % 2 + 1;
    if (mover == agent) {
        int move = policy(b, context);
        if (move < 0) {
            t->loss += weight; /* it failed: the game is lost */
            return;
        }
        assert_true(move < 9 && b->cell[move] == 0);
        b->cell[move] = mover;
        b->ply++;
        enumerate(b, agent, policy, context, weight, t);
        b->ply--;
        b->cell[move] = 0;
        return;
    }
    int count = 9 - b->ply;
    assert_int_equal(weight % count, 0);
    for (int move = 0; move < 9; move++) {
        if (b->cell[move] == 0) {
            b->cell[move] = mover;
            b->ply++;
            enumerate(b, agent, policy, context, weight / count, t);
            b->ply--;
            b->cell[move] = 0;
        }
    }
}

static int first_open_policy(const struct board *b, void *context)
{
    (void)context;
    for (int move = 0; move < 9; move++) {
        if (b->cell[move] == 0) {
            return move;
        }
    }
    fail();
    return -1;
}

/* The misbehaving test agents: the lowest move in their first two plies,
 * then a fault. */
static int faulty_policy(const struct board *b, void *context)
{
    return b->ply < 2 ? first_open_policy(b, context) : -1;
}

/* The negamax plugin itself, run here on the fake host: the enumeration
 * checks how the runner asks it, not how it searches. */
struct negamax_policy {
    struct harness_game game;
    struct harness_agent agent;
    unsigned char state[256];
};

static int negamax_policy(const struct board *b, void *context)
{
    struct negamax_policy *p = context;
    char text[64];
    size_t n = 0;
    for (int i = 0; i < 9; i++) {
        text[n++] = ".xo"[b->cell[i]];
        text[n++] = i % 3 == 2 ? '/' : ' ';
    }
    text[n - 1] = '\0';
    assert_int_equal(harness_state(&p->game, text, p->state), 0);
    struct tourney_move_report report;
    tourney_move move = -1;
    p->agent.ply = b->ply;
    assert_int_equal(harness_choose(&p->agent, p->state, 0, &report, &move), TOURNEY_OK);
    return (int)move;
}

/* The agent's parts of TOTAL as first (AGENT 1) or second (2): TOTAL is the
 * product of random's move counts along a full game. */
static struct tally tally_of(int agent, policy_fn policy, void *context, long long total)
{
    struct board b = {{0}, 0};
    struct tally t = {0, 0, 0};
    enumerate(&b, agent, policy, context, total, &t);
    assert_int_equal(t.win + t.draw + t.loss, total);
    return t;
}

/* ------------------------------------------------------------------------
 * The runner's figure
 * --------------------------------------------------------------------- */

#define CONFIG_TEXT                                                                              \
    "[tournament]\ngames_per_pair = 2\nisolation = %s\ntime_per_move_ms = 2000\n"                \
    "[game]\nplugin = mnk\n"                                                                     \
    "[agent first-open]\nplugin = first-open\n[agent negamax-d2]\nplugin = negamax\ndepth = 2\n" \
    "[agent illegal]\nplugin = misbehaving_agent\nmode = illegal\n"                              \
    "[agent abort]\nplugin = zoo_abort\n[agent random]\nplugin = random\n"

struct fixture {
    char dir[64];
    char path[96];
    struct diagnostics diag;
    struct tournament tournament;
};

/* Opens the config TEXT, in a folder of its own with OPENINGS (NULL: none)
 * as its file openings.txt. */
static void open_text(struct fixture *f, const char *text, const char *openings)
{
    snprintf(f->dir, sizeof(f->dir), "/tmp/tourney-exact-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof(f->path), "%s/exact.ini", f->dir);
    FILE *file = fopen(f->path, "w");
    assert_non_null(file);
    fputs(text, file);
    fclose(file);
    if (openings != NULL) {
        char path[128];
        snprintf(path, sizeof(path), "%s/openings.txt", f->dir);
        file = fopen(path, "w");
        assert_non_null(file);
        fputs(openings, file);
        fclose(file);
    }
    tourney_diag_init(&f->diag);
    int status = tourney_tournament_open(
        &f->tournament, f->path, TOURNEY_TEST_BUILD_ROOT "/tourney", PLUGIN_PATH, &f->diag);
    if (status != 0 || f->diag.count > 0) {
        fail_msg("%s", f->diag.count > 0 ? f->diag.items[0] : "the config did not open");
    }
}

static void open_config(struct fixture *f, const char *isolation)
{
    char text[1024];
    snprintf(text, sizeof(text), CONFIG_TEXT, isolation);
    open_text(f, text, NULL);
}

static void close_config(struct fixture *f)
{
    char path[128];
    tourney_tournament_close(&f->tournament);
    tourney_diag_finish(&f->diag);
    unlink(f->path);
    snprintf(path, sizeof(path), "%s/openings.txt", f->dir);
    unlink(path);
    rmdir(f->dir);
}

static size_t entrant(const struct fixture *f, const char *name)
{
    for (size_t i = 0; i < f->tournament.entrant_count; i++) {
        if (strcmp(f->tournament.entrants[i].name, name) == 0) {
            return i;
        }
    }
    fail_msg("no agent %s", name);
    return 0;
}

static void assert_rate(double rate, long long parts, long long total)
{
    double exact = (double)parts / (double)total;
    if (fabs(rate - exact) > 1e-12) {
        fail_msg("%.17g, not %lld/%lld = %.17g", rate, parts, total, exact);
    }
}

static void assert_rates(const struct exact_rates *r, const struct tally *t, long long total)
{

    assert_rate(r->win, t->win, total);
    assert_rate(r->draw, t->draw, total);
    assert_rate(r->loss, t->loss, total);
}

/* Random's moves along a full game: 8, 6, 4, 2 when the agent moves first;
 * 9, 7, 5, 3, 1 when it moves second. */
#define TOTAL_FIRST 384
#define TOTAL_SECOND 945

/* The figure of agent NAME under ISOLATION: the enumeration's by POLICY,
 * which must be FIRST and SECOND (pinned), with ASKED positions asked, of
 * POSITIONS, and FAULTS lost there, the first for REASON. */
static void check_agent(const char *isolation, const char *name, policy_fn policy, void *context,
                        const struct tally *first, const struct tally *second, uint64_t positions,
                        uint64_t asked, uint64_t faults, const char *reason)
{
    struct fixture f;
    struct exact_vs_random r;
    struct error err;
    open_config(&f, isolation);
    tourney_error_clear(&err);
    if (tourney_exact_vs_random(&f.tournament, entrant(&f, name), 100000, &r, &err) != 0) {
        fail_msg("%s", err.text);
    }
    struct tally first_now = tally_of(1, policy, context, TOTAL_FIRST);
    struct tally second_now = tally_of(2, policy, context, TOTAL_SECOND);
    /* The pinned parts are the enumeration's, which the runner's equal. */
    assert_memory_equal(&first_now, first, sizeof(*first));
    assert_memory_equal(&second_now, second, sizeof(*second));
    assert_rates(&r.first, first, TOTAL_FIRST);
    assert_rates(&r.second, second, TOTAL_SECOND);
    assert_rate(r.win_rate, first->win * TOTAL_SECOND + second->win * TOTAL_FIRST,
                2LL * TOTAL_FIRST * TOTAL_SECOND);
    assert_int_equal(r.positions, positions);
    assert_int_equal(r.asked, asked);
    assert_int_equal(r.faults, faults);
    if (strstr(r.first_fault, reason) == NULL) {
        fail_msg("the first fault: '%s'", r.first_fault);
    }
    close_config(&f);
}

/* first-open wins 300 of the 384 parts as first player, 416 of 945 as
 * second: asked at 232 of 534 positions. */
static void test_first_open(void **state)
{
    (void)state;
    const struct tally first = {300, 16, 68};
    const struct tally second = {416, 36, 493};
    check_agent("process", "first-open", first_open_policy, NULL, &first, &second, 534, 232, 0,
                "");
    check_agent("none", "first-open", first_open_policy, NULL, &first, &second, 534, 232, 0, "");
}

static void test_negamax_depth_2(void **state)
{
    (void)state;
    char error[ERROR_SIZE];
    void *game_handle = NULL;
    void *agent_handle = NULL;
    struct negamax_policy p;
    const struct tourney_game_api *game =
        harness_load_game(TOURNEY_TEST_GAME_DIR, "mnk", &game_handle, error, sizeof(error));
    const struct tourney_agent_api *agent =
        harness_load_agent(TOURNEY_TEST_AGENT_DIR, "negamax", &agent_handle, error, sizeof(error));
    if (game == NULL || agent == NULL ||
        harness_game_create(&p.game, game, NULL, error, sizeof(error)) != 0 ||
        harness_agent_create(&p.agent, agent, game, p.game.instance, &p.game.info, "depth=2", 1,
                             error, sizeof(error)) != 0) {
        fail_msg("%s", error);
    }
    /* It never loses: 379 of 384 won as first, 826 of 945 as second. */
    const struct tally first = {379, 5, 0};
    const struct tally second = {826, 119, 0};
    check_agent("process", "negamax-d2", negamax_policy, &p, &first, &second, 743, 386, 0, "");
    harness_agent_destroy(&p.agent);
    harness_game_destroy(&p.game);
    harness_unload(agent_handle);
    harness_unload(game_handle);
}

/* Agents that fail from their third ply on lose there, and each failure is
 * that position's loss, not the end of the computation: 8 positions after
 * their first move and random's as first player, 35 as second. */
static void test_faults(void **state)
{
    (void)state;
    const struct tally lost_first = {0, 0, TOTAL_FIRST};
    const struct tally lost_second = {0, 0, TOTAL_SECOND};
    check_agent("process", "illegal", faulty_policy, NULL, &lost_first, &lost_second, 64, 53, 43,
                "move 0 is not legal at ply 2");
    check_agent("none", "illegal", faulty_policy, NULL, &lost_first, &lost_second, 64, 53, 43,
                "is not legal at ply 2");
    check_agent("process", "abort", faulty_policy, NULL, &lost_first, &lost_second, 64, 53, 43,
                "SIGABRT");
}

/* A tree larger than the budget is refused, and says why. */
static void test_budget(void **state)
{
    (void)state;
    struct fixture f;
    struct exact_vs_random r;
    struct error err;
    open_config(&f, "process");
    tourney_error_clear(&err);
    assert_int_equal(
        tourney_exact_vs_random(&f.tournament, entrant(&f, "first-open"), 10, &r, &err), -1);
    assert_string_equal(err.text, "the game against random has more than 10 positions (the "
                                  "budget)");
    close_config(&f);
}

/* ------------------------------------------------------------------------
 * Over a tournament's games (tourney_exact_vs_random_games)
 * --------------------------------------------------------------------- */

#define GAMES_CONFIG                                                            \
    "[tournament]\ngames_per_pair = 6\ntime_per_move_ms = 2000\n%s"             \
    "[game]\nplugin = mnk\n"                                                    \
    "[agent first-open]\nplugin = first-open\n"                                 \
    "[agent negamax-random]\nplugin = negamax\ndepth = 2\ntie_break = random\n" \
    "[agent random]\nplugin = random\n"

/* Two openings: x in the corner (o to move), and o in the corner with x
 * in the centre (x to move). Six games a pair are three rounds: the first
 * opening, the second, the first again. */
#define OPENINGS_FILE "x . . / . . . / . . .\no . . / . x . / . . .\n"
/* 9!: a whole number of parts of every line from any position. */
#define TOTAL_ANY 362880LL

/* The figure of agent NAME over the games of the config GAMES_CONFIG with
 * SETTING (those of PLAYED, all when NULL), within BUDGET: returns what
 * tourney_exact_vs_random_games did. */
static int played_figure(const char *setting, const char *openings, const struct game_set *played,
                         const char *name, uint64_t budget, struct exact_vs_random *r,
                         struct error *err)
{
    struct fixture f;
    char text[1024];
    snprintf(text, sizeof(text), GAMES_CONFIG, setting);
    open_text(&f, text, openings);
    const struct tournament *t = &f.tournament;
    struct schedule schedule;
    assert_int_equal(tourney_schedule_init(&schedule, t->entrant_count,
                                           t->config.settings.games_per_pair,
                                           t->config.settings.seed, t->gauntlet),
                     0);
    tourney_error_clear(err);
    int status =
        tourney_exact_vs_random_games(t, &schedule, played, entrant(&f, name), budget, r, err);
    tourney_schedule_finish(&schedule);
    close_config(&f);
    return status;
}

static int games_figure(const char *setting, const char *openings, const char *name,
                        uint64_t budget, struct exact_vs_random *r, struct error *err)
{
    return played_figure(setting, openings, NULL, name, budget, r, err);
}

/* first-open's parts of TOTAL_ANY from B as player AGENT. */
static struct tally tally_from(struct board b, int agent)
{
    struct tally t = {0, 0, 0};
    enumerate(&b, agent, first_open_policy, NULL, TOTAL_ANY, &t);
    assert_int_equal(t.win + t.draw + t.loss, TOTAL_ANY);
    return t;
}

/* From the initial position, its games weigh alike: the figure is the one
 * of a single game in each seat, 300/384 and 416/945. */
static void test_games_initial_position(void **state)
{
    (void)state;
    struct exact_vs_random r;
    struct error err;
    if (games_figure("", NULL, "first-open", 100000, &r, &err) != 0) {
        fail_msg("%s", err.text);
    }
    assert_int_equal(r.games[0], 3);
    assert_int_equal(r.games[1], 3);
    assert_false(r.changed);
    assert_rate(r.first.win, 300, TOTAL_FIRST);
    assert_rate(r.second.win, 416, TOTAL_SECOND);
    assert_rate(r.win_rate, 300 * TOTAL_SECOND + 416 * TOTAL_FIRST,
                2LL * TOTAL_FIRST * TOTAL_SECOND);
    assert_int_equal(r.positions, 534);
    assert_int_equal(r.asked, 232);
    /* Over the games a log holds: here game 3 alone, the second of
     * first-open's mini-match against random (games 2 and 3), where random
     * moves first. */
    struct game_set played;
    assert_int_equal(tourney_game_set_init(&played, 18), 0);
    assert_true(tourney_game_set_add(&played, 3));
    assert_int_equal(played_figure("", NULL, &played, "first-open", 100000, &r, &err), 0);
    assert_int_equal(r.games[0], 0);
    assert_int_equal(r.games[1], 1);
    assert_rate(r.win_rate, 416, TOTAL_SECOND);
    tourney_game_set_finish(&played);
}

/* From openings, each weighs as often as its rounds play it: the first
 * twice, the second once, in each seat. */
static void test_games_from_openings(void **state)
{
    (void)state;
    struct exact_vs_random r;
    struct error err;
    if (games_figure("openings = openings.txt\n", OPENINGS_FILE, "first-open", 100000, &r, &err) !=
        0) {
        fail_msg("%s", err.text);
    }
    assert_int_equal(r.games[0], 3);
    assert_int_equal(r.games[1], 3);
    struct board corner = {{1, 0, 0, 0, 0, 0, 0, 0, 0}, 1};
    struct board centre = {{2, 0, 0, 0, 1, 0, 0, 0, 0}, 2};
    struct tally first[2] = {tally_from(corner, 1), tally_from(centre, 1)};
    struct tally second[2] = {tally_from(corner, 2), tally_from(centre, 2)};
    /* The enumeration's parts from each opening, weighted 2 to 1. */
    assert_rate(r.first.win, 2 * first[0].win + first[1].win, 3 * TOTAL_ANY);
    assert_rate(r.first.draw, 2 * first[0].draw + first[1].draw, 3 * TOTAL_ANY);
    assert_rate(r.first.loss, 2 * first[0].loss + first[1].loss, 3 * TOTAL_ANY);
    assert_rate(r.second.win, 2 * second[0].win + second[1].win, 3 * TOTAL_ANY);
    assert_rate(r.second.draw, 2 * second[0].draw + second[1].draw, 3 * TOTAL_ANY);
    assert_rate(r.second.loss, 2 * second[0].loss + second[1].loss, 3 * TOTAL_ANY);
    assert_rate(r.win_rate, 2 * first[0].win + first[1].win + 2 * second[0].win + second[1].win,
                6 * TOTAL_ANY);
    /* Not the initial position's figure. */
    assert_true(fabs(r.first.win - 300.0 / 384.0) > 1e-3);
}

/* An agent that breaks ties at random chooses two moves somewhere when asked
 * twice with two streams: its figure is refused with where. */
static void test_games_not_deterministic(void **state)
{
    (void)state;
    struct exact_vs_random r;
    struct error err;
    assert_int_equal(games_figure("", NULL, "negamax-random", 100000, &r, &err), 1);
    assert_true(r.changed);
    assert_string_equal(r.changed_at, err.text);
    const char *expected = "it is not deterministic: asked twice at ply ";
    if (strncmp(err.text, expected, strlen(expected)) != 0 ||
        strstr(err.text, " with two random streams, it chose ") == NULL) {
        fail_msg("%s", err.text);
    }
}

/* A game over the budget is refused before the agent is asked anything. */
static void test_games_too_large(void **state)
{
    (void)state;
    struct exact_vs_random r;
    struct error err;
    assert_int_equal(games_figure("", NULL, "first-open", 5477, &r, &err), 1);
    assert_int_equal(r.asked, 0);
    assert_string_equal(err.text, "the game is too large: its positions from the starts of the "
                                  "games against random, any moves of both players, are more "
                                  "than 5477 (exact_vs_random_budget)");
    /* 3x3 has 5478 positions (by position and ply) from the initial one. */
    assert_int_equal(games_figure("", NULL, "first-open", 5478, &r, &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_open),
        cmocka_unit_test(test_negamax_depth_2),
        cmocka_unit_test(test_faults),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_games_initial_position),
        cmocka_unit_test(test_games_from_openings),
        cmocka_unit_test(test_games_not_deterministic),
        cmocka_unit_test(test_games_too_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
