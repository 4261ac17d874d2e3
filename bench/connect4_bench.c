/*
 * bench/connect4_bench.c - negamax-ab-ids as a Connect Four solver, on
 * positions in the format of Pascal Pons's test sets (the .txt files of
 * tests/data/connect4, "MOVES SCORE" a line), with the settings of
 * `tourney solve --file`.
 * Every position is solved to the end of the game, its value turned into
 * Pons's score and checked against the file's; per file it prints the mean
 * time and nodes per position and the nodes per second, the figures of
 * Pons's own tables, as the median over several runs, and for the five
 * levels of his benchmark the figures of the reference solver on the same
 * files, the goal (1.5 times those) and the ratios to them. A measurement:
 * it fails only when a score is wrong.
 *
 * One agent solves a whole file, its transposition table kept from one
 * position to the next as in a game (its entries are stored relative to
 * their position, so that is sound); --fresh creates one per position.
 *
 * It needs the connect4 game plugin; without it, or without test sets, it
 * says so and measures nothing.
 *
 * Usage: connect4-bench [--repeats N] [--limit N] [--tt-mb N] [--fresh]
 *                       [--ablation] [--params WORDS] [--reference FILE] [FILE...]
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "pons_format.h"
#include "search_harness.h"
#include "solve.h"

#define MAX_FILES 64
#define MAX_REPEATS 101
#define MAX_STATE 4096
#define ERROR_SIZE 512

/* What tourney solve --file runs: one search to the end of the game with
 * every speed-up on. */
#define SOLVE_PARAMS SOLVE_AGENT_DEFAULTS " " SOLVE_FILE_AGENT_DEFAULTS

/* The goal: this many times the reference's mean time and mean nodes. */
#define GOAL_RATIO 1.5

/* The reference's figures for a file: mean microseconds and mean nodes per
 * position. */
struct reference {
    char name[64];
    double us;
    double nodes;
};

/*
 * Pascal Pons's solver (github.com/PascalPons/connect4, its last version
 * without the opening book, which no level here needs), built with g++ -O3
 * outside this tree and run on these files on the machine of
 * bench/README.md, the table emptied before each position as his own
 * benchmark does, his time of solve() alone: the median of 5 runs, taken
 * in turn with this program's (the load average was about 1). Node counts
 * are exact, times are this machine's: measure again with --reference
 * elsewhere.
 */
static const struct reference builtin_references[] = {
    {"L3_R1_end_easy.txt", 9.7, 70.5},
    {"L2_R1_middle_easy.txt", 81.4, 612.9},
    {"L2_R2_middle_medium.txt", 6037.7, 43576.2},
    {"L1_R1_begin_easy.txt", 283.7, 2411.2},
    {"L1_R2_begin_medium.txt", 140069.0, 1048086.9},
};

#define MAX_REFERENCES 64

struct options {
    int repeats;
    int limit; /* positions per file, 0 for all */
    int tt_mb;
    bool fresh;
    bool ablation;
    const char *params; /* more agent parameters, after the solve's */
    struct reference references[MAX_REFERENCES];
    int reference_count;
    bool reference_file; /* --reference was given */
};

/* The positions of one file. */
struct test_set {
    const char *path;
    int count;
    char (*moves)[64];
    int *scores;
};

/* What one pass over a file measured. */
struct pass {
    double seconds; /* in choose_move, all positions */
    uint64_t nodes;
    int wrong;
};

