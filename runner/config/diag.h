/*
 * diag.h - a list of "file:line: message" diagnostics, collected so that a
 * user sees every mistake in a config at once rather than one per run.
 */
#ifndef TOURNEY_RUNNER_DIAG_H
#define TOURNEY_RUNNER_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "warning.h"

struct diagnostics {
    char **items;
    size_t count;
    size_t capacity;
    bool out_of_memory; /* a message could not be stored; count is a floor */
    char **places;      /* the names of lines from TOURNEY_DIAG_FIRST_PLACE on */
    size_t place_count;
};

/* Lines from here on are no lines of a file but places named by
 * tourney_diag_place, such as a command-line option that sets a value of the
 * config ("--set tournament.seed=x"): a diagnostic at one reads "NAME:
 * message". No file read has this many lines. */
#define TOURNEY_DIAG_FIRST_PLACE 1000000000

void tourney_diag_init(struct diagnostics *diag);
void tourney_diag_finish(struct diagnostics *diag);

/* Adds "FILE:LINE: message" (or "FILE: message" when line <= 0). */
void tourney_diag_add(struct diagnostics *diag, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A line number that stands for NAME (copied) in diagnostics; 0 (no line)
 * when out of memory. */
int tourney_diag_place(struct diagnostics *diag, const char *name);
/* Whether LINE stands for a place rather than a line of a file. */
bool tourney_diag_is_place(int line);

bool tourney_diag_any(const struct diagnostics *diag);

/* Hands each diagnostic to LINES, then, when memory ran out while they
 * were collected, a line that says more may exist; main prints each as a
 * line of its own, escaped for the terminal (text_escape.h), since an
 * error may quote a plugin's or a program's words. */
void tourney_diag_say(const struct diagnostics *diag, const struct warnings *lines);

#endif /* TOURNEY_RUNNER_DIAG_H */
