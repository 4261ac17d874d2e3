/*
 * command_report.c - `tourney report DIR`: the reports written again from
 * DIR/games.jsonl alone.
 */
#include "commands.h"
#include "rebuild.h"
#include "table.h"

enum { REPORT_WIDE = 1 };

static const struct cli_option report_options[] = {
    {REPORT_WIDE, 0, "wide", NULL, NULL, "print every column of the tables"},
    {0},
};

static int report(const struct cli_context *context, struct error *err)
{
    const char *dir = NULL;
    bool wide = false;
    size_t operands = 0;
    for (size_t i = 0; i < context->args->count; i++) {
        const struct cli_word *word = &context->args->words[i];
        if (word->option == NULL) {
            dir = word->value;
            operands++;
        } else if (word->option->id == REPORT_WIDE) {
            wide = true;
        }
    }
    if (operands != 1) {
        tourney_error_set(err, "expected exactly one DIR holding games.jsonl");
        return CLI_EXIT_USAGE;
    }
    int status =
        tourney_rebuild_reports(dir, context->exe, context->plugin_path, context->out,
                                wide ? 0 : tourney_table_console_width(), context->warn, err);
    return status == 0 ? CLI_EXIT_SUCCESS : CLI_EXIT_RUN_FAILED;
}

const struct cli_command tourney_cli_report_command = {
    .name = "report",
    .usage = "report DIR [--wide]",
    .summary = "rebuild the reports in DIR from DIR/games.jsonl alone",
    .options = report_options,
    .run = report,
};
