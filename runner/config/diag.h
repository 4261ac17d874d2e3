/*
 * diag.h - a list of "file:line: message" diagnostics, collected so that a
 * user sees every mistake in a config at once rather than one per run.
 */
#ifndef TOURNEY_RUNNER_DIAG_H
#define TOURNEY_RUNNER_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct diagnostics {
    char **items;
    size_t count;
    size_t capacity;
    bool out_of_memory; /* a message could not be stored; count is a floor */
};

void tourney_diag_init(struct diagnostics *diag);
void tourney_diag_finish(struct diagnostics *diag);

/* Adds "FILE:LINE: message" (or "FILE: message" when line <= 0). */
void tourney_diag_add(struct diagnostics *diag, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

bool tourney_diag_any(const struct diagnostics *diag);
void tourney_diag_print(const struct diagnostics *diag, FILE *out);

#endif /* TOURNEY_RUNNER_DIAG_H */
