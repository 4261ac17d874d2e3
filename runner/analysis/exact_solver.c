#include "exact_solver.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <tourney/tourney.h>

#include "clock.h"
#include "params.h"
#include "text.h"

static uint64_t host_now_ns(void *context)
{
    (void)context;
    return tourney_now_ns();
}

static uint64_t host_random_u64(void *context)
{
    struct exact_solver *solver = context;
    return tourney_rng_next(&solver->rng);
}

/* The agent's warnings and errors are shown; its chatter is not. */
static void host_log(void *context, uint32_t level, const char *message)
{
    struct exact_solver *solver = context;
    if (level <= TOURNEY_LOG_WARNING) {
        tourney_warn(solver->plan->warn, "the solver: %s", message);
    }
}

static const struct tourney_host exact_host = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = host_now_ns,
    .random_u64 = host_random_u64,
    .log = host_log,
};

/* Sets the "key=value" words of TEXT (changed in place) into VALUES. */
static int set_words(const struct tourney_param_info *params, size_t count, char *text,
                     struct tourney_param_value *values, struct error *err)
{
    char *save = NULL;

    for (char *w = strtok_r(text, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(w, '=');
        size_t i = 0;
        if (eq == NULL) {
            return tourney_error_set(err, "expected KEY=VALUE for the solver, got '%s'", w);
        }
        *eq = '\0';
        while (i < count && strcmp(params[i].name, w) != 0) {
            i++;
        }
        if (i == count) {
            return tourney_error_set(err, "the solver %s has no parameter '%s'",
                                     TOURNEY_EXACT_AGENT, w);
        }
        if (!tourney_params_parse(&params[i], eq + 1, &values[i])) {
            return tourney_error_set(err, "bad value '%s' for %s of the solver", eq + 1, w);
        }
    }
    return 0;
}

static int read_values(struct exact_plan *plan, const char *extra, uint64_t budget,
                       struct error *err)
{
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&plan->agent_plugin, &count);
    char *words = tourney_format("%s %s max_nodes=%" PRIu64, TOURNEY_EXACT_AGENT_DEFAULTS,
                                 extra != NULL ? extra : "", budget);

    plan->values = calloc(count + 1, sizeof(*plan->values));
    if (words == NULL || plan->values == NULL) {
        free(words);
        return tourney_error_nomem(err);
    }
    /* The loader checked that every default is a valid value. */
    for (size_t i = 0; i < count; i++) {
        tourney_params_parse(&params[i], params[i].default_value, &plan->values[i]);
    }
    int status = set_words(params, count, words, plan->values, err);
    free(words);
    if (status != 0) {
        return -1;
    }
    plan->params_text = tourney_params_text(params, count, plan->values);
    return plan->params_text != NULL ? 0 : tourney_error_nomem(err);
}

int tourney_exact_plan_open(struct exact_plan *plan, const struct game_adapter *game,
                            const char *extra, uint64_t budget, const char *env_path,
                            const char *exe_path, const struct warnings *warn, struct error *err)
{
    memset(plan, 0, sizeof(*plan));
    plan->game = game;
    plan->warn = warn;
    if (tourney_plugin_search_init(&plan->search, NULL, 0, env_path, exe_path) != 0) {
        return tourney_error_nomem(err);
    }
    char *path =
        tourney_plugin_search_find(&plan->search, TOURNEY_KIND_AGENT, TOURNEY_EXACT_AGENT, NULL);
    if (path == NULL) {
        char *dirs = tourney_plugin_search_describe(&plan->search);
        tourney_error_set(err, "no agent plugin '%s' (the solver) in %s", TOURNEY_EXACT_AGENT,
                          dirs != NULL ? dirs : "the plugin path");
        free(dirs);
        return -1;
    }
    int status = tourney_plugin_open(&plan->agent_plugin, path, TOURNEY_KIND_AGENT, err);
    free(path);
    if (status != 0) {
        return -1;
    }
    return read_values(plan, extra, budget, err);
}

void tourney_exact_plan_close(struct exact_plan *plan)
{
    if (plan->agent_plugin.handle != NULL) {
        tourney_plugin_close(&plan->agent_plugin);
    }
    free(plan->params_text);
    free(plan->values);
    tourney_plugin_search_finish(&plan->search);
    memset(plan, 0, sizeof(*plan));
}

int tourney_exact_solver_create(struct exact_solver *solver, const struct exact_plan *plan,
                                struct error *err)
{
    memset(solver, 0, sizeof(*solver));
    solver->plan = plan;
    solver->rng.state = 1;
    solver->state = malloc(plan->game->info.state_size);
    if (solver->state == NULL) {
        return tourney_error_nomem(err);
    }
    struct tourney_agent_init init = {
        .struct_size = sizeof(init),
        .game_api = plan->game->api,
        .game = plan->game->instance,
        .game_info = &plan->game->info,
        .params = plan->values,
        .host = &exact_host,
        .host_context = solver,
        .seat = 0, /* the search values every position for the player to move */
    };
    if (plan->agent_plugin.agent->create(&init, &solver->agent) != TOURNEY_OK) {
        solver->agent = NULL;
        return tourney_error_set(err, "the solver %s could not be created (%s)",
                                 TOURNEY_EXACT_AGENT, plan->params_text);
    }
    return 0;
}

void tourney_exact_solver_destroy(struct exact_solver *solver)
{
    if (solver->agent != NULL) {
        solver->plan->agent_plugin.agent->destroy(solver->agent);
    }
    free(solver->state);
    memset(solver, 0, sizeof(*solver));
}

int tourney_exact_solve(struct exact_solver *solver, const void *state, int32_t ply,
                        struct exact_value *value, uint64_t *nodes, struct error *err)
{
    struct tourney_move_request request = {.struct_size = sizeof(request), .ply = ply};
    struct tourney_move_report report = {.struct_size = sizeof(report)};
    tourney_move move;

    memcpy(solver->state, state, solver->plan->game->info.state_size);
    /* No deadline: the search runs to its end or its node budget. */
    int status = solver->plan->agent_plugin.agent->choose_move(solver->agent, solver->state,
                                                               &request, &report, &move);
    if (status != TOURNEY_OK) {
        return tourney_error_set(err, "the solver's search failed with status %d", status);
    }
    *value = tourney_exact_from_score(report.score, report.has_score != 0);
    *nodes = report.nodes;
    return 0;
}
