/*
 * solve.c - `tourney solve`, see solve.h: the game and the agent loaded as
 * the runner loads them (the session, solve_session.h), then the position
 * read by the game and one search, or the positions of a file
 * (solve_file.c).
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "game_adapter.h"
#include "params.h"
#include "plugin.h"
#include "solve_session.h"
#include "text.h"

/* Room for the game's drawing of a position. */
#define SOLVE_BOARD_SIZE 65536

static uint64_t host_now_ns(void *context)
{
    (void)context;
    return tourney_now_ns();
}

static uint64_t host_random_u64(void *context)
{
    struct solve_host *host = context;
    return tourney_rng_next(&host->rng);
}

/* The agent's messages are warnings, apart from the chatter of debugging. */
static void host_log(void *context, uint32_t level, const char *message)
{
    struct solve_host *host = context;
    if (level <= TOURNEY_LOG_INFO) {
        tourney_warn(host->warn, "%s", message);
    }
}

const struct tourney_host tourney_solve_host_services = {
    .struct_size = sizeof(struct tourney_host),
    .now_ns = host_now_ns,
    .random_u64 = host_random_u64,
    .log = host_log,
};

static int open_plugin(struct solve *s, struct plugin *plugin, enum tourney_plugin_kind kind,
                       const char *name, struct error *err)
{
    char *path = tourney_plugin_search_find(&s->search, kind, name, NULL);

    if (path == NULL) {
        char *dirs = tourney_plugin_search_describe(&s->search);
        tourney_error_set(err, "no %s plugin '%s' in %s", tourney_kind_name(kind), name,
                          dirs != NULL ? dirs : "the plugin path");
        free(dirs);
        return -1;
    }
    int status = tourney_plugin_open(plugin, path, kind, err);
    free(path);
    return status;
}

/* "; it has: a, b" or "; it has: none", the names of PARAMS, into TEXT. */
static void list_params(const struct tourney_param_info *params, size_t count, char *text,
                        size_t size)
{
    size_t used = (size_t)snprintf(text, size, "; it has:%s", count ? "" : " none");
    for (size_t i = 0; i < count && used < size; i++) {
        used += (size_t)snprintf(text + used, size - used, "%s%s", i ? ", " : " ", params[i].name);
    }
}

/* Sets one "key=value" word into VALUES, checked against PARAMS. */
static int set_param(const struct tourney_param_info *params, size_t count, const char *word,
                     struct tourney_param_value *values, const char *owner, struct error *err)
{
    const char *eq = strchr(word, '=');
    size_t key_length = eq != NULL ? (size_t)(eq - word) : 0;

    if (eq == NULL || key_length == 0) {
        return tourney_error_set(err, "expected KEY=VALUE for %s, got '%s'", owner, word);
    }
    for (size_t i = 0; i < count; i++) {
        if (strlen(params[i].name) == key_length &&
            strncmp(params[i].name, word, key_length) == 0) {
            char expected[256];
            if (tourney_params_parse(&params[i], eq + 1, &values[i])) {
                return 0;
            }
            /* A plugin names its parameters: any bytes, escaped where the
             * reason is printed (text_escape.h). */
            tourney_params_expected(&params[i], expected, sizeof(expected));
            return tourney_error_set(err, "bad value '%s' for %s of %s: expected %s", eq + 1,
                                     params[i].name, owner, expected);
        }
    }
    char names[TOURNEY_ERROR_SIZE];
    list_params(params, count, names, sizeof(names));
    return tourney_error_set(err, "%s has no parameter '%.*s'%s", owner, (int)key_length, word,
                             names);
}

/* The defaults of PARAMS, then WORDS. Returns a heap array or NULL. */
static struct tourney_param_value *read_params(const struct tourney_param_info *params,
                                               size_t count, char *const *words, size_t word_count,
                                               const char *owner, struct error *err)
{
    struct tourney_param_value *values = calloc(count + 1, sizeof(*values));

    if (values == NULL) {
        tourney_error_nomem(err);
        return NULL;
    }
    /* The loader checked that every default is a valid value. */
    for (size_t i = 0; i < count; i++) {
        tourney_params_parse(&params[i], params[i].default_value, &values[i]);
    }
    for (size_t i = 0; i < word_count; i++) {
        if (set_param(params, count, words[i], values, owner, err) != 0) {
            free(values);
            return NULL;
        }
    }
    return values;
}

