/*
 * bench/search_bench.c - what pruning and each speed-up of negamax-ab-ids
 * save: nodes and time of the searching agents, loaded from the build tree,
 * on the empty 3x3 board at full depth, on the 4x4 position of the negamax
 * articles, on the empty 4x4 board (k = 4), solved with the transposition
 * table (and with tourney solve's settings), and on the empty 5x5 board
 * (k = 4) to depth 6, where the values are the game's heuristic. Each search
 * is repeated with a fresh agent and the median time printed, with the
 * ratios to a baseline. A measurement, never a pass/fail test.
 *
 * The m,n,k game may lack the search knowledge (order_moves, winning_move,
 * safe_moves); then the rows marked "+k" run on the stand-in of
 * tests/support/knowledge_game.c, which adds it by trying every move: its node
 * counts are what a game's own knowledge gives, its times are slower per
 * node than a game's own would be.
 *
 * Usage: search-bench [repeats] [position...]   (default 5 repeats, every position)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "knowledge_game.h"
#include "search_harness.h"

#define DEFAULT_REPEATS 5
#define MAX_REPEATS 1001
#define MAX_STATE 1024
#define ERROR_SIZE 512

/* Run the case on the game with the stand-in knowledge, when it lacks its own. */
#define ON_KNOWN 1u

struct case_desc {
    const char *agent;
    const char *params; /* key=value words, the rest default */
    const char *label;
    unsigned flags;
};

#define OFF "ordering=false tt_mb=0 window=full knowledge=false"
/* The solver's speed-ups, as tourney solve turns them on. */
#define SOLVER "root=bisect length_bounds=true table=compact symmetry=true"
#define ONE "iterative=false use_time_budget=false "
#define IDS "iterative=true use_time_budget=false "

/* Plain searches and alpha-beta with every speed-up off, one on, all on and
 * all but one on, in one search to full depth and deepening iteratively. */
static const struct case_desc small_cases[] = {
    {"minimax", "", "minimax (no pruning)", 0},
    {"negamax", "", "negamax (no pruning)", 0},
    {"negamax-ab-ids", ONE OFF, "alpha-beta, all off", 0},
    {"negamax-ab-ids", ONE "ordering=true tt_mb=0 window=full knowledge=false", "+ ordering", 0},
    {"negamax-ab-ids", ONE "ordering=true tt_mb=0 window=full knowledge=false", "+ ordering +k",
     ON_KNOWN},
    {"negamax-ab-ids", ONE "ordering=false tt_mb=16 window=full knowledge=false", "+ table", 0},
    {"negamax-ab-ids", ONE "ordering=false tt_mb=0 window=null knowledge=false", "+ null window",
     0},
    {"negamax-ab-ids", ONE "ordering=false tt_mb=0 window=full knowledge=true", "+ knowledge +k",
     ON_KNOWN},
    {"negamax-ab-ids", ONE "", "all on", 0},
    {"negamax-ab-ids", ONE "", "all on +k", ON_KNOWN},
    {"negamax-ab-ids", ONE "ordering=false", "all on +k - ordering", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=0", "all on +k - table", ON_KNOWN},
    {"negamax-ab-ids", ONE "window=full", "all on +k - null window", ON_KNOWN},
    {"negamax-ab-ids", ONE "knowledge=false", "all on +k - knowledge", ON_KNOWN},
    {"negamax-ab-ids", IDS OFF, "iterative, all off", 0},
    {"negamax-ab-ids", IDS "", "iterative, all on", 0},
    {"negamax-ab-ids", IDS "", "iterative, all on +k", ON_KNOWN},
    {"negamax-ab-ids", IDS "window=aspiration", "iterative, aspiration +k", ON_KNOWN},
};

/* The empty 4x4 board is searched only with the table: without it, every
 * order of the same moves is searched again. */
static const struct case_desc solve_cases[] = {
    {"negamax-ab-ids", ONE "tt_mb=64", "all on", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 ordering=false", "all on - ordering", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 window=full", "all on - null window", 0},
    {"negamax-ab-ids", IDS "tt_mb=64", "iterative, all on", 0},
    {"negamax-ab-ids", ONE "tt_mb=64", "all on +k", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=64 ordering=false", "all on +k - ordering", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=64 window=full", "all on +k - null window", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=64 knowledge=false", "all on +k - knowledge", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=16", "all on +k, 16 MiB table", ON_KNOWN},
    {"negamax-ab-ids", IDS "tt_mb=64", "iterative, all on +k", ON_KNOWN},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER, "solver (tourney solve)", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER " symmetry=false", "solver - symmetry", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER " root=moves", "solver - bisection", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER " table=wide", "solver - compact table", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER " length_bounds=false", "solver - length bounds", 0},
    {"negamax-ab-ids", ONE "tt_mb=64 " SOLVER " tie_break=any", "solver, any best move", 0},
};

