/*
 * command_analyze.c - `tourney analyze DIR`: every move of a results log
 * graded by the exact values of the positions before and after it
 * (analysis.h).
 */
#include <inttypes.h>
#include <stdio.h>

#include "analysis.h"
#include "analyze.h"
#include "exact_solver.h"
#include "command_support.h"
#include "commands.h"
#include "table.h"
#include "text.h"

enum { ANALYZE_JOBS = 1, ANALYZE_BUDGET, ANALYZE_CACHE, ANALYZE_WIDE };

static const struct cli_option analyze_options[] = {
    {ANALYZE_JOBS, 'j', "jobs", "N", "a whole number", "solve N positions at once (default 1)"},
    {ANALYZE_BUDGET, 0, "budget", "NODES", "a whole number",
     "positions a solve may visit before the value is\n"
     "unknown (default 20000000; 0: no limit)"},
    {ANALYZE_CACHE, 0, "cache", "FILE", "a FILE",
     "start from the values in FILE and write them back"},
    {ANALYZE_WIDE, 0, "wide", NULL, NULL, "print every column of the table"},
    {0},
};

/* WORD's value as a whole number from MIN to MAX into *VALUE; -1 with ERR
 * saying what was expected. */
static int whole_number(const struct cli_word *word, uint64_t min, uint64_t max, uint64_t *value,
                        struct error *err)
{
    if (!tourney_parse_uint64(word->value, value) || *value < min || *value > max) {
        char expected[96];
        snprintf(expected, sizeof(expected), "a whole number from %" PRIu64 " to %" PRIu64, min,
                 max);
        return tourney_cli_bad_value(err, word, expected);
    }
    return 0;
}

static int analyze(const struct cli_context *context, struct error *err)
{
    struct analysis_request request = {.jobs = 1, .budget = TOURNEY_EXACT_DEFAULT_BUDGET};
    bool wide = false;
    for (size_t i = 0; i < context->args->count; i++) {
        const struct cli_word *word = &context->args->words[i];
        uint64_t number = 0;
        int status = 0;
        if (word->option == NULL && request.dir != NULL) {
            status = tourney_error_set(err, "expected one DIR, got '%s' too", word->value);
        } else if (word->option == NULL) {
            request.dir = word->value;
        } else if (word->option->id == ANALYZE_JOBS) {
            status = whole_number(word, 1, TOURNEY_ANALYSIS_MAX_JOBS, &number, err);
            request.jobs = (unsigned)number;
        } else if (word->option->id == ANALYZE_BUDGET) {
            status = whole_number(word, 0, UINT64_C(1000000000000000), &number, err);
            request.budget = number;
        } else if (word->option->id == ANALYZE_CACHE) {
            request.cache_path = word->value;
        } else if (word->option->id == ANALYZE_WIDE) {
            wide = true;
        }
        if (status != 0) {
            return CLI_EXIT_USAGE;
        }
    }
    if (request.dir == NULL) {
        tourney_error_set(err, "expected a DIR holding games.jsonl");
        return CLI_EXIT_USAGE;
    }
    request.exe_path = context->exe;
    request.env_plugin_path = context->plugin_path;
    int status = tourney_analyze(&request, wide ? 0 : tourney_table_console_width(), context->out,
                                 context->warn, err);
    return status == 0 ? CLI_EXIT_SUCCESS : CLI_EXIT_RUN_FAILED;
}

const struct cli_command tourney_cli_analyze_command = {
    .name = "analyze",
    .usage = "analyze DIR [--jobs N] [--budget NODES] [--cache FILE] [--wide]",
    .summary = "every move of DIR/games.jsonl graded by the exact values\n"
               "of the positions before and after it (best, slower,\n"
               "blunder), solved by negamax-ab-ids; writes\n"
               "DIR/analysis.jsonl and prints each agent's figures",
    .options = analyze_options,
    .details = "See docs/reports.md (Exact analysis).",
    .names_itself = true,
    .run = analyze,
};
