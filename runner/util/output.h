/*
 * output.h - writing files so that a crash never leaves half of one: write a
 * temporary file beside the target, flush and sync it, then rename it.
 */
#ifndef TOURNEY_RUNNER_OUTPUT_H
#define TOURNEY_RUNNER_OUTPUT_H

#include <stdio.h>

#include "error.h"

/* Creates PATH and its missing parents. */
int tourney_mkdir_p(const char *path, struct error *err);

/* Writes DIR/NAME through WRITE (which returns 0 on success) atomically, as
 * tourney_out_dir_write does (out_dir.h): never through a link. */
int tourney_write_atomic(const char *dir, const char *name,
                         int (*write)(const void *context, FILE *out), const void *context,
                         struct error *err);

#endif /* TOURNEY_RUNNER_OUTPUT_H */
