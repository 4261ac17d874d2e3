/*
 * command_export.c - `tourney export DIR`: every game of a results log as
 * people read it (export.h).
 */
#include "command_support.h"
#include "commands.h"
#include "export.h"

enum { EXPORT_FORMAT = 1, EXPORT_OUTPUT };

static const struct cli_option export_options[] = {
    {EXPORT_FORMAT, 0, "format", "text|csv", "text or csv",
     "the text with tags and moves (the default), or CSV"},
    {EXPORT_OUTPUT, 'o', "output", "FILE", "a FILE", "write to FILE instead of standard output"},
    {0},
};

static int export(const struct cli_context *context, struct error *err)
{
    struct export_request request = {.format = EXPORT_TEXT};
    for (size_t i = 0; i < context->args->count; i++) {
        const struct cli_word *word = &context->args->words[i];
        if (word->option == NULL && request.dir != NULL) {
            tourney_error_set(err, "expected one DIR, got '%s' too", word->value);
            return CLI_EXIT_USAGE;
        } else if (word->option == NULL) {
            request.dir = word->value;
        } else if (word->option->id == EXPORT_FORMAT &&
                   !tourney_export_format_parse(word->value, &request.format)) {
            tourney_cli_bad_value(err, word, "text or csv");
            return CLI_EXIT_USAGE;
        } else if (word->option->id == EXPORT_OUTPUT) {
            request.output = word->value;
        }
    }
    if (request.dir == NULL) {
        tourney_error_set(err, "expected a DIR holding games.jsonl");
        return CLI_EXIT_USAGE;
    }
    int status = tourney_export(&request, context->exe, context->plugin_path, context->out,
                                context->warn, err);
    return status == 0 ? CLI_EXIT_SUCCESS : CLI_EXIT_RUN_FAILED;
}

const struct cli_command tourney_cli_export_command = {
    .name = "export",
    .usage = "export DIR [--format text|csv] [-o FILE]",
    .summary = "every game of DIR/games.jsonl as people read it: tag\n"
               "pairs and moves in the game's notation (a PGN-like\n"
               "text), or a CSV row per game",
    .options = export_options,
    .details = "The game plugin is looked for by the name the log gives, as `tourney run`\n"
               "looks for plugins, and must be the file the games were played with. The\n"
               "formats are described in docs/export.md.",
    .run = export,
};
