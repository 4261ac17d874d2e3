/*
 * command_solve.c - `tourney solve GAME POSITION`: the exact value and a
 * best move of a position, or of every position of a file (solve.h).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "solve.h"

enum { SOLVE_AGENT_PARAM = 1, SOLVE_FILE, SOLVE_JSON, SOLVE_QUIET };

static const struct cli_option solve_options[] = {
    {SOLVE_AGENT_PARAM, 0, "agent-param", "KEY=VALUE", NULL,
     "a parameter of negamax-ab-ids (repeatable), e.g.\n"
     "tt_mb=1024 or window=full"},
    {SOLVE_FILE, 0, "file", "FILE", "a FILE", "solve every position of FILE"},
    {SOLVE_JSON, 0, "json", NULL, NULL, "print one JSON object"},
    {SOLVE_QUIET, 'q', "quiet", NULL, NULL, "no progress line while the search runs"},
    {0},
};

/* The operand WORD as the game, the position or one of the game's
 * PARAM=VALUE, in that order; -1 with ERR saying what was expected. */
static int take_operand(struct solve_request *request, char **game_params, char *word,
                        struct error *err)
{
    bool has_position = request->position != NULL || request->file != NULL;
    if (request->game == NULL) {
        request->game = word;
    } else if (strchr(word, '=') != NULL && has_position) {
        game_params[request->game_param_count++] = word;
    } else if (!has_position) {
        request->position = word;
    } else {
        return tourney_error_set(err,
                                 "expected the game's PARAM=VALUE after the position, got "
                                 "'%s' (quote a position that has spaces)",
                                 word);
    }
    return 0;
}

/* The arguments into REQUEST, the words into GAME_PARAMS and AGENT_PARAMS;
 * -1 with ERR saying what is wrong. */
static int read_arguments(const struct cli_words *args, struct solve_request *request,
                          char **game_params, char **agent_params, bool *quiet, struct error *err)
{
    for (size_t i = 0; i < args->count; i++) {
        const struct cli_word *word = &args->words[i];
        if (word->option == NULL) {
            if (take_operand(request, game_params, word->value, err) != 0) {
                return -1;
            }
            continue;
        }
        switch (word->option->id) {
        case SOLVE_AGENT_PARAM:
            agent_params[request->agent_param_count++] = word->value;
            break;
        case SOLVE_FILE:
            request->file = word->value;
            break;
        case SOLVE_JSON:
            request->json = true;
            break;
        case SOLVE_QUIET:
            *quiet = true;
            break;
        }
    }
    if (request->position == NULL && request->file == NULL) {
        return tourney_error_set(err, "expected a GAME and a POSITION, or a GAME and --file FILE "
                                      "(see tourney --help)");
    }
    if (request->position != NULL && request->file != NULL) {
        return tourney_error_set(err, "expected a POSITION or --file FILE, not both");
    }
    return 0;
}

static int solve(const struct cli_context *context, struct error *err)
{
    struct solve_request request = {.json = false};
    bool quiet = false;
    size_t count = context->args->count;
    char **game_params = calloc(count + 1, sizeof(*game_params));
    char **agent_params = calloc(count + 1, sizeof(*agent_params));
    int status = CLI_EXIT_USAGE;
    if (game_params == NULL || agent_params == NULL) {
        tourney_error_nomem(err);
        status = CLI_EXIT_RUN_FAILED;
        goto out;
    }
    request.game_params = game_params;
    request.agent_params = agent_params;
    if (read_arguments(context->args, &request, game_params, agent_params, &quiet, err) != 0) {
        goto out;
    }
    /* A line that says the search goes on, on a terminal only. */
    request.progress = !quiet && isatty(fileno(context->err)) != 0;
    enum solve_outcome outcome = tourney_solve(&request, context->plugin_path, context->exe,
                                               context->out, context->err, context->warn, err);
    status = outcome == SOLVE_OK       ? CLI_EXIT_SUCCESS
             : outcome == SOLVE_FAILED ? CLI_EXIT_RUN_FAILED
                                       : CLI_EXIT_USAGE;
out:
    free(agent_params);
    free(game_params);
    return status;
}

const struct cli_command tourney_cli_solve_command = {
    .name = "solve",
    .usage = "solve GAME POSITION [PARAM=VALUE...] [OPTIONS]\n"
             "solve GAME --file FILE [PARAM=VALUE...] [OPTIONS]",
    .summary = "the exact value and a best move of POSITION (in the game's\n"
               "own notation), searched to the end of the game by\n"
               "negamax-ab-ids; PARAM=VALUE set the game's parameters;\n"
               "with --file, every position of FILE, lines 'MOVES [SCORE]'\n"
               "(the moves from the start, the value as Pons's Connect Four\n"
               "test sets give it), solved with one table, each SCORE\n"
               "checked; prints the mean time and nodes per position",
    .options = solve_options,
    .details = "The result goes to standard output. While the search runs, a line on\n"
               "standard error, when it is a terminal, says how long it has taken\n"
               "(with --file, also the line and the positions solved); it is cleared\n"
               "before the result is printed. See docs/solve.md.",
    .names_itself = true,
    .run = solve,
};
