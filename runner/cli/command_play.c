/*
 * command_play.c - `tourney play CONFIG AGENT`: a game against one agent of
 * a config, played at the terminal.
 */
#include <stdio.h>
#include <string.h>

#include "command_support.h"
#include "commands.h"
#include "play.h"
#include "suggest.h"
#include "text.h"

enum { PLAY_FIRST = 1, PLAY_SECOND, PLAY_SEED };

static const struct cli_option play_options[] = {
    {PLAY_FIRST, 0, "first", NULL, NULL, "move first (the default)"},
    {PLAY_SECOND, 0, "second", NULL, NULL, "move second"},
    {PLAY_SEED, 0, "seed", "N", "a whole number",
     "the game's seed, from which the agent's random\n"
     "stream comes (default 1)"},
    {0},
};

/* The entrant of T called NAME; T's entrant count, with ERR naming the
 * agents there are, when none is. */
static size_t find_agent(const struct tournament *t, const char *config, const char *name,
                         struct error *err)
{
    for (size_t i = 0; i < t->entrant_count; i++) {
        if (strcmp(t->entrants[i].name, name) == 0) {
            return i;
        }
    }
    struct suggestion guess;
    tourney_suggest_init(&guess, name);
    char agents[TOURNEY_ERROR_SIZE] = "";
    size_t used = 0;
    for (size_t i = 0; i < t->entrant_count && used < sizeof(agents); i++) {
        used += (size_t)snprintf(agents + used, sizeof(agents) - used, " %s", t->entrants[i].name);
        tourney_suggest_consider(&guess, t->entrants[i].name);
    }
    const char *best = tourney_suggest_best(&guess);
    tourney_error_set(err, "%s has no agent '%s'; its agents are:%s%s%s%s", config, name, agents,
                      best ? "; did you mean '" : "", best ? best : "", best ? "'?" : "");
    return t->entrant_count;
}

static int play(const struct cli_context *context, struct error *err)
{
    const char *config = NULL;
    const char *agent = NULL;
    int human_seat = 0;
    uint64_t seed = 1;
    for (size_t i = 0; i < context->args->count; i++) {
        const struct cli_word *word = &context->args->words[i];
        if (word->option != NULL && word->option->id == PLAY_SEED &&
            !tourney_parse_uint64(word->value, &seed)) {
            tourney_cli_bad_value(err, word, "a whole number");
            return CLI_EXIT_USAGE;
        } else if (word->option != NULL && word->option->id != PLAY_SEED) {
            human_seat = word->option->id == PLAY_SECOND;
        } else if (word->option == NULL && config == NULL) {
            config = word->value;
        } else if (word->option == NULL && agent == NULL) {
            agent = word->value;
        } else if (word->option == NULL) {
            tourney_error_set(err, "expected CONFIG and AGENT, got '%s' too", word->value);
            return CLI_EXIT_USAGE;
        }
    }
    if (config == NULL || agent == NULL) {
        tourney_error_set(err, "expected CONFIG and the NAME of one of its [agent NAME] sections");
        return CLI_EXIT_USAGE;
    }
    struct tournament t;
    int status = CLI_EXIT_USAGE;
    if (tourney_cli_open_tournament(&t, config, NULL, context) == 0) {
        size_t index = find_agent(&t, config, agent, err);
        if (index < t.entrant_count) {
            status = tourney_play_human(&t, index, human_seat, seed, stdin, context->out, err) == 0
                         ? CLI_EXIT_SUCCESS
                         : CLI_EXIT_RUN_FAILED;
        }
    }
    tourney_tournament_close(&t);
    return status;
}

const struct cli_command tourney_cli_play_command = {
    .name = "play",
    .usage = "play CONFIG AGENT [--second] [--seed N]",
    .summary = "play a game yourself against AGENT of CONFIG, on its game;\n"
               "you move first unless --second",
    .options = play_options,
    .run = play,
};
