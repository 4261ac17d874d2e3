/*
 * tests/games/connect4_testgen.c - writes the solved Connect Four positions of
 * tests/data/connect4/ (connect4_testdata.h):
 *
 *  - one file per difficulty (end_easy, mid_easy), each position solved by
 *    the exhaustive solver (connect4_solver.c);
 *  - one file per level of Pascal Pons's benchmark (L3_R1_end_easy to
 *    L1_R2_begin_medium), positions the exhaustive solver cannot reach in
 *    reasonable time: each solved by negamax-ab-ids with tourney solve's
 *    speed-ups, through the plugins as built, and sorted into its level by
 *    the moves its value says remain.
 *
 *     connect4-testgen DIRECTORY [all | levels | STAGE]
 *
 * The same program writes the same files, byte for byte, on every run:
 * `meson compile -C build connect4-testdata` rewrites the ones in the tree
 * (about two minutes, most of it the beginning). "levels" writes the
 * levels only, a stage number (0 beginning, 1 middle, 2 end) one stage's.
 *
 * A beginning candidate (8 to 14 moves) may end much later than any level
 * allows, and solving it to the end can take long; so it is first searched
 * only as many plies ahead as its open levels allow, on the game without its
 * heuristic (every position cut off there worth a draw), where a win or a
 * loss found is exact (connect4_solver.h says why) and none found means the
 * game lasts longer. A kept one is then solved to the end as well, and the
 * two values must agree.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connect4_solver.h"
#include "connect4_testdata.h"
#include "pons_format.h"
#include "search_harness.h"

#define ERROR_SIZE 512

/* tourney solve's settings (runner/cli/solve.h), without the clock. */
#define SOLVE_PARAMS                                                           \
    "max_depth=0 iterative=false use_time_budget=false tt_mb=256 root=bisect " \
    "length_bounds=true table=compact symmetry=true"
/* The search of a limited depth, on the game without its heuristic. */
#define WITHIN_PARAMS \
    "iterative=false use_time_budget=false tt_mb=256 root=bisect length_bounds=true"

/* Writes one difficulty's file; returns 0, or 1 after saying what failed. */
static int write_file(const char *directory, const struct c4_difficulty *d)
{
    char path[4096];
    struct c4_solver solver;
    int status = 1;

    snprintf(path, sizeof(path), "%s/%s", directory, d->file);
    c4_moves *moves = malloc(sizeof(*moves) * (size_t)d->count);
    if (moves == NULL) {
        fprintf(stderr, "connect4-testgen: out of memory\n");
        return 1;
    }
    c4_choose_positions(d, moves);
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        perror(path);
        goto err_open;
    }
    for (int i = 0; i < d->count; i++) {
        struct c4_board board;
        int score;
        /* A table per position: its memory goes back as soon as it is solved. */
        if (c4_board_read(&board, moves[i]) != 0 || c4_solver_init(&solver) != 0) {
            fprintf(stderr, "connect4-testgen: cannot set up %s\n", moves[i]);
            goto err_write;
        }
        int rc = c4_solve(&solver, &board, &score);
        c4_solver_finish(&solver);
        if (rc != 0) {
            fprintf(stderr, "connect4-testgen: out of memory solving %s\n", moves[i]);
            goto err_write;
        }
        fprintf(out, "%s %d\n", moves[i], score);
    }
    status = 0;
err_write:
    if (fclose(out) != 0 && status == 0) {
        perror(path);
        status = 1;
    }
err_open:
    free(moves);
    return status;
}

/* The plugins, and agents that solve on them. */
struct solvers {
    void *game_handle;
    void *agent_handle;
    const struct tourney_agent_api *agent_api;
    struct harness_game game;
    /* The game without evaluate, for the searches of limited depth. */
    struct tourney_game_api no_heuristic;
    struct harness_agent full;
    struct harness_agent within[2]; /* 13 and 27 plies deep */
};

static const int within_depths[2] = {13, 27};

