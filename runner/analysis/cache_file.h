/*
 * cache_file.h - the values of a value cache kept in a file between
 * analyses, so that later tournaments on the same game start warm
 * (`tourney analyze --cache FILE`). docs/reports.md describes the format:
 * a header naming the game (plugin name, parameters and the digest of the
 * plugin file), one line per position (its state bytes in hex and its
 * value), and an end line with the count and a digest of everything before
 * it, so that a file cut short or changed is refused, not half read.
 *
 * The file is the user's, not the output folder's: it is read and written
 * never through a link, only as a regular file, and written whole through
 * a new temporary file renamed over it; a file that is there but is not a
 * value file of this game is refused before anything is solved, so it is
 * never replaced.
 */
#ifndef TOURNEY_RUNNER_CACHE_FILE_H
#define TOURNEY_RUNNER_CACHE_FILE_H

#include <stdbool.h>

#include "error.h"
#include "value_cache.h"

/* The game the values are of. */
struct cache_game {
    const char *name;
    const char *params; /* "rows = 3, cols = 3, k = 3" */
    const char *digest; /* of the game plugin's file */
};

/* Reads the values of the file at PATH into CACHE (its state_size that of
 * GAME's states). *FOUND says whether there was a file: none is no error.
 * Returns 0, or -1 with ERR naming the file (and line) for a link, a file
 * that is not a value file, of another game, cut short or changed. */
int tourney_cache_file_read(const char *path, const struct cache_game *game,
                            struct value_cache *cache, bool *found, struct error *err);

/* Writes every solved value of CACHE to PATH, whole. Returns 0, or -1
 * with ERR naming the file. */
int tourney_cache_file_write(const char *path, const struct cache_game *game,
                             const struct value_cache *cache, struct error *err);

#endif /* TOURNEY_RUNNER_CACHE_FILE_H */