/* Depth-limited iterative deepening, where values are the game's heuristic
 * and the windows matter most. */
#define D6 "iterative=true use_time_budget=false max_depth=6 "
static const struct case_desc deepening_cases[] = {
    {"negamax-ab-ids", D6 OFF, "all off", 0},
    {"negamax-ab-ids", D6 "window=full", "all on, full window", 0},
    {"negamax-ab-ids", D6 "window=null", "all on, null window", 0},
    {"negamax-ab-ids", D6 "window=aspiration", "all on, aspiration", 0},
    {"negamax-ab-ids", D6 "window=full", "all on +k, full window", ON_KNOWN},
    {"negamax-ab-ids", D6 "window=null", "all on +k, null window", ON_KNOWN},
    {"negamax-ab-ids", D6 "window=aspiration", "all on +k, aspiration", ON_KNOWN},
    {"negamax-ab-ids", D6 "tt_mb=0", "all on +k - table", ON_KNOWN},
    {"negamax-ab-ids", D6 "ordering=false", "all on +k - ordering", ON_KNOWN},
};

struct position_desc {
    const char *title;
    const char *game;
    const char *text; /* NULL for the start */
    const struct case_desc *cases;
    size_t case_count;
    size_t baseline; /* the case the ratios are to */
};

static const struct position_desc positions[] = {
    {"empty 3x3, full depth", "rows=3 cols=3 k=3", NULL, small_cases,
     sizeof(small_cases) / sizeof(small_cases[0]), 1},
    {"4x4 k=4 'x x x . / o o o . / x . . . / . . . .', o to move", "rows=4 cols=4 k=4",
     "x x x . / o o o . / x . . . / . . . .", small_cases,
     sizeof(small_cases) / sizeof(small_cases[0]), 1},
    {"empty 4x4 k=4, solved (a draw)", "rows=4 cols=4 k=4", NULL, solve_cases,
     sizeof(solve_cases) / sizeof(solve_cases[0]), 0},
    {"empty 5x5 k=4, iterative deepening to depth 6", "rows=5 cols=5 k=4", NULL, deepening_cases,
     sizeof(deepening_cases) / sizeof(deepening_cases[0]), 0},
};

#define POSITION_COUNT (sizeof(positions) / sizeof(positions[0]))

struct figures {
    uint64_t nodes;
    int32_t depth;
    int32_t score;
    tourney_move move;
    double median_ms;
};

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Runs one agent on one position `repeats` times, a fresh instance each time
 * as the runner does; only choose_move is timed. */
static int measure(const struct tourney_agent_api *api, const char *params,
                   const struct tourney_game_api *game_api, const void *game,
                   const struct tourney_game_info *info, const void *state, int repeats,
                   struct figures *out)
{
    double times[MAX_REPEATS];

    for (int r = 0; r < repeats; r++) {
        struct harness_agent agent;
        struct tourney_move_report report;
        char error[ERROR_SIZE];
        uint64_t start;
        int err;

        if (harness_agent_create(&agent, api, game_api, game, info, params, 1, error,
                                 sizeof(error)) != 0) {
            fprintf(stderr, "search-bench: %s %s: %s\n", api->name, params, error);
            return -1;
        }
        start = tourney_fake_now_ns();
        err = harness_choose(&agent, state, 0, &report, &out->move);
        times[r] = (double)(tourney_fake_now_ns() - start) / 1e6;
        harness_agent_destroy(&agent);
        if (err != TOURNEY_OK) {
            fprintf(stderr, "search-bench: %s: choose_move failed: %s\n", api->name,
                    agent.fake.host.last_message);
            return -1;
        }
        out->nodes = report.nodes;
        out->depth = report.depth;
        out->score = report.score;
    }
    qsort(times, (size_t)repeats, sizeof(times[0]), compare_doubles);
    out->median_ms = times[repeats / 2];
    return 0;
}

static double ratio(double x, double y)
{
    return y > 0 ? x / y : 0;
}