static int solvers_open(struct solvers *s)
{
    char error[ERROR_SIZE];
    const struct tourney_game_api *api;

    memset(s, 0, sizeof(*s));
    api = harness_load_game(TOURNEY_TEST_GAME_DIR, "connect4", &s->game_handle, error,
                            sizeof(error));
    s->agent_api = harness_load_agent(TOURNEY_TEST_AGENT_DIR, "negamax-ab-ids", &s->agent_handle,
                                      error, sizeof(error));
    if (api == NULL || s->agent_api == NULL ||
        harness_game_create(&s->game, api, NULL, error, sizeof(error)) != 0) {
        fprintf(stderr, "connect4-testgen: %s\n", error);
        return -1;
    }
    s->no_heuristic = *api;
    s->no_heuristic.evaluate = NULL;
    if (harness_agent_create(&s->full, s->agent_api, api, s->game.instance, &s->game.info,
                             SOLVE_PARAMS, 1, error, sizeof(error)) != 0) {
        fprintf(stderr, "connect4-testgen: %s\n", error);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        char params[256];

        snprintf(params, sizeof(params), "%s max_depth=%d", WITHIN_PARAMS, within_depths[i]);
        if (harness_agent_create(&s->within[i], s->agent_api, &s->no_heuristic, s->game.instance,
                                 &s->game.info, params, 1, error, sizeof(error)) != 0) {
            fprintf(stderr, "connect4-testgen: %s\n", error);
            return -1;
        }
    }
    return 0;
}

static void solvers_close(struct solvers *s)
{
    for (int i = 0; i < 2; i++) {
        if (s->within[i].fake.instance != NULL) {
            harness_agent_destroy(&s->within[i]);
        }
    }
    if (s->full.fake.instance != NULL) {
        harness_agent_destroy(&s->full);
    }
    if (s->game.instance != NULL) {
        harness_game_destroy(&s->game);
    }
    harness_unload(s->agent_handle);
    harness_unload(s->game_handle);
}

/* The agent's value of MOVES as Pons's score in *score; false when it
 * proved none (a search of limited depth that saw no end). Exits on a
 * failure of the plugins, which cannot happen with them as built. */
static bool agent_score(struct solvers *s, struct harness_agent *agent, const char *moves,
                        int *score)
{
    unsigned char state[64];
    struct tourney_move_report report;
    tourney_move move;
    int stones = (int)strlen(moves);

    if (s->game.info.state_size > sizeof(state) ||
        s->game.api->parse_state(s->game.instance, moves, state) != TOURNEY_OK) {
        fprintf(stderr, "connect4-testgen: cannot read %s\n", moves);
        exit(1);
    }
    agent->ply = stones;
    if (harness_choose(agent, state, 0, &report, &move) != TOURNEY_OK) {
        fprintf(stderr, "connect4-testgen: the search failed on %s\n", moves);
        exit(1);
    }
    if (report.score == 0 && agent != &s->full) {
        return false;
    }
    return pons_score(report.score, stones, s->game.info.max_plies, score);
}

/* The levels of one stage, filled from its stream of candidates. */
struct stage {
    int levels[C4_LEVEL_COUNT];
    int level_count;
    c4_moves *chosen[C4_LEVEL_COUNT];
    int *scores[C4_LEVEL_COUNT];
    int filled[C4_LEVEL_COUNT];
};

static bool is_chosen(const struct stage *st, const char *moves)
{
    for (int i = 0; i < st->level_count; i++) {
        int l = st->levels[i];

        for (int j = 0; j < st->filled[l]; j++) {
            if (strcmp(st->chosen[l][j], moves) == 0) {
                return true;
            }
        }
    }
    return false;
}

/* The deepest remaining moves an open level of the stage takes; -1 when
 * every level is full. */
static int open_depth(const struct stage *st)
{
    int depth = -1;

    for (int i = 0; i < st->level_count; i++) {
        const struct c4_level *level = &c4_levels[st->levels[i]];

        if (st->filled[st->levels[i]] < level->count && level->max_remaining > depth) {
            depth = level->max_remaining;
        }
    }
    return depth;
}

/* Solves one candidate and keeps it in the open level its value puts it
 * in. Returns -1 when the two searches of a beginning candidate disagree. */
