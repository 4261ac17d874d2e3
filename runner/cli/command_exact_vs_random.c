/*
 * command_exact_vs_random.c - `tourney exact-vs-random CONFIG [AGENT...]`:
 * the exact expected results of agents against the random agent
 * (exact_command.h).
 */
#include <stdlib.h>

#include "command_support.h"
#include "commands.h"
#include "exact_command.h"
#include "exact_vs_random.h"
#include "text.h"

enum { EXACT_BUDGET = 1, EXACT_JSON };

static const struct cli_option exact_options[] = {
    {EXACT_BUDGET, 0, "budget", "N", "a number of positions above 0",
     "the most positions of the game each seat's\n"
     "enumeration may hold (default 1000000)"},
    {EXACT_JSON, 0, "json", NULL, NULL, "print one JSON object"},
    CLI_OVERRIDE_OPTIONS,
    {0},
};

struct exact_arguments {
    const char *config;
    char **agents; /* the operands after CONFIG */
    size_t agent_count;
    uint64_t budget;
    bool json;
};

static int read_arguments(const struct cli_words *args, struct exact_arguments *a,
                          struct config_overrides *overrides, struct error *err)
{
    for (size_t i = 0; i < args->count; i++) {
        const struct cli_word *word = &args->words[i];
        int override = tourney_cli_take_override(word, overrides, err);
        if (override < 0) {
            return -1;
        } else if (override > 0) {
            continue;
        }
        if (word->option == NULL && a->config == NULL) {
            a->config = word->value;
        } else if (word->option == NULL) {
            a->agents[a->agent_count++] = word->value;
        } else if (word->option->id == EXACT_JSON) {
            a->json = true;
        } else if (!tourney_parse_uint64(word->value, &a->budget) || a->budget == 0) {
            return tourney_cli_bad_value(err, word, "a number of positions above 0");
        }
    }
    if (a->config == NULL) {
        return tourney_error_set(err, "expected CONFIG, and the NAMEs of its [agent NAME] "
                                      "sections to compute (default: every agent but random)");
    }
    return 0;
}

static int exact_with(const struct cli_context *context, struct config_overrides *overrides,
                      struct error *err)
{
    struct exact_arguments a = {.budget = EXACT_VS_RANDOM_DEFAULT_BUDGET};
    a.agents = calloc(context->args->count + 1, sizeof(*a.agents));
    if (a.agents == NULL) {
        tourney_error_nomem(err);
        return CLI_EXIT_RUN_FAILED;
    }
    int status = CLI_EXIT_USAGE;
    if (read_arguments(context->args, &a, overrides, err) == 0) {
        struct tournament t;
        if (tourney_cli_open_tournament(&t, a.config, overrides, context) == 0) {
            int result = tourney_exact_command(&t, a.agents, a.agent_count, a.budget, a.json,
                                               context->out, err);
            status = result == 0   ? CLI_EXIT_SUCCESS
                     : result == 2 ? CLI_EXIT_USAGE
                                   : CLI_EXIT_RUN_FAILED;
        }
        tourney_tournament_close(&t);
    }
    free(a.agents);
    return status;
}

static int exact_vs_random(const struct cli_context *context, struct error *err)
{
    return tourney_cli_with_overrides(context, err, exact_with);
}

const struct cli_command tourney_cli_exact_vs_random_command = {
    .name = "exact-vs-random",
    .usage = "exact-vs-random CONFIG [AGENT...] [OPTIONS]",
    .summary = "the exact expected win, draw and loss rates of each AGENT\n"
               "of CONFIG (default: every agent but random) against the\n"
               "uniformly random agent, as first and as second player, on\n"
               "a game small enough to enumerate; each position the agent\n"
               "meets is asked once, as a new game, as in a tournament",
    .options = exact_options,
    .details = "See docs/exact-vs-random.md.",
    .names_itself = true,
    .run = exact_vs_random,
};
