/*
 * bench/search_bench.c - how much alpha-beta pruning saves: nodes and time of
 * the searching agents, loaded from the build tree, on the empty 3x3 board
 * at full depth and on the 4x4 position of the negamax articles, with and
 * without pruning. Each search is repeated and the median time printed, with
 * the ratios to plain negamax. A measurement, never a pass/fail test.
 *
 * Usage: search-bench [repeats]   (default 7)
 */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "fake_host.h"

#define DEFAULT_REPEATS 7
#define MAX_REPEATS 1001
#define MAX_PARAMS 8

/* The agent whose figures the others are divided by. */
#define BASELINE "negamax"

struct case_desc {
    const char *agent;
    const char *params; /* key=value words, the rest default */
    const char *label;
};

struct position_desc {
    const char *title;
    int rows, cols, k;
    const char *text; /* NULL for the start */
};

static const struct position_desc positions[] = {
    {"empty 3x3, full depth", 3, 3, 3, NULL},
    {"4x4 k=4 'x x x . / o o o . / x . . . / . . . .', o to move", 4, 4, 4,
     "x x x . / o o o . / x . . . / . . . ."},
};

static const struct case_desc cases[] = {
    {"minimax", "", "minimax (no pruning)"},
    {"negamax", "", "negamax (no pruning)"},
    {"negamax-ab-ids", "iterative=false", "alpha-beta, one search"},
    {"negamax-ab-ids", "use_time_budget=false", "alpha-beta, iterative"},
};

#define CASE_COUNT (sizeof(cases) / sizeof(cases[0]))

struct figures {
    uint64_t nodes;
    int32_t depth;
    int32_t score;
    tourney_move move;
    double median_ms;
};

/* Loads a plugin and stores its entry function, as POSIX lets dlsym's
 * result be converted, in *entry. */