static int load_set(struct test_set *set, const char *path, int limit)
{
    FILE *file = fopen(path, "r");
    char line[256];
    int room = 0;
    int number = 0;

    memset(set, 0, sizeof(*set));
    set->path = path;
    if (file == NULL) {
        fprintf(stderr, "connect4-bench: cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof(line), file) != NULL && (limit == 0 || set->count < limit)) {
        int parsed;

        number++;
        if (set->count == room) {
            int grown = room == 0 ? 256 : 2 * room;
            char(*moves)[64] = realloc(set->moves, (size_t)grown * sizeof(*moves));
            int *scores = realloc(set->scores, (size_t)grown * sizeof(*scores));

            if (moves != NULL) {
                set->moves = moves;
            }
            if (scores != NULL) {
                set->scores = scores;
            }
            if (moves == NULL || scores == NULL) {
                fprintf(stderr, "connect4-bench: out of memory\n");
                fclose(file);
                return -1;
            }
            room = grown;
        }
        parsed = pons_parse_line(line, set->moves[set->count], sizeof(set->moves[0]),
                                 &set->scores[set->count]);
        if (parsed < 0) {
            fprintf(stderr, "connect4-bench: %s:%d: not 'MOVES SCORE'\n", path, number);
            fclose(file);
            return -1;
        }
        set->count += parsed == 0;
    }
    fclose(file);
    return 0;
}

static void free_set(struct test_set *set)
{
    free(set->moves);
    free(set->scores);
}

/* Solves every position of SET with agent API and PARAMS, checking each
 * score; only choose_move is timed. */
static int run_pass(const struct test_set *set, const struct tourney_agent_api *api,
                    const struct harness_game *g, const char *params, bool fresh, struct pass *out)
{
    struct harness_agent agent;
    unsigned char state[MAX_STATE];
    char error[ERROR_SIZE];
    bool created = false;

    memset(out, 0, sizeof(*out));
    for (int i = 0; i < set->count; i++) {
        struct tourney_move_report report;
        tourney_move move;
        uint64_t start;
        int pons;

        if (g->api->parse_state(g->instance, set->moves[i], state) != TOURNEY_OK ||
            g->api->status(g->instance, state) != TOURNEY_ONGOING) {
            fprintf(stderr, "connect4-bench: %s: cannot solve '%s'\n", set->path, set->moves[i]);
            return -1;
        }
        if (!created) {
            if (harness_agent_create(&agent, api, g->api, g->instance, &g->info, params, 1, error,
                                     sizeof(error)) != 0) {
                fprintf(stderr, "connect4-bench: %s\n", error);
                return -1;
            }
            created = true;
        }
        /* Every move string's digit is a stone: the game can last that
         * much less, which the search uses to bound a win's distance. */
        agent.ply = (int32_t)strlen(set->moves[i]);
        start = tourney_fake_now_ns();
        if (harness_choose(&agent, state, 0, &report, &move) != TOURNEY_OK) {
            fprintf(stderr, "connect4-bench: choose_move failed on '%s'\n", set->moves[i]);
            harness_agent_destroy(&agent);
            return -1;
        }
        out->seconds += (double)(tourney_fake_now_ns() - start) / 1e9;
        out->nodes += report.nodes;
        if (!pons_score(report.score, (int)strlen(set->moves[i]), g->info.max_plies, &pons) ||
            pons != set->scores[i]) {
            fprintf(stderr, "connect4-bench: %s: '%s' scored %d (Pons %d), expected %d\n",
                    set->path, set->moves[i], (int)report.score, pons, set->scores[i]);
            out->wrong++;
        }
        if (fresh) {
            harness_agent_destroy(&agent);
            created = false;
        }
    }
    if (created) {
        harness_agent_destroy(&agent);
    }
    return 0;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The reference's figures for the file at PATH, or NULL. */
static const struct reference *reference_of(const struct options *o, const char *path)
{
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;

    for (int i = 0; i < o->reference_count; i++) {
        if (strcmp(o->references[i].name, name) == 0) {
            return &o->references[i];
        }
    }
    return NULL;
}

/* Runs SET `repeats` times with PARAMS and prints one line of figures, with
 * the reference's and the ratios when COMPARE and it has them; stores the median time
 * and the nodes in *median and *nodes. */
static int measure(const struct test_set *set, const struct tourney_agent_api *api,
                   const struct harness_game *g, const char *label, const char *params,
                   const struct options *o, bool compare, double *median, uint64_t *nodes)
{
    const struct reference *ref = compare ? reference_of(o, set->path) : NULL;
    double times[MAX_REPEATS];
    struct pass pass = {0, 0, 0};
    int wrong = 0;
    double us;
    double mean_nodes;

    for (int r = 0; r < o->repeats; r++) {
        if (run_pass(set, api, g, params, o->fresh, &pass) != 0) {
            return -1;
        }
        times[r] = pass.seconds;
        wrong += pass.wrong;
    }
    qsort(times, (size_t)o->repeats, sizeof(times[0]), compare_doubles);
    *median = times[o->repeats / 2];
    *nodes = pass.nodes;
    us = *median / set->count * 1e6;
    mean_nodes = (double)pass.nodes / set->count;
    printf("%-24s %5d %11.1f %12.1f %9.0f %-6s", label, set->count, us, mean_nodes,
           *median > 0 ? (double)pass.nodes / *median / 1e3 : 0, wrong == 0 ? "right" : "WRONG");
    if (ref != NULL) {
        double time_ratio = ref->us > 0 ? us / ref->us : 0;
        double node_ratio = ref->nodes > 0 ? mean_nodes / ref->nodes : 0;

        printf(" %11.1f %12.1f %11.1f %12.1f %6.2f %6.2f %s", ref->us, ref->nodes,
               GOAL_RATIO * ref->us, GOAL_RATIO * ref->nodes, time_ratio, node_ratio,
               time_ratio <= GOAL_RATIO && node_ratio <= GOAL_RATIO ? "met" : "MISSED");
    }
    printf("\n");
    return wrong == 0 ? 0 : 1;
}

static void print_header(void)
{
    printf("%-24s %5s %11s %12s %9s %-6s %11s %12s %11s %12s %6s %6s %s\n", "", "lines", "mean us",
           "mean nodes", "K node/s", "scores", "ref us", "ref nodes", "goal us", "goal nodes",
           "x time", "x node", "goal");
}

/* The test sets in tests/data/connect4, sorted by name. */
static int find_sets(char **paths, int room)
{
    const char *dir = TOURNEY_BENCH_SOURCE_DIR "/tests/data/connect4";
    DIR *d = opendir(dir);
    struct dirent *entry;
    int count = 0;

    if (d == NULL) {
        return 0;
    }
    while ((entry = readdir(d)) != NULL && count < room) {
        size_t length = strlen(entry->d_name);

        if (length > 4 && strcmp(entry->d_name + length - 4, ".txt") == 0) {
            size_t size = strlen(dir) + length + 2;

            paths[count] = malloc(size);
            if (paths[count] != NULL) {
                snprintf(paths[count++], size, "%s/%s", dir, entry->d_name);
            }
        }
    }
    closedir(d);
    for (int i = 1; i < count; i++) {
        for (int j = i; j > 0 && strcmp(paths[j - 1], paths[j]) > 0; j--) {
            char *t = paths[j];
            paths[j] = paths[j - 1];
            paths[j - 1] = t;
        }
    }
    return count;
}

/* Reads --reference's file: lines "NAME MEAN_US MEAN_NODES", NAME a file's
 * name without its directory. */
static int read_references(struct options *o, const char *path)
{
    FILE *file = fopen(path, "r");
    char line[256];
    int number = 0;

    if (file == NULL) {
        fprintf(stderr, "connect4-bench: cannot open %s\n", path);
        return -1;
    }
    o->reference_count = 0;
    while (fgets(line, sizeof(line), file) != NULL) {
        struct reference *r = &o->references[o->reference_count];
        char extra[2];

        number++;
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0') {
            continue;
        }
        if (o->reference_count == MAX_REFERENCES ||
            sscanf(line, "%63s %lf %lf %1s", r->name, &r->us, &r->nodes, extra) != 3) {
            fprintf(stderr, "connect4-bench: %s:%d: expected 'FILE MEAN_US MEAN_NODES'\n", path,
                    number);
            fclose(file);
            return -1;
        }
        o->reference_count++;
    }
    fclose(file);
    return 0;
}

static int usage(const char *program)
{
    fprintf(stderr,
            "usage: %s [--repeats N] [--limit N] [--tt-mb N] [--fresh] [--ablation]\n"
            "          [--params WORDS] [--reference FILE] [FILE...]\n"
            "  --repeats N       runs of each file, the median printed (default 3)\n"
            "  --limit N         the first N positions of each file only\n"
            "  --tt-mb N         the transposition table's size (default tourney solve's)\n"
            "  --fresh           a new agent, with an empty table, for every position\n"
            "  --ablation        also each speed-up turned off alone, on the first file\n"
            "  --params WORDS    more agent parameters, e.g. \"tie_break=lowest\"\n"
            "  --reference FILE  the reference solver's figures, lines 'FILE MEAN_US MEAN_NODES'\n"
            "                    (default: those measured for bench/README.md)\n"
            "FILEs default to tests/data/connect4/*.txt.\n",
            program);
    return EXIT_FAILURE;
}

/* The speed-ups turned off one at a time, for --ablation. */
static const char *const ablations[][2] = {
    {"all on", ""},
    {"- ordering", "ordering=false"},
    {"- table", "tt_mb=0"},
    {"- null window (full)", "window=full"},
    {"- knowledge", "knowledge=false"},
    {"- bisection (moves)", "root=moves"},
    {"- length bounds", "length_bounds=false"},
    {"- compact (wide)", "table=wide"},
    {"- symmetry", "symmetry=false"},
    {"- any (lowest)", "tie_break=lowest"},
};

static int bench(char **files, int file_count, const struct options *o,
                 const struct tourney_agent_api *api, const struct harness_game *g)
{
    char params[256];
    int status = 0;

    if (o->tt_mb > 0) {
        snprintf(params, sizeof(params), "%s tt_mb=%d %s", SOLVE_PARAMS, o->tt_mb,
                 o->params != NULL ? o->params : "");
    } else {
        snprintf(params, sizeof(params), "%s %s", SOLVE_PARAMS,
                 o->params != NULL ? o->params : "");
    }
    printf("connect4-bench: every position solved and its score checked; times are the median "
           "of %d runs%s\nparameters: %s\n\n",
           o->repeats, o->fresh ? ", a fresh agent per position" : ", one agent per file", params);
    print_header();
    for (int f = 0; f < file_count; f++) {
        struct test_set set;
        const char *name = strrchr(files[f], '/') != NULL ? strrchr(files[f], '/') + 1 : files[f];
        double median;
        uint64_t nodes;
        int result;

        if (load_set(&set, files[f], o->limit) != 0) {
            return -1;
        }
        result = measure(&set, api, g, name, params, o, true, &median, &nodes);
        if (result < 0) {
            free_set(&set);
            return -1;
        }
        status |= result;
        if (o->ablation && f == 0) {
            printf("\nablation on %s (ratios to all on: time, nodes)\n", name);
            print_header();
            for (size_t a = 0; a < sizeof(ablations) / sizeof(ablations[0]); a++) {
                char ablated[384];
                double m;
                uint64_t n;

                snprintf(ablated, sizeof(ablated), "%s %s", params, ablations[a][1]);
                result = measure(&set, api, g, ablations[a][0], ablated, o, false, &m, &n);
                if (result < 0) {
                    free_set(&set);
                    return -1;
                }
                status |= result;
                printf("%-24s %5s %11.2f %12.2f\n", "", "ratio", median > 0 ? m / median : 0,
                       nodes > 0 ? (double)n / (double)nodes : 0);
            }
            printf("\n");
            print_header();
        }
        free_set(&set);
    }
    return status;
}

int main(int argc, char **argv)
{
    struct options o = {.repeats = 3, .limit = 0, .tt_mb = 0};
    char *found[MAX_FILES];
    char **files = NULL;
    int file_count = 0;
    int found_count = 0;
    const struct tourney_game_api *game_api;
    const struct tourney_agent_api *agent_api;
    struct harness_game g;
    void *game_handle;
    void *agent_handle;
    char error[ERROR_SIZE];
    int status;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--fresh") == 0) {
            o.fresh = true;
        } else if (strcmp(argv[i], "--ablation") == 0) {
            o.ablation = true;
        } else if (i + 1 < argc && strcmp(argv[i], "--repeats") == 0) {
            o.repeats = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--limit") == 0) {
            o.limit = atoi(argv[++i]);
        } else if (i + 1 < argc && strcmp(argv[i], "--params") == 0) {
            o.params = argv[++i];
        } else if (i + 1 < argc && strcmp(argv[i], "--reference") == 0) {
            if (read_references(&o, argv[++i]) != 0) {
                return EXIT_FAILURE;
            }
            o.reference_file = true;
        } else if (i + 1 < argc && strcmp(argv[i], "--tt-mb") == 0) {
            o.tt_mb = atoi(argv[++i]);
        } else if (argv[i][0] == '-') {
            return usage(argv[0]);
        } else {
            files = &argv[i];
            file_count = argc - i;
            break;
        }
    }
    if (o.repeats < 1 || o.repeats > MAX_REPEATS || o.limit < 0 || o.tt_mb < 0) {
        return usage(argv[0]);
    }
    if (!o.reference_file) {
        o.reference_count = (int)(sizeof(builtin_references) / sizeof(builtin_references[0]));
        memcpy(o.references, builtin_references, sizeof(builtin_references));
    }
    game_api =
        harness_load_game(TOURNEY_BENCH_GAME_DIR, "connect4", &game_handle, error, sizeof(error));
    if (game_api == NULL) {
        printf("connect4-bench: skipped: no connect4 game plugin in %s (%s)\n",
               TOURNEY_BENCH_GAME_DIR, error);
        return EXIT_SUCCESS;
    }
    if (files == NULL) {
        found_count = find_sets(found, MAX_FILES);
        files = found;
        file_count = found_count;
    }
    if (file_count == 0) {
        printf("connect4-bench: skipped: no test sets in %s/tests/data/connect4\n",
               TOURNEY_BENCH_SOURCE_DIR);
        harness_unload(game_handle);
        return EXIT_SUCCESS;
    }
    agent_api = harness_load_agent(TOURNEY_BENCH_AGENT_DIR, "negamax-ab-ids", &agent_handle, error,
                                   sizeof(error));
    status = -1;
    if (agent_api == NULL || harness_game_create(&g, game_api, NULL, error, sizeof(error)) != 0) {
        fprintf(stderr, "connect4-bench: %s\n", error);
    } else {
        if (g.info.state_size > MAX_STATE) {
            fprintf(stderr, "connect4-bench: states of %zu bytes are too large\n",
                    g.info.state_size);
        } else {
            status = bench(files, file_count, &o, agent_api, &g);
        }
        harness_game_destroy(&g);
    }
    for (int i = 0; i < found_count; i++) {
        free(found[i]);
    }
    harness_unload(agent_handle);
    harness_unload(game_handle);
    return status == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