static int sort_candidate(struct solvers *s, struct stage *st, const char *moves, int depth)
{
    int stones = (int)strlen(moves);
    int score;

    if (stones >= C4_CELLS - 27) {
        /* It ends within 27 moves, a draw included: solve it outright. */
        agent_score(s, &s->full, moves, &score);
    } else {
        int full;

        if (!agent_score(s, &s->within[depth > 13], moves, &score) ||
            c4_remaining(stones, score) > depth) {
            return 0;
        }
        agent_score(s, &s->full, moves, &full);
        if (full != score) {
            fprintf(stderr, "connect4-testgen: %s: %d searched %d plies deep, %d to the end\n",
                    moves, score, within_depths[depth > 13], full);
            return -1;
        }
    }
    for (int i = 0; i < st->level_count; i++) {
        int l = st->levels[i];
        const struct c4_level *level = &c4_levels[l];
        int remaining = c4_remaining(stones, score);

        if (st->filled[l] < level->count && remaining >= level->min_remaining &&
            remaining <= level->max_remaining) {
            strcpy(st->chosen[l][st->filled[l]], moves);
            st->scores[l][st->filled[l]] = score;
            st->filled[l]++;
        }
    }
    return 0;
}

static int write_level(const char *directory, const struct stage *st, int l)
{
    char path[4096];
    FILE *out;
    int status = 0;

    snprintf(path, sizeof(path), "%s/%s", directory, c4_levels[l].file);
    out = fopen(path, "w");
    if (out == NULL) {
        perror(path);
        return 1;
    }
    for (int i = 0; i < st->filled[l]; i++) {
        fprintf(out, "%s %d\n", st->chosen[l][i], st->scores[l][i]);
    }
    if (fclose(out) != 0) {
        perror(path);
        status = 1;
    }
    return status;
}

/* Fills and writes the levels of stage `stage`. */
static int write_stage(const char *directory, struct solvers *s, int stage)
{
    struct stage st;
    uint64_t rng = c4_stage_seeds[stage];
    int min_moves = C4_CELLS;
    int max_moves = 0;
    int status = 1;
    int depth;

    memset(&st, 0, sizeof(st));
    for (int l = 0; l < C4_LEVEL_COUNT; l++) {
        if (c4_levels[l].stage != stage) {
            continue;
        }
        st.levels[st.level_count++] = l;
        st.chosen[l] = malloc(sizeof(c4_moves) * (size_t)c4_levels[l].count);
        st.scores[l] = malloc(sizeof(int) * (size_t)c4_levels[l].count);
        if (st.chosen[l] == NULL || st.scores[l] == NULL) {
            fprintf(stderr, "connect4-testgen: out of memory\n");
            goto out;
        }
        min_moves = c4_levels[l].min_moves;
        max_moves = c4_levels[l].max_moves;
    }
    while ((depth = open_depth(&st)) >= 0) {
        c4_moves moves;
        int stones =
            min_moves + (int)(c4_next_random(&rng) % (uint64_t)(max_moves - min_moves + 1));

        if (c4_play_quiet_game(&rng, stones, moves) != 0 || is_chosen(&st, moves)) {
            continue;
        }
        if (sort_candidate(s, &st, moves, depth) != 0) {
            goto out;
        }
    }
    status = 0;
    for (int i = 0; i < st.level_count; i++) {
        status |= write_level(directory, &st, st.levels[i]);
    }
out:
    for (int l = 0; l < C4_LEVEL_COUNT; l++) {
        free(st.chosen[l]);
        free(st.scores[l]);
    }
    return status;
}

int main(int argc, char **argv)
{
    const char *what = argc == 3 ? argv[2] : "all";
    struct solvers s;
    int status = 0;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: connect4-testgen DIRECTORY [all | levels | 0 | 1 | 2]\n");
        return 2;
    }
    if (strcmp(what, "all") == 0) {
        for (int i = 0; i < C4_DIFFICULTY_COUNT; i++) {
            if (write_file(argv[1], &c4_difficulties[i]) != 0) {
                return 1;
            }
        }
    }
    if (solvers_open(&s) != 0) {
        solvers_close(&s);
        return 1;
    }
    for (int stage = 2; stage >= 0 && status == 0; stage--) {
        char number[2] = {(char)('0' + stage), '\0'};

        if (strcmp(what, "all") == 0 || strcmp(what, "levels") == 0 || strcmp(what, number) == 0) {
            status = write_stage(argv[1], &s, stage);
        }
    }
    solvers_close(&s);
    return status;
}
