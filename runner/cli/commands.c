#include "commands.h"

#include <string.h>

/* In the order the overview lists them: the everyday ones first. */
static const struct cli_command *const commands[] = {
    &tourney_cli_run_command,    &tourney_cli_validate_command,        &tourney_cli_agents_command,
    &tourney_cli_games_command,  &tourney_cli_report_command,          &tourney_cli_replay_command,
    &tourney_cli_export_command, &tourney_cli_analyze_command,         &tourney_cli_play_command,
    &tourney_cli_solve_command,  &tourney_cli_exact_vs_random_command, &tourney_cli_merge_command,
};

#define COMMAND_COUNT (sizeof(commands) / sizeof(commands[0]))

const struct cli_command *const *tourney_cli_commands(size_t *count)
{
    *count = COMMAND_COUNT;
    return commands;
}

const struct cli_command *tourney_cli_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i]->name, name) == 0) {
            return commands[i];
        }
    }
    return NULL;
}
