/*
 * Statistics: the formulas against worked examples, the tallies a handful
 * of hand-made game records must produce, seat-swapped pairs formed by game
 * index whatever the order of the games, distinct games per pair, and the
 * memory of a large field growing with the pairs that played.
 */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include "footprint.h"
#include "stats.h"

#define EPS 1e-9

static void test_wilson_worked_examples(void **state)
{
    (void)state;
    /* Values computed by hand from the closed form with z = 1.959963984540054. */
    struct interval ci = tourney_wilson(5, 10, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.236593090512564, EPS);
    assert_float_equal(ci.high, 0.763406909487436, EPS);
    ci = tourney_wilson(81, 263, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.255288519878274, EPS);
    assert_float_equal(ci.high, 0.366209576982800, EPS);
    ci = tourney_wilson(1, 3, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.061491944720396, EPS);
    assert_float_equal(ci.high, 0.792340399197952, EPS);
    /* All lost or all won: one side of the interval touches the bound, the
     * other is z^2 / (n + z^2) away from it. */
    ci = tourney_wilson(0, 10, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.0, EPS);
    assert_float_equal(ci.high, 0.277532799862889, EPS);
    ci = tourney_wilson(10, 10, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.722467200137111, EPS);
    assert_float_equal(ci.high, 1.0, EPS);
    /* No games: nothing is known. */
    ci = tourney_wilson(0, 0, TOURNEY_Z95);
    assert_float_equal(ci.low, 0.0, EPS);
    assert_float_equal(ci.high, 1.0, EPS);
}

static void test_ebf(void **state)
{
    (void)state;
    assert_float_equal(tourney_ebf(10, 1), 9.0, 1e-9);   /* 1 + 9 */
    assert_float_equal(tourney_ebf(7, 2), 2.0, 1e-9);    /* 1 + 2 + 4 */
    assert_float_equal(tourney_ebf(1023, 9), 2.0, 1e-9); /* 2^10 - 1 */
    assert_float_equal(tourney_ebf(4, 3), 1.0, 1e-9);    /* a single line of play */
    /* The full 3x3 tree: 549,946 positions down to depth 9. */
    assert_float_equal(tourney_ebf(549946, 9), 4.214470003208689, 1e-9);
    assert_float_equal(tourney_ebf(100, 0), 0.0, 0.0);
    assert_float_equal(tourney_ebf(0, 4), 0.0, 0.0);
}

/* An agent's EBF comes from its totals: one b for which trees of each
 * move's depth visit all its nodes. 99 moves of depth 6 with 5461 nodes
 * (b = 4 exactly: 1 + 4 + ... + 4^6) and one depth-1 move of 231,424
 * nodes: the mean of per-move EBFs would say 2318.2 (231,423 / 100 plus
 * 99 times 4 / 100); the totals say 4.26, close to what the agent does. */
static void test_ebf_from_totals(void **state)
{
    (void)state;
    uint32_t depths[EBF_DEPTH_MAX + 1] = {0};
    depths[6] = 99;
    assert_float_equal(tourney_ebf_total(99 * 5461, depths), 4.0, 1e-9);
    depths[1] = 1;
    double b = tourney_ebf_total(99 * 5461 + 231424, depths);
    /* 99 (1 + b + ... + b^6) + 1 + b = 99 * 5461 + 231424. */
    double trees = 1 + b;
    double power = 1.0;
    double tree = 1.0;
    for (int d = 1; d <= 6; d++) {
        power *= b;
        tree += power;
    }
    trees += 99 * tree;
    assert_float_equal(trees, 99.0 * 5461 + 231424, 1e-3);
    assert_float_equal(b, 4.258935, 1e-6);
    /* No more nodes than roots: 0; no moves: 0. */
    uint32_t none[EBF_DEPTH_MAX + 1] = {0};
    assert_float_equal(tourney_ebf_total(0, none), 0.0, 0.0);
    depths[1] = 0;
    assert_float_equal(tourney_ebf_total(99, depths), 0.0, 0.0);
}

static void test_rates(void **state)
{
    (void)state;
    struct tally t = {.games = 8, .wins = 3, .draws = 3, .losses = 2};
    assert_float_equal(tourney_score_rate(&t), 4.5 / 8, EPS);
    assert_float_equal(tourney_rate(3, 8), 0.375, EPS);
    assert_float_equal(tourney_rate(3, 0), 0.0, 0.0);
    struct tally none = {0};
    assert_float_equal(tourney_score_rate(&none), 0.0, 0.0);
}