static void *load(const char *dir, const char *name, const char *symbol, void **entry)
{
    char path[1024];
    void *handle;

    snprintf(path, sizeof(path), "%s/%s.so", dir, name);
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        fprintf(stderr, "search-bench: cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    *entry = dlsym(handle, symbol);
    if (*entry == NULL) {
        fprintf(stderr, "search-bench: %s has no %s: %s\n", path, symbol, dlerror());
        dlclose(handle);
        return NULL;
    }
    return handle;
}

/* Reads one parameter value written as in an INI file. */
static int param_value(const struct tourney_param_desc *desc, const char *text, int64_t *value)
{
    char *end;

    switch (desc->type) {
    case TOURNEY_PARAM_INT:
        *value = strtoll(text, &end, 10);
        return *end == '\0' && end != text ? 0 : -1;
    case TOURNEY_PARAM_BOOL:
        *value = strcmp(text, "true") == 0;
        return *value || strcmp(text, "false") == 0 ? 0 : -1;
    case TOURNEY_PARAM_CHOICE:
        for (int i = 0; desc->choices[i] != NULL; i++) {
            if (strcmp(desc->choices[i], text) == 0) {
                *value = i;
                return 0;
            }
        }
        break;
    }
    return -1;
}

/* Parameter values from the defaults, overridden by "key=value" words. */
static int set_params(const struct tourney_agent_api *api, struct tourney_param_value *values,
                      const char *overrides)
{
    char copy[256];
    char *save = NULL;

    if (api->param_count > MAX_PARAMS) {
        return -1;
    }
    for (size_t i = 0; i < api->param_count; i++) {
        if (param_value(&api->params[i], api->params[i].default_value, &values[i].i) != 0) {
            return -1;
        }
    }
    snprintf(copy, sizeof(copy), "%s", overrides);
    for (char *word = strtok_r(copy, " ", &save); word != NULL;
         word = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(word, '=');
        size_t i = 0;

        if (eq == NULL) {
            return -1;
        }
        *eq = '\0';
        while (i < api->param_count && strcmp(api->params[i].name, word) != 0) {
            i++;
        }
        if (i == api->param_count || param_value(&api->params[i], eq + 1, &values[i].i) != 0) {
            return -1;
        }
    }
    return 0;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The effective branching factor b of a search of `nodes` nodes to `depth`:
 * 1 + b + ... + b^depth = nodes, by bisection (the articles' ebf). */
static double ebf(uint64_t nodes, int32_t depth)
{
    double lo = 1.0;
    double hi = (double)nodes;

    if (nodes <= 1 || depth <= 0) {
        return 0.0;
    }
    for (int i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        double total = (pow(mid, depth + 1) - 1) / (mid - 1);

        if (total > (double)nodes) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    return (lo + hi) / 2;
}

/* Runs one agent on one position `repeats` times, a fresh instance each time
 * as the runner does. */
static int measure(const struct tourney_agent_api *api, const struct case_desc *c,
                   const struct tourney_game_api *game_api, void *game,
                   const struct tourney_game_info *info, const void *state, int repeats,
                   struct figures *out)
{
    double times[MAX_REPEATS];
    struct tourney_param_value values[MAX_PARAMS];

    if (set_params(api, values, c->params) != 0) {
        fprintf(stderr, "search-bench: bad parameters '%s' for %s\n", c->params, api->name);
        return -1;
    }
    for (int r = 0; r < repeats; r++) {
        struct fake_host host;
        struct tourney_agent_init init = {
            .struct_size = sizeof(init),
            .game_api = game_api,
            .game = game,
            .game_info = info,
            .params = values,
            .host = fake_host_services(),
            .host_context = &host,
            .seat = 0,
        };
        struct tourney_move_request request = {.struct_size = sizeof(request)};
        struct tourney_move_report report = {.struct_size = sizeof(report)};
        void *agent = NULL;
        uint64_t start;
        int err;

        fake_host_init(&host, 1);
        if (api->create(&init, &agent) != TOURNEY_OK) {
            fprintf(stderr, "search-bench: %s: create failed: %s\n", api->name,
                    host.last_message);
            return -1;
        }
        start = fake_host_now_ns();
        /* No deadline: the figures are of whole searches. */
        request.budget_ns = 0;
        request.deadline_ns = 0;
        err = api->choose_move(agent, state, &request, &report, &out->move);
        times[r] = (double)(fake_host_now_ns() - start) / 1e6;
        api->destroy(agent);
        if (err != TOURNEY_OK) {
            fprintf(stderr, "search-bench: %s: choose_move failed: %s\n", api->name,
                    host.last_message);
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

static int bench_position(const struct position_desc *p, const struct tourney_game_api *game_api,
                          const struct tourney_agent_api *const *agents, int repeats)
{
    struct tourney_param_value game_values[3] = {{p->rows}, {p->cols}, {p->k}};
    struct tourney_game_info info;
    struct figures figures[CASE_COUNT];
    const struct figures *baseline = NULL;
    unsigned char *state = NULL;
    void *game = NULL;
    char error[256] = "";
    int result = -1;

    if (game_api->create(game_values, &game, &info, error, sizeof(error)) != TOURNEY_OK) {
        fprintf(stderr, "search-bench: mnk %d,%d,%d: %s\n", p->rows, p->cols, p->k, error);
        return -1;
    }
    state = malloc(info.state_size);
    if (state == NULL) {
        fprintf(stderr, "search-bench: out of memory\n");
        goto out;
    }
    if (p->text == NULL) {
        game_api->initial_state(game, state);
    } else if (game_api->parse_state(game, p->text, state) != TOURNEY_OK) {
        fprintf(stderr, "search-bench: cannot read the position '%s'\n", p->text);
        goto out;
    }
    for (size_t c = 0; c < CASE_COUNT; c++) {
        if (measure(agents[c], &cases[c], game_api, game, &info, state, repeats,
                    &figures[c]) != 0) {
            goto out;
        }
        if (strcmp(cases[c].agent, BASELINE) == 0 && cases[c].params[0] == '\0') {
            baseline = &figures[c];
        }
    }

    printf("\n%s\n", p->title);
    printf("%-24s %5s %9s %6s %5s %8s %11s %10s %9s\n", "search", "move", "nodes", "depth",
           "ebf", "score", "median ms", "nodes/nm", "time/nm");
    for (size_t c = 0; c < CASE_COUNT; c++) {
        const struct figures *f = &figures[c];
        double node_ratio = baseline == NULL ? 0 : (double)f->nodes / (double)baseline->nodes;
        double time_ratio =
            baseline == NULL || baseline->median_ms <= 0 ? 0 : f->median_ms / baseline->median_ms;

        printf("%-24s %5d %9llu %6d %5.2f %8d %11.3f %10.5f %9.5f\n", cases[c].label,
               (int)f->move, (unsigned long long)f->nodes, (int)f->depth, ebf(f->nodes, f->depth),
               (int)f->score, f->median_ms, node_ratio, time_ratio);
    }
    result = 0;
out:
    free(state);
    game_api->destroy(game);
    return result;
}

int main(int argc, char **argv)
{
    const struct tourney_agent_api *agents[CASE_COUNT];
    void *handles[CASE_COUNT] = {NULL};
    const struct tourney_game_api *game_api;
    void *game_handle;
    tourney_game_entry_fn game_entry;
    tourney_agent_entry_fn agent_entry;
    void *entry;
    int repeats = DEFAULT_REPEATS;
    int result = EXIT_FAILURE;

    if (argc > 2 || (argc == 2 && (repeats = atoi(argv[1])) < 1) || repeats > MAX_REPEATS) {
        fprintf(stderr, "usage: %s [repeats]   (1 to %d, default %d)\n", argv[0], MAX_REPEATS,
                DEFAULT_REPEATS);
        return EXIT_FAILURE;
    }
    game_handle = load(TOURNEY_BENCH_GAME_DIR, "mnk", TOURNEY_GAME_ENTRY_SYMBOL, &entry);
    if (game_handle == NULL) {
        return EXIT_FAILURE;
    }
    *(void **)&game_entry = entry;
    game_api = game_entry();
    for (size_t c = 0; c < CASE_COUNT; c++) {
        handles[c] = load(TOURNEY_BENCH_AGENT_DIR, cases[c].agent, TOURNEY_AGENT_ENTRY_SYMBOL,
                          &entry);
        if (handles[c] == NULL) {
            goto out;
        }
        *(void **)&agent_entry = entry;
        agents[c] = agent_entry();
    }

    printf("search-bench: median of %d runs each; ratios are to plain negamax (nm)\n", repeats);
    for (size_t p = 0; p < sizeof(positions) / sizeof(positions[0]); p++) {
        if (bench_position(&positions[p], game_api, agents, repeats) != 0) {
            goto out;
        }
    }
    result = EXIT_SUCCESS;
out:
    for (size_t c = 0; c < CASE_COUNT; c++) {
        if (handles[c] != NULL) {
            dlclose(handles[c]);
        }
    }
    dlclose(game_handle);
    return result;
}
