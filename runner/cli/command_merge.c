/*
 * command_merge.c - `tourney merge OUT_DIR SHARD_DIR...`: the results logs
 * of a tournament's shards merged in game order, and its reports.
 */
#include <stdlib.h>

#include "commands.h"
#include "merge.h"

static int merge(const struct cli_context *context, struct error *err)
{
    const struct cli_words *args = context->args;
    if (args->count < 2) {
        tourney_error_set(err, "expected OUT_DIR and at least one SHARD_DIR holding games.jsonl");
        return CLI_EXIT_USAGE;
    }
    const char **dirs = calloc(args->count, sizeof(*dirs));
    if (dirs == NULL) {
        tourney_error_nomem(err);
        return CLI_EXIT_RUN_FAILED;
    }
    for (size_t i = 0; i < args->count; i++) {
        dirs[i] = args->words[i].value;
        if (dirs[i][0] == '-' || dirs[i][0] == '\0') {
            tourney_error_set(err, "expected directories, got '%s'", dirs[i]);
            free(dirs);
            return CLI_EXIT_USAGE;
        }
    }
    enum merge_outcome outcome =
        tourney_merge(dirs[0], dirs + 1, args->count - 1, context->exe, context->plugin_path,
                      context->out, context->warn, err);
    free(dirs);
    switch (outcome) {
    case MERGE_COMPLETE:
        return CLI_EXIT_SUCCESS;
    case MERGE_INCOMPLETE:
        return CLI_EXIT_INCOMPLETE;
    case MERGE_FAILED:
        break;
    }
    return CLI_EXIT_RUN_FAILED;
}

const struct cli_command tourney_cli_merge_command = {
    .name = "merge",
    .usage = "merge OUT_DIR SHARD_DIR...",
    .summary = "merge the results logs of shards of one tournament into\n"
               "OUT_DIR/games.jsonl in game order, and write its reports",
    .details = "See docs/distributed.md.",
    .names_itself = true,
    .run = merge,
};