/* A game of GAME_MOVES moves between A (seat 0) and B (seat 1). */
static void make_record(struct game_record *r, uint32_t a, uint32_t b, enum game_result result,
                        size_t moves, struct move_record *storage)
{
    tourney_record_init(r);
    r->agent[0] = a;
    r->agent[1] = b;
    r->result = result;
    r->moves = storage;
    r->move_count = moves;
    for (size_t i = 0; i < moves; i++) {
        storage[i] = (struct move_record){.seat = (int32_t)(i % 2),
                                          .move = (int32_t)i,
                                          .depth = i % 2 ? 0 : 2,
                                          .nodes = i % 2 ? 1 : 7,
                                          .time_ns = (i + 1) * 1000000};
    }
}

static void test_tallies(void **state)
{
    (void)state;
    /* Agents: 0 searcher, 1 random, 2 another. */
    const bool is_random[3] = {false, true, false};
    struct stats stats;
    assert_int_equal(tourney_stats_init(&stats, 3, is_random, 2500000), 0);
    struct move_record moves[4][5];
    struct game_record r[4];
    make_record(&r[0], 0, 1, RESULT_FIRST_WINS, 5, moves[0]);  /* 0 beats random as first */
    make_record(&r[1], 1, 0, RESULT_DRAW, 4, moves[1]);        /* draw, 0 second */
    make_record(&r[2], 2, 0, RESULT_FIRST_WINS, 3, moves[2]);  /* 2 beats 0 */
    make_record(&r[3], 0, 2, RESULT_SECOND_WINS, 2, moves[3]); /* 2 beats 0 by a fault */
    r[3].termination = TERMINATION_ILLEGAL_MOVE;
    r[3].fault_seat = 0;
    for (int i = 0; i < 4; i++) {
        r[i].index = (uint32_t)i;
        assert_int_equal(tourney_stats_add(&stats, &r[i]), 0);
    }
    assert_int_equal(stats.games, 4);
    assert_int_equal(stats.plies, 14);
    assert_int_equal(stats.terminations[TERMINATION_NORMAL], 3);
    assert_int_equal(stats.terminations[TERMINATION_ILLEGAL_MOVE], 1);

    const struct agent_stats *a = &stats.agents[0];
    assert_int_equal(a->all.games, 4);
    assert_int_equal(a->all.wins, 1);
    assert_int_equal(a->all.draws, 1);
    assert_int_equal(a->all.losses, 2);
    assert_int_equal(a->seat[0].games, 2);
    assert_int_equal(a->seat[0].wins, 1);
    assert_int_equal(a->seat[0].losses, 1);
    assert_int_equal(a->seat[1].games, 2);
    assert_int_equal(a->seat[1].draws, 1);
    assert_int_equal(a->seat[1].losses, 1);
    assert_int_equal(a->vs_random.games, 2);
    assert_int_equal(a->vs_random.wins, 1);
    assert_int_equal(a->vs_random.draws, 1);
    assert_int_equal(a->faults[TERMINATION_ILLEGAL_MOVE], 1);
    /* Agent 0 made moves 0,2,4 of game 0; 1,3 of game 1; 1 of game 2; 0 of game 3. */
    assert_int_equal(a->moves, 7);
    assert_int_equal(a->nodes, 3 * 7 + 2 * 1 + 1 + 7);

    /* The cross-table from both sides, and by seat: two pairs played. */
    assert_int_equal(stats.pair_count, 2);
    struct tally zero_vs_two = tourney_stats_versus(&stats, 0, 2, -1);
    struct tally two_vs_zero = tourney_stats_versus(&stats, 2, 0, -1);
    assert_int_equal(zero_vs_two.games, 2);
    assert_int_equal(zero_vs_two.losses, 2);
    assert_int_equal(two_vs_zero.wins, 2);
    struct tally two_first = tourney_stats_versus(&stats, 2, 0, 0);
    struct tally zero_first = tourney_stats_versus(&stats, 0, 2, 0);
    assert_int_equal(two_first.games, 1); /* game 2 */
    assert_int_equal(two_first.wins, 1);
    assert_int_equal(zero_first.games, 1); /* game 3 */
    assert_int_equal(zero_first.losses, 1);
    struct tally zero_vs_random = tourney_stats_versus(&stats, 0, 1, 1);
    assert_int_equal(zero_vs_random.draws, 1);
    assert_int_equal(tourney_stats_versus(&stats, 1, 2, -1).games, 0);
    assert_null(tourney_stats_pair(&stats, 1, 2));
    assert_null(tourney_stats_pair(&stats, 1, 1));
    assert_int_equal(stats.agents[2].vs_random.games, 0);
    /* Games 0 and 1 are a seat-swapped pair: 0 won as first and drew as
     * second, 3 half points of 4; games 2 and 3 another: 0 lost both. */
    struct pentanomial penta = tourney_pair_pentanomial(tourney_stats_pair(&stats, 0, 1), 0);
    assert_int_equal(penta.count[3], 1);
    penta = tourney_pair_pentanomial(tourney_stats_pair(&stats, 0, 1), 1);
    assert_int_equal(penta.count[1], 1);
    penta = tourney_pair_pentanomial(tourney_stats_pair(&stats, 2, 0), 2);
    assert_int_equal(penta.count[4], 1);
    assert_int_equal(tourney_stats_unpaired(&stats), 0);

    struct agent_summary s;
    tourney_stats_summarize(&stats, 0, &s);
    assert_float_equal(s.win_rate, 0.25, EPS);
    assert_float_equal(s.score_rate, 1.5 / 4, EPS);
    assert_float_equal(s.moves_per_game, 7.0 / 4, EPS);
    /* Times in ms: game 0: 1,3,5; game 1: 2,4; game 2: 2; game 3: 1. */
    /* Sorted: 1 1 2 2 3 4 5. The median (nearest rank, the 4th) is 2 ms and
     * the 95th percentile (the 7th) 5 ms, each the middle of its histogram
     * bucket: 2,000,000 ns lies in [1998848, 2007039], whose middle is
     * 2002943.5 ns, and 5,000,000 ns in [4980736, 5013503], middle 4997119.5. */
    assert_float_equal(s.median_ms, 2.0029435, 1e-9);
    assert_float_equal(s.p95_ms, 4.9971195, 1e-9);
    assert_float_equal(s.max_ms, 5.0, EPS);
    assert_float_equal(s.nodes_per_second, (3.0 * 7 + 2 * 1 + 1 + 7) / 0.018, 1e-6);
    assert_float_equal(s.mean_ms, 18.0 / 7, EPS);
    assert_int_equal(stats.agents[0].over_budget, 3); /* 3, 4 and 5 ms > 2.5 ms */
    /* Only the depth-2 moves (7 nodes: 1 + b + b^2 = 7, b = 2) have an EBF. */
    assert_float_equal(s.ebf, 2.0, 1e-9);

    /* Per seat over all games: the first player won games 0 and 2, drew
     * game 1 and lost game 3. */
    assert_int_equal(stats.seat[0].games, 4);
    assert_int_equal(stats.seat[0].wins, 2);
    assert_int_equal(stats.seat[0].draws, 1);
    assert_int_equal(stats.seat[0].losses, 1);
    assert_int_equal(stats.seat[1].wins, 1);
    assert_int_equal(stats.seat[1].losses, 2);
    /* Game lengths 5, 4, 3 and 2, one ply to a bin. */
    assert_int_equal(stats.lengths.games, 4);
    assert_int_equal(stats.lengths.width, 1);
    assert_int_equal(stats.lengths.min, 2);
    assert_int_equal(stats.lengths.max, 5);
    for (size_t b = 0; b < GAME_LENGTH_BINS; b++) {
        assert_int_equal(stats.lengths.counts[b], b >= 2 && b <= 5);
    }
    /* A checkpoint after every game: (games, half points) of each agent. */
    static const struct score_point history[4][3] = {
        {{1, 2}, {1, 0}, {0, 0}},
        {{2, 3}, {2, 1}, {0, 0}},
        {{3, 3}, {2, 1}, {1, 2}},
        {{4, 3}, {2, 1}, {2, 4}},
    };
    assert_int_equal(stats.history.every, 1);
    assert_int_equal(stats.history.count, 4);
    for (size_t k = 0; k < 4; k++) {
        for (size_t i = 0; i < 3; i++) {
            const struct score_point *p = tourney_score_history_at(&stats.history, k, i);
            assert_int_equal(p->games, history[k][i].games);
            assert_int_equal(p->points, history[k][i].points);
        }
    }
    /* Agent 0's move times per power of two nanoseconds: 1 ms lies in
     * [2^19, 2^20), 2 ms in [2^20, 2^21), 3 and 4 ms in [2^21, 2^22), 5 ms
     * in [2^22, 2^23). */
    uint64_t octaves[HISTOGRAM_OCTAVES];
    tourney_histogram_octaves(&a->times, octaves);
    for (size_t k = 0; k < HISTOGRAM_OCTAVES; k++) {
        uint64_t expected = k == 19 || k == 20 || k == 21 ? 2 : k == 22 ? 1 : 0;
        assert_int_equal(octaves[k], expected);
    }

    size_t order[3];
    assert_int_equal(tourney_stats_standings(&stats, order), 0);
    assert_int_equal(order[0], 2); /* 2 of 2 */
    assert_int_equal(order[1], 0); /* 1.5 of 4 */
    assert_int_equal(order[2], 1); /* random: 0.5 of 2 */
    tourney_stats_finish(&stats);
}

