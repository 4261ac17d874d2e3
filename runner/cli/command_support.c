#include "command_support.h"

#include <stdlib.h>

#include "diag.h"

int tourney_cli_open_tournament(struct tournament *t, const char *config,
                                struct config_overrides *overrides,
                                const struct cli_context *context)
{
    struct diagnostics diag;
    tourney_diag_init(&diag);
    int status = tourney_tournament_open_overridden(t, config, overrides, context->exe,
                                                    context->plugin_path, &diag);
    if (status != 0 || tourney_diag_any(&diag)) {
        tourney_diag_say(&diag, context->lines);
        tourney_warn(context->lines, "tourney: %zu error%s in %s; nothing was played", diag.count,
                     diag.count == 1 ? "" : "s", config);
        status = -1;
    }
    tourney_diag_finish(&diag);
    return status;
}

int tourney_cli_take_override(const struct cli_word *word, struct config_overrides *overrides,
                              struct error *err)
{
    if (word->option == NULL ||
        (word->option->id != CLI_OPTION_SET && word->option->id != CLI_OPTION_EACH)) {
        return 0;
    }
    enum override_kind kind = word->option->id == CLI_OPTION_SET ? OVERRIDE_SET : OVERRIDE_EACH;
    return tourney_overrides_add(overrides, kind, word->value, err) == 0 ? 1 : -1;
}

int tourney_cli_bad_value(struct error *err, const struct cli_word *word, const char *expected)
{
    char name[64];
    tourney_cli_word_name(word, name, sizeof(name));
    return tourney_error_set(err, "bad value '%s' for %s: expected %s", word->value, name,
                             expected);
}

int tourney_cli_with_overrides(const struct cli_context *context, struct error *err,
                               int (*handler)(const struct cli_context *context,
                                              struct config_overrides *overrides,
                                              struct error *err))
{
    struct config_overrides overrides;
    tourney_overrides_init(&overrides);
    int status = handler(context, &overrides, err);
    tourney_overrides_finish(&overrides);
    return status;
}
