/*
 * whole_file.h - a file read into memory whole, for the files the runner
 * reads at once (a config, a file of openings).
 */
#ifndef TOURNEY_RUNNER_WHOLE_FILE_H
#define TOURNEY_RUNNER_WHOLE_FILE_H

#include <stddef.h>

#include "error.h"

/* Reads PATH into *TEXT (heap, to free; a NUL after the LENGTH bytes, which
 * may hold NUL bytes of their own). Returns 0, or -1 with "cannot open:
 * REASON", "cannot read: REASON" or "out of memory while reading" in ERR. */
int tourney_read_whole_file(const char *path, char **text, size_t *length, struct error *err);

#endif /* TOURNEY_RUNNER_WHOLE_FILE_H */