/* Buckets tile the whole range without gaps, small values are exact, and
 * every bucket is narrower than 1/128 of its values. */
static void test_histogram_buckets(void **state)
{
    (void)state;
    uint64_t expected_low = 0;
    for (size_t b = 0; b < HISTOGRAM_BUCKETS; b++) {
        uint64_t low, high;
        tourney_histogram_range(b, &low, &high);
        assert_int_equal(low, expected_low);
        assert_true(high >= low);
        assert_int_equal(tourney_histogram_bucket(low), b);
        assert_int_equal(tourney_histogram_bucket(high), b);
        if (low >= 256) {
            assert_true((high - low + 1) * 128 <= low);
        } else {
            assert_int_equal(high, low);
        }
        expected_low = high + 1;
    }
    assert_int_equal(expected_low, 0); /* the last bucket ends at 2^64 - 1 */
}

static void test_histogram_quantiles(void **state)
{
    (void)state;
    struct histogram h;
    assert_int_equal(tourney_histogram_init(&h), 0);
    assert_true(tourney_histogram_quantile(&h, 0.5) == 0.0);
    /* 1..100: nearest rank gives the median 50, the 95th percentile 95,
     * exactly, as values below 256 have buckets of their own. */
    for (uint64_t v = 100; v >= 1; v--) {
        tourney_histogram_add(&h, v);
    }
    assert_true(tourney_histogram_quantile(&h, 0.5) == 50.0);
    assert_true(tourney_histogram_quantile(&h, 0.95) == 95.0);
    assert_true(tourney_histogram_quantile(&h, 1.0) == 100.0);
    assert_int_equal(h.min, 1);
    assert_int_equal(h.max, 100);
    tourney_histogram_finish(&h);
    /* One large value: the middle of its bucket is capped to the value. */
    assert_int_equal(tourney_histogram_init(&h), 0);
    tourney_histogram_add(&h, UINT64_C(123456789));
    assert_true(tourney_histogram_quantile(&h, 0.5) == 123456789.0);
    tourney_histogram_finish(&h);
}