const char *tourney_solve_status_text(int status)
{
    switch (status) {
    case TOURNEY_DRAW:
        return "it is a draw";
    case TOURNEY_WIN_FIRST:
        return "the first player won";
    case TOURNEY_WIN_SECOND:
        return "the second player won";
    default:
        return "it is not over";
    }
}

static int open_game(struct solve *s, const struct solve_request *request, struct error *err)
{
    char owner[300];

    if (open_plugin(s, &s->game_plugin, TOURNEY_KIND_GAME, request->game, err) != 0) {
        return -1;
    }
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&s->game_plugin, &count);
    snprintf(owner, sizeof(owner), "game '%s'", tourney_plugin_name(&s->game_plugin));
    s->game_values =
        read_params(params, count, request->game_params, request->game_param_count, owner, err);
    if (s->game_values == NULL) {
        return -1;
    }
    if (tourney_game_adapter_init(&s->game, &s->game_plugin, s->game_values, err) != 0) {
        return -1;
    }
    s->game_params_text = tourney_params_text(params, count, s->game_values);
    if (s->game_params_text == NULL) {
        return tourney_error_nomem(err);
    }
    return 0;
}

static int read_position(struct solve *s, const char *text, struct error *err)
{
    const char *name = tourney_game_adapter_name(&s->game);

    if (!tourney_game_adapter_has(&s->game, GAME_OPTIONAL_PARSE_STATE)) {
        return tourney_error_set(err, "game '%s' cannot read positions: it has no parse_state",
                                 name);
    }
    if (tourney_game_adapter_parse_state(&s->game, text, s->state) != 0) {
        return tourney_error_set(err, "game '%s' cannot read the position '%s'", name, text);
    }
    int status = tourney_game_adapter_status(&s->game, s->state);
    if (status != TOURNEY_ONGOING) {
        return tourney_error_set(err, "the game is over in the position '%s': %s", text,
                                 tourney_solve_status_text(status));
    }
    return 0;
}

int tourney_solve_open_agent(struct solve *s, const struct solve_request *request,
                             struct error *err)
{
    char defaults[] = SOLVE_AGENT_DEFAULTS " " SOLVE_FILE_AGENT_DEFAULTS;
    char *words[16];
    size_t count = 0;
    char *save = NULL;

    if (open_plugin(s, &s->agent_plugin, TOURNEY_KIND_AGENT, SOLVE_AGENT, err) != 0) {
        return -1;
    }
    const struct tourney_agent_api *api = s->agent_plugin.agent;
    size_t param_count = 0;
    const struct tourney_param_info *params =
        tourney_plugin_params(&s->agent_plugin, &param_count);
    /* The solve's defaults first, so that the user's words override them;
     * the file mode's own only in that mode. */
    if (request->file == NULL) {
        defaults[strlen(SOLVE_AGENT_DEFAULTS)] = '\0';
    }
    for (char *w = strtok_r(defaults, " ", &save); w != NULL && count < 16;
         w = strtok_r(NULL, " ", &save)) {
        words[count++] = w;
    }
    char **all = calloc(count + request->agent_param_count + 1, sizeof(*all));
    if (all == NULL) {
        return tourney_error_nomem(err);
    }
    memcpy(all, words, count * sizeof(*all));
    for (size_t i = 0; i < request->agent_param_count; i++) {
        all[count + i] = request->agent_params[i];
    }
    s->agent_values = read_params(params, param_count, all, count + request->agent_param_count,
                                  "agent '" SOLVE_AGENT "'", err);
    free(all);
    if (s->agent_values == NULL) {
        return -1;
    }
    s->agent_params_text = tourney_params_text(params, param_count, s->agent_values);
    if (s->agent_params_text == NULL) {
        return tourney_error_nomem(err);
    }
    struct tourney_agent_init init = {
        .struct_size = sizeof(init),
        .game_api = s->game.api,
        .game = s->game.instance,
        .game_info = &s->game.info,
        .params = s->agent_values,
        .host = &tourney_solve_host_services,
        .host_context = &s->host,
        .seat = tourney_game_adapter_to_move(&s->game, s->state),
    };
    if (api->create(&init, &s->agent) != TOURNEY_OK) {
        s->agent = NULL;
        return tourney_error_set(err, "agent '%s' could not be created", api->name);
    }
    return 0;
}

bool tourney_solve_to_the_end(const struct solve *s)
{
    size_t count = 0;
    const struct tourney_param_info *params = tourney_plugin_params(&s->agent_plugin, &count);

    for (size_t i = 0; i < count; i++) {
        if (strcmp(params[i].name, "max_depth") == 0) {
            int64_t depth = s->agent_values[i].i;
            return depth == 0 || depth >= s->game.info.max_plies;
        }
    }
    return false;
}