static int bench_position(const struct position_desc *p, const struct tourney_game_api *mnk,
                          const struct tourney_agent_api *const *agents, int repeats)
{
    struct figures figures[32];
    struct harness_game game;
    struct knowledge_game known;
    unsigned char state[MAX_STATE];
    char error[ERROR_SIZE];
    /* The game's own knowledge makes the stand-in needless. */
    struct tourney_game_search search;
    tourney_game_get_search(mnk, &search);
    bool own = search.winning_move != NULL;
    int result = -1;

    if (harness_game_create(&game, mnk, p->game, error, sizeof(error)) != 0) {
        fprintf(stderr, "search-bench: mnk %s: %s\n", p->game, error);
        return -1;
    }
    if (game.info.state_size > sizeof(state) ||
        !knowledge_game_init(&known, game.api, game.instance, &game.info, KNOWLEDGE_ALL)) {
        fprintf(stderr, "search-bench: mnk %s is too large\n", p->game);
        goto out;
    }
    if (p->text == NULL) {
        game.api->initial_state(game.instance, state);
    } else if (game.api->parse_state(game.instance, p->text, state) != TOURNEY_OK) {
        fprintf(stderr, "search-bench: cannot read the position '%s'\n", p->text);
        goto out;
    }
    for (size_t c = 0; c < p->case_count; c++) {
        const struct case_desc *d = &p->cases[c];
        bool stand_in = (d->flags & ON_KNOWN) && !own;

        if (measure(agents[c], d->params, stand_in ? &known.api : game.api,
                    stand_in ? (const void *)&known : game.instance, &game.info, state, repeats,
                    &figures[c]) != 0) {
            goto out;
        }
    }

    printf("\n%s\n", p->title);
    printf("%-26s %4s %10s %5s %8s %11s %8s %10s %9s\n", "search", "move", "nodes", "depth",
           "score", "median ms", "Mnode/s", "nodes/ref", "time/ref");
    for (size_t c = 0; c < p->case_count; c++) {
        const struct figures *f = &figures[c];
        const struct figures *base = &figures[p->baseline];

        printf("%-26s %4d %10llu %5d %8d %11.3f %8.2f %10.5f %9.5f\n", p->cases[c].label,
               (int)f->move, (unsigned long long)f->nodes, (int)f->depth, (int)f->score,
               f->median_ms, ratio((double)f->nodes / 1e3, f->median_ms),
               ratio((double)f->nodes, (double)base->nodes), ratio(f->median_ms, base->median_ms));
    }
    printf("(ref: %s%s)\n", p->cases[p->baseline].label,
           own ? "" : "; +k: with the stand-in knowledge, as mnk has none of its own");
    result = 0;
out:
    harness_game_destroy(&game);
    return result;
}

int main(int argc, char **argv)
{
    const struct tourney_agent_api *agents[POSITION_COUNT][32];
    void *handles[POSITION_COUNT][32] = {{NULL}};
    bool chosen[POSITION_COUNT] = {false};
    bool any_chosen = false;
    const struct tourney_game_api *mnk;
    void *mnk_handle;
    char error[ERROR_SIZE];
    int repeats = DEFAULT_REPEATS;
    int result = EXIT_FAILURE;

    for (int i = 1; i < argc; i++) {
        int value = atoi(argv[i]);

        if (i == 1 && value >= 1 && value <= MAX_REPEATS) {
            repeats = value;
        } else if (i > 1 && value >= 1 && value <= (int)POSITION_COUNT) {
            chosen[value - 1] = true;
            any_chosen = true;
        } else {
            fprintf(stderr,
                    "usage: %s [repeats] [position...]   (repeats 1 to %d, default %d;"
                    " positions 1 to %zu, default all)\n",
                    argv[0], MAX_REPEATS, DEFAULT_REPEATS, POSITION_COUNT);
            return EXIT_FAILURE;
        }
    }
    mnk = harness_load_game(TOURNEY_BENCH_GAME_DIR, "mnk", &mnk_handle, error, sizeof(error));
    if (mnk == NULL) {
        fprintf(stderr, "search-bench: %s\n", error);
        return EXIT_FAILURE;
    }
    for (size_t p = 0; p < POSITION_COUNT; p++) {
        for (size_t c = 0; c < positions[p].case_count; c++) {
            agents[p][c] = harness_load_agent(TOURNEY_BENCH_AGENT_DIR, positions[p].cases[c].agent,
                                              &handles[p][c], error, sizeof(error));
            if (agents[p][c] == NULL) {
                fprintf(stderr, "search-bench: %s\n", error);
                goto out;
            }
        }
    }

    printf("search-bench: median of %d runs each; ratios are to the row named ref\n", repeats);
    for (size_t p = 0; p < POSITION_COUNT; p++) {
        if ((!any_chosen || chosen[p]) &&
            bench_position(&positions[p], mnk, agents[p], repeats) != 0) {
            goto out;
        }
    }
    result = EXIT_SUCCESS;
out:
    for (size_t p = 0; p < POSITION_COUNT; p++) {
        for (size_t c = 0; c < positions[p].case_count; c++) {
            if (handles[p][c] != NULL) {
                harness_unload(handles[p][c]);
            }
        }
    }
    harness_unload(mnk_handle);
    return result;
}