/* Every value lands in its power of two, 0 with 1, at both ends of each
 * histogram row and of the exact range. */
static void test_histogram_octaves(void **state)
{
    (void)state;
    struct histogram h;
    assert_int_equal(tourney_histogram_init(&h), 0);
    static const uint64_t values[] = {0, 1, 2, 3, 127, 128, 255, 256, 1023, 1024, UINT64_MAX};
    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
        tourney_histogram_add(&h, values[i]);
    }
    uint64_t octaves[HISTOGRAM_OCTAVES];
    tourney_histogram_octaves(&h, octaves);
    uint64_t expected[HISTOGRAM_OCTAVES] = {0};
    expected[0] = 2;  /* 0, 1 */
    expected[1] = 2;  /* 2, 3 */
    expected[6] = 1;  /* 127 */
    expected[7] = 2;  /* 128, 255 */
    expected[8] = 1;  /* 256 */
    expected[9] = 1;  /* 1023 */
    expected[10] = 1; /* 1024 */
    expected[63] = 1; /* 2^64 - 1 */
    for (size_t k = 0; k < HISTOGRAM_OCTAVES; k++) {
        assert_int_equal(octaves[k], expected[k]);
    }
    tourney_histogram_finish(&h);
}

/* Game lengths: one ply to a bin until a game does not fit, then bins
 * merge in pairs, as often as needed, with every count kept. */