static enum solve_outcome search(struct solve *s, const struct solve_request *request,
                                 struct solve_progress *progress, FILE *out, struct error *err)
{
    struct tourney_move_request move_request = {.struct_size = sizeof(move_request)};
    struct tourney_move_report report = {.struct_size = sizeof(report)};
    struct solve_result result = {
        .game = tourney_game_adapter_name(&s->game),
        .game_params = s->game_params_text,
        .agent_params = s->agent_params_text,
        .position = request->position,
        .to_move = tourney_game_adapter_to_move(&s->game, s->state),
    };

    /* No deadline: the search runs to its end. */
    uint64_t start = tourney_now_ns();
    int status = s->agent_plugin.agent->choose_move(s->agent, s->state, &move_request, &report,
                                                    &result.move);
    result.seconds = (double)(tourney_now_ns() - start) / 1e9;
    tourney_solve_progress_stop(progress);
    if (status != TOURNEY_OK) {
        tourney_error_set(err, "the search failed with status %d", status);
        return SOLVE_FAILED;
    }
    result.score = report.score;
    result.proven = tourney_solve_to_the_end(s);
    result.nodes = report.nodes;
    result.depth = report.depth;
    tourney_game_adapter_move_text(&s->game, result.move, result.move_text,
                                   sizeof(result.move_text));
    s->board = tourney_game_adapter_has(&s->game, GAME_OPTIONAL_FORMAT_STATE)
                   ? malloc(SOLVE_BOARD_SIZE)
                   : NULL;
    if (s->board != NULL &&
        tourney_game_adapter_board_text(&s->game, s->state, s->board, SOLVE_BOARD_SIZE)) {
        result.board = s->board;
    }
    if (request->json) {
        if (tourney_solve_print_json(&result, out) != 0) {
            tourney_error_nomem(err);
            return SOLVE_FAILED;
        }
    } else {
        tourney_solve_print_text(&result, out);
    }
    return SOLVE_OK;
}

void tourney_solve_close(struct solve *s)
{
    if (s->agent != NULL) {
        s->agent_plugin.agent->destroy(s->agent);
    }
    if (s->agent_plugin.handle != NULL) {
        tourney_plugin_close(&s->agent_plugin);
    }
    free(s->board);
    free(s->state);
    tourney_game_adapter_finish(&s->game);
    if (s->game_plugin.handle != NULL) {
        tourney_plugin_close(&s->game_plugin);
    }
    free(s->agent_params_text);
    free(s->game_params_text);
    free(s->agent_values);
    free(s->game_values);
    tourney_plugin_search_finish(&s->search);
}

int tourney_solve_open(struct solve *s, const struct solve_request *request, const char *env_path,
                       const char *exe_path, const struct warnings *warn, struct error *err)
{
    memset(s, 0, sizeof(*s));
    s->host.rng.state = 1;
    s->host.warn = warn;
    if (tourney_plugin_search_init(&s->search, NULL, 0, env_path, exe_path) != 0) {
        return tourney_error_nomem(err);
    }
    if (open_game(s, request, err) != 0) {
        return -1;
    }
    s->state = malloc(s->game.info.state_size);
    if (s->state == NULL) {
        return tourney_error_nomem(err);
    }
    return 0;
}

enum solve_outcome tourney_solve(const struct solve_request *request, const char *env_path,
                                 const char *exe_path, FILE *out, FILE *terminal,
                                 const struct warnings *warn, struct error *err)
{
    struct solve s;
    struct solve_progress progress;
    enum solve_outcome outcome = SOLVE_BAD_INPUT;

    /* From here each warning clears the progress line first: the agent's,
     * and the solve's own. */
    tourney_solve_progress_init(&progress, terminal, request->progress, request->file != NULL,
                                tourney_now_ns());
    const struct warnings *shown = tourney_solve_progress_warnings(&progress, warn);
    if (tourney_solve_open(&s, request, env_path, exe_path, shown, err) == 0) {
        if (request->file != NULL) {
            outcome = tourney_solve_file(&s, request, &progress, out, shown, err);
        } else if (read_position(&s, request->position, err) == 0 &&
                   tourney_solve_open_agent(&s, request, err) == 0) {
            tourney_solve_progress_run(&progress);
            outcome = search(&s, request, &progress, out, err);
        }
    }
    tourney_solve_close(&s);
    tourney_solve_progress_finish(&progress);
    return outcome;
}
