/*
 * export.h - `tourney export DIR`: every game of DIR/games.jsonl as people
 * read it, in a PGN-like text or as CSV (export_format.h), read one game at
 * a time. The game plugin that names the moves is looked for by the name
 * the log gives, as `tourney run` looks for plugins, never at a path the
 * log holds, and must be the file the games were played with.
 */
#ifndef TOURNEY_RUNNER_EXPORT_H
#define TOURNEY_RUNNER_EXPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "error.h"
#include "warning.h"

enum export_format {
    EXPORT_TEXT,
    EXPORT_CSV,
};

struct export_request {
    const char *dir; /* holding games.jsonl */
    enum export_format format;
    const char *output; /* the file to write; NULL for OUT */
};

/* Reads FORMAT's name ("text" or "csv"); false for any other. */
bool tourney_export_format_parse(const char *name, enum export_format *format);

/* Writes the games of REQUEST->dir to REQUEST->output (replaced whole, or
 * left alone on failure) or to OUT. Plugins are looked for along
 * ENV_PLUGIN_PATH (TOURNEY_PLUGIN_PATH; may be NULL), the build tree when
 * EXE_PATH lies in it, and the installed directory. A game whose end does
 * not follow from its moves is left out with a warning to WARN naming it,
 * as are a torn last record and an analysis file that cannot be used.
 * Returns 0, or -1 with ERR saying why: nothing could be exported, or the
 * other games were but some were left out (ERR counts them). */
int tourney_export(const struct export_request *request, const char *exe_path,
                   const char *env_plugin_path, FILE *out, const struct warnings *warn,
                   struct error *err);

#endif /* TOURNEY_RUNNER_EXPORT_H */