static void test_game_lengths(void **state)
{
    (void)state;
    struct game_lengths lengths;
    tourney_game_lengths_init(&lengths);
    size_t first = 1;
    size_t count = 1;
    tourney_game_lengths_span(&lengths, &first, &count);
    assert_int_equal(count, 0);
    for (uint64_t plies = 63; plies < 64; plies--) {
        tourney_game_lengths_add(&lengths, plies);
    }
    assert_int_equal(lengths.width, 1);
    tourney_game_lengths_add(&lengths, 64);
    assert_int_equal(lengths.width, 2);
    for (size_t b = 0; b < GAME_LENGTH_BINS; b++) {
        assert_int_equal(lengths.counts[b], b < 32 ? 2 : b == 32 ? 1 : 0);
    }
    /* 1000 plies needs bins of 16 (1000 / 16 = 62). */
    tourney_game_lengths_add(&lengths, 1000);
    assert_int_equal(lengths.width, 16);
    assert_int_equal(lengths.games, 66);
    for (size_t b = 0; b < GAME_LENGTH_BINS; b++) {
        uint64_t expected = b < 4 ? 16 : b == 4 || b == 62 ? 1 : 0;
        assert_int_equal(lengths.counts[b], expected);
    }
    tourney_game_lengths_span(&lengths, &first, &count);
    assert_int_equal(first, 0);
    assert_int_equal(count, 63);
    assert_int_equal(lengths.min, 0);
    assert_int_equal(lengths.max, 1000);
}

/* Checkpoints thin out as they fill: after 200 games, one every 4 games. */
static void test_score_history(void **state)
{
    (void)state;
    const bool is_random[2] = {false, false};
    struct stats stats;
    assert_int_equal(tourney_stats_init(&stats, 2, is_random, 1), 0);
    for (uint32_t g = 0; g < 200; g++) {
        /* Agent 0 wins the games it starts, draws the others. */
        struct game_record r;
        make_record(&r, g % 2, 1 - g % 2, g % 2 ? RESULT_DRAW : RESULT_FIRST_WINS, 0, NULL);
        r.index = g;
        assert_int_equal(tourney_stats_add(&stats, &r), 0);
        /* Full at 64 games (every 1) and at 128 (every 2), thinned at 65
         * and at 130. */
        if (g + 1 == 64) {
            assert_int_equal(stats.history.count, 64);
            assert_int_equal(stats.history.every, 1);
        } else if (g + 1 == 65) {
            assert_int_equal(stats.history.count, 32);
            assert_int_equal(stats.history.every, 2);
        }
    }
    assert_int_equal(stats.history.every, 4);
    assert_int_equal(stats.history.count, 50);
    for (size_t k = 0; k < 50; k++) {
        uint32_t games = 4 * ((uint32_t)k + 1);
        const struct score_point *zero = tourney_score_history_at(&stats.history, k, 0);
        const struct score_point *one = tourney_score_history_at(&stats.history, k, 1);
        assert_int_equal(zero->games, games);
        assert_int_equal(one->games, games);
        /* Half the games won, half drawn: 3 half points per 2 games. */
        assert_int_equal(zero->points, games / 2 * 3);
        assert_int_equal(one->points, games / 2);
    }
    /* The last checkpoint is the last game: nothing to add. One game more
     * adds the state after it as a last point. */
    assert_int_equal(tourney_stats_history_length(&stats), 50);
    struct score_point point;
    assert_int_equal(tourney_stats_history_point(&stats, 49, 0, &point), 200);
    assert_int_equal(point.points, 300);
    struct game_record r;
    make_record(&r, 0, 1, RESULT_SECOND_WINS, 0, NULL);
    r.index = 200;
    assert_int_equal(tourney_stats_add(&stats, &r), 0);
    assert_int_equal(tourney_stats_history_length(&stats), 51);
    assert_int_equal(tourney_stats_history_point(&stats, 50, 0, &point), 201);
    assert_int_equal(point.games, 201);
    assert_int_equal(point.points, 300);
    assert_int_equal(tourney_stats_history_point(&stats, 50, 1, &point), 201);
    assert_int_equal(point.points, 102);
    tourney_stats_finish(&stats);
}

/* On a clock, each game's clocks are replayed from its move times: the least
 * an agent had left after a move, 0 for one that lost on time; no move is
 * over a budget, and the clock used per game is its thinking time per game. */
