/*
 * command_validate.c - `tourney validate CONFIG`: the config checked and its
 * plugins loaded, nothing played; what would run is listed, with what each
 * program agent may read.
 */
#include <inttypes.h>
#include <stdio.h>

#include "command_support.h"
#include "commands.h"
#include "fits.h"
#include "program_access.h"
#include "text_escape.h"

static const struct cli_option validate_options[] = {
    CLI_OVERRIDE_OPTIONS,
    {0},
};

/* What a program agent may read, one line each, and what was held back. */
static void print_program_access(const struct program_reads *access, FILE *out)
{
    /* Paths are the user's file names: any bytes (text_escape.h). */
    fprintf(out, "  %-20s   runs in ", "");
    tourney_terminal_text(out, access->workdir, false);
    fputs(", may read:\n", out);
    for (size_t i = 0; access->shown != NULL && access->shown[i] != NULL; i++) {
        fprintf(out, "  %-20s     ", "");
        tourney_terminal_say(out, "", access->shown[i]);
    }
    fprintf(out, "  %-20s     the system's libraries\n", "");
    if (access->note != NULL) {
        fprintf(out, "  %-20s   note: ", "");
        tourney_terminal_say(out, "", access->note);
    }
}

static int validate_with(const struct cli_context *context, struct config_overrides *overrides,
                         struct error *err)
{
    FILE *out = context->out;
    const char *config = NULL;
    for (size_t i = 0; i < context->args->count; i++) {
        const struct cli_word *word = &context->args->words[i];
        int override = tourney_cli_take_override(word, overrides, err);
        if (override < 0) {
            return CLI_EXIT_USAGE;
        } else if (override == 0 && config != NULL) {
            tourney_error_set(err, "expected exactly one CONFIG file");
            return CLI_EXIT_USAGE;
        } else if (override == 0) {
            config = word->value;
        }
    }
    if (config == NULL) {
        tourney_error_set(err, "expected exactly one CONFIG file");
        return CLI_EXIT_USAGE;
    }
    struct tournament t;
    int status = tourney_cli_open_tournament(&t, config, overrides, context);
    struct footprint footprint;
    if (status == 0 && tourney_fits_check(&t, tourney_fits_games(&t), &footprint, err) != 0) {
        status = -1;
    }
    if (status == 0) {
        size_t agents = t.entrant_count;
        /* Plugins name themselves, and paths and commands are the user's
         * file names: any bytes (text_escape.h). */
        char game[256];
        char params[512];
        char shown[1024];
        tourney_terminal_copy(game, sizeof(game), t.game_plugin.game->name);
        tourney_terminal_copy(params, sizeof(params), t.game_params_text);
        tourney_terminal_copy(shown, sizeof(shown), config);
        fprintf(out, "%s: OK: game %s (%s), %zu agents, %s, %" PRIu64 " games\n", shown, game,
                params, agents, t.gauntlet == TOURNEY_NO_GAUNTLET ? "round-robin" : "gauntlet",
                tourney_fits_games(&t));
        const struct opening_book *book = &t.openings;
        if (book->source == OPENINGS_FILE) {
            tourney_terminal_copy(shown, sizeof(shown), t.config.openings_file);
            fprintf(out, "  openings: %zu positions from %s, %s\n", book->count, shown,
                    book->order == OPENINGS_RANDOM ? "in an order drawn from the seed"
                                                   : "in the file's order");
        } else if (book->source == OPENINGS_PLIES) {
            fprintf(out, "  openings: %" PRIu32 " random plies a round\n", book->plies);
        }
        for (size_t i = 0; i < agents; i++) {
            const struct entrant *e = &t.entrants[i];
            if (e->argv != NULL) {
                char program[1024];
                tourney_terminal_copy(shown, sizeof(shown), e->command);
                tourney_terminal_copy(program, sizeof(program), e->argv[0]);
                fprintf(out, "  %-20s command: %s (%s)\n", e->name, shown, program);
                if (e->shim_tool != NULL) {
                    tourney_terminal_copy(shown, sizeof(shown), e->program_word);
                    fprintf(out, "  %-20s   %s is a %s shim for %s\n", "", shown, e->shim_tool,
                            program);
                }
                print_program_access(&e->access, out);
                continue;
            }
            char name[256];
            tourney_terminal_copy(name, sizeof(name), e->plugin->agent->name);
            tourney_terminal_copy(shown, sizeof(shown), e->plugin->path);
            tourney_terminal_copy(params, sizeof(params), e->params_text);
            fprintf(out, "  %-20s %s (%s)%s%s\n", e->name, name, shown, params[0] ? ": " : "",
                    params);
        }
        char memory[32];
        char reports[32];
        tourney_footprint_bytes_text(footprint.memory_bytes, memory, sizeof(memory));
        tourney_footprint_bytes_text(footprint.reports_bytes, reports, sizeof(reports));
        fprintf(out, "  statistics and reports: about %s of memory, %s of report files\n", memory,
                reports);
    }
    tourney_tournament_close(&t);
    return status == 0 ? CLI_EXIT_SUCCESS : CLI_EXIT_USAGE;
}

static int validate(const struct cli_context *context, struct error *err)
{
    return tourney_cli_with_overrides(context, err, validate_with);
}

const struct cli_command tourney_cli_validate_command = {
    .name = "validate",
    .usage = "validate CONFIG [--set KEY=VALUE]... [--each KEY=VALUE]...",
    .summary = "check CONFIG and load its plugins, play nothing",
    .options = validate_options,
    .run = validate,
};
