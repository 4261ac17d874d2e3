/*
 * command_replay.c - `tourney replay DIR GAME`: one game of a results log
 * shown board by board.
 */
#include <stdint.h>

#include "commands.h"
#include "replay.h"
#include "text.h"

static int replay(const struct cli_context *context, struct error *err)
{
    const struct cli_words *args = context->args;
    uint64_t game = 0;
    if (args->count != 2 || !tourney_parse_uint64(args->words[1].value, &game) ||
        game > UINT32_MAX) {
        tourney_error_set(err, "expected DIR and a game number (the \"game\" of games.jsonl, "
                               "from 0), e.g. tourney replay reports/classic 12");
        return CLI_EXIT_USAGE;
    }
    int status = tourney_replay(args->words[0].value, (uint32_t)game, context->exe,
                                context->plugin_path, context->out, err);
    return status == 0 ? CLI_EXIT_SUCCESS : CLI_EXIT_RUN_FAILED;
}

const struct cli_command tourney_cli_replay_command = {
    .name = "replay",
    .usage = "replay DIR GAME",
    .summary = "show game number GAME of DIR/games.jsonl board by board",
    .run = replay,
};