static void test_clocks(void **state)
{
    (void)state;
    const bool is_random[2] = {false, false};
    struct stats stats;
    assert_int_equal(tourney_stats_init(&stats, 2, is_random, 1), 0);
    const struct time_control clock = {.base_ns = 10000000, .increment_ns = 2000000};
    tourney_stats_set_clock(&stats, &clock);
    struct move_record moves[2][5];
    struct game_record r[2];
    /* Times 1, 2, 3, 4, 5 ms; seat 0 moves 1, 3, 5 ms: 10 - 1 = 9, + 2 = 11,
     * 11 - 3 = 8, + 2 = 10, 10 - 5 = 5; seat 1 moves 2, 4 ms: 8, then 10 - 4 = 6. */
    make_record(&r[0], 0, 1, RESULT_FIRST_WINS, 5, moves[0]);
    /* Agent 1 first: moves 1 and 3 ms (9, then 11 - 3 = 8), agent 0 2 ms (8),
     * then runs out of time at its second move. */
    make_record(&r[1], 1, 0, RESULT_FIRST_WINS, 3, moves[1]);
    r[1].termination = TERMINATION_TIME_FORFEIT;
    r[1].fault_seat = 1;
    tourney_stats_add(&stats, &r[0]);
    assert_true(stats.agents[0].lowest_clock_ns == 5000000);
    assert_true(stats.agents[1].lowest_clock_ns == 6000000);
    tourney_stats_add(&stats, &r[1]);
    assert_true(stats.agents[0].lowest_clock_ns == 0);
    assert_true(stats.agents[1].lowest_clock_ns == 6000000);
    assert_int_equal(stats.agents[0].over_budget, 0);
    assert_int_equal(stats.agents[1].over_budget, 0);
    struct agent_summary s;
    tourney_stats_summarize(&stats, 1, &s);
    /* Agent 1 thought 2 + 4 + 1 + 3 = 10 ms in 2 games. */
    assert_float_equal(s.clock_per_game_s, 0.005, EPS);
    assert_float_equal(s.lowest_clock_s, 0.006, EPS);
    tourney_stats_summarize(&stats, 0, &s);
    assert_float_equal(s.lowest_clock_s, 0.0, 0.0);
    tourney_stats_finish(&stats);

    /* Without a clock nothing is replayed. */
    assert_int_equal(tourney_stats_init(&stats, 2, is_random, 1), 0);
    make_record(&r[0], 0, 1, RESULT_FIRST_WINS, 5, moves[0]);
    tourney_stats_add(&stats, &r[0]);
    assert_true(stats.agents[0].lowest_clock_ns == UINT64_MAX);
    tourney_stats_summarize(&stats, 0, &s);
    assert_float_equal(s.lowest_clock_s, 0.0, 0.0);
    assert_int_equal(stats.agents[0].over_budget, 3);
    tourney_stats_finish(&stats);
}

/* A two-agent match of GAMES games, agent 0 first in even games; RESULTS[g]
 * is game g's result. */
static void make_match(struct game_record *r, size_t games, const enum game_result *results)
{
    for (size_t g = 0; g < games; g++) {
        make_record(&r[g], (uint32_t)(g % 2), (uint32_t)(1 - g % 2), results[g], 0, NULL);
        r[g].index = (uint32_t)g;
    }
}

/* Counts the games of R in the order ORDER gives. */
static void count_in_order(struct stats *stats, const struct game_record *r, const size_t *order,
                           size_t games)
{
    const bool is_random[2] = {false, false};
    assert_int_equal(tourney_stats_init(stats, 2, is_random, 1), 0);
    for (size_t g = 0; g < games; g++) {
        assert_int_equal(tourney_stats_add(stats, &r[order[g]]), 0);
    }
}

/* Games 2k and 2k + 1 pair by their indices: in log order, with the
 * lines shuffled, or with a missing game appended at the end (a merge
 * followed by --resume), the pentanomial is the same. */
static void test_pairs_by_index(void **state)
{
    (void)state;
    enum game_result results[8] = {
        RESULT_FIRST_WINS,  RESULT_SECOND_WINS, /* agent 0 wins both: 2 */
        RESULT_FIRST_WINS,  RESULT_FIRST_WINS,  /* one each: 1 */
        RESULT_DRAW,        RESULT_SECOND_WINS, /* a draw and a win: 3/2 */
        RESULT_SECOND_WINS, RESULT_DRAW,        /* a loss and a draw: 1/2 */
    };
    struct game_record r[8];
    make_match(r, 8, results);
    static const size_t orders[][8] = {
        {0, 1, 2, 3, 4, 5, 6, 7},
        {7, 0, 5, 2, 1, 6, 3, 4},
        {1, 0, 3, 2, 5, 4, 7, 6},
        {0, 1, 2, 4, 5, 6, 7, 3},
    };
    for (size_t o = 0; o < sizeof(orders) / sizeof(orders[0]); o++) {
        struct stats stats;
        count_in_order(&stats, r, orders[o], 8);
        const struct pair_stats *pair = tourney_stats_pair(&stats, 0, 1);
        assert_non_null(pair);
        struct pentanomial p = tourney_pair_pentanomial(pair, 0);
        assert_int_equal(p.count[0], 0);
        assert_int_equal(p.count[1], 1);
        assert_int_equal(p.count[2], 1);
        assert_int_equal(p.count[3], 1);
        assert_int_equal(p.count[4], 1);
        assert_int_equal(tourney_stats_unpaired(&stats), 0);
        assert_int_equal(stats.waiting_count, 0);
        tourney_stats_finish(&stats);
    }
    /* Without game 3, game 2 waits; a game of other players in its slot
     * (another schedule's) is counted as unpaired, never paired. */
    struct stats stats;
    static const size_t without_three[] = {0, 1, 2, 4, 5, 6, 7};
    count_in_order(&stats, r, without_three, 7);
    assert_int_equal(tourney_stats_unpaired(&stats), 1);
    assert_int_equal(tourney_pair_pentanomial(tourney_stats_pair(&stats, 0, 1), 0).count[2], 0);
    struct game_record stranger;
    make_record(&stranger, 0, 1, RESULT_DRAW, 0, NULL); /* same seats as game 2 */
    stranger.index = 3;
    assert_int_equal(tourney_stats_add(&stats, &stranger), 0);
    assert_int_equal(tourney_stats_unpaired(&stats), 2);
    assert_int_equal(stats.mismatched, 1);
    tourney_stats_finish(&stats);
}

/* A game played again (same moves, same player first) is not distinct; the
 * same moves with the other player first are. */
static void test_distinct_games(void **state)
{
    (void)state;
    const bool is_random[3] = {false, false, false};
    struct stats stats;
    assert_int_equal(tourney_stats_init(&stats, 3, is_random, 1), 0);
    struct move_record moves[6][5];
    struct game_record r[6];
    make_record(&r[0], 0, 1, RESULT_FIRST_WINS, 5, moves[0]);
    make_record(&r[1], 1, 0, RESULT_FIRST_WINS, 5, moves[1]); /* same moves, 1 first */
    make_record(&r[2], 0, 1, RESULT_FIRST_WINS, 5, moves[2]); /* game 0 again */
    make_record(&r[3], 1, 0, RESULT_FIRST_WINS, 4, moves[3]); /* shorter: new */
    make_record(&r[4], 0, 2, RESULT_FIRST_WINS, 5, moves[4]); /* game 0's moves, other pair */
    make_record(&r[5], 2, 0, RESULT_FIRST_WINS, 5, moves[5]);
    moves[5][2].move = 8; /* one move differs */
    for (size_t g = 0; g < 6; g++) {
        r[g].index = (uint32_t)g;
        assert_int_equal(tourney_stats_add(&stats, &r[g]), 0);
    }
    assert_int_equal(tourney_stats_pair(&stats, 0, 1)->distinct, 3);
    assert_int_equal(tourney_stats_pair(&stats, 0, 2)->distinct, 2);
    assert_int_equal(stats.repeated, 1);
    uint64_t games = 0;
    uint64_t distinct = 0;
    assert_int_equal(tourney_stats_repeating_pairs(&stats, &games, &distinct), 1);
    assert_int_equal(games, 4);
    assert_int_equal(distinct, 3);
    tourney_stats_finish(&stats);
}

/* A gauntlet of 2000 agents keeps an entry per pair that played, not per
 * pair of agents. */
static void test_sparse_pairs(void **state)
{
    (void)state;
    enum { AGENTS = 2000 };
    bool *is_random = calloc(AGENTS, sizeof(*is_random));
    assert_non_null(is_random);
    struct stats stats;
    assert_int_equal(tourney_stats_init(&stats, AGENTS, is_random, 1), 0);
    for (uint32_t a = 1; a < AGENTS; a++) {
        for (uint32_t g = 0; g < 2; g++) {
            struct game_record r;
            make_record(&r, g ? a : 0, g ? 0 : a, RESULT_FIRST_WINS, 0, NULL);
            r.index = 2 * (a - 1) + g;
            assert_int_equal(tourney_stats_add(&stats, &r), 0);
        }
    }
    assert_int_equal(stats.pair_count, AGENTS - 1);
    assert_true(stats.pair_index.capacity <= 4 * AGENTS);
    assert_int_equal(stats.waiting_count, 0);
    for (uint32_t a = 1; a < AGENTS; a++) {
        struct tally t = tourney_stats_versus(&stats, a, 0, -1);
        assert_int_equal(t.games, 2);
        assert_int_equal(t.wins, 1);
        assert_int_equal(tourney_pair_pentanomial(tourney_stats_pair(&stats, 0, a), a).count[2],
                         1);
    }
    assert_null(tourney_stats_pair(&stats, 1, 2));
    size_t order[AGENTS];
    assert_int_equal(tourney_stats_standings(&stats, order), 0);
    /* Everyone scored half: agent 0 has the most wins, then name order. */
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
    tourney_stats_finish(&stats);
    free(is_random);
}

/* What a tournament needs before it is played: a 1000-agent gauntlet fits
 * in tens of megabytes, a 10,000-agent round-robin (50 million pairs) needs
 * tens of gigabytes, and the refusal says the estimate and the limit. */
static void test_footprint(void **state)
{
    (void)state;
    struct footprint gauntlet = tourney_footprint_estimate(1000, 999, 1998);
    assert_true(gauntlet.memory_bytes > 1000 * 1000);
    assert_true(gauntlet.memory_bytes < 50 * 1000 * 1000);
    assert_true(gauntlet.reports_bytes < 20 * 1000 * 1000);
    struct footprint huge = tourney_footprint_estimate(10000, 49995000, 99990000);
    assert_true(huge.memory_bytes > UINT64_C(30000000000));
    assert_true(huge.reports_bytes > UINT64_C(100000000000));
    /* Memory and reports are linear in the agents, pairs and games. */
    struct footprint twice = tourney_footprint_estimate(2000, 1999, 3998);
    struct footprint one_pair = tourney_footprint_estimate(0, 1, 2);
    struct footprint none = tourney_footprint_estimate(0, 0, 0); /* report.html's fixed part */
    assert_int_equal(none.memory_bytes, 0);
    assert_int_equal(twice.memory_bytes, 2 * gauntlet.memory_bytes + one_pair.memory_bytes);
    assert_int_equal(twice.reports_bytes,
                     2 * gauntlet.reports_bytes + one_pair.reports_bytes - 2 * none.reports_bytes);

    char text[32];
    tourney_footprint_bytes_text(999, text, sizeof(text));
    assert_string_equal(text, "999 bytes");
    tourney_footprint_bytes_text(1500, text, sizeof(text));
    assert_string_equal(text, "1.5 kB");
    tourney_footprint_bytes_text(UINT64_C(40000000000), text, sizeof(text));
    assert_string_equal(text, "40 GB");

    struct error err;
    tourney_error_clear(&err);
    struct footprint need = {UINT64_C(40000000000), UINT64_C(2000000000)};
    assert_int_equal(tourney_footprint_check(&need, 0, 0, &err), 0);
    assert_int_equal(tourney_footprint_check(&need, UINT64_C(64000000000), 0, &err), 0);
    assert_int_equal(tourney_footprint_check(&need, UINT64_C(25000000000), 0, &err), -1);
    assert_string_equal(err.text, "the statistics and reports would need about 40 GB of memory, "
                                  "more than the 25 GB this machine has: play fewer agents or "
                                  "pairs (a gauntlet)");
    assert_int_equal(tourney_footprint_check(&need, 0, UINT64_C(1500000000), &err), -1);
    assert_string_equal(err.text, "the reports would take about 2.0 GB, more than the 1.5 GB "
                                  "free where they are written: play fewer agents or pairs");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clocks),
        cmocka_unit_test(test_wilson_worked_examples),
        cmocka_unit_test(test_ebf),
        cmocka_unit_test(test_ebf_from_totals),
        cmocka_unit_test(test_histogram_buckets),
        cmocka_unit_test(test_histogram_quantiles),
        cmocka_unit_test(test_rates),
        cmocka_unit_test(test_tallies),
        cmocka_unit_test(test_histogram_octaves),
        cmocka_unit_test(test_game_lengths),
        cmocka_unit_test(test_score_history),
        cmocka_unit_test(test_pairs_by_index),
        cmocka_unit_test(test_distinct_games),
        cmocka_unit_test(test_sparse_pairs),
        cmocka_unit_test(test_footprint),
    };
    return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
